"""One deal's rules once nobody draws, for the integer search of `last_tricks`: tables indexed
by card (which answers win a trick, which must be played, what a trick scores, which leads
announce a marriage) and the moves they allow, in the order the search tries them. Built once
per rule set and trump.
"""

from ..ruletable import NO_TRUMP


class TrickRules:
    """What the search of `last_tricks` needs to know of one deal's rules once nobody draws, as
    tables indexed by card: `beats[lead]` the answers that win a trick led with `lead`;
    an answer must come from `follow[lead]` if the hand holds any (beating the lead when it
    can: `must_beat[lead]`), else from `ruff` if it holds any; `points` what a trick's
    cards score; `marriage_lead[c]` the partner that makes leading c a marriage (-1: none)
    and `marriage_value[c]` what it is worth; the move orders `answer_order[lead]` (winners
    first, cheapest first) and `lead_order` (strong leads first, marriages before all; None:
    card order)."""

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

    def answers(self, hand, lead):
        """The cards of `hand` that may answer `lead`, in search order."""
        same = hand & self.follow[lead]
        if same:
            m = (same & self.must_beat[lead]) or same
        else:
            m = (hand & self.ruff) or hand
        moves = []
        while m:
            low = m & -m
            moves.append(low.bit_length() - 1)
            m ^= low
        if len(moves) > 1:
            moves.sort(key=self.answer_order[lead].__getitem__)
        return moves

    def leads(self, hand):
        """The leads of `hand` in search order, a lead that announces a marriage (SS-7) as its
        card + 1000."""
        marriage_lead = self.marriage_lead
        moves = []
        m = hand
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            partner = marriage_lead[c]
            moves.append(c + 1000 if partner >= 0 and hand >> partner & 1 else c)
        if self.lead_order is not None:
            moves.sort(key=self.lead_order.__getitem__)
        return moves


_RULES = {}


def trick_rules(pos):
    """The tables of this position's rule set (its `Table`) and trump, built once."""
    key = (id(pos.t), pos.trump)
    rules = _RULES.get(key)
    if rules is None or rules.t is not pos.t:
        rules = _RULES[key] = TrickRules(pos)
    return rules
