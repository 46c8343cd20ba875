"""Exact alpha-beta search of one perfect-information position (a determinized layout).

The value of a position is the *utility of the deal's result* for the root player: by default
the signed game points (+gp won, -gp lost, 0 for a drawn Schneider deal); `utility` may map
results through the match situation instead (see `levels.match_utility`). In Schneider a
tie-break (`HONOUR_TIEBREAK`, unless `tiebreak=False`) adds the root player's honour lead.

Both players are modelled as the rules-aware policy the AI itself follows:
* a player on turn who may claim and holds the winning effective points claims at once (SV-3,
  SB-3; claiming then is never worse than playing on: the result is fixed by the opponent's
  status, which can only improve for them); nobody ever makes a false claim;
* the trump jack is exchanged whenever allowed (SS-6; the AI's root decision still compares
  exchanging with not exchanging explicitly);
* leading a K or Q whose partner is in hand announces the marriage (SS-7; in
  `schnapsen-strict` only the K, ST-3), and a marriage that brings the win is claimed at once;
* closing (SS-8) is searched as a move of the leader while the talon is open.

Search: fail-soft alpha-beta over single card plays, a transposition table of bounds keyed by
the full position, and move ordering (TT best move first; winning answers cheapest first).
Two implementations of that step, for speed:
* `_last_tricks`, once nobody draws (Schnapsen Phase 2, Schneider with an empty stock): the
  state is a handful of integers and the rules of the deal are tables (`_TrickRules`); this
  is where nearly all of the AI's time goes;
* `_tt_search` over `model` positions for the tricks with a stock (drawing, exchanging,
  closing), shared by both games.

Why one unit of about 530 lines: `_last_tricks` is one function of nested closures over
local tables because that is where the AI spends its time, and the move generators and
per-deal tables below serve only this search.
"""

from ..ruletable import NO_TRUMP

INF = 10 ** 9
# Schneider: among lines of equal result, the one with more honours for the root player, by
# this much per honour of difference (at most 0.02 game points: a tie-break, not a goal). A
# perfect opponent concedes nothing more, a fallible one may concede a Schneider or the deal
# (the history of bench/RESULTS.md, 2026-12-02). It costs a quarter more search time (fewer cut-offs), so `pimc` asks for
# it only where the deal is played out exactly from the decision itself (an empty stock)
HONOUR_TIEBREAK = 0.001


def signed_points(me):
    def utility(result):
        winner, gp = result[0], result[1]
        if winner is None:
            return 0
        return gp if winner == me else -gp
    return utility


