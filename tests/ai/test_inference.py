"""Soft inference in `determinize`: layouts where the opponent passed up a marriage or the
trump-jack exchange, or played a card the rule-based player would not have played, are sampled
less often (never excluded), from the observation alone."""

import random

from kaffeehaus import api
from kaffeehaus.ai import choose_action
from kaffeehaus.ai.determinize import INFER, Inference, Info


def _opp_led_without_marriage(profile, count):
    """Observations of the seat answering a lead the opponent made without announcing, where
    the K and Q of some suit are both hidden from the seat."""
    found = []
    deal_no = 0
    while len(found) < count and deal_no < 200:
        state = api.new_deal(profile, seed=f"infer/{deal_no}", dealer=deal_no % 2)
        deal_no += 1
        while api.to_move(state) is not None:
            p = api.to_move(state)
            obs = api.observation(state, p)
            before = obs["actions"][-2][1] if len(obs["actions"]) >= 2 else ""
            if obs["trick"] and obs["phase"] == 1 and not before.startswith("marry"):
                info = Info(obs)
                hidden = {info.t.names[c] for c in info.allowed}
                suits = [s for s in "CDHS" if {"K" + s, "Q" + s} <= hidden]
                if suits and info.opp_slots >= 2:
                    found.append((obs, suits[0]))
                    break
            state = api.apply(state, choose_action(obs, level="heuristic"))
    return found


def test_SS_7_passed_up_marriage_is_less_likely():
    cases = _opp_led_without_marriage("bummerl", 6)
    assert len(cases) >= 4
    for obs, suit in cases:
        plain, inferred = Info(obs), Info(obs, INFER)
        assert inferred.events
        names = plain.t.index
        both = (1 << names["K" + suit]) | (1 << names["Q" + suit])
        counts = []
        for info in (plain, inferred):
            rng = random.Random(3)
            counts.append(sum(1 for _ in range(600) if info.sample(rng)[0] & both == both))
        assert counts[0] >= 20
        assert counts[1] <= 0.45 * counts[0]
        # unlikely, not impossible
        assert inferred.weight(both) > 0


def test_inference_is_deterministic():
    for obs, _ in _opp_led_without_marriage("schnapsen", 3):
        a = [Info(obs, INFER).sample(random.Random(9)) for _ in range(2)]
        assert a[0] == a[1]


# --- the opponent's card choices against the rule-based player (Inference.policy) -------------

POLICY = Inference(policy=0.25)


def _heuristic_deal_observations(profile, deals):
    """(observation, the opponent's real hand as a mask) of every real choice along deals the
    rule-based player plays against itself, where the opponent's card choices are read."""
    from aihelpers import hidden_of
    for d in range(deals):
        state = api.new_deal(profile, seed=f"policy/{d}", dealer=d % 2)
        while api.to_move(state) is not None:
            p = api.to_move(state)
            obs = api.observation(state, p)
            if len(obs["legal_actions"]) > 1:
                info = Info(obs, POLICY)
                if info.plays:
                    yield obs, info, info.t.mask(hidden_of(state, p)[0])
            state = api.apply(state, choose_action(obs, level="heuristic"))


def test_the_rule_based_opponents_lead_is_explained_by_its_real_hand():
    """Against the rule-based player itself, the model is exact for a lead on the table: the
    real hand always explains it (weight 1), for the five profiles."""
    for profile in ("schnapsen", "schnapsen-strict", "bummerl", "schneider", "schneider-neighbour"):
        leads = 0
        for obs, info, real in _heuristic_deal_observations(profile, 12):
            if obs["trick"] and obs["trick"][0][0] != obs["player"]:
                info.plays = [play for play in info.plays if play[1] is None]
                assert info.plays, obs["trick"]
                assert info.policy_weight(real) == 1.0, (profile, obs["trick"], obs["hand"])
                leads += 1
        assert leads >= 20, profile


def test_layouts_that_contradict_the_opponents_play_are_drawn_less_often():
    """Layouts under which the rule-based player would have played another card are drawn
    less often with the policy inference (here without the marriage and exchange events),
    yet never excluded; the real hand is on average weighted above a random consistent one."""
    only_policy = Inference(marriage=None, exchange=None, policy=0.25)
    real_weights, plain_weights, inferred_weights = [], [], []
    shifted = 0
    cases = 0
    for obs, _, real in _heuristic_deal_observations("schnapsen", 20):
        info, plain = Info(obs, only_policy), Info(obs)
        assert not info.events
        real_weights.append(info.policy_weight(real))
        rng = random.Random(5)
        before = [info.policy_weight(plain.sample(rng)[0]) for _ in range(60)]
        after = [info.policy_weight(info.sample(rng)[0]) for _ in range(60)]
        assert min(after) > 0
        plain_weights += before
        inferred_weights += after
        if min(before) < 1:
            cases += 1
            shifted += sum(after) > sum(before)
    assert cases >= 30
    assert shifted >= 0.8 * cases, (shifted, cases)
    mean = lambda xs: sum(xs) / len(xs)  # noqa: E731
    assert mean(inferred_weights) > mean(plain_weights) + 0.04
    assert mean(real_weights) > mean(plain_weights) + 0.04


def test_policy_inference_is_deterministic_and_reads_only_the_observation():
    for obs, info, _ in list(_heuristic_deal_observations("schneider-neighbour", 2))[:10]:
        a = Info(obs, POLICY).sample(random.Random(11))
        b = Info(dict(obs), POLICY).sample(random.Random(11))
        assert a == b
