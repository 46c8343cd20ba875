"""Perfect-information Monte Carlo: sample hidden layouts, evaluate every candidate action in
each, average.

Per sample (a layout drawn by `determinize.Info.sample`), each candidate action is applied to
the perfect-information position and the rest of the deal is valued:
* exactly by `solver.Solver` once the position is small enough (Schnapsen: Phase 2, or the
  talon down to `exact_stock` cards; Schneider: the stock down to `exact_stock` cards), or
* before that by a rollout: both seats play `heuristic.choose` (each with only its own
  knowledge of the layout: its hand and the unseen cards) until the position is small enough,
  then the solver finishes it exactly.

The same layouts are used for every action (common random numbers), so the comparison
between actions is far less noisy than the values themselves. When there are no more
consistent layouts than the samples a decision would draw (Schnapsen from a talon of 2 and
after most closes, one layout after the last draw or in Schneider with an empty stock), every
layout is valued once, weighted by its likelihood: the exact expectation, with no layout
solved twice. Samples are drawn from a `random.Random` seeded by the caller's seed and the
public move number, so the choice is a function of (observation, seed, iteration budget)
only; a time limit can only stop the sampling loop early.

Presumed-value correction (after Wisser 2015): plain PIMC assumes the opponent sees our
cards and that we will see theirs. Against that bias, for the opponent's hidden cards we keep
the layouts consistent with their visible choices, for the expert weighted by how likely
those choices are with each layout (see `determinize`), and for our own future
choices we value actions in Phase 1 with the rollout policy, which does not peek at hidden
cards, instead of with perfect-information search; only the endgame, where the remaining
cards are nearly known to both seats, is solved as perfect information.
"""

import random
import time

from . import heuristic
from .determinize import Info
from .solver import Solver


class Config:
    """`samples` layouts; solve exactly when the talon/stock holds at most `exact_stock`
    cards at the decision itself, else roll out to `rollout_stock` cards and solve there."""

    schneider_stock = 0     # Schneider: exact once the stock is empty (the last 6 tricks)

    def __init__(self, samples, exact_stock, rollout_stock=None, exact_samples=None,
                 first_round=10, keep=3, margin=0.35, deep_from=None, deep_samples=None,
                 infer=None, node_budget=None):
        self.samples = samples
        self.infer = infer              # inference.Inference weights, or None (uniform)
        # stop sampling once the exact searches have visited this many nodes (a deterministic
        # cap on the slowest decisions, independent of the machine's load)
        self.node_budget = node_budget
        self.exact_samples = exact_samples or samples   # when the decision itself is exact
        self.exact_stock = exact_stock
        self.rollout_stock = exact_stock if rollout_stock is None else rollout_stock
        self.first_round = first_round
        self.keep = keep
        self.margin = margin
        self.deep_from = deep_from      # from a talon this small, roll out only to exact_stock
        self.deep_samples = deep_samples or self.exact_samples

    def deep(self, obs):
        """Roll out one trick only, then search exactly (not with `sevens`' 6-card hands,
        whose searches are too slow for the time limit)."""
        return (self.deep_from is not None and not obs["closed"] and not obs["options"].get("sevens")
                and obs["stock_size"] <= self.deep_from)

    def samples_for(self, obs):
        if obs["game"] == "schneider":
            return self.exact_samples if obs["stock_size"] <= self.schneider_stock else self.samples
        small = obs["closed"] or obs["stock_size"] <= self.exact_stock
        if small and obs["stock_size"] > 0 and not obs["closed"]:
            return self.exact_samples       # talon of 2-4 open: the costly exact searches
        if self.deep(obs):
            return self.deep_samples        # one rollout trick, then the costly exact search
        return self.samples

    def threshold(self, obs):
        if obs["game"] == "schneider":
            return self.schneider_stock
        if obs["stock_size"] <= self.exact_stock:
            return self.exact_stock
        if self.deep(obs):
            return self.exact_stock
        return self.rollout_stock


def is_exact(pos, exact_stock):
    if pos.game == "schnapsen":
        return pos.closed_by is not None or len(pos.stock) <= exact_stock
    return len(pos.stock) <= exact_stock


