"""Rule scenarios for Schnapsen: the common part (SS-1..SS-9), the soft Vienna profile
`schnapsen` (SV-1..SV-6) and `schnapsen-strict` (ST-1..ST-3).

Deals are built from explicit decks (dealer=0: forehand is seat 1, trump is clubs). The
scripted deals shared with the Bummerl tests are in scenarios.SCN; SS-10 is in test_match.py.

(About 540 lines, one module: one test per rule of RULES.md's Schnapsen sections (SS, SV, ST), in
the rule book's order, on scripted deals the three profiles share: the file reads beside the rule
book.)
"""
import pytest

from kaffeehaus import api
from helpers import (DL, FH, R_CLAIM, R_CLOSED, R_CLOSED_FAILED, R_FALSE_CLAIM, R_LAST_TRICK,
                     assert_result, deal, full_deck, hand, make_deck, obs, play, run, script)
from scenarios import run_scn, scn_deck

SCHNAPSEN = ["schnapsen", "schnapsen-strict", "bummerl"]
SOFT = ["schnapsen", "schnapsen-strict"]


def cards_only(state):
    return next(a for a in api.legal_actions(state) if len(a) == 2)


# --------------------------------------------------------------------------- SS-1

@pytest.mark.parametrize("profile", SCHNAPSEN)
def test_SS_1_strength_A_T_K_Q_J_and_card_points(profile):
    state = run(profile, [("KH", "TH"),       # the ten beats the king: dealer 14
                          ("QD", "KD"),       # forehand 7
                          ("JS", "QS"),       # dealer 5
                          ("TS", "AS")],      # forehand 21
                trump="JC")
    o = obs(state, FH)
    assert [h["winner"] for h in o["history"]] == [DL, FH, DL, FH]
    assert o["card_points"] == [19, 28] and o["points"] == [19, 28]


@pytest.mark.parametrize("profile", SCHNAPSEN)
def test_SS_1_deck_is_20_cards_worth_120(profile):
    with pytest.raises(ValueError):
        api.new_deal(profile, deck=full_deck("schneider"), dealer=0)
    deck = full_deck(profile)
    assert len(deck) == 20
    state = deal(profile, deck)
    while api.deal_result(state) is None:
        state = play(state, [cards_only(state)])
    assert sum(obs(state, 0)["card_points"]) == 120


# --------------------------------------------------------------------------- SS-2

@pytest.mark.parametrize("profile", SCHNAPSEN)
@pytest.mark.parametrize("dealer", [0, 1])
def test_SS_2_deal_three_indicator_two(profile, dealer):
    deck = full_deck(profile)[::-1]          # JS QS KS TS AS JH ... : indicator deck[6] = QH
    state = api.new_deal(profile, deck=deck, dealer=dealer)
    forehand = 1 - dealer
    assert api.to_move(state) == forehand
    o = obs(state, forehand)
    assert sorted(o["hand"]) == sorted(deck[0:3] + deck[7:9])
    assert sorted(obs(state, dealer)["hand"]) == sorted(deck[3:6] + deck[9:11])
    assert o["trump"] == deck[6][1] and o["trump_card"] == deck[6]
    assert o["stock_size"] == 10 and o["opponent_hand_size"] == 5
    assert o["phase"] == 1 and o["closed"] is False and o["closed_by"] is None


# --------------------------------------------------------------------------- SS-3

@pytest.mark.parametrize("profile", SCHNAPSEN)
def test_SS_3_highest_trump_else_highest_of_led_suit(profile):
    state = run(profile, [("AH", "JC"),      # the lowest trump beats a led ace
                          ("KS", "QC"),      # forehand trumps the dealer's king
                          ("TC", "AS"),      # a plain ace does not beat a led trump
                          ("QD", "KD"),      # no trump: the higher of the led suit
                          ("KH", "AD")],     # off suit, no trump: the lead wins
                trump="KC")
    assert [h["winner"] for h in obs(state, 0)["history"]] == [DL, FH, FH, DL, DL]


# --------------------------------------------------------------------------- SS-4

