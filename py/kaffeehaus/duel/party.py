"""One player's side of a duel: receiving the friend's messages, acting, what the page shows.

A Party is a small state machine over the messages of docs/PROTOCOL.md. Its whole state is
plain JSON (state.py), so a session can stop and resume at any point. Every call that changes
it (`receive`, `act`) either succeeds completely or raises a DuelError (a ValueError) and leaves
the party exactly as it was: its last verified position. Every message is signed with the
seat's signing key of the game and every message received is checked against the friend's
before anything else.
"""

import secrets

from ..messages import short
from ..profiles import check_profile, normalise_options
from . import group as _group
from . import abandon, messages
from .errors import ChainError, DuelError, IllegalMove, MalformedMessage, Unauthenticated
from .group import group as make_group
from .play import PlayMixin
from .proofs import sign, verify
from .setup import SetupMixin
from .show import ShowMixin
from .state import FORMAT, PartyState


class Party(SetupMixin, PlayMixin, ShowMixin, PartyState):
    """One seat of a duel. Build with `Party.new` or `Party.from_json`."""

    @classmethod
    def new(cls, profile, options=None, seat=0, *, is_match=True, group=None):
        """(party, messages to send): seat 0 starts the game (its first message is the
        invitation); seat 1 waits for that invitation."""
        profile = check_profile(profile)
        options = normalise_options(profile, options)
        if type(seat) is not int or seat not in (0, 1):
            raise ValueError(f"seat must be 0 or 1, not {short(seat)}")
        if type(is_match) is not bool:
            raise ValueError("match must be true or false")
        party = cls()
        party.group = make_group(group or _group.NAME)
        party.profile, party.options, party.is_match, party.seat = profile, options, is_match, seat
        party.chain = messages.Chain(secrets.token_hex(8) if seat == 0 else None)
        party.sent, party.finished = [], []
        party.coin = party.first_dealer = party.deal = party.next_deal = party.their_sign = None
        party.over = False
        party.stopped = None
        party.sign_key = party.group.random_key()
        if seat == 1:
            return party, []
        party.coin = {"bit": secrets.randbelow(2), "salt": secrets.token_hex(16), "their_bit": None}
        body = party._invitation()
        body["hello"] = party._hello()
        return party, [party._send(body)]

    def _hello(self, sign_public=None):
        return {"format": FORMAT, "profile": self.profile, "options": dict(self.options),
                "match": self.is_match, "group": self.group.name,
                "sign": self.group.to_hex(sign_public or self.sign_public())}

    # --- messages out ----------------------------------------------------------------------
    def _send(self, body):
        g = self.group
        signer = lambda text: [g.to_hex(x) for x in sign(g, self.sign_key, self.sign_public(),  # noqa: E731
                                                          text)]
        message = self.chain.send(self.seat, body, signer)
        self.sent.append(message)
        return message

    def _compose(self, view=None):
        """A message with everything this party owes now (actions, shares, its key at the
        end); None when it owes nothing."""
        d = self.deal
        view = view or self.view()
        body = {"deal": d.index}
        if d.draft:
            body["actions"] = [list(a) for a in d.draft]
            d.draft = []
        if view.deal.result is not None and not d.revealed:
            body["reveal"] = self.group.to_hex(d.mine)
            d.revealed = True
            d.disclosed = set(range(len(self.cards)))
            if self._match_goes_on(view):
                body["next"] = self._open_next_deal(d.index + 1)
        else:
            owed = self._owed(view)
            if owed:
                body["keys"] = self._shares_for(owed)
                d.disclosed |= owed
        return body if len(body) > 1 else None

    def _flush(self, view=None):
        body = self._compose(view)
        return [] if body is None else [self._send(body)]

    def _can_act(self, view):
        return (self.in_play() and view.deal.result is None
                and view.deal.to_move() == self.seat and not self._missing(view))

    # --- receiving -------------------------------------------------------------------------
    def receive(self, message):
        """Accept the opponent's next message; returns the messages to send back (0 or 1).
        On any error the party is unchanged."""
        return self._atomically(self._receive, message)

    def stop(self, who):
        """Record that `who` ("me" or "friend") stopped the game now (abandon.py)."""
        self.stopped = abandon.record(self, who)

    def act(self, action):
        """Play `action` for this seat; returns the messages to send (none while this seat
        still has the move: a whole turn travels in one message)."""
        return self._atomically(self._act, action)

    def _atomically(self, step, argument):
        saved = self.as_json()
        self._steps = []
        try:
            return step(argument)
        except DuelError:
            self._restore(saved)
            raise
        except (ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
            self._restore(saved)
            raise MalformedMessage(f"refused: {type(exc).__name__}: {exc}") from None

    def _restore(self, saved):
        self.__dict__.clear()
        self.__dict__.update(Party.from_json(saved).__dict__)

    def _sender_key(self, message):
        """The friend's signing key: known, or announced by the message itself (the
        invitation's hello; seat 1's first message)."""
        if self.their_sign is not None:
            return self.their_sign
        body = message["body"]
        announced = body.get("hello", {}).get("sign") if message["seq"] == 0 else body.get("sign")
        if not isinstance(announced, str):
            raise Unauthenticated("this code carries no signing key of your friend")
        return self.group.element(announced)

    def _authenticate(self, message):
        public = self._sender_key(message)
        g = self.group
        try:
            e, s = (g.scalar(x) for x in message["sig"])
        except MalformedMessage:
            raise Unauthenticated("this code's signature is malformed: someone else wrote it or "
                                  "it was changed; nothing was applied") from None
        if not verify(g, public, messages.signed_text(message), e, s):
            raise Unauthenticated("this code is not signed by your friend's key: someone else "
                                  "wrote it or it was changed; nothing was applied")
        return public

    def _receive(self, message):
        message = messages.check_shape(message)
        if self.chain.game is not None and message["game"] != self.chain.game:
            raise ChainError("this message belongs to another game")
        public = self._authenticate(message)
        self.chain.check(message, self.seat, self.sent)
        body = dict(message["body"])
        if message["seq"] == 0:
            self._check_hello(body.pop("hello", None))
        elif "hello" in body:
            raise MalformedMessage("only the first message says hello")
        if self.their_sign is None and self.seat == 0 and "sign" not in body:
            raise MalformedMessage("the join must announce the friend's signing key")
        if self.their_sign is None:
            body.pop("sign", None)
        index = body.get("deal")
        if type(index) is not int:
            raise MalformedMessage("a message must name its deal")
        self.their_sign = public
        self.stopped = None                             # the friend is back: play on
        self.chain.accept(message)
        self.sent = []
        return self._dispatch(index, body)

    def _check_hello(self, hello):
        if self.seat != 1:
            raise ChainError("seat 0 starts the game and never receives message 0")
        if not isinstance(hello, dict) or hello != self._hello(self.group.element(hello.get("sign"))):
            raise MalformedMessage("the invitation is for another game: profile, options, "
                                   "match or group differ")

    def _dispatch(self, index, body):
        if self.over:
            raise ChainError("the match is over: no more messages are expected")
        deal = self.deal
        if deal is None:            # deal 0's set-up: later deals ride on the last one's end
            return self._dispatch_set_up(index, body)
        if index != deal.index:
            raise ChainError(f"a message about deal {index} arrived during deal {deal.index}")
        if len(deal.stages) == 2:
            self._allow(body, {"deal", "keys", "actions", "reveal", "next"})
            return self._on_play(body)
        raise ChainError("a message arrived while the opponent was expected to wait")

    def _dispatch_set_up(self, index, body):
        """The messages before deal 0 is dealt (setup.py): invitation, reply, the two passes."""
        if index != 0 or self.finished:
            raise ChainError(f"a message about deal {index} arrived, deal 0 has not started")
        if self.seat == 1 and self.coin is None:
            self._allow(body, {"deal", "coin"})
            return self._on_invitation(body)
        if self.seat == 0 and self.next_deal is None and self.first_dealer is None:
            self._allow(body, {"deal", "coin"})
            return self._on_join(body)
        if self.seat == 1 and self.first_dealer is None:
            self._allow(body, {"deal", "coin_open", "next"})
            return self._on_coin_and_first_pass(body)
        if self.seat == 0 and self.next_deal is not None:
            self._allow(body, {"deal", "next"})
            return self._on_next_pass(body.get("next"))
        raise ChainError("a message arrived while the opponent was expected to wait")

    @staticmethod
    def _allow(body, fields):
        extra = set(body) - fields
        if extra:
            raise MalformedMessage(f"unexpected field {sorted(extra)[0][:30]!r} in this message")

    # --- acting ----------------------------------------------------------------------------
    def _act(self, action):
        if self.over:
            raise IllegalMove("the match is over")
        if not isinstance(action, str):
            raise IllegalMove("an action is a string")
        if action == "next":
            raise IllegalMove("the next deal starts by itself once both have verified this one")
        if not self.in_play():
            raise IllegalMove("the cards are not dealt yet: waiting for the opponent")
        view = self.view()
        if view.deal.result is not None:
            raise IllegalMove("the deal is over: waiting for the verification")
        if view.deal.to_move() != self.seat:
            raise IllegalMove(f"it is not seat {self.seat}'s turn")
        if self._missing(view):
            raise IllegalMove("waiting for the opponent's share of a card of this hand")
        self._note_step(view, self.seat, action)
        view.apply(self.seat, action)                  # IllegalMove unless legal
        self.stopped = None
        shown = view.shown_positions(action)
        deal = self.deal
        deal.actions.append([self.seat, action])
        deal.draft.append([action] + shown)
        view = self.view()
        if self._can_act(view):
            return []
        return self._flush(view)
