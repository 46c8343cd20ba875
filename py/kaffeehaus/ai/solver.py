"""Exact alpha-beta search of one perfect-information position (a determinized layout).

The value of a position is the *utility of the deal's result* for the root player: by default
the signed game points (+gp won, -gp lost, 0 for a drawn Schneider deal); `utility` may map
results through the match situation instead (see `levels.match_utility`).

Both players are modelled as the rules-aware policy the AI itself follows:
* a player on turn who may claim and holds 66 or more effective points claims at once (SV-3,
  SB-3; claiming then is never worse than playing on: the result is fixed by the opponent's
  status, which can only improve for them); nobody ever makes a false claim;
* the trump jack is exchanged whenever allowed (SS-6; the AI's root decision still compares
  exchanging with not exchanging explicitly);
* leading a K or Q whose partner is in hand announces the marriage (SS-7; in
  `schnapsen-strict` only the K, ST-3), and a marriage that brings 66 is claimed at once;
* closing (SS-8) is searched as a move of the leader while the talon is open.

Search: fail-soft alpha-beta over single card plays, a transposition table of bounds keyed by
the full position, and move ordering (TT best move first; winning answers cheapest first).
"""

INF = 10 ** 9


def signed_points(me):
    def utility(result):
        winner, gp = result[0], result[1]
        if winner is None:
            return 0
        return gp if winner == me else -gp
    return utility


class Solver:
    """Alpha-beta for one root player; the TT can be reused across positions of one layout."""

    def __init__(self, me, utility=None, node_limit=None):
        self.me = me
        self.utility = utility or signed_points(me)
        self.tt = {}
        self.nodes = 0
        self.node_limit = node_limit

    # --- public ----------------------------------------------------------------------------
    def value(self, pos, alpha=-INF, beta=INF):
        if pos.game == "schnapsen":
            return self._ab_schnapsen(pos, alpha, beta)
        return self._ab_schneider(pos, alpha, beta)

    # --- Schnapsen ---------------------------------------------------------------------------
    def _ab_schnapsen(self, pos, alpha, beta):
        self.nodes += 1
        if pos.result is not None:
            return self.utility(pos.result)
        p = pos.leader if pos.lead < 0 else 1 - pos.leader
        if (pos.lead < 0 or pos.bummerl) and pos.eff(p) >= 66:
            return self.utility(pos.score_claim(p))
        t = pos.t
        if pos.lead < 0 and pos.pending < 0 and pos.closed_by is None and pos.stock \
                and pos.hands[p] >> (pos.trump * t.nr + t.nr_j) & 1:
            pos = pos.copy()
            pos.apply("exchange")
        key = (pos.hands[0], pos.hands[1], tuple(pos.stock) if pos.closed_by is None else len(pos.stock),
               pos.leader, pos.lead, pos.pending, pos.cpts[0], pos.cpts[1],
               pos.ntr[0] > 0, pos.ntr[1] > 0, pos.marr[0], pos.marr[1], pos.imm[0], pos.imm[1],
               pos.closed_by, pos.cs_pts >= 33, pos.cs_trick, pos.p2w, pos.ntricks == 0)
        entry = self.tt.get(key)
        best_move = None
        if entry is not None:
            lo, hi, best_move = entry
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            alpha = max(alpha, lo)
            beta = min(beta, hi)
        a0, b0 = alpha, beta
        moves = schnapsen_moves(pos, p)
        if best_move is not None and best_move in moves:
            moves.remove(best_move)
            moves.insert(0, best_move)
        maximizing = p == self.me
        best = -INF if maximizing else INF
        chosen = None
        for move in moves:
            child = pos.copy()
            apply_move(child, p, move)
            v = self._ab_schnapsen(child, alpha, beta)
            if maximizing:
                if v > best:
                    best, chosen = v, move
                    if v > alpha:
                        alpha = v
            else:
                if v < best:
                    best, chosen = v, move
                    if v < beta:
                        beta = v
            if alpha >= beta:
                break
        if best <= a0:
            self.tt[key] = (-INF, best, chosen)
        elif best >= b0:
            self.tt[key] = (best, INF, chosen)
        else:
            self.tt[key] = (best, best, chosen)
        return best

    # --- Schneider -----------------------------------------------------------------------------
    def _ab_schneider(self, pos, alpha, beta):
        self.nodes += 1
        if pos.result is not None:
            return self.utility(pos.result)
        p = pos.leader if pos.lead < 0 else 1 - pos.leader
        key = (pos.hands[0], pos.hands[1], tuple(pos.stock), pos.leader, pos.lead,
               pos.hon[0], pos.hon[1])
        entry = self.tt.get(key)
        best_move = None
        if entry is not None:
            lo, hi, best_move = entry
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            alpha = max(alpha, lo)
            beta = min(beta, hi)
        a0, b0 = alpha, beta
        moves = schneider_moves(pos, p)
        if best_move is not None and best_move in moves:
            moves.remove(best_move)
            moves.insert(0, best_move)
        maximizing = p == self.me
        best = -INF if maximizing else INF
        chosen = None
        for c in moves:
            child = pos.copy()
            child.play(p, c)
            v = self._ab_schneider(child, alpha, beta)
            if maximizing:
                if v > best:
                    best, chosen = v, c
                    if v > alpha:
                        alpha = v
            else:
                if v < best:
                    best, chosen = v, c
                    if v < beta:
                        beta = v
            if alpha >= beta:
                break
        if best <= a0:
            self.tt[key] = (-INF, best, chosen)
        elif best >= b0:
            self.tt[key] = (best, INF, chosen)
        else:
            self.tt[key] = (best, best, chosen)
        return best


