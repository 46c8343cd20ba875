"""Rule facts the observation states so that nobody outside the engine re-derives them
(docs/API.md): game family, the phase of each trick (AC-6), trick review (SV-6, ST-1),
marriage values (SS-7), the close (SV-5), whether a claim wins (SV-3, SB-3), provenance.

(About 310 lines, one module: one short test per fact the observation states, in docs/API.md's
order.)
"""

import copy
import random

import pytest

from kaffeehaus import api
from helpers import DL, FH, deal, full_deck, make_deck, obs, play
from scenarios import run_scn, scn_deck

SCHNAPSEN = ["schnapsen", "schnapsen-strict", "bummerl"]
ALL = ["schneider", "schneider-neighbour"] + SCHNAPSEN


def test_game_family_is_stated_for_every_profile():
    family = {p["id"]: p["game"] for p in api.profiles()}
    for profile in ALL:
        o = api.observation(api.new_deal(profile, seed=1), 0)
        assert o["game"] == family[profile] == ("schneider" if profile in ALL[:2] else "schnapsen")


def test_SV_6_ST_1_profiles_state_the_review_rule_of_each_profile():
    rules = {p["id"]: p["trick_review"] for p in api.profiles()}
    assert rules == {"schnapsen": "own", "bummerl": "own", "schnapsen-strict": "last",
                     "schneider": "last", "schneider-neighbour": "last"}
    for profile in ALL:
        assert api.observation(api.new_deal(profile, seed=1), 1)["trick_review"] == rules[profile]


def test_ST_profiles_state_whether_the_table_shows_the_running_points():
    """schnapsen-strict (seed 002, section 06, with ST-1): players keep points and marriages in
    their heads, so the table hides the running count by default; every other profile shows it."""
    shows = {p["id"]: p["shows_points"] for p in api.profiles()}
    assert shows == {"schnapsen": True, "bummerl": True, "schnapsen-strict": False,
                     "schneider": True, "schneider-neighbour": True}


# --------------------------------------------------------------------------- AC-6 phases

@pytest.mark.parametrize("profile", SCHNAPSEN)
def test_AC_6_a_close_before_a_lead_makes_that_trick_phase_2(profile):
    state = run_scn(profile, "close_vs_7", upto=7)   # two tricks, close, one Phase-2 trick
    o = obs(state, 0)
    assert [h["phase"] for h in o["history"]] == [1, 1, 2]


@pytest.mark.parametrize("profile", SCHNAPSEN)
def test_AC_6_tricks_after_the_last_draw_are_phase_2(profile):
    state = run_scn(profile, "last_trick_46_vs_74")
    phases = [h["phase"] for h in obs(state, 0)["history"]]
    assert phases == [1] * 5 + [2] * 5


def test_AC_6_schneider_tricks_are_all_phase_1():
    state = api.new_deal("schneider", seed=4)
    while api.legal_actions(state):
        state = api.apply(state, api.legal_actions(state)[0])
    assert {h["phase"] for h in obs(state, 0)["history"]} == {1}


@pytest.mark.parametrize("profile", ALL)
def test_OB_1_each_trick_lists_the_actions_of_its_turn(profile):
    state = api.new_match(profile, seed=9)
    rng = random.Random(profile)
    for _ in range(17):
        legal = api.legal_actions(state)
        state = api.apply(state, rng.choice([a for a in legal if a != "claim"] or legal))
    o = obs(state, 0)
    joined = [pa for h in o["history"] for pa in h["actions"]]
    assert joined == o["actions"][:len(joined)]
    for h in o["history"]:
        cards = [pa for pa in h["actions"] if len(pa[1]) == 2]
        assert cards == h["cards"]
        assert h["actions"][-1] == h["cards"][-1]


def test_OB_1_the_leaders_announcements_belong_to_the_trick_they_lead():
    state = run_scn("schnapsen", "both_over_66", upto=5)
    assert obs(state, 0)["history"][1]["actions"] == [[DL, "marry:C"], [DL, "KC"], [FH, "AC"]]


