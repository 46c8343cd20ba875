"""Why a deal is worth its game points (the page explains each result): every result carries `why`, a keyword of
deal.RESULT_WHY and its figures, consistent with the rules that gave the game points."""

import random

import pytest

from kaffeehaus import api
from kaffeehaus.deal import RESULT_WHY

CASES = [("schnapsen", {}), ("schnapsen-strict", {}), ("bummerl", {}),
         ("bummerl", {"sevens": True, "mit40": True}), ("schneider", {}),
         ("schneider", {"deck": 24, "trump": True}), ("schneider", {"cumulative": True}),
         ("schneider-neighbour", {})]
GAME_POINTS = {"loser_33": 1, "loser_under_33": 2, "loser_no_trick": 3, "close_loser_33": 1,
               "close_loser_under_33": 2, "close_loser_no_trick": 3, "last_trick_only": 1,
               "false_claim": 2, "false_claim_no_trick": 3, "closed_failed": 2,
               "closed_failed_no_trick": 3, "false_claim_fixed": 2, "closed_failed_fixed": 2,
               "sweep": 3, "tie_last_trick": 1, "draw": 0, "schwarz": 3, "schneider": 2,
               "majority": 1}


def finished(profile, options, seed, style):
    """A deal played to its end: random moves; `style` 1 claims and closes eagerly."""
    rng = random.Random(seed * 7 + style)
    state = api.new_deal(profile, options=options, seed=seed)
    while api.deal_result(state) is None:
        legal = api.legal_actions(state)
        eager = [a for a in legal if a in ("close", "claim")] if style else []
        obs = api.observation(state, api.to_move(state))
        if style == 2 and obs["claim_wins"]:
            eager = ["claim"]
        pick = eager[0] if eager and rng.random() < 0.4 else rng.choice(
            [a for a in legal if a != "claim"] or legal)
        state = api.apply(state, pick)
    return state


@pytest.fixture(scope="module")
def results():
    out = []
    for profile, options in CASES:
        for seed in range(150):
            state = finished(profile, options, seed, seed % 3)
            out.append((profile, options, state, api.deal_result(state)))
    return out


def test_every_result_says_why_with_its_figures(results):
    seen = set()
    for profile, options, state, result in results:
        why = result["why"]
        assert set(why) == {"code", "params"}
        assert why["code"] in RESULT_WHY, why
        assert sorted(why["params"]) == sorted(RESULT_WHY[why["code"]]), why
        seen.add(why["code"])
        loser = None if result["winner"] is None else 1 - result["winner"]
        obs = api.observation(state, 0)
        if why["code"] in GAME_POINTS:
            assert result["game_points"] == GAME_POINTS[why["code"]], (why, result)
        p = why["params"]
        code = why["code"]
        if code in ("loser_33", "loser_under_33"):                       # SS-9
            assert p["points"] == result["points"][loser]
            assert (p["points"] >= 33) == (code == "loser_33")
        elif code == "loser_no_trick":
            assert obs["tricks_won"][loser] == 0
        elif code.startswith("close_loser"):                              # SV-5
            close = obs["close"]
            assert close and close["by"] == result["winner"]
            if code != "close_loser_no_trick":
                assert p["points"] == close["points"][loser]
            else:
                assert close["tricks_won"][loser] == 0
        elif code == "last_trick_only":                                   # SV-4
            assert obs["history"][-1]["winner"] == result["winner"] and p["points"] < 66
        elif code in ("false_claim_fixed", "closed_failed_fixed", "sweep", "tie_last_trick"):
            assert profile == "bummerl"                                   # SB-2..SB-5
        elif code in ("false_claim", "false_claim_no_trick", "closed_failed",
                      "closed_failed_no_trick"):
            assert profile in ("schnapsen", "schnapsen-strict")           # SV-3, SV-5
        elif code == "draw":                                              # SN-6
            assert result["winner"] is None and p["honours"] * 2 == sum(result["points"])
        elif code == "difference":                                        # SN-10 cumulative
            assert options.get("cumulative") and result["game_points"] == p["won"] - p["lost"]
        elif code in ("schwarz", "schneider", "majority"):                # SN-6, SN-10
            assert result["points"][result["winner"]] == p.get("won", p["total"])
            total = 16 if options.get("deck") == 24 else 20
            assert p["total"] == total
            if code != "schwarz":
                assert p["at"] == (13 if total == 16 else 16)
                assert (p["won"] >= p["at"]) == (code == "schneider")
    rare = {"close_loser_33", "tie_last_trick", "sweep", "loser_no_trick", "schwarz"}
    assert set(RESULT_WHY) - rare <= seen, set(RESULT_WHY) - seen


def test_the_observation_carries_it_as_a_fresh_value(results):
    profile, options, state, result = results[0]
    obs = api.observation(state, 1)
    assert obs["result"]["why"] == result["why"]
    obs["result"]["why"]["params"]["x"] = 1                 # a fresh value every time
    assert "x" not in api.deal_result(state)["why"]["params"]


def search(profile, pick, wanted, seeds=range(3000)):
    """The first finished deal (random play, `pick` may choose instead) whose result is `wanted`."""
    for seed in seeds:
        rng = random.Random(seed)
        state = api.new_deal(profile, seed=seed)
        while api.deal_result(state) is None:
            legal = api.legal_actions(state)
            obs = api.observation(state, api.to_move(state))
            state = api.apply(state, pick(obs, legal) or rng.choice(
                [a for a in legal if a not in ("claim", "close")] or legal))
        if wanted(api.deal_result(state)):
            return state
    raise AssertionError("not found")


def test_close_loser_33_counts_the_points_at_the_close_SV5():
    def pick(obs, legal):
        if "close" in legal and obs["points"][1 - obs["player"]] >= 33:
            return "close"
        return "claim" if obs["claim_wins"] else None
    state = search("schnapsen", pick, lambda r: r["why"]["code"] == "close_loser_33")
    result = api.deal_result(state)
    close = api.observation(state, 0)["close"]
    loser = 1 - result["winner"]
    assert result["game_points"] == 1 and close["by"] == result["winner"]
    assert result["why"]["params"] == {"points": close["points"][loser]} and close["points"][loser] >= 33


def test_tie_last_trick_in_bummerl_SB4():
    state = search("bummerl", lambda obs, legal: None, lambda r: r["why"]["code"] == "tie_last_trick")
    result = api.deal_result(state)
    obs = api.observation(state, 0)
    assert result["points"][0] == result["points"][1] == result["why"]["params"]["points"]
    assert obs["history"][-1]["winner"] == result["winner"] and result["game_points"] == 1
