"""The SRA-style shuffle and deal: four passes over the deck, two by each seat.

    X = shuffle_A(m ^ a)          seat 0 encrypts every card with its deck key a and permutes
    Y = shuffle_B(X ^ b)          seat 1 does the same with b (now nobody knows the order)
    Z[i] = Y[i] ^ (a_i / a)       seat 0 swaps its deck key for a key per position
    W[i] = Z[i] ^ (b_i / b)       seat 1 does the same: W[i] = m ^ (a_i * b_i)

(exponents mod q). Position i of W is position i of the engine's deck, top first (SN-3, SS-2).
A position is opened to a seat when the other seat discloses its key for it; opened to both
when both do. Everything here is a pure function of its arguments.
"""

import secrets

from .errors import KeyMismatch, VerificationFailed


def permutation(n):
    """A uniformly random permutation of range(n) (Fisher-Yates with `secrets`)."""
    order = list(range(n))
    for i in range(n - 1, 0, -1):
        j = secrets.randbelow(i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def encrypt_and_shuffle(group, elements, key):
    """Stage 1 or 2: every element raised to the deck key, in a fresh random order."""
    encrypted = [group.power(x, key) for x in elements]
    return [encrypted[i] for i in permutation(len(encrypted))]


def rekey(group, elements, deck_key, card_keys):
    """Stage 3 or 4: position i re-keyed from the deck key to its own key (one exponentiation:
    x ^ (k_i / e))."""
    inverse = group.inverse(deck_key)
    return [group.power(x, k * inverse % group.q) for x, k in zip(elements, card_keys)]


def open_position(group, element, key0, key1, table):
    """The card at a position of W, given both seats' keys for it; `table` maps plaintexts to
    cards. KeyMismatch when the result is no card (a wrong key or a dishonest pass)."""
    plain = group.power(element, group.inverse(key0 * key1 % group.q))
    card = table.get(plain)
    if card is None:
        raise KeyMismatch("a position opened to no card: a key or the shuffle is wrong")
    return card


def plaintexts(group, deck):
    """{plaintext: card} for the profile's cards."""
    return {group.encode_card(card): card for card in deck}


def check_encrypt_and_shuffle(group, before, after, key, who):
    """`after` must be a permutation of `before` raised to `key` (a revealed deck key)."""
    if sorted(group.power(x, key) for x in before) != sorted(after):
        raise VerificationFailed(f"seat {who}'s shuffle is not its deck key applied to the deck")


def check_rekey(group, before, after, deck_key, card_keys, who):
    if rekey(group, before, deck_key, card_keys) != list(after):
        raise VerificationFailed(f"seat {who}'s per-position keys were not applied as committed")
