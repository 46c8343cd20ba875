"""Presumed replies at a Schnapsen lead with the talon open (an experiment against PIMC's
clairvoyant opponent).

Plain PIMC values the seat's lead in each sampled layout by the exact search, in which the
opponent answers knowing the seat's other cards and the talon's order: the best defence. A
real opponent answers on what it knows: its own hand, the lead and the cards seen. Here, for
the few leads PIMC rates best, the opponent's answer in each layout is the one that is best
for it on average over layouts *it* cannot tell apart (the seat's other cards and the talon's
hidden cards dealt again from what the opponent has not seen; `belief` of them, fixed seeds),
each solved exactly; the lead's value in the layout is then the exact value of that answer.
(After the answer both sides are still searched as seeing every card.) This is the idea of
presumed-payoff PIMC (Wisser, IJCAI 2015) for the opponent's first answer.

The other actions (close, marriage, exchange) keep their PIMC values, and the presumed values
only choose among the top card leads when PIMC's own best action is a card lead: a presumed
value is never below the plain one (the opponent can only do worse than the best defence), so
it is compared with other presumed values only.

Measured against the shipped expert (variant `expert-presume`, bench/RESULTS.md, 2026-12-07): no
gain over 1,000 duplicate deals against `hard`, for 1.7 times the p99 decision time; so it is
not in the AI package.
"""
from __future__ import annotations

import itertools
import random

from kaffeehaus.ai import levels, model, pimc
from kaffeehaus.ai.determinize import Info
from kaffeehaus.ai.solver import Solver

from lookahead import decision_layouts


def applies(obs):
    """A lead of the seat in Schnapsen with the talon open at 4 or 2 cards."""
    return (obs["game"] == "schnapsen" and not obs["closed"] and 0 < obs["stock_size"] <= 4
            and not obs["trick"] and obs["pending_marriage"] is None)


def choose(obs, seed, top=3, belief=4):
    """The seat's action: PIMC's, or among PIMC's `top` card leads the best presumed one."""
    config = pimc.Config(**levels.EXPERT)
    utility = levels.match_utility(obs)
    plain, _ = pimc.evaluate(obs, config, seed=seed, utility=utility, prune=True)
    best = levels.best_of(plain)
    info = Info(obs, config.infer)
    t = info.t
    if best not in t.index:
        return best
    leads = sorted((a for a in plain if a in t.index), key=lambda a: -plain[a])[:top]
    return levels.best_of(presumed_values(obs, info, leads, config, seed, utility, belief))


def presumed_values(obs, info, leads, config, seed, utility, belief):
    """{lead: mean over the layouts of the exact value after the opponent's presumed answer}."""
    me, opp = info.me, info.opp
    t = info.t
    answers = {}                    # (lead, opponent's hand) -> its presumed answer
    shown = _shown_to_opponent(obs, info)
    totals = {a: 0.0 for a in leads}
    weights = 0.0
    for opp_mask, stock, w in decision_layouts(info, config, obs, seed):
        pos = info.position(opp_mask, stock)
        solver = Solver(me, utility)
        for a in leads:
            child = pos.copy()
            child.apply(a)
            key = (a, opp_mask)
            if key not in answers:
                answers[key] = _presumed_answer(child, me, opp, utility, belief, shown,
                                                f"presume:{seed}:{a}:{opp_mask}")
            child.apply(t.names[answers[key]])
            totals[a] += w * solver.value(child)
        weights += w
    return {a: v / weights for a, v in totals.items()}


def _shown_to_opponent(obs, info):
    """The seat's cards the opponent has seen: both halves of a marriage it announced. (An
    indicator the seat took in exchange is not among them: its observation does not say
    which card that was, so the opponent's layouts may deal it elsewhere.)"""
    t = info.t
    shown = 0
    for m in obs["marriages"]:
        if m["player"] == info.me:
            s = "CDHS".index(m["suit"])
            shown |= (1 << s * t.suit_size + t.king_rank) | (1 << s * t.suit_size + t.queen_rank)
    return shown & info.hand


def _presumed_answer(pos, me, opp, utility, belief, shown, seed):
    """The opponent's answer to the lead in `pos` that leaves the seat the least on average
    over `belief` layouts of what the opponent cannot see (the seat's other cards but those
    it was shown, and the talon's hidden ones), each solved exactly."""
    t = pos.t
    hidden_stock = len(pos.stock) - 1
    fixed = pos.hands[me] & shown
    free = pos.hands[me] & ~fixed
    unseen = [c for c in range(t.n) if free >> c & 1 or c in pos.stock[:hidden_stock]]
    size = bin(free).count("1")
    rng = random.Random(seed)
    layouts = []
    combos = list(itertools.combinations(unseen, size))
    rng.shuffle(combos)
    for mine in combos[:belief]:
        rest = [c for c in unseen if c not in mine]
        rng.shuffle(rest)
        layouts.append((fixed | sum(1 << c for c in mine), rest + pos.stock[hidden_stock:]))
    replies = model.bits(pos.hands[opp])
    totals = {r: 0.0 for r in replies}
    for mine, stock in layouts:
        v = pos.copy()
        v.hands[me] = mine
        v.stock = list(stock)
        solver = Solver(me, utility)
        for r in replies:
            child = v.copy()
            child.apply(t.names[r])
            totals[r] += solver.value(child)
    return min(replies, key=lambda r: (totals[r], r))
