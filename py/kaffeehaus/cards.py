"""Card codes (rank then suit, ASCII), decks per game, and seeded shuffles."""

import random

SUITS = "CDHS"
SCHNAPSEN_RANKS = "ATKQJ"          # strength order, high to low (SS-1)
SCHNAPSEN_RANKS_SEVENS = "ATKQJ7"  # SB-7 `sevens`: the 7s rank below the jack
SCHNEIDER_RANKS = "AKQJT987"       # SN-1
SCHNEIDER_RANKS_24 = "AKQJT9"      # SN-10 `deck: 24`: 7s and 8s removed

CARD_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "7": 0}  # SS-1, SB-7 sevens


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
