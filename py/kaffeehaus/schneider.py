"""Rules of Bohemian Schneider: `schneider` and `schneider-neighbour` (RULES.md Part 1)."""

from .cards import rank_of, suit_of
from .deal import Deal


class SchneiderDeal(Deal):
    game = "schneider"

    def __init__(self, profile, options, deck, dealer):
        super().__init__(profile, options, deck, dealer)
        rules = self.rules
        self.hand_size = rules.hand_size                         # SN-3
        self.neighbour = rules.neighbour                         # SN-11
        self.ranks = rules.ranks                                 # SN-1, SN-10 deck: 24
        self.honour_ranks = rules.honour_ranks                   # SN-2, SN-10 deck: 24
        self.total_honours = rules.total_honours
        self.schneider_at = rules.schneider_at                   # SN-6, SN-10 thresholds
        self.follow_suit = rules.follow_suit                     # SN-10 follow_suit
        self._deal()

    def _deal(self):
        # SN-3: 3 to forehand, 3 to the dealer, 3 and 3 again; the rest is the stock, top first
        d, fh, dl = self.deck, self.forehand, self.dealer
        self.hands[fh] = list(d[0:3]) + list(d[6:9])
        self.hands[dl] = list(d[3:6]) + list(d[9:12])
        self.stock = list(d[12:])
        if self.rules.has_trump:
            # SN-10 `trump` decision: the bottom card of the stock is the indicator, drawn last
            self.trump = suit_of(self.stock[-1])

    @property
    def trump_card(self):
        return self.stock[-1] if self.trump is not None and self.stock else None

    def strength(self, card):
        return len(self.ranks) - self.ranks.index(rank_of(card))

    # --- legality ----------------------------------------------------------------------------
    def legal_actions(self):
        if self.result is not None:
            return []
        player = self.to_move()
        return self.playable(player)

    def playable(self, player):
        hand = self.hands[player]
        if self.trick and self.follow_suit:
            led = suit_of(self.trick[0][1])
            same = [c for c in hand if suit_of(c) == led]
            if same:
                return same                                    # SN-10 follow_suit
        return list(hand)                                      # SN-4

    def refusal_code(self, player, card):
        if self.result is not None:
            return "deal_over"
        if self.to_move() != player:
            return "not_your_turn"
        return None if card in self.playable(player) else "must_follow_suit"

    def card_refusal(self, player, card):
        code = self.refusal_code(player, card) or "not_legal_now"
        if code == "must_follow_suit":
            return (code, {"suit": suit_of(self.trick[0][1])},
                    "the led suit must be followed (SN-10 follow_suit)")
        return code, {}, "not legal now"

    def _apply_legal(self, player, action):
        self._play_card(player, action)

    # --- scoring -----------------------------------------------------------------------------
    def card_value(self, card):
        return self.rules.card_value[rank_of(card)]            # SN-2, SN-10 deck: 24

    def honours(self, player):
        value = self.rules.card_value
        return sum(value[rank_of(c)] for c in self.piles[player])

    def score_end(self):
        h = (self.honours(0), self.honours(1))
        if h[0] == h[1]:
            return self.result_of(None, 0, "draw", h, "draw", {"honours": h[0]})  # SN-6: 10-10 (8-8)
        winner = 0 if h[0] > h[1] else 1
        won, lost = h[winner], h[1 - winner]
        game_points, why = self.rules.honour_result(won, lost)   # SN-6, SN-10 cumulative
        if why == "difference":
            params = {"won": won, "lost": lost}
        elif why == "schwarz":
            params = {"total": self.total_honours}
        else:
            params = {"won": won, "at": self.schneider_at, "total": self.total_honours}
        return self.result_of(winner, game_points, "honours", h, why, params)