class Solver:
    """Alpha-beta for one root player; the TT can be reused across positions of one layout."""

    def __init__(self, me, utility=None, tiebreak=True):
        self.me = me
        self.tiebreak = HONOUR_TIEBREAK if tiebreak else 0
        self.utility = utility or signed_points(me)
        self.tt = {}
        self.nodes = 0

    # --- public ----------------------------------------------------------------------------
    def final_value(self, pos):
        """The value of a finished deal (`pos.result` set), Schneider's honour tie-break in."""
        v = self.utility(pos.result)
        if pos.game == "schneider":
            v += self.tiebreak * (pos.honours[self.me] - pos.honours[1 - self.me])
        return v

    def value(self, pos, alpha=-INF, beta=INF):
        if pos.game == "schnapsen":
            return self._ab_schnapsen(pos, alpha, beta)
        if not pos.stock and pos.result is None:
            return self._last_tricks(pos, alpha, beta)
        return self._ab_schneider(pos, alpha, beta)

    # --- tricks without drawing: one search over plain integers -------------------------------
    def _last_tricks(self, pos, alpha, beta):
        """Value of a position where nobody draws any more: Schnapsen Phase 2 (talon closed or
        exhausted: SV-1/SB-1 obligations, marriages on lead, claims at the winning points, SV-5/SB-2..5
        scoring) or Schneider with an empty stock (honours, SN-7/SN-11 trick winners).

        The state is passed as plain integers (legend): h0/h1 the hands, leader and lead (-1:
        none), c0/c1 the points taken (card points, or honours), and for Schnapsen only n0/n1
        (1 once the seat won a trick), m0/m1 its marriage points, i0/i1 the early part of them
        (`mit40`), won2 the bitmask of seats that won a Phase-2 trick, first (no trick played
        yet). Rules that differ per game come from `_trick_rules` tables."""
        if pos.game == "schnapsen" and pos.pending >= 0:
            # a marriage announced at the root: lead one of its cards (AC-1)
            p = pos.leader
            best = -INF if p == self.me else INF
            for c in pos.marriage_leads(p):
                child = pos.copy()
                child.play(p, c)
                v = self._last_tricks(child, alpha, beta)
                best = max(best, v) if p == self.me else min(best, v)
            return best
        rules = _trick_rules(pos)
        beats, must_beat, follow, ruff_mask = rules.beats, rules.must_beat, rules.follow, rules.ruff
        answer_order, lead_order, points = rules.answer_order, rules.lead_order, rules.points
        schnapsen = rules.schnapsen
        marriage_lead, marriage_value = rules.marriage_lead, rules.marriage_value
        claims_on_answer = schnapsen and pos.bummerl
        suit = pos.t.suit
        trump = pos.trump
        mit40 = schnapsen and pos.mit40
        forehand = pos.forehand if schnapsen else -1
        me = self.me
        utility = self.utility
        tiebreak = self.tiebreak
        scratch = pos.copy()
        tt = self.tt
        stats = [0]
        win_points = pos.t.win_points if schnapsen else 0
        if schnapsen:
            tag = (pos.closed_by, pos.t.rules.cascade(pos.close_points, pos.close_had_trick),
                   pos.close_had_trick)
        else:
            tag = "e"           # keeps these entries apart from `_ab_schneider`'s in the table
        finals = {}

        def claim_value(p, c0, c1, n0, n1, m0, m1, i0, i1):
            scratch.card_points = [c0, c1]
            scratch.tricks_won = [n0, n1]
            scratch.marriage_points = [m0, m1]
            scratch.early_points = [i0, i1]
            return utility(scratch.score_claim(p))

        def end_value(last, c0, c1, n0, n1, m0, m1, i0, i1, won2):
            if not schnapsen:
                v = finals.get(c0)
                if v is None:
                    scratch.honours = [c0, c1]
                    lead = c0 - c1 if me == 0 else c1 - c0
                    v = finals[c0] = utility(scratch.score_end()) + tiebreak * lead
                return v
            scratch.card_points = [c0, c1]
            scratch.tricks_won = [n0, n1]
            scratch.marriage_points = [m0, m1]
            scratch.early_points = [i0, i1]
            scratch.phase2_winners = won2
            scratch.last = last
            return utility(scratch.score_end())

        def ab(h0, h1, leader, lead, c0, c1, n0, n1, m0, m1, i0, i1, won2, first, alpha, beta):
            stats[0] += 1
            if lead < 0:
                p = leader
                if schnapsen:
                    e = (c0 + (m0 if n0 else i0)) if p == 0 else (c1 + (m1 if n1 else i1))
                    if e >= win_points:
                        return claim_value(p, c0, c1, n0, n1, m0, m1, i0, i1)
            else:
                p = 1 - leader
                if claims_on_answer:
                    e = (c0 + (m0 if n0 else i0)) if p == 0 else (c1 + (m1 if n1 else i1))
                    if e >= win_points:
                        return claim_value(p, c0, c1, n0, n1, m0, m1, i0, i1)
            if schnapsen:
                key = (h0, h1, leader, lead, c0, c1, n0, n1, m0, m1, i0, i1, won2, first, tag)
            else:                                 # the rest is fixed by the hands
                key = (h0, h1, leader, lead, c0, tag)
            entry = tt.get(key)
            best_move = None
            if entry is not None:
                lo, hi, best_move = entry
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
            a0, b0 = alpha, beta
            hand = h0 if p == 0 else h1
            moves = []
            if lead >= 0:
                same = hand & follow[lead]
                if same:
                    m = (same & must_beat[lead]) or same
                else:
                    m = (hand & ruff_mask) or hand
                while m:
                    low = m & -m
                    moves.append(low.bit_length() - 1)
                    m ^= low
                if len(moves) > 1:
                    moves.sort(key=answer_order[lead].__getitem__)
            else:
                m = hand
                while m:
                    low = m & -m
                    c = low.bit_length() - 1
                    m ^= low
                    partner = marriage_lead[c]
                    moves.append(c + 1000 if partner >= 0 and hand >> partner & 1 else c)
                if lead_order is not None:
                    moves.sort(key=lead_order.__getitem__)
            if best_move is not None and best_move in moves:
                moves.remove(best_move)
                moves.insert(0, best_move)
            maximizing = p == me
            best = -INF if maximizing else INF
            chosen = None
            for mv in moves:
                if lead < 0:
                    if mv >= 1000:                       # a marriage lead (SS-7)
                        c = mv - 1000
                        pts = marriage_value[c]
                        early = pts if (mit40 and first and p == forehand and suit[c] == trump) else 0
                        if p == 0:
                            nm0, nm1, ni0, ni1 = m0 + pts, m1, i0 + early, i1
                            e = c0 + (nm0 if n0 else ni0)
                        else:
                            nm0, nm1, ni0, ni1 = m0, m1 + pts, i0, i1 + early
                            e = c1 + (nm1 if n1 else ni1)
                        if e >= win_points:
                            v = claim_value(p, c0, c1, n0, n1, nm0, nm1, ni0, ni1)
                        elif p == 0:
                            v = ab(h0 & ~(1 << c), h1, 0, c, c0, c1, n0, n1, nm0, nm1, ni0, ni1,
                                   won2, first, alpha, beta)
                        else:
                            v = ab(h0, h1 & ~(1 << c), 1, c, c0, c1, n0, n1, nm0, nm1, ni0, ni1,
                                   won2, first, alpha, beta)
                    elif p == 0:
                        v = ab(h0 & ~(1 << mv), h1, 0, mv, c0, c1, n0, n1, m0, m1, i0, i1,
                               won2, first, alpha, beta)
                    else:
                        v = ab(h0, h1 & ~(1 << mv), 1, mv, c0, c1, n0, n1, m0, m1, i0, i1,
                               won2, first, alpha, beta)
                else:
                    w = p if beats[lead] >> mv & 1 else leader
                    g = points[mv] + points[lead]
                    nh0 = h0 & ~(1 << mv) if p == 0 else h0
                    nh1 = h1 & ~(1 << mv) if p == 1 else h1
                    if not schnapsen:
                        nc0, nc1 = (c0 + g, c1) if w == 0 else (c0, c1 + g)
                        if not nh0 and not nh1:
                            stats[0] += 1                # the finished deal is a node here
                            v = end_value(w, nc0, nc1, 0, 0, 0, 0, 0, 0, 0)
                        else:
                            v = ab(nh0, nh1, w, -1, nc0, nc1, 0, 0, 0, 0, 0, 0, 0, False,
                                   alpha, beta)
                    else:
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
            if best <= a0:
                tt[key] = (-INF, best, chosen)
            elif best >= b0:
                tt[key] = (best, INF, chosen)
            else:
                tt[key] = (best, best, chosen)
            return best

        h0, h1 = pos.hands
        if schnapsen:
            v = ab(h0, h1, pos.leader, pos.lead, pos.card_points[0], pos.card_points[1],
                   1 if pos.tricks_won[0] else 0, 1 if pos.tricks_won[1] else 0,
                   pos.marriage_points[0], pos.marriage_points[1], pos.early_points[0],
                   pos.early_points[1], pos.phase2_winners, pos.tricks_played == 0, alpha, beta)
        elif pos.lead < 0 and not h0 and not h1:
            stats[0] += 1
            v = end_value(pos.leader, pos.honours[0], pos.honours[1], 0, 0, 0, 0, 0, 0, 0)
        else:
            v = ab(h0, h1, pos.leader, pos.lead, pos.honours[0], pos.honours[1],
                   0, 0, 0, 0, 0, 0, 0, False, alpha, beta)
        self.nodes += stats[0]
        return v

    # --- Schnapsen ---------------------------------------------------------------------------
    def _ab_schnapsen(self, pos, alpha, beta):
        self.nodes += 1
        if pos.result is not None:
            return self.utility(pos.result)
        p = pos.leader if pos.lead < 0 else 1 - pos.leader
        if (pos.lead < 0 or pos.bummerl) and pos.eff(p) >= pos.t.win_points:
            return self.utility(pos.score_claim(p))
        if pos.closed_by is not None or not pos.stock:
            return self._last_tricks(pos, alpha, beta)
        t = pos.t
        if pos.lead < 0 and pos.pending < 0 and pos.closed_by is None and pos.stock \
                and pos.hands[p] >> (pos.trump * t.suit_size + t.jack_rank) & 1:
            pos = pos.copy()
            pos.apply("exchange")
        key = (pos.hands[0], pos.hands[1], tuple(pos.stock) if pos.closed_by is None else len(pos.stock),
               pos.leader, pos.lead, pos.pending, pos.card_points[0], pos.card_points[1],
               pos.tricks_won[0] > 0, pos.tricks_won[1] > 0, pos.marriage_points[0], pos.marriage_points[1], pos.early_points[0], pos.early_points[1],
               pos.closed_by, t.rules.cascade(pos.close_points, pos.close_had_trick), pos.close_had_trick, pos.phase2_winners, pos.tricks_played == 0)
        return self._tt_search(pos, p, key, schnapsen_moves, apply_move,
                               self._ab_schnapsen, alpha, beta)

    # --- Schneider -----------------------------------------------------------------------------
    def _ab_schneider(self, pos, alpha, beta):
        self.nodes += 1
        if pos.result is not None:
            return self.final_value(pos)
        p = pos.leader if pos.lead < 0 else 1 - pos.leader
        key = (pos.hands[0], pos.hands[1], tuple(pos.stock), pos.leader, pos.lead,
               pos.honours[0], pos.honours[1])
        return self._tt_search(pos, p, key, schneider_moves, play_card,
                               self._ab_schneider, alpha, beta)

    # --- the alpha-beta step both generic searches share ----------------------------------------
    def _tt_search(self, pos, p, key, moves_of, play, recurse, alpha, beta):
        """Fail-soft alpha-beta over the moves of seat `p`: transposition-table bounds first,
        the table's best move tried first, the bound stored after."""
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
        moves = moves_of(pos, p)      # only now: a table hit needs no move list
        if best_move is not None and best_move in moves:
            moves.remove(best_move)
            moves.insert(0, best_move)
        maximizing = p == self.me
        best = -INF if maximizing else INF
        chosen = None
        for move in moves:
            child = pos.copy()
            play(child, p, move)
            v = recurse(child, alpha, beta)
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


