"""The rule-based player's Schnapsen constants (heuristic.py) as shipped: which led side
cards it takes and which it lets go (SS-3). The benches' other constants (bench/styles.py)
are tested in bench/tests/."""

from kaffeehaus import api
from kaffeehaus import states
from kaffeehaus.ai import levels


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
