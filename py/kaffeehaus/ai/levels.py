"""The playing levels, from a careless casual player to the expert.

* `random` — any legal action: the page's fallback if a level is ever refused, and the
  floor of the benches' ladder.
* `easy` — the rule-based `heuristic` player, but it forgets: it remembers only the cards of
  the last trick (and the cards still shown), so it miscounts trumps and masters, and in
  15% of its real choices it plays a careless card.
* `medium` — the heuristic with a perfect memory of the cards, and an exact end: in
  Schnapsen Phase 2 (talon closed or exhausted) and Schneider's last 4 tricks it solves 4
  sampled layouts with alpha-beta.
* `hard` — the heuristic until the talon is down to 4 cards (Schnapsen) / the stock is empty
  (Schneider), then PIMC with 16 layouts solved exactly (closing decisions included).
* `expert` — PIMC everywhere with 40 layouts: heuristic rollouts to an exact endgame at a
  talon of 2 before that, exact from a talon of 4 (24 layouts) and for Schneider's last 6
  tricks; successive halving; the match situation in the utility (Bummerl countdown,
  Schneider target or session); Schnapsen layouts weighted by the opponent's passed-up
  marriages and exchanges (`inference.Inference`); at most ~450k solver nodes a decision.
  In `schneider-neighbour` it plays the rule-based choice until the stock is empty
  (`NEIGHBOUR_SEARCH_STOCK`), and searches exactly from there.

Every level claims at once when the claim is correct and never makes a false claim.

Why one unit of about 300 lines: the levels, the match-situation utility they search with,
and the ranking of hints share the same configurations and the same choice of the best action.
"""

import random
import time

from . import heuristic, pimc
from .determinize import Info
from .inference import INFER

LEVELS = ("random", "easy", "medium", "hard", "expert")

EXPERT = dict(samples=40, exact_stock=4, rollout_stock=2, exact_samples=24, first_round=12,
              deep_from=6, deep_samples=20, infer=INFER, node_budget=450_000)
# `schneider-neighbour`: the expert searches only once the stock is down to this many cards
# (then every card is known: the search is exact); before, it plays the rule-based player's
# own choice (`heuristic.Neighbour`): the search over that play's rollouts measured weaker
# than the play itself (the history of bench/RESULTS.md, 2026-12-02)
NEIGHBOUR_SEARCH_STOCK = 0
HARD = dict(samples=16, exact_stock=4)
MEDIUM_ENDGAME = dict(samples=4, exact_stock=0)
EASY_SLIPS = 0.15        # share of real choices where `easy` plays a random (legal) card


def forced_action(obs):
    """An action that needs no thought: the only legal one, or a correct claim."""
    legal = obs["legal_actions"]
    if obs["claim_wins"]:
        return "claim"
    choices = [a for a in legal if a != "claim"]
    if len(choices) == 1:
        return choices[0]
    if "exchange" in legal:
        return "exchange"          # SS-6: the indicator is never worse than the trump jack
    # SV-3: a marriage that wins is announced, then claimed at once (the best one if several)
    wins = [a for a, win in obs["marriage_claim_wins"].items() if win]
    if wins:
        return max(wins, key=lambda a: (obs["marriage_points"][a], a))
    return None


def rule_based(obs):
    """The rule-based player with a perfect memory and no search (what `medium` and `hard`
    play before their exact end; the benches' and tests' yardstick): forced actions first."""
    return forced_action(obs) or heuristic_action(obs)


def heuristic_action(obs, memory=None, style=heuristic.BASE):
    """The heuristic player's action; `memory` = number of last tricks remembered (None: all);
    `style` its Schnapsen constants."""
    info = Info(obs)
    pos = info.position(info.known_opp, [])
    unseen = 0
    for c in info.unknown:
        unseen |= 1 << c
    unseen |= info.known_opp
    if memory is not None:
        hist = obs["history"]
        forgotten = hist[:max(0, len(hist) - memory)]
        for trick in forgotten:
            for _, card in trick["cards"]:
                unseen |= 1 << info.t.index[card]
        unseen &= ~info.hand
    # the position's stock only serves the rules checks the heuristic makes (talon open,
    # close allowed): give it the right length with the indicator last
    fill = [c for c in info.unknown][:max(0, info.stock_slots)]
    pos.stock = fill + ([info.trump_card] if info.trump_card >= 0 else [])
    action = heuristic.choose(pos, obs["player"], unseen, style)
    if action not in obs["legal_actions"]:          # defensive: never return an illegal action
        action = sorted(obs["legal_actions"])[0]
    return action


