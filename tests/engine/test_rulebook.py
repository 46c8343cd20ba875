"""The engine's description of the rules (kaffeehaus.rulebook, api.rules) says what the engine
plays: the facts and their numbers are checked against deals, scores and matches played
through the API, citing the RULES.md ids they state.

(About 290 lines, one module: one test per group of facts the rule book states, each checked
against play through the API.)
"""
import json
import random
import re
from pathlib import Path

import pytest

from kaffeehaus import api, match
from kaffeehaus.profiles import PROFILE_IDS
from kaffeehaus.rulebook import describe_rules, fact_keys, option_choices
from helpers import DL, FH, make_deck

RULES_MD = Path(__file__).resolve().parents[2] / "docs" / "RULES.md"
RULE_IDS = set(re.findall(r"\*\*([A-Z]{2}-\d+)\b", RULES_MD.read_text(encoding="utf-8")))

CASES = [(p, o) for p in PROFILE_IDS for o in option_choices(p)]


def case_id(case):
    profile, options = case
    return profile + "".join(f"-{k}={v}" for k, v in sorted(options.items()))


def facts(description, short=False):
    if short:
        return list(description["short"])
    return [f for s in description["sections"] for f in s["facts"]]


def keys(description, short=False):
    return [f["key"] for f in facts(description, short)]


def fact(description, key, short=False):
    found = [f for f in facts(description, short) if f["key"] == key]
    assert len(found) == 1, f"{key}: {len(found)} facts in {keys(description, short)}"
    return found[0]["values"]


# --- shape -----------------------------------------------------------------------------------

@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_description_is_plain_json_with_known_rule_ids(case):
    profile, options = case
    description = api.rules(profile, options)
    assert json.loads(json.dumps(description)) == description
    assert description["profile"] == profile
    assert description["options"] == {**description["options"], **options}
    assert [s["id"] for s in description["sections"]][0] == "game"
    for f in facts(description) + facts(description, short=True):
        assert set(f) == {"key", "values", "rules"}
        assert re.fullmatch(r"[a-z0-9_.-]+", f["key"]), f["key"]
        assert set(f["rules"]) <= RULE_IDS, (f["key"], f["rules"])
        for name, value in f["values"].items():
            assert re.fullmatch(r"[a-z_]+", name), name
            assert value is None or isinstance(value, (int, str, bool, list)), (f["key"], name)
    assert description["short"], "the summary is never empty"


def test_bad_profile_or_options_are_value_errors():
    with pytest.raises(ValueError):
        api.rules("skat")
    with pytest.raises(ValueError):
        api.rules("bummerl", {"sevens": 1})
    with pytest.raises(ValueError):
        api.rules("schnapsen", {"deck": 24})


def test_the_same_call_gives_the_same_description():
    assert api.rules("bummerl", {"sevens": True}) == api.rules("bummerl", {"sevens": True})
    assert api.rules("schneider") == api.rules("schneider", None) == api.rules("schneider", {})


def test_fact_keys_cover_every_profile():
    all_keys, sections = fact_keys()
    assert {"trick.neighbour", "trick.higher", "trick.higher.trump", "cards.schnapsen.sevens",
            "score.cumulative", "match.rubber", "match.schneiderbummerl.rubber"} <= all_keys
    assert "options" in sections and "scoring" in sections


# --- the numbers are the engine's ------------------------------------------------------------

