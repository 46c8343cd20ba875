"""The shuffle of a deal (seat 0 = "A", seat 1 = "B"), each pass proven and checked on receipt:

    A: deal n starts: A's public key h_A    (deal 0: + the game's hello, A's signing key and
                                             A's commitment to its coin bit)
    B: h_B, Y = B's shuffle of the plaintexts under b, its proof   (deal 0: + B's signing
                                             key and B's coin bit)
    A: Z = A's shuffle of Y under a, its proof, A's shares of B's hand and the indicator
                                            (deal 0: + A's coin opened)
    B: B's shares of A's hand and the indicator [+ B's first turn when B is forehand]

No share leaves a seat before Z is fixed and proven, so no one can choose a card for a
position whose opening it has seen.
"""

import hashlib
import secrets

from .. import match as _match
from .errors import KeyMismatch, MalformedMessage, VerificationFailed
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

    def _new_deal(self, index):
        key = self.group.random_key()
        return DealState(index, self._dealer_of(index), key, self.group.public(key))

    def _start_deal(self, index):
        """A: a fresh key for the deal; its public half opens the deal."""
        self.deal = self._new_deal(index)
        body = {"deal": index, "key": self.group.to_hex(self.deal.public)}
        if index == 0:
            body["coin"] = coin_commitment(self.chain.game, self.coin["salt"], self.coin["bit"])
        return body

    def _stage(self, body):
        n = len(self.cards)
        stage = body.get("stage")
        if not isinstance(stage, list) or len(stage) != n:
            raise MalformedMessage(f"the message must carry the deck: {n} ciphertexts")
        return [self.group.element(x, check=False) for x in stage]

    def _their_key(self, body):
        return self.group.element(body.get("key"))

    def _shuffle(self, before):
        """This seat's pass: every element under its key, in a fresh random order."""
        return encrypt_and_shuffle(self.group, before, self.deal.mine)

    def _prove(self, before, after, seat):
        d = self.deal
        return prove_shuffle(self.group, context(self.chain.game, d.index, seat, "shuffle"),
                             before, after, d.mine, d.public)

    def _check_pass(self, body, before):
        """The friend's pass: refused unless its proof shows a shuffle under its key."""
        d = self.deal
        after = self._stage(body)
        where = context(self.chain.game, d.index, self.opponent, "shuffle")
        if not check_shuffle(self.group, where, before, after, d.theirs, body.get("proof")):
            raise VerificationFailed(f"seat {self.opponent}'s shuffle proof fails: the deck "
                                     f"was not shuffled honestly")
        return after

    def _on_deal_start(self, body):
        """B: A's public key; shuffle the plaintexts under B's key: Y, with its proof."""
        index = body["deal"]
        self.deal = deal = self._new_deal(index)
        deal.theirs = self._their_key(body)
        reply = {"deal": index, "key": self.group.to_hex(deal.public)}
        if index == 0:
            if not isinstance(body.get("coin"), str) or len(body["coin"]) != 64:
                raise MalformedMessage("the first deal needs the coin's commitment")
            self.coin = {"commit": body["coin"], "bit": secrets.randbelow(2)}
            reply["coin"] = self.coin["bit"]
            reply["sign"] = self.group.to_hex(self.sign_public())
        plain = list(self.table())
        Y = self._shuffle(plain)
        deal.stages = [Y]
        reply["stage"] = [self.group.to_hex(y) for y in Y]
        reply["proof"] = self._prove(plain, Y, 1)
        return [self._send(reply)]

    def _on_first_pass(self, body):
        """A: B's Y, checked; shuffle it under A's key: Z, with its proof and A's shares."""
        deal = self.deal
        deal.theirs = self._their_key(body)
        Y = self._check_pass(body, list(self.table()))
        reply = {"deal": deal.index}
        if deal.index == 0:
            bit = body.get("coin")
            if bit not in (0, 1) or type(bit) is not int:
                raise MalformedMessage("the first deal needs the opponent's coin bit (0 or 1)")
            self.coin["their_bit"] = bit
            self.first_dealer = deal.dealer = self.coin["bit"] ^ bit
            reply["coin_open"] = {"bit": self.coin["bit"], "salt": self.coin["salt"]}
        Z = self._shuffle(Y)
        deal.stages = [Y, Z]
        reply["stage"] = [self.group.to_hex(z) for z in Z]
        reply["proof"] = self._prove(Y, Z, 0)
        reply.update(self._compose() or {})
        return [self._send(reply)]

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
