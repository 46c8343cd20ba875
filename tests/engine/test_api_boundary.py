"""The API's boundary (bad input never corrupts a game): only ValueError, short plain messages, limits
checked before parsing, validated AI arguments and observations, fresh results, and ranked
integrity (a seeded state holds the seed's decks; `shuffled` says so).

(About 260 lines, one module: every entry point of the API's boundary side by side, so that a
function that refuses differently stands out.)
"""

import copy
import json
import random

import pytest

from kaffeehaus import api

PROFILES = ["schneider", "schneider-neighbour", "schnapsen", "schnapsen-strict", "bummerl"]


def short_error(call, *args, **kwargs):
    with pytest.raises(ValueError) as info:
        call(*args, **kwargs)
    text = str(info.value)
    assert 0 < len(text) <= 200, text[:300]
    return text


# --------------------------------------------------------------------------- only ValueError

@pytest.mark.parametrize("text", ["[" * 100000, "{\"a\":" * 100000, "[" * 33 + "]" * 33,
                                  "[{\"x\":" * 20 + "1" + "}]" * 20])
def test_deep_json_is_refused_before_parsing(text):
    assert "nested too deeply" in short_error(api.from_json, text)


def test_deep_json_inside_strings_is_not_nesting():
    state = api.new_deal("bummerl", seed=1)
    text = api.to_json(state)
    assert api.from_json(text) == state
    assert "nested" not in short_error(api.from_json, json.dumps({"profile": "[" * 5000}))


# In Pyodide a Python value nested 100,000 deep overflows the JavaScript stack (a fatal
# error) before Python's recursion limit; there such values are stopped at the worker, whose
# JSON text is scanned before parsing (kaffeehaus.jsontext.parse), as from_json does.
@pytest.mark.no_pyodide
def test_deeply_nested_python_values_are_valueerrors():
    nested = []
    for _ in range(100000):
        nested = [nested]
    for call in (api.to_move, api.legal_actions, lambda s: api.observation(s, 0),
                 lambda s: api.hint(s, 0), lambda s: api.ai_action(s, 0),
                 lambda s: api.new_deal("bummerl", deck=s),
                 lambda s: api.duel_new("schnapsen", seat=s)):   # found by bench/fuzz.py
        short_error(call, nested)


@pytest.mark.parametrize("kwargs, words", [
    ({"level": "grandmaster"}, "unknown AI level"), ({"level": None}, "unknown AI level"),
    ({"level": ["expert"]}, "unknown AI level"), ({"seed": "x"}, "seed"),
    ({"seed": 1.5}, "seed"), ({"seed": 10**4000}, "seed"), ({"budget_ms": "100"}, "budget_ms"),
    ({"budget_ms": -1}, "budget_ms"), ({"budget_ms": float("nan")}, "budget_ms"),
    ({"budget_ms": [1]}, "budget_ms"), ({"budget_ms": 10**400}, "budget_ms"),
    ({"bogus": 1}, "bogus"),
])
def test_ai_action_validates_level_seed_and_budget(kwargs, words):
    state = api.new_deal("schnapsen", seed=1)
    assert words in short_error(api.ai_action, state, api.to_move(state), **kwargs)


def test_the_ai_and_the_hint_take_a_state_never_an_observation():
    """No observation is taken back into the engine: ai_action and hint read the seat's
    observation from the state themselves, and an observation handed in is a bad state."""
    state = api.new_deal("schnapsen", seed=3)
    obs = api.observation(state, api.to_move(state))
    for call in (api.ai_action, api.hint):
        with pytest.raises(ValueError) as info:
            call(obs, obs["player"])
        assert info.value.code == "bad_state"


def test_wrong_arguments_to_any_function_are_valueerrors():
    state = api.new_deal("bummerl", seed=1)
    for name in [n for n in api.__all__ + api.PYTHON_ONLY if n != "IllegalAction"]:
        short_error(getattr(api, name), *([None] * 7))
    short_error(api.new_deal, "bummerl", colour="red")
    short_error(api.observation, state)
    short_error(api.play, state, "QH", 0, {"level": "hard"})            # opponent is keyword-only


# --------------------------------------------------------------------------- short messages

def test_a_ten_megabyte_action_gives_a_short_message():
    state = api.new_match("bummerl", seed=1)
    text = short_error(api.apply, state, "Q" * 10_000_000)
    assert text.startswith("illegal action 'QQQ") and "…" in text


@pytest.mark.parametrize("field, value", [
    ("profile", "p" * 900_000), ("format", "f" * 900_000), ("seed", "s" * 900_000),
    ("options", {"o" * 900_000: 1}), ("first_dealer", "d" * 900_000), ("x" * 900_000, 1),
])
def test_a_saved_game_with_a_huge_field_gives_a_short_message(field, value):
    state = copy.deepcopy(api.new_deal("bummerl", seed=2))
    state[field] = value
    short_error(api.from_json, json.dumps(state))
    short_error(api.legal_actions, state)


