"""The shuffle of a deal (seat 0 = "A", seat 1 = "B"), each pass proven and checked on receipt:

    A: deal n starts: A's public key h_A    (deal 0: + the game's hello, A's signing key and
                                             A's commitment to its coin bit)
    B: h_B, Y = B's shuffle of the plaintexts under b, its proof   (deal 0: + B's signing
                                             key and B's coin bit)
    A: Z = A's shuffle of Y under a, its proof, A's shares of B's hand and the indicator
                                            (deal 0: + A's coin opened)
    B: B's shares of A's hand and the indicator [+ B's first turn when B is forehand]

Every later deal of a match rides on the two messages that end the one before, so a new deal
costs no message of its own. The seat F whose action ends deal n-1 shuffles first:

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
from .shuffle import context, encrypt_and_shuffle
from .state import DealState


def coin_commitment(game_id, salt, bit):
    return hashlib.sha256(f"kaffeehaus/duel/coin/{game_id}/{salt}/{bit}".encode()).hexdigest()


class SetupMixin:
    """The messages of a deal before its first move."""

    def _dealer_of(self, index):
        if index == 0:
            return None                                 # decided by the coin
        return _match.next_dealer(self.profile, self.first_dealer, self._results())

    def _fresh_key(self):
        key = self.group.random_key()
        return key, self.group.public(key)

    def _new_deal(self, index):
        return DealState(index, self._dealer_of(index), *self._fresh_key())

    def _start_first_deal(self):
        """A: a fresh key for deal 0; its public half and A's coin commitment open it."""
        self.deal = self._new_deal(0)
        return {"deal": 0, "key": self.group.to_hex(self.deal.public),
                "coin": coin_commitment(self.chain.game, self.coin["salt"], self.coin["bit"])}

    def _open_next_deal(self, index):
        """F, as its action ends a deal of a match that goes on: a fresh key for the next deal
        and the first pass under it. Its dealer is set once the deal before is verified."""
        deal = self.next_deal = DealState(index, None, *self._fresh_key())
        return dict(self._first_pass(deal), deal=index)

    def _stage(self, body):
        n = len(self.cards)
        stage = body.get("stage")
        if not isinstance(stage, list) or len(stage) != n:
            raise MalformedMessage(f"the message must carry the deck: {n} ciphertexts")
        return [self.group.element(x, check=False) for x in stage]

    def _their_key(self, body):
        return self.group.element(body.get("key"))

    def _shuffle(self, before, deal):
        """This seat's pass: every element under its key of `deal`, in a fresh random order."""
        return encrypt_and_shuffle(self.group, before, deal.mine)

    def _prove(self, before, after, deal):
        return prove_shuffle(self.group, context(self.chain.game, deal.index, self.seat, "shuffle"),
                             before, after, deal.mine, deal.public)

    def _check_pass(self, body, before):
        """The friend's pass: refused unless its proof shows a shuffle under its key."""
        d = self.deal
        after = self._stage(body)
        where = context(self.chain.game, d.index, self.opponent, "shuffle")
        if not check_shuffle(self.group, where, before, after, d.theirs, body.get("proof")):
            raise VerificationFailed(f"seat {self.opponent}'s shuffle proof fails: the deck "
                                     f"was not shuffled honestly")
        return after

    def _next_part(self, body, fields):
        """The `next` of a message that ends a deal: an object with only `fields`."""
        if not isinstance(body, dict):
            raise MalformedMessage("the next deal must be an object")
        self._allow(body, fields)

    def _first_pass(self, deal):
        """This seat's key and Y = its shuffle of the plaintexts under it, with its proof."""
        plain = list(self.table())
        Y = self._shuffle(plain, deal)
        deal.stages = [Y]
        return {"key": self.group.to_hex(deal.public), "stage": [self.group.to_hex(y) for y in Y],
                "proof": self._prove(plain, Y, deal)}

    def _on_deal_start(self, body):
        """B: A's public key and coin commitment; Y with its proof, B's coin bit."""
        if not isinstance(body.get("coin"), str) or len(body["coin"]) != 64:
            raise MalformedMessage("the first deal needs the coin's commitment")
        self.deal = deal = self._new_deal(0)
        deal.theirs = self._their_key(body)
        self.coin = {"commit": body["coin"], "bit": secrets.randbelow(2)}
        reply = {"deal": 0, "coin": self.coin["bit"], "sign": self.group.to_hex(self.sign_public())}
        reply.update(self._first_pass(deal))
        return [self._send(reply)]

    def _on_next_deal(self, body):
        """O, once the deal before is verified: F's key and Y, checked; Z with its proof and
        O's shares of F's hand: the `next` of O's reveal."""
        self._next_part(body, {"deal", "key", "stage", "proof"})
        if body.get("deal") != len(self.finished):
            raise ChainError("the next deal has the wrong number")
        self.deal = self._new_deal(body["deal"])
        return self._second_pass(body, {"deal": body["deal"],
                                        "key": self.group.to_hex(self.deal.public)})

    def _on_first_pass(self, body):
        """A: B's Y, checked; shuffle it under A's key: Z, with its proof and A's shares."""
        deal = self.deal
        reply = {"deal": deal.index}
        if deal.index == 0:
            bit = body.get("coin")
            if bit not in (0, 1) or type(bit) is not int:
                raise MalformedMessage("the first deal needs the opponent's coin bit (0 or 1)")
            self.coin["their_bit"] = bit
            self.first_dealer = deal.dealer = self.coin["bit"] ^ bit
            reply["coin_open"] = {"bit": self.coin["bit"], "salt": self.coin["salt"]}
        return [self._send(self._second_pass(body, reply))]

    def _second_pass(self, body, reply):
        """The friend's key and Y, checked; Z = this seat's shuffle of Y, with its proof and
        this seat's shares (for the friend's hand and the indicator), added to `reply`."""
        deal = self.deal
        deal.theirs = self._their_key(body)
        Y = self._check_pass(body, list(self.table()))
        Z = self._shuffle(Y, deal)
        deal.stages = [Y, Z]
        reply["stage"] = [self.group.to_hex(z) for z in Z]
        reply["proof"] = self._prove(Y, Z, deal)
        reply.update(self._compose() or {})
        return reply

    def _on_second_pass(self, body):
        """B: A's Z, checked, with A's shares of B's hand and the indicator; B's shares go
        back now, or with B's first turn when B is forehand."""
        deal = self.deal
        Z = self._check_pass(body, deal.stages[0])
        if deal.index == 0:
            opened = body.get("coin_open")
            if (not isinstance(opened, dict) or set(opened) != {"bit", "salt"}
                    or opened["bit"] not in (0, 1) or not isinstance(opened["salt"], str)
                    or coin_commitment(self.chain.game, opened["salt"], opened["bit"])
                    != self.coin["commit"]):
                raise KeyMismatch("the coin for the first dealer does not match its commitment")
            self.first_dealer = deal.dealer = opened["bit"] ^ self.coin["bit"]
        deal.stages.append(Z)
        return self._on_play(body)

    def _on_next_pass(self, body):
        """F, once the deal before is verified: O's key, Z and shares for F's hand (the `next`
        of O's reveal); F's shares go back now, or with F's first turn when F is forehand."""
        self._next_part(body, {"deal", "key", "stage", "proof", "keys"})
        deal, self.next_deal = self.next_deal, None
        if deal is None or body.get("deal") != deal.index or deal.index != len(self.finished):
            raise ChainError("the next deal has the wrong number")
        deal.dealer = self._dealer_of(deal.index)
        deal.theirs = self._their_key(body)
        self.deal = deal
        deal.stages.append(self._check_pass(body, deal.stages[0]))
        return self._on_play(body)
