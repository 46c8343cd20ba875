"""A Bohemian Schneider deal position for search: the rules of `schneider.py` over card indices
and hand bitmasks (see `model`); `tests/ai/test_model.py` plays it against the engine.
"""

from ..ruletable import NO_TRUMP
from .position import Position


def neighbour_winner(t, lead):
    """SN-11: the only card that wins the lead `lead` under the neighbour rule (the rule
    table's trick winner), or -1 when nothing wins it (an ace)."""
    winners = t.beats[NO_TRUMP][lead]
    return winners.bit_length() - 1 if winners else -1


class SchneiderPos(Position):
    """One Bohemian Schneider deal position with every card placed (RULES.md Part 1).

    `honours` per seat; `total` honours in the deck and `schneider_at` the threshold of a
    2-point win (SN-6, SN-10); other fields as in `SchnapsenPos`."""

    game = "schneider"
    __slots__ = ("t", "neighbour", "follow", "trump", "beats", "cumulative", "total",
                 "schneider_at", "hands", "stock", "honours", "leader", "lead", "tricks_played", "result")
    LISTS = ("hands", "stock", "honours")

    @classmethod
    def from_layout(cls, t, *, profile, options, trump, hands, stock, leader, lead=-1,
                    honours=(0, 0), tricks_played=0, result=None):
        """A position from the public facts of a deal and one layout of its cards."""
        o = object.__new__(cls)
        rules = t.rules
        o.t = t
        o.neighbour = rules.neighbour                          # SN-11
        o.follow = rules.follow_suit                           # SN-10 follow_suit
        o.trump = trump
        o.beats = t.beats[NO_TRUMP if trump is None else trump]   # SN-7, SN-10 trump, SN-11
        o.cumulative = rules.cumulative                        # SN-10 cumulative
        o.total = rules.total_honours                          # SN-2, SN-6
        o.schneider_at = rules.schneider_at                    # SN-6, SN-10
        o.hands = list(hands)
        o.stock = list(stock)
        o.honours = list(honours)
        o.leader = leader
        o.lead = lead
        o.tricks_played = tricks_played
        o.result = result
        return o

    def answers(self, p):
        hand = self.hands[p]
        if self.follow:
            same = hand & self.t.suit_mask[self.t.suit[self.lead]]
            if same:
                return same
        return hand

    def legal_actions(self):
        if self.result is not None:
            return []
        p = self.to_move()
        if self.lead < 0:
            return self.t.cards(self.hands[p])
        return self.t.cards(self.answers(p))

    def trump_card(self):
        return self.stock[-1] if self.trump is not None and self.stock else -1

    def wins(self, c, lead):
        """Whether answer `c` wins the trick led with `lead` (the rule table's trick winner)."""
        return bool(self.beats[lead] >> c & 1)

    def apply(self, action):
        self.play(self.to_move(), self.t.index[action])

    def play(self, p, c):
        self.hands[p] &= ~(1 << c)
        if self.lead < 0:
            self.leader = p
            self.lead = c
            return
        t = self.t
        lead = self.lead
        w = 1 - self.leader if self.beats[lead] >> c & 1 else self.leader
        self.honours[w] += t.honour[c] + t.honour[lead]
        self.tricks_played += 1
        self.lead = -1
        self.leader = w
        if self.stock:
            self.hands[w] |= 1 << self.stock.pop(0)
            self.hands[1 - w] |= 1 << self.stock.pop(0)
        if not self.hands[0] and not self.hands[1]:
            self.result = self.score_end()

    def score_end(self):
        h = self.honours
        if h[0] == h[1]:
            return (None, 0, "draw")                           # SN-6
        w = 0 if h[0] > h[1] else 1
        return (w, self.t.rules.honour_result(h[w], h[1 - w])[0], "honours")   # SN-6, SN-10