def test_huge_arguments_give_short_messages():
    big = "z" * 5_000_000
    short_error(api.new_deal, big)
    short_error(api.new_deal, "bummerl", options={big: True})
    short_error(api.new_deal, "bummerl", options={"sevens": big})
    short_error(api.new_deal, "bummerl", seed=big)
    short_error(api.new_deal, "bummerl", dealer=big)
    short_error(api.new_deal, "bummerl", deck=[big] * 20)
    short_error(api.deal_of_the_day, "bummerl", big)
    short_error(api.deal_of_the_day, big, "2026-12-01")
    short_error(api.open_link, big)
    short_error(api.ai_action, {"profile": big})
    short_error(api.computer_turn, api.new_deal("bummerl", seed=1), 0, level=big)
    short_error(api.new_deal, "bummerl", **{big: 1})


# --------------------------------------------------------------------------- plain messages

@pytest.mark.parametrize("seed", [10**5000, -10**5000, 2**53, 2**64], ids=["5000 digits", "-5000 digits", "2**53", "2**64"])
def test_a_seed_of_thousands_of_digits_gets_a_clear_message(seed):
    for call in (api.new_deal, api.new_match):
        text = short_error(call, "schnapsen", seed=seed)
        assert text.startswith("seed must be an integer of at most 2**53")
    state = api.new_deal("schnapsen", seed=1)
    state["seed"] = 12345
    text = json.dumps(state).replace("12345", "1" * 5000 if abs(seed) > 2**64 else str(seed))
    assert "number" in short_error(api.from_json, text) or "seed must be" in short_error(api.from_json, text)


def test_the_largest_javascript_integer_is_a_valid_seed():
    for seed in (2**53 - 1, -(2**53 - 1)):
        state = api.new_match("bummerl", seed=seed)
        assert api.from_json(api.to_json(state)) == state


# --------------------------------------------------------------------------- fresh results

def test_no_returned_value_aliases_the_cache():
    state = api.new_match("bummerl", seed=6)
    before = copy.deepcopy(state)
    out = api.play(state, api.legal_actions(state)[0], api.to_move(state),
                   opponent={"level": "easy"})
    kept = copy.deepcopy(out)
    out["observation"]["hand"].clear()
    out["steps"][0]["observation"]["history"].append(1)
    out["state"]["deals"][0]["actions"].append("ZZ")
    assert api.play(state, api.legal_actions(state)[0], api.to_move(state),
                    opponent={"level": "easy"}) == kept
    assert state == before
    listing = api.profiles()
    listing[0]["options"].clear()
    assert api.profiles()[0]["options"]
    legal = api.legal_actions(state)
    legal.append("x")
    assert "x" not in api.legal_actions(state)
    described = api.rules("bummerl")
    described["sections"].clear()
    assert api.rules("bummerl")["sections"]


def test_changing_an_input_after_the_call_changes_nothing_cached():
    state = api.new_deal("schnapsen", seed=9)
    obs = api.observation(state, 0)
    state["deals"][0]["actions"].append(api.legal_actions(state)[0])   # the caller's copy moves on
    fresh = api.new_deal("schnapsen", seed=9)
    assert api.observation(fresh, 0) == obs


# --------------------------------------------------------------------------- ranked integrity

def test_a_seeded_state_must_hold_the_seeds_decks():
    state = api.new_match("bummerl", seed=12)
    edited = copy.deepcopy(state)
    edited["seed"] = 13
    assert "does not match the seed" in short_error(api.from_json, json.dumps(edited))
    stacked = copy.deepcopy(state)
    deck = stacked["deals"][0]["deck"]
    deck[:2] = deck[1::-1]
    assert "does not match the seed" in short_error(api.legal_actions, stacked)


def test_only_the_engines_shuffle_counts_as_shuffled():
    state = api.new_match("bummerl", seed=12)
    assert api.observation(state, 0)["shuffled"] is True
    unseeded = copy.deepcopy(state)
    unseeded["seed"] = None                    # a stacked deck is let through only like this
    deck = unseeded["deals"][0]["deck"]
    deck[:2] = deck[1::-1]
    assert api.observation(unseeded, 0)["shuffled"] is False
    out = api.computer_turn(unseeded, 0, level="easy")
    assert out["observation"]["shuffled"] is False
    assert all(step["observation"]["shuffled"] is False for step in out["steps"])
    link = api.open_link(api.share_link(state))
    assert api.observation(link, 0)["shuffled"] is False
