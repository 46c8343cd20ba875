"""Random legal playouts for property tests, biased so that every ending is reached often."""

import random

from kaffeehaus import api

OPTION_SETS = {
    "schneider": [{}, {"deck": 24}, {"follow_suit": True}, {"trump": True}, {"cumulative": True},
                  {"deck": 24, "follow_suit": True, "trump": True, "cumulative": True}],
    "schneider-neighbour": [{}],
    "schnapsen": [{}],
    "schnapsen-strict": [{}],
    "bummerl": [{}, {"mit40": True}, {"sevens": True}, {"sevens": True, "mit40": True}],
}

CASES = [(profile, options) for profile, sets in OPTION_SETS.items() for options in sets]


def case_id(case):
    profile, options = case
    return profile + "".join(f"-{k}={v}" for k, v in sorted(options.items()))


def choose(rng, legal, points_of_mover):
    """Uniform over cards and announcements, but claims mostly when they are right, so that
    deals also run to their last trick; false claims still happen now and then."""
    if "claim" in legal:
        if points_of_mover >= 66 and rng.random() < 0.8:
            return "claim"
        if rng.random() < 0.03:
            return "claim"
        legal = [a for a in legal if a != "claim"] or legal
    if "close" in legal and rng.random() < 0.85:
        legal = [a for a in legal if a != "close"] or legal
    return rng.choice(legal)


def play_some(profile, options, seed, steps):
    """A deal of `profile` after up to `steps` biased random actions, through the API."""
    state = api.new_deal(profile, options=options, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        legal = api.legal_actions(state)
        if not legal:
            break
        player = api.to_move(state)
        points = api.observation(state, player)["points"][player]
        state = api.apply(state, choose(rng, legal, points))
    return state