@pytest.mark.parametrize("profile", SCHNAPSEN)
def test_SS_4_winner_draws_first_loser_gets_indicator_at_last_draw(profile):
    steps = [("TH", "AH"), ("JS", "AS"), ("JD", "AD"), ("JH", "KH"), ("KS", "TS")]
    deck, actions, winners, _ = script(profile, steps, trump="TC")
    state = play(deal(profile, deck), actions[:2])       # the dealer wins the first trick
    assert api.to_move(state) == DL
    assert deck[11] in hand(state, DL) and deck[12] in hand(state, FH)
    assert len(hand(state, DL)) == 5 and obs(state, DL)["stock_size"] == 8
    state = play(state, actions[2:])
    # fifth trick: forehand led KS, the dealer took it with TS; forehand received the indicator
    assert winners[-1] == "dl"
    assert "TC" in hand(state, FH) and "TC" not in hand(state, DL)
    o = obs(state, DL)
    # Reading (API.md): trump_card is "the indicator while in the talon": None once drawn
    assert o["stock_size"] == 0 and o["trump_card"] is None and o["trump"] == "C"
    assert o["known_opponent_cards"] == ["TC"]
    assert o["phase"] == 2 and api.to_move(state) == DL


# --------------------------------------------------------------------------- SS-5

@pytest.mark.parametrize("profile", SOFT)
def test_SS_5_phase_1_any_answer(profile):
    deck = make_deck(profile, fh=["AH", "KS", "QS", "JS", "TS"],
                     dl=["TH", "KH", "AC", "JD", "QD"], trump="JC")
    state = play(deal(profile, deck), ["AH"])
    assert sorted(api.legal_actions(state)) == sorted(["TH", "KH", "AC", "JD", "QD"])
    state = play(state, ["JD"])                # neither follow nor trump: the lead wins
    assert obs(state, 0)["history"][0]["winner"] == FH


def test_SS_5_phase_1_any_answer_bummerl():
    deck = make_deck("bummerl", fh=["AH", "KS", "QS", "JS", "TS"],
                     dl=["TH", "KH", "AC", "JD", "QD"], trump="JC")
    state = play(deal("bummerl", deck), ["AH"])
    assert sorted(api.legal_actions(state)) == sorted(["TH", "KH", "AC", "JD", "QD", "claim"])


# --------------------------------------------------------------------------- SS-6

@pytest.mark.parametrize("profile", SCHNAPSEN)
def test_SS_6_exchange_trump_jack_on_first_lead(profile):
    deck = make_deck(profile, fh=["JC", "KS", "QS", "JS", "TS"],
                     dl=["TH", "KH", "QC", "JD", "QD"], trump="AC")
    state = deal(profile, deck)
    assert "exchange" in api.legal_actions(state)
    state = play(state, ["exchange"])
    assert api.to_move(state) == FH                                   # AC-2
    assert "AC" in hand(state, FH) and "JC" not in hand(state, FH)
    o = obs(state, DL)
    assert o["trump_card"] == "JC" and o["trump"] == "C" and o["stock_size"] == 10
    assert o["known_opponent_cards"] == ["AC"]                        # OB-2
    assert "exchange" not in api.legal_actions(state)
    # the old indicator stays known until played
    state = play(state, ["AC", "TH"])
    assert obs(state, DL)["known_opponent_cards"] == []


@pytest.mark.parametrize("profile", SCHNAPSEN)
def test_SS_6_exchange_not_without_the_jack_nor_for_the_responder(profile):
    deck = make_deck(profile, fh=["AH", "KS", "QS", "JS", "TS"],
                     dl=["JC", "KH", "QC", "JD", "QD"], trump="AC")
    state = deal(profile, deck)
    assert "exchange" not in api.legal_actions(state)
    with pytest.raises(api.IllegalAction):
        api.apply(state, "exchange")
    state = play(state, ["AH"])
    assert "exchange" not in api.legal_actions(state)       # the dealer holds JC but answers


@pytest.mark.parametrize("profile", SCHNAPSEN)
def test_SS_6_exchange_with_two_cards_left_and_jack_goes_to_last_loser(profile):
    steps = [("AH", "JD"), ("AS", "JS"), ("AD", "QD"), ("TH", "KS")]  # forehand keeps the lead
    deck, actions, _, _ = script(profile, steps, trump="TC", hold={"fh": ["JC"]})
    state = play(deal(profile, deck), actions)
    assert obs(state, FH)["stock_size"] == 2 and api.to_move(state) == FH
    assert "exchange" in api.legal_actions(state)
    state = play(state, ["exchange"])
    assert "TC" in hand(state, FH) and obs(state, FH)["trump_card"] == "JC"
    state = play(state, [cards_only(state)])
    state = play(state, [cards_only(state)])
    last = obs(state, 0)["history"][-1]
    loser = 1 - last["winner"]
    assert "JC" in hand(state, loser) and "JC" not in hand(state, last["winner"])
    assert "JC" in obs(state, last["winner"])["known_opponent_cards"]
    assert obs(state, 0)["stock_size"] == 0


