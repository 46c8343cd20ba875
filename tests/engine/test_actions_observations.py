"""The action vocabulary (RULES.md Part 3, AC-1..AC-6) and what a seat sees (OB-1..OB-3).

(About 350 lines, one module: the action vocabulary and what a seat sees are one contract (an
action is legal exactly when the seat's observation lists it), checked on the same deals.)
"""
import copy
import json
import re

import pytest

from kaffeehaus import api
from helpers import (DL, FH, deal, full_deck, hand, make_deck, obs, play, run, script)
from scenarios import run_scn, scn_deck

SCHNAPSEN = ["schnapsen", "schnapsen-strict", "bummerl"]
ALL = ["schneider", "schneider-neighbour"] + SCHNAPSEN


def marriage_deck(profile):
    return make_deck(profile, fh=["JC", "KH", "QH", "KS", "QS"],
                     dl=["AH", "TH", "AS", "TS", "JD"], trump="AC")


# --------------------------------------------------------------------------- AC-1

@pytest.mark.parametrize("profile, cards", [("schnapsen", ["KH", "QH"]),
                                            ("bummerl", ["KH", "QH"]),
                                            ("schnapsen-strict", ["KH"])])
def test_AC_1_after_marriage_lead_king_or_queen_or_claim(profile, cards):
    state = play(deal(profile, marriage_deck(profile)), ["marry:H"])
    assert api.to_move(state) == FH
    assert sorted(api.legal_actions(state)) == sorted(cards + ["claim"])
    illegal = obs(state, FH)["illegal"]
    assert set(illegal) == {"JC", "KH", "QH", "KS", "QS"} - set(cards)
    assert set(illegal.values()) == {"marriage_king" if profile == "schnapsen-strict" else "marriage_card"}
    with pytest.raises(api.IllegalAction):
        api.apply(state, "KS")


# --------------------------------------------------------------------------- AC-2

@pytest.mark.parametrize("profile", SCHNAPSEN)
def test_AC_2_exchange_and_close_do_not_end_the_turn(profile):
    state = deal(profile, marriage_deck(profile))
    state = play(state, ["exchange"])
    assert api.to_move(state) == FH and obs(state, FH)["trick"] == []
    state = play(state, ["close"])
    assert api.to_move(state) == FH and obs(state, FH)["trick"] == []
    state = play(state, ["KS"])
    assert api.to_move(state) == DL


# --------------------------------------------------------------------------- AC-3

@pytest.mark.parametrize("profile", SCHNAPSEN)
def test_AC_3_claim_ends_the_deal_at_once(profile):
    for name in ("claim_schwarz", "false_claim"):
        state = run_scn(profile, name)
        assert api.deal_result(state) is not None
        assert api.to_move(state) is None and api.legal_actions(state) == []
        for a in ("claim", "AH", "next", "close"):
            with pytest.raises(api.IllegalAction):
                api.apply(state, a)
        o = obs(state, FH)
        assert o["legal_actions"] == [] and o["result"] == api.deal_result(state)
        assert set(o["illegal"].values()) <= {"deal_over"}


@pytest.mark.parametrize("profile", ALL)
def test_AC_3_deal_ends_by_itself_after_the_last_trick(profile):
    state = deal(profile, full_deck(profile))
    n_cards = len(full_deck(profile))
    while api.deal_result(state) is None:
        state = play(state, [next(a for a in api.legal_actions(state) if len(a) == 2)])
    o = obs(state, 0)
    assert len(o["history"]) == n_cards // 2
    assert api.legal_actions(state) == [] and api.to_move(state) is None


# --------------------------------------------------------------------------- AC-4

@pytest.mark.parametrize("profile", ALL)
def test_AC_4_illegal_actions_rejected_naming_the_action_state_unchanged(profile):
    deck = full_deck(profile)
    state = deal(profile, deck)
    before = copy.deepcopy(state)
    before_json = api.to_json(state)
    not_held = next(c for c in deck if c not in hand(state, api.to_move(state)))
    for action in (not_held, "marry:H", "next", "XX", "", "exchange!", "claim " ):
        with pytest.raises(api.IllegalAction) as exc:
            api.apply(state, action)
        assert isinstance(exc.value, ValueError)
        assert repr(action) in str(exc.value) or action in str(exc.value)
        assert state == before and api.to_json(state) == before_json
    if profile.startswith("schneider"):
        for action in ("claim", "close", "exchange"):
            with pytest.raises(api.IllegalAction):
                api.apply(state, action)


