"""Errors as keywords (the page words them in the player's language): every error leaving the API carries a stable `code` from
messages.ERROR_CODES and short JSON `params`, besides its English message; a refused card's
code is the observation's `illegal` reason for it (AC-4)."""

import base64
import json
import random

import pytest

from kaffeehaus import api
from kaffeehaus.cards import SUITS
from kaffeehaus.messages import ERROR_CODES

PROFILES = ["schneider", "schneider-neighbour", "schnapsen", "schnapsen-strict", "bummerl"]
OPTIONS = {"schneider": {"follow_suit": True}, "bummerl": {}}
WORDS = ["exchange", "close", "claim", "next"] + [f"marry:{s}" for s in SUITS]


def error_of(call, *args, **kwargs):
    with pytest.raises(ValueError) as info:
        call(*args, **kwargs)
    exc = info.value
    assert exc.code in ERROR_CODES, exc.code
    assert isinstance(exc.params, dict)
    json.dumps(exc.params)                      # plain JSON, as the worker passes it on
    assert all(isinstance(v, (str, int, bool)) or v is None for v in exc.params.values())
    assert 0 < len(str(exc)) <= 200
    return exc


def refusals(limit_seeds=40):
    """(code, params, state, action) for actions the rules refuse in random plays."""
    found = []
    for profile in PROFILES:
        for seed in range(limit_seeds):
            rng = random.Random(seed)
            state = api.new_match(profile, options=OPTIONS.get(profile), seed=seed)
            for _ in range(30):
                legal = api.legal_actions(state)
                if not legal or legal == ["next"]:
                    break
                seat = api.to_move(state)
                obs = api.observation(state, seat)
                other = api.observation(state, 1 - seat)["hand"][:1]
                for action in obs["hand"] + other + WORDS:
                    if action in legal:
                        continue
                    exc = error_of(api.apply, state, action)
                    if action in obs["hand"]:
                        # the greyed card's reason is the refusal's keyword
                        assert obs["illegal"][action] == exc.code, (action, exc.code)
                    found.append((exc.code, exc.params, obs, action))
                state = api.apply(state, rng.choice([a for a in legal if a != "claim"] or legal))
    return found


@pytest.fixture(scope="module")
def refused():
    return refusals()


def test_every_rule_refusal_has_its_code_and_params_AC4(refused):
    codes = {code for code, *_ in refused}
    assert {"card_not_held", "not_legal_now", "deal_not_over", "marriage_card", "marriage_king",
            "must_follow_suit", "must_beat", "must_trump", "claim_on_lead", "lead_only",
            "talon_closed", "exchange_needs_jack", "close_too_late",
            "marriage_needs_pair"} <= codes, codes
    for code, params, obs, action in refused:
        trick = obs["trick"]
        if code == "card_not_held":
            assert params == {"card": action}
        elif code in ("marriage_card", "marriage_king"):          # AC-1, ST-3
            assert params == {"suit": obs["pending_marriage"]}
        elif code == "must_follow_suit":                         # SV-1, SB-1, SN-10 follow_suit
            assert params == {"suit": trick[0][1][1]} and action[1] != trick[0][1][1]
        elif code == "must_beat":                                 # SV-1
            assert params == {"card": trick[0][1]} and action[1] == trick[0][1][1]
        elif code == "must_trump":                                # SV-1, SB-1
            assert params == {"suit": obs["trump"]}
        elif code == "exchange_needs_jack":                       # SS-6
            assert params == {"card": "J" + obs["trump"]} and params["card"] not in obs["hand"]
        elif code == "close_too_late":                            # ST-2
            assert obs["profile"] == "schnapsen-strict" and params == {"stock": obs["stock_size"]}
            assert obs["stock_size"] <= 2
        elif code == "marriage_needs_pair":                       # SS-7
            suit = action[-1]
            assert params == {"suit": suit, "king": "K" + suit, "queen": "Q" + suit}
            assert not ("K" + suit in obs["hand"] and "Q" + suit in obs["hand"])
        elif code == "lead_only":
            assert trick or obs["pending_marriage"]
        elif code == "claim_on_lead":                             # SV-3
            assert trick and obs["profile"] != "bummerl"
        else:
            assert params == {}


