"""Rule scenarios for Bohemian Schneider (RULES.md Part 1: SN-1..SN-7, SN-10, SN-11).

Every deal is built from an explicit deck (dealer=0, so forehand is seat 1). The match rules
(SN-8, SN-9, SN-12, SN-13) are in test_match.py.

(About 410 lines, one module: one test per rule of RULES.md Part 1, in the rule book's order: the
file reads beside the rule book.)
"""
import pytest

from kaffeehaus import api
from helpers import (DL, FH, R_DRAW, R_HONOURS, assert_result, deal, full_deck, make_deck,
                     obs, play, run, script)

BOTH = ["schneider", "schneider-neighbour"]


# --------------------------------------------------------------------------- whole deals
# Forehand leads hearts/spades while the dealer throws clubs/diamonds (off suit: the lead wins),
# then forehand leads 7C and the dealer takes it with 8C (a higher card and the next rank up:
# wins in both profiles), then the dealer leads clubs/diamonds and forehand throws hearts and
# spades to the end. Forehand's honours are exactly those of the first len(fh_leads) tricks.
FH_ALL = ["AH", "KH", "QH", "JH", "TH", "9H", "8H", "7H", "AS", "KS", "QS", "JS", "TS", "9S", "8S"]
DL_ALL = ["7S", "AC", "KC", "QC", "JC", "TC", "9C", "AD", "KD", "QD", "JD", "TD", "9D", "8D", "7D"]


def honours_steps(fh_leads, dl_throws):
    assert len(fh_leads) == len(dl_throws)
    rest_fh = [c for c in FH_ALL if c not in fh_leads]
    rest_dl = [c for c in DL_ALL if c not in dl_throws]
    return list(zip(fh_leads, dl_throws)) + [("7C", "8C")] + list(zip(rest_dl, rest_fh))


# deck: 24 (no 7s and 8s): the switch trick is 9C answered by TC.
FH_24 = ["AH", "KH", "QH", "JH", "TH", "9H", "AS", "KS", "QS", "JS", "TS"]
DL_24 = ["9S", "AC", "KC", "QC", "JC", "AD", "KD", "QD", "JD", "TD", "9D"]


def honours_steps_24(fh_leads, dl_throws):
    rest_fh = [c for c in FH_24 if c not in fh_leads]
    rest_dl = [c for c in DL_24 if c not in dl_throws]
    return list(zip(fh_leads, dl_throws)) + [("9C", "TC")] + list(zip(rest_dl, rest_fh))


HEARTS_HONOURS = ["AH", "KH", "QH", "JH", "TH"]
CLUBS_HONOURS = ["AC", "KC", "QC", "JC", "TC"]


# --------------------------------------------------------------------------- SN-1

@pytest.mark.parametrize("profile", BOTH)
def test_SN_1_deck_is_32_cards_no_trump(profile):
    deck = full_deck(profile)
    state = deal(profile, deck)
    o = obs(state, FH)
    assert len(o["hand"]) == 6 and o["opponent_hand_size"] == 6 and o["stock_size"] == 20
    assert o["trump"] is None and o["trump_card"] is None
    with pytest.raises(ValueError):
        api.new_deal(profile, deck=full_deck("schnapsen"), dealer=0)
    with pytest.raises(ValueError):
        api.new_deal(profile, deck=deck[:-1] + [deck[0]], dealer=0)   # duplicate card


def test_SN_1_rank_order_A_K_Q_J_T_9_8_7():
    # J over T (the ten ranks below the jack), 9 over 8, A over K, T over 9.
    state = run("schneider", [("TS", "JS"), ("8D", "9D"), ("KC", "AC"), ("9H", "TH"),
                              ("JH", "TD")])
    winners = [h["winner"] for h in obs(state, 0)["history"]]
    assert winners == [DL, FH, DL, FH, FH]


# --------------------------------------------------------------------------- SN-2

def test_SN_2_honours_A_K_Q_J_T_count_one_nines_eights_sevens_nothing():
    deck, actions, _, _ = script("schneider", [("AS", "9S"), ("TH", "8H"), ("7C", "9C"),
                                               ("KD", "QH")])
    state = play(deal("schneider", deck), actions[:2])
    assert obs(state, FH)["points"] == [0, 1]
    state = play(state, actions[2:4])          # forehand keeps the lead: T counts
    assert obs(state, FH)["points"] == [0, 2]
    state = play(state, actions[4:6])          # dealer wins a trick of no honour
    assert obs(state, FH)["points"] == [0, 2]
    state = play(state, actions[6:8])          # K and Q: two honours for the dealer
    o = obs(state, DL)
    assert o["points"] == [2, 2] and o["card_points"] == [2, 2]
    assert o["tricks_won"] == [2, 2]


