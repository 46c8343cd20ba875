"""Zero-knowledge proofs and signatures of the duel, in ristretto255 (group.py), made
non-interactive with Fiat-Shamir: every challenge is SHA-512 of a transcript holding the
statement and everything the prover committed to before it, reduced modulo the group order.

- **Shuffle proof** that `after` is a permutation of `before` with every element multiplied by
  ONE secret key x whose public half is X = x*G: after[i] = x * before[pi(i)]. It follows the
  permutation argument of Bayer and Groth (2012) at full length:
    1. commit to the permutation a_i = pi(i) + 1:            C_a = r_a*H0 + sum a_i*H_i
    2. challenge s; commit to b_i = s^a_i:                   C_b = r_b*H0 + sum b_i*H_i
    3. challenges y, z; a product argument shows that the committed v_i = y*a_i + b_i - z
       multiply to prod_j (y*j + s^j - z): so (a_i, b_i) are the pairs (j, s^j) in some order
       (b is s's powers permuted by a);
    4. a multi-exponentiation argument shows knowledge of b and x with
       sum b_i * after[i] = x * sum_j s^j * before[j-1] and X = x*G.
  Since a is fixed before s, and x by X, step 4 makes sum_j s^j * (after[pi^-1(j)] - x *
  before[j]) = 0 for a random s: a polynomial of degree n in s with group coefficients, zero
  unless every coefficient is (the group has prime order). The H_i are hashed into the group,
  so nobody can open a commitment two ways. A proof is 8 elements and 3n + 2 scalars; the
  verifier checks all its equations in one random linear combination (one multi-scalar
  product).
- **Decryption share** (Chaum-Pedersen): D = x^-1 * W with a proof that log_D(W) = log_G(X).
- **Schnorr signature** of a message by a seat's signing key of the game.
- **Fingerprint**: 25 digits the friends compare by voice.

(About 300 lines, one module: every proof reads the same transcript and commitment key, and the
shuffle proof's prover and verifier are only checkable side by side.)
"""

import hashlib
import secrets

from . import ristretto
from .errors import MalformedMessage

