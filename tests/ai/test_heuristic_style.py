"""The rule-based player's Schnapsen constants (heuristic.py): the shipped player and the
bench-only `TAKER` (bench/ai_variants.py, a style of bench/styles.py) differ where the bench
measured them to (bench/RESULTS.md)."""

import pytest

from kaffeehaus import api
from kaffeehaus import states
from kaffeehaus.ai import heuristic, levels

from aihelpers import bench_variants

# Tests of benchmark-only code (bench/ai_variants.py) run on CPython only: bench/ is not part
# of the engine and not mounted in the Pyodide run (tests/pyodide).

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


@pytest.mark.no_pyodide            # bench code (above)
def test_SS_3_the_taker_takes_every_led_side_card_it_can():
    bench = bench_variants()
    changed = 0
    for obs, deal in phase1_answers_to_side_cards(150):
        winners = [c for c in obs["legal_actions"] if len(c) == 2 and beats_lead(deal, obs, c)]
        base = levels.heuristic_action(obs)
        taker = bench.styles.action(obs, bench.TAKER)
        assert taker in obs["legal_actions"]
        if winners:
            assert taker in winners, (obs["trick"], obs["hand"], taker)
        if base != taker:
            assert not beats_lead(deal, obs, base) and taker in winners
            changed += 1
    assert changed >= 10


def test_SS_3_the_shipped_player_keeps_its_constants():
    """The shipped constants are those of the `easy`, `medium` and `hard` levels:
    it lets a led jack, queen or king go when it has no cheap card of the suit to take it
    with (it only takes a led ace or ten, or takes cheaply with an ace or ten of the suit)."""
    let_go = 0
    for obs, deal in phase1_answers_to_side_cards(150):
        lead = obs["trick"][0][1]
        action = levels.heuristic_action(obs)
        if lead[0] in "JQK" and not beats_lead(deal, obs, action):
            let_go += 1
        cards = [c for c in obs["legal_actions"] if len(c) == 2]
        if lead[0] in "AT" and any(beats_lead(deal, obs, c) for c in cards):
            assert beats_lead(deal, obs, action)
    assert let_go >= 10


@pytest.mark.no_pyodide            # bench code (above)
def test_rollouts_play_each_seats_style(monkeypatch):
    """`BenchConfig(style=, opponent_style=)` (bench/ai_variants.py): inside its `searching`
    block the rollouts of the deciding seat play `style` and its opponent's `opponent_style`
    (seen here by a constant `TAKER` changes, `THROW_HALF`); outside it the expert plays the
    shipped constants for both, and the block leaves them as it found them."""
    from kaffeehaus.ai import pimc
    bench = bench_variants()
    seen = []
    choose = heuristic.choose
    shipped = heuristic.THROW_HALF
    taker = bench.TAKER.params["throw_half"]
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
        for mine, theirs in ((bench.TAKER, bench.styles.BASE), (bench.styles.BASE, bench.TAKER)):
            del seen[:]
            config = bench.BenchConfig(**dict(levels.EXPERT, samples=4, style=mine,
                                              opponent_style=theirs))
            with config.searching(me):
                pimc.evaluate(obs, config, seed=1)
            want = {bench.TAKER: taker, bench.styles.BASE: shipped}
            assert {half for p, half in seen if p == me} == {want[mine]}
            assert {half for p, half in seen if p != me} == {want[theirs]}
            assert heuristic.choose is recording and heuristic.THROW_HALF == shipped
        del seen[:]
        levels.choose(obs, "expert", seed=1, iterations=4)
        assert {half for _, half in seen} == {shipped}
        checked += 1
    assert checked >= 3
