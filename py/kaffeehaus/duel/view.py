"""A party's picture of the current deal, built from what it knows.

Neither party knows the whole deck during play. A party fills the deck consistently with its
knowledge: every position it has opened (its own cards, the indicator, every card played,
shown or exchanged) holds its true card, and the cards it has not seen fill the other
positions in a fixed order. The engine's own deal is then built from that deck and the
public action log. In that deal:

- the party's own hand and every public fact (cards played, tricks, points, the talon's size,
  the close, marriages) are the true ones, so the engine's `legal_actions` for the party's
  seat and its observation of that seat are exactly those of the real deal (the observation
  is built from public facts and the seat's own hand only; tests/engine/test_duel_view.py
  checks this against the plain engine for every profile);
- which position lies where (a hand, the stock, the table) is true too: it depends only on the
  deal's layout and the public log, never on hidden cards. `positions(...)` reads it.

The opponent's hidden cards are fillers, so its actions are checked with what can be checked:
its turn, a card from a position in its hand (and, by the caller, the card that position opens
to), a marriage's King and Queen, the trump jack of an exchange. A card that the engine
refuses only because of the filled-in hand (must follow suit, must beat, must trump: phase 2,
or Schneider's `follow_suit`) is accepted for now and checked when the full deck is revealed
at the end of the deal (verify.py replays everything through the plain engine).
"""

from ..deal import IllegalAction
from ..messages import short
from ..game import deal_class
from ..profiles import deck_of
from .errors import IllegalMove

# Refusals that depend on the rest of the hand: unknown to the opponent until the deal's end.
HAND_DEPENDENT = frozenset({"must_follow_suit", "must_beat", "must_trump"})


class View:
    """The engine deal of one party's knowledge, with the public positions and who saw what."""

    def __init__(self, profile, options, dealer, seat, known, actions, fill=None):
        """`known`: {position: card} opened by `seat`; `actions`: [(player, action)] of the
        deal so far; `fill`: the order of the unseen cards (the profile's order if None: any
        order gives the same legal actions and observation for `seat`)."""
        cards = deck_of(profile, options) if fill is None else fill
        seen_cards = set(known.values())
        rest = iter(c for c in cards if c not in seen_cards)
        self.completion = [known[i] if i in known else next(rest) for i in range(len(cards))]
        self.position = {card: i for i, card in enumerate(self.completion)}
        self.seat = seat
        self.deal = deal_class(profile)(profile, options, self.completion, dealer)
        self.public = set()
        if self.deal.trump_card is not None:            # SS-2, SN-10 trump: the indicator
            self.public.add(self.position[self.deal.trump_card])
        self.seen = [self.hand_positions(0), self.hand_positions(1)]
        self.deferred = []        # numbers of opponent actions to check at the end of the deal
        for number, (player, action) in enumerate(actions):
            self.apply(player, action, number)

    # --- positions ---------------------------------------------------------------------------
    def hand_positions(self, player):
        return {self.position[c] for c in self.deal.hands[player]}

    def stock_positions(self):
        return [self.position[c] for c in self.deal.stock]

    def entitled(self, player):
        """Positions `player` may have opened: its own cards (held now or before) and the
        public ones."""
        return self.seen[player] | self.public

    def shown_positions(self, action):
        """Positions an action shows to both seats: the card played, the trump jack given in
        exchange (SS-6), the King and Queen of a marriage (SS-7, OB-2)."""
        deal = self.deal
        if action == "exchange":
            return [self.position["J" + deal.trump]]
        if action.startswith("marry:"):
            return [self.position["K" + action[-1]], self.position["Q" + action[-1]]]
        if len(action) == 2 and action in self.position:
            return [self.position[action]]
        return []

    # --- playing -----------------------------------------------------------------------------
    def apply(self, player, action, number=None):
        """Apply a logged action: the party's own strictly, the opponent's as far as it can be
        checked (see the module's docstring). IllegalMove when refused."""
        deal = self.deal
        if not isinstance(action, str) or deal.to_move() != player:
            raise IllegalMove(f"action {short(action)}: it is not seat {player}'s turn")
        if player == self.seat or action in deal.legal_actions():
            try:
                deal.apply(action)
            except IllegalAction as exc:
                raise IllegalMove(str(exc)) from None
        elif (len(action) == 2 and action in deal.hands[player]
              and deal.refusal_code(player, action) in HAND_DEPENDENT):
            deal.actions.append((player, action))          # what Deal.apply does once checked
            deal._apply_legal(player, action)
            self.deferred.append(number)
        else:
            try:
                deal.apply(action)
            except IllegalAction as exc:
                raise IllegalMove(str(exc)) from None
        self.public.update(self.shown_positions(action))   # legal now: the cards exist
        for p in (0, 1):
            self.seen[p] |= self.hand_positions(p)
