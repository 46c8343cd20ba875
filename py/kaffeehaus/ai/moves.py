"""The moves of the search over `model` positions (`Solver`'s tricks with a stock: drawing,
exchanging, closing), in the order they are tried: a good first move makes alpha-beta cut off
sooner. `tests/ai/test_solver.py`'s reference minimax plays the same moves.
"""


def schnapsen_moves(pos, p):
    """Search moves of the player to move: card indices, ('m', card) marriage leads, 'close'."""
    t = pos.t
    if pos.lead >= 0:
        avail = pos.answers(p)
        lead = pos.lead
        cards = []
        m = avail
        while m:
            low = m & -m
            cards.append(low.bit_length() - 1)
            m ^= low
        trump = pos.trump
        winning = t.beats[trump][lead]

        def order(c):
            # winners first, cheapest winner first; losers cheapest first
            return (0 if winning >> c & 1 else 1, (t.points[c] + (15 if t.suit[c] == trump else 0)))
        cards.sort(key=order)
        return cards
    if pos.pending >= 0:
        return pos.marriage_leads(p)
    hand = pos.hands[p]
    moves = []
    ki, qi = t.king_rank, t.queen_rank
    leads = t.marriage_lead_ranks                  # AC-1, ST-3
    plain = []
    m = hand
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        s, r = t.suit[c], t.rank[c]
        if r in leads and hand >> (s * t.suit_size + (qi if r == ki else ki)) & 1:
            moves.append(("m", c))
        else:
            plain.append(c)
    trump = pos.trump
    plain.sort(key=lambda c: -(t.points[c] + (20 if t.suit[c] == trump else 0)))
    moves.extend(plain)
    if pos.close_allowed():                        # SS-8, ST-2
        moves.append("close")
    return moves


def apply_move(pos, p, move):
    """Play a move of `schnapsen_moves` in place; a marriage that brings the win is claimed."""
    if move.__class__ is int:
        pos.play(p, move)
    elif move == "close":
        pos.apply("close")
    else:
        c = move[1]
        t = pos.t
        pos.marry(p, t.suit[c])
        if pos.eff(p) >= t.win_points:
            pos.result = pos.score_claim(p)
        else:
            pos.play(p, c)


def schneider_moves(pos, p):
    """Cards of the player to move: answers that win first, fewest honours first; leads from
    the strongest rank down."""
    t = pos.t
    if pos.lead >= 0:
        avail = pos.answers(p)
        lead = pos.lead
        cards = []
        m = avail
        while m:
            low = m & -m
            cards.append(low.bit_length() - 1)
            m ^= low
        cards.sort(key=lambda c: (0 if pos.beats[lead] >> c & 1 else 1, t.honour[c], -t.rank[c]))
        return cards
    cards = []
    m = pos.hands[p]
    while m:
        low = m & -m
        cards.append(low.bit_length() - 1)
        m ^= low
    cards.sort(key=lambda c: t.rank[c])
    return cards


def play_card(pos, p, card):
    """Play a move of `schneider_moves` in place."""
    pos.play(p, card)
