"""The deal: two proven shuffles of the whole deck, then decryption one position at a time.

    Y = shuffle_B(m ^ b)      seat 1 raises every card's plaintext (canonical order) to its
                              key b and permutes: it knows Y's order, seat 0 does not
    Z = shuffle_A(Y ^ a)      seat 0 raises every element to its key a and permutes: now
                              nobody knows the order. Z[i] = card ^ (a*b)

Each pass comes with a shuffle proof (proofs.py) checked on receipt, so a pass is a
permutation of the previous deck under one key, with no element added, dropped, doubled or
marked. Position i of Z is position i of the engine's deck, top first (SN-3, SS-2). A seat
opens position i to the other by sending its decryption share Z[i]^(1/key) with a proof; the
other raises the share to 1/its own key and finds the card. Pure functions of their arguments.
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
    """Every element raised to the key, in a fresh random order."""
    encrypted = [group.power(x, key) for x in elements]
    return [encrypted[i] for i in permutation(len(encrypted))]


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


def context(game, deal, seat, what):
    """The statement a proof is about: game, deal, author and what (a pass or a position), so
    no proof can be replayed anywhere else."""
    return f"kaffeehaus/duel/{game}/{deal}/{seat}/{what}"