def test_the_other_refusals():
    state = api.new_deal("schnapsen", seed=3)
    assert error_of(api.apply, state, 7).code == "not_an_action"
    seat = api.to_move(state)
    assert error_of(api.play, state, api.legal_actions(state)[0], 1 - seat).code == "not_your_turn"
    while api.deal_result(state) is None:
        state = api.apply(state, api.legal_actions(state)[0])
    assert error_of(api.apply, state, "next").code == "no_next_deal"
    assert error_of(api.apply, state, "claim").code == "deal_over"
    match = api.new_match("bummerl", seed=3, options={"target": 1})
    while api.legal_actions(match):
        match = api.apply(match, api.legal_actions(match)[0])
    assert error_of(api.apply, match, "next").code == "match_over"


def test_states_observations_and_arguments():
    state = api.new_deal("bummerl", seed=2)
    assert error_of(api.from_json, "{").code == "bad_state"
    assert error_of(api.from_json, "[" * 100).code == "bad_state"
    damaged = json.loads(json.dumps(state))
    damaged["deals"][0]["actions"] = ["claim", "claim"]
    exc = error_of(api.observation, damaged, 0)
    assert exc.code == "bad_state"
    assert exc.params == {"deal": 0, "move": 1, "reason": "deal_over"}
    assert error_of(api.to_move, {"format": 1}).code == "bad_state"
    seat = api.to_move(state)
    assert error_of(api.hint, state, 1 - seat).code == "not_your_turn"
    assert error_of(api.ai_action, 3, seat).code == "bad_state"
    assert error_of(api.new_deal, "poker").code == "bad_input"
    assert error_of(api.apply, state).code == "bad_input"            # a missing argument
    assert error_of(api.ai_action, state, seat, level="grandmaster").code == "bad_input"


def _b64(data):
    return base64.urlsafe_b64encode(bytes(data)).decode().rstrip("=")


def test_share_links():
    state = api.new_deal("schnapsen", seed=21)
    good = api.share_link(state)
    raw = base64.urlsafe_b64decode(good + "=" * (-len(good) % 4))
    seat = api.to_move(state)
    deck = api.open_link(good)["deals"][0]["deck"]
    size = raw[5]
    index = {card: raw[6 + i] for i, card in enumerate(deck[:size])}
    wrong_seat = api.observation(state, 1 - seat)["hand"][0]
    cases = {
        "": ("link_empty", {}),
        "A" * 700: ("link_too_long", {}),
        "@@": ("link_damaged", {}),
        good[:4]: ("link_truncated", {}),
        good[:20]: ("link_truncated", {}),
        _b64(bytes([9]) + raw[1:]): ("link_version", {"version": 9, "expected": 1}),
        _b64(raw[:1] + bytes([77]) + raw[2:]): ("link_unknown_game", {}),
        _b64(raw[:2] + bytes([0x80]) + raw[3:]): ("link_unknown_options", {}),
        _b64(raw + bytes([0xEE])): ("link_not_a_move", {"move": 1}),
        _b64(raw + bytes([index[wrong_seat]])): ("link_illegal_move",
                                                  {"move": 1, "reason": "card_not_held"}),
    }
    for token, (code, params) in cases.items():
        exc = error_of(api.open_link, token)
        assert (exc.code, exc.params) == (code, params), token[:30]
    bummerl = api.share_link(api.new_deal("bummerl", seed=1, options={"target": 7}))
    raw = base64.urlsafe_b64decode(bummerl + "=" * (-len(bummerl) % 4))
    assert error_of(api.open_link, _b64(raw[:3] + bytes([200]) + raw[4:])).code == "link_bad_options"


def test_every_code_is_produced_somewhere(refused):
    """ERROR_CODES lists no code the engine never gives (the tests above produce each)."""
    produced = {code for code, *_ in refused} | {
        "not_an_action", "not_your_turn", "no_next_deal", "deal_over", "match_over",
        "bad_state", "bad_input", "link_empty", "link_too_long",
        "link_damaged", "link_truncated", "link_version", "link_unknown_game",
        "link_unknown_options", "link_bad_options", "link_not_a_move", "link_illegal_move"}
    assert produced == ERROR_CODES


def test_params_are_short_json_whatever_the_input():
    exc = error_of(api.apply, api.new_deal("schnapsen", seed=1), "x" * 10_000)
    assert exc.code == "not_legal_now"
    exc = error_of(api.open_link, "x" * 10_000)
    assert all(len(v) <= 40 for v in exc.params.values() if isinstance(v, str))