def play_card(pos, p, card):
    pos.play(p, card)


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


# --- per-deal rule tables of the integer search ------------------------------------------------

class _TrickRules:
    """What `Solver._last_tricks` needs to know of one deal's rules once nobody draws, as
    tables indexed by card: `beats[lead]` the answers that win a trick led with `lead`;
    an answer must come from `follow[lead]` if the hand holds any (beating the lead when it
    can: `must_beat[lead]`), else from `ruff` if it holds any; `points` what a trick's
    cards score; `marriage_lead[c]` the partner that makes leading c a marriage (-1: none);
    move orders (winners first, cheapest first; strong leads first)."""

    def __init__(self, pos):
        t = pos.t
        n = t.n
        trump = pos.trump
        suit, rank = t.suit, t.rank
        self.t = t
        self.schnapsen = pos.game == "schnapsen"
        # SS-3, SN-7, SN-10, SN-11: the rule table's trick winner
        self.beats = t.beats[NO_TRUMP if trump is None else trump]
        self.must_beat = [0] * n
        self.follow = [0] * n
        self.answer_order = []
        self.marriage_lead = [-1] * n
        self.marriage_value = [0] * n
        if self.schnapsen:
            self.points = t.points
            self.ruff = t.suit_mask[trump]
            ki, qi = t.king_rank, t.queen_rank
            for c in range(n):
                r = rank[c]
                self.marriage_value[c] = t.marriage_value[trump][suit[c]]      # SS-7
                if r in t.marriage_lead_ranks:                                 # AC-1, ST-3
                    self.marriage_lead[c] = c - ki + qi if r == ki else c - qi + ki
            lead_key = {}
            for c in range(n):
                lead_key[c] = -(t.points[c] + (20 if suit[c] == trump else 0))
                lead_key[c + 1000] = -1000
            self.lead_order = lead_key
        else:
            self.points = t.honour
            self.ruff = 0
            self.lead_order = None          # bit order
        for lead in range(n):
            ls = suit[lead]
            if self.schnapsen:
                self.follow[lead] = t.suit_mask[ls]                # SV-1, SB-1
                if t.rules.must_beat:
                    self.must_beat[lead] = t.higher[lead]          # SV-1
                self.answer_order.append(
                    [(0 if self.beats[lead] >> c & 1 else 1,
                      t.points[c] + (15 if suit[c] == trump else 0)) for c in range(n)])
            else:
                if pos.follow:
                    self.follow[lead] = t.suit_mask[ls]            # SN-10 follow_suit
                self.answer_order.append(
                    [(0 if self.beats[lead] >> c & 1 else 1, t.honour[c]) for c in range(n)])


_RULES = {}


def _trick_rules(pos):
    """The tables of this position's rule set (its `Table`) and trump, built once."""
    key = (id(pos.t), pos.trump)
    rules = _RULES.get(key)
    if rules is None or rules.t is not pos.t:
        rules = _RULES[key] = _TrickRules(pos)
    return rules
