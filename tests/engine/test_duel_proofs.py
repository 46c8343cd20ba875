"""The duel's proofs (docs/PROTOCOL.md, "Design, and why"): the shuffle proof is complete,
binds its whole statement, and fails for a cheating prover at every check of the verifier;
at reduced soundness a ground forgery passes and the production parameters refuse it; the
decryption shares, the signatures and the fingerprint."""
import math
import random

import pytest

from forgery import forged_deck, ground_proof
from kaffeehaus.duel import MalformedMessage, ristretto
from kaffeehaus.duel.group import group
from kaffeehaus.duel.proofs import (FINGERPRINT_DIGITS, MAX_CARDS, SOUNDNESS_BITS, check_share,
                                    check_shuffle, fingerprint, make_share, prove_shuffle, sign,
                                    verify)

G = group()


def a_statement(n, seed=1):
    rng = random.Random(seed)
    before = [G.encode_card(f"card{i}") for i in range(n)]
    key = rng.randrange(1, G.q)
    order = list(range(n))
    rng.shuffle(order)
    after = [G.power(before[k], key) for k in order]
    return before, after, order, key, G.public(key)


@pytest.mark.parametrize("n", [2, 3, 20, 32])
def test_an_honest_shuffle_is_accepted(n):
    before, after, order, key, public = a_statement(n)
    proof = prove_shuffle(G, "ctx", before, after, order, key, public)
    assert check_shuffle(G, "ctx", before, after, public, proof)


def test_the_identity_permutation_is_a_shuffle_too():
    before, _, _, key, public = a_statement(20)
    after = [G.power(x, key) for x in before]
    proof = prove_shuffle(G, "ctx", before, after, list(range(20)), key, public)
    assert check_shuffle(G, "ctx", before, after, public, proof)


def test_the_proof_binds_its_whole_statement():
    """The same proof for anything else the prover could have meant: the context (game, deal,
    seat), the key, the input deck, the output deck or its order."""
    before, after, order, key, public = a_statement(20)
    proof = prove_shuffle(G, "ctx", before, after, order, key, public)
    swapped = list(after)
    swapped[0], swapped[1] = swapped[1], swapped[0]
    other_before = list(before)
    other_before[3] = G.encode_card("other")
    assert not check_shuffle(G, "ctx2", before, after, public, proof)
    assert not check_shuffle(G, "ctx", before, after, G.public(key + 1), proof)
    assert not check_shuffle(G, "ctx", other_before, after, public, proof)
    assert not check_shuffle(G, "ctx", before, swapped, public, proof)


def test_every_value_of_the_proof_is_checked():
    """Change any one number or element of an honest proof: the verifier refuses."""
    before, after, order, key, public = a_statement(6)
    proof = prove_shuffle(G, "ctx", before, after, order, key, public)
    tried = 0
    for field, value in proof.items():
        for index in (range(len(value)) if isinstance(value, list) else [None]):
            changed = {k: list(v) if isinstance(v, list) else v for k, v in proof.items()}
            old = changed[field] if index is None else changed[field][index]
            if field in ("a", "b", "m"):        # an element: another element of the group
                new = G.to_hex(G.power(bytes.fromhex(old), 2))
            else:                               # a number: another number below L
                new = G.to_hex((int(old, 16) + 1) % G.q)
            if index is None:
                changed[field] = new
            else:
                changed[field][index] = new
            assert not check_shuffle(G, "ctx", before, after, public, changed), (field, index)
            tried += 1
    assert tried == 8 + 3 * 6 + 2


def honest_prover_on(before, after, order, key, public):
    return prove_shuffle(G, "ctx", before, after, order, key, public)


def test_a_deck_with_a_card_doubled_fails_the_product_argument():
    """The prover's "permutation" maps two outputs to one input: the committed pairs are not
    (j, s^j) in some order, so the product of step 3 does not match."""
    before, _, _, key, public = a_statement(20)
    order = [0] + list(range(19))                 # card 0 twice, card 19 dropped
    after = [G.power(before[k], key) for k in order]
    assert not check_shuffle(G, "ctx", before, after, public,
                             honest_prover_on(before, after, order, key, public))