def _config(params, iterations):
    params = dict(params)
    if iterations is not None:
        n = max(1, int(iterations))
        params["samples"] = params["exact_samples"] = n
        if "deep_samples" in params:
            params["deep_samples"] = n
    return pimc.Config(**params)


def choose(obs, level, seed=0, budget_ms=None, iterations=None):
    """The action of `level` for this observation. `iterations` overrides the number of
    sampled layouts (tests use small fixed budgets); `budget_ms` caps the thinking time."""
    legal = obs["legal_actions"]
    if level == "random":
        return random.Random(f"random-player:{seed}:{len(obs.get('actions', []))}").choice(legal)
    forced = forced_action(obs)
    if forced is not None:
        return forced
    deadline = None
    if budget_ms is not None:
        deadline = time.perf_counter() + max(0.0, budget_ms / 1000.0) * 0.8
    if level == "easy":
        return easy_action(obs, seed)
    if level == "medium":
        if not _medium_exact(obs):
            return heuristic_action(obs)
        return pimc_best(obs, _config(MEDIUM_ENDGAME, iterations), seed, None, deadline)
    if level == "hard":
        if not _small(obs, HARD["exact_stock"]):
            return heuristic_action(obs)
        return pimc_best(obs, _config(HARD, iterations), seed, None, deadline)
    if level == "expert":
        if not _expert_searches(obs):
            return heuristic_action(obs)
        return pimc_best(obs, _config(EXPERT, iterations), seed, match_utility(obs), deadline)
    raise ValueError(f"unknown AI level {level!r}; available: {', '.join(LEVELS)}")


def easy_action(obs, seed):
    """A casual player: the heuristic remembering only the last trick, and now and then
    (EASY_SLIPS of the real choices) a careless card. Never a false claim, never a missed
    claim, always the trump-jack exchange (these come first, in `forced_action`)."""
    rng = random.Random(f"easy:{seed}:{len(obs['actions'])}")
    if rng.random() < EASY_SLIPS:
        cards = sorted(a for a in obs["legal_actions"] if len(a) == 2)
        if cards:
            return rng.choice(cards)
    return heuristic_action(obs, memory=1)


def _medium_exact(obs):
    """`medium` searches only the very end: Schnapsen Phase 2 (talon closed or exhausted),
    Schneider's last 4 tricks."""
    if obs["game"] == "schnapsen":
        return obs["closed"] or obs["stock_size"] == 0
    return obs["stock_size"] == 0 and len(obs["hand"]) <= 4


def _expert_searches(obs):
    return obs["profile"] != "schneider-neighbour" or obs["stock_size"] <= NEIGHBOUR_SEARCH_STOCK


def _small(obs, exact_stock):
    if obs["game"] == "schnapsen":
        return obs["closed"] or obs["stock_size"] <= exact_stock
    return obs["stock_size"] == 0


def pimc_best(obs, config, seed, utility, deadline):
    """PIMC's best action (`utility`: None for signed game points, or the match's)."""
    values, _ = pimc.evaluate(obs, config, seed=seed, utility=utility, deadline=deadline,
                              prune=True)
    return best_of(values)


_TIE_ORDER = {"claim": 0, "exchange": 1, "marry": 2, "close": 4}


def best_of(values):
    """The best action; near-ties go to exchange, then marriages, then cards, then close,
    then a fixed order of the strings (deterministic, independent of the hidden cards)."""
    def key(a):
        return (round(values[a], 9), -_TIE_ORDER.get(a.split(":")[0], 3), a)
    return max(values, key=key)


# --- the match situation -------------------------------------------------------------------------

# A rough model of one deal's outcome between equal players: each wins half the deals, with
# 1, 2 or 3 game points in these proportions (Schnapsen), or 1/2/3 or a draw (Schneider).
_SCHNAPSEN_GP = ((1, 0.55), (2, 0.30), (3, 0.15))
_SCHNEIDER_GP = ((1, 0.70), (2, 0.25), (3, 0.05))
_SCHNEIDER_DRAW = 0.12