@pytest.mark.parametrize("profile", SCHNAPSEN)
def test_SS_6_no_exchange_after_talon_exhausted_or_closed(profile):
    # exhausted: forehand draws JC in the last refill and leads the first Phase-2 trick
    steps = [("AH", "JD"), ("AS", "JS"), ("AD", "QD"), ("TH", "KS"), ("TS", "KD")]
    deck, actions, _, _ = script(profile, steps, trump="KC", hold={"fh": ["JC"]})
    state = play(deal(profile, deck), actions)
    assert "JC" in hand(state, FH) and api.to_move(state) == FH
    assert obs(state, FH)["stock_size"] == 0
    assert "exchange" not in api.legal_actions(state)
    # closed: AC-5, exchange only before close
    deck = make_deck(profile, fh=["JC", "KS", "QS", "JS", "TS"], trump="AC")
    state = play(deal(profile, deck), ["close"])
    assert "exchange" not in api.legal_actions(state)
    with pytest.raises(api.IllegalAction):
        api.apply(state, "exchange")


# --------------------------------------------------------------------------- SS-7

@pytest.mark.parametrize("profile", SCHNAPSEN)
def test_SS_7_marriage_on_first_lead_waits_for_a_won_trick(profile):
    steps = ["marry:H", ("KH", "AH"), ("JS", "AS")]
    deck, actions, _, _ = script(profile, steps, trump="JC", hold={"fh": ["QH"]})
    state = play(deal(profile, deck), actions[:3])
    o = obs(state, FH)
    assert o["points"] == [15, 0] and o["card_points"] == [15, 0]
    assert o["marriages"] == [{"player": FH, "suit": "H", "points": 20, "immediate": False, "effective": False}]
    state = play(state, actions[3:])                      # forehand wins a trick: 13 + 20
    o = obs(state, FH)
    assert o["points"] == [15, 33] and o["card_points"] == [15, 13]
    assert o["marriages"] == [{"player": FH, "suit": "H", "points": 20, "immediate": False, "effective": True}]


@pytest.mark.parametrize("profile", SCHNAPSEN)
def test_SS_7_forty_in_trumps_and_the_marriage_trick_counts(profile):
    state = run(profile, ["marry:C", ("KC", "JD")], trump="AC", hold={"fh": ["QC"]})
    o = obs(state, DL)
    assert o["points"] == [0, 46]
    assert o["marriages"] == [{"player": FH, "suit": "C", "points": 40, "immediate": False, "effective": True}]


@pytest.mark.parametrize("profile", SCHNAPSEN)
def test_SS_7_marriage_in_phase_2_does_not_change_trump(profile):
    state = run(profile, ["close", "marry:H", ("KH", "JH")], trump="AC",
                hold={"fh": ["QH"], "dl": ["KS", "QS", "JS", "TS"]})
    o = obs(state, DL)
    assert o["phase"] == 2 and o["trump"] == "C"
    assert o["points"] == [0, 26]
    assert o["known_opponent_cards"] == ["QH"]                 # the partner shown (OB-2)


@pytest.mark.parametrize("profile", SCHNAPSEN)
def test_SS_7_partner_stays_known_until_played(profile):
    steps = ["marry:H", ("KH", "JS"), ("QH", "QS")]
    deck, actions, _, _ = script(profile, steps, trump="AC")
    state = play(deal(profile, deck), actions[:1])
    assert obs(state, DL)["pending_marriage"] == "H"
    state = play(state, actions[1:3])
    assert obs(state, DL)["known_opponent_cards"] == ["QH"]
    assert obs(state, FH)["known_opponent_cards"] == []
    state = play(state, actions[3:])
    assert obs(state, DL)["known_opponent_cards"] == []