def test_a_deck_under_another_key_fails_the_multi_exponentiation_argument():
    before, _, order, key, public = a_statement(20)
    after = [G.power(before[k], key + 1) for k in order]
    for proving_key in (key, key + 1):            # either key: the deck is not under `public`'s
        assert not check_shuffle(G, "ctx", before, after, public,
                                 honest_prover_on(before, after, order, proving_key, public))


def test_one_element_changed_after_the_fact_fails():
    """A prover that knows the permutation and key but slips one other element in."""
    before, after, order, key, public = a_statement(20)
    after = list(after)
    after[7] = G.public(12345)
    assert not check_shuffle(G, "ctx", before, after, public,
                             honest_prover_on(before, after, order, key, public))


@pytest.mark.parametrize("n", [20, 32])
def test_a_forgery_ground_at_reduced_soundness_is_refused_at_full_length(n):
    """The deck is no shuffle (forgery.py); with 5-bit challenges the grinder's proof passes
    after a few tries, with the production challenges the same proof is refused."""
    before, _, _, key, public = a_statement(n)
    after, order = forged_deck(G, before, key)
    honest = sorted(G.power(x, key) for x in before)
    assert sorted(after) != honest
    proof, tries = ground_proof(G, "ctx", before, after, order, key, public, bits=5)
    assert tries < 200
    assert not check_shuffle(G, "ctx", before, after, public, proof)


def test_the_stated_soundness_is_what_the_argument_gives():
    """A grinder's chance per try is at most (3n + 3) / L (docs/PROTOCOL.md, "Soundness"), for
    the largest deck: SOUNDNESS_BITS is its bound, and at least 128."""
    per_try = (3 * MAX_CARDS + 3) / ristretto.L
    assert SOUNDNESS_BITS == math.floor(-math.log2(per_try))
    assert SOUNDNESS_BITS >= 128


@pytest.mark.parametrize("damage", ["missing", "short", "long", "not_hex", "big", "identity",
                                    "not_element", "type"])
def test_a_malformed_proof_is_refused_with_words(damage):
    before, after, order, key, public = a_statement(6)
    proof = prove_shuffle(G, "ctx", before, after, order, key, public)
    if damage == "missing":
        del proof["u"]
    elif damage == "short":
        proof["v"] = proof["v"][:-1]
    elif damage == "long":
        proof["f"] = proof["f"] + proof["f"][:1]
    elif damage == "not_hex":
        proof["r"][0] = "x" * 64
    elif damage == "big":
        proof["r"][0] = format(ristretto.L, "064x")
    elif damage == "identity":
        proof["a"] = "0" * 64
    elif damage == "not_element":
        proof["m"][0] = "ff" * 31 + "7f"
    else:
        proof = [proof]
    with pytest.raises(MalformedMessage):
        check_shuffle(G, "ctx", before, after, public, proof)


def test_a_decryption_share_is_checked():
    before, after, order, key, public = a_statement(3)
    w = after[0]
    d, c, s = make_share(G, "ctx", w, key, public)
    assert G.power(d, key) == w
    assert check_share(G, "ctx", w, public, d, c, s)
    assert not check_share(G, "ctx2", w, public, d, c, s)
    assert not check_share(G, "ctx", w, public, G.power(d, 2), c, s)
    assert not check_share(G, "ctx", w, public, d, c, (s + 1) % G.q)
    assert not check_share(G, "ctx", w, G.public(key + 1), d, c, s)


def test_a_signature_is_checked():
    key = 987654321
    public = G.public(key)
    e, s = sign(G, key, public, "message")
    assert verify(G, public, "message", e, s)
    assert not verify(G, public, "messagf", e, s)
    assert not verify(G, G.public(key + 1), "message", e, s)
    assert not verify(G, public, "message", e, (s + 1) % G.q)


def test_the_fingerprint_has_more_than_80_bits_in_five_groups():
    assert FINGERPRINT_DIGITS * math.log2(10) >= 80
    a, b = G.public(1), G.public(2)
    text = fingerprint("game", a, b)
    groups = text.split(" ")
    assert len(groups) == 5 and all(len(g) == 5 and g.isdigit() for g in groups)
    assert fingerprint("game", b, a) != text and fingerprint("other", a, b) != text
