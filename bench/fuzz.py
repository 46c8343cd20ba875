"""A long fuzz run of the engine's JSON API: every public function of kaffeehaus.api called
with garbage, or with a valid value damaged in one place (a key deleted, a value replaced,
an element duplicated, an integer nudged), or with valid values. Only ValueError (and its
subclasses) with a message of at most 200 characters may come out.

    python3 bench/fuzz.py [--calls 100000] [--seed 1]

Prints the number of calls, the outcomes by exception type (and "ok"), the calls per
function, and any message longer than 200 characters. Exits 1 if anything else than
ValueError escaped. One core; tests/engine/test_fuzz_api.py is the bounded version.

(About 320 lines, one script: most of it is the table of valid, damaged and garbage arguments
for each API function, which reads best in one place.)
"""

import argparse
import collections
import copy
import json
import pathlib
import random
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "py"))

from kaffeehaus import api  # noqa: E402

PROFILES = ["schneider", "schneider-neighbour", "schnapsen", "schnapsen-strict", "bummerl"]
OPTIONS = {"schneider": [{}, {"deck": 24}, {"trump": True, "follow_suit": True}, {"cumulative": True}],
           "schneider-neighbour": [{}], "schnapsen": [{}], "schnapsen-strict": [{}],
           "bummerl": [{}, {"sevens": True}, {"mit40": True, "rubber": 3}]}
LEVELS = ["random", "easy", "medium", "hard", "expert"]   # kaffeehaus.ai.LEVELS
WORDS = ["", "QH", "AS", "7D", "TC", "claim", "next", "marry:H", "marry:Z", "close", "exchange",
         "bummerl", "schnapsen", "expert", "2026-12-01", "0", "[]", "{}", "é", "<script>",
         "kaffeehaus/1", "null"]
GUARD = "the observation is inconsistent: the AI cannot use it"


