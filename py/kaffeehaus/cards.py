"""Card codes (rank then suit, ASCII), decks in a fixed order, and seeded shuffles.

Which ranks a deck holds and what they are worth is a rule fact: `ruletable.py`.
"""

import random

SUITS = "CDHS"


def suit_of(card):
    return card[1]


def rank_of(card):
    return card[0]


def make_deck(ranks):
    """All cards of the given ranks, suit by suit: a fixed, documented order."""
    return tuple(rank + suit for suit in SUITS for rank in ranks)


def shuffled(deck, seed):
    """The deck shuffled from `seed`: the same seed gives the same order on every platform.

    A string seed goes through SHA-512 inside `random.Random`, so CPython and Pyodide agree.
    """
    cards = list(deck)
    random.Random(f"kaffeehaus:{seed}").shuffle(cards)
    return cards


def is_card_code(value):
    return isinstance(value, str) and len(value) == 2 and value[1] in SUITS
