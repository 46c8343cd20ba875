"""A game: one deal or a match, built by replaying its log (profile, options, decks, actions).

The JSON state holds only the log (see docs/API.md); `Game` is the derived, owned object the
API works on. states.py turns a state back into a Game (validated by replay, cached).
"""

import random

from . import match
from .cards import is_card_code, shuffled
from .deal import IllegalAction
from .messages import short
from .profiles import GAME_OF_PROFILE, check_profile, deck_of, normalise_options
from .schnapsen import SchnapsenDeal
from .schneider import SchneiderDeal

FORMAT = "kaffeehaus/1"
STATE_KEYS = {"format", "profile", "options", "seed", "match", "first_dealer", "deals"}
DEAL_KEYS = {"deck", "dealer", "actions"}
MAX_DEALS = 400          # far beyond any real match; bounds the work a hostile state can cause
MAX_SEED_LENGTH = 100
MAX_INT_SEED = 2**53 - 1


def deal_class(profile):
    return SchnapsenDeal if GAME_OF_PROFILE[profile] == "schnapsen" else SchneiderDeal


def check_seed(seed):
    """None, an integer that JavaScript holds exactly, or a string of at most 100 characters."""
    if seed is None or (type(seed) is int and -MAX_INT_SEED <= seed <= MAX_INT_SEED) \
            or (isinstance(seed, str) and len(seed) <= MAX_SEED_LENGTH):
        return seed
    if type(seed) is int:
        raise ValueError("seed must be an integer of at most 2**53 (a JavaScript safe integer)")
    raise ValueError(f"seed must be an integer or a string of at most {MAX_SEED_LENGTH} "
                     f"characters, not {short(seed)}")


def fresh_seed():
    return random.SystemRandom().randrange(2**31)


def deck_for_deal(profile, options, seed, index):
    """Deal `index` of a seeded game: the same seed gives the same decks everywhere."""
    return shuffled(deck_of(profile, options), f"{seed}/{index}")


def first_dealer_from_seed(seed):
    return random.Random(f"kaffeehaus:{seed}:first-dealer").randrange(2)   # SS-10, SN-12


class Game:
    """One deal (`is_match` False) or a match whose last deal is the current one."""

    __slots__ = ("profile", "options", "seed", "is_match", "first_dealer", "deals")

    def __init__(self, profile, options, seed, is_match, first_dealer, deals):
        self.profile = profile
        self.options = options
        self.seed = seed
        self.is_match = is_match
        self.first_dealer = first_dealer
        self.deals = deals       # Deal objects; all but the last are over

    @property
    def current(self):
        return self.deals[-1]

    def results(self):
        return [d.result for d in self.deals if d.result is not None]

    def match_status(self):
        if not self.is_match:
            raise ValueError("this state is a single deal, not a match")
        return match.status(self.profile, self.options, self.results(), self.current.dealer)

    def shuffled(self):
        """Every deck is the engine's shuffle of the seed (checked when the state was built or
        replayed); a hand-made deck or a shared link has no seed."""
        return self.seed is not None

    def match_over(self):
        return self.is_match and self.match_status()["over"]

    def to_move(self):
        return self.current.to_move()

    def legal_actions(self):
        deal = self.current
        if deal.result is None:
            return deal.legal_actions()
        if self.is_match and not self.match_over():
            return ["next"]
        return []

    def apply(self, action):
        """A new Game with `action` applied; self is unchanged."""
        deal = self.current
        if action == "next" and deal.result is not None:
            if not self.is_match:
                raise IllegalAction(action, "a single deal has no next deal", "no_next_deal")
            if self.match_over():
                raise IllegalAction(action, "the match is over", "match_over")
            return self._with_deals(self.deals + [self._next_deal()])
        new_deal = deal.copy()
        new_deal.apply(action)
        return self._with_deals(self.deals[:-1] + [new_deal])

    def _next_deal(self):
        index = len(self.deals)
        dealer = match.next_dealer(self.profile, self.first_dealer, self.results())
        deck = deck_for_deal(self.profile, self.options, self.seed, index)
        return deal_class(self.profile)(self.profile, self.options, deck, dealer)

    def with_current(self, deal):
        """A Game whose current deal is `deal` (for views; not a replayable state)."""
        return self._with_deals(self.deals[:-1] + [deal])

    def _with_deals(self, deals):
        return Game(self.profile, self.options, self.seed, self.is_match, self.first_dealer, deals)

    def to_state(self):
        return {
            "format": FORMAT,
            "profile": self.profile,
            "options": dict(self.options),
            "seed": self.seed,
            "match": self.is_match,
            "first_dealer": self.first_dealer,
            "deals": [{"deck": list(d.deck), "dealer": d.dealer,
                       "actions": [a for _, a in d.actions]} for d in self.deals],
        }


def new_game(profile, options, *, is_match, seed, deck=None, dealer=None, first_dealer=None):
    check_profile(profile)
    options = normalise_options(profile, options)
    seed = check_seed(seed)
    if deck is None:
        if seed is None:
            seed = fresh_seed()
        deck = deck_for_deal(profile, options, seed, 0)
    else:
        if seed is not None:
            raise ValueError("give either a deck or a seed, not both")
        deck = check_deck(profile, options, deck)
    if is_match:
        if first_dealer is None:
            first_dealer = first_dealer_from_seed(seed)
        dealer = check_player(first_dealer, "first_dealer")
    else:
        if dealer is None:
            if seed is None:
                raise ValueError("a hand-made deck needs its dealer (0 or 1)")
            dealer = first_dealer_from_seed(seed)    # SB-7, SS-10, SN-8, SN-12: drawn at random
        dealer = check_player(dealer, "dealer")
        first_dealer = dealer
    first = deal_class(profile)(profile, options, deck, dealer)
    return Game(profile, options, seed, is_match, first_dealer, [first])


def check_player(value, name):
    if type(value) is not int or value not in (0, 1):
        raise ValueError(f"{name} must be 0 or 1, not {short(value)}")
    return value


def check_deck(profile, options, deck):
    expected = deck_of(profile, options)
    if isinstance(deck, (list, tuple)) and len(deck) != len(expected):
        raise ValueError(f"deck must hold the {len(expected)} cards of {profile} with these "
                         f"options, not {len(deck)}")
    if not isinstance(deck, (list, tuple)) or not all(is_card_code(c) for c in deck):
        raise ValueError("deck must be a list of card codes such as 'QH'")
    if sorted(deck) != sorted(expected):
        raise ValueError(f"deck must hold each of the {len(expected)} cards of {profile} "
                         f"with these options exactly once")
    return list(deck)