class Fuzzer:
    def __init__(self, rng):
        self.rng = rng
        self.states = []
        self.tokens = []
        for i in range(60):
            self.add_game(i)
        # duels (docs/PROTOCOL.md): a party of each seat, and an invitation
        from kaffeehaus.duel import Party
        inviter, invitation = Party.new("schnapsen", None, 0)
        joiner = Party.new("bummerl", None, 1)[0]
        self.parties = [inviter.as_json(), joiner.as_json()]
        self.messages = invitation + [{"game": "x", "seq": 0, "prev": "", "from": 0, "body": {}}]

    def add_game(self, i):
        rng = self.rng
        profile = rng.choice(PROFILES)
        options = rng.choice(OPTIONS[profile])
        make = api.new_match if rng.random() < 0.5 else api.new_deal
        state = make(profile, options=options, seed=rng.randrange(10**6))
        for _ in range(rng.randrange(0, 45)):
            legal = api.legal_actions(state)
            if not legal:
                break
            state = api.apply(state, rng.choice([a for a in legal if a != "claim"] or legal))
        self.states.append(state)
        self.tokens.append(api.share_link(state, with_actions=rng.random() < 0.7))

    # --- values --------------------------------------------------------------------------------
    def scalar(self):
        rng = self.rng
        kind = rng.randrange(12)
        if kind == 0:
            return None
        if kind == 1:
            return rng.random() < 0.5
        if kind == 2:
            return rng.randrange(-3, 5)
        if kind == 3:
            return rng.choice([2**31, 2**53, 2**64, -2**63, 10**rng.randrange(20, 6000)])
        if kind == 4:
            return rng.choice([0.5, -1.0, float("nan"), float("inf"), 1e308, 3.0])
        if kind == 5:
            return rng.choice(WORDS)
        if kind == 6:
            return "".join(chr(rng.randrange(32, 0x2FF)) for _ in range(rng.randrange(0, 20)))
        if kind == 7:
            return rng.choice(["x", "AH", "[", "{"]) * rng.choice([100, 5000, 200_000])
        if kind == 8:
            return rng.choice(["QH", "KS", "AC", "JD", "9H", "8S", "7C", "TD"])
        if kind == 9:
            return rng.choice(PROFILES)
        if kind == 10:
            return rng.choice(LEVELS)
        return rng.randrange(-10**6, 10**6)

    def key(self):
        value = self.scalar()
        return value[:20] if isinstance(value, str) else type(value).__name__

    def garbage(self, depth=0):
        rng = self.rng
        roll = rng.random()
        if depth < 3 and roll < 0.15:
            return [self.garbage(depth + 1) for _ in range(rng.randrange(0, 5))]
        if depth < 3 and roll < 0.3:
            return {self.key(): self.garbage(depth + 1) for _ in range(rng.randrange(0, 5))}
        if roll < 0.32:
            nested = []
            for _ in range(rng.choice([50, 2000])):
                nested = [nested]
            return nested
        return self.scalar()

    def damaged(self, value):
        rng = self.rng
        if isinstance(value, str):                        # a token or code: one character
            if not value:
                return self.garbage()
            i = rng.randrange(len(value))
            return value[:i] + rng.choice("AZaz09-_.=") + value[i + 1:]
        value = copy.deepcopy(value)
        node = value
        for _ in range(rng.randrange(0, 5)):
            inner = [k for k in (node if isinstance(node, dict) else range(len(node)))
                     if isinstance(node[k], (dict, list)) and node[k]]
            if not inner or rng.random() < 0.3:
                break
            node = node[rng.choice(inner)]
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            return value
        key = rng.choice(keys)
        how = rng.randrange(5)
        if how == 0:
            del node[key]
        elif how == 1 and isinstance(node, list):
            node.append(copy.deepcopy(node[key]))
        elif how == 2 and type(node[key]) is int:
            node[key] += rng.choice([-1, 1, 2, -40, 1000])
        elif how == 3 and isinstance(node[key], str) and len(node[key]) == 2:
            node[key] = node[key][0] + rng.choice("CDHSX")      # another card, maybe no card
        else:
            node[key] = self.garbage()
        return value

    def pick(self, pool, valid=0.2, damaged=0.6):
        roll = self.rng.random()
        if roll < valid:
            return copy.deepcopy(self.rng.choice(pool))
        if roll < valid + damaged:
            return self.damaged(self.rng.choice(pool))
        return self.garbage()

    def maybe(self, good, p=0.7):
        return good() if self.rng.random() < p else self.garbage()

    # --- calls ---------------------------------------------------------------------------------
    def arguments(self, name):
        """(args, kwargs) for one call of `name`."""
        rng = self.rng
        state = lambda: self.pick(self.states)                      # noqa: E731
        seat = lambda: self.maybe(lambda: rng.randrange(2))          # noqa: E731
        profile = lambda: self.maybe(lambda: rng.choice(PROFILES))   # noqa: E731
        options = lambda: self.maybe(lambda: rng.choice(OPTIONS[rng.choice(PROFILES)]), 0.5)  # noqa: E731
        action = lambda: self.maybe(lambda: rng.choice(WORDS[1:12]), 0.6)  # noqa: E731
        level = lambda: self.maybe(lambda: rng.choice(LEVELS[:4] * 5 + ["expert"]), 0.9)  # noqa: E731
        ai_seed = lambda: self.maybe(lambda: rng.randrange(1000), 0.95)    # noqa: E731
        budget = lambda: self.maybe(lambda: rng.choice([None, None, 30, 30, 0]), 0.95)  # noqa: E731
        args, kwargs = (), {}
        if name == "profiles":
            pass
        elif name == "rules":
            args, kwargs = (profile(),), {"options": options()}
        elif name == "new_deal":
            args = (profile(),)
            for key, make in (("options", options), ("deck", self.garbage), ("dealer", seat),
                              ("seed", lambda: self.maybe(lambda: rng.randrange(10**6)))):
                if rng.random() < 0.4:
                    kwargs[key] = make()
            if rng.random() < 0.2:
                kwargs["deck"] = self.damaged(rng.choice(self.states)["deals"][0]["deck"])
        elif name == "new_match":
            args = (profile(),)
            for key, make in (("options", options), ("seed", self.garbage), ("first_dealer", seat)):
                if rng.random() < 0.4:
                    kwargs[key] = make()
        elif name in ("to_move", "legal_actions", "deal_result", "match_status", "to_json"):
            args = (state(),)
        elif name == "apply":
            args = (state(), action())
        elif name == "observation":
            args = (state(), seat())
        elif name == "from_json":
            roll = rng.random()
            if roll < 0.5:
                try:
                    text = json.dumps(self.pick(self.states, 0.3, 0.7))
                except (RecursionError, ValueError):     # the damage nested too deep to write
                    text = "[" * 5000
                if rng.random() < 0.5:
                    i = rng.randrange(len(text))
                    text = text[:i] + rng.choice('{}[]",:0aQ ') + text[i + 1:]
            elif roll < 0.6:
                text = rng.choice(["[", "{\"a\":", "[1,"]) * rng.choice([100, 10_000, 300_000])
            else:
                text = self.garbage()
            args = (text,)
        elif name == "ai_action":
            args = (state(), seat())
            kwargs = {"level": level(), "seed": ai_seed(), "budget_ms": budget()}
        elif name == "hint":
            args = (state(), seat())
        elif name == "share_link":
            args, kwargs = (state(),), {"with_actions": self.maybe(lambda: rng.random() < 0.5)}
        elif name == "open_link":
            token = rng.choice(self.tokens)
            roll = rng.random()
            if roll < 0.5:
                i = rng.randrange(len(token))
                token = token[:i] + rng.choice("AZaz09-_=+/!") + token[i + 1:]
            elif roll < 0.6:
                token = token[:rng.randrange(len(token))]
            elif roll < 0.8:
                token = self.garbage()
            args = (token,)
        elif name == "deal_of_the_day":
            date = self.maybe(lambda: f"20{rng.randrange(20, 40)}-{rng.randrange(1, 14):02d}-"
                                      f"{rng.randrange(0, 32):02d}")
            args, kwargs = (profile(), date), {"options": options()}
        elif name == "play":
            s = state()
            act = action()
            if isinstance(s, dict) and rng.random() < 0.5:
                try:
                    act = rng.choice(api.legal_actions(s))
                except (ValueError, IndexError):
                    pass
            args = (s, act, seat())
            if rng.random() < 0.6:
                kwargs["opponent"] = self.maybe(lambda: {"level": level(), "seed": ai_seed(),
                                                         "budget_ms": budget()})
        elif name == "computer_turn":
            args = (state(), seat())
            kwargs = {"level": level(), "seed": ai_seed(), "budget_ms": budget()}
        elif name == "duel_new":
            # a valid profile makes a 2048-bit party (about a second): keep those rare
            args = (rng.choice(PROFILES) if rng.random() < 0.02 else self.garbage(),)
            for key, make in (("options", options), ("seat", seat), ("match", self.garbage)):
                if rng.random() < 0.4:
                    kwargs[key] = make()
        elif name == "duel_join":
            args = (self.pick(self.messages + self.tokens),)
        elif name == "duel_receive":
            args = (self.pick(self.parties), self.pick(self.messages + self.tokens))
        elif name == "duel_act":
            args = (self.pick(self.parties), action())
        elif name == "duel_observation":
            args = (self.pick(self.parties),)
        if rng.random() < 0.05:
            kwargs[rng.choice(["bogus", "state", "level", "x" * 300])] = self.garbage()
        if rng.random() < 0.03:
            args = args + (self.garbage(),)
        return args, kwargs


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--calls", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    opts = parser.parse_args()
    rng = random.Random(opts.seed)
    fuzzer = Fuzzer(rng)
    names = [n for n in api.__all__ + api.PYTHON_ONLY if n != "IllegalAction"]
    outcomes = collections.Counter()
    per_function = collections.defaultdict(collections.Counter)
    long_messages = []
    escaped = []
    start = time.perf_counter()
    for n in range(opts.calls):
        name = rng.choice(names)
        args, kwargs = fuzzer.arguments(name)
        try:
            getattr(api, name)(*args, **kwargs)
            outcome = "ok"
        except ValueError as exc:
            text = str(exc)
            outcome = type(exc).__name__ + (" (AI guard)" if text.startswith(GUARD) else "")
            if len(text) > 200:
                long_messages.append((name, len(text), text[:120]))
        except Exception as exc:          # noqa: BLE001 - this is what the run looks for
            outcome = "NOT ValueError: " + type(exc).__name__
            escaped.append((name, type(exc).__name__, str(exc)[:160]))
        outcomes[outcome] += 1
        per_function[name][outcome] += 1
        if n % 5000 == 4999:
            fuzzer.add_game(n)
            print(f"  {n + 1} calls, {time.perf_counter() - start:.0f} s", file=sys.stderr)
    elapsed = time.perf_counter() - start
    print(f"{opts.calls} calls in {elapsed:.0f} s (seed {opts.seed}, Python {sys.version.split()[0]})")
    print("outcomes:")
    for outcome, count in outcomes.most_common():
        print(f"  {outcome:40} {count:7}")
    print("per function (ok / errors):")
    for name in names:
        c = per_function[name]
        ok = c["ok"]
        print(f"  {name:16} {sum(c.values()):6} calls  {ok:6} ok  {sum(c.values()) - ok:6} ValueError")
    print(f"messages over 200 characters: {len(long_messages)}")
    for item in long_messages[:10]:
        print("  ", item)
    print(f"other exceptions: {len(escaped)}")
    for item in escaped[:20]:
        print("  ", item)
    return 1 if escaped or long_messages else 0


if __name__ == "__main__":
    sys.exit(main())
