"""The duel's groups (docs/PROTOCOL.md, "The group, the cards and the keys"): the primes are
primes, the generator has the prime order, cards land in the subgroup."""
import random

import pytest

from kaffeehaus.duel.group import GROUPS, group


def probably_prime(n, rounds=40):
    """Miller-Rabin with fixed-seed random bases."""
    if n < 4:
        return n in (2, 3)
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    rng = random.Random(n)
    for _ in range(rounds):
        x = pow(rng.randrange(2, n - 1), d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


@pytest.mark.parametrize("name", sorted(GROUPS))
def test_the_group_is_a_prime_order_subgroup(name):
    g = group(name)
    assert probably_prime(g.p) and probably_prime(g.q)
    assert (g.p - 1) % g.q == 0 and g.g != 1 and pow(g.g, g.q, g.p) == 1
    assert g.is_member(g.g) and not g.is_member(1) and not g.is_member(g.p - 1)


def test_the_production_subgroup_has_256_bits():
    g = group("rfc5114-2048-256")
    assert g.p.bit_length() == 2048 and g.q.bit_length() == 256


@pytest.mark.parametrize("name", sorted(GROUPS))
def test_cards_are_distinct_members(name):
    g = group(name)
    cards = [r + s for r in "AKQJT987" for s in "HSCD"]
    plain = [g.encode_card(c) for c in cards]
    assert len(set(plain)) == len(cards) and all(g.is_member(x) for x in plain)


@pytest.mark.parametrize("name", sorted(GROUPS))
def test_a_fixed_base_table_powers_like_pow(name):
    """The tables that speed up the shuffle proofs and signatures give pow()'s answer for every
    exponent a key can be, the edges included, and for exponents beyond the table."""
    g = group(name)
    rng = random.Random(7)
    x = g.public(rng.randrange(1, g.q))
    table = g.fixed(x)
    exponents = [0, 1, 2, 15, 16, g.q - 1, g.q, 2 * g.q + 5, -3] + [rng.randrange(g.q) for _ in range(40)]
    for e in exponents:
        assert table.power(e) == pow(x, e, g.p), e
    assert all(g.public(e) == pow(g.g, e, g.p) for e in exponents[:8])
