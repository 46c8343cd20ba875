"""Soft inference in `determinize`: layouts where the opponent passed up a marriage or the
trump-jack exchange (Schnapsen), or the only card that wins a lead (`schneider-neighbour`,
SN-11), are sampled less often (never excluded), from the observation alone."""

import random

from aihelpers import random_states
from kaffeehaus import api
from kaffeehaus import game as _game
from kaffeehaus.ai import choose_action, model
from kaffeehaus.ai.determinize import INFER, Inference, Info


def _opp_led_without_marriage(profile, count):
    """Observations of the seat answering a lead the opponent made without announcing, where
    the K and Q of some suit are both hidden from the seat."""
    found = []
    deal_no = 0
    while len(found) < count and deal_no < 200:
        state = api.new_deal(profile, seed=f"infer/{deal_no}", dealer=deal_no % 2)
        deal_no += 1
        while api.to_move(state) is not None:
            p = api.to_move(state)
            obs = api.observation(state, p)
            before = obs["actions"][-2][1] if len(obs["actions"]) >= 2 else ""
            if obs["trick"] and obs["phase"] == 1 and not before.startswith("marry"):
                info = Info(obs)
                hidden = {info.t.names[c] for c in info.allowed}
                suits = [s for s in "CDHS" if {"K" + s, "Q" + s} <= hidden]
                if suits and info.opp_slots >= 2:
                    found.append((obs, suits[0]))
                    break
            state = api.apply(state, choose_action(obs, level="heuristic"))
    return found


def test_SS_7_passed_up_marriage_is_less_likely():
    cases = _opp_led_without_marriage("bummerl", 6)
    assert len(cases) >= 4
    for obs, suit in cases:
        plain, inferred = Info(obs), Info(obs, INFER)
        assert inferred.events
        names = plain.t.index
        both = (1 << names["K" + suit]) | (1 << names["Q" + suit])
        counts = []
        for info in (plain, inferred):
            rng = random.Random(3)
            counts.append(sum(1 for _ in range(600) if info.sample(rng)[0] & both == both))
        assert counts[0] >= 20
        assert counts[1] <= 0.45 * counts[0]
        # unlikely, not impossible
        assert inferred.weight(both) > 0


def test_inference_is_deterministic():
    for obs, _ in _opp_led_without_marriage("schnapsen", 3):
        a = [Info(obs, INFER).sample(random.Random(9)) for _ in range(2)]
        assert a[0] == a[1]


def test_SN_11_neighbour_winner_is_the_engines_only_winner():
    state = api.new_deal("schneider-neighbour", seed="infer/nb", dealer=0)
    deal = _game.decode(state).current
    t = Info(api.observation(state, 0)).t
    for lead in range(t.n):
        winners = [c for c in range(t.n) if deal.beats(t.names[c], t.names[lead])]
        assert winners == ([model.neighbour_winner(t, lead)]
                           if model.neighbour_winner(t, lead) >= 0 else [])


def _neighbour_answers_passed_up(count):
    """Observations of `schneider-neighbour` where the opponent answered the seat's lead with
    another card than the lead's next rank up while that card was hidden from the seat
    (the opponent is a random player, so it sometimes held it)."""
    found = []
    rng = random.Random(5)
    for deal_no in range(200):
        state = api.new_deal("schneider-neighbour", seed=f"infer-nb/{deal_no}", dealer=deal_no % 2)
        while api.to_move(state) is not None and len(found) < count:
            p = api.to_move(state)
            obs = api.observation(state, p)
            if p == 0 and not obs["trick"] and obs["history"]:
                info = Info(obs)
                (lp, lc), (rp, rc) = obs["history"][-1]["cards"]
                winner = model.neighbour_winner(info.t, info.t.index[lc])
                if (lp == 0 and winner >= 0 and info.t.index[rc] != winner
                        and winner in info.allowed and info.opp_slots >= 2):
                    found.append((obs, winner))
                    break
            legal = api.legal_actions(state)
            action = choose_action(obs, level="heuristic") if p == 0 else rng.choice(legal)
            state = api.apply(state, action)
        if len(found) >= count:
            break
    return found


def test_SN_11_passed_up_winner_is_less_likely():
    cases = _neighbour_answers_passed_up(6)
    assert len(cases) >= 4
    infer = Inference(neighbour=0.15)
    for obs, winner in cases:
        plain, inferred = Info(obs), Info(obs, infer)
        assert inferred.events
        counts = []
        for info in (plain, inferred):
            rng = random.Random(3)
            counts.append(sum(1 for _ in range(600) if info.sample(rng)[0] >> winner & 1))
        assert counts[0] >= 60
        assert counts[1] <= 0.6 * counts[0]
        assert inferred.weight(1 << winner) > 0          # unlikely, not impossible


def test_neighbour_inference_only_in_schneider_neighbour():
    infer = Inference(neighbour=0.15)
    for profile in ("schneider", "schnapsen"):
        for _, obs in random_states(profile, {}, "infer-only", 60):
            assert Info(obs, infer).events == Info(obs, Inference()).events
