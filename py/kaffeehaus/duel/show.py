"""What the page shows of a party: its observation of the deal and where the duel stands."""

from ..states import decode
from ..observation import observe
from . import abandon
from .proofs import fingerprint
from .verify import replay


class ShowMixin:
    def observation(self):
        """This seat's observation (docs/API.md) of the deal in play, or of the last verified
        deal while the next one is being shuffled; None before the first deal is dealt.
        Cards of this hand whose shares have not arrived yet are left out (status
        `cards_pending`; such an observation is for display, not for hint or ai_action), and
        nothing is legal while this seat cannot act."""
        if not self.in_play():
            return self.last_deal_observation()
        view = self.view()
        obs = self._without_fillers(observe(self.game_with(view), self.seat), view)
        self._count_a_stop(obs)
        if not self._can_act(view):
            obs["legal_actions"] = []
            obs["marriage_points"] = {}
            obs["marriage_claim_wins"] = {}
            obs["claim_wins"] = False
        return obs

    def _without_fillers(self, obs, view):
        """`obs` without the cards of `view` this seat has not opened yet: dealt or drawn, but
        the opponent's share for them has not come (the view holds fillers there)."""
        hidden = {view.completion[p] for p in self._missing(view)}
        if hidden:
            obs["hand"] = [c for c in obs["hand"] if c not in hidden]
            obs["illegal"] = {c: r for c, r in obs["illegal"].items() if c not in hidden}
            if obs["trump_card"] in hidden:     # the indicator is not open yet: its card in the
                obs["trump_card"] = None         # view is a filler (possibly a card of the
                obs["trump"] = None              # opponent's hand), never to be shown
        return obs

    # --- the steps of one call, as kaffeehaus.api.play gives them ---------------------------
    def _note_step(self, view, seat, action):
        """Before `seat`'s `action` is applied to `view`: remember it for the call's steps,
        with the trick as it will lie on the table when this card completes one."""
        trick_view = None
        deal = view.deal
        if len(action) == 2 and len(deal.trick) == 1 and action in deal.hands[seat]:
            paused = deal.paused_before_collect(seat, action)
            game = self.game_with(view).with_current(paused)
            trick_view = self._without_fillers(observe(game, self.seat, paused=True), view)
        self._steps.append((self.deal.index, seat, action, trick_view))

    def steps(self):
        """The actions applied by the last `act` or `receive`, in order: {"seat", "action",
        "observation", "trick_view"}, the observation being that of the step's deal at the end
        of the call (this deal's, or the last verified deal's when the call ended it and the
        next one began), the trick view the trick as it lay before it was collected."""
        steps = getattr(self, "_steps", [])
        if not steps:
            return []
        current = self.observation()
        ended = self.last_deal_observation() if self.finished else None
        playing = self.deal.index if self.deal is not None else None
        return [{"seat": seat, "action": action, "trick_view": trick_view,
                 "observation": current if index == playing else ended}
                for index, seat, action, trick_view in steps]

    def last_deal_observation(self):
        """This seat's observation of the last verified deal, at its end; None before one."""
        if not self.finished:
            return None
        obs = observe(decode(self.verified_state()), self.seat)
        obs["legal_actions"] = []
        self._count_a_stop(obs)
        return obs

    def _stopped_match(self):
        """The match score with a recorded stop that counts (abandon.py) as its last deal; None
        when nobody stopped after a shuffle or the duel is a single deal."""
        stopped = abandon.describe(self)
        if stopped is None or stopped["counts_as"] is None or not self.is_match:
            return None
        return abandon.match_status(self, self._results())

    def _count_a_stop(self, obs):
        """The score sheet the table shows counts the deal a stop cost, as the status does."""
        match = self._stopped_match()
        if match is not None:
            obs["match"] = match

    def fingerprint(self):
        """The game's fingerprint (both signing keys), or None before the friend has joined."""
        if self.their_sign is None:
            return None
        keys = [self.sign_public(), self.their_sign]
        return fingerprint(self.chain.game, *(keys if self.seat == 0 else keys[::-1]))

    def status(self):
        """Where the duel stands, for the page: whose move, what was verified, what to resend."""
        state = self.verified_state()
        deferred = []
        pending = 0
        if self.over:
            phase = "over"
        elif not self.in_play():
            joined = self.coin is not None or self.deal is not None or self.finished
            phase = "shuffling" if joined else "waiting"
        else:
            view = self.view()
            deferred = list(view.deferred)
            pending = len(self._missing(view))
            if view.deal.result is not None:
                phase = "verifying"
            elif self._can_act(view):
                phase = "your_turn"
            else:
                phase = "their_turn"
        status_of_match = self._stopped_match()
        if status_of_match is None and state is not None and self.is_match:
            status_of_match = decode(state).match_status()
        stopped = abandon.describe(self)
        return {"game": self.chain.game, "seat": self.seat, "profile": self.profile,
                "options": dict(self.options), "match": self.is_match, "group": self.group.name,
                "phase": phase, "deal": self.deal.index if self.deal else len(self.finished),
                "deals_verified": len(self.finished),
                "last_result": replay(state) if state else None,
                "match_status": status_of_match,
                "verified_state": state,
                "deferred_checks": deferred,
                "cards_pending": pending,
                "messages_received": self.chain.seq,
                "fingerprint": self.fingerprint(),
                "stopped": stopped,
                "resend": [dict(m) for m in self.sent]}
