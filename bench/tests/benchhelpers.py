"""What the bench tests share: random positions through the public API, the real hidden cards,
and the rule-based yardstick player."""

import random

from kaffeehaus import api
from kaffeehaus import states
from kaffeehaus.ai import levels


def random_states(profile, options, seed, count, *, policy=None):
    """Yield (state, observation of the player to move) along random deals."""
    rng = random.Random(f"{profile}:{options}:{seed}")
    produced = 0
    deal_no = 0
    while produced < count:
        state = api.new_deal(profile, options=options, seed=f"{seed}/{deal_no}")
        deal_no += 1
        while api.to_move(state) is not None and produced < count:
            obs = api.observation(state, api.to_move(state))
            yield state, obs
            produced += 1
            action = policy(obs, rng) if policy else rng.choice(api.legal_actions(state))
            state = api.apply(state, action)


def hidden_of(state, player):
    """The real hidden cards for `player` (tests only): opponent hand and stock order."""
    deal = states.decode(state).current
    return list(deal.hands[1 - player]), list(deal.stock)


def rule_based(obs):
    """The rule-based player's action (`levels.rule_based`; "next" between deals)."""
    return "next" if obs["legal_actions"] == ["next"] else levels.rule_based(obs)


def schnapsen_decisions(wanted, count, tag, deals=60, with_states=False):
    """Up to `count` observations where `wanted(obs)`, from whole `schnapsen` deals the
    rule-based player plays (seeds "<tag>/<n>", the dealer alternating); with `with_states`,
    (state, observation) pairs."""
    found = []
    for n in range(deals):
        state = api.new_deal("schnapsen", seed=f"{tag}/{n}", dealer=n % 2)
        while api.to_move(state) is not None and len(found) < count:
            obs = api.observation(state, api.to_move(state))
            if wanted(obs):
                found.append((state, obs) if with_states else obs)
            state = api.apply(state, rule_based(obs))
        if len(found) == count:
            break
    return found
