"""What both game families share: one deal's positions, its action log and trick bookkeeping.

A deal object is owned by whoever built it; `copy()` gives an independent one. The rules of
each family live in `schnapsen.py` and `schneider.py`; this module knows nothing of scoring.
"""

from .messages import CodedError, short
from .profiles import TRICK_REVIEW
from .ruletable import rules_for


class IllegalAction(CodedError):
    """An action that the rules do not allow in this position (RULES.md AC-4). `reason` is the
    English sentence; `code` and `params` say the same for the page (messages.ERROR_CODES)."""

    def __init__(self, action, reason, code="not_legal_now", params=None):
        super().__init__(f"illegal action {short(action)}: {reason}", code, params)
        self.action = action
        self.reason = reason


# Why a deal's result is worth its game points (result["why"]["code"]), with the figures each
# gives in result["why"]["params"] (docs/API.md): the loser's standing (SS-9, SB-7: 1 with 33
# or more, 2 below 33, 3 without a trick), the same at the close (SV-5), the fixed values of
# false claims and failed closes (SV-3, SV-5; SB-2, SB-3: always 2), the Phase-2 sweep (SB-5),
# the last trick (SV-4, SB-4) and the honours (SN-6, SN-10).
RESULT_WHY = {
    "loser_33": ("points",), "loser_under_33": ("points",), "loser_no_trick": (),
    "close_loser_33": ("points",), "close_loser_under_33": ("points",),
    "close_loser_no_trick": (), "last_trick_only": ("points",), "false_claim": (),
    "false_claim_no_trick": (), "closed_failed": (), "closed_failed_no_trick": (),
    "false_claim_fixed": (), "closed_failed_fixed": (), "sweep": (), "tie_last_trick": ("points",),
    "draw": ("honours",), "difference": ("won", "lost"), "schwarz": ("total",),
    "schneider": ("won", "at", "total"), "majority": ("won", "at", "total"),
}


class Trick:
    __slots__ = ("leader", "cards", "winner", "phase2", "first_action", "end_action")

    def __init__(self, leader, cards, winner, phase2, first_action, end_action):
        self.leader = leader
        self.cards = cards      # [(player, card), (player, card)]
        self.winner = winner
        self.phase2 = phase2    # AC-6: led while the talon was closed or exhausted
        # actions[first_action:end_action] of the deal's log belong to this trick: what the
        # leader did before leading (exchange, close, marry:), the lead, the answer
        self.first_action = first_action
        self.end_action = end_action

    def as_json(self, actions, value):
        """JSON of the finished trick; `actions` is the deal's log of (player, action),
        `value(card)` what a captured card counts (card points, SS-1, or honours, SN-2)."""
        return {"leader": self.leader, "cards": [list(pc) for pc in self.cards],
                "winner": self.winner, "phase": 2 if self.phase2 else 1,
                "points": value(self.cards[0][1]) + value(self.cards[1][1]),
                "actions": [[p, a] for p, a in actions[self.first_action:self.end_action]]}


