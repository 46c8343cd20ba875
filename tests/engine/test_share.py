"""Share links: short, versioned, validated by replay; hostile tokens get a clear error."""

import base64

import pytest
from hypothesis import given, settings, strategies as st

from kaffeehaus import api
from playouts import CASES, case_id, play_some as played


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_a_link_reopens_the_same_deal_and_replays_its_actions(case):
    profile, options = case
    for seed in range(30):
        state = played(profile, options, seed, seed)
        token = api.share_link(state)
        assert len(token) <= 200
        opened = api.open_link(token)
        assert opened["deals"][0]["deck"] == state["deals"][-1]["deck"]
        assert opened["deals"][0]["actions"] == state["deals"][-1]["actions"]
        assert opened["options"] == state["options"]
        for seat in (0, 1):
            assert api.observation(opened, seat)["hand"] == api.observation(state, seat)["hand"]
        fresh = api.open_link(api.share_link(state, with_actions=False))
        assert fresh["deals"][0]["actions"] == []
        assert fresh["deals"][0]["deck"] == state["deals"][-1]["deck"]


def test_a_link_of_a_match_deal_opens_that_deal():
    state = api.new_match("bummerl", seed=9)
    state = api.apply(state, "claim")
    state = api.apply(state, "next")
    opened = api.open_link(api.share_link(state))
    assert opened["deals"][0]["deck"] == state["deals"][1]["deck"]
    assert opened["deals"][0]["dealer"] == state["deals"][1]["dealer"]


def token_of(data):
    return base64.urlsafe_b64encode(bytes(data)).decode().rstrip("=")


GOOD = api.share_link(api.apply(api.new_deal("bummerl", seed=1), api.legal_actions(api.new_deal("bummerl", seed=1))[0]))


@pytest.mark.parametrize("token, message", [
    ("", "no deal"),
    ("!!!!", "not valid base64"),
    ("%3Cscript%3E", "not valid base64"),
    ("<script>alert(1)</script>", "not valid base64"),
    (token_of([1, 4, 0]), "truncated"),
    (token_of([9, 4, 0, 0, 0, 20] + list(range(20))), "version 9"),
    (token_of([1, 17, 0, 0, 0, 20] + list(range(20))), "unknown game"),
    (token_of([1, 4, 0x80, 0, 0, 20] + list(range(20))), "unknown options"),
    (token_of([1, 4, 0, 55, 0, 20] + list(range(20))), "options are not valid"),
    (token_of([1, 4, 0, 0, 0, 20] + list(range(19))), "truncated"),
    (token_of([1, 4, 0, 0, 0, 20] + [0] * 20), "deck is damaged (a card is missing or twice)"),
    (token_of([1, 4, 0, 0, 0, 20] + list(range(19)) + [200]), "deck is damaged"),
    (token_of([1, 4, 0, 0, 7, 20] + list(range(20))), "no valid dealer"),
    (token_of([1, 4, 0, 0, 0, 20] + list(range(20)) + [0xEE]), "is not a move"),
    (token_of([1, 4, 0, 0, 0, 20] + list(range(20)) + [3]), "not legal"),
    (GOOD[:-4], "deck is truncated"),
    ("A" * 700, "too long"),
])
def test_broken_and_hostile_links_are_refused_with_a_clear_message(token, message):
    with pytest.raises(ValueError) as info:
        api.open_link(token)
    assert message in str(info.value)
    assert "index out of range" not in str(info.value) and len(str(info.value)) <= 200


@pytest.mark.slow  # hypothesis: 300 texts
@settings(max_examples=300, deadline=None)
@given(st.text(max_size=120))
def test_any_text_either_opens_a_valid_deal_or_raises_valueerror(text):
    try:
        state = api.open_link(text)
    except ValueError:
        return
    assert api.from_json(api.to_json(state)) == state


def test_deal_of_the_day_is_the_same_for_everyone_and_differs_by_date_and_profile():
    a = api.deal_of_the_day("bummerl", "2026-11-29")
    assert a == api.deal_of_the_day("bummerl", "2026-11-29")
    assert a["deals"][0]["deck"] != api.deal_of_the_day("bummerl", "2026-11-30")["deals"][0]["deck"]
    assert api.deal_of_the_day("schnapsen", "2026-11-29")["deals"][0]["deck"] != a["deals"][0]["deck"]
    for bad in ("2026-13-01", "yesterday", 20261129, "2026-11-29T00:00"):
        with pytest.raises(ValueError):
            api.deal_of_the_day("bummerl", bad)
