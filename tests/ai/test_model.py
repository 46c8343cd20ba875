"""The AI's compact positions mirror the engine exactly (legal actions and results).

At every step of random deals, the position is rebuilt from the mover's observation plus the
real hidden cards (via `determinize`), and its legal actions must equal the engine's; both are
then played to the end with the same actions and must give the same result.
"""

import random

import pytest

from kaffeehaus import api
from kaffeehaus import states
from kaffeehaus.ai import model
from kaffeehaus.ai.determinize import Info

from aihelpers import OPTION_SETS, hidden_of


@pytest.mark.parametrize("profile,options", OPTION_SETS)
def test_positions_mirror_engine(profile, options):
    rng = random.Random(7)
    t_checked = 0
    for deal_no in range(12):
        state = api.new_deal(profile, options=options, seed=f"model/{deal_no}")
        while api.to_move(state) is not None:
            p = api.to_move(state)
            obs = api.observation(state, p)
            info = Info(obs)
            opp, stock = hidden_of(state, p)
            real = info.t.mask(opp) & ~info.known_opp
            assert not real & info.forbidden, "a void inferred wrongly"
            assert all(bin(real & sm).count("1") <= n for sm, n in info.counts)
            pos = info.position(info.t.mask(opp), [info.t.index[c] for c in stock])
            assert sorted(pos.legal_actions()) == sorted(api.legal_actions(state))
            # play the rest of the deal in both, random but biased away from claims
            s2, q = state, pos.copy()
            while api.to_move(s2) is not None:
                legal = api.legal_actions(s2)
                assert sorted(q.legal_actions()) == sorted(legal)
                calm = [a for a in legal if a != "claim"] or legal
                a = rng.choice(calm if rng.random() < 0.9 else legal)
                s2 = api.apply(s2, a)
                q.apply(a)
            r = api.deal_result(s2)
            assert q.result == (r["winner"], r["game_points"], r["reason"])
            t_checked += 1
            legal = api.legal_actions(state)
            calm = [a for a in legal if a != "claim"] or legal
            state = api.apply(state, rng.choice(calm))
    assert t_checked > 100


def test_SN_11_neighbour_winner_is_the_engines_only_winner():
    """The one card the model, the rule-based player and the solver's tables take to win a
    lead under SN-11 is the one the engine's deal accepts."""
    state = api.new_deal("schneider-neighbour", seed="model/nb", dealer=0)
    deal = states.decode(state).current
    t = Info(api.observation(state, 0)).t
    for lead in range(t.n):
        winners = [c for c in range(t.n) if deal.beats(t.names[c], t.names[lead])]
        expected = model.neighbour_winner(t, lead)
        assert winners == ([expected] if expected >= 0 else [])
    assert sum(model.neighbour_winner(t, c) < 0 for c in range(t.n)) == 4     # the aces
