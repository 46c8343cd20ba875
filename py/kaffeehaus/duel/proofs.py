"""Zero-knowledge proofs and signatures of the duel, all in the group of group.py and made
non-interactive with Fiat-Shamir (SHA-256 over the statement and the prover's commitments).

- **Shuffle proof** (cut-and-choose, after the classic zero-knowledge argument for a
  permuted power of a set): `after` is a permutation of `before` with every element raised to
  ONE secret key x whose public half is h = g^x. In each of ROUNDS rounds the prover makes a
  middle deck T = sorted(before^t) with H = g^t for a fresh t; the challenge bit of the round
  decides whether it shows t (T from `before`, H from g) or u = x/t (`after` from T, h from
  H). Showing both would prove after = before^x, so a prover whose `after` is anything else
  (a card dropped or doubled, a marker planted, a value that is no card, another key) passes
  only by guessing every bit: one chance in 2^ROUNDS, and each further try costs it a whole
  deck of exponentiations. Sorting T hides which element of `before` became which of `after`.
  The proof sends the challenge and the responses only; the verifier rebuilds every T and H.
- **Decryption share** (Chaum-Pedersen): d = w^(1/x) with a proof that w = d^x and h = g^x
  (equal discrete logarithms), so a share is checked when it arrives.
- **Schnorr signature** of a message by a seat's signing key of the game.
"""

import hashlib

from .errors import MalformedMessage

ROUNDS = 32
SEPARATOR = "|"


def _hash(*parts):
    text = SEPARATOR.join(p if isinstance(p, str) else format(p, "x") for p in parts)
    return int.from_bytes(hashlib.sha256(text.encode()).digest(), "big")


def _deck_digest(deck):
    return _hash("deck", *deck)


# --- the shuffle proof --------------------------------------------------------------------

def _transcript(context, h, before, after, middles):
    parts = [context, h, _deck_digest(before), _deck_digest(after)]
    for T, H in middles:
        parts += [_deck_digest(T), H]
    return _hash("shuffle", *parts) >> (256 - ROUNDS)


def prove_shuffle(group, context, before, after, key, h):
    """{"c": challenge hex, "z": [responses]} for after = a permutation of before^key."""
    ts = [group.random_key() for _ in range(ROUNDS)]
    tables = [group.fixed(x) for x in before]
    middles = [(sorted(table.power(t) for table in tables), group.public(t)) for t in ts]
    challenge = _transcript(context, h, before, after, middles)
    responses = []
    for r, t in enumerate(ts):
        bit = challenge >> (ROUNDS - 1 - r) & 1
        responses.append(t if bit == 0 else key * group.inverse(t) % group.q)
    return {"c": format(challenge, "x"), "z": [group.to_hex(z) for z in responses]}


def check_shuffle(group, context, before, after, h, proof):
    """True when `proof` shows after = a permutation of before^x with g^x = h."""
    if (not isinstance(proof, dict) or set(proof) != {"c", "z"}
            or not isinstance(proof["z"], list) or len(proof["z"]) != ROUNDS):
        raise MalformedMessage(f"a shuffle proof must hold a challenge and {ROUNDS} responses")
    if not isinstance(proof["c"], str) or len(proof["c"]) > ROUNDS // 4:
        raise MalformedMessage("a shuffle proof's challenge is malformed")
    challenge = int(proof["c"], 16) if proof["c"] and set(proof["c"]) <= set(
        "0123456789abcdef") else -1
    if challenge < 0:
        raise MalformedMessage("a shuffle proof's challenge is malformed")
    responses = [group.key(text) for text in proof["z"]]
    bits = [challenge >> (ROUNDS - 1 - r) & 1 for r in range(ROUNDS)]
    # each deck is raised to about ROUNDS/2 exponents: worth a table per element (group.py)
    before_tables = [group.fixed(x) for x in before] if 0 in bits else []
    after_tables = [group.fixed(y) for y in after] if 1 in bits else []
    h_table = group.fixed(h) if 1 in bits else None
    middles = []
    for z, bit in zip(responses, bits):
        if bit == 0:
            middles.append((sorted(table.power(z) for table in before_tables), group.public(z)))
        else:
            inverse = group.inverse(z)
            middles.append((sorted(table.power(inverse) for table in after_tables),
                            h_table.power(inverse)))
    return _transcript(context, h, before, after, middles) == challenge


# --- decryption shares ----------------------------------------------------------------------

def _share_challenge(group, context, h, w, d, a1, a2):
    return _hash("share", context, h, w, d, a1, a2) % group.q


def make_share(group, context, w, key, h):
    """[d, c, s]: d = w^(1/key) and a proof that log_d(w) = log_g(h)."""
    d = group.power(w, group.inverse(key))
    r = group.random_key()
    c = _share_challenge(group, context, h, w, d, group.public(r), group.power(d, r))
    s = (r + c * key) % group.q
    return [d, c, s]


def check_share(group, context, w, h, d, c, s):
    """True when d is w decrypted with the key whose public half is h (d a group member)."""
    a1 = group.public(s) * group.power(h, group.q - c) % group.p
    a2 = group.power(d, s) * group.power(w, group.q - c) % group.p
    return _share_challenge(group, context, h, w, d, a1, a2) == c


# --- signatures -----------------------------------------------------------------------------

def sign(group, key, public, text):
    """A Schnorr signature [e, s] of `text` by `key` (public half `public`)."""
    k = group.random_key()
    e = _hash("sign", public, group.public(k), text) % group.q
    return [e, (k + e * key) % group.q]


def verify(group, public, text, e, s):
    r = group.public(s) * group.power(public, group.q - e) % group.p
    return _hash("sign", public, r, text) % group.q == e


def fingerprint(game, public0, public1):
    """Twelve digits in three groups, the same on both devices: what the friends compare."""
    number = _hash("fingerprint", game, public0, public1) % 10**12
    text = f"{number:012d}"
    return f"{text[:4]} {text[4:8]} {text[8:]}"
