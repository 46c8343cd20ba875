"""What the page asks of the engine, in one run: the workload that finds the standard library
the page needs (tools/stdlib_trace.py runs it inside Pyodide, once with Pyodide's whole stdlib
to trace the imports and once with the trimmed one to check it).

Every command of the page (web/engine-client.js COMMANDS) goes through the worker's own glue
(`_kh_call`, taken from web/engine-worker.js), as JSON text, the way the page sends it:

- a whole game (the match, to its end) of every profile against the computer, each profile at
  another level, the player choosing a seeded random legal action (a claim when it wins);
- the review of a deal (one `hint` per move of the seat, as web/review.js does);
- pass and play (`play` with no opponent, `observation` for the other seat);
- a duel: invitation, join, both parties to the end of a deal; a new one left at once;
- share links, a replay link, the deal of the day, a saved game read back, the rules of
  every profile, and refusals (an illegal move, bad arguments, a nesting too deep): the error
  path formats a traceback, which imports modules of its own.

Runs under CPython too (`python3 tools/game_workload.py`: the engine from py/), for timing."""
from __future__ import annotations

import json
import random
import re

# Only json, random and re at the top: inside Pyodide whatever this module imports counts as
# imported by the page (the engine imports these three anyway).
# The Python the worker runs besides its glue and micropip (web/engine-boot.js): keep the two in
# step.
BOOT_PYTHON = "import site; site.getsitepackages()[0]\nimport random; random.seed()\n"
# Levels the computer plays at in the whole games, one profile after the other (the page
# offers all of them but `random`).
LEVELS = ("expert", "hard", "medium", "easy", "random")
# The computer's time per decision: the page gives 3 s; the workload needs the code paths,
# not the strength (a budget still runs the budgeted path).
BUDGET_MS = 25
MAX_TURNS = 2000


def worker_glue(worker_js=None) -> str:
    """The Python the worker runs once booted (the GLUE constant of web/engine-worker.js)."""
    from pathlib import Path
    worker_js = Path(worker_js or Path(__file__).resolve().parents[1] / "web" / "engine-worker.js")
    text = worker_js.read_text(encoding="utf-8")
    m = re.search(r"const GLUE = `(.*?)`;", text, re.S)
    if not m:
        raise SystemExit(f"{worker_js}: no `const GLUE = `...`;` found")
    if "\\" in m.group(1) or "${" in m.group(1):   # a template literal's escapes would differ
        raise SystemExit(f"{worker_js}: GLUE has a backslash or ${{: extract it by evaluating it")
    return m.group(1)


class EngineRefused(Exception):
    """The engine's answer was an error (as the page would get it)."""

    def __init__(self, error: dict):
        super().__init__(f"{error.get('type')}: {error.get('message')}")
        self.error = error


def caller(kh_call):
    """call(cmd, args) -> result, through the glue's _kh_call (JSON text both ways)."""
    def call(cmd, args=None, steps=None):
        post = (lambda text: steps.append(json.loads(text))) if steps is not None else None
        answer = json.loads(kh_call(cmd, json.dumps(args if args is not None else {}), post)
                            if post else kh_call(cmd, json.dumps(args if args is not None else {})))
        if "error" in answer:
            raise EngineRefused(answer["error"])
        return answer["result"]
    return call


def choose(observation: dict, rng: random.Random) -> str:
    legal = observation["legal_actions"]
    if observation.get("claim_wins") and "claim" in legal:
        return "claim"
    return rng.choice([a for a in legal if a != "claim"] or legal)


def whole_game(call, profile: str, level: str, seed: int) -> int:
    """A match of `profile` against the computer at `level`, to its end; returns the turns."""
    rng = random.Random(seed)
    state = call("new_match", {"profile": profile, "seed": seed})
    opponent = {"level": level, "seed": seed, "budget_ms": BUDGET_MS}
    turn = call("computer_turn", {"state": state, "seat": 0, **{k: v for k, v in opponent.items() if k != "seed"}})
    state, obs = turn["state"], turn["observation"]
    for n in range(MAX_TURNS):
        if obs["match"] and obs["match"].get("over"):
            return n
        if not obs["legal_actions"]:
            raise SystemExit(f"{profile}: no legal action for the player and the game not over")
        steps: list = []
        turn = call("play", {"state": state, "action": choose(obs, rng), "seat": 0,
                             "opponent": opponent}, steps=steps)
        state, obs = turn["state"], turn["observation"]
    raise SystemExit(f"{profile}: the game did not end in {MAX_TURNS} turns")