@pytest.mark.parametrize("profile", SCHNAPSEN)
def test_SS_7_marriage_needs_king_and_queen_and_the_lead(profile):
    deck = make_deck(profile, fh=["KH", "AS", "QS", "JS", "TS"],
                     dl=["KD", "QD", "QC", "JD", "AD"], trump="AC")
    state = deal(profile, deck)
    assert not any(a.startswith("marry:") for a in api.legal_actions(state))
    with pytest.raises(api.IllegalAction):
        api.apply(state, "marry:H")
    state = play(state, ["AS"])                # the dealer holds KD+QD but is not on lead
    assert not any(a.startswith("marry:") for a in api.legal_actions(state))


# --------------------------------------------------------------------------- SS-8

@pytest.mark.parametrize("profile", SCHNAPSEN)
def test_SS_8_close_stops_drawing_and_starts_phase_2(profile):
    deck = make_deck(profile, fh=["KH", "AS", "QS", "JS", "TS"],
                     dl=["AH", "QH", "QC", "JD", "AD"], trump="AC")
    state = play(deal(profile, deck), ["close"])
    o = obs(state, DL)
    assert o["closed"] is True and o["closed_by"] == FH and o["phase"] == 2
    assert o["trump_card"] == "AC" and o["stock_size"] == 10                # OB-3
    assert api.to_move(state) == FH                                        # AC-2
    state = play(state, ["KH"])
    legal = api.legal_actions(state)
    assert sorted(c for c in legal if c != "claim") == (["AH"] if profile != "bummerl"
                                                       else ["AH", "QH"])
    state = play(state, ["AH"])
    o = obs(state, FH)
    assert len(o["hand"]) == 4 and o["opponent_hand_size"] == 4 and o["stock_size"] == 10
    assert o["trump_card"] == "AC" and o["closed"] is True


# --------------------------------------------------------------------------- SS-9

@pytest.mark.parametrize("profile", SCHNAPSEN)
def test_SS_9_marriage_points_without_a_trick_do_not_count(profile):
    state = run_scn(profile, "marry_claim_no_trick")
    # 40 announced, no trick: effective 0, a false claim; the dealer has no trick
    assert_result(state, DL, 3 if profile != "bummerl" else 2, R_FALSE_CLAIM, [0, 0])
    assert obs(state, 0)["marriages"][0]["effective"] is False


# --------------------------------------------------------------------------- SV-1

PHASE2_CASES = [
    # dealer's hand, forehand leads, legal in schnapsen (SV-1), legal in bummerl (SB-1)
    (["AH", "TH", "QH", "JC", "KS"], "KH", ["AH", "TH"], ["AH", "TH", "QH"]),   # beat
    (["QH", "JH", "TC", "KS", "QS"], "KH", ["JH", "QH"], ["JH", "QH"]),         # lower
    (["TC", "JC", "KS", "QS", "AD"], "KH", ["JC", "TC"], ["JC", "TC"]),         # trump
    (["KS", "QS", "AD", "TD", "JS"], "KH", ["AD", "JS", "KS", "QS", "TD"],
     ["AD", "JS", "KS", "QS", "TD"]),                                           # any
    (["TC", "JC", "AH", "KS", "QS"], "QC", ["TC"], ["JC", "TC"]),               # higher trump
    (["JC", "AH", "TH", "KS", "QS"], "QC", ["JC"], ["JC"]),                     # lower trump
    (["AH", "TH", "KS", "QS", "AD"], "QC", ["AD", "AH", "KS", "QS", "TH"],
     ["AD", "AH", "KS", "QS", "TH"]),                                           # no trump
]


@pytest.mark.parametrize("dl_hand, lead, soft, bummerl", PHASE2_CASES)
def test_SV_1_phase_2_must_follow_and_beat_else_trump(dl_hand, lead, soft, bummerl):
    fh = [lead] + [c for c in ["KH", "QC", "KC", "JD", "QD", "JH"] if c != lead
                   and c not in dl_hand][:4]
    deck = make_deck("schnapsen", fh=fh, dl=dl_hand, trump="AC")
    state = play(deal("schnapsen", deck), ["close", lead])
    assert sorted(api.legal_actions(state)) == sorted(soft)           # no claim: not on lead
    illegal = obs(state, DL)["illegal"]
    assert sorted(illegal) == sorted(set(dl_hand) - set(soft))
    for card, reason in illegal.items():
        if card[1] == lead[1]:
            assert reason == "must_beat"
        elif any(c[1] == lead[1] for c in dl_hand):
            assert reason == "must_follow_suit"
        else:
            assert reason == "must_trump"
    bad = sorted(set(dl_hand) - set(soft))
    if bad:
        before = api.to_json(state)
        with pytest.raises(api.IllegalAction):
            api.apply(state, bad[0])
        assert api.to_json(state) == before


