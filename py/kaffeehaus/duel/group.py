"""The group of the duel's commutative encryption and the encoding of cards: ristretto255
(RFC 9496, ristretto.py), a group of prime order L with one 32-byte encoding per element.

Elements travel and are kept as their 32-byte encodings (`bytes`: hashable, comparable, the
same on both devices); a key is a scalar 1 <= e < L. E_e(x) = e * x; encryptions commute,
a * (b * x) = b * (a * x); decrypting is multiplying by e^-1 mod L. A card's plaintext is the
hash of its code mapped into the group, so nobody knows a discrete-log relation between two
cards.

`element` is the one way an element enters from outside (a message or a save): exactly 64
lowercase hex digits, the canonical encoding of an element other than the identity. Since
ristretto255 has prime order and a canonical encoding, a value that passes is a valid element
and no other spelling of it exists. Scalars are exactly 64 lowercase hex digits below L.
"""

import secrets

from ..messages import short
from . import ristretto
from .errors import MalformedMessage

NAME = "ristretto255"
ELEMENT_DIGITS = 64                  # hex digits of an element: 32 bytes
SCALAR_DIGITS = 64                   # hex digits of a scalar: 32 bytes, big-endian
HEX_DIGITS = frozenset("0123456789abcdef")
IDENTITY = ristretto.encode(ristretto.IDENTITY)
_POINTS = {}                         # encoding -> point: decoding costs a square root
_POINTS_KEPT = 4096


class Group:
    """ristretto255 as the duel uses it: elements are encodings, scalars are ints mod q."""

    name = NAME
    q = ristretto.L

    def __init__(self):
        self._generator = None
        self._cards = {}

    # --- scalars ---------------------------------------------------------------------------
    def random_key(self):
        """A uniformly random scalar 1 <= e < q (q is prime, so e is invertible)."""
        return secrets.randbelow(self.q - 1) + 1

    def inverse(self, key):
        return pow(key, -1, self.q)

    # --- elements --------------------------------------------------------------------------
    def point(self, element):
        """The curve point of an encoding (decoded once per process)."""
        point = _POINTS.get(element)
        if point is None:
            point = ristretto.decode(element)
            if point is None:
                raise MalformedMessage("a value is not an element of the group")
            if len(_POINTS) >= _POINTS_KEPT:
                _POINTS.clear()
            _POINTS[element] = point
        return point

    @staticmethod
    def encode(point):
        return ristretto.encode(point)

    def power(self, x, e):
        """e * x (the group is written multiplicatively in the protocol's words)."""
        return ristretto.encode(ristretto.multiply(e, self.point(x)))

    def public(self, key):
        """key * G: a key's public half."""
        if self._generator is None:
            self._generator = _generator_table()
        return ristretto.encode(self._generator.multiply(key))

    def generator_times(self, scalar):
        """scalar * G as a point (for the proofs' sums)."""
        if self._generator is None:
            self._generator = _generator_table()
        return self._generator.multiply(scalar)

    def encode_card(self, card):
        """The card's plaintext: its code hashed into the group (never the identity)."""
        cached = self._cards.get(card)
        if cached is None:
            cached = self._cards[card] = ristretto.encode(
                ristretto.hash_to_point(f"kaffeehaus/duel/card/{card}"))
        return cached

    @staticmethod
    def to_hex(x):
        """An element's or a scalar's hex: 64 digits either way."""
        return x.hex() if isinstance(x, bytes) else format(x, "064x")

    def element(self, text, *, check=True):
        """An element from a message or a save: the canonical hex of a non-identity element.
        `check` False (a party's own saved state, covered by its digest): the form only; the
        element is decoded when first used."""
        if not _is_hex(text, ELEMENT_DIGITS):
            raise MalformedMessage("an element must be 64 lowercase hex digits")
        value = bytes.fromhex(text)
        if value == IDENTITY:
            raise MalformedMessage("an element must not be the identity")
        if check:
            self.point(value)
        return value

    def scalar(self, text):
        """A scalar from a message: 64 lowercase hex digits of a number below q."""
        if not _is_hex(text, SCALAR_DIGITS):
            raise MalformedMessage("a number must be 64 lowercase hex digits")
        value = int(text, 16)
        if value >= self.q:
            raise MalformedMessage("a number is out of range")
        return value

    def key(self, text):
        key = self.scalar(text)
        if key == 0:
            raise MalformedMessage("a key is out of range")
        return key


def _is_hex(text, digits):
    return isinstance(text, str) and len(text) == digits and set(text) <= HEX_DIGITS


_GENERATOR = []


def _generator_table():
    if not _GENERATOR:
        _GENERATOR.append(ristretto.FixedBase(ristretto.BASE))
    return _GENERATOR[0]


def group(name=NAME):
    """The group of that name (there is one)."""
    if name != NAME:
        raise MalformedMessage(f"unknown group {short(name)}")
    return Group()
