"""Multiple-observer information-set MCTS for Schnapsen's early decisions (an experiment
against the shipped PIMC expert; it is not in the AI package).

PIMC values each action in one sampled layout at a time, as if every card were seen from
there on: it cannot value what an action tells or hides, nor a choice made without knowing
the opponent's hand. Here, while the talon holds 6 cards or more, the seat searches a tree per
seat (Cowling, Powley & Whitehouse 2012, MO-ISMCTS): each iteration draws one layout
consistent with the observation (the shipped sampler and its reading of the opponent's play),
walks both trees in step, and each seat chooses at a node of its own tree, which is keyed only
by what that seat sees (the public actions and its own draws), so neither seat's choices in the
tree depend on the other's hidden cards. Selection is UCB1 over the actions legal in the
layout, counted by how often each was available (the subset-armed bandit of ISMCTS). Below the
tree both seats play the shipped rule-based player (each seeing only its own hand), as the
expert's rollouts do, down to a talon of 2, where the exact solver values the layout.

Every later decision (the talon at 4 or less, or closed) is the shipped expert's.
"""
from __future__ import annotations

import math
import pathlib
import random
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "py"))  # run as a script too
from kaffeehaus.ai import heuristic, levels, pimc  # noqa: E402
from kaffeehaus.ai.determinize import Info  # noqa: E402
from kaffeehaus.ai.inference import INFER  # noqa: E402
from kaffeehaus.ai.solver import Solver  # noqa: E402

ITERATIONS = 400        # about the leaf evaluations of one PIMC decision at a talon of 8
EXPLORE = 1.5           # UCB1's constant, in game points (a deal is worth -3..+3)
LEAF_STOCK = 2          # exact from here, as the expert's rollouts


def applies(obs):
    """A Schnapsen decision with the talon open at 6 cards or more (not `sevens`, whose
    6-card hands the expert itself treats apart)."""
    return (obs["game"] == "schnapsen" and not obs["closed"] and obs["stock_size"] >= 6
            and not obs["options"].get("sevens"))


class Node:
    """A node of one seat's tree: `stats[action]` = [visits, total reward for the seat that
    acts here, times available]; `kids[(action, cards the owner drew)]` the next nodes."""

    __slots__ = ("stats", "kids")

    def __init__(self):
        self.stats = {}
        self.kids = {}


def choose(obs, seed=0, iterations=ITERATIONS):
    """The seat's action: the root action visited most (then the best mean, then the order
    of the strings)."""
    stats = search(obs, seed, iterations)
    return max(stats, key=lambda a: (stats[a][0], stats[a][1] / max(1, stats[a][0]),
                                     [-ord(ch) for ch in a]))


def search(obs, seed=0, iterations=ITERATIONS):
    """{root action: [visits, total value for the seat]} after `iterations` iterations; a
    function of the observation and the seed only."""
    info = Info(obs, INFER)
    me = obs["player"]
    # one solver for every leaf: its table is keyed by the whole position, layout included
    solver = Solver(me, levels.match_utility(obs), tiebreak=False)
    rng = random.Random(f"ismcts:{seed}:{len(obs['actions'])}:{obs['profile']}")
    roots = [Node(), Node()]
    actions = pimc.candidate_actions(obs)
    for _ in range(iterations):
        opp, stock = info.sample(rng)
        _iterate(info.position(opp, stock), roots, me, actions, solver, rng)
    stats = roots[me].stats
    return {a: stats[a][:2] if a in stats else [0, 0.0] for a in actions}


def tree_actions(pos):
    """The actions of the seat to move, with the solver's model of a sensible player: a
    correct claim at once, never a false one, the trump jack exchanged whenever allowed."""
    p = pos.to_move()
    acts = pos.legal_actions()
    if "claim" in acts:
        if pos.eff(p) >= pos.t.win_points:
            return ["claim"]
        acts.remove("claim")
    if "exchange" in acts:
        return ["exchange"]
    return acts


def _iterate(pos, roots, me, root_actions, solver, rng):
    nodes = list(roots)
    path = []                       # (node, action, seat that chose it)
    expanded = False
    acts = root_actions
    while pos.result is None and not pimc.is_exact(pos, LEAF_STOCK):
        if acts is None:
            acts = tree_actions(pos)
        p = pos.to_move()
        if len(acts) == 1:
            a = acts[0]
        elif expanded:
            break                   # one new node per iteration; the rollout takes over
        else:
            node = nodes[p]
            a, expanded = _select(node, acts, rng)
            path.append((node, a, p))
        before = pos.hands[:]
        pos.apply(a)
        # each tree follows what its owner sees: the action and its own drawn card
        for q in (0, 1):
            key = (a, pos.hands[q] & ~before[q])
            kid = nodes[q].kids.get(key)
            if kid is None:
                kid = nodes[q].kids[key] = Node()
            nodes[q] = kid
        acts = None
    value = pimc.value_after(pos, me, solver, LEAF_STOCK)
    for node, a, p in path:
        s = node.stats[a]
        s[0] += 1
        s[1] += value if p == me else -value


def _select(node, acts, rng):
    """(action, whether it is tried for the first time): an untried one at random, else the
    best UCB1 score, with each action's availability in place of its parent's visits."""
    stats = node.stats
    untried = []
    for a in acts:
        s = stats.get(a)
        if s is None:
            s = stats[a] = [0, 0.0, 0]
        s[2] += 1
        if s[0] == 0:
            untried.append(a)
    if untried:
        return rng.choice(untried), True
    best, best_score = None, -math.inf
    for a in acts:
        n, total, avail = stats[a]
        score = total / n + EXPLORE * math.sqrt(math.log(avail) / n)
        if score > best_score:
            best, best_score = a, score
    return best, False


def _rate(decisions, iterations):
    """Iterations per CPU second over the first `decisions` talon-6+ decisions of rule-based
    deals: what an MCTS of 100k iterations a move would cost in pure Python."""
    import time
    from kaffeehaus import api
    found = []
    deal = 0
    while len(found) < decisions:
        state = api.new_deal("schnapsen", seed=f"rate/{deal}", dealer=deal % 2)
        while api.to_move(state) is not None and len(found) < decisions:
            obs = api.observation(state, api.to_move(state))
            if applies(obs):
                found.append(obs)
            state = api.apply(state, levels.rule_based(obs))
        deal += 1
    start = time.process_time()
    for obs in found:
        search(obs, 1, iterations)
    spent = time.process_time() - start
    rate = decisions * iterations / spent
    print(f"{decisions * iterations} iterations over {decisions} decisions at a talon of 6+: "
          f"{spent:.1f} s CPU, {rate:.0f} iterations/s; 100,000 a move: {100_000 / rate:.0f} s")


if __name__ == "__main__":
    import argparse
    ap = argparse.ArgumentParser(description="the search's speed: python3 bench/ismcts.py --decisions 12 --iterations 2000")
    ap.add_argument("--decisions", type=int, default=12)
    ap.add_argument("--iterations", type=int, default=2000)
    args = ap.parse_args()
    _rate(args.decisions, args.iterations)