def test_SV_1_phase_2_after_the_talon_is_exhausted():
    # after the fifth trick (no close) the same obligations hold (AC-6)
    steps = [("AH", "JD"), ("AS", "JS"), ("AD", "QD"), ("TH", "KS"), ("TS", "KD")]
    deck, actions, _, _ = script("schnapsen", steps, trump="KC",
                                 hold={"fh": ["QH"], "dl": ["KH", "JH", "TD", "QC"]})
    state = play(deal("schnapsen", deck), actions)
    assert obs(state, FH)["phase"] == 2 and not obs(state, FH)["closed"]
    state = play(state, ["QH"])
    assert sorted(api.legal_actions(state)) == ["KH"]


# --------------------------------------------------------------------------- SV-2 / ST-2

def _after_four_tricks(profile):
    steps = [("AH", "JD"), ("AS", "JS"), ("AD", "QD"), ("TH", "KS")]
    deck, actions, _, _ = script(profile, steps, trump="TC")
    state = play(deal(profile, deck), actions)
    assert obs(state, FH)["stock_size"] == 2 and api.to_move(state) == FH
    return state


def test_SV_2_close_allowed_with_two_cards_left():
    state = _after_four_tricks("schnapsen")
    assert "close" in api.legal_actions(state)
    state = play(state, ["close"])
    assert obs(state, DL)["closed"] is True and obs(state, DL)["stock_size"] == 2


def test_ST_2_strict_no_close_with_two_cards_left():
    state = _after_four_tricks("schnapsen-strict")
    assert "close" not in api.legal_actions(state)
    with pytest.raises(api.IllegalAction):
        api.apply(state, "close")
    # with four cards left it is still allowed
    steps = [("AH", "JD"), ("AS", "JS"), ("AD", "QD")]
    deck, actions, _, _ = script("schnapsen-strict", steps, trump="TC")
    state = play(deal("schnapsen-strict", deck), actions)
    assert obs(state, FH)["stock_size"] == 4 and "close" in api.legal_actions(state)


@pytest.mark.parametrize("profile", SCHNAPSEN)
def test_SV_2_no_close_once_exhausted_nor_for_the_responder(profile):
    steps = [("AH", "JD"), ("AS", "JS"), ("AD", "QD"), ("TH", "KS"), ("TS", "KD")]
    deck, actions, _, _ = script(profile, steps, trump="KC")
    state = play(deal(profile, deck), actions)
    assert "close" not in api.legal_actions(state)
    state = play(deal(profile, deck), actions[:1])
    assert "close" not in api.legal_actions(state)


# --------------------------------------------------------------------------- SV-3

def test_SV_3_seed_27_plus_40_is_67_claimed_at_once():
    deck, actions, _, _ = scn_deck("schnapsen", "seed_27_plus_40")
    state = play(deal("schnapsen", deck), actions[:-2])
    assert obs(state, FH)["points"] == [21, 27]
    state = play(state, ["marry:C"])
    assert obs(state, FH)["points"] == [21, 67]
    assert "claim" in api.legal_actions(state)                 # right after the marriage
    state = play(state, ["claim"])
    # the opponent has a trick worth 21: a normal win worth 2 (seed: 7 - 2 = 5)
    assert_result(state, FH, 2, R_CLAIM, [21, 67])


@pytest.mark.parametrize("profile", SOFT)
@pytest.mark.parametrize("name, winner, game_points, reason, points", [
    ("claim_vs_34", FH, 1, R_CLAIM, [34, 74]),            # opponent 33 or more
    ("seed_27_plus_40", FH, 2, R_CLAIM, [21, 67]),        # under 33 with a trick
    ("claim_schwarz", FH, 3, R_CLAIM, [0, 69]),           # no trick
    ("both_over_66", FH, 1, R_CLAIM, [74, 70]),           # opponent had 66 without claiming
    ("false_claim", DL, 2, R_FALSE_CLAIM, [21, 21]),      # false: opponent has a trick
    ("claim_at_once", DL, 3, R_FALSE_CLAIM, [0, 0]),      # false: opponent has no trick
])
def test_SV_3_claim_scoring(profile, name, winner, game_points, reason, points):
    state = run_scn(profile, name)
    assert_result(state, winner, game_points, reason, points)


