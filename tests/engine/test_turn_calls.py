"""`play` and `computer_turn` (docs/API.md): one call per turn, the same as `apply` +
`observation` + `ai_action`, and the computer still sees only its own seat's observation.

(About 300 lines, one module: `play` and `computer_turn` are each compared with the same sequence
of single calls, on deals of every profile.)
"""

import json
import random

import pytest

import kaffeehaus.ai
from kaffeehaus import api
from kaffeehaus import states as _states

PROFILES = ["schneider", "schneider-neighbour", "schnapsen", "schnapsen-strict", "bummerl"]
LEVELS = ["easy", "hard"]


def positions(profile, count, seed):
    """States of `profile` part-way through matches, reached by random legal play."""
    rng = random.Random(f"turns:{profile}:{seed}")
    out = []
    for n in range(count):
        state = api.new_match(profile, seed=f"turns/{seed}/{n}")
        for _ in range(rng.randrange(0, 30)):
            legal = api.legal_actions(state)
            if not legal:
                break
            state = api.apply(state, rng.choice([a for a in legal if a != "claim"] or legal))
        out.append(state)
    return out


def replay_steps(state, steps):
    """The states after each step, through `apply`."""
    states = []
    for step in steps:
        state = api.apply(state, step["action"])
        states.append(state)
    return states


@pytest.mark.parametrize("profile", PROFILES)
def test_play_without_opponent_is_apply_then_observation(profile):
    for state in positions(profile, 6, 1):
        seat = api.to_move(state)
        if seat is None:
            continue
        for action in api.legal_actions(state):
            out = api.play(state, action, seat)
            after = api.apply(state, action)
            assert out["state"] == after
            assert out["observation"] == api.observation(after, seat)
            assert out["next_seed"] is None
            assert len(out["steps"]) == 1
            step = out["steps"][0]
            assert (step["seat"], step["action"]) == (seat, action)
            assert step["observation"] == out["observation"]


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("level", LEVELS)
def test_computer_turn_first_step_is_ai_action_on_the_opponents_observation(profile, level):
    checked = 0
    for n, state in enumerate(positions(profile, 12, 2)):
        for seat in (0, 1):
            seed = 100 + n
            out = api.computer_turn(state, seat, level=level, seed=seed)
            if api.to_move(state) != 1 - seat:
                assert out["steps"] == [] and out["next_seed"] == seed
                assert out["state"] == state
                assert out["observation"] == api.observation(state, seat)
                continue
            expected = api.ai_action(state, 1 - seat, level=level, seed=seed)
            assert out["steps"][0]["action"] == expected
            assert out["steps"][0]["seat"] == 1 - seat
            checked += 1
    assert checked >= 6


@pytest.mark.parametrize("profile", PROFILES)
def test_every_computer_step_is_ai_action_with_the_next_seed(profile):
    for state in positions(profile, 5, 3):
        seat = api.to_move(state)
        if seat is None:
            continue
        action = api.legal_actions(state)[0]
        out = api.play(state, action, seat, opponent={"level": "easy", "seed": 40})
        states = [state] + replay_steps(state, out["steps"])
        assert states[-1] == out["state"]
        seed = 40
        for before, after, step in zip(states, states[1:], out["steps"]):
            assert step["observation"] == api.observation(after, seat)
            if step["seat"] == 1 - seat:
                assert step["action"] == api.ai_action(before, 1 - seat, level="easy", seed=seed)
                seed += 1
        assert out["next_seed"] == seed
        # the computer stopped because it is not to move any more
        assert api.to_move(out["state"]) != 1 - seat