L = ristretto.L
MAX_CARDS = 32                       # the largest deck a shuffle proof is made for
# A grinder who tries Q statements' transcripts succeeds with probability at most
# Q * (3n + 3) / L (docs/PROTOCOL.md, "Soundness"): at n = 32 that is Q * 2^-245.
SOUNDNESS_BITS = (L // (3 * MAX_CARDS + 3)).bit_length() - 1
PROOF_FIELDS = {"a", "b", "m", "v", "u", "f", "r"}


# --- the transcript -----------------------------------------------------------------------

class Transcript:
    """A Fiat-Shamir transcript: length-prefixed items in one SHA-512; each challenge hashes
    everything absorbed so far and is absorbed in turn. `challenge_bits` (tests only) makes
    the challenges that short, to show what the full length protects against."""

    def __init__(self, domain, challenge_bits=None):
        self._hash = hashlib.sha512()
        self._bits = challenge_bits
        self.absorb(domain)

    def absorb(self, *items):
        for item in items:
            if isinstance(item, str):
                data = b"s" + item.encode()
            elif isinstance(item, bytes):
                data = b"e" + item
            elif isinstance(item, int):
                data = b"i" + item.to_bytes(32, "little")
            else:
                raise TypeError("a transcript takes text, elements and scalars")
            self._hash.update(len(data).to_bytes(4, "little") + data)

    def digest(self):
        """The transcript's hash as a number (a fingerprint, not a challenge)."""
        return int.from_bytes(self._hash.copy().digest(), "little")

    def challenge(self):
        self.absorb("challenge")
        value = int.from_bytes(self._hash.copy().digest(), "little") % L
        if self._bits is not None:
            value %= 1 << self._bits
        self.absorb(value)
        return value


# --- the commitment key ---------------------------------------------------------------------

_GENERATORS = []


def generators(n):
    """H0, H1..Hn: elements hashed from fixed labels, so no relation between them is known."""
    if not 2 <= n <= MAX_CARDS:
        raise MalformedMessage(f"a shuffle is of 2 to {MAX_CARDS} cards")
    while len(_GENERATORS) <= n:
        _GENERATORS.append(ristretto.hash_to_point(f"kaffeehaus/duel/commit/{len(_GENERATORS)}"))
    return _GENERATORS[0], _GENERATORS[1:n + 1]


def _commit(blind, values, hs):
    """blind*H0 + sum values_i*H_i (H0 first in `hs`)."""
    return ristretto.multi_multiply([(blind, hs[0])] + list(zip(values, hs[1:])))


def _random():
    return secrets.randbelow(L)


# --- the shuffle proof ------------------------------------------------------------------------

def _statement(group, context, public, before, after, challenge_bits):
    transcript = Transcript("kaffeehaus/duel/shuffle", challenge_bits)
    transcript.absorb(context, len(before), public, *before, *after)
    return transcript


def prove_shuffle(group, context, before, after, order, key, public, challenge_bits=None):
    """The proof that after[i] = key * before[order[i]] (`order` a permutation of range(n))."""
    n = len(before)
    h0, hs = generators(n)
    basis = [h0] + hs
    t = _statement(group, context, public, before, after, challenge_bits)
    a = [k + 1 for k in order]
    r_a = _random()
    c_a = _commit(r_a, a, basis)
    t.absorb(ristretto.encode(c_a))
    s = t.challenge()
    b = [pow(s, k, L) for k in a]
    r_b = _random()
    c_b = _commit(r_b, b, basis)
    t.absorb(ristretto.encode(c_b))
    y, z = t.challenge(), t.challenge()
    # the product argument's witness: v = y*a + b - z, committed in y*C_a + C_b - z*sum(H)
    v = [(y * ai + bi - z) % L for ai, bi in zip(a, b)]
    r_v = (y * r_a + r_b) % L
    partial = [v[0]]
    for vi in v[1:]:
        partial.append(partial[-1] * vi % L)
    masks = [_random() for _ in range(n)]
    r_m = _random()
    deltas = [masks[0]] + [_random() for _ in range(n - 2)] + [0]
    s1, sx = _random(), _random()
    c_m = _commit(r_m, masks, basis)
    c_small = _commit(s1, [-deltas[i] * masks[i + 1] % L for i in range(n - 1)], basis)
    c_big = _commit(sx, [(deltas[i + 1] - v[i + 1] * deltas[i] - partial[i] * masks[i + 1]) % L
                         for i in range(n - 1)], basis)
    # the multi-exponentiation argument: sum b_i*after_i = key * Q, X = key*G
    after_points = [group.point(x) for x in after]
    before_points = [group.point(x) for x in before]
    q_point = ristretto.multi_multiply([(pow(s, j + 1, L), p) for j, p in enumerate(before_points)])
    rho = [_random() for _ in range(n)]
    rho_r, rho_x = _random(), _random()
    t1 = _commit(rho_r, rho, basis)
    t2 = ristretto.multi_multiply(list(zip(rho, after_points)) + [(L - rho_x, q_point)])
    t3 = group.generator_times(rho_x)
    sent = [ristretto.encode(p) for p in (c_m, c_small, c_big, t1, t2, t3)]
    t.absorb(*sent)
    c = t.challenge()
    v_open = [(c * vi + mi) % L for vi, mi in zip(v, masks)]
    u_open = [(c * partial[i] + deltas[i]) % L for i in range(1, n - 1)]
    f = [(r + c * bi) % L for r, bi in zip(rho, b)]
    scalars = [(c * r_v + r_m) % L, (c * sx + s1) % L, (rho_r + c * r_b) % L, (rho_x + c * key) % L]
    hexa = group.to_hex
    return {"a": hexa(ristretto.encode(c_a)), "b": hexa(ristretto.encode(c_b)),
            "m": [hexa(x) for x in sent], "v": [hexa(x) for x in v_open],
            "u": [hexa(x) for x in u_open], "f": [hexa(x) for x in f],
            "r": [hexa(x) for x in scalars]}


def _read_proof(group, proof, n):
    """The proof's parts, every element and scalar checked (MalformedMessage otherwise)."""
    sizes = {"m": 6, "v": n, "u": n - 2, "f": n, "r": 4}
    if (not isinstance(proof, dict) or set(proof) != PROOF_FIELDS
            or any(not isinstance(proof[k], list) or len(proof[k]) != size
                   for k, size in sizes.items())):
        raise MalformedMessage(f"a shuffle proof of {n} cards has 8 elements and "
                               f"{3 * n + 2} numbers")
    elements = [group.element(proof["a"]), group.element(proof["b"])]
    elements += [group.element(x) for x in proof["m"]]
    numbers = {k: [group.scalar(x) for x in proof[k]] for k in ("v", "u", "f", "r")}
    return elements, numbers


def check_shuffle(group, context, before, after, public, proof, challenge_bits=None):
    """True when `proof` shows after = a permutation of before, each times the key of
    `public`. MalformedMessage for a proof of the wrong shape or with a value outside the
    group; False for a well-formed proof that does not hold."""
    n = len(before)
    h0, hs = generators(n)
    (e_a, e_b, *sent), numbers = _read_proof(group, proof, n)
    v_open, u_open, f = numbers["v"], numbers["u"], numbers["f"]
    r_v, s_open, f_r, f_x = numbers["r"]
    t = _statement(group, context, public, before, after, challenge_bits)
    t.absorb(e_a)
    s = t.challenge()
    t.absorb(e_b)
    y, z = t.challenge(), t.challenge()
    t.absorb(*sent)
    c = t.challenge()
    target = 1
    for j in range(1, n + 1):
        target = target * (y * j + pow(s, j, L) - z) % L
    u_full = [v_open[0]] + u_open + [c * target % L]
    # each equation below is "sum = identity"; a random weight per equation (the verifier's
    # own coins) makes one multi-scalar product check them all, except with chance 1/L
    w1, w2, w3, w4, w5 = (_random() for _ in range(5))
    weights = {}

    def term(scalar, base):
        weights[base] = (weights.get(base, 0) + scalar) % L

    c_a, c_b, c_m, c_small, c_big, t1, t2, t3 = [group.point(x) for x in [e_a, e_b] + sent]
    # (1) c*C_v + c_m = r_v*H0 + sum v_open_i*H_i, with C_v = y*C_a + C_b - z*sum(H)
    term(w1 * c * y, "a")
    term(w1 * c, "b")
    term(w1, "m")
    term(-w1 * r_v, 0)
    for i in range(n):
        term(-w1 * (c * z + v_open[i]), i + 1)
    # (2) c*c_big + c_small = s_open*H0 + sum (c*u_{i+1} - u_i*v_{i+1}) * H_i
    term(w2 * c, "big")
    term(w2, "small")
    term(-w2 * s_open, 0)
    for i in range(n - 1):
        term(-w2 * (c * u_full[i + 1] - u_full[i] * v_open[i + 1]), i + 1)
    # (3) t1 + c*C_b = f_r*H0 + sum f_i*H_i
    term(w3, "t1")
    term(w3 * c, "b")
    term(-w3 * f_r, 0)
    for i in range(n):
        term(-w3 * f[i], i + 1)
    # (4) t2 = sum f_i*after_i - f_x*sum s^j*before_{j-1}
    term(w4, "t2")
    for i in range(n):
        term(-w4 * f[i], ("after", i))
        term(w4 * f_x * pow(s, i + 1, L), ("before", i))
    # (5) t3 + c*X = f_x*G
    term(w5, "t3")
    term(w5 * c, "key")
    generator_scalar = -w5 * f_x % L
    bases = {"a": c_a, "b": c_b, "m": c_m, "small": c_small, "big": c_big, "t1": t1,
             "t2": t2, "t3": t3, "key": group.point(public), 0: h0}
    for i in range(n):
        bases[i + 1] = hs[i]
        bases[("after", i)] = group.point(after[i])
        bases[("before", i)] = group.point(before[i])
    total = ristretto.multi_multiply([(weights[k], bases[k]) for k in weights])
    total = ristretto.add(total, group.generator_times(generator_scalar))
    return ristretto.equal(total, ristretto.IDENTITY)


# --- decryption shares ----------------------------------------------------------------------

def _share_challenge(context, public, w, d, a1, a2):
    t = Transcript("kaffeehaus/duel/share")
    t.absorb(context, public, w, d, ristretto.encode(a1), ristretto.encode(a2))
    return t.challenge()


def make_share(group, context, w, key, public):
    """[d, c, s]: d = key^-1 * w and a proof that log_d(w) = log_G(public)."""
    d = group.power(w, group.inverse(key))
    r = group.random_key()
    c = _share_challenge(context, public, w, d, group.generator_times(r),
                         ristretto.multiply(r, group.point(d)))
    return [d, c, (r + c * key) % L]


def check_share(group, context, w, public, d, c, s):
    """True when d is w decrypted with the key whose public half is `public`."""
    a1 = ristretto.add(group.generator_times(s),
                       ristretto.multiply(L - c, group.point(public)))
    a2 = ristretto.multi_multiply([(s, group.point(d)), (L - c, group.point(w))])
    return _share_challenge(context, public, w, d, a1, a2) == c


# --- signatures -----------------------------------------------------------------------------

def _sign_challenge(public, commitment, text):
    t = Transcript("kaffeehaus/duel/sign")
    t.absorb(public, ristretto.encode(commitment), text)
    return t.challenge()


def sign(group, key, public, text):
    """A Schnorr signature [e, s] of `text` by `key` (public half `public`)."""
    k = group.random_key()
    e = _sign_challenge(public, group.generator_times(k), text)
    return [e, (k + e * key) % L]


def verify(group, public, text, e, s):
    r = ristretto.add(group.generator_times(s), ristretto.multiply(L - e, group.point(public)))
    return _sign_challenge(public, r, text) == e


FINGERPRINT_DIGITS = 25              # log2(10^25) = 83 bits: no grinding a key to match


def fingerprint(game, public0, public1):
    """Twenty-five digits in five groups, the same on both devices: what the friends compare."""
    t = Transcript("kaffeehaus/duel/fingerprint")
    t.absorb(game, public0, public1)
    number = t.digest() % 10**FINGERPRINT_DIGITS
    text = f"{number:0{FINGERPRINT_DIGITS}d}"
    return " ".join(text[i:i + 5] for i in range(0, FINGERPRINT_DIGITS, 5))
