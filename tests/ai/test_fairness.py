"""Fair by construction: the AI's action depends on the observation only.

For many observations, several *different* full states consistent with it are built: the
cards hidden from the seat (opponent's hand and face-down stock) are redistributed among their
deck positions, the same public action list is replayed through `api.new_deal(deck=...)` and
`api.apply` (a redistribution that makes a recorded action illegal is skipped), and the seat's
observation is checked to be identical. The AI must then pick the same action in all of them.
"""

import random

import pytest

from kaffeehaus import api
from kaffeehaus import states
from kaffeehaus.ai import choose_action
from kaffeehaus.ai.determinize import Info

from aihelpers import OPTION_SETS, rule_based


def consistent_states(state, player, rng, count):
    """Up to `count` states, other than `state`, that `player` cannot tell apart from it."""
    g = states.decode(state)
    deal = g.current
    deck = list(deal.deck)
    actions = [a for _, a in deal.actions]
    obs = api.observation(state, player)
    info = Info(obs)
    hidden = [info.t.names[c] for c in info.unknown]
    positions = [deck.index(c) for c in hidden]
    out = []
    tries = 0
    while len(out) < count and tries < 40 and len(hidden) > 1:
        tries += 1
        perm = hidden[:]
        rng.shuffle(perm)
        if perm == hidden:
            continue
        new_deck = deck[:]
        for pos, card in zip(positions, perm):
            new_deck[pos] = card
        other = api.new_deal(obs["profile"], options=obs["options"], deck=new_deck,
                             dealer=deal.dealer)
        try:
            for a in actions:
                other = api.apply(other, a)
        except ValueError:
            continue                      # this layout contradicts a recorded play: skip it
        assert {**api.observation(other, player), "shuffled": obs["shuffled"]} == obs  # deck provenance only
        assert states.decode(other).current.hands[1 - player] != deal.hands[1 - player] or \
            states.decode(other).current.stock != deal.stock
        out.append(other)
    return out


def sample_observation_states(profile, options, n, seed):
    rng = random.Random(f"fair:{profile}:{options}:{seed}")
    states = []
    deal_no = 0
    while len(states) < n:
        state = api.new_deal(profile, options=options, seed=f"fair/{seed}/{deal_no}")
        deal_no += 1
        stop = rng.randrange(1, 24)
        k = 0
        while api.to_move(state) is not None:
            p = api.to_move(state)
            obs = api.observation(state, p)
            if k == stop and len(obs["legal_actions"]) > 1:
                states.append(state)
                break
            state = api.apply(state, rule_based(obs))
            k += 1
    return states


@pytest.mark.slow  # every consistent state of sampled positions
@pytest.mark.parametrize("profile,options", OPTION_SETS)
def test_same_action_in_every_consistent_state(profile, options):
    rng = random.Random(11)
    checked = 0
    for state in sample_observation_states(profile, options, 6, seed=1):
        player = api.to_move(state)
        others = consistent_states(state, player, rng, 3)
        if not others:
            continue
        for level, iters in (("expert", 2), ("hard", 2), ("medium", 2), ("easy", None)):
            base = choose_action(api.observation(state, player), level=level, seed=5,
                                 iterations=iters)
            for other in others:
                assert choose_action(api.observation(other, player), level=level, seed=5,
                                     iterations=iters) == base
        checked += 1
    assert checked >= 3