class Deal:
    """Common state of a two-player trick-taking deal with a stock."""

    game = None          # "schnapsen" | "schneider"
    hand_size = None

    def __init__(self, profile, options, deck, dealer):
        self.profile = profile
        self.options = options
        self.rules = rules_for(profile, options)     # every rule fact of the deal (ruletable.py)
        self.deck = tuple(deck)
        self.dealer = dealer
        self.forehand = 1 - dealer
        self.hands = [[], []]
        self.stock = []            # top first
        self.trump = None
        self.trick = []            # [(player, card)] on the table
        self.leader = self.forehand
        self.history = []          # finished Tricks
        self.piles = [[], []]      # captured cards
        self.actions = []          # [(player, action)], every action of the deal
        self.known = [set(), set()]  # OB-2: cards publicly known to be in a hand
        self.result = None
        self.trick_review = TRICK_REVIEW[profile]   # SV-6 "own" / ST-1 "last"

    # --- copying -------------------------------------------------------------------------
    def copy(self):
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.hands = [list(h) for h in self.hands]
        other.stock = list(self.stock)
        other.trick = list(self.trick)
        other.history = list(self.history)   # Tricks are never modified once made
        other.piles = [list(p) for p in self.piles]
        other.actions = list(self.actions)
        other.known = [set(k) for k in self.known]
        self._copy_extra(other)
        return other

    def _copy_extra(self, other):
        """Families copy their own mutable fields here."""

    # --- queries ---------------------------------------------------------------------------
    @property
    def over(self):
        return self.result is not None

    def to_move(self):
        if self.result is not None:
            return None
        if not self.trick:
            return self.leader
        return 1 - self.leader

    def tricks_won(self, player):
        return len(self.piles[player]) // 2

    def reviewable_tricks(self, player):
        """Indices into `history` of the finished tricks `player` may look at now."""
        last = len(self.history) - 1
        if self.result is not None:                         # docs/DECISIONS.md: all, at the end
            return list(range(len(self.history)))
        last_visible = last >= 0 and not self.trick        # until the next lead
        if self.trick_review == "own":
            shown = [i for i, t in enumerate(self.history) if t.winner == player]
            if last_visible and (not shown or shown[-1] != last):
                shown.append(last)
            return shown
        return [last] if last_visible else []

    def paused_before_collect(self, player, card):
        """A copy with `card` (completing the trick) on the table, the trick not yet collected
        and nobody drawn: the instant both cards lie on the table. Only for viewing."""
        other = self.copy()
        other.hands[player].remove(card)
        other.known[player].discard(card)
        other.trick.append((player, card))
        return other

    def legal_actions(self):
        raise NotImplementedError

    # --- playing ---------------------------------------------------------------------------
    def apply(self, action):
        """Apply `action` in place after checking it is legal (AC-4: nothing changes if not)."""
        if not isinstance(action, str):
            raise IllegalAction(action, f"an action is a string, not {type(action).__name__}",
                                "not_an_action")
        if self.result is not None:
            raise IllegalAction(action, "the deal is over", "deal_over")
        legal = self.legal_actions()
        if action not in legal:
            code, params, sentence = self.refusal(action)
            raise IllegalAction(action, sentence, code, params)
        player = self.to_move()
        self.actions.append((player, action))
        self._apply_legal(player, action)

    def refusal(self, action):
        """Why `action` is not legal now (assumes it is not): (code, params, English sentence)."""
        player = self.to_move()
        if len(action) == 2 and action in self.deck:
            if action not in self.hands[player]:
                return "card_not_held", {"card": action}, f"player {player} does not hold {action}"
            return self.card_refusal(player, action)
        if action == "next":
            return "deal_not_over", {}, "the deal is not over"
        found = self.action_refusal(player, action)
        if found:
            return found
        return ("not_legal_now", {},
                f"not a legal action now; legal: {', '.join(self.legal_actions())}")

    def card_refusal(self, player, card):
        """(code, params, sentence) for a held card that may not be played now."""
        raise NotImplementedError

    def action_refusal(self, player, action):
        """(code, params, sentence) for an action other than a card, or None (not_legal_now)."""
        return None

    def _apply_legal(self, player, action):
        raise NotImplementedError

    def _play_card(self, player, card):
        """Move a card from the hand to the table; resolve the trick when it is complete."""
        self.hands[player].remove(card)
        self.known[player].discard(card)
        if not self.trick:
            self.leader = player
            self._on_lead(player)
        self.trick.append((player, card))
        if len(self.trick) == 2:
            self._resolve_trick()

    def _on_lead(self, player):
        """Hook run when a trick is led (Schnapsen clears its per-turn flags here)."""

    def _resolve_trick(self):
        lead_card = self.trick[0][1]
        answer_card = self.trick[1][1]
        responder_wins = self.beats(answer_card, lead_card)
        winner = 1 - self.leader if responder_wins else self.leader
        first = self.history[-1].end_action if self.history else 0
        self.history.append(Trick(self.leader, list(self.trick), winner, self.in_phase2(),
                                  first, len(self.actions)))
        self.piles[winner].extend(card for _, card in self.trick)
        self.trick = []
        self.leader = winner
        self._draw_after_trick(winner)
        if not self.hands[0] and not self.hands[1]:
            self.result = self.score_end()

    def _draw_after_trick(self, winner):
        """Winner draws first, then the loser (SN-5, SS-4), while drawing is allowed."""
        if self.stock and self.drawing_allowed():
            for player in (winner, 1 - winner):
                card = self.stock.pop(0)
                self.hands[player].append(card)
                if not self.stock:
                    self._on_last_card_drawn(player, card)

    def _on_last_card_drawn(self, player, card):
        """OB-2: the indicator drawn last becomes a known card of that hand."""
        if self.trump is not None:
            self.known[player].add(card)

    def drawing_allowed(self):
        return True

    def in_phase2(self):
        return False

    def beats(self, answer, lead):
        """SS-3, SN-7, SN-10, SN-11: whether `answer` wins the trick led with `lead`."""
        return answer in self.rules.beats_code[self.trump][lead]

    def score_end(self):
        raise NotImplementedError

    # --- small helpers -------------------------------------------------------------------------
    @staticmethod
    def result_of(winner, game_points, reason, points, why, why_params=None):
        """`reason`: how the deal ended; `why`: why it is worth `game_points` (a keyword of
        RESULT_WHY with its figures, for the page's words)."""
        return {"winner": winner, "game_points": game_points, "reason": reason,
                "points": list(points), "why": {"code": why, "params": dict(why_params or {})}}