def test_SV_3_opponent_with_66_could_have_claimed():
    # the dealer holds 74 on lead (after the third trick) and may claim but plays on
    deck, actions, _, _ = scn_deck("schnapsen", "both_over_66")
    state = play(deal("schnapsen", deck), actions[:7])
    assert api.to_move(state) == DL and obs(state, DL)["points"][DL] == 74
    assert "claim" in api.legal_actions(state)


@pytest.mark.parametrize("profile", SOFT)
def test_SV_3_claim_only_on_lead(profile):
    deck, actions, _, _ = scn_deck(profile, "claim_vs_34")
    state = deal(profile, deck)
    for a in actions[:-1]:
        if api.to_move(state) is not None and len(obs(state, 0)["trick"]) == 1:
            assert "claim" not in api.legal_actions(state)          # answering
        else:
            assert "claim" in api.legal_actions(state)              # leading
        state = play(state, [a])


# --------------------------------------------------------------------------- SV-4

@pytest.mark.parametrize("profile", SOFT)
def test_SV_4_last_trick_under_66_scores_1_whatever_the_totals(profile):
    state = run_scn(profile, "last_trick_46_vs_74")
    assert_result(state, FH, 1, R_LAST_TRICK, [74, 46])


@pytest.mark.parametrize("profile", SOFT)
def test_SV_4_last_trick_with_66_is_an_automatic_claim(profile):
    # the reason keyword of SV-4's automatic claim is `last_trick` (docs/DECISIONS.md)
    # 96 against 24 with a trick: scored as a correct claim, 2
    state = run_scn(profile, "last_trick_96_vs_24")
    assert_result(state, FH, 2, R_LAST_TRICK, [24, 96])


# --------------------------------------------------------------------------- SV-5

@pytest.mark.parametrize("profile", SOFT)
@pytest.mark.parametrize("name, winner, game_points, reason, points", [
    # success: status at the moment of closing (no trick), though the dealer took 5 later
    ("close_at_once_then_68", FH, 3, R_CLAIM, [5, 68]),
    ("close_at_once_last_trick_75", FH, 3, R_CLOSED, [5, 75]),   # automatic claim, 75
    ("close_vs_7", FH, 2, R_CLAIM, [7, 68]),                      # dealer 7 with a trick
    ("close_vs_34", FH, 1, R_CLAIM, [34, 66]),                    # dealer 34
    ("close_vs_34_sweep", FH, 1, R_CLOSED, [34, 87]),
    # failures
    ("close_at_once_lose_49", DL, 3, R_CLOSED_FAILED, [11, 49]),  # loses the last trick
    ("close_at_once_win_last_45", DL, 3, R_CLOSED_FAILED, [15, 45]),  # last trick, < 66
    ("close_at_once_70_lose_last", DL, 3, R_CLOSED_FAILED, [5, 70]),  # 66 does not save
    ("close_at_once_sweep_30", DL, 3, R_CLOSED_FAILED, [0, 30]),
    ("close_then_opponent_claims", DL, 3, R_CLOSED_FAILED, [70, 5]),  # opponent claims first
    ("close_then_opponent_sweeps", DL, 3, R_CLOSED_FAILED, [75, 5]),
    ("close_claim_at_once", DL, 3, R_CLOSED_FAILED, [0, 0]),      # closer's false claim
    # the opponent's false claim: SV-3, the closer wins 3 without a trick, 2 with one
    ("close_opponent_false_claim", FH, 3, R_FALSE_CLAIM, [15, 0]),
    ("close_opponent_false_claim_2", FH, 2, R_FALSE_CLAIM, [15, 21]),
])
def test_SV_5_closed_talon_scoring(profile, name, winner, game_points, reason, points):
    state = run_scn(profile, name)
    assert_result(state, winner, game_points, reason, points)