# --------------------------------------------------------------------------- SN-3

@pytest.mark.parametrize("dealer", [0, 1])
def test_SN_3_deal_three_and_three_forehand_first(dealer):
    deck = full_deck("schneider")[::-1]
    state = api.new_deal("schneider", deck=deck, dealer=dealer)
    forehand = 1 - dealer
    assert api.to_move(state) == forehand
    o = obs(state, forehand)
    assert o["forehand"] == forehand and o["dealer"] == dealer
    assert sorted(o["hand"]) == sorted(deck[0:3] + deck[6:9])
    assert sorted(obs(state, dealer)["hand"]) == sorted(deck[3:6] + deck[9:12])
    assert o["stock_size"] == 20
    # the stock is deck[12:], top first: the first trick's winner draws deck[12]
    lead = deck[0]
    answer = next(c for c in deck[3:6] + deck[9:12] if c[1] != lead[1])  # off suit: lead wins
    state = play(state, [lead, answer])
    assert deck[12] in obs(state, forehand)["hand"]
    assert deck[13] in obs(state, dealer)["hand"]


# --------------------------------------------------------------------------- SN-4

@pytest.mark.parametrize("profile", BOTH)
def test_SN_4_no_obligation_to_follow_or_win(profile):
    deck = make_deck(profile, fh=["9H", "AS", "KS", "7C", "8D", "TD"],
                     dl=["TH", "JH", "QH", "KH", "AH", "7S"])
    state = deal(profile, deck)
    assert sorted(api.legal_actions(state)) == sorted(["9H", "AS", "KS", "7C", "8D", "TD"])
    state = play(state, ["9H"])
    # the dealer holds the winning TH (and higher hearts) yet may play any card
    assert sorted(api.legal_actions(state)) == sorted(["TH", "JH", "QH", "KH", "AH", "7S"])
    state = play(state, ["7S"])
    assert obs(state, FH)["history"][0]["winner"] == FH
    assert obs(state, FH)["illegal"] == {}


# --------------------------------------------------------------------------- SN-5

def test_SN_5_winner_draws_first_then_leads():
    deck = make_deck("schneider", fh=["7H", "AS", "KS", "7C", "8D", "TD"],
                     dl=["8H", "JH", "QH", "KH", "AH", "7S"], talon=["AC", "KC", "QC", "JC"])
    state = play(deal("schneider", deck), ["7H", "8H"])     # the dealer wins (higher heart)
    assert api.to_move(state) == DL
    assert "AC" in obs(state, DL)["hand"] and "KC" in obs(state, FH)["hand"]
    assert obs(state, DL)["stock_size"] == 18
    state = play(state, ["JH", "7C"])                         # the dealer's lead wins
    assert "QC" in obs(state, DL)["hand"] and "JC" in obs(state, FH)["hand"]
    assert api.to_move(state) == DL


@pytest.mark.parametrize("profile", BOTH)
def test_SN_5_sixteen_tricks_ten_refills_last_six_without_drawing(profile):
    state = deal(profile, full_deck(profile))
    sizes = []
    for _ in range(16):
        assert api.deal_result(state) is None
        state = play(state, [api.legal_actions(state)[0]])
        state = play(state, [api.legal_actions(state)[0]])
        o = obs(state, 0)
        sizes.append((o["stock_size"], len(o["hand"]), o["opponent_hand_size"]))
    assert sizes == [(20 - 2 * i, 6, 6) for i in range(1, 11)] + [(0, 6 - i, 6 - i)
                                                                    for i in range(1, 7)]
    assert len(obs(state, 0)["history"]) == 16
    res = api.deal_result(state)
    assert res is not None and sum(res["points"]) == 20


# --------------------------------------------------------------------------- SN-6

@pytest.mark.parametrize("profile", BOTH)
def test_SN_6_schwarz_all_twenty_honours_three_points_without_all_tricks(profile):
    # forehand takes 15 tricks and every honour; the dealer takes only the last (7C, 8C)
    state = run(profile, honours_steps(FH_ALL, DL_ALL))
    assert obs(state, 0)["tricks_won"] == [1, 15]
    assert_result(state, FH, 3, R_HONOURS, [0, 20])


