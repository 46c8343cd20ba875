"""Soft inference in `determinize`: layouts where the opponent passed up a marriage or the
trump-jack exchange are sampled less often (never excluded), from the observation alone."""

import random

from kaffeehaus import api
from kaffeehaus.ai.determinize import INFER, Info

from aihelpers import rule_based


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
            state = api.apply(state, rule_based(obs))
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
