"""Bad input never corrupts a game: clear ValueErrors, inputs untouched (RULES.md AC-4)."""

import copy
import json

import pytest
from hypothesis import given, settings, strategies as st

from kaffeehaus import api
from kaffeehaus.messages import short

PROFILES = ["schneider", "schneider-neighbour", "schnapsen", "schnapsen-strict", "bummerl"]


@pytest.fixture(params=PROFILES)
def running_match(request):
    state = api.new_match(request.param, seed=11)
    for _ in range(5):
        state = api.apply(state, api.legal_actions(state)[0])
    return state


GARBAGE = [None, 1, 1.5, True, [], {}, ["QH"], b"QH", "qh", "QH ", "XX", "marry:", "marry:Z",
           "marry:HH", "exchange!", "CLAIM", "next", "A" * 1000, "\u00e9H", "<script>"]


@pytest.mark.parametrize("action", GARBAGE, ids=repr)
def test_AC_4_garbage_actions_are_refused_and_the_state_is_kept(running_match, action):
    before = copy.deepcopy(running_match)
    with pytest.raises(ValueError) as info:
        api.apply(running_match, action)
    assert isinstance(info.value, api.IllegalAction)
    assert str(info.value).startswith(f"illegal action {short(action)}")
    assert len(str(info.value)) <= 200                 # never a copy of a long input
    assert running_match == before
    # the game goes on from the same position
    assert api.apply(running_match, api.legal_actions(running_match)[0])


def test_AC_4_the_error_names_the_action_and_the_reason():
    state = api.new_deal("bummerl", seed=3)
    player = api.to_move(state)
    other_hand = api.observation(state, 1 - player)["hand"]
    with pytest.raises(api.IllegalAction) as info:
        api.apply(state, other_hand[0])
    assert other_hand[0] in str(info.value)
    assert "does not hold" in str(info.value)


def edits(state):
    """Ways a saved state can be damaged or tampered with."""
    yield "not a dict", ["format"]
    yield "empty", {}
    for key in list(state):
        damaged = copy.deepcopy(state)
        del damaged[key]
        yield f"missing {key}", damaged
    for key, value in [("format", "kaffeehaus/99"), ("profile", "poker"), ("options", {"deck": 52}),
                       ("options", {"wild": True}), ("seed", 1.5), ("seed", [1]), ("match", "yes"),
                       ("first_dealer", 2), ("deals", []), ("deals", "x"), ("deals", [None])]:
        damaged = copy.deepcopy(state)
        damaged[key] = value
        yield f"{key}={value!r}", damaged
    damaged = copy.deepcopy(state)
    damaged["deals"][0]["actions"].append("ZZ")
    yield "illegal action appended", damaged
    damaged = copy.deepcopy(state)
    damaged["deals"][0]["actions"].insert(0, damaged["deals"][0]["actions"][-1])
    yield "actions reordered", damaged
    damaged = copy.deepcopy(state)
    deck = damaged["deals"][0]["deck"]
    deck[0], deck[1] = deck[1], deck[0]
    yield "deck edited against the seed", damaged
    damaged = copy.deepcopy(state)
    damaged["deals"][0]["deck"][0] = damaged["deals"][0]["deck"][1]
    yield "duplicate card", damaged
    damaged = copy.deepcopy(state)
    damaged["deals"][0]["dealer"] = 1 - damaged["deals"][0]["dealer"]
    yield "wrong dealer", damaged
    damaged = copy.deepcopy(state)
    damaged["deals"].append(copy.deepcopy(damaged["deals"][0]))
    yield "a second deal before the first is over", damaged
    damaged = copy.deepcopy(state)
    damaged["deals"][0]["extra"] = 1
    yield "unknown deal key", damaged


