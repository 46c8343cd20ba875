"""The re-played reading of bench/replay.py (an experiment the benches run against the expert):
the opponent's talon-open turns (SS-5..SS-8) re-played as the rule-based player's."""

import random

import pytest

from kaffeehaus import api
from kaffeehaus.ai.determinize import Info

from benchhelpers import rule_based
from reading import decisions, expected_overlap, readings
from replay import Replay


@pytest.mark.parametrize("profile, options", [("schnapsen", {}), ("schnapsen-strict", {}),
                                              ("bummerl", {}), ("bummerl", {"mit40": True})])
def test_SS_5_the_rule_based_players_real_hand_is_never_ruled_out(profile, options):
    """With no tolerance at all (eps 0) the real hand of the rule-based opponent keeps a weight:
    its hand at every past turn, found backwards through its draws and exchanges, made exactly
    the choices it made."""
    checked = 0
    for d in range(40):
        state = api.new_deal(profile, options=options, seed=f"replay/{d}", dealer=d % 2)
        while api.to_move(state) is not None:
            seat = api.to_move(state)
            obs = api.observation(state, seat)
            if obs["stock_size"] and obs["legal_actions"] != ["next"]:
                info = Info(obs)
                real = info.t.mask(api.observation(state, 1 - seat)["hand"])
                assert Replay(info, 0.0).weight(real) > 0, (obs["history"], obs["trick"])
                checked += 1
            state = api.apply(state, rule_based(obs))
    assert checked >= 300


def test_a_hand_the_rule_based_player_would_have_played_otherwise_weighs_less():
    """At a talon of 4, some consistent hands get the factor of a passed-up choice (or
    several), others none: the weights are not all alike, and every one is a product of
    that factor over the opponent's turns, at most 1."""
    uneven = 0
    for obs, _ in decisions(20, {4}, tag="replay-weights"):
        info = Info(obs)
        replay = Replay(info, 0.5)
        rng = random.Random(1)
        weights = {replay.weight(info.sample(rng)[0]) for _ in range(30)}
        assert all(0 <= w <= 1 for w in weights)
        uneven += len(weights) > 1
    assert uneven >= 10


def test_SS_5_re_played_turns_sample_hands_closer_to_the_real_one():
    """Against the rule-based player at a talon of 4, the exact reading of its turns gets more
    of its hidden cards right than uniform layouts, and at least as many as the shipped
    reading of single passed-up cards."""
    right = {}
    n = 0
    for obs, real in decisions(25, {4}, tag="replay-closer"):
        info, weights = readings(obs)
        for name, weight in weights.items():
            right[name] = right.get(name, 0.0) + expected_overlap(info, real, weight)
        n += 1
    assert n >= 40
    assert right["replay0"] >= right["uniform"] + 0.15 * n
    assert right["replay0"] >= right["shipped"]
