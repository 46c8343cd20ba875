"""Invariants over thousands of random legal playouts per profile and option set.

Set KAFFEEHAUS_PLAYOUTS to change the number of deals per case (default 1000).
"""

import copy
import json
import os
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from kaffeehaus import api
from helpers import CARD_POINTS   # SS-1, stated independently of the engine
from kaffeehaus.game import new_game
from kaffeehaus.states import decode
from kaffeehaus.observation import observe
from kaffeehaus.profiles import deck_of, normalise_options

from oracle import expected_result
from playouts import CASES, case_id, choose, play_some

PLAYOUTS = int(os.environ.get("KAFFEEHAUS_PLAYOUTS", "1000"))

# Thousands of playouts and hypothesis searches: the full run only (tests/conftest.py).
pytestmark = pytest.mark.slow


def all_cards(deal):
    cards = list(deal.hands[0]) + list(deal.hands[1]) + list(deal.stock)
    cards += [c for _, c in deal.trick] + deal.piles[0] + deal.piles[1]
    return cards


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_random_playouts_keep_every_invariant(case):
    profile, options = case
    full_options = normalise_options(profile, options)
    deck = sorted(deck_of(profile, full_options))
    reasons = Counter()
    for seed in range(PLAYOUTS):
        rng = random.Random(seed)
        game = new_game(profile, options, is_match=False, seed=seed, dealer=seed % 2)
        log = []
        for _ in range(200):
            deal = game.current
            if deal.result is not None:
                break
            legal = game.legal_actions()
            assert legal, "no legal action while the deal runs"
            assert sorted(all_cards(deal)) == deck          # cards conserved, no duplicates
            player = game.to_move()
            obs = observe(game, 0)
            action = choose(rng, legal, obs["points"][player])
            log.append((player, action, obs))
            game = game.apply(action)
        else:
            pytest.fail("deal did not end within 200 actions")
        deal = game.current
        final = observe(game, 0)
        assert sorted(all_cards(deal)) == deck
        assert game.legal_actions() == [] and game.to_move() is None
        if deal.game == "schnapsen":
            # SS-1: 120 card points whatever happens (the 7s are worth 0 with `sevens`)
            in_stock = sum(CARD_POINTS[c[0]] for c in deal.stock)
            if log[-1][1] != "claim":
                assert not deal.hands[0] and not deal.hands[1]
                assert sum(final["card_points"]) + in_stock == 120
                if not final["closed"]:
                    assert sum(final["card_points"]) == 120 and in_stock == 0
        else:
            assert sum(final["points"]) == (16 if full_options.get("deck") == 24 else 20)   # SN-2
        expected = expected_result(profile, full_options, log, final)
        result = deal.result
        assert (result["winner"], result["game_points"], result["reason"]) == expected, (seed, log[-1][:2])
        reasons[result["reason"]] += 1
    # the biased playouts must actually reach the endings they are meant to check
    if profile.startswith("schneider"):
        assert reasons["honours"] > 0
    else:
        assert reasons["claim"] > 0 and reasons["false_claim"] + reasons["closed_failed"] > 0


positions = st.tuples(st.sampled_from(CASES), st.integers(0, 10**6), st.integers(0, 40))
FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(positions)
def test_apply_never_mutates_its_input(position):
    (profile, options), seed, steps = position
    state = play_some(profile, options, seed, steps)
    before = copy.deepcopy(state)
    for action in api.legal_actions(state):
        api.apply(state, action)
        assert state == before
    for bad in ("ZZ", "marry:X", "", "next", "claim "):
        if bad not in api.legal_actions(state):
            with pytest.raises(api.IllegalAction):
                api.apply(state, bad)
            assert state == before


@FAST
@given(positions)
def test_json_round_trip_is_exact(position):
    (profile, options), seed, steps = position
    state = play_some(profile, options, seed, steps)
    text = api.to_json(state)
    assert api.from_json(text) == state
    assert api.to_json(api.from_json(text)) == text
    assert json.loads(text) == state


def hidden_swaps(state, player, rng, tries=20):
    """Decks that differ from `state`'s only in the cards `player` cannot see (the opponent's
    unknown hand cards and the face-down stock), and replay to a legal state."""
    record = state["deals"][-1]
    obs = api.observation(state, player)
    game_deal = decode(state).current
    opponent = 1 - player
    visible_indicator = obs["trump_card"]
    hidden = [c for c in game_deal.hands[opponent] if c not in obs["known_opponent_cards"]]
    hidden += [c for c in game_deal.stock if c != visible_indicator]
    found = []
    for _ in range(tries):
        shuffled = hidden[:]
        rng.shuffle(shuffled)
        if shuffled == hidden:
            continue
        mapping = dict(zip(hidden, shuffled))
        deck = [mapping.get(c, c) for c in record["deck"]]
        try:
            other = api.new_deal(state["profile"], options=state["options"], deck=deck,
                                 dealer=record["dealer"])
            for action in record["actions"]:
                other = api.apply(other, action)
        except api.IllegalAction:
            continue     # the swap would have made an earlier move illegal: not consistent
        found.append(other)
    return found


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions, st.sampled_from([0, 1]))
def test_observation_ignores_what_the_seat_cannot_see(position, player):
    """OB-1..OB-3: the observation is the same whatever the opponent's hidden cards and the
    stock order are."""
    (profile, options), seed, steps = position
    state = play_some(profile, options, seed, steps)
    reference = api.observation(state, player)
    assert reference["shuffled"] is True
    rng = random.Random(seed)
    for other in hidden_swaps(state, player, rng):
        # the swapped deals are hand-made decks: only their provenance differs (`shuffled`)
        seen = api.observation(other, player)
        assert seen["shuffled"] is False
        # once the deal is over the opponent's remaining cards are shown (opponent_hand)
        assert {**seen, "shuffled": True, "opponent_hand": reference["opponent_hand"]} == reference
        assert (seen["opponent_hand"] is None) == (reference["result"] is None)


def test_observation_never_shows_hidden_cards():
    state = play_some("bummerl", {}, 7, 3)
    deal = decode(state).current
    obs = api.observation(state, 0)
    text = json.dumps(obs)
    for card in deal.hands[1]:
        if card not in obs["known_opponent_cards"]:
            assert f'"{card}"' not in text
    for card in deal.stock[:-1]:
        assert f'"{card}"' not in text