@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_deal_numbers_match_a_dealt_deal(case):
    """SN-3, SS-2, SB-7: hand size, talon/stock size and deck size are those of a real deal."""
    profile, options = case
    description = api.rules(profile, options)
    state = api.new_deal(profile, options=options, seed=7)
    o = api.observation(state, 0)
    deck = len(state["deals"][0]["deck"])
    if description["game"] == "schnapsen":
        d = fact(description, "deal.schnapsen")
        assert d["hand"] == len(o["hand"]) and d["talon"] == o["stock_size"]
        assert d["first"] + d["second"] == d["hand"] and d["face_down"] == d["talon"] - 1
        cards = fact(description, "cards.schnapsen.sevens" if options.get("sevens") else "cards.schnapsen")
        assert cards["deck"] == deck
        assert fact(description, "short.cards.schnapsen" + (".sevens" if options.get("sevens") else ""),
                    short=True)["hand"] == len(o["hand"])
    else:
        d = fact(description, "deal.schneider")
        assert d["hand"] == len(o["hand"]) and d["stock"] == o["stock_size"]
        size = "24" if options.get("deck") == 24 else "32"
        assert fact(description, f"cards.schneider.{size}")["deck"] == deck
        s = fact(description, "draw.stock")
        assert s["tricks"] == deck // 2 and s["refills"] * 2 == s["stock"]


def test_SB_7_sevens_gives_six_card_hands_and_a_24_card_deck():
    plain = api.rules("bummerl")
    sevens = api.rules("bummerl", {"sevens": True})
    assert fact(plain, "deal.schnapsen")["hand"] == 5 and fact(plain, "cards.schnapsen")["deck"] == 20
    assert fact(sevens, "deal.schnapsen") == {"first": 3, "second": 3, "hand": 6, "talon": 12, "face_down": 11}
    assert fact(sevens, "cards.schnapsen.sevens")["deck"] == 24
    assert fact(sevens, "cards.schnapsen.sevens")["seven"] == 0
    assert fact(sevens, "short.cards.schnapsen.sevens", short=True)["hand"] == 6
    assert "cards.schnapsen" not in keys(sevens)
    option = fact(plain, "option.sevens")
    assert option["chosen"] is False and option["hand"] == 6 and option["deck"] == 24


def test_SN_11_neighbour_states_the_neighbour_rule_not_SN_7():
    description = api.rules("schneider-neighbour")
    assert "trick.neighbour" in keys(description) and "trick.higher" not in keys(description)
    assert "short.trick.neighbour" in keys(description, short=True)
    assert "short.trick.higher" not in keys(description, short=True)
    ladder = fact(description, "trick.neighbour")["ladder"]
    assert ladder == [["7", "8"], ["8", "9"], ["9", "T"], ["T", "J"], ["J", "Q"], ["Q", "K"], ["K", "A"]]
    plain = api.rules("schneider")
    assert "trick.higher" in keys(plain) and "trick.neighbour" not in keys(plain)
    cited = {r for f in facts(description) + facts(description, True) for r in f["rules"]}
    assert "SN-11" in cited and "SN-7" not in cited


@pytest.mark.parametrize("profile", ["schneider", "schneider-neighbour"])
def test_SN_7_SN_11_worked_examples_are_decided_by_the_engine(profile):
    """The examples' winners are those of a trick played through the API."""
    description = api.rules(profile)
    examples = [f["values"] for f in facts(description) if f["key"] == "example.trick"]
    assert len(examples) == 2
    for example in examples:
        lead, answer = example["lead"], example["answer"]
        deck = make_deck(profile, fh=[lead], dl=[answer])
        state = api.new_deal(profile, deck=deck, dealer=0)
        state = api.apply(api.apply(state, lead), answer)
        winner = api.observation(state, FH)["history"][0]["winner"]
        assert example["winner"] == ("responder" if winner == DL else "leader"), example
    if profile == "schneider-neighbour":
        assert [e["winner"] for e in examples] == ["leader", "responder"]    # 9♠/J♠, 10♠/J♠
        assert [e["honours"] for e in examples] == [1, 2]
    else:
        assert [e["winner"] for e in examples] == ["responder", "leader"]    # 9♠/J♠, 9♠/A♥