def value_after(pos, me, solver, exact_stock):
    """Value for `me` of the deal from `pos` (which may be mid-turn), exact or via rollout
    (both seats play the rule-based player)."""
    while pos.result is None and not is_exact(pos, exact_stock):
        p = pos.to_move()
        action = heuristic.choose(pos, p, heuristic.unseen_for(pos, p))
        pos.apply(action)
    if pos.result is not None:
        return solver.final_value(pos)
    return solver.value(pos)


def candidate_actions(obs):
    """Legal actions worth evaluating: a claim only when it is correct (never a false one)."""
    legal = sorted(obs["legal_actions"])
    if "claim" in legal:
        if obs["claim_wins"]:
            return ["claim"]
        legal.remove("claim")
    return legal


def decision_rng(obs, seed):
    """The random numbers that draw one decision's layouts: a function of the seed, the move
    number and the profile only."""
    return random.Random(f"pimc:{seed}:{len(obs['actions'])}:{obs['profile']}")


def evaluate(obs, config, seed=0, utility=None, actions=None, deadline=None, prune=False):
    """({action: mean value}, layouts used) over the sampled layouts, or over every layout
    (weighted) when there are no more of them than the samples this decision would draw.

    With `prune`, after `config.first_round` samples only the actions whose mean is within
    `config.margin` of the best (at least the best `config.keep`) get the remaining samples
    (successive halving: the time goes to the close contenders); the others keep the mean of
    the first round."""
    info = Info(obs, config.infer)
    me = obs["player"]
    if actions is None:
        actions = candidate_actions(obs)
    rng = decision_rng(obs, seed)
    threshold = config.threshold(obs)
    samples = config.samples_for(obs)
    every = info.layouts(samples)
    if every is not None:
        return _expectation(info, every, actions, me, utility, threshold, rng, deadline)
    totals = {a: 0.0 for a in actions}
    counts = {a: 0 for a in actions}
    live = list(actions)
    used = 0
    nodes = 0
    for i in range(samples):
        if deadline is not None and used >= 2 and time.perf_counter() > deadline:
            break
        if config.node_budget is not None and used >= 2 and nodes > config.node_budget:
            break
        if prune and i == config.first_round and len(live) > config.keep:
            means = sorted(((totals[a] / counts[a], a) for a in live), reverse=True)
            best = means[0][0]
            live = [a for k, (m, a) in enumerate(means) if k < config.keep or m >= best - config.margin]
        opp, stock = info.sample(rng)
        values, cost = _solve_layout(info, opp, stock, live, me, utility, threshold)
        for a, v in zip(live, values):
            totals[a] += v
            counts[a] += 1
        nodes += cost
        used += 1
    return {a: totals[a] / max(1, counts[a]) for a in actions}, used


def _expectation(info, layouts, actions, me, utility, threshold, rng, deadline):
    """({action: mean value weighted by the layouts' likelihood}, layouts used) over every
    consistent layout (few are left: the exact expectation instead of a sample of it)."""
    rng.shuffle(layouts)            # a time limit then stops at a random subset, not a biased one
    totals = {a: 0.0 for a in actions}
    weights = 0.0
    used = 0
    for opp, stock, w in layouts:
        if deadline is not None and used >= 2 and time.perf_counter() > deadline:
            break
        values, _ = _solve_layout(info, opp, stock, actions, me, utility, threshold)
        for a, v in zip(actions, values):
            totals[a] += w * v
        weights += w
        used += 1
    return {a: totals[a] / weights for a in actions}, used


def _solve_layout(info, opp, stock, live, me, utility, threshold):
    """([value of each action of `live`], solver nodes visited) in one layout: a deterministic
    function of its arguments (the rollouts draw no random numbers, the solver is new)."""
    pos = info.position(opp, stock)
    # the honour tie-break only where the deal is played out exactly from here (Schneider's
    # empty stock): in the rollouts' exact ends it would cost time for little
    solver = Solver(me, utility, tiebreak=not pos.stock)
    values = []
    for a in live:
        child = pos.copy()
        child.apply(a)
        values.append(value_after(child, me, solver, threshold))
    return values, solver.nodes
