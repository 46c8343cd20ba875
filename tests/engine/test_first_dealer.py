"""A fair first dealer (RULES.md SB-7, SS-10, SN-8, SN-12; docs/DECISIONS.md): a single deal
draws its dealer from its seed, like the first deal of a match."""

import pytest

from kaffeehaus import api

PROFILES = ["schneider", "schneider-neighbour", "schnapsen", "schnapsen-strict", "bummerl"]


def dealer(state):
    return state["deals"][0]["dealer"]


@pytest.mark.parametrize("profile", PROFILES)
def test_SB_7_single_deals_have_both_dealers_over_many_seeds(profile):
    dealers = [dealer(api.new_deal(profile, seed=seed)) for seed in range(200)]
    assert 70 <= dealers.count(0) <= 130
    assert [dealer(api.new_deal(profile, seed=seed)) for seed in range(200)] == dealers


@pytest.mark.parametrize("profile", PROFILES)
def test_SS_10_the_same_seed_gives_the_same_dealer_as_the_matchs_first_deal(profile):
    for seed in [0, 1, 17, "abc", "x/3"]:
        single, match = api.new_deal(profile, seed=seed), api.new_match(profile, seed=seed)
        assert dealer(single) == dealer(match) == match["first_dealer"]
        assert single["deals"][0]["deck"] == match["deals"][0]["deck"]


def test_SB_7_a_random_seed_gives_a_random_dealer():
    dealers = {dealer(api.new_deal("schnapsen")) for _ in range(60)}
    assert dealers == {0, 1}


def test_an_explicit_dealer_is_kept():
    for d in (0, 1):
        assert dealer(api.new_deal("bummerl", seed=5, dealer=d)) == d


def test_a_hand_made_deck_needs_its_dealer():
    deck = api.new_deal("bummerl", seed=5)["deals"][0]["deck"]
    with pytest.raises(ValueError, match="dealer"):
        api.new_deal("bummerl", deck=deck)
    assert dealer(api.new_deal("bummerl", deck=deck, dealer=1)) == 1


@pytest.mark.parametrize("profile", PROFILES)
def test_the_deal_of_the_day_fixes_its_dealer_with_its_cards(profile):
    days = [f"2026-12-{d:02d}" for d in range(1, 31)]
    states = [api.deal_of_the_day(profile, day) for day in days]
    assert {dealer(s) for s in states} == {0, 1}
    for day, state in zip(days, states):
        again = api.deal_of_the_day(profile, day)
        assert again == state
        assert api.observation(again, 0)["dealer"] == dealer(state)
