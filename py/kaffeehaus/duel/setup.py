"""The shuffle of a deal (seat 0 = "A", seat 1 = "B"), each pass proven and checked on receipt.

The invitation and the reply carry no deck, so that each fits one QR code:

    A: the game's hello, A's signing key, A's commitment to its coin bit     (the invitation)
    B: B's signing key and B's coin bit                                       (the reply)
    A: A's coin opened (the first dealer is known), next = {h_A, Y = A's shuffle of the
       plaintexts under a, its proof}
    B: next = {h_B, Z = B's shuffle of Y under b, its proof, B's shares of A's hand and the
       indicator}
    A: A's shares of B's hand and the indicator [+ A's first turn when A is forehand]

Every later deal of a match rides on the two messages that end the one before, in the same
shape. The seat F whose action ends deal n-1 shuffles first:

    F: its last actions, its key of deal n-1, next = {h_F, Y = F's shuffle of the plaintexts
       under f, its proof}
    O: its key of deal n-1 (deal n-1 verified), next = {h_O, Z = O's shuffle of Y under o,
       its proof, O's shares of F's hand and the indicator}
    F: (deal n-1 verified) F's shares of O's hand and the indicator [+ F's first turn when F
       is forehand]

No share leaves a seat before Z is fixed and proven, so no one can choose a card for a
position whose opening it has seen.
"""

import hashlib
import secrets

from .. import match as _match
from .errors import ChainError, KeyMismatch, MalformedMessage, VerificationFailed
from .proofs import check_shuffle, prove_shuffle
from .saved import is_hex
from .shuffle import encrypt_and_shuffle
from .state import DealState


def coin_commitment(game_id, inviter_key, salt, bit):
    """The inviter's commitment to its coin bit, bound to the game and the inviter's signing
    key (hex), so that no one can pass it off as its own in another game."""
    return hashlib.sha256(f"kaffeehaus/duel/coin/{game_id}/{inviter_key}/{salt}/{bit}".encode()
                          ).hexdigest()


def _is_bit(value):
    return type(value) is int and value in (0, 1)


