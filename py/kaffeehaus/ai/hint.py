"""Hints: every legal action of the seat, ranked best first by the expert's estimate.

The value is the expected signed game points of the deal for this seat (positive: the seat
is expected to win that many game points), estimated exactly like the expert's own decision
(PIMC over sampled layouts with an exact endgame). A false claim is listed with its exact,
losing value. Deterministic for a given observation (fixed seed and sample count). In
`schneider-neighbour` before the stock is empty the expert itself plays the rule-based choice
(`levels.NEIGHBOUR_SEARCH_STOCK`), which the ranking may place below another action (docs/AI.md).
"""

from . import levels


def rank_actions(observation, *, seed=0, budget_ms=None, iterations=None):
    return levels.rank(observation, seed=seed, budget_ms=budget_ms, iterations=iterations)
