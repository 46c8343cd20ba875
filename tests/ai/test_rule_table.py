"""One rule table: change one fact in a copy of `ruletable.TABLE` and the engine, the rule
book and the AI (model positions, rule-based player, solver) all follow it.

Each test installs the changed copy with monkeypatch (pytest restores the real table after),
then checks a position where the old and the new fact give different answers.
"""

import random

import pytest

from kaffeehaus import api, ruletable
from kaffeehaus import states
from kaffeehaus.ai import levels
from kaffeehaus.ai import solver as S
from kaffeehaus.ai.determinize import Info

from aihelpers import hidden_of


def use_table(monkeypatch, profile, **facts):
    monkeypatch.setattr(ruletable, "TABLE", ruletable.TABLE.changed(profile, **facts))


def find_state(profile, options, wanted, seed):
    """A state along random deals (claims avoided) whose current deal satisfies `wanted`."""
    rng = random.Random(seed)
    for deal_no in range(400):
        state = api.new_deal(profile, options=options, seed=f"{seed}/{deal_no}")
        while api.to_move(state) is not None:
            if wanted(states.decode(state).current):
                return state
            legal = [a for a in api.legal_actions(state) if a != "claim"]
            state = api.apply(state, rng.choice(legal))
    raise AssertionError("no such position in 400 random deals")


def model_position(state):
    """The AI's position of the player to move, with the real hidden cards."""
    p = api.to_move(state)
    info = Info(api.observation(state, p))
    opp, stock = hidden_of(state, p)
    return info, info.position(info.t.mask(opp), [info.t.index[c] for c in stock])


def play_both(state, rng):
    """Play the rest of the deal in the engine and in the AI's model side by side."""
    _, pos = model_position(state)
    while api.to_move(state) is not None:
        legal = api.legal_actions(state)
        assert sorted(pos.legal_actions()) == sorted(legal)
        calm = [a for a in legal if a != "claim"] or legal
        action = rng.choice(calm)
        state = api.apply(state, action)
        pos.apply(action)
    result = api.deal_result(state)
    assert pos.result == (result["winner"], result["game_points"], result["reason"])
    return result


def test_SV_3_a_lower_win_threshold_is_followed_by_engine_rulebook_and_ai(monkeypatch):
    def leads_with_63(deal):
        p = deal.to_move()
        return (not deal.trick and not deal.pending_marriage and deal.closed_by is None
                and 61 <= deal.effective_points(p) < 66)

    state = find_state("schnapsen", {}, leads_with_63, "table/win")
    p = api.to_move(state)
    # under the real table the claim is false and no player claims
    assert api.deal_result(api.apply(state, "claim"))["winner"] == 1 - p
    assert levels.heuristic_action(api.observation(state, p)) != "claim"

    use_table(monkeypatch, "schnapsen", win_points=61)
    assert api.rules("schnapsen")["sections"]      # the rule book builds from the new table
    goals = [f["values"]["goal"] for s in api.rules("schnapsen")["sections"] for f in s["facts"]
             if "goal" in f["values"]]
    assert goals and set(goals) == {61}
    obs = api.observation(state, p)
    assert obs["claim_wins"]                        # the engine: a correct claim now (SV-3)
    claimed = api.deal_result(api.apply(state, "claim"))
    assert claimed["winner"] == p
    info, pos = model_position(state)
    assert info.t.win_points == 61
    assert pos.score_claim(p) == (p, claimed["game_points"], "claim")
    assert levels.heuristic_action(obs) == "claim"   # the rule-based player claims
    solver = S.Solver(p)
    assert solver.value(pos) == claimed["game_points"]   # the solver claims at once too


def test_SS_1_a_changed_card_value_is_followed_by_engine_and_ai(monkeypatch):
    use_table(monkeypatch, "bummerl", card_points={"A": 11, "T": 10, "K": 5, "Q": 3, "J": 2, "7": 0})
    state = api.new_deal("bummerl", options={}, seed="table/king")
    deal = states.decode(state).current
    assert sum(deal.card_value(c) for c in deal.deck) == 124
    info, _ = model_position(state)
    assert sum(info.t.points) == 124
    assert info.t.points[info.t.index["KH"]] == 5
    rng = random.Random(5)
    for n in range(6):
        play_both(api.new_deal("bummerl", options={}, seed=f"table/king/{n}"), rng)


def test_SN_6_a_changed_schneider_threshold_is_followed_by_engine_and_ai(monkeypatch):
    use_table(monkeypatch, "schneider", schneider_at=11)
    rng = random.Random(6)
    reasons = set()
    for n in range(12):
        result = play_both(api.new_deal("schneider", options={}, seed=f"table/sn/{n}"), rng)
        won = max(result["points"])
        if result["winner"] is not None and 11 <= won < 16:
            assert result["game_points"] == 2 and result["why"]["code"] == "schneider"
            reasons.add("schneider")
    assert reasons, "no deal won with 11 to 15 honours: pick other seeds"


def test_SS_3_a_changed_trick_winner_is_followed_by_engine_and_ai(monkeypatch):
    # SN-11 (only the next rank up wins) stated for the plain Schneider profile
    use_table(monkeypatch, "schneider", neighbour=True)
    deal = states.decode(api.new_deal("schneider", seed="table/nb")).current
    assert deal.beats("KS", "QS") and not deal.beats("AS", "QS")
    rng = random.Random(7)
    for n in range(6):
        play_both(api.new_deal("schneider", options={}, seed=f"table/nb/{n}"), rng)
    state = api.new_deal("schneider", options={}, seed="table/nb/0")
    info, _ = model_position(state)
    t = info.t
    assert [c for c in range(t.n) if t.beats[ruletable.NO_TRUMP][t.index["QS"]] >> c & 1] \
        == [t.index["KS"]]


def test_a_changed_copy_leaves_the_table_in_force_alone():
    changed = ruletable.TABLE.changed("schnapsen", win_points=61)
    assert changed.rules("schnapsen", {}).win_points == 61
    assert ruletable.rules_for("schnapsen", {}).win_points == 66
    assert ruletable.FACTS["schnapsen"]["win_points"] == 66
    with pytest.raises(ValueError, match="no such rule fact"):
        ruletable.TABLE.changed("schnapsen", win_point=61)