class SetupMixin:
    """The messages of a deal before its first move."""

    def _dealer_of(self, index):
        if index == 0:
            return self.first_dealer                    # decided by the coin
        return _match.next_dealer(self.profile, self.first_dealer, self._results())

    def _fresh_key(self):
        key = self.group.random_key()
        return key, self.group.public(key)

    def _new_deal(self, index):
        return DealState(index, self._dealer_of(index), *self._fresh_key())

    def _invitation(self):
        """A's first message: its commitment to its coin bit (the hello is added by Party)."""
        return {"deal": 0, "coin": coin_commitment(self.chain.game, self.group.to_hex(self.sign_public()),
                                                   self.coin["salt"], self.coin["bit"])}

    def _open_next_deal(self, index):
        """F, as it opens a deal (deal 0, or the next one as its action ends a deal of a
        match): a fresh key and the first pass under it. Its dealer is set once the deal
        before is verified."""
        deal = self.next_deal = DealState(index, None, *self._fresh_key())
        return dict(self._first_pass(deal), deal=index)

    def _stage(self, body):
        n = len(self.cards)
        stage = body.get("stage")
        if not isinstance(stage, list) or len(stage) != n:
            raise MalformedMessage(f"the message must carry the deck: {n} ciphertexts")
        return [self.group.element(x) for x in stage]

    def _their_key(self, body):
        return self.group.element(body.get("key"))

    def _pass(self, before, deal):
        """This seat's pass: every element under its key of `deal`, in a fresh random order,
        with the proof."""
        after, order = encrypt_and_shuffle(self.group, before, deal.mine)
        proof = prove_shuffle(self.group, self._context(deal.index, self.seat, "shuffle"),
                              before, after, order, deal.mine, deal.public)
        return after, proof

    def _check_pass(self, body, before):
        """The friend's pass: refused unless its proof shows a shuffle under its key."""
        d = self.deal
        after = self._stage(body)
        where = self._context(d.index, self.opponent, "shuffle")
        if not check_shuffle(self.group, where, before, after, d.theirs, body.get("proof")):
            raise VerificationFailed(f"seat {self.opponent}'s shuffle proof fails: the deck "
                                     f"was not shuffled honestly")
        return after

    def _next_part(self, body, fields):
        """The `next` of a message that opens a deal: an object with only `fields`."""
        if not isinstance(body, dict):
            raise MalformedMessage("the next deal must be an object")
        self._allow(body, fields)

    def _first_pass(self, deal):
        """This seat's key and Y = its shuffle of the plaintexts under it, with its proof."""
        Y, proof = self._pass(list(self.table()), deal)
        deal.stages = [Y]
        return {"key": self.group.to_hex(deal.public), "stage": [self.group.to_hex(y) for y in Y],
                "proof": proof}

    def _on_invitation(self, body):
        """B: A's coin commitment; B's coin bit goes back (with B's signing key)."""
        if not is_hex(body.get("coin"), 64):
            raise MalformedMessage("the invitation needs the coin's commitment: 64 hex digits")
        self.coin = {"commit": body["coin"], "bit": secrets.randbelow(2)}
        return [self._send({"deal": 0, "coin": self.coin["bit"],
                            "sign": self.group.to_hex(self.sign_public())})]

    def _on_join(self, body):
        """A: B's coin bit decides the first dealer; A opens its coin and deal 0's first pass."""
        bit = body.get("coin")
        if not _is_bit(bit):
            raise MalformedMessage("the join needs the friend's coin bit (0 or 1)")
        self.coin["their_bit"] = bit
        self.first_dealer = self.coin["bit"] ^ bit
        return [self._send({"deal": 0, "coin_open": {"bit": self.coin["bit"],
                                                     "salt": self.coin["salt"]},
                            "next": self._open_next_deal(0)})]

    def _on_coin_and_first_pass(self, body):
        """B: A's coin opened against its commitment, then A's first pass answered like the
        `next` of any deal."""
        opened = body.get("coin_open")
        if (not isinstance(opened, dict) or set(opened) != {"bit", "salt"}
                or not _is_bit(opened["bit"]) or not is_hex(opened["salt"], 32)):
            raise MalformedMessage("the coin must be opened with its bit and 32 hex digits")
        inviter = self.group.to_hex(self.their_sign)
        if coin_commitment(self.chain.game, inviter, opened["salt"], opened["bit"]) != self.coin["commit"]:
            raise KeyMismatch("the coin for the first dealer does not match its commitment")
        self.first_dealer = opened["bit"] ^ self.coin["bit"]
        return [self._send({"deal": 0, "next": self._on_next_deal(body.get("next"))})]

    def _on_next_deal(self, body):
        """O, once the deal before is verified: F's key and Y, checked; Z with its proof and
        O's shares of F's hand: the `next` O sends back."""
        self._next_part(body, {"deal", "key", "stage", "proof"})
        if body.get("deal") != len(self.finished):
            raise ChainError("the next deal has the wrong number")
        self.deal = deal = self._new_deal(body["deal"])
        deal.theirs = self._their_key(body)
        Y = self._check_pass(body, list(self.table()))
        Z, proof = self._pass(Y, deal)
        deal.stages = [Y, Z]
        reply = {"deal": deal.index, "key": self.group.to_hex(deal.public),
                 "stage": [self.group.to_hex(z) for z in Z], "proof": proof}
        reply.update(self._compose() or {})
        return reply

    def _on_next_pass(self, body):
        """F, once the deal before is verified: O's key, Z and shares for F's hand (the `next`
        of O's answer); F's shares go back now, or with F's first turn when F is forehand."""
        self._next_part(body, {"deal", "key", "stage", "proof", "keys"})
        deal, self.next_deal = self.next_deal, None
        if deal is None or body.get("deal") != deal.index or deal.index != len(self.finished):
            raise ChainError("the next deal has the wrong number")
        deal.dealer = self._dealer_of(deal.index)
        deal.theirs = self._their_key(body)
        self.deal = deal
        deal.stages.append(self._check_pass(body, deal.stages[0]))
        return self._on_play(body)