def test_SN_6_SN_10_24_card_thresholds():
    description = api.rules("schneider", {"deck": 24})
    assert fact(description, "score.honours") == {
        "win": 9, "one_max": 12, "schneider": 13, "schneider_max": 15, "schwarz": 16, "draw": 8,
        "one": 1, "two": 2, "three": 3}
    assert fact(description, "honours.24") == {"per_suit": 4, "total": 16}
    assert fact(api.rules("schneider"), "score.honours") == {
        "win": 11, "one_max": 15, "schneider": 16, "schneider_max": 19, "schwarz": 20, "draw": 10,
        "one": 1, "two": 2, "three": 3}
    short = fact(description, "short.honours.24", short=True)
    assert (short["win"], short["one_max"], short["schneider"], short["schwarz"]) == (9, 12, 13, 16)


def test_SN_8_redeal_after_a_drawn_deal_8_8_with_24_cards():
    assert fact(api.rules("schneider", {"deck": 24}), "dealer.redeal_after_draw") == {"draw": 8}
    assert fact(api.rules("schneider"), "dealer.redeal_after_draw") == {"draw": 10}
    # the engine: after a drawn deal the same dealer deals again (SN-8), not in SN-12
    draw = {"winner": None, "game_points": 0, "reason": "draw", "points": [8, 8]}
    assert match.next_dealer("schneider", 1, [draw]) == 1
    assert match.next_dealer("schneider-neighbour", 1, [draw]) == 0
    neighbour = api.rules("schneider-neighbour")
    assert "dealer.alternate_always" in keys(neighbour) and "dealer.redeal_after_draw" not in keys(neighbour)


def test_SN_10_cumulative_scores_the_difference_16_4_is_12():
    description = api.rules("schneider", {"cumulative": True})
    assert fact(description, "score.example.cumulative") == {"won": 16, "lost": 4, "game_points": 12}
    assert "score.honours" not in keys(description)
    assert fact(description, "match.target") == {"target": 50}
    assert fact(api.rules("schneider"), "option.cumulative")["game_points"] == 12
    assert fact(api.rules("schneider"), "score.example") == {"won": 16, "lost": 4, "game_points": 2}
    # and the engine scores real deals by the difference
    rng = random.Random(5)
    seen = 0
    for seed in range(40):
        state = api.new_deal("schneider", options={"cumulative": True}, seed=seed)
        while api.deal_result(state) is None:
            state = api.apply(state, rng.choice(api.legal_actions(state)))
        result = api.deal_result(state)
        if result["winner"] is not None:
            points = result["points"]
            assert result["game_points"] == abs(points[0] - points[1])
            seen += 1
    assert seen > 20


def test_SB_7_rubber_is_up_to_three_Bummerls():
    description = api.rules("bummerl", {"rubber": 3})
    assert fact(description, "match.rubber") == {"bummerls": 3, "needed": 2}
    assert fact(description, "short.match.rubber", short=True) == {"bummerls": 3, "needed": 2}
    assert "match.rubber" not in keys(api.rules("bummerl"))
    # the engine: two Bummerls won end it (after two or three)
    win = lambda seat: {"winner": seat, "game_points": 7, "reason": "claim", "points": [0, 0]}
    options = {"rubber": 3, "target": 7, "schneiderbummerl": False}
    assert match.status("bummerl", options, [win(0), win(0)], 0)["over"]
    assert not match.status("bummerl", options, [win(0), win(1)], 0)["over"]
    assert match.status("bummerl", options, [win(0), win(1), win(1)], 0)["winner"] == 1


def test_SB_7_schneiderbummerl_counts_two_and_can_end_a_rubber_at_once():
    alone = api.rules("bummerl", {"schneiderbummerl": True})
    assert fact(alone, "match.schneiderbummerl")["value"] == 2
    both = api.rules("bummerl", {"schneiderbummerl": True, "rubber": 3})
    values = fact(both, "match.schneiderbummerl.rubber")
    assert values["value"] == 2 and values["ends"] is True and values["needed"] == 2
    assert "match.schneiderbummerl" not in keys(both)
    win = {"winner": 0, "game_points": 7, "reason": "claim", "points": [0, 0]}
    status = match.status("bummerl", {"rubber": 3, "target": 7, "schneiderbummerl": True}, [win], 0)
    assert status["over"] and status["bummerls"] == [2, 0]


