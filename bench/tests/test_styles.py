"""The benches' rule-based styles (bench/styles.py) and `BenchConfig`'s rollout styles
(bench/ai_variants.py): the shipped player's constants changed for one call at a time, never
for the shipped AI. `TAKER` takes where the shipped player throws (SS-3); `PLAIN` is the
Schneider play without the neighbour rule's own play (SN-11)."""

import pytest

from kaffeehaus import api
from kaffeehaus import states
from kaffeehaus.ai import heuristic, levels, pimc

import ai_variants
import styles
from benchhelpers import random_states

SHIPPED = {name: getattr(heuristic, name) for name in styles.CONSTANTS.values()}


# --- Schnapsen: TAKER -----------------------------------------------------------------------

def phase1_answers_to_side_cards(count):
    """(observation, deal) of a seat answering a led side card (not a trump) with the talon
    open; the deal (the engine's) says which answers win the trick."""
    found = []
    deal_no = 0
    while len(found) < count and deal_no < 300:
        state = api.new_deal("schnapsen", seed=f"style/{deal_no}", dealer=deal_no % 2)
        deal_no += 1
        while api.to_move(state) is not None:
            obs = api.observation(state, api.to_move(state))
            if obs["trick"] and obs["phase"] == 1 and obs["trick"][0][1][1] != obs["trump"]:
                found.append((obs, states.decode(state).current))
            state = api.apply(state, levels.heuristic_action(obs))
    return found


def beats_lead(deal, obs, card):
    """Whether `card` wins the trick led on the table (SS-3), as the engine's deal says."""
    return deal.beats(card, obs["trick"][0][1])


def test_SS_3_the_taker_takes_every_led_side_card_it_can():
    changed = 0
    for obs, deal in phase1_answers_to_side_cards(150):
        winners = [c for c in obs["legal_actions"] if len(c) == 2 and beats_lead(deal, obs, c)]
        base = levels.heuristic_action(obs)
        taker = styles.action(obs, ai_variants.TAKER)
        assert taker in obs["legal_actions"]
        if winners:
            assert taker in winners, (obs["trick"], obs["hand"], taker)
        if base != taker:
            assert not beats_lead(deal, obs, base) and taker in winners
            changed += 1
    assert changed >= 10


def test_a_style_of_the_shipped_constants_plays_as_shipped_and_leaves_them_so():
    """Every constant set (to its shipped value) goes through the style's patching: the
    choices are the shipped player's, and afterwards `heuristic` is as it was."""
    same = styles.Style(**{key: SHIPPED[name] for key, name in styles.CONSTANTS.items()})
    choose = heuristic.choose
    for profile in ("schnapsen", "bummerl", "schneider", "schneider-neighbour"):
        for _, obs in random_states(profile, {}, "style-same", 120):
            if obs["legal_actions"] != ["next"]:
                assert styles.action(obs, same) == levels.heuristic_action(obs)
    assert heuristic.choose is choose
    assert {name: getattr(heuristic, name) for name in SHIPPED} == SHIPPED


def test_unknown_constants_are_refused():
    with pytest.raises(TypeError, match="cover"):
        styles.Style(cover=0.6)


