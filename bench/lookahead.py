"""Informed lookahead at a Schnapsen talon of 4 (an experiment against PIMC's strategy fusion).

Plain PIMC values an action in each sampled layout by the exact search, in which the seat
plays its next trick knowing the opponent's hand and the stock order. Here the seat's next
choice after the trick (at the talon of 2: its lead, or its answer to the opponent's lead) is
made on what it will know then: the cards it holds and has seen, every unseen card equally
likely to be the one left in the stock. The opponent is still modelled as seeing every card
(its replies are the exact search's), and after that next choice the deal is searched exactly
(the talon's last card is drawn and every card is known).

The choice at the talon of 2 is itself a small exact PIMC over all its layouts (one per unseen
card that may lie in the stock), shared by every layout of the decision that leads to the same
knowledge.

Measured against the shipped expert (variant `expert-look4`, bench/RESULTS.md, 2026-12-07): no
gain over 1,000 duplicate deals against `hard`, for three to four times the CPU at a talon of 4;
so it is not in the AI package.
"""
from __future__ import annotations

from kaffeehaus.ai import levels, pimc
from kaffeehaus.ai.determinize import Info
from kaffeehaus.ai.solver import INF, Solver, apply_move, schnapsen_moves


def values(obs, config, seed, utility):
    """{action: mean value} over the decision's layouts (sampled as the expert samples them)."""
    info = Info(obs, config.infer)
    me = obs["player"]
    actions = pimc.candidate_actions(obs)
    memo = {}
    totals = {a: 0.0 for a in actions}
    weights = 0.0
    for opp_mask, stock, w in decision_layouts(info, config, obs, seed):
        pos = info.position(opp_mask, stock)
        solver = Solver(me, utility)
        for a in actions:
            child = pos.copy()
            child.apply(a)
            totals[a] += w * _continue(child, me, solver, utility, memo, info.known_opp,
                                       pos.tricks_played)
        weights += w
    return {a: totals[a] / weights for a in actions}


def decision_layouts(info, config, obs, seed):
    """[(opponent mask, stock, weight)]: every layout of the decision with its likelihood when
    there are few, else the layouts `pimc.evaluate` samples (in its order, weight 1)."""
    n = config.samples_for(obs)
    layouts = info.layouts(n)
    if layouts is None:
        rng = pimc.decision_rng(obs, seed)
        layouts = [(*info.sample(rng), 1.0) for _ in range(n)]
    return layouts


def _can_claim(pos, p):
    return (pos.lead < 0 or pos.bummerl) and pos.eff(p) >= pos.t.win_points


def _continue(pos, me, solver, utility, memo, known, root_trick):
    """The value for `me` of `pos` (after the root action, in one layout): the opponent's exact
    replies, then `me`'s next choice in a later trick made on its knowledge, then exact."""
    while True:
        if pos.result is not None or pos.closed_by is not None or not pos.stock:
            return solver.value(pos)
        p = pos.to_move()
        if _can_claim(pos, p):
            return solver.value(pos)
        if p == me:
            if pos.tricks_played == root_trick:
                return solver.value(pos)    # the root's own turn goes on: nothing new seen
            move = _informed_choice(pos, me, utility, memo, known)
            child = pos.copy()
            child.apply(move)
            return solver.value(child)
        pos = _best_reply(pos, p, solver)


def _best_reply(pos, p, solver):
    """The opponent's move that is worst for the root seat in this layout (the exact search's
    own model: the trump jack exchanged whenever allowed, marriages led as moves)."""
    if pos.lead < 0 and pos.pending < 0 and pos.can_exchange(p):
        pos = pos.copy()
        pos.apply("exchange")
    best, chosen = INF, None
    for move in schnapsen_moves(pos, p):
        child = pos.copy()
        apply_move(child, p, move)
        # only a value below the best so far matters: searched in that window (fail-soft:
        # a value inside it is exact, one at or above it is not chosen anyway)
        v = solver.value(child, -INF, best)
        if chosen is None or v < best:
            best, chosen = v, child
    return chosen


def _informed_choice(pos, me, utility, memo, known):
    """`me`'s action in `pos` chosen by its mean exact value over every layout it cannot tell
    apart from `pos` (which unseen card is the stock's hidden one), each equally likely."""
    opp = 1 - me
    hidden = pos.stock[:-1]
    fixed = pos.hands[opp] & known                  # cards of the opponent shown to the seat
    free = pos.hands[opp] & ~known
    for c in hidden:
        free |= 1 << c
    key = (pos.hands[me], free, fixed, pos.leader, pos.lead, pos.pending, tuple(pos.stock[-1:]),
           tuple(pos.card_points), tuple(pos.tricks_won), tuple(pos.marriage_points),
           tuple(pos.early_points), pos.tricks_played)
    move = memo.get(key)
    if move is not None:
        return move
    actions = [a for a in pos.legal_actions() if a != "claim"]
    totals = {a: 0.0 for a in actions}
    cards = [c for c in range(pos.t.n) if free >> c & 1]
    variants = _stock_choices(cards, len(hidden))
    for in_stock in variants:
        v = pos.copy()
        mask = free
        for c in in_stock:
            mask &= ~(1 << c)
        v.hands[opp] = fixed | mask
        v.stock = list(in_stock) + pos.stock[-1:]
        solver = Solver(me, utility)
        for a in actions:
            child = v.copy()
            child.apply(a)
            totals[a] += solver.value(child)
    move = levels.best_of({a: s / len(variants) for a, s in totals.items()})
    memo[key] = move
    return move


def _stock_choices(cards, k):
    """Every ordered choice of `k` of `cards` for the stock's hidden part (top first)."""
    if k == 0:
        return [()]
    out = []
    for i, c in enumerate(cards):
        for rest in _stock_choices(cards[:i] + cards[i + 1:], k - 1):
            out.append((c,) + rest)
    return out
