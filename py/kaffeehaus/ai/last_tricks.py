"""The exact search once nobody draws any more, over plain integers: Schnapsen Phase 2 (talon
closed or exhausted: SV-1/SB-1 obligations, marriages on lead, claims at the winning points,
SV-5/SB-2..5 scoring) and Schneider with an empty stock (honours, SN-7/SN-11 trick winners).
Nearly all of the AI's time goes here.

A node's state is passed as plain integers (legend): h0/h1 the hands, leader and lead (-1:
none), c0/c1 the points taken (card points, or honours), and for Schnapsen only n0/n1 (1 once
the seat won a trick), m0/m1 its marriage points, i0/i1 the early part of them (`mit40`),
won2 the bitmask of seats that won a Phase-2 trick, first (no trick played yet). The rules of
the deal, and the moves they allow, come from `trick_rules`.

Each game's node is one closure over local names (Schneider's needs six integers, Schnapsen's
fourteen), with the table read and written by `alphabeta.narrow` and `alphabeta.bound`, and
the loop over the moves written out in place: valuing each move through a call, as
`alphabeta.tt_search` does, would cost half again as much time.
"""

from .alphabeta import INF, bound, narrow
from .trick_rules import trick_rules


def last_tricks(solver, pos, alpha, beta):
    """The value of `pos` for `solver`'s player, where nobody draws any more; the nodes
    searched are added to `solver.nodes` and the bounds kept in `solver.tt`."""
    if pos.game == "schneider":
        return _schneider(solver, pos, alpha, beta)
    if pos.pending >= 0:
        # a marriage announced at the root: lead one of its cards (AC-1)
        p = pos.leader
        best = -INF if p == solver.me else INF
        for c in pos.marriage_leads(p):
            child = pos.copy()
            child.play(p, c)
            v = last_tricks(solver, child, alpha, beta)
            best = max(best, v) if p == solver.me else min(best, v)
        return best
    return _schnapsen(solver, pos, alpha, beta)


def _schnapsen(solver, pos, alpha, beta):
    """`last_tricks` of a Schnapsen position in Phase 2 with no marriage pending."""
    rules = trick_rules(pos)
    answers, leads = rules.answers, rules.leads
    beats, points, marriage_value = rules.beats, rules.points, rules.marriage_value
    suit, win_points = pos.t.suit, pos.t.win_points
    trump, mit40, forehand, claims_on_answer = pos.trump, pos.mit40, pos.forehand, pos.bummerl
    me, utility, tt = solver.me, solver.utility, solver.tt
    scratch = pos.copy()              # scores the ends, with the integers written into it
    # the closing facts are fixed for the whole search: one tag in every key
    tag = (pos.closed_by, pos.t.rules.cascade(pos.close_points, pos.close_had_trick),
           pos.close_had_trick)
    nodes = 0

    def claim_value(p, c0, c1, n0, n1, m0, m1, i0, i1):
        scratch.card_points = [c0, c1]
        scratch.tricks_won = [n0, n1]
        scratch.marriage_points = [m0, m1]
        scratch.early_points = [i0, i1]
        return utility(scratch.score_claim(p))

    def end_value(last, c0, c1, n0, n1, m0, m1, i0, i1, won2):
        scratch.card_points = [c0, c1]
        scratch.tricks_won = [n0, n1]
        scratch.marriage_points = [m0, m1]
        scratch.early_points = [i0, i1]
        scratch.phase2_winners = won2
        scratch.last = last
        return utility(scratch.score_end())

    def marriage_lead(p, c, h0, h1, c0, c1, n0, n1, m0, m1, i0, i1, won2, first, alpha, beta):
        # seat p leads card c announcing its marriage (SS-7; rare, so not written into `ab`)
        pts = marriage_value[c]
        early = pts if (mit40 and first and p == forehand and suit[c] == trump) else 0
        if p == 0:
            m0, i0 = m0 + pts, i0 + early
            e = c0 + (m0 if n0 else i0)
        else:
            m1, i1 = m1 + pts, i1 + early
            e = c1 + (m1 if n1 else i1)
        if e >= win_points:                              # the marriage wins: claim at once
            return claim_value(p, c0, c1, n0, n1, m0, m1, i0, i1)
        if p == 0:
            return ab(h0 & ~(1 << c), h1, 0, c, c0, c1, n0, n1, m0, m1, i0, i1, won2, first,
                      alpha, beta)
        return ab(h0, h1 & ~(1 << c), 1, c, c0, c1, n0, n1, m0, m1, i0, i1, won2, first,
                  alpha, beta)

    def ab(h0, h1, leader, lead, c0, c1, n0, n1, m0, m1, i0, i1, won2, first, alpha, beta):
        nonlocal nodes
        nodes += 1
        p = leader if lead < 0 else 1 - leader
        if lead < 0 or claims_on_answer:
            # the effective points (SS-9) of the seat to move: it claims once they win
            e = (c0 + (m0 if n0 else i0)) if p == 0 else (c1 + (m1 if n1 else i1))
            if e >= win_points:
                return claim_value(p, c0, c1, n0, n1, m0, m1, i0, i1)
        key = (h0, h1, leader, lead, c0, c1, n0, n1, m0, m1, i0, i1, won2, first, tag)
        entry = tt.get(key)
        best_move = None
        if entry is not None:
            cut, alpha, beta = narrow(entry, alpha, beta)
            if cut is not None:
                return cut
            best_move = entry[2]
        a0, b0 = alpha, beta

        hand = h0 if p == 0 else h1
        moves = answers(hand, lead) if lead >= 0 else leads(hand)
        if best_move is not None and best_move in moves:
            moves.remove(best_move)
            moves.insert(0, best_move)

        maximizing = p == me
        best = -INF if maximizing else INF
        chosen = None
        for mv in moves:
            if lead >= 0:                                # the answer ends the trick
                w = p if beats[lead] >> mv & 1 else leader
                g = points[mv] + points[lead]
                nh0 = h0 & ~(1 << mv) if p == 0 else h0
                nh1 = h1 & ~(1 << mv) if p == 1 else h1
                if w == 0:
                    nc0, nc1, nn0, nn1 = c0 + g, c1, 1, n1
                else:
                    nc0, nc1, nn0, nn1 = c0, c1 + g, n0, 1
                nwon2 = won2 | (1 << w)
                if not nh0 and not nh1:
                    v = end_value(w, nc0, nc1, nn0, nn1, m0, m1, i0, i1, nwon2)
                else:
                    v = ab(nh0, nh1, w, -1, nc0, nc1, nn0, nn1, m0, m1, i0, i1, nwon2,
                           False, alpha, beta)
            elif mv >= 1000:
                v = marriage_lead(p, mv - 1000, h0, h1, c0, c1, n0, n1, m0, m1, i0, i1, won2,
                                  first, alpha, beta)
            elif p == 0:
                v = ab(h0 & ~(1 << mv), h1, 0, mv, c0, c1, n0, n1, m0, m1, i0, i1,
                       won2, first, alpha, beta)
            else:
                v = ab(h0, h1 & ~(1 << mv), 1, mv, c0, c1, n0, n1, m0, m1, i0, i1,
                       won2, first, alpha, beta)
            if maximizing:
                if v > best:
                    best, chosen = v, mv
                    if v > alpha:
                        alpha = v
            else:
                if v < best:
                    best, chosen = v, mv
                    if v < beta:
                        beta = v
            if alpha >= beta:
                break
        tt[key] = bound(best, chosen, a0, b0)
        return best

    h0, h1 = pos.hands
    v = ab(h0, h1, pos.leader, pos.lead, pos.card_points[0], pos.card_points[1],
           1 if pos.tricks_won[0] else 0, 1 if pos.tricks_won[1] else 0,
           pos.marriage_points[0], pos.marriage_points[1], pos.early_points[0],
           pos.early_points[1], pos.phase2_winners, pos.tricks_played == 0, alpha, beta)
    solver.nodes += nodes
    return v


