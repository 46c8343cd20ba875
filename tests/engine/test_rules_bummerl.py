"""Rule scenarios for the `bummerl` profile (RULES.md SB-1..SB-7).

The scripted deals are scenarios.SCN (the same decks as the `schnapsen` tests, so the
differences between the profiles show side by side). Match options (target, rubber,
schneiderbummerl) are in test_match.py.

(About 310 lines, one module: one test per rule SB-1..SB-7 on the Schnapsen scenarios, in the rule
book's order: the file reads beside the rule book.)
"""
import pytest

from kaffeehaus import api
from helpers import (DL, FH, R_CLAIM, R_CLOSED, R_CLOSED_FAILED, R_FALSE_CLAIM, R_LAST_TRICK,
                     R_POINTS, R_SWEEP, assert_result, deal, full_deck, hand, make_deck, obs, play,
                     run, script)
from scenarios import run_scn, scn_deck

B = "bummerl"


# --------------------------------------------------------------------------- SB-1

@pytest.mark.parametrize("dl_hand, lead, legal", [
    (["AH", "TH", "QH", "JC", "KS"], "KH", ["AH", "QH", "TH"]),   # follow, need not beat
    (["QH", "JH", "TC", "KS", "QS"], "KH", ["JH", "QH"]),
    (["TC", "JC", "KS", "QS", "AD"], "KH", ["JC", "TC"]),         # void: must trump
    (["KS", "QS", "AD", "TD", "JS"], "KH", ["AD", "JS", "KS", "QS", "TD"]),
    (["TC", "JC", "AH", "KS", "QS"], "QC", ["JC", "TC"]),         # trump led: any trump
    (["AH", "TH", "KS", "QS", "AD"], "QC", ["AD", "AH", "KS", "QS", "TH"]),
])
def test_SB_1_phase_2_follow_suit_without_beating_else_trump(dl_hand, lead, legal):
    fh = [lead] + [c for c in ["KH", "QC", "KC", "JD", "QD", "JH"] if c != lead
                   and c not in dl_hand][:4]
    deck = make_deck(B, fh=fh, dl=dl_hand, trump="AC")
    state = play(deal(B, deck), ["close", lead])
    assert sorted(api.legal_actions(state)) == sorted(legal + ["claim"])   # SB-3: any turn
    illegal = obs(state, DL)["illegal"]
    assert sorted(illegal) == sorted(set(dl_hand) - set(legal))
    for card, reason in illegal.items():
        assert reason == ("must_follow_suit" if any(c[1] == lead[1] for c in dl_hand)
                          else "must_trump")


def test_SB_1_follow_low_lets_the_lead_win():
    deck = make_deck(B, fh=["KH", "QC", "KC", "JD", "QD"],
                     dl=["AH", "TH", "QH", "JC", "KS"], trump="AC")
    state = play(deal(B, deck), ["close", "KH", "QH"])
    assert obs(state, 0)["history"][0]["winner"] == FH


# --------------------------------------------------------------------------- SB-2

def test_SB_2_close_allowed_with_two_cards_left():
    steps = [("AH", "JD"), ("AS", "JS"), ("AD", "QD"), ("TH", "KS")]
    deck, actions, _, _ = script(B, steps, trump="TC")
    state = play(deal(B, deck), actions)
    assert obs(state, FH)["stock_size"] == 2
    state = play(state, ["close"])
    o = obs(state, DL)
    assert o["closed"] and o["stock_size"] == 2 and o["trump_card"] == "TC"


@pytest.mark.parametrize("name, points", [
    ("close_at_once_lose_49", [11, 49]),       # loses the last trick: 2 (schnapsen: 3)
    ("close_at_once_win_last_45", [15, 45]),   # wins the last trick under 66: 2
    ("close_at_once_sweep_30", [0, 30]),       # sweeps Phase 2 under 66: still SB-2 (SB-5)
])
def test_SB_2_failed_close_gives_2_whatever_the_totals(name, points):
    state = run_scn(B, name)
    assert_result(state, DL, 2, R_CLOSED_FAILED, points)


def test_SB_2_opponent_claims_first_failed_close():
    state = run_scn(B, "close_then_opponent_claims")
    assert_result(state, DL, 2, R_CLOSED_FAILED, [70, 5])


