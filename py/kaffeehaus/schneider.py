"""Rules of Bohemian Schneider: `schneider` and `schneider-neighbour` (RULES.md Part 1)."""

from .cards import rank_of, suit_of
from .deal import Deal


class SchneiderDeal(Deal):
    game = "schneider"
    hand_size = 6

    def __init__(self, profile, options, deck, dealer):
        super().__init__(profile, options, deck, dealer)
        self.neighbour = profile == "schneider-neighbour"
        small = options.get("deck") == 24
        self.ranks = "AKQJT9" if small else "AKQJT987"
        # SN-2; SN-10 decision: with 24 cards the tens are not honours (16 honours)
        self.honour_ranks = "AKQJ" if small else "AKQJT"
        self.total_honours = 16 if small else 20
        self.schneider_at = 13 if small else 16                  # SN-6, SN-10 thresholds
        self.follow_suit = bool(options.get("follow_suit"))
        self._deal()

    def _deal(self):
        # SN-3: 3 to forehand, 3 to the dealer, 3 and 3 again; the rest is the stock, top first
        d, fh, dl = self.deck, self.forehand, self.dealer
        self.hands[fh] = list(d[0:3]) + list(d[6:9])
        self.hands[dl] = list(d[3:6]) + list(d[9:12])
        self.stock = list(d[12:])
        if self.options.get("trump"):
            # SN-10 `trump` decision: the bottom card of the stock is the indicator, drawn last
            self.trump = suit_of(self.stock[-1])

    @property
    def trump_card(self):
        return self.stock[-1] if self.trump is not None and self.stock else None

    def strength(self, card):
        return len(self.ranks) - self.ranks.index(rank_of(card))

    def beats(self, answer, lead):
        same_suit = suit_of(answer) == suit_of(lead)
        if self.neighbour:
            # SN-11: only the next rank up of the led suit wins
            return same_suit and self.strength(answer) == self.strength(lead) + 1
        if same_suit:
            return self.strength(answer) > self.strength(lead)   # SN-7
        return self.trump is not None and suit_of(answer) == self.trump  # SN-10 trump

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
        return 1 if rank_of(card) in self.honour_ranks else 0  # SN-2, SN-10 deck: 24

    def honours(self, player):
        return sum(1 for c in self.piles[player] if rank_of(c) in self.honour_ranks)

    def score_end(self):
        h = (self.honours(0), self.honours(1))
        if h[0] == h[1]:
            return self.result_of(None, 0, "draw", h, "draw", {"honours": h[0]})  # SN-6: 10-10 (8-8)
        winner = 0 if h[0] > h[1] else 1
        won, lost = h[winner], h[1 - winner]
        if self.options.get("cumulative"):
            game_points = won - lost                           # SN-10 cumulative
            why, params = "difference", {"won": won, "lost": lost}
        elif won == self.total_honours:
            game_points = 3                                    # Schwarz
            why, params = "schwarz", {"total": self.total_honours}
        elif won >= self.schneider_at:
            game_points = 2                                    # Schneider
            why, params = "schneider", {"won": won, "at": self.schneider_at,
                                        "total": self.total_honours}
        else:
            game_points = 1
            why, params = "majority", {"won": won, "at": self.schneider_at,
                                       "total": self.total_honours}
        return self.result_of(winner, game_points, "honours", h, why, params)