@pytest.mark.parametrize("profile", PROFILES)
def test_tampered_states_get_a_clear_error_from_every_function(profile):
    state = api.new_match(profile, seed=5)
    for _ in range(4):
        state = api.apply(state, api.legal_actions(state)[-1])
    calls = [api.to_move, api.legal_actions, api.deal_result, api.match_status, api.to_json,
             lambda s: api.observation(s, 0), lambda s: api.apply(s, "claim")]
    for name, damaged in edits(state):
        for call in calls:
            kept = copy.deepcopy(damaged)
            with pytest.raises(ValueError):
                call(damaged)
            assert damaged == kept, name
    # the original is still fine
    assert api.legal_actions(state)


@pytest.mark.slow  # hypothesis: 200 edited saves
@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10**6), st.data())
def test_truncated_or_edited_json_is_refused_or_loads_a_valid_state(seed, data):
    state = api.new_deal("bummerl", seed=seed)
    for _ in range(3):
        state = api.apply(state, api.legal_actions(state)[0])
    text = api.to_json(state)
    cut = data.draw(st.integers(0, len(text) - 1))
    with pytest.raises(ValueError):
        api.from_json(text[:cut])
    position = data.draw(st.integers(0, len(text) - 1))
    char = data.draw(st.sampled_from(list('{}[]",:0123456789abcQHSDCKJTA ')))
    edited = text[:position] + char + text[position + 1:]
    try:
        loaded = api.from_json(edited)
    except ValueError:
        return
    # an edit that still loads must be a fully valid state
    assert api.from_json(api.to_json(loaded)) == loaded
    api.legal_actions(loaded)


@pytest.mark.parametrize("value", [None, 3, b"{}", "", "null", "[]", "{" * 5000, "1e999999"])
def test_from_json_refuses_non_states(value):
    with pytest.raises(ValueError):
        api.from_json(value)


@pytest.mark.parametrize("kwargs", [
    {"profile": "poker"}, {"profile": "bummerl", "options": {"sevens": 1}},
    {"profile": "bummerl", "options": {"target": 0}}, {"profile": "bummerl", "options": {"rubber": 2}},
    {"profile": "schneider", "options": {"target": 101}}, {"profile": "schneider", "options": {"deck": "24"}},
    {"profile": "schneider-neighbour", "options": {"deck": 24}}, {"profile": "bummerl", "options": []},
    {"profile": "bummerl", "deck": ["AH"] * 20}, {"profile": "bummerl", "deck": "AH"},
    {"profile": "bummerl", "dealer": 2}, {"profile": "bummerl", "dealer": True},
    {"profile": "bummerl", "seed": 1.0}, {"profile": "bummerl", "seed": 1, "deck": list("x")},
])
def test_new_deal_validates_its_arguments(kwargs):
    profile = kwargs.pop("profile")
    with pytest.raises(ValueError):
        api.new_deal(profile, **kwargs)


def test_observation_validates_the_seat():
    state = api.new_deal("schneider", seed=1)
    for seat in (2, -1, "0", None, True):
        with pytest.raises(ValueError):
            api.observation(state, seat)


def test_a_finished_deal_refuses_further_actions_and_a_match_offers_next():
    state = api.new_match("bummerl", seed=2)
    player = api.to_move(state)
    state = api.apply(state, "claim")          # a false claim ends the deal at once (AC-3)
    assert api.deal_result(state)["reason"] == "false_claim"
    assert api.to_move(state) is None
    assert api.legal_actions(state) == ["next"]
    with pytest.raises(api.IllegalAction):
        api.apply(state, "claim")
    single = api.apply(api.new_deal("bummerl", seed=2), "claim")
    assert api.legal_actions(single) == []
    with pytest.raises(api.IllegalAction):
        api.apply(single, "next")
    state = api.apply(state, "next")
    assert api.match_status(state)["deals_played"] == 1
    assert api.deal_result(state) is None
    assert json.loads(api.to_json(state))["deals"][1]["dealer"] != json.loads(api.to_json(state))["deals"][0]["dealer"]