def test_AC_4_phase_2_answer_that_does_not_beat_is_refused_with_its_reason():
    deck = make_deck("schnapsen", fh=["KH", "QC", "KC", "JD", "QD"],
                     dl=["AH", "TH", "QH", "JC", "KS"], trump="AC")
    state = play(deal("schnapsen", deck), ["close", "KH"])
    before = api.to_json(state)
    with pytest.raises(api.IllegalAction) as exc:
        api.apply(state, "QH")
    assert "QH" in str(exc.value)
    assert obs(state, DL)["illegal"]["QH"] == "must_beat"
    assert api.to_json(state) == before


# --------------------------------------------------------------------------- AC-5

@pytest.mark.parametrize("profile", SCHNAPSEN)
def test_AC_5_exchange_then_close_then_marry(profile):
    state = deal(profile, marriage_deck(profile))
    legal = api.legal_actions(state)
    assert {"exchange", "close", "marry:H", "marry:S", "claim"} <= set(legal)
    state = play(state, ["exchange"])
    legal = api.legal_actions(state)
    assert "exchange" not in legal
    assert {"close", "marry:H", "marry:S", "claim"} <= set(legal)
    state = play(state, ["close"])
    legal = api.legal_actions(state)
    assert "exchange" not in legal and "close" not in legal
    assert {"marry:H", "marry:S", "claim"} <= set(legal)
    state = play(state, ["marry:H"])
    legal = api.legal_actions(state)
    assert not ({"exchange", "close", "marry:S", "marry:H"} & set(legal))
    assert "claim" in legal


@pytest.mark.parametrize("profile", SCHNAPSEN)
def test_AC_5_no_exchange_or_close_after_marriage(profile):
    state = play(deal(profile, marriage_deck(profile)), ["marry:S"])
    legal = api.legal_actions(state)
    assert "exchange" not in legal and "close" not in legal and "marry:H" not in legal
    for a in ("exchange", "close", "marry:H", "marry:S"):
        with pytest.raises(api.IllegalAction):
            api.apply(state, a)


@pytest.mark.parametrize("profile", ["schnapsen", "schnapsen-strict"])
def test_AC_5_claim_listed_on_every_lead_never_when_answering(profile):
    state = deal(profile, marriage_deck(profile))
    assert "claim" in api.legal_actions(state)                  # the first lead of the deal
    for a in ("exchange", "close", "marry:H"):
        state = play(state, [a])
        assert "claim" in api.legal_actions(state)
    state = play(state, ["KH"])
    assert "claim" not in api.legal_actions(state)


def test_AC_5_claim_listed_for_the_responder_in_bummerl():
    state = play(deal("bummerl", marriage_deck("bummerl")), ["KS"])
    assert api.to_move(state) == DL and "claim" in api.legal_actions(state)


# --------------------------------------------------------------------------- AC-6

@pytest.mark.parametrize("profile", ["schnapsen", "bummerl"])
def test_AC_6_trick_led_with_two_cards_left_is_phase_1_next_after_last_draw_is_phase_2(
        profile):
    steps = [("AH", "JD"), ("AS", "JS"), ("AD", "QD"), ("TH", "KS")]
    deck, actions, _, _ = script(profile, steps, trump="TC",
                                 hold={"fh": ["KH", "QC"], "dl": ["AC", "KD", "QH", "JC"]})
    state = play(deal(profile, deck), actions)
    assert obs(state, FH)["phase"] == 1 and obs(state, FH)["stock_size"] == 2
    state = play(state, ["KH"])
    # fifth trick: still Phase 1 (led while the talon was open): any answer
    assert sorted(c for c in api.legal_actions(state) if c != "claim") == sorted(hand(state, DL))
    state = play(state, ["JC"])                       # the dealer trumps and wins
    assert obs(state, DL)["phase"] == 2 and obs(state, DL)["stock_size"] == 0
    assert api.to_move(state) == DL


@pytest.mark.parametrize("profile", SCHNAPSEN)
def test_AC_6_close_before_the_lead_makes_that_trick_phase_2(profile):
    deck = make_deck(profile, fh=["KH", "QC", "KC", "JD", "QD"],
                     dl=["AH", "TH", "QH", "JC", "KS"], trump="AC")
    state = play(deal(profile, deck), ["KH"])
    assert "KS" in api.legal_actions(state)                     # Phase 1: anything
    state = play(deal(profile, deck), ["close", "KH"])
    assert "KS" not in api.legal_actions(state)                 # Phase 2: follow suit
    assert obs(state, DL)["phase"] == 2