def test_SV_5_closer_loses_last_trick_with_trick_at_closing_opponent_gets_2():
    # the dealer had 7 and a trick when forehand closed; forehand then loses the last trick
    steps = [("QD", "KD"), ("JS", "QS"), "close",
             ("AH", "TH"), ("AS", "TS"),          # F 5 + 42
             ("KS", "AD"),                        # off suit, no trump: F 62
             ("JH", "QH"),                        # the dealer beats: D 12
             ("KH", "TD")]                        # the dealer's last lead wins: D 26
    state = run("schnapsen", steps, trump="JC")
    assert_result(state, DL, 2, R_CLOSED_FAILED, [26, 62])


# --------------------------------------------------------------------------- SV-6 / ST-1

@pytest.mark.parametrize("profile", SOFT)
def test_SV_6_ST_1_history_keeps_every_trick_for_both_seats(profile):
    # the review limits concern the interface only (OB-1): the observation keeps all tricks
    deck, actions, winners, _ = scn_deck(profile, "claim_vs_34")
    state = play(deal(profile, deck), actions[:16])
    for seat_ in (0, 1):
        hist = obs(state, seat_)["history"]
        assert len(hist) == 8
        assert [h["cards"] for h in hist][:2] == [[[FH, "AH"], [DL, "TH"]],
                                                  [[FH, "AS"], [DL, "TS"]]]


# --------------------------------------------------------------------------- ST-3

def test_ST_3_strict_marriage_must_lead_the_king():
    deck = make_deck("schnapsen-strict", fh=["KH", "QH", "AS", "JS", "TS"], trump="AC")
    state = play(deal("schnapsen-strict", deck), ["marry:H"])
    assert sorted(api.legal_actions(state)) == ["KH", "claim"]
    assert obs(state, FH)["illegal"]["QH"] == "marriage_king"
    with pytest.raises(api.IllegalAction):
        api.apply(state, "QH")


def test_ST_3_soft_profile_may_lead_either():
    deck = make_deck("schnapsen", fh=["KH", "QH", "AS", "JS", "TS"], trump="AC")
    state = play(deal("schnapsen", deck), ["marry:H"])
    assert sorted(api.legal_actions(state)) == ["KH", "QH", "claim"]
    state = play(state, ["QH"])
    assert obs(state, DL)["known_opponent_cards"] == ["KH"]


# --------------------------------------------------------------------------- boundaries

@pytest.mark.parametrize("profile", SOFT)
@pytest.mark.parametrize("name, game_points, points", [
    ("claim_vs_33", 1, [33, 74]),          # exactly 33: 1
    ("claim_vs_32", 2, [32, 74]),          # 32 with a trick: 2
])
def test_SS_9_SV_3_thirty_three_boundary(profile, name, game_points, points):
    state = run_scn(profile, name)
    assert_result(state, FH, game_points, R_CLAIM, points)


@pytest.mark.parametrize("profile", SOFT)
def test_SV_4_all_ten_tricks_without_claim_scores_3(profile):
    state = run_scn(profile, "all_ten_tricks")
    assert_result(state, FH, 3, R_LAST_TRICK, [0, 120])


@pytest.mark.parametrize("profile", SOFT)
def test_SV_5_status_at_closing_uses_effective_points(profile):
    # the dealer had 13 card points and an effective 20 (33) when forehand closed: 1, not 2
    deck, actions, _, _ = scn_deck(profile, "close_vs_marriage_33")
    state = play(deal(profile, deck), actions[:actions.index("close")])
    assert obs(state, FH)["points"] == [33, 15] and obs(state, FH)["card_points"] == [13, 15]
    state = run_scn(profile, "close_vs_marriage_33")
    assert_result(state, FH, 1, R_CLAIM, [33, 82])


@pytest.mark.parametrize("profile", SCHNAPSEN)
def test_SS_6_dealer_on_lead_may_exchange(profile):
    deck, actions, _, _ = script(profile, [("KH", "AH")], trump="AC", hold={"dl": ["JC"]})
    state = play(deal(profile, deck), actions)
    assert api.to_move(state) == DL and "exchange" in api.legal_actions(state)
    state = play(state, ["exchange"])
    assert "AC" in hand(state, DL) and obs(state, FH)["known_opponent_cards"] == ["AC"]
    assert obs(state, FH)["trump_card"] == "JC"
