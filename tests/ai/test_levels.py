"""Every level returns a legal action for every profile and option set; determinism; hints;
the expert's claims (always with 66 or more, never a false one)."""

import random

import pytest

from kaffeehaus import api
from kaffeehaus.ai import LEVELS, choose_action, rank_actions

from aihelpers import OPTION_SETS, rule_based

ITERS = {"expert": 2, "hard": 2, "medium": 2}


def positions(profile, options, n, seed, policy_level="rule-based"):
    """Observations of the player to move along deals played by a mix of levels."""
    rng = random.Random(f"{profile}{options}{seed}")
    out = []
    deal_no = 0
    while len(out) < n:
        state = api.new_deal(profile, options=options, seed=f"lv/{seed}/{deal_no}")
        deal_no += 1
        while api.to_move(state) is not None and len(out) < n:
            obs = api.observation(state, api.to_move(state))
            out.append(obs)
            level = "random" if rng.random() < 0.3 else policy_level
            seed_k = rng.randrange(99)
            action = (rule_based(obs) if level == "rule-based"
                      else choose_action(obs, level=level, seed=seed_k))
            state = api.apply(state, action)
    return out


@pytest.mark.parametrize("profile,options", OPTION_SETS)
def test_every_level_plays_legal_actions(profile, options):
    for obs in positions(profile, options, 8, seed=3):
        for level in LEVELS:
            action = choose_action(obs, level=level, seed=1, iterations=ITERS.get(level))
            assert action in obs["legal_actions"], (level, action)


def test_api_entry_points_keep_random_and_expert():
    state = api.new_deal("bummerl", seed=4)
    seat = api.to_move(state)
    obs = api.observation(state, seat)
    assert api.ai_action(state, seat, level="random", seed=3) in obs["legal_actions"]
    assert api.ai_action(state, seat, level="expert", seed=3, budget_ms=300) in obs["legal_actions"]
    assert api.ai_action(state, seat, seed=3) == choose_action(obs, level="expert", seed=3)
    with pytest.raises(ValueError):
        api.ai_action(state, seat, level="grandmaster")
    with pytest.raises(ValueError, match="turn"):
        api.ai_action(state, 1 - seat)             # not this seat's turn


def test_next_in_a_match():
    state = api.new_match("schnapsen", seed=2)
    while api.to_move(state) is not None:
        obs = api.observation(state, api.to_move(state))
        state = api.apply(state, rule_based(obs))
    obs = api.observation(state, 0)
    assert obs["legal_actions"] == ["next"]
    assert choose_action(obs, level="expert") == "next"


@pytest.mark.parametrize("profile,options", [OPTION_SETS[0], OPTION_SETS[2], OPTION_SETS[5],
                                             OPTION_SETS[10]])
def test_deterministic_for_a_seed(profile, options):
    for obs in positions(profile, options, 5, seed=9):
        for level in ("expert", "hard", "medium", "easy", "random"):
            first = choose_action(obs, level=level, seed=42, iterations=ITERS.get(level))
            again = choose_action(dict(obs), level=level, seed=42, iterations=ITERS.get(level))
            assert first == again
    state = api.new_deal(profile, options=options, seed=77)
    seat = api.to_move(state)
    assert api.ai_action(state, seat, seed=8) == api.ai_action(state, seat, seed=8)


@pytest.mark.parametrize("profile,options", [p for p in OPTION_SETS
                                             if p[0] in ("schnapsen", "schnapsen-strict", "bummerl")])
def test_expert_claims_exactly_when_it_has_66(profile, options):
    """Over positions where claiming is legal: claim iff effective points >= 66."""
    seen_claims = 0
    seen_no = 0
    for obs in positions(profile, options, 160, seed=5, policy_level="easy"):
        if "claim" not in obs["legal_actions"]:
            continue
        me = obs["player"]
        has66 = obs["points"][me] >= 66
        if not has66 and seen_no > 12:
            continue
        action = choose_action(obs, level="expert", seed=0, iterations=1)
        if has66:
            assert action == "claim"
            seen_claims += 1
        else:
            assert action != "claim"
            seen_no += 1
    assert seen_no > 10 and seen_claims > 0