@pytest.mark.parametrize("profile", BOTH)
@pytest.mark.parametrize("fh_leads, dl_throws, points, winner, game_points", [
    # 11 honours: simple game, 1
    (HEARTS_HONOURS + ["AS"], CLUBS_HONOURS[:5] + ["7S"], [9, 11], FH, 1),
    # 15: still 1
    (HEARTS_HONOURS + ["AS", "KS", "QS"], ["7S"] + CLUBS_HONOURS + ["AD", "KD"], [5, 15], FH, 1),
    # 16: Schneider, 2
    (HEARTS_HONOURS + ["AS", "KS", "QS", "9H"], ["7S"] + CLUBS_HONOURS + ["AD", "KD", "QD"],
     [4, 16], FH, 2),
    # 19: Schneider, 2
    (HEARTS_HONOURS + ["AS", "KS", "QS", "JS", "TS"],
     ["7S"] + CLUBS_HONOURS + ["AD", "KD", "QD", "JD"], [1, 19], FH, 2),
    # the dealer with 16 and 12: 2 and 1
    (["AH", "KH", "QH"], ["7S", "AC", "9C"], [16, 4], DL, 2),
    (["AH", "KH", "QH", "JH", "9H"], ["7S", "AC", "KC", "QC", "JC"], [12, 8], DL, 1),
])
def test_SN_6_thresholds(profile, fh_leads, dl_throws, points, winner, game_points):
    state = run(profile, honours_steps(fh_leads, dl_throws))
    assert_result(state, winner, game_points, R_HONOURS, points)


@pytest.mark.parametrize("profile", BOTH)
def test_SN_6_ten_ten_is_a_drawn_deal(profile):
    state = run(profile, honours_steps(HEARTS_HONOURS, CLUBS_HONOURS))
    assert_result(state, None, 0, R_DRAW, [10, 10])


def test_SN_6_dealer_schwarz_all_honours():
    # forehand leads 7C at once, the dealer takes it and every later trick
    state = run("schneider", honours_steps([], []))
    assert obs(state, 0)["tricks_won"] == [16, 0]
    assert_result(state, DL, 3, R_HONOURS, [20, 0])


# --------------------------------------------------------------------------- SN-7 (schneider)

def test_SN_7_seed_nine_led_jack_answered_responder_wins():
    state = run("schneider", [("9S", "JS")])
    o = obs(state, FH)
    assert o["history"][0]["winner"] == DL and o["points"] == [1, 0]
    assert api.to_move(state) == DL


def test_SN_7_higher_card_of_led_suit_wins_any_other_answer_loses():
    state = run("schneider", [("7H", "AH"),       # any higher heart wins: dealer
                              ("KD", "AS"),       # an ace of another suit loses: dealer keeps
                              ("QC", "JC"),       # a lower card of the suit loses
                              ("8C", "9C")])      # responder (forehand) wins
    winners = [h["winner"] for h in obs(state, 0)["history"]]
    assert winners == [DL, DL, DL, FH]
    assert obs(state, 0)["points"] == [5, 0]


def test_SN_7_led_ace_cannot_be_beaten():
    state = run("schneider", [("AS", "KS")])
    assert obs(state, 0)["history"][0]["winner"] == FH


# --------------------------------------------------------------------------- SN-11 (neighbour)

def test_SN_11_seed_nine_led_jack_answered_leader_wins_one_honour():
    state = run("schneider-neighbour", [("9S", "JS")])
    o = obs(state, FH)
    assert o["history"][0]["winner"] == FH and o["points"] == [0, 1]
    assert api.to_move(state) == FH


def test_SN_11_seed_ten_led_jack_answered_responder_wins_two_honours():
    state = run("schneider-neighbour", [("TS", "JS")])
    o = obs(state, FH)
    assert o["history"][0]["winner"] == DL and o["points"] == [2, 0]


@pytest.mark.parametrize("lead, answer, responder_wins", [
    ("7H", "8H", True), ("8H", "9H", True), ("9H", "TH", True), ("TH", "JH", True),
    ("JH", "QH", True), ("QH", "KH", True), ("KH", "AH", True),
    ("TH", "QH", False),   # a jump up is no use: Q does not beat T
    ("9H", "AH", False),
    ("AH", "7H", False),   # no wrap-around, a led ace cannot be beaten
    ("8H", "9D", False),   # no suit substitution
    ("9H", "8H", False),
])
def test_SN_11_only_next_rank_up_wins(lead, answer, responder_wins):
    deck = make_deck("schneider-neighbour", fh=[lead], dl=[answer])
    state = play(deal("schneider-neighbour", deck), [lead, answer])
    assert obs(state, 0)["history"][0]["winner"] == (DL if responder_wins else FH)