@pytest.mark.parametrize("profile", PROFILE_IDS)
def test_SS_10_SN_8_SN_12_first_dealer_is_random(profile):
    description = api.rules(profile)
    if description["game"] == "schnapsen":
        assert "dealer.alternate" in keys(description)
    else:
        assert "dealer.first_random" in keys(description)
    dealers = {api.new_match(profile, seed=seed)["first_dealer"] for seed in range(12)}
    assert dealers == {0, 1}


def test_SS_9_SV_3_claim_and_cascade_numbers():
    for profile in ("schnapsen", "schnapsen-strict", "bummerl"):
        description = api.rules(profile)
        assert fact(description, "points.scale") == {"half": 33, "one": 1, "two": 2, "three": 3}
        assert fact(description, "close.promise") == {"goal": 66}
        assert fact(description, "short.marriage", short=True) == {"plain": 20, "trump": 40}
    example = fact(api.rules("schnapsen"), "claim.example")
    assert (example["have"], example["marriage"], example["sum"]) == (27, 40, 67)
    assert (example["game_points"], example["start"], example["after"], example["close_game_points"]) == (2, 7, 5, 3)


def test_ST_1_ST_2_ST_3_strict_differences():
    strict, soft = api.rules("schnapsen-strict"), api.rules("schnapsen")
    assert "marriage.announce.king" in keys(strict) and "marriage.announce.either" in keys(soft)
    assert "close.when.not_last_two" in keys(strict) and "close.when.open" in keys(soft)
    assert "review.last" in keys(strict) and "review.own" in keys(soft)
    assert "review.last" in keys(api.rules("schneider"))
    assert "phase2.beat" in keys(soft) and "phase2.follow" in keys(api.rules("bummerl"))


def test_SB_7_mit40_is_stated_only_when_chosen():
    assert fact(api.rules("bummerl", {"mit40": True}), "marriage.mit40") == {"plain": 20, "trump": 40}
    assert "marriage.mit40" not in keys(api.rules("bummerl"))
    assert fact(api.rules("bummerl"), "option.mit40")["chosen"] is False


def test_SN_9_SN_10_target_follows_the_options():
    assert fact(api.rules("schneider"), "match.target") == {"target": 7}
    assert fact(api.rules("schneider", {"target": 10}), "match.target") == {"target": 10}
    assert fact(api.rules("schneider", {"cumulative": True, "target": 30}), "match.target") == {"target": 30}
    assert fact(api.rules("bummerl", {"target": 11}), "match.bummerl") == {"start": 11}
    assert fact(api.rules("schneider-neighbour"), "match.session") == {"deals": 6}


@pytest.mark.parametrize("options", [{"trump": True}, {"trump": True, "deck": 24}], ids=["32", "24"])
def test_SN_10_trump_examples_name_a_trump_and_are_decided_by_the_engine(options):
    """With `trump`, the off-suit answer of the second example is a trump (clubs in the
    examples), and a deal whose bottom card is a club plays both tricks that way."""
    examples = [f["values"] for f in facts(api.rules("schneider", options)) if f["key"] == "example.trick"]
    assert [e["reason"] for e in examples] == ["higher", "trump"]
    for example in examples:
        lead, answer = example["lead"], example["answer"]
        bottom = "AC" if answer != "AC" else "KC"
        deck = make_deck("schneider", fh=[lead], dl=[answer], bottom=bottom, options=options)
        state = api.new_deal("schneider", options=options, deck=deck, dealer=0)
        assert api.observation(state, FH)["trump"] == "C"
        state = api.apply(api.apply(state, lead), answer)
        winner = api.observation(state, FH)["history"][0]["winner"]
        assert example["winner"] == ("responder" if winner == DL else "leader"), example