# --------------------------------------------------------------------------- OB-1

@pytest.mark.parametrize("profile", SCHNAPSEN)
def test_OB_1_both_seats_see_every_card_played_and_every_action(profile):
    deck, actions, winners, _ = scn_deck(profile, "both_over_66")
    state = play(deal(profile, deck), actions[:9])
    o0, o1 = obs(state, 0), obs(state, 1)
    assert o0["history"] == o1["history"]
    assert o0["history"][0] == {"leader": FH, "cards": [[FH, "JH"], [DL, "AH"]], "winner": DL,
                                "phase": 1, "points": 13, "actions": [[FH, "JH"], [DL, "AH"]]}
    assert o0["history"][1] == {"leader": DL, "cards": [[DL, "KC"], [FH, "AC"]], "winner": FH,
                                "phase": 1, "points": 15,
                                "actions": [[DL, "marry:C"], [DL, "KC"], [FH, "AC"]]}
    assert o0["actions"] == o1["actions"]
    assert o0["actions"][:4] == [[FH, "JH"], [DL, "AH"], [DL, "marry:C"], [DL, "KC"]]
    assert o0["marriages"] == o1["marriages"] == [
        {"player": DL, "suit": "C", "points": 40, "immediate": False, "effective": True}]
    assert o0["tricks_won"] == o1["tricks_won"] == [2, 2]
    assert o0["points"] == o1["points"] == [74, 29]


def test_OB_1_schneider_history_and_honours_public():
    state = run("schneider", [("9S", "JS"), ("AH", "KD")])
    o0, o1 = obs(state, 0), obs(state, 1)
    assert o0["history"] == o1["history"] == [
        {"leader": FH, "cards": [[FH, "9S"], [DL, "JS"]], "winner": DL, "phase": 1, "points": 1,
         "actions": [[FH, "9S"], [DL, "JS"]]},
        {"leader": DL, "cards": [[DL, "AH"], [FH, "KD"]], "winner": DL, "phase": 1, "points": 2,
         "actions": [[DL, "AH"], [FH, "KD"]]}]
    assert o0["points"] == o1["points"] == [3, 0]
    assert o0["phase"] == 1 and o0["closed"] is False and o0["marriages"] == []


# --------------------------------------------------------------------------- OB-2

@pytest.mark.parametrize("profile", SCHNAPSEN)
def test_OB_2_known_cards_marriage_partner_and_exchanged_indicator(profile):
    state = play(deal(profile, marriage_deck(profile)), ["exchange", "marry:H", "KH"])
    assert obs(state, DL)["known_opponent_cards"] == ["AC", "QH"]
    assert obs(state, FH)["known_opponent_cards"] == []
    state = play(state, ["AH"])                       # the dealer wins: forehand keeps them
    assert obs(state, DL)["known_opponent_cards"] == ["AC", "QH"]


@pytest.mark.parametrize("profile", SCHNAPSEN)
def test_OB_2_indicator_received_at_last_draw_known_until_played(profile):
    steps = [("AH", "JD"), ("AS", "JS"), ("AD", "QD"), ("TH", "KS"), ("TS", "KD")]
    deck, actions, _, _ = script(profile, steps, trump="KC",
                                 hold={"fh": ["QC"], "dl": ["QH", "QS", "JH", "JC"]})
    state = play(deal(profile, deck), actions)
    assert sorted(hand(state, DL)) == ["JC", "JH", "KC", "QH", "QS"]
    assert obs(state, FH)["known_opponent_cards"] == ["KC"]
    assert obs(state, DL)["known_opponent_cards"] == []
    state = play(state, ["QC", "KC"])
    assert obs(state, FH)["known_opponent_cards"] == []


def test_OB_2_schneider_trump_indicator_drawn_last_is_known():
    opts = {"trump": True}
    fh = ["AH", "KH", "QH", "JH", "TH", "9H", "8H", "7H", "AS", "KS"]
    dl = ["7S", "AD", "KD", "QD", "JD", "TD", "9D", "8D", "7D", "8S"]
    # forehand leads and wins ten tricks: the dealer loses the last refill trick
    deck, actions, _, _ = script("schneider", list(zip(fh, dl)), options=opts, trump="9C")
    state = play(deal("schneider", deck, opts), actions[:-1])
    assert obs(state, DL)["trump_card"] == "9C" and obs(state, FH)["stock_size"] == 2
    state = play(state, actions[-1:])
    assert "9C" in hand(state, DL)
    assert obs(state, FH)["known_opponent_cards"] == ["9C"]
    assert obs(state, DL)["known_opponent_cards"] == []