def test_SN_11_rank_order_differs_from_schneider():
    # the same deck and play: in `schneider` the jump wins, in the neighbour profile it loses
    steps = [("TH", "QH")]
    assert obs(run("schneider", steps), 0)["history"][0]["winner"] == DL
    assert obs(run("schneider-neighbour", steps), 0)["history"][0]["winner"] == FH


def test_SN_13_seed_sixteen_to_four_scores_two_not_sixteen():
    # schneider-neighbour: a deal won 16:4 in honours scores 2 game points
    state = run("schneider-neighbour", honours_steps(["AH", "KH", "QH"], ["7S", "AC", "9C"]))
    assert_result(state, DL, 2, R_HONOURS, [16, 4])


def test_SN_13_neighbour_profile_has_no_options():
    for option in ({"trump": True}, {"deck": 24}, {"follow_suit": True}, {"target": 7}):
        with pytest.raises(ValueError):
            api.new_deal("schneider-neighbour", options=option, deck=full_deck("schneider"))


# --------------------------------------------------------------------------- SN-10 options

def test_SN_10_deck_24_has_24_cards_six_card_hands_twelve_card_stock():
    opts = {"deck": 24}
    deck = full_deck("schneider", opts)
    assert len(deck) == 24 and not any(c[0] in "78" for c in deck)
    state = api.new_deal("schneider", options=opts, deck=deck, dealer=0)
    o = obs(state, FH)
    assert sorted(o["hand"]) == sorted(deck[0:3] + deck[6:9])
    assert o["stock_size"] == 12 and o["opponent_hand_size"] == 6
    with pytest.raises(ValueError):
        api.new_deal("schneider", options=opts, deck=full_deck("schneider"), dealer=0)
    n = 0
    while api.deal_result(state) is None:
        state = play(state, [api.legal_actions(state)[0]])
        n += 1
    assert n == 24                                    # 12 tricks
    assert sum(api.deal_result(state)["points"]) == 16


def test_SN_10_deck_24_tens_are_not_honours():
    state = run("schneider", [("TH", "9H"), ("AS", "TD")], options={"deck": 24})
    assert obs(state, 0)["points"] == [0, 1]     # neither ten counted, the ace is


@pytest.mark.parametrize("fh_leads, dl_throws, points, winner, game_points, reason", [
    (FH_24, DL_24, [0, 16], FH, 3, R_HONOURS),                               # Schwarz: 16
    (["AH", "KH", "QH", "JH", "AS", "KS", "QS"], ["9S", "AC", "KC", "QC", "JC", "AD", "KD"],
     [3, 13], FH, 2, R_HONOURS),                                             # 13: Schneider
    (["AH", "KH", "QH", "JH", "AS", "KS", "QS"], ["9S", "AC", "KC", "QC", "JC", "AD", "9D"],
     [4, 12], FH, 1, R_HONOURS),                                             # 12: simple
    (["AH", "KH", "QH", "JH", "AS"], ["9S", "AC", "KC", "QC", "JC"], [7, 9], FH, 1, R_HONOURS),
    (["AH", "KH", "QH", "JH", "TH"], ["9S", "AC", "KC", "QC", "JC"], [8, 8], None, 0, R_DRAW),
])
def test_SN_10_deck_24_thresholds_9_13_16(fh_leads, dl_throws, points, winner, game_points,
                                          reason):
    state = run("schneider", honours_steps_24(fh_leads, dl_throws), options={"deck": 24})
    assert_result(state, winner, game_points, reason, points)


def test_SN_10_follow_suit_must_follow_need_not_beat():
    opts = {"follow_suit": True}
    deck = make_deck("schneider", fh=["9H", "AS", "KS", "7C", "8D", "TD"],
                     dl=["KH", "7H", "QS", "JS", "AC", "9C"], talon=["8S", "7S"])
    state = play(deal("schneider", deck, opts), ["9H"])
    assert sorted(api.legal_actions(state)) == ["7H", "KH"]
    o = obs(state, DL)
    assert o["illegal"] == {c: "must_follow_suit" for c in ["QS", "JS", "AC", "9C"]}
    with pytest.raises(api.IllegalAction):
        api.apply(state, "AC")
    state = play(state, ["7H"])                     # following low is allowed: the lead wins
    assert obs(state, 0)["history"][0]["winner"] == FH
    # without a card of the led suit, any card (forehand drew 8S, the dealer 7S)
    state = play(state, ["8D"])
    assert sorted(api.legal_actions(state)) == sorted(["KH", "QS", "JS", "AC", "9C", "7S"])
    state = play(state, ["KH"])
    assert obs(state, 0)["history"][1]["winner"] == FH