# --- move generation ---------------------------------------------------------------------------

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
        ls = t.suit[lead]

        def order(c):
            wins = (t.suit[c] == ls and t.rank[c] < t.rank[lead]) or (t.suit[c] == trump and ls != trump)
            # winners first, cheapest winner first; losers cheapest first
            return (0 if wins else 1, (t.points[c] + (15 if t.suit[c] == trump else 0)))
        cards.sort(key=order)
        return cards
    if pos.pending >= 0:
        return pos.marriage_leads(p)
    hand = pos.hands[p]
    moves = []
    ki, qi = t.ranks.index("K"), t.ranks.index("Q")
    plain = []
    m = hand
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        s, r = t.suit[c], t.rank[c]
        if (r == ki and hand >> (s * t.nr + qi) & 1) or (r == qi and not pos.strict and hand >> (s * t.nr + ki) & 1):
            moves.append(("m", c))
        else:
            plain.append(c)
    trump = pos.trump
    plain.sort(key=lambda c: -(t.points[c] + (20 if t.suit[c] == trump else 0)))
    moves.extend(plain)
    if pos.closed_by is None and pos.stock and (not pos.strict or len(pos.stock) > 2):
        moves.append("close")
    return moves


def apply_move(pos, p, move):
    if move.__class__ is int:
        pos.play(p, move)
    elif move == "close":
        pos.apply("close")
    else:
        c = move[1]
        t = pos.t
        pos.marry(p, t.suit[c])
        if pos.eff(p) >= 66:
            pos.result = pos.score_claim(p)
        else:
            pos.play(p, c)


def schneider_moves(pos, p):
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
        cards.sort(key=lambda c: (0 if pos.beats(c, lead) else 1, t.honour[c], -t.rank[c]))
        return cards
    cards = []
    m = pos.hands[p]
    while m:
        low = m & -m
        cards.append(low.bit_length() - 1)
        m ^= low
    cards.sort(key=lambda c: t.rank[c])
    return cards


def move_action(pos, move):
    """The first engine action string of a search move (for the root)."""
    t = pos.t
    if move.__class__ is int:
        return t.names[move]
    if move == "close":
        return "close"
    return "marry:" + t.names[move[1]][1]