# --------------------------------------------------------------------------- OB-3

@pytest.mark.parametrize("profile", SCHNAPSEN)
def test_OB_3_indicator_kept_after_close_stock_size_frozen(profile):
    steps = [("AH", "JD"), ("AS", "JS"), "close", ("AD", "QD"), ("TH", "KS")]
    deck, actions, _, _ = script(profile, steps, trump="TC", hold={"dl": ["TS", "QS", "KD"]})
    state = play(deal(profile, deck), actions[:4])
    assert obs(state, DL)["stock_size"] == 6
    state = play(state, actions[4:])
    for seat_ in (0, 1):
        o = obs(state, seat_)
        assert o["closed"] is True and o["closed_by"] == FH
        assert o["trump_card"] == "TC" and o["trump"] == "C" and o["stock_size"] == 6
        assert len(o["hand"]) == 3 and o["opponent_hand_size"] == 3


def test_OB_3_stock_size_counts_the_indicator_sevens():
    opts = {"sevens": True}
    state = deal("bummerl", full_deck("bummerl", opts), opts)
    assert obs(state, 0)["stock_size"] == 12
    state = play(state, ["close"])
    assert obs(state, 0)["stock_size"] == 12 and obs(state, 0)["trump_card"] is not None


# --------------------------------------------------------------------------- hidden cards

CARD = re.compile(r'"([AKQJT987][CDHS])"')


def visible_cards(o):
    return set(CARD.findall(json.dumps(o)))


@pytest.mark.parametrize("profile", ALL)
def test_OB_observation_never_shows_hidden_cards(profile):
    deck = full_deck(profile)
    state = deal(profile, deck)
    played = set()
    while True:
        for seat_ in (0, 1):
            o = obs(state, seat_)
            allowed = set(o["hand"]) | played | set(o["known_opponent_cards"])
            if o["trump_card"]:
                allowed.add(o["trump_card"])
            assert visible_cards(o) <= allowed, (seat_, visible_cards(o) - allowed)
            assert set(o["illegal"]) <= set(o["hand"])
            if api.to_move(state) != seat_:
                assert o["legal_actions"] == [] or api.deal_result(state) is not None
        if api.deal_result(state) is not None:
            break
        action = next(a for a in api.legal_actions(state) if len(a) == 2)
        played.add(action)
        state = play(state, [action])


def test_OB_observation_same_whatever_the_hidden_cards():
    # two decks: forehand's hand and the indicator equal, the dealer's hand and the talon
    # swapped around: forehand's observation must not differ
    a = make_deck("schnapsen", fh=["AH", "KS", "QS", "JS", "TS"],
                  dl=["TH", "KH", "QC", "JD", "QD"], trump="JC",
                  talon=["AD", "TD", "KD", "AS", "QH", "JH", "KC", "TC", "AC"])
    b = make_deck("schnapsen", fh=["AH", "KS", "QS", "JS", "TS"],
                  dl=["AD", "TD", "KD", "AS", "QH"], trump="JC",
                  talon=["JH", "KC", "TC", "AC", "TH", "KH", "QC", "JD", "QD"])
    sa, sb = deal("schnapsen", a), deal("schnapsen", b)
    assert obs(sa, FH) == obs(sb, FH)
    sa, sb = play(sa, ["AH"]), play(sb, ["AH"])
    assert obs(sa, FH) == obs(sb, FH)
    assert obs(sa, DL) != obs(sb, DL)                  # the dealer's own hand differs


def test_OB_not_your_turn_reason():
    state = deal("schnapsen", marriage_deck("schnapsen"))
    o = obs(state, DL)
    assert o["legal_actions"] == [] and o["to_move"] == FH
    assert o["illegal"] == {c: "not_your_turn" for c in o["hand"]}


@pytest.mark.parametrize("profile", ALL)
def test_AC_4_apply_never_modifies_its_input(profile):
    state = deal(profile, full_deck(profile))
    for _ in range(6):
        before = copy.deepcopy(state)
        action = [a for a in api.legal_actions(state) if len(a) == 2][-1]
        new = api.apply(state, action)
        assert state == before and new != state


@pytest.mark.parametrize("profile", SCHNAPSEN)
def test_OB_3_exchange_then_close_shows_the_jack(profile):
    state = play(deal(profile, marriage_deck(profile)), ["exchange", "close"])
    o = obs(state, DL)
    assert o["trump_card"] == "JC" and o["closed"] and o["stock_size"] == 10
