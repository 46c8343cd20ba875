"""When few layouts are consistent with the observation, `pimc.evaluate` values every one of
them once, weighted by its likelihood (`determinize.Info.layouts`): the exact expectation of
what sampling estimates, with no layout solved twice."""

import random

import pytest

from kaffeehaus import api
from kaffeehaus.ai import levels, pimc
from kaffeehaus.ai.determinize import Info
from kaffeehaus.ai.inference import INFER

PROFILES = ["schnapsen", "schnapsen-strict", "bummerl", "schneider", "schneider-neighbour"]


def observations(profile, count, seed):
    """Observations with a real choice along deals (or matches) played by the heuristic, now
    and then a random legal action."""
    rng = random.Random(f"layouts:{profile}:{seed}")
    out = []
    deal_no = 0
    while len(out) < count:
        if profile in ("bummerl", "schneider", "schneider-neighbour"):
            state = api.new_match(profile, seed=f"layouts/{seed}/{deal_no}",
                                  first_dealer=deal_no % 2)
        else:
            state = api.new_deal(profile, seed=f"layouts/{seed}/{deal_no}", dealer=deal_no % 2)
        deal_no += 1
        while api.to_move(state) is not None and len(out) < count:
            obs = api.observation(state, api.to_move(state))
            if obs["legal_actions"] == ["next"]:
                break
            if levels.forced_action(obs) is None:
                out.append(obs)
            if rng.random() < 0.2:
                action = rng.choice(obs["legal_actions"])
            else:
                action = levels.rule_based(obs)
            state = api.apply(state, action)
    return out


def few_layouts(profile, count, limit=40):
    return [obs for obs in observations(profile, count, 1)
            if Info(obs).layouts(limit) is not None]


@pytest.mark.slow  # every layout of many positions
def test_layouts_are_exactly_the_layouts_sampling_draws():
    checked = 0
    for profile in PROFILES:
        for obs in few_layouts(profile, 80):
            info = Info(obs, INFER)
            every = info.layouts(40)
            keys = [(opp, tuple(stock)) for opp, stock, _ in every]
            assert len(set(keys)) == len(keys)             # each once
            rng = random.Random(2)
            drawn = set()
            for _ in range(200):
                opp, stock = info.sample(rng)
                key = (opp, tuple(stock))
                if obs["closed"]:      # after a close the stock's order is never used
                    key = next(k for k in keys if k[0] == opp and sorted(k[1]) == sorted(stock))
                assert key in keys
                drawn.add(key)
            if len(keys) <= 6:
                assert drawn == set(keys)                  # and none missing
            for opp, stock, w in every:
                assert w == info.weight(opp) and 0 < w <= 1
                assert len(stock) == obs["stock_size"] and opp & info.hand == 0
            checked += 1
    assert checked >= 60


def test_the_value_is_the_likelihood_weighted_mean_over_every_layout():
    checked = weighted = 0
    for profile in PROFILES:
        for obs in few_layouts(profile, 40):
            config = pimc.Config(**levels.EXPERT)
            values, used = pimc.evaluate(obs, config, seed=3, utility=levels.match_utility(obs))
            info = Info(obs, INFER)
            every = info.layouts(config.samples_for(obs))
            assert used == len(every)
            actions = pimc.candidate_actions(obs)
            totals = dict.fromkeys(actions, 0.0)
            for opp, stock, w in every:
                solved, _ = pimc._solve_layout(info, opp, stock, actions, obs["player"],
                                               levels.match_utility(obs), config.threshold(obs))
                for a, v in zip(actions, solved):
                    totals[a] += w * v
            total_weight = sum(w for _, _, w in every)
            for a in actions:
                assert abs(values[a] - totals[a] / total_weight) < 1e-9
            weighted += len({w for _, _, w in every}) > 1
            checked += 1
    assert checked >= 30
    assert weighted >= 3         # some of them with layouts of different likelihood


def test_after_the_last_draw_one_layout_is_solved_once(monkeypatch):
    calls = [0]
    solve = pimc._solve_layout

    def counted(*args):
        calls[0] += 1
        return solve(*args)
    monkeypatch.setattr(pimc, "_solve_layout", counted)
    seen = 0
    for obs in observations("schnapsen", 120, 4):
        if obs["stock_size"] == 0 and not obs["closed"]:
            calls[0] = 0
            _, used = pimc.evaluate(obs, pimc.Config(**levels.EXPERT), seed=1, prune=True)
            assert used == 1 and calls[0] == 1
            seen += 1
    assert seen >= 10


@pytest.mark.slow  # searches many positions for ones with many layouts
def test_sampling_is_kept_where_layouts_are_many():
    """Early in a deal the layouts are far too many: the expert samples (40 or 20 layouts)."""
    for obs in observations("bummerl", 12, 5):
        if obs["stock_size"] >= 6 and not obs["closed"]:
            assert Info(obs).layouts(40) is None
            _, used = pimc.evaluate(obs, pimc.Config(**levels.EXPERT), seed=1, prune=True)
            assert used == pimc.Config(**levels.EXPERT).samples_for(obs)
