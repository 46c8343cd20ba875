"""The presumed answers of bench/presume.py (an experiment the benches run against the expert):
the opponent answers the seat's lead on what it can see, not as the best defence."""

import pytest

from kaffeehaus import api
from kaffeehaus.ai import levels, pimc
from kaffeehaus.ai.determinize import Info
from kaffeehaus.ai.solver import Solver

import presume
from benchhelpers import hidden_of, rule_based
from lookahead import decision_layouts


def leads(count):
    """(observation, state) where the seat leads in Schnapsen with the talon open at 4 or 2."""
    found = []
    for n in range(100):
        state = api.new_deal("schnapsen", seed=f"presume/{n}", dealer=n % 2)
        while api.to_move(state) is not None:
            obs = api.observation(state, api.to_move(state))
            if presume.applies(obs) and levels.forced_action(obs) is None:
                found.append((obs, state))
                break
            state = api.apply(state, rule_based(obs))
        if len(found) == count:
            break
    return found


def _real_position(obs, state):
    info = Info(obs)
    t = info.t
    opp, stock = hidden_of(state, obs["player"])
    return info, info.position(t.mask(opp), [t.index[c] for c in stock])


def test_the_presumed_answer_depends_only_on_what_the_opponent_can_see():
    """Swapping one of the seat's other cards with a hidden talon card (the opponent cannot
    tell these layouts apart) never changes the opponent's presumed answer."""
    checked = 0
    for obs, state in leads(8):
        info, pos = _real_position(obs, state)
        me, opp = info.me, info.opp
        lead = sorted(a for a in obs["legal_actions"] if a in info.t.index)[0]
        after = pos.copy()
        after.apply(lead)
        hidden = after.stock[:-1]
        mine = [c for c in range(info.t.n) if after.hands[me] >> c & 1]
        if not hidden or not mine:
            continue
        swapped = after.copy()
        swapped.hands[me] = (after.hands[me] & ~(1 << mine[0])) | 1 << hidden[0]
        swapped.stock = [mine[0]] + after.stock[1:]
        answers = [presume._presumed_answer(p, me, opp, None, 4, 0, "seed") for p in (after, swapped)]
        assert answers[0] == answers[1]
        assert after.hands[opp] >> answers[0] & 1
        checked += 1
    assert checked >= 6


@pytest.mark.slow
def test_a_presumed_value_is_never_below_the_best_defence():
    """In every layout the presumed answer is one of the opponent's answers, so the lead's
    presumed value is at least its PIMC value (the best defence) over the same layouts; for
    some lead it is higher (the opponent cannot always find the best defence)."""
    higher = 0
    for obs, _ in leads(6):
        info = Info(obs, levels.EXPERT["infer"])
        config = pimc.Config(**levels.EXPERT)
        cards = sorted(a for a in obs["legal_actions"] if a in info.t.index)
        presumed = presume.presumed_values(obs, info, cards, config, 0, None, 4)
        plain = {a: 0.0 for a in cards}
        weights = 0.0
        for opp_mask, stock, w in decision_layouts(info, config, obs, 0):
            pos = info.position(opp_mask, stock)
            solver = Solver(info.me)
            for a in cards:
                child = pos.copy()
                child.apply(a)
                plain[a] += w * solver.value(child)
            weights += w
        for a in cards:
            assert presumed[a] >= plain[a] / weights - 1e-9
        higher += any(presumed[a] > plain[a] / weights + 1e-9 for a in cards)
    assert higher >= 2