def test_expert_announces_a_marriage_that_brings_66_and_claims():
    """SV-3: on lead with a trick won, the K and Q of a suit whose marriage brings 66: marry,
    then (with the marriage pending) claim."""
    rng = random.Random(1)
    married = claimed = 0
    for obs in positions("schnapsen", {}, 600, seed=12):
        me = obs["player"]
        if obs["pending_marriage"] and obs["claim_wins"]:
            assert choose_action(obs, level="expert", iterations=2) == "claim"
            claimed += 1
        if obs["trick"] or obs["pending_marriage"] or not obs["tricks_won"][me]:
            continue
        if any(obs["marriage_claim_wins"].values()):
            action = choose_action(obs, level="expert", seed=rng.randrange(9), iterations=2)
            assert action.startswith("marry:") and obs["marriage_claim_wins"][action]
            married += 1
    assert married and claimed, (married, claimed)


@pytest.mark.parametrize("profile,options", [OPTION_SETS[1], OPTION_SETS[3], OPTION_SETS[7],
                                             OPTION_SETS[10]])
def test_hint_ranks_every_legal_action(profile, options):
    for obs in positions(profile, options, 6, seed=21):
        ranked = rank_actions(obs, iterations=2)
        assert sorted(e["action"] for e in ranked) == sorted(obs["legal_actions"])
        values = [e["value"] for e in ranked]
        assert values == sorted(values, reverse=True)
        assert all(isinstance(v, float) for v in values)
        for e in ranked:
            if e["action"] == "claim" and obs["points"][obs["player"]] < 66:
                assert e["value"] < 0            # a false claim loses the deal


def test_hint_via_api_from_the_state():
    """The page's hint takes the state and the seat: the engine derives the seat's observation
    (the expert sees only that) and answers with it and the ranking."""
    state = api.new_deal("schnapsen", seed=31)
    seat = api.to_move(state)
    obs = api.observation(state, seat)
    out = api.hint(state, seat)
    assert out["observation"] == obs
    assert out["ranked"] == rank_actions(obs)
    assert len(out["ranked"]) == len(obs["legal_actions"])
    with pytest.raises(ValueError, match="turn"):
        api.hint(state, 1 - seat)


def test_budget_caps_thinking_time():
    import time
    for profile, options in (OPTION_SETS[2], OPTION_SETS[5]):
        for obs in positions(profile, options, 6, seed=17):
            t0 = time.process_time()      # CPU time: a loaded machine must not fail this
            action = choose_action(obs, level="expert", seed=1, budget_ms=30)
            assert action in obs["legal_actions"]
            assert time.process_time() - t0 < 1.5


@pytest.mark.slow  # the expert plays whole matches
@pytest.mark.parametrize("profile,options", [("bummerl", {"target": 3}), ("schnapsen", {}),
                                             ("schneider", {"target": 2}),
                                             ("schneider-neighbour", {})])
def test_expert_plays_whole_matches_with_the_match_utility(profile, options):
    from kaffeehaus.ai.levels import match_utility
    state = api.new_match(profile, options=options, seed=6)
    seen_utility = False
    for _ in range(2000):
        if api.match_status(state)["over"]:
            break
        legal = api.legal_actions(state)
        if legal == ["next"]:
            state = api.apply(state, "next")
            continue
        p = api.to_move(state)
        obs = api.observation(state, p)
        u = match_utility(obs)
        if u is not None:
            seen_utility = True
            values = [u((w, g, "x")) for w in (0, 1) for g in (1, 2, 3)]
            mine = [u((p, g, "x")) for g in (1, 2, 3)]
            theirs = [u((1 - p, g, "x")) for g in (1, 2, 3)]
            assert mine == sorted(mine) and theirs == sorted(theirs, reverse=True)
            assert min(mine) >= max(theirs) and all(0 <= v <= 6 for v in values)
        action = (choose_action(obs, level="expert", seed=3, iterations=1) if p == 0
                  else rule_based(obs))
        assert action in legal
        state = api.apply(state, action)
    assert api.match_status(state)["over"]
    assert seen_utility
