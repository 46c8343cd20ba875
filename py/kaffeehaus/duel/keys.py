"""One party's keys for one deal, and the commitments that bind them.

A party draws a deck key (its whole-deck encryption while shuffling) and one key per deck
position (what it re-encrypts each position with afterwards, so positions can be opened one at
a time). Before using any of them it publishes a commitment to each: SHA-256 over the game,
deal, seat, position and key. A key disclosed later must hash to its commitment, so nobody can
change a key once the deck is built. Keys are uniformly random in [1, q), far too many values
to guess, so the hash hides them without a salt; binding the game and position into the hash
keeps a commitment from being reused elsewhere.
"""

import hashlib

from .errors import KeyMismatch, MalformedMessage


def commitment(game_id, deal, seat, index, key_hex):
    """`index`: a deck position, or "deck" for the deck key."""
    text = f"kaffeehaus/duel/key/{game_id}/{deal}/{seat}/{index}/{key_hex}"
    return hashlib.sha256(text.encode()).hexdigest()


class KeySet:
    """A deck key and `n` per-position keys of one seat in one deal."""

    __slots__ = ("deck", "cards")

    def __init__(self, deck, cards):
        self.deck = deck
        self.cards = list(cards)

    @classmethod
    def fresh(cls, group, n):
        return cls(group.random_key(), [group.random_key() for _ in range(n)])

    def commitments(self, group, game_id, deal, seat):
        return {"deck": commitment(game_id, deal, seat, "deck", group.to_hex(self.deck)),
                "cards": [commitment(game_id, deal, seat, i, group.to_hex(k))
                          for i, k in enumerate(self.cards)]}

    def as_json(self, group):
        return {"deck": group.to_hex(self.deck), "cards": [group.to_hex(k) for k in self.cards]}

    @classmethod
    def from_json(cls, group, data, n):
        if not isinstance(data, dict) or set(data) != {"deck", "cards"}:
            raise MalformedMessage("keys must be an object with 'deck' and 'cards'")
        cards = data["cards"]
        if not isinstance(cards, list) or len(cards) != n:
            raise MalformedMessage(f"keys must hold {n} card keys")
        return cls(group.key(data["deck"]), [group.key(k) for k in cards])


def check_commitments(data, n):
    """Commitments received in a message: {"deck": hex, "cards": [n hex]} of SHA-256 digests."""
    def digest(value):
        if not isinstance(value, str) or len(value) != 64 or not set(value) <= set("0123456789abcdef"):
            raise MalformedMessage("a commitment must be a SHA-256 hex digest")
        return value
    if not isinstance(data, dict) or set(data) != {"deck", "cards"}:
        raise MalformedMessage("commitments must be an object with 'deck' and 'cards'")
    if not isinstance(data["cards"], list) or len(data["cards"]) != n:
        raise MalformedMessage(f"commitments must cover {n} positions")
    return {"deck": digest(data["deck"]), "cards": [digest(c) for c in data["cards"]]}


def check_key(group, committed, game_id, deal, seat, index, key):
    """Raise KeyMismatch unless `key` is the one committed to for `index`."""
    if commitment(game_id, deal, seat, index, group.to_hex(key)) != committed:
        where = "deck key" if index == "deck" else f"key of position {index}"
        raise KeyMismatch(f"seat {seat}'s {where} does not match its commitment")
    return key