def test_SN_10_trump_bottom_card_is_indicator_and_drawn_last():
    opts = {"trump": True}
    # forehand wins the first ten tricks (the dealer throws), so the dealer draws the bottom
    fh = FH_ALL[:10]
    dl = ["7S", "AD", "KD", "QD", "JD", "TD", "9D", "8D", "7D", "8S"]
    steps = list(zip(fh, dl))
    deck, actions, winners, _ = script("schneider", steps, options=opts, trump="8C")
    assert deck[31] == "8C"
    state = deal("schneider", deck, opts)
    o = obs(state, FH)
    assert o["trump"] == "C" and o["trump_card"] == "8C" and o["stock_size"] == 20
    state = play(state, actions[:-2])
    assert obs(state, FH)["trump_card"] == "8C" and obs(state, FH)["stock_size"] == 2
    state = play(state, actions[-2:])
    assert "8C" in obs(state, DL)["hand"]
    o = obs(state, FH)
    assert o["stock_size"] == 0 and o["trump"] == "C"
    assert o["known_opponent_cards"] == ["8C"]            # OB-2


def test_SN_10_trump_beats_every_non_trump_led_trump_only_by_higher_trump():
    opts = {"trump": True}
    state = run("schneider", [("AH", "7C"),      # a trump beats a led ace: dealer
                              ("9C", "AS"),      # a led trump is not beaten by a plain ace
                              ("9D", "8C"),      # a low trump beats a plain card
                              ], options=opts, trump="KC")
    winners = [h["winner"] for h in obs(state, 0)["history"]]
    assert winners == [DL, DL, FH]
    state = run("schneider", [("9C", "TC"), ("JC", "8C")], options=opts, trump="KC")
    assert [h["winner"] for h in obs(state, 0)["history"]] == [DL, DL]


def test_SN_10_trump_with_follow_suit_void_player_may_trump_or_discard():
    opts = {"trump": True, "follow_suit": True}
    deck = make_deck("schneider", fh=["9H", "AS", "KS", "7D", "8D", "TD"],
                     dl=["7C", "9C", "QS", "JS", "AD", "KD"], talon=["8S", "7S"], bottom="AC",
                     options=opts)
    state = play(deal("schneider", deck, opts), ["9H"])
    assert sorted(api.legal_actions(state)) == sorted(["7C", "9C", "QS", "JS", "AD", "KD"])
    state = play(state, ["QS"])                         # a discard: the lead wins
    assert obs(state, 0)["history"][-1]["winner"] == FH
    state = play(state, ["8D"])
    assert sorted(api.legal_actions(state)) == ["AD", "KD"]   # must follow, may not trump
    state = play(state, ["KD"])
    assert obs(state, 0)["history"][-1]["winner"] == DL


def test_SN_10_cumulative_scores_the_difference_of_honours():
    opts = {"cumulative": True}
    steps = honours_steps(HEARTS_HONOURS + ["AS", "KS", "9H"],
                          ["7S", "AC", "KC", "QC", "JC", "TC", "AD", "KD"])
    state = run("schneider", steps, options=opts)
    assert_result(state, FH, 8, R_HONOURS, [6, 14])     # 14 against 6 scores 8


def test_SN_10_cumulative_ten_ten_scores_nothing():
    state = run("schneider", honours_steps(HEARTS_HONOURS, CLUBS_HONOURS),
                options={"cumulative": True})
    assert_result(state, None, 0, R_DRAW, [10, 10])


def test_SN_10_cumulative_schwarz_scores_twenty():
    state = run("schneider", honours_steps(FH_ALL, DL_ALL), options={"cumulative": True})
    assert_result(state, FH, 20, R_HONOURS, [0, 20])


def test_SN_10_target_is_accepted_and_ignored_by_a_single_deal():
    state = api.new_deal("schneider", options={"target": 10}, deck=full_deck("schneider"),
                         dealer=0)
    assert obs(state, 0)["match"] is None
    assert obs(state, 0)["options"]["target"] == 10


def test_SN_10_cumulative_with_deck_24_schwarz_scores_16():
    state = run("schneider", honours_steps_24(FH_24, DL_24),
                options={"deck": 24, "cumulative": True})
    assert_result(state, FH, 16, R_HONOURS, [0, 16])
