"""Every public function of kaffeehaus.api, called with garbage or with a valid value damaged
in one place, raises nothing but ValueError (or a subclass) with a message of at most 200
characters (bad input never corrupts a game). Bounded to a few seconds; bench/fuzz.py runs 100,000 calls."""

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from kaffeehaus import api

PROFILES = ["schneider", "schneider-neighbour", "schnapsen", "schnapsen-strict", "bummerl"]
FAST_LEVELS = ["random", "easy", "medium", "hard"]


def _states():
    out = []
    for i, profile in enumerate(PROFILES):
        state = api.new_match(profile, seed=i)
        for n in range(9):
            out.append(state)
            state = api.apply(state, api.legal_actions(state)[(n * 7) % len(api.legal_actions(state))])
    out.append(api.new_deal("bummerl", options={"sevens": True, "mit40": True}, seed=3))
    out.append(api.new_deal("schneider", options={"trump": True, "deck": 24}, seed=3))
    return out


STATES = _states()
TOKENS = [api.share_link(s) for s in STATES[::5]]

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(-2**70, 2**70), st.floats(),
    st.text(max_size=30), st.sampled_from(["", "QH", "AS", "claim", "next", "marry:H", "close",
                                          "exchange", "bummerl", "schnapsen", "expert", "x" * 5000,
                                          "2026-12-01", "0", "1", "[]", "{}", "é"]),
    st.sampled_from([10**4000, -1, 0, 1, 2, 2**53, float("nan"), float("inf")]))
garbage = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=6), st.dictionaries(st.text(max_size=12), inner, max_size=6)),
    max_leaves=20)


@st.composite
def damaged(draw, values):
    """A valid value with one place replaced, deleted or duplicated."""
    value = copy.deepcopy(draw(st.sampled_from(values)))
    node = value
    for _ in range(draw(st.integers(0, 4))):
        if isinstance(node, dict) and node:
            key = draw(st.sampled_from(sorted(node, key=str)))
            if not isinstance(node[key], (dict, list)) or draw(st.booleans()):
                break
            node = node[key]
        elif isinstance(node, list) and node:
            i = draw(st.integers(0, len(node) - 1))
            if not isinstance(node[i], (dict, list)) or draw(st.booleans()):
                break
            node = node[i]
    how = draw(st.sampled_from(["replace", "delete", "duplicate", "nudge"]))
    if isinstance(node, dict) and node:
        key = draw(st.sampled_from(sorted(node, key=str)))
        if how == "delete":
            del node[key]
        elif how == "nudge" and type(node[key]) is int:
            node[key] += draw(st.sampled_from([-1, 1, 2, -40, 1000]))
        else:
            node[key] = draw(garbage)
    elif isinstance(node, list) and node:
        i = draw(st.integers(0, len(node) - 1))
        if how == "delete":
            del node[i]
        elif how == "duplicate":
            node.append(copy.deepcopy(node[i]))
        elif how == "nudge" and type(node[i]) is int:
            node[i] += draw(st.sampled_from([-1, 1, 2]))
        else:
            node[i] = draw(garbage)
    return value


states = st.one_of(st.sampled_from(STATES), damaged(STATES), garbage)
texts = st.one_of(st.sampled_from([json.dumps(s) for s in STATES[:5]]).map(
    lambda t: t), st.text(max_size=200), st.sampled_from(["[" * 100000, "{\"a\":" * 5000, "1e999999",
                                                        "[1" + ",1" * 1000 + "]"]), garbage)
tokens = st.one_of(st.sampled_from(TOKENS), st.text(max_size=100), garbage,
                   st.sampled_from(TOKENS).flatmap(lambda t: st.integers(0, len(t) - 1).map(
                       lambda i: t[:i] + "A" + t[i + 1:])))
profiles = st.one_of(st.sampled_from(PROFILES), garbage)
options = st.one_of(st.none(), st.just({}), st.sampled_from([{"sevens": True}, {"deck": 24},
                                                            {"target": 10}]), garbage)
seats = st.one_of(st.sampled_from([0, 1]), garbage)
actions = st.one_of(st.sampled_from(["QH", "AS", "claim", "next", "close", "exchange", "marry:S",
                                     "TC", "7D"]), garbage)
ai_levels = st.one_of(st.sampled_from(FAST_LEVELS), garbage)
budgets = st.one_of(st.none(), st.sampled_from([1, 50, 0, -5, 10**9]), garbage)
ai_seeds = st.one_of(st.integers(0, 1000), garbage)

