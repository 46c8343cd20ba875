"""Shared helpers of the AI tests: random games through the public API, profile/option sets."""

import random

from kaffeehaus import api
from kaffeehaus import states
from kaffeehaus.ai import levels

OPTION_SETS = [
    ("schnapsen", {}),
    ("schnapsen-strict", {}),
    ("bummerl", {}),
    ("bummerl", {"mit40": True}),
    ("bummerl", {"sevens": True, "mit40": True}),
    ("schneider", {}),
    ("schneider", {"deck": 24}),
    ("schneider", {"follow_suit": True}),
    ("schneider", {"trump": True, "follow_suit": True}),
    ("schneider", {"trump": True, "deck": 24, "cumulative": True}),
    ("schneider-neighbour", {}),
]


def random_states(profile, options, seed, count, *, policy=None):
    """Yield (state, observation of the player to move) along random deals."""
    rng = random.Random(f"{profile}:{options}:{seed}")
    produced = 0
    deal_no = 0
    while produced < count:
        state = api.new_deal(profile, options=options, seed=f"{seed}/{deal_no}",)
        deal_no += 1
        while api.to_move(state) is not None and produced < count:
            p = api.to_move(state)
            obs = api.observation(state, p)
            yield state, obs
            produced += 1
            legal = api.legal_actions(state)
            action = policy(obs, rng) if policy else rng.choice(legal)
            state = api.apply(state, action)


def hidden_of(state, player):
    """The real hidden cards for `player` (tests only): opponent hand and stock order."""
    deal = states.decode(state).current
    return list(deal.hands[1 - player]), list(deal.stock)


def rule_based(obs):
    """The rule-based player's action (`levels.rule_based`; "next" between deals): the
    yardstick player of these tests, not a level players choose."""
    return "next" if obs["legal_actions"] == ["next"] else levels.rule_based(obs)