# --------------------------------------------------------------------------- SV-6, ST-1

def seven_tricks(profile):
    """close_vs_34_sweep without the last trick: forehand (1) won tricks 2..5, dealer 0 and 1."""
    return run_scn(profile, "close_vs_34_sweep", upto=14)


def test_SV_6_own_tricks_any_time_and_the_opponents_last_until_the_next_lead():
    state = seven_tricks("schnapsen")
    o1, o0 = obs(state, FH), obs(state, DL)
    assert [h["winner"] for h in o1["history"]] == [DL, DL, FH, FH, FH, FH]
    assert o1["trick_review"] == o0["trick_review"] == "own"
    assert o1["reviewable_tricks"] == [2, 3, 4, 5]
    assert o0["reviewable_tricks"] == [0, 1, 5]             # its own two, and the last
    led = play(state, ["QD"])                               # the next lead hides the last
    assert obs(led, DL)["reviewable_tricks"] == [0, 1]
    assert obs(led, FH)["reviewable_tricks"] == [2, 3, 4, 5]


def test_SV_6_the_last_trick_stays_visible_during_the_leaders_announcements():
    state = run_scn("schnapsen", "close_vs_34", upto=6)     # 3 tricks, then "close"
    assert obs(state, 0)["trick"] == []
    assert obs(state, DL)["reviewable_tricks"] == [0, 1, 2]


def test_ST_1_only_the_last_trick_until_the_next_lead():
    state = seven_tricks("schnapsen-strict")
    for seat in (0, 1):
        o = obs(state, seat)
        assert o["trick_review"] == "last"
        assert o["reviewable_tricks"] == [5]
        assert obs(play(state, ["QD"]), seat)["reviewable_tricks"] == []


def test_bummerl_reviews_as_SV_6():
    o = obs(seven_tricks("bummerl"), FH)
    assert o["trick_review"] == "own" and o["reviewable_tricks"] == [2, 3, 4, 5]


@pytest.mark.parametrize("profile", ["schneider", "schneider-neighbour"])
def test_schneider_reviews_only_the_last_trick_as_ST_1(profile):
    state = play(api.new_deal(profile, seed=5), [])
    for _ in range(4):                                     # two tricks
        state = api.apply(state, api.legal_actions(state)[0])
    for seat in (0, 1):
        o = obs(state, seat)
        assert o["trick_review"] == "last" and o["reviewable_tricks"] == [1]
    state = api.apply(state, api.legal_actions(state)[0])
    assert obs(state, 0)["reviewable_tricks"] == obs(state, 1)["reviewable_tricks"] == []


@pytest.mark.parametrize("profile", ALL)
def test_every_trick_may_be_reviewed_once_the_deal_is_over(profile):
    state = api.new_deal(profile, seed=2)
    while api.legal_actions(state):
        state = api.apply(state, [a for a in api.legal_actions(state) if a != "claim"][0])
    for seat in (0, 1):
        o = obs(state, seat)
        assert o["reviewable_tricks"] == list(range(len(o["history"])))


# --------------------------------------------------------------------------- SS-7

@pytest.mark.parametrize("profile", SCHNAPSEN)
def test_SS_7_marriage_points_40_in_trumps_and_20_otherwise(profile):
    deck = make_deck(profile, fh=["JC", "KH", "QH", "KC", "QC"], dl=["AH", "TH", "AS", "TS", "JD"],
                     trump="AC")
    o = obs(deal(profile, deck), FH)
    assert o["marriage_points"] == {"marry:H": 20, "marry:C": 40}
    assert obs(deal(profile, deck), DL)["marriage_points"] == {}     # not its turn
    after = play(deal(profile, deck), ["marry:C"])
    assert obs(after, FH)["marriage_points"] == {}                   # AC-5: one per turn
    assert obs(after, DL)["marriages"][0]["points"] == 40