CALLS = {
    "profiles": st.tuples(st.just(()), st.just({})),
    "rules": st.tuples(st.tuples(profiles), st.fixed_dictionaries({}, optional={"options": options})),
    "new_deal": st.tuples(st.tuples(profiles), st.fixed_dictionaries({}, optional={
        "options": options, "deck": garbage, "dealer": seats, "seed": garbage})),
    "new_match": st.tuples(st.tuples(profiles), st.fixed_dictionaries({}, optional={
        "options": options, "seed": garbage, "first_dealer": seats})),
    "to_move": st.tuples(st.tuples(states), st.just({})),
    "legal_actions": st.tuples(st.tuples(states), st.just({})),
    "apply": st.tuples(st.tuples(states, actions), st.just({})),
    "observation": st.tuples(st.tuples(states, seats), st.just({})),
    "deal_result": st.tuples(st.tuples(states), st.just({})),
    "match_status": st.tuples(st.tuples(states), st.just({})),
    "to_json": st.tuples(st.tuples(states), st.just({})),
    "from_json": st.tuples(st.tuples(texts), st.just({})),
    "ai_action": st.tuples(st.tuples(states, seats), st.fixed_dictionaries(
        {"level": ai_levels}, optional={"seed": ai_seeds, "budget_ms": budgets})),
    "hint": st.tuples(st.tuples(states, seats), st.just({})),
    "share_link": st.tuples(st.tuples(states), st.fixed_dictionaries(
        {}, optional={"with_actions": st.one_of(st.booleans(), garbage)})),
    "open_link": st.tuples(st.tuples(tokens), st.just({})),
    "deal_of_the_day": st.tuples(st.tuples(profiles, st.one_of(st.sampled_from(
        ["2026-12-01", "2026-02-30"]), garbage)), st.fixed_dictionaries({}, optional={"options": options})),
    "play": st.tuples(st.tuples(states, actions, seats), st.fixed_dictionaries({}, optional={
        "opponent": st.one_of(st.none(), st.fixed_dictionaries({"level": ai_levels}, optional={
            "seed": ai_seeds, "budget_ms": budgets}), garbage)})),
    "computer_turn": st.tuples(st.tuples(states, seats), st.fixed_dictionaries(
        {"level": ai_levels}, optional={"seed": ai_seeds, "budget_ms": budgets})),
}
# The duel (docs/PROTOCOL.md): a party of each seat (seat 0 of duel_new is only reached
# through garbage seats), and its messages.
from kaffeehaus.duel import Party  # noqa: E402
_INVITER, _INVITATION = Party.new("schnapsen", None, 0)
PARTIES = [_INVITER.as_json(), Party.new("schnapsen", None, 1)[0].as_json()]
MESSAGES = _INVITATION + [{"game": "x", "seq": 0, "prev": "", "from": 0, "body": {}}]
parties = st.one_of(st.sampled_from(PARTIES), damaged(PARTIES), garbage)
duel_messages = st.one_of(st.sampled_from(MESSAGES), damaged(MESSAGES), tokens, garbage)
CALLS.update({
    "duel_new": st.tuples(st.tuples(profiles), st.fixed_dictionaries({}, optional={
        "options": options, "seat": st.one_of(st.just(1), garbage), "match": garbage})),
    "duel_join": st.tuples(st.tuples(duel_messages), st.just({})),
    "duel_receive": st.tuples(st.tuples(parties, duel_messages), st.just({})),
    "duel_act": st.tuples(st.tuples(parties, actions), st.just({})),
    "duel_observation": st.tuples(st.tuples(parties), st.just({})),
    "duel_stop": st.tuples(st.tuples(parties, st.one_of(st.sampled_from(["me", "friend"]),
                                                        garbage)), st.just({})),
})
FUNCTIONS = [name for name in api.__all__ + api.PYTHON_ONLY if name != "IllegalAction"]


def test_the_fuzz_covers_every_public_function():
    assert sorted(CALLS) == sorted(FUNCTIONS)


def call_and_check(name, args, kwargs, extra):
    if extra:
        kwargs = {**kwargs, **extra}
    try:
        getattr(api, name)(*args, **kwargs)
    except ValueError as exc:
        assert len(str(exc)) <= 200, (name, str(exc)[:300])
        assert str(exc), name


@pytest.mark.slow  # hypothesis: 60 fuzzed calls of every public function
@pytest.mark.parametrize("name", FUNCTIONS)
@settings(max_examples=60, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_only_short_valueerrors_escape(name, data):
    args, kwargs = data.draw(CALLS[name])
    extra = data.draw(st.one_of(st.just({}), st.just({}), st.dictionaries(
        st.sampled_from(["bogus", "level", "state", "x" * 300]), garbage, max_size=1)))
    call_and_check(name, args, kwargs, extra)


@pytest.mark.parametrize("name", FUNCTIONS)
def test_missing_and_extra_positional_arguments_are_valueerrors(name):
    calls = [(None,) * 6] + ([()] if name != "profiles" else [])
    for args in calls:
        with pytest.raises(ValueError) as info:
            getattr(api, name)(*args)
        assert len(str(info.value)) <= 200