# --------------------------------------------------------------------------- SB-3

@pytest.mark.parametrize("name, winner, game_points, reason, points", [
    ("claim_vs_34", FH, 1, R_CLAIM, [34, 74]),            # loser 33-65
    ("seed_27_plus_40", FH, 2, R_CLAIM, [21, 67]),        # below 33 with a trick
    ("claim_schwarz", FH, 3, R_CLAIM, [0, 69]),           # no trick
    ("both_over_66", FH, 1, R_CLAIM, [74, 70]),           # loser with 66 or more: 1
    ("false_claim", DL, 2, R_FALSE_CLAIM, [21, 21]),
    ("claim_at_once", DL, 2, R_FALSE_CLAIM, [0, 0]),      # false: 2 even without a trick
    ("close_claim_at_once", DL, 2, R_CLOSED_FAILED, [0, 0]),
    ("close_opponent_false_claim", FH, 2, R_FALSE_CLAIM, [15, 0]),
    # the closer claims 68: scored by the loser's score now (5 with a trick), not SV-5's 3
    ("close_at_once_then_68", FH, 2, R_CLAIM, [5, 68]),
    ("close_vs_34", FH, 1, R_CLAIM, [34, 66]),
])
def test_SB_3_claim_scoring(name, winner, game_points, reason, points):
    state = run_scn(B, name)
    assert_result(state, winner, game_points, reason, points)


def test_SB_3_claim_while_answering():
    # the dealer has 74 (34 + 40) and answers forehand's lead: may claim at once
    deck, actions, _, _ = scn_deck(B, "both_over_66")
    state = play(deal(B, deck), actions[:10])
    assert api.to_move(state) == DL and obs(state, 0)["trick"] == [[FH, "AD"]]
    assert "claim" in api.legal_actions(state)
    state = play(state, ["claim"])
    assert_result(state, DL, 2, R_CLAIM, [74, 29])     # forehand 29 with tricks: 2


TABLE_STEPS = [("AH", "TH"), ("AS", "TS"), ("AD", "TD"),   # forehand 63
               ("JD", "QD"),                                 # the dealer 5
               ("KH", "KC")]                                 # forehand trumps: 71


def test_SB_3_trick_on_the_table_is_not_yet_counted():
    deck, actions, _, _ = script(B, TABLE_STEPS, trump="JC")
    state = play(deal(B, deck), actions[:9])                 # the dealer led KH
    assert api.to_move(state) == FH and obs(state, FH)["points"] == [5, 63]
    assert "claim" in api.legal_actions(state)
    state = play(state, ["claim"])                            # 63: false
    assert_result(state, DL, 2, R_FALSE_CLAIM, [5, 63])


def test_SB_3_claim_after_taking_the_trick():
    state = run(B, TABLE_STEPS + ["claim"], trump="JC")
    assert_result(state, FH, 2, R_CLAIM, [5, 71])


def test_SB_3_claim_listed_on_every_turn_of_either_player():
    deck, actions, _, _ = scn_deck(B, "last_trick_46_vs_74")
    state = deal(B, deck)
    for a in actions:
        assert "claim" in api.legal_actions(state)
        state = play(state, [a])
    assert api.deal_result(state) is not None


# --------------------------------------------------------------------------- SB-4

@pytest.mark.parametrize("name, winner, game_points, reason, points", [
    # not closed: the higher effective score wins, scored as SB-3
    ("bummerl_points_79_41", DL, 1, R_POINTS, [79, 41]),      # forehand took the last trick
    ("last_trick_96_vs_24", FH, 2, R_POINTS, [24, 96]),
    # equal scores: the last-trick winner, 1 (Decision)
    ("bummerl_tie_60", FH, 1, R_LAST_TRICK, [60, 60]),
    # closed: the closer with 66 or more wins even after losing the last trick, scored SB-3
    ("close_at_once_70_lose_last", FH, 2, R_CLOSED, [5, 70]),
    ("close_at_once_last_trick_75", FH, 2, R_CLOSED, [5, 75]),
])
def test_SB_4_end_of_deal_nobody_claimed(name, winner, game_points, reason, points):
    state = run_scn(B, name)
    assert_result(state, winner, game_points, reason, points)