def _schneider(solver, pos, alpha, beta):
    """`last_tricks` of a Schneider position with an empty stock."""
    rules = trick_rules(pos)
    answers, leads = rules.answers, rules.leads
    beats, honour = rules.beats, rules.points
    me, utility, tiebreak, tt = solver.me, solver.utility, solver.tiebreak, solver.tt
    scratch = pos.copy()              # scores the ends, with the honours written into it
    finals = {}                       # the value of each end, by c0
    nodes = 0

    def end_value(c0, c1):
        # the honours add up to the deck's, so c0 alone names the result
        v = finals.get(c0)
        if v is None:
            scratch.honours = [c0, c1]
            lead = c0 - c1 if me == 0 else c1 - c0
            v = finals[c0] = utility(scratch.score_end()) + tiebreak * lead
        return v

    def ab(h0, h1, leader, lead, c0, c1, alpha, beta):
        nonlocal nodes
        nodes += 1
        p = leader if lead < 0 else 1 - leader
        # "e" keeps these entries apart from the model search's; c1 follows from the hands
        key = (h0, h1, leader, lead, c0, "e")
        entry = tt.get(key)
        best_move = None
        if entry is not None:
            cut, alpha, beta = narrow(entry, alpha, beta)
            if cut is not None:
                return cut
            best_move = entry[2]
        a0, b0 = alpha, beta

        hand = h0 if p == 0 else h1
        moves = answers(hand, lead) if lead >= 0 else leads(hand)
        if best_move is not None and best_move in moves:
            moves.remove(best_move)
            moves.insert(0, best_move)

        maximizing = p == me
        best = -INF if maximizing else INF
        chosen = None
        for mv in moves:
            if lead >= 0:                                # the answer ends the trick
                w = p if beats[lead] >> mv & 1 else leader
                g = honour[mv] + honour[lead]
                nh0 = h0 & ~(1 << mv) if p == 0 else h0
                nh1 = h1 & ~(1 << mv) if p == 1 else h1
                nc0, nc1 = (c0 + g, c1) if w == 0 else (c0, c1 + g)
                if not nh0 and not nh1:
                    nodes += 1                           # the finished deal is a node here
                    v = end_value(nc0, nc1)
                else:
                    v = ab(nh0, nh1, w, -1, nc0, nc1, alpha, beta)
            elif p == 0:
                v = ab(h0 & ~(1 << mv), h1, 0, mv, c0, c1, alpha, beta)
            else:
                v = ab(h0, h1 & ~(1 << mv), 1, mv, c0, c1, alpha, beta)
            if maximizing:
                if v > best:
                    best, chosen = v, mv
                    if v > alpha:
                        alpha = v
            else:
                if v < best:
                    best, chosen = v, mv
                    if v < beta:
                        beta = v
            if alpha >= beta:
                break
        tt[key] = bound(best, chosen, a0, b0)
        return best

    h0, h1 = pos.hands
    if pos.lead < 0 and not h0 and not h1:
        nodes += 1
        v = end_value(pos.honours[0], pos.honours[1])
    else:
        v = ab(h0, h1, pos.leader, pos.lead, pos.honours[0], pos.honours[1], alpha, beta)
    solver.nodes += nodes
    return v
