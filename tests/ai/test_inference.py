"""Soft inference in `determinize`: layouts where the opponent passed up a marriage or the
trump-jack exchange are sampled less often (never excluded), from the observation alone."""

import random

from kaffeehaus import api
from kaffeehaus.ai.determinize import Info
from kaffeehaus.ai.inference import INFER, Inference

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
    # the marriage and exchange cues alone: the play cue would blur what this one does
    cues = Inference(play=None)
    cases = _opp_led_without_marriage("bummerl", 6)
    assert len(cases) >= 4
    for obs, suit in cases:
        plain, inferred = Info(obs), Info(obs, cues)
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


PLAY = Inference(marriage=None, exchange=None, play=0.1)


def _rule_based_deals(profiles, deals, tag):
    """(state, observation of the seat to move) along deals of the rule-based player."""
    for d in range(deals):
        profile = profiles[d % len(profiles)]
        state = api.new_deal(profile, seed=f"{tag}/{d}", dealer=d % 2)
        while api.to_move(state) is not None:
            p = api.to_move(state)
            obs = api.observation(state, p)
            yield state, obs
            state = api.apply(state, rule_based(obs))


def _true_hand(state, info):
    return info.t.mask(api.observation(state, info.opp)["hand"])


def test_SS_5_a_sensible_players_free_choices_never_rule_out_a_card_it_held():
    """Every card the Phase-1 reading weighs down, at a moment with no draw since, is one the
    rule-based opponent did not hold: the reading matches the player it models."""
    cues = 0
    for state, obs in _rule_based_deals(("schnapsen", "bummerl", "schnapsen-strict"), 90,
                                        "cues"):
        info = Info(obs, PLAY)
        true = _true_hand(state, info)
        for cards, _ in info.events:
            for c, held_then in cards:
                if held_then == 1.0:
                    cues += 1
                    assert not true >> c & 1, (info.t.names[c], obs["history"], obs["trick"])
    assert cues >= 100


def test_SS_5_reading_the_free_choices_samples_hands_closer_to_the_real_one():
    """Against the rule-based player, layouts weighted by its Phase-1 leads and answers share
    more cards with its real hand than uniform layouts do; no layout is ruled out."""
    shared = {None: 0.0, "play": 0.0}
    decisions = 0
    for state, obs in _rule_based_deals(("schnapsen",), 30, "closer"):
        if obs["phase"] != 1 or len(obs["history"]) < 2:
            continue
        decisions += 1
        for key, infer in ((None, None), ("play", PLAY)):
            info = Info(obs, infer)
            true = _true_hand(state, info)
            rng = random.Random(5)
            shared[key] += sum(bin(info.sample(rng)[0] & true).count("1")
                               for _ in range(40)) / 40
        for cards, _ in Info(obs, PLAY).events:
            assert all(0 < p <= 1 for _, p in cards)
    assert decisions >= 100
    assert shared["play"] / decisions >= shared[None] / decisions + 0.08


def test_a_led_ten_says_the_leader_had_no_cheaper_side_card():
    """The rule-based player leads its cheapest card in Phase 1 and keeps aces and tens, so a
    led side ten (with nothing drawn since) weighs down every hidden jack, queen and king
    outside trumps."""
    found = 0
    for state, obs in _rule_based_deals(("schnapsen",), 200, "ace"):
        if not (obs["trick"] and obs["trick"][0][0] != obs["player"] and obs["phase"] == 1):
            continue
        lead = obs["trick"][0][1]
        if lead[0] != "T" or lead[1] == obs["trump"][0]:
            continue
        info = Info(obs, PLAY)
        weighed = {info.t.names[cards[0][0]] for cards, _ in info.events}
        hidden = {info.t.names[c] for c in info.unknown}
        low_side = {c for c in hidden if c[0] in "JQK" and c[1] != obs["trump"][0]}
        assert low_side <= weighed
        found += bool(low_side)
    assert found >= 3