def test_SB_4_same_deal_scores_differently_in_schnapsen():
    # the closer's 70 does not survive a lost last trick in `schnapsen` (SV-5)
    state = run_scn("schnapsen", "close_at_once_70_lose_last")
    assert_result(state, DL, 3, R_CLOSED_FAILED, [5, 70])


# --------------------------------------------------------------------------- SB-5

def test_SB_5_sweep_of_phase_2_wins_3_even_with_fewer_points():
    state = run_scn(B, "last_trick_46_vs_74")
    assert_result(state, FH, 3, R_SWEEP, [74, 46])


def test_SB_5_closer_sweep_with_66_wins_3_not_1():
    state = run_scn(B, "close_vs_34_sweep")          # dealer had 34: a claim would give 1
    assert_result(state, FH, 3, R_SWEEP, [34, 87])


def test_SB_5_closers_opponent_sweeps():
    # Decision (docs/DECISIONS.md): the sweep decides, 3 rather than SB-2's 2
    state = run_scn(B, "close_then_opponent_sweeps")
    assert_result(state, DL, 3, R_SWEEP, [75, 5])


def test_SB_5_phase_2_tricks_start_at_close():
    # AC-6: closing before the lead makes that very trick Phase 2; the sweep counts it
    deck, actions, _, _ = scn_deck(B, "close_vs_34_sweep")
    assert actions[6] == "close"
    state = play(deal(B, deck), actions[:6])
    assert obs(state, FH)["phase"] == 1
    state = play(state, ["close"])
    assert obs(state, FH)["phase"] == 2


def test_SB_5_no_sweep_when_a_claim_ends_the_deal():
    state = run_scn(B, "close_vs_34")                 # same play, but claimed at 66
    assert_result(state, FH, 1, R_CLAIM, [34, 66])


# --------------------------------------------------------------------------- SB-6

def test_SB_6_first_lead_marriage_credited_by_the_trick_it_wins():
    # Reading (SB-6 refers to SS-7): the seed's "not on the very first trick" only delays the
    # credit; the trick led with the marriage card itself counts as the won trick.
    state = run(B, ["marry:H", ("KH", "JD")], trump="AC", hold={"fh": ["QH"]})
    o = obs(state, DL)
    assert o["points"] == [0, 26]
    assert o["marriages"] == [{"player": FH, "suit": "H", "points": 20, "immediate": False, "effective": True}]


def test_SB_6_first_lead_marriage_waits_when_the_trick_is_lost():
    state = run(B, ["marry:H", ("KH", "AH")], trump="AC", hold={"fh": ["QH"]})
    o = obs(state, DL)
    assert o["points"] == [15, 0]
    assert o["marriages"][0]["effective"] is False


# --------------------------------------------------------------------------- SB-7 mit40

def test_SB_7_mit40_forty_on_first_lead_counts_at_once():
    deck = make_deck(B, fh=["KC", "QC", "AS", "JS", "TS"], trump="AC")
    for opts, points in (({"mit40": True}, [0, 40]), ({}, [0, 0])):
        state = play(deal(B, deck, opts), ["marry:C"])
        o = obs(state, DL)
        assert o["points"] == points
        assert o["marriages"][0]["effective"] is (points[1] == 40)


def test_SB_7_mit40_after_exchange():
    deck = make_deck(B, fh=["KC", "QC", "JC", "JS", "TS"], trump="AC")
    state = play(deal(B, deck, {"mit40": True}), ["exchange", "marry:C"])
    assert obs(state, FH)["points"] == [0, 40]


def test_SB_7_mit40_twenty_on_first_lead_waits():
    deck = make_deck(B, fh=["KH", "QH", "AS", "JS", "TS"], trump="AC")
    state = play(deal(B, deck, {"mit40": True}), ["marry:H"])
    assert obs(state, FH)["points"] == [0, 0]


