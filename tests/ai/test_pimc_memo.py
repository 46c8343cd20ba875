"""`pimc.evaluate` solves a layout drawn again within one call only once (the memo): the means,
the samples used and so the decisions are exactly those without it, and the solver runs
fewer times where layouts repeat (Schnapsen Phase 2 after the last draw: one layout)."""

import random

import pytest

from kaffeehaus import api
from kaffeehaus.ai import levels, pimc

PROFILES = ["schnapsen", "schnapsen-strict", "bummerl", "schneider", "schneider-neighbour"]

# the expert's parameters with fewer layouts (and a small node cap, so that the cap trips in
# some decisions), to keep the test short; and the expert itself for the late decisions
SMALL = dict(levels.EXPERT, samples=10, exact_samples=10, deep_samples=8, first_round=4,
             node_budget=20_000)


def observations(profile, count, seed):
    """Observations with a real choice along deals (or matches) played by the heuristic, now
    and then a random legal action."""
    rng = random.Random(f"memo:{profile}:{seed}")
    out = []
    deal_no = 0
    while len(out) < count:
        if profile in ("bummerl", "schneider", "schneider-neighbour"):
            state = api.new_match(profile, seed=f"memo/{seed}/{deal_no}", first_dealer=deal_no % 2)
        else:
            state = api.new_deal(profile, seed=f"memo/{seed}/{deal_no}", dealer=deal_no % 2)
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
                action = levels.choose(obs, "heuristic")
            state = api.apply(state, action)
    return out


def run(obs, params, memo, monkeypatch):
    monkeypatch.setattr(pimc, "MEMO", memo)
    calls = [0]
    solve = pimc._solve_layout

    def counted(*args):
        calls[0] += 1
        return solve(*args)
    monkeypatch.setattr(pimc, "_solve_layout", counted)
    values, used = pimc.evaluate(obs, pimc.Config(**params), seed=7,
                                 utility=levels.match_utility(obs), prune=True)
    monkeypatch.setattr(pimc, "_solve_layout", solve)
    return values, used, calls[0]


@pytest.mark.parametrize("profile", PROFILES)
def test_memo_changes_no_value_and_no_decision(profile, monkeypatch):
    saved = 0
    checked = 0
    for obs in observations(profile, 60, 1):
        late = obs["closed"] or obs["stock_size"] <= (0 if obs["game"] == "schneider" else 2)
        configs = [SMALL] + ([levels.EXPERT] if late else [])
        for params in configs:
            v1, used1, calls1 = run(obs, params, True, monkeypatch)
            v0, used0, calls0 = run(obs, params, False, monkeypatch)
            assert v1 == v0                 # bit-identical means
            assert used1 == used0           # the node cap stops at the same sample
            assert levels.best_of(v1) == levels.best_of(v0)
            assert calls0 == used0 and calls1 <= calls0
            saved += calls0 - calls1
            checked += 1
    assert checked >= 60
    assert saved > 0                        # repeated layouts occurred and were not re-solved


def test_one_layout_after_the_last_draw_is_solved_once_per_set_of_actions(monkeypatch):
    """Schnapsen Phase 2 after the last draw, talon not closed: every card is known, so every
    sample is the same layout; the solver runs once for the first round's actions and once for
    the actions kept by successive halving (at most), instead of once per sample."""
    found = 0
    for obs in observations("schnapsen", 400, 2):
        if obs["closed"] or obs["stock_size"] > 0 or len(obs["hand"]) < 3:
            continue
        values, used, calls = run(obs, levels.EXPERT, True, monkeypatch)
        _, used0, calls0 = run(obs, levels.EXPERT, False, monkeypatch)
        assert used == used0 == pimc.Config(**levels.EXPERT).samples_for(obs)
        assert calls0 == used0
        assert calls <= 2
        found += 1
    assert found >= 5


def test_a_layout_is_valued_without_random_numbers(monkeypatch):
    """The memo relies on a layout's values being a function of the layout: the rollouts and
    the solver must draw no random numbers (any use of the `random` module fails the test),
    and solving the same layout twice gives the same values and node count."""
    import random as random_module

    cases = []
    for profile in PROFILES:
        for obs in observations(profile, 12, 3)[::4]:
            config = pimc.Config(**levels.EXPERT)
            info = pimc.Info(obs, config.infer)
            opp, stock = info.sample(random.Random(profile))
            cases.append((info, opp, stock, sorted(pimc.candidate_actions(obs)), obs["player"],
                          levels.match_utility(obs), config.threshold(obs)))

    def forbidden(*args, **kwargs):
        raise AssertionError("a layout was valued with random numbers")
    for name in ("random", "choice", "shuffle", "randrange", "randint", "sample", "getrandbits"):
        monkeypatch.setattr(random_module, name, forbidden)
        monkeypatch.setattr(random_module.Random, name, forbidden)
    for args in cases:
        assert pimc._solve_layout(*args) == pimc._solve_layout(*args)
