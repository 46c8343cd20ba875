"""The group of the commutative (SRA / Pohlig-Hellman) encryption and the encoding of cards.

Arithmetic is modulo a safe prime p = 2q + 1 (q prime), inside the subgroup of quadratic
residues, whose order is the prime q. A card is encoded as the square of a hash of its code, so
every plaintext and every ciphertext lies in that subgroup: the Legendre symbol, which leaks one
bit of every plaintext in plain SRA over the whole of (Z/p)*, is 1 for all of them. A key is an
exponent e with 1 <= e < q (so gcd(e, q) = 1); E_e(x) = x^e mod p, and encryptions commute:
(x^a)^b = (x^b)^a. Decrypting with e is raising to e^-1 mod q.

The production group is RFC 3526's 2048-bit MODP group (group 14). A 1536-bit group (RFC 3526
group 5) and a 256-bit test group (fast, insecure: tests only) are kept for measurements and
for the test suite. docs/PROTOCOL.md explains the choice.
"""

import hashlib
import secrets

from ..messages import short
from .errors import MalformedMessage

MODP_1536 = int(
    "FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A0879"
    "8E3404DDEF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B"
    "0BFF5CB6F406B7EDEE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA4836"
    "1C55D39A69163FA8FD24CF5F83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804"
    "F1746C08CA237327FFFFFFFFFFFFFFFF", 16)

MODP_2048 = int(
    "FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A0879"
    "8E3404DDEF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B"
    "0BFF5CB6F406B7EDEE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA4836"
    "1C55D39A69163FA8FD24CF5F83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804"
    "F1746C08CA18217C32905E462E36CE3BE39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6"
    "955817183995497CEA956AE515D2261898FA051015728E5A8AACAA68FFFFFFFFFFFFFFFF", 16)

# A 256-bit safe prime found by a seeded search (tests/engine/test_duel_group.py checks that it
# and (p-1)/2 are prime). Far too small for real play: the test suite uses it for speed.
TEST_256 = 0xE604E90537815F6E159346647D11129A510901583851FB11FCD7B71C5A6A4117

DEFAULT_GROUP = "modp2048"
COUNTS = {"exponentiations": 0}      # modular exponentiations so far (bench/duel.py reads it)
HEX_DIGITS = frozenset("0123456789abcdef")


class Group:
    """Z/p with p = 2q + 1; elements handled are quadratic residues (the order-q subgroup)."""

    __slots__ = ("name", "p", "q", "size")

    def __init__(self, name, p):
        self.name = name
        self.p = p
        self.q = (p - 1) // 2
        self.size = (p.bit_length() + 3) // 4          # hex digits of an element

    # --- keys ----------------------------------------------------------------------------
    def random_key(self):
        """A uniformly random exponent 1 <= e < q (q is prime, so gcd(e, q) = 1)."""
        return secrets.randbelow(self.q - 1) + 1

    def check_key(self, key):
        if type(key) is not int or not 1 <= key < self.q:
            raise MalformedMessage("a key is out of range")
        return key

    def inverse(self, key):
        return pow(key, -1, self.q)

    # --- elements --------------------------------------------------------------------------
    def power(self, x, e):
        COUNTS["exponentiations"] += 1
        return pow(x, e, self.p)

    def encode_card(self, card):
        """The card's plaintext: a hash of its code, squared (a quadratic residue, never 1)."""
        digest = hashlib.sha512(f"kaffeehaus/duel/card/{card}".encode()).digest()
        h = int.from_bytes(digest, "big") % self.p
        return h * h % self.p

    def is_member(self, x):
        """x is a quadratic residue other than 1 (Jacobi symbol, no exponentiation)."""
        return type(x) is int and 1 < x < self.p and jacobi(x, self.p) == 1

    def to_hex(self, x):
        return format(x, "x")

    def element(self, text, *, check=True):
        """A ciphertext from a message: hex of a quadratic residue of the group (`check`
        False: only its range, for a party's own saved state)."""
        x = _hex_int(text, self.size)
        if not (self.is_member(x) if check else 1 < x < self.p):
            raise MalformedMessage("a ciphertext is not an element of the group")
        return x

    def key(self, text):
        return self.check_key(_hex_int(text, self.size))


def _hex_int(text, digits):
    if not isinstance(text, str) or not 0 < len(text) <= digits or not set(text) <= HEX_DIGITS:
        raise MalformedMessage("a number must be a short lowercase hex string")
    return int(text, 16)


def jacobi(a, n):
    """The Jacobi symbol (a/n) for odd n > 0; for prime n, the Legendre symbol."""
    a %= n
    result = 1
    while a:
        while not a & 1:
            a >>= 1
            if n & 7 in (3, 5):
                result = -result
        a, n = n, a
        if a & 3 == 3 and n & 3 == 3:
            result = -result
        a %= n
    return result if n == 1 else 0


GROUP_PRIMES = {"modp2048": MODP_2048, "modp1536": MODP_1536, "test256": TEST_256}


def group(name):
    """A fresh Group (its own exponentiation counter) by name."""
    if not isinstance(name, str) or name not in GROUP_PRIMES:
        raise MalformedMessage(f"unknown group {short(name)}")
    return Group(name, GROUP_PRIMES[name])