def test_SB_7_mit40_forty_counts_for_the_loser_score():
    # forehand announced 40 at once and took no trick; the dealer claims 67: forehand's 40
    # (>= 33) makes it 1 game point instead of 3.
    # Reading: mit40's 40 are effective points (SS-9), and the SS-9 cascade tests 33 before
    # "no trick", so a trickless loser holding 40 gives 1, not Schwarz.
    state = run_scn(B, "mit40_then_dealer_claims", options={"mit40": True})
    assert_result(state, DL, 1, R_CLAIM, [67, 40])
    state = run_scn(B, "mit40_then_dealer_claims")
    assert_result(state, DL, 3, R_CLAIM, [67, 0])


# --------------------------------------------------------------------------- SB-7 sevens

SEVENS = {"sevens": True}


def test_SB_7_sevens_deal_24_cards_hands_of_6_talon_of_12():
    # Reading of "deal 3, indicator, 3": deck[0:3] forehand, deck[3:6] dealer, deck[6] the
    # indicator, deck[7:10] forehand, deck[10:13] dealer, deck[13:] the talon.
    deck = full_deck(B, SEVENS)
    assert len(deck) == 24 and sum(c[0] == "7" for c in deck) == 4
    deck = deck[::-1]
    state = api.new_deal(B, options=SEVENS, deck=deck, dealer=0)
    o = obs(state, FH)
    assert sorted(o["hand"]) == sorted(deck[0:3] + deck[7:10])
    assert sorted(obs(state, DL)["hand"]) == sorted(deck[3:6] + deck[10:13])
    assert o["trump_card"] == deck[6] and o["stock_size"] == 12
    assert o["opponent_hand_size"] == 6
    with pytest.raises(ValueError):
        api.new_deal(B, options=SEVENS, deck=full_deck(B), dealer=0)


def test_SB_7_sevens_rank_below_jack_worth_nothing_hands_refill_to_6():
    state = run(B, [("JH", "7H"), ("7S", "JS"), ("7D", "AC")], options=SEVENS, trump="KC")
    o = obs(state, FH)
    assert [h["winner"] for h in o["history"]] == [FH, DL, FH]
    assert o["card_points"] == [2, 13]
    assert len(o["hand"]) == 6 and o["stock_size"] == 6


def test_SB_7_sevens_exchange_is_still_the_trump_jack():
    deck = make_deck(B, fh=["7C", "KS", "QS", "JS", "TS", "AH"], trump="AC", options=SEVENS)
    assert "exchange" not in api.legal_actions(deal(B, deck, SEVENS))
    deck = make_deck(B, fh=["JC", "KS", "QS", "JS", "TS", "AH"], trump="AC", options=SEVENS)
    state = play(deal(B, deck, SEVENS), ["exchange"])
    assert "AC" in hand(state, FH) and obs(state, DL)["trump_card"] == "JC"


def test_SB_7_sevens_card_points_still_120():
    state = deal(B, full_deck(B, SEVENS), SEVENS)
    n = 0
    while api.deal_result(state) is None:
        state = play(state, [next(a for a in api.legal_actions(state) if len(a) == 2)])
        n += 1
    assert n == 24 and sum(obs(state, 0)["card_points"]) == 120


def test_SB_7_match_options_accepted_by_a_single_deal():
    opts = {"target": 5, "rubber": 3, "schneiderbummerl": True}
    state = api.new_deal(B, options=opts, deck=full_deck(B), dealer=0)
    assert obs(state, 0)["match"] is None and api.to_move(state) == FH
    with pytest.raises(ValueError):
        api.new_deal(B, options={"rubber": 2}, deck=full_deck(B), dealer=0)
    with pytest.raises(ValueError):
        api.new_deal(B, options={"target": 21}, deck=full_deck(B), dealer=0)


@pytest.mark.parametrize("name, game_points, points", [
    ("claim_vs_33", 1, [33, 74]), ("claim_vs_32", 2, [32, 74])])
def test_SB_3_thirty_three_boundary(name, game_points, points):
    assert_result(run_scn(B, name), FH, game_points, R_CLAIM, points)


def test_SB_5_all_ten_tricks_is_a_sweep():
    assert_result(run_scn(B, "all_ten_tricks"), FH, 3, R_SWEEP, [0, 120])


def test_SB_3_loser_score_counts_effective_marriage():
    # SB-3 scores by the loser's effective score at the end: 33 with the dealer's 20 → 1
    assert_result(run_scn(B, "close_vs_marriage_33"), FH, 1, R_CLAIM, [33, 82])
