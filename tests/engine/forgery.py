"""A cheating prover for the shuffle proof at reduced soundness (tests only): the deck it
proves is not a shuffle, yet passes a verifier whose challenges are only a few bits long.

The deck: after[i] = key * before[order[i]] + delta_(order[i]+1) * G, with delta_j the
coefficients of the polynomial s * (s - 1) * ... * (s - (m - 1)). The proof's last check is
sum_j s^j * (after[pi^-1(j)] - key * before[j-1]) = delta(s) * G = 0, which holds for every
challenge s below m: with challenges of b bits, a fresh proof passes with chance m / 2^b, and
the grinder simply tries again. With full-length challenges it is one chance in about 2^247.
"""
from kaffeehaus.duel import ristretto
from kaffeehaus.duel.proofs import check_shuffle, prove_shuffle
from kaffeehaus.duel.shuffle import permutation

L = ristretto.L


def root_polynomial(m):
    """The coefficients c_0..c_m of s * (s - 1) * ... * (s - (m - 1)) modulo L."""
    coefficients = [1]
    for root in range(m):
        shifted = [0] + coefficients                      # times s
        for j, c in enumerate(coefficients):
            shifted[j] = (shifted[j] - root * c) % L      # minus root times
        coefficients = shifted
    return coefficients


def forged_deck(group, before, key):
    """(after, order): a deck that is NOT before's cards under `key`, shuffled."""
    n = len(before)
    deltas = root_polynomial(n) + [0] * n
    order = permutation(n)
    after = []
    for k in order:
        point = ristretto.add(group.point(group.power(before[k], key)),
                              group.generator_times(deltas[k + 1]))
        after.append(ristretto.encode(point))
    return after, order


def ground_proof(group, context, before, after, order, key, public, bits, tries=200):
    """A proof of the forged deck that a verifier with `bits`-bit challenges accepts, found by
    grinding (each try a fresh proof); its number of tries too."""
    for attempt in range(1, tries + 1):
        proof = prove_shuffle(group, context, before, after, order, key, public,
                              challenge_bits=bits)
        if check_shuffle(group, context, before, after, public, proof, challenge_bits=bits):
            return proof, attempt
    raise AssertionError(f"no proof passed at {bits} bits in {tries} tries")