def _race(a, b, gp_dist, draw):
    """P(the player needing `a` more game points reaches it before the one needing `b`)."""
    memo = {}

    def f(x, y):
        if x <= 0:
            return 1.0
        if y <= 0:
            return 0.0
        key = (x, y)
        if key not in memo:
            win = sum(pr * f(x - g, y) for g, pr in gp_dist)
            lose = sum(pr * f(x, y - g) for g, pr in gp_dist)
            memo[key] = (0.5 * win + 0.5 * lose)   # draws repeat the state: they cancel out
        return memo[key]
    return f(a, b)


def _session(diff, deals_left):
    """P(win) + P(draw)/2 of a Schneider-neighbour session, `diff` = my lead in game points."""
    dist = {diff: 1.0}
    for _ in range(deals_left):
        nxt = {}
        for d, pr in dist.items():
            nxt[d] = nxt.get(d, 0) + pr * _SCHNEIDER_DRAW
            for g, pg in _SCHNEIDER_GP:
                q = pr * (1 - _SCHNEIDER_DRAW) * 0.5 * pg
                nxt[d + g] = nxt.get(d + g, 0) + q
                nxt[d - g] = nxt.get(d - g, 0) + q
        dist = nxt
    return sum(pr * (1.0 if d > 0 else 0.5 if d == 0 else 0.0) for d, pr in dist.items())


def match_utility(obs):
    """A utility of deal results that values the match situation, or None (game points)."""
    m = obs.get("match")
    if not m or m.get("over"):
        return None
    me = obs["player"]
    if obs["game"] == "schnapsen":
        need = list(m["scores"])           # countdown to 0
        if "bummerls" in m and m.get("bummerls_needed", 1) > 1:
            return None                    # rubber: keep plain game points
        table = {}

        def u(result):
            w, g = result[0], result[1]
            n = need[:]
            n[w] -= g
            key = tuple(n)
            if key not in table:
                table[key] = _race(n[me], n[1 - me], _SCHNAPSEN_GP, 0.0)
            return 6.0 * table[key]
        return u
    if m.get("session_deals"):            # SN-13: a session of so many deals
        left = m["session_deals"] - m["deals_played"] - 1
        scores = m["scores"]

        def u(result):
            w, g = result[0], result[1]
            s = list(scores)
            if w is not None:
                s[w] += g
            return 6.0 * _session(s[me] - s[1 - me], max(0, left))
        return u
    if obs["options"].get("cumulative"):
        return None
    target = m["target"]
    scores = m["scores"]
    cache = {}

    def u(result):
        w, g = result[0], result[1]
        s = list(scores)
        if w is not None:
            s[w] += g
        key = tuple(s)
        if key not in cache:
            cache[key] = _race(target - s[me], target - s[1 - me], _SCHNEIDER_GP, _SCHNEIDER_DRAW)
        return 6.0 * cache[key]
    return u


def rank(obs, seed=0, budget_ms=None, iterations=None):
    """Every legal action with the expert's estimated value (expected signed game points of
    the deal for this seat), best first. A false claim is valued by its exact result."""
    legal = sorted(obs["legal_actions"])
    if legal == ["next"]:
        return [{"action": "next", "value": 0.0}]
    deadline = None
    if budget_ms is not None:
        deadline = time.perf_counter() + budget_ms / 1000.0
    if len(legal) == 1:
        values = {legal[0]: 0.0}
        vals, _ = pimc.evaluate(obs, pimc.Config(samples=4, exact_stock=EXPERT["exact_stock"]),
                                seed=seed, actions=legal, deadline=deadline)
        values.update(vals)
    else:
        values, _ = pimc.evaluate(obs, _config(EXPERT, iterations), seed=seed, actions=legal,
                                  deadline=deadline)
    out = [{"action": a, "value": round(values[a], 3)} for a in legal]
    out.sort(key=lambda e: -e["value"])
    return out


__all__ = ["LEVELS", "choose", "rank", "match_utility", "forced_action", "rule_based",
           "heuristic_action", "pimc_best", "best_of"]