def test_the_ai_is_given_the_computers_observation_only(monkeypatch):
    seen = []
    real = kaffeehaus.ai.choose_action

    def recording(observation, **kwargs):
        seen.append(json.loads(json.dumps(observation)))
        return real(observation, **kwargs)

    monkeypatch.setattr(kaffeehaus.ai, "choose_action", recording)
    for profile in PROFILES:
        state = api.new_match(profile, seed=f"spy/{profile}")
        seat = 0
        for _ in range(40):
            if api.to_move(state) == 1 - seat:
                before = len(seen)
                out = api.computer_turn(state, seat, level="easy", seed=1)
            else:
                legal = api.legal_actions(state)
                if not legal:
                    break
                before = len(seen)
                out = api.play(state, legal[0], seat, opponent={"level": "easy", "seed": 1})
            states = [state] + replay_steps(state, out["steps"])
            asked = [s for s, step in zip(states, out["steps"]) if step["seat"] == 1 - seat
                     and not (step["action"] == "next")]
            assert len(seen) - before == len(asked)
            for observation, at in zip(seen[before:], asked):
                assert observation == api.observation(at, 1 - seat)
                assert observation["player"] == 1 - seat
                hidden = _states.decode(at).current.hands[seat]
                text = json.dumps(observation["hand"])
                assert not any(card in text for card in hidden)
            state = out["state"]
    assert seen


def trick_views(profile, seed):
    """(observation before, step) for each step of a played deal that completed a trick."""
    state = api.new_deal(profile, seed=seed)
    seat = 0
    out = api.computer_turn(state, seat, level="easy", seed=0)
    found = []
    prev_obs = api.observation(state, seat)
    for step in out["steps"]:
        found.append((prev_obs, step))
        prev_obs = step["observation"]
    state = out["state"]
    while api.to_move(state) == seat:
        legal = [a for a in api.legal_actions(state) if len(a) == 2]
        out = api.play(state, legal[0], seat, opponent={"level": "easy", "seed": 0})
        for step in out["steps"]:
            found.append((prev_obs, step))
            prev_obs = step["observation"]
        state = out["state"]
    return found


@pytest.mark.parametrize("profile", PROFILES)
def test_trick_view_shows_both_cards_before_collecting_and_drawing(profile):
    views = 0
    for prev, step in trick_views(profile, 6):
        view, after = step["trick_view"], step["observation"]
        completes = len(after["history"]) == len(prev["history"]) + 1
        assert (view is not None) == completes
        if not completes:
            continue
        views += 1
        card = step["action"]
        assert view["trick"] == after["history"][-1]["cards"] == prev["trick"] + [[step["seat"], card]]
        assert view["history"] == prev["history"]
        assert view["stock_size"] == prev["stock_size"]
        assert view["points"] == prev["points"]
        assert view["tricks_won"] == prev["tricks_won"]
        assert view["to_move"] is None and view["legal_actions"] == [] and view["result"] is None
        assert set(view["illegal"]) == set(view["hand"])
        if step["seat"] == prev["player"]:
            assert view["hand"] == [c for c in prev["hand"] if c != card]
            assert view["opponent_hand_size"] == prev["opponent_hand_size"]
        else:
            assert view["hand"] == prev["hand"]
            assert view["opponent_hand_size"] == prev["opponent_hand_size"] - 1
        assert card not in view["known_opponent_cards"]
    assert views >= 5


def test_play_refuses_an_action_for_the_seat_not_to_move():
    state = api.new_deal("schnapsen", seed=3, dealer=0)       # forehand (seat 1) leads
    other_hand = api.observation(state, 0)["hand"]
    with pytest.raises(api.IllegalAction, match="not seat 0's turn"):
        api.play(state, api.legal_actions(state)[0], 0)
    with pytest.raises(api.IllegalAction):
        api.play(state, other_hand[0], 1)
    with pytest.raises(api.IllegalAction):
        api.play(state, "QQ", 1)


def test_either_seat_may_start_the_next_deal_and_the_computer_then_moves():
    state = api.apply(api.new_match("bummerl", seed=2), "claim")
    for seat in (0, 1):
        out = api.play(state, "next", seat, opponent={"level": "easy", "seed": 7})
        assert out["steps"][0] == {"seat": seat, "action": "next", "trick_view": None,
                                   "observation": out["steps"][0]["observation"]}
        nxt = api.apply(state, "next")
        assert out["steps"][0]["observation"] == api.observation(nxt, seat)
        computer_moves = len(out["steps"]) - 1
        assert (computer_moves > 0) == (api.to_move(nxt) == 1 - seat)
        assert out["next_seed"] == 7 + computer_moves