def test_SS_7_schneider_has_no_marriages():
    o = obs(api.new_deal("schneider", seed=3), 0)
    assert o["marriage_points"] == {} and o["marriage_claim_wins"] == {}


# --------------------------------------------------------------------------- SV-3, SB-3

@pytest.mark.parametrize("profile", SCHNAPSEN)
def test_SV_3_claim_wins_only_with_66_effective_points(profile):
    deck, actions, _, _ = scn_deck(profile, "claim_vs_34")
    state = deal(profile, deck)
    for action in actions[:-1]:
        mover = api.to_move(state)
        o = obs(state, mover)
        assert o["claim_wins"] is ("claim" in o["legal_actions"] and o["points"][mover] >= 66)
        assert obs(state, 1 - mover)["claim_wins"] is False            # not its turn
        state = play(state, [action])
    o = obs(state, FH)
    assert o["points"][FH] == 74 and o["claim_wins"] is True
    assert obs(state, DL)["claim_wins"] is False


def test_SV_3_the_seeds_example_27_then_40_claims_at_once():
    state = run_scn("schnapsen", "seed_27_plus_40", upto=6)
    o = obs(state, FH)
    assert o["points"][FH] == 27 and o["claim_wins"] is False
    assert o["marriage_points"] == {"marry:C": 40}
    assert o["marriage_claim_wins"] == {"marry:C": True}
    assert obs(play(state, ["marry:C"]), FH)["claim_wins"] is True


@pytest.mark.parametrize("profile", SCHNAPSEN)
def test_SS_7_a_marriage_without_a_won_trick_does_not_make_a_claim_win(profile):
    deck, actions, _, _ = scn_deck(profile, "marry_claim_no_trick")
    o = obs(deal(profile, deck), FH)
    assert o["marriage_points"]["marry:C"] == 40
    assert set(o["marriage_claim_wins"]) == set(o["marriage_points"])
    assert not any(o["marriage_claim_wins"].values())


def test_SB_7_mit40_marriage_counts_at_once_but_40_is_not_66():
    deck, _, _, _ = scn_deck("bummerl", "marry_claim_no_trick")
    state = deal("bummerl", deck, {"mit40": True})
    assert obs(state, FH)["marriage_claim_wins"]["marry:C"] is False
    o = obs(play(state, ["marry:C"]), FH)
    assert o["marriages"][0]["immediate"] is True and o["marriages"][0]["effective"] is True
    assert o["points"][FH] == 40


def test_SB_3_claim_wins_is_stated_while_answering_in_bummerl():
    deck, actions, _, _ = scn_deck("bummerl", "claim_vs_34")
    state = deal("bummerl", deck)
    state = play(state, actions[:-2])             # forehand leads TC; the dealer answers
    o = obs(state, DL)
    assert o["trick"] and "claim" in o["legal_actions"] and o["claim_wins"] is False


# --------------------------------------------------------------------------- SV-5 close

@pytest.mark.parametrize("profile", SCHNAPSEN)
def test_SV_5_the_close_records_who_when_and_both_scores(profile):
    state = run_scn(profile, "close_vs_34", upto=6)        # three tricks, then "close"
    assert obs(state, 0)["close"] is None
    before = obs(state, 0)
    state = play(state, ["close"])
    for seat in (0, 1):
        o = obs(state, seat)
        assert o["closed"] is True and o["closed_by"] == FH
        assert o["close"] == {"by": FH, "trick": 3, "stock_size": before["stock_size"],
                              "points": before["points"], "tricks_won": before["tricks_won"]}
    assert before["points"][DL] == 34
    later = play(state, ["marry:D", "KD", "JH", "AS", "TS"])
    assert obs(later, DL)["close"] == obs(state, DL)["close"]
    assert obs(later, DL)["history"][obs(later, DL)["close"]["trick"]]["phase"] == 2


