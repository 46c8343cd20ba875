"""The deal: two proven shuffles of the whole deck, then decryption one position at a time.

    Y = shuffle_F(f * m)      the first shuffler F multiplies every card's plaintext
                              (canonical order) by its key f and permutes: it knows Y's order
    Z = shuffle_O(o * Y)      the other seat O multiplies every element by its key o and
                              permutes: now nobody knows the order. Z[i] = (f*o) * card

Each pass comes with a shuffle proof (proofs.py) checked on receipt, so a pass is a
permutation of the previous deck under one key, with no element added, dropped, doubled or
marked. Position i of Z is position i of the engine's deck, top first (SN-3, SS-2). A seat
opens position i to the other by sending its decryption share (1/key) * Z[i] with a proof; the
other multiplies the share by 1/its own key and finds the card. Pure functions of their arguments.
"""

import secrets

from .errors import KeyMismatch


def permutation(n):
    """A uniformly random permutation of range(n) (Fisher-Yates with `secrets`)."""
    order = list(range(n))
    for i in range(n - 1, 0, -1):
        j = secrets.randbelow(i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def encrypt_and_shuffle(group, elements, key):
    """(after, order): every element under the key, in a fresh random order, with
    after[i] = key * elements[order[i]] (the order stays with the prover)."""
    order = permutation(len(elements))
    return [group.power(elements[k], key) for k in order], order


def open_share(group, share, key, table):
    """The card of a position from the other seat's decryption share and this seat's key;
    `table` maps plaintexts to cards. KeyMismatch when the result is no card."""
    card = table.get(group.power(share, group.inverse(key)))
    if card is None:
        raise KeyMismatch("a position opened to no card: a share or the shuffle is wrong")
    return card


def plaintexts(group, deck):
    """{plaintext: card} for the profile's cards."""
    return {group.encode_card(card): card for card in deck}


def context(game, signers, deal, seat, what):
    """The statement a proof is about: game, both players' signing keys (`signers`, a digest of
    them), deal, author and what (a pass or a position), so no proof can be replayed anywhere
    else, nor relayed into another game of the same id by someone sitting in the middle."""
    return f"kaffeehaus/duel/{game}/{signers}/{deal}/{seat}/{what}"