def test_rollouts_play_each_seats_style(monkeypatch):
    """`BenchConfig(style=, opponent_style=)`: inside its `searching` block the rollouts of
    the deciding seat play `style` and its opponent's `opponent_style` (seen here by a
    constant `TAKER` changes, `THROW_HALF`); outside it the expert plays the shipped constants
    for both, and the block leaves them as it found them."""
    seen = []
    choose = heuristic.choose
    shipped = heuristic.THROW_HALF
    taker = ai_variants.TAKER.params["throw_half"]
    assert taker != shipped

    def recording(pos, p, unseen):
        seen.append((p, heuristic.THROW_HALF))
        return choose(pos, p, unseen)
    monkeypatch.setattr(heuristic, "choose", recording)
    checked = 0
    for deal_no in range(6):
        state = api.new_deal("schnapsen", seed=f"rollout-style/{deal_no}", dealer=deal_no % 2)
        obs = api.observation(state, api.to_move(state))
        if levels.forced_action(obs) is not None:
            continue
        me = obs["player"]
        for mine, theirs in ((ai_variants.TAKER, styles.BASE), (styles.BASE, ai_variants.TAKER)):
            del seen[:]
            config = ai_variants.BenchConfig(**dict(levels.EXPERT, samples=4, style=mine,
                                                    opponent_style=theirs))
            with config.searching(me):
                pimc.evaluate(obs, config, seed=1)
            want = {ai_variants.TAKER: taker, styles.BASE: shipped}
            assert {half for p, half in seen if p == me} == {want[mine]}
            assert {half for p, half in seen if p != me} == {want[theirs]}
            assert heuristic.choose is recording and heuristic.THROW_HALF == shipped
        del seen[:]
        levels.choose(obs, "expert", seed=1, iterations=4)
        assert {half for _, half in seen} == {shipped}
        checked += 1
    assert checked >= 3


# --- schneider-neighbour: PLAIN --------------------------------------------------------------

def mixed_play(obs, rng):
    """Deals played partly at random, partly by the rule-based player, for varied positions."""
    return rng.choice(obs["legal_actions"]) if rng.random() < 0.4 else levels.heuristic_action(obs)


def test_SN_11_the_neighbour_play_differs_from_the_plain_schneider_play():
    """`PLAIN` is the Schneider play without the neighbour play: it plays legal actions, and
    the two players must choose differently somewhere, or the neighbour rule had no play of
    its own."""
    differ = 0
    for _, obs in random_states("schneider-neighbour", {}, "nb-differ", 300, policy=mixed_play):
        if levels.forced_action(obs) is not None:
            continue
        plain = styles.action(obs, ai_variants.PLAIN)
        assert plain in obs["legal_actions"]
        differ += levels.heuristic_action(obs) != plain
    assert differ >= 20


def test_SN_11_rollouts_of_the_plain_play_use_none_of_the_neighbour_play(monkeypatch):
    calls = []
    neighbour = heuristic._neighbour

    def recording(pos, p, unseen):
        calls.append(p)
        return neighbour(pos, p, unseen)
    monkeypatch.setattr(heuristic, "_neighbour", recording)
    state = api.new_deal("schneider-neighbour", seed="nb-rollout")
    obs = api.observation(state, api.to_move(state))
    config = ai_variants.BenchConfig(**dict(levels.EXPERT, samples=3, style=ai_variants.PLAIN))
    with config.searching(obs["player"]):
        pimc.evaluate(obs, config, seed=1)
    assert calls == []
    pimc.evaluate(obs, config, seed=1)          # outside the block: the shipped play again
    assert set(calls) == {0, 1}


def test_a_sampled_search_samples_only_inside_its_block(monkeypatch):
    """`BenchConfig(enumerate=False)`: where the production search values every layout (few
    are left), inside the block it samples instead; outside, it enumerates as shipped."""
    from kaffeehaus.ai.determinize import Info
    layouts = Info.layouts
    config = ai_variants.BenchConfig(**dict(levels.EXPERT, enumerate=False))
    shipped = pimc.Config(**levels.EXPERT)
    checked = 0
    for n in range(10):
        for _, obs in random_states("schnapsen", {}, f"sampled/{n}", 40, policy=lambda o, r:
                                    "next" if o["legal_actions"] == ["next"]
                                    else levels.rule_based(o)):
            # a talon of 2: at most 6 layouts left, fewer than the 24 samples
            if obs["stock_size"] == 2 and not obs["closed"] and levels.forced_action(obs) is None:
                _, every = pimc.evaluate(obs, shipped, seed=1)
                with config.searching(obs["player"]):
                    _, sampled = pimc.evaluate(obs, config, seed=1)
                assert Info.layouts is layouts
                assert every <= 6 < sampled
                checked += 1
                break
        if checked == 2:
            break
    assert checked == 2
