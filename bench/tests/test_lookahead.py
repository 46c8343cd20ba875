"""The informed lookahead of bench/lookahead.py (an experiment the benches run against the
expert): the seat's next choice is made on what it will know, so it is one choice for every
layout it cannot tell apart; where that next choice comes only after every card is known (a
talon of 2), the values are the expert's exact PIMC values."""

import pytest

from kaffeehaus import api
from kaffeehaus.ai import levels, pimc
from kaffeehaus.ai.determinize import Info

import lookahead
from benchhelpers import hidden_of


def decisions_at(stock_size, count):
    """Observations (and states) of a seat to move in Schnapsen with the talon open at
    `stock_size`, with a real choice to make."""
    found = []
    for n in range(200):
        state = api.new_deal("schnapsen", seed=f"lookahead/{n}", dealer=n % 2)
        while api.to_move(state) is not None:
            obs = api.observation(state, api.to_move(state))
            if (not obs["closed"] and obs["stock_size"] == stock_size
                    and levels.forced_action(obs) is None and len(obs["legal_actions"]) > 2):
                found.append((obs, state))
                break
            state = api.apply(state, levels.heuristic_action(obs))
        if len(found) == count:
            return found
    raise AssertionError("too few decisions found")


@pytest.mark.parametrize("obs, state", decisions_at(2, 4))
def test_the_informed_choice_is_one_choice_for_layouts_the_seat_cannot_tell_apart(obs, state):
    me = obs["player"]
    info = Info(obs)
    hand, stock = hidden_of(state, me)
    real = info.position(info.t.mask(hand), [info.t.index[c] for c in stock])
    assert len(real.stock) == 2                      # one hidden card and the indicator
    unseen = [c for c in range(info.t.n) if (real.hands[1 - me] & ~info.known_opp) >> c & 1]
    unseen.append(real.stock[0])
    choices = set()
    for card in unseen:                              # each unseen card as the stock's hidden one
        layout = real.copy()
        layout.hands[1 - me] = (real.hands[1 - me] | 1 << real.stock[0]) & ~(1 << card)
        layout.stock = [card, real.stock[1]]
        choices.add(lookahead._informed_choice(layout, me, None, {}, info.known_opp))
    assert len(choices) == 1
    assert choices.pop() in obs["legal_actions"]


@pytest.mark.parametrize("obs, state", decisions_at(2, 3))
def test_at_a_talon_of_2_the_values_are_the_experts_exact_pimc_values(obs, state):
    config = pimc.Config(**levels.EXPERT)
    got = lookahead.values(obs, config, 7, None)
    want, _ = pimc.evaluate(obs, config, seed=7)
    assert got.keys() == want.keys()
    for action in got:
        assert got[action] == pytest.approx(want[action], abs=1e-9), action