def test_SV_5_schneider_never_closes():
    assert obs(api.new_deal("schneider", options={"trump": True}, seed=1), 0)["close"] is None


# --------------------------------------------------------------------------- provenance

def test_shuffled_is_true_only_for_the_engines_shuffle_of_the_seed():
    seeded = api.new_deal("bummerl", seed=8)
    assert obs(seeded, 0)["shuffled"] is True
    hand_made = api.new_deal("bummerl", deck=full_deck("bummerl"), dealer=0)
    assert obs(hand_made, 0)["shuffled"] is False
    same_cards = api.new_deal("bummerl", deck=seeded["deals"][0]["deck"],
                              dealer=seeded["deals"][0]["dealer"])
    assert obs(same_cards, 0)["shuffled"] is False           # no seed proves it
    assert obs(api.open_link(api.share_link(seeded)), 0)["shuffled"] is False
    assert obs(api.deal_of_the_day("schnapsen", "2026-12-01"), 1)["shuffled"] is True
    match = api.apply(api.new_match("bummerl", seed=3), "claim")
    assert obs(api.apply(match, "next"), 0)["shuffled"] is True


def test_a_seeded_state_with_another_deck_is_refused():
    state = copy.deepcopy(api.new_deal("schnapsen", seed=8))
    deck = state["deals"][0]["deck"]
    deck[0], deck[-1] = deck[-1], deck[0]
    with pytest.raises(ValueError, match="does not match the seed"):
        api.observation(state, 0)
    state["seed"] = None                                   # accepted, but not as shuffled
    assert obs(state, 0)["shuffled"] is False


# --------------------------------------------------------------------------- fresh values

def test_results_and_observations_never_alias_the_replay_cache():
    state = api.apply(api.new_deal("bummerl", seed=2), "claim")
    first = api.deal_result(state)
    first["points"].append(99)
    first["winner"] = 7
    assert api.deal_result(state)["points"] != first["points"]
    o = api.observation(state, 0)
    o["result"]["points"].append(1)
    o["history"].append("x")
    o["options"]["x"] = 1
    o["legal_actions"].append("x")
    assert api.observation(state, 0) != o
    assert api.observation(state, 0)["result"] == api.deal_result(state)
    match = api.new_match("bummerl", seed=4)
    status = api.match_status(match)
    status["scores"][0] = -5
    assert api.match_status(match)["scores"] == [7, 7]


# --------------------------------------------------------------------------- what a trick took

@pytest.mark.parametrize("profile", ALL)
def test_SS_1_SN_2_each_trick_states_what_it_took(profile):
    state = api.new_match(profile, seed=3, options={"deck": 24} if profile == "schneider" else None)
    while api.to_move(state) is not None:
        state = api.apply(state, [a for a in api.legal_actions(state) if a != "claim"][0])
    o = obs(state, 0)
    for seat in (0, 1):
        taken = sum(h["points"] for h in o["history"] if h["winner"] == seat)
        assert taken == o["card_points"][seat]
    assert sum(h["points"] for h in o["history"]) == (16 if profile == "schneider" else
                                                      20 if profile == "schneider-neighbour" else 120)


# --------------------------------------------------------------------------- the end of a deal

@pytest.mark.parametrize("profile", SCHNAPSEN)
def test_the_opponents_remaining_cards_are_shown_only_once_the_deal_is_over(profile):
    deck, actions, _, _ = scn_deck(profile, "claim_vs_34")
    state = deal(profile, deck)
    for action in actions[:-1]:
        assert obs(state, 0)["opponent_hand"] is None and obs(state, 1)["opponent_hand"] is None
        state = play(state, [action])
    assert obs(state, DL)["opponent_hand"] is None
    over = play(state, ["claim"])
    assert sorted(obs(over, DL)["opponent_hand"]) == sorted(obs(state, FH)["hand"])
    assert sorted(obs(over, FH)["opponent_hand"]) == sorted(obs(state, DL)["hand"])