def test_the_computer_stops_when_the_deal_is_over():
    state = api.new_deal("bummerl", seed=5)
    seat = 1 - api.to_move(state)
    out = api.computer_turn(state, seat, level="random", seed=3)
    assert out["steps"]
    while api.to_move(out["state"]) is not None:
        legal = api.legal_actions(out["state"])
        out = api.play(out["state"], legal[-1], seat, opponent={"level": "random", "seed": 3})
    assert out["observation"]["result"] is not None
    assert api.computer_turn(out["state"], seat, level="random")["steps"] == []


@pytest.mark.parametrize("kwargs", [
    {"level": "grandmaster"}, {"level": None}, {"level": 3}, {"seed": "1"}, {"seed": 1.5},
    {"seed": True}, {"seed": 10**4000}, {"seed": 2**60}, {"budget_ms": -1}, {"budget_ms": "9"},
    {"budget_ms": float("nan")}, {"budget_ms": float("inf")}, {"budget_ms": True},
])
def test_turn_calls_validate_the_computers_settings(kwargs):
    state = api.new_deal("schnapsen", seed=1)
    with pytest.raises(ValueError) as info:
        api.computer_turn(state, 0, **kwargs)
    assert len(str(info.value)) <= 200
    seat = api.to_move(state)
    with pytest.raises(ValueError):
        api.play(state, api.legal_actions(state)[0], seat, opponent=kwargs)


@pytest.mark.parametrize("opponent", ["expert", [], {"level": "hard", "depth": 3}, 5])
def test_play_validates_the_opponent(opponent):
    state = api.new_deal("schnapsen", seed=1)
    with pytest.raises(ValueError):
        api.play(state, api.legal_actions(state)[0], api.to_move(state), opponent=opponent)


@pytest.mark.parametrize("seat", [2, -1, None, "0", True])
def test_turn_calls_validate_the_seat(seat):
    state = api.new_deal("schnapsen", seed=1)
    with pytest.raises(ValueError):
        api.computer_turn(state, seat)
    with pytest.raises(ValueError):
        api.play(state, api.legal_actions(state)[0], seat)


@pytest.mark.parametrize("profile", PROFILES)
def test_on_step_reports_each_step_before_the_computer_thinks_again(profile, monkeypatch):
    """The worker streams steps (docs/API.md): each one is reported as soon as it is applied,
    so the page can draw a finished trick while the computer chooses its lead."""
    reported = []
    asked_after = []          # how many steps had been reported when the AI was asked
    real = kaffeehaus.ai.choose_action

    def recording(observation, **kwargs):
        asked_after.append(len(reported))
        return real(observation, **kwargs)

    monkeypatch.setattr(kaffeehaus.ai, "choose_action", recording)
    several = 0
    for state in positions(profile, 8, 3):
        seat = api.to_move(state)
        if seat is None:
            continue
        for action in api.legal_actions(state)[:3]:
            reported.clear()
            asked_after.clear()
            out = api.play(state, action, seat, opponent={"level": "easy", "seed": 2},
                           on_step=reported.append)
            assert json.dumps(reported) == json.dumps(out["steps"])
            # each decision of the computer comes once every step before it was reported
            computer_steps = [i for i, step in enumerate(out["steps"]) if step["seat"] != seat]
            assert asked_after == computer_steps
            several += len(out["steps"]) > 2
    assert several, "some turn had the computer answer and lead"
    reported.clear()
    state = api.new_match(profile, seed="stream/turn")
    out = api.computer_turn(state, 1 - api.to_move(state), level="easy", on_step=reported.append)
    assert reported == out["steps"]


@pytest.mark.parametrize("on_step", ["print", 5, {"f": 1}, [print]])
def test_on_step_must_be_a_function(on_step):
    """JSON cannot carry a function: whatever the page sends as on_step is refused."""
    state = api.new_deal("schnapsen", seed=1)
    with pytest.raises(ValueError):
        api.play(state, api.legal_actions(state)[0], api.to_move(state), on_step=on_step)
    with pytest.raises(ValueError):
        api.computer_turn(state, 0, on_step=on_step)