def review(call, profile: str, seed: int) -> int:
    """A deal played by both seats at `medium`, then reviewed: one hint per move of seat 0."""
    rng = random.Random(seed)
    state = call("new_deal", {"profile": profile, "seed": seed})
    hints = 0
    seat_obs = [call("observation", {"state": state, "player": s}) for s in (0, 1)]
    for _ in range(MAX_TURNS):
        mover = next((s for s in (0, 1) if seat_obs[s]["legal_actions"]
                      and seat_obs[s]["to_move"] == s), None)
        if mover is None:
            break
        if mover == 0:
            hint = call("hint", {"state": state, "seat": 0})
            hints += 1
            action = hint["ranked"][0]["action"]
        else:
            action = choose(seat_obs[1], rng)
        turn = call("play", {"state": state, "action": action, "seat": mover})   # pass and play
        state = turn["state"]
        seat_obs = [turn["observation"] if s == mover else
                    call("observation", {"state": state, "player": s}) for s in (0, 1)]
    return hints


def duel(call, profile: str, seed: int) -> int:
    """Two parties through one deal (invitation, join, the shuffle, the play, the reveal),
    as web/duel/ passes the codes between two devices; then one of them stops."""
    rng = random.Random(seed)
    out = call("duel_new", {"profile": profile, "match": False})
    parties = [out["party"], None]
    inbox: list[list[str]] = [[], list(out["codes"])]
    joined = call("duel_join", {"invitation": inbox[1].pop(0)})
    parties[1] = joined["party"]
    inbox[0] += joined["codes"]
    moves = 0
    for _ in range(MAX_TURNS):
        seat = 0 if inbox[0] else 1 if inbox[1] else None
        if seat is not None:
            out = call("duel_receive", {"party": parties[seat], "message": inbox[seat].pop(0)})
        else:
            views = [call("duel_observation", {"party": parties[s]}) for s in (0, 1)]
            movers = [s for s in (0, 1) if views[s]["status"]["phase"] == "your_turn"]
            if not movers:
                break
            seat = movers[0]
            out = call("duel_act", {"party": parties[seat],
                                    "action": choose(views[seat]["observation"], rng)})
            moves += 1
        parties[seat] = out["party"]
        inbox[1 - seat] += out["codes"]
    status = call("duel_observation", {"party": parties[0]})["status"]
    if status["phase"] != "over":
        raise SystemExit(f"duel: the deal did not end ({status['phase']})")
    fresh = call("duel_new", {"profile": profile})          # a match, left before its shuffle
    call("duel_stop", {"party": fresh["party"], "who": "me"})
    return moves


def odds_and_ends(call) -> None:
    """Links, the deal of the day, a saved game read back, the rules, and refusals."""
    profiles = call("profiles")
    for p in profiles:
        call("rules", {"profile": p["id"]})
        call("deal_of_the_day", {"profile": p["id"], "date": "2026-12-07"})
    state = call("new_deal", {"profile": "schnapsen", "seed": 7})
    turn = call("computer_turn", {"state": state, "seat": 1, "level": "medium", "seed": 1})
    for with_actions in (True, False):
        token = call("share_link", {"state": turn["state"], "with_actions": with_actions})
        call("open_link", {"token": token})
    call("from_json", {"text": json.dumps(turn["state"])})
    refusals = [
        ("play", {"state": turn["state"], "action": "not-an-action", "seat": 0}),
        ("play", {"state": turn["state"], "seat": 0}),
        ("open_link", {"token": "!!not-a-link"}),
        ("from_json", {"text": "[" * 5000}),
        ("new_match", {"profile": "no-such-game"}),
        ("duel_receive", {"party": {}, "message": "khd1.not-a-code"}),
    ]
    for cmd, args in refusals:
        try:
            call(cmd, args)
        except EngineRefused as e:
            if not e.error.get("invalid"):
                raise SystemExit(f"{cmd}: refused, but not as bad input: {e}")
        else:
            raise SystemExit(f"{cmd}: bad input accepted")


def run(kh_call, log=print) -> dict:
    """The whole workload through `kh_call` (the glue's _kh_call); returns a few counts."""
    call = caller(kh_call)
    counts = {}
    profiles = [p["id"] for p in call("profiles")]
    for i, profile in enumerate(profiles):
        level = LEVELS[i % len(LEVELS)]
        counts[f"game {profile} {level}"] = whole_game(call, profile, level, seed=100 + i)
        log(f"workload: a whole game of {profile} against {level}: "
            f"{counts[f'game {profile} {level}']} turns")
    games = {p["id"]: p["game"] for p in call("profiles")}
    for profile in {g: p for p, g in reversed(list(games.items()))}.values():
        counts[f"review {profile}"] = review(call, profile, seed=5)
    counts["duel"] = duel(call, "schnapsen", seed=3)
    odds_and_ends(call)
    log(f"workload: {counts}")
    return counts


if __name__ == "__main__":
    import sys
    import time
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    sys.path.insert(0, str(root / "py"))
    namespace: dict = {}
    exec(BOOT_PYTHON, namespace)
    exec(worker_glue(), namespace)
    t0 = time.process_time()
    run(namespace["_kh_call"])
    print(f"{time.process_time() - t0:.1f} CPU seconds (CPython)")
