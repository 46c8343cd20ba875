"""The lower-noise target (bench/train/relabel.py): a record's deal is re-played to the very
observation it stored (a record that does not match is refused), the teacher values the action
in the deal's real layout, and fit.py's residual target is the outcome minus that value."""

import gzip
import json
import pathlib
import sys

import pytest

from kaffeehaus import api, states
from kaffeehaus.ai.determinize import Info
from kaffeehaus.ai.solver import Solver

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "train"))
import relabel  # noqa: E402
import selfplay  # noqa: E402


def first_decision(deal):
    """The record of the first decision of self-play deal `deal`, its action replaced later."""
    state = selfplay.deal_start(deal)
    seat = api.to_move(state)
    return state, {"deal": deal, "seat": seat, "obs": api.observation(state, seat)}


def test_a_records_deal_is_replayed_to_its_observation():
    records = selfplay.play(3, ("medium", "medium"))
    assert records
    for row in records:
        state = relabel.deal_state(row)
        assert api.observation(state, row["seat"]) == row["obs"]
    with pytest.raises(ValueError):                   # another deal's cards: an illegal replay
        relabel.deal_state(dict(records[-1], deal=4))
    edited = dict(records[-1], obs=dict(records[-1]["obs"], points=[65, 0]))
    with pytest.raises(ValueError, match="differs"):
        relabel.deal_state(edited)


@pytest.mark.parametrize("deal", [0, 1, 2, 5])
def test_the_teacher_values_the_action_in_the_real_layout(deal):
    # a close at the first lead: after it the expert's evaluation is the exact search, so the
    # teacher's value must be the solver's value of the deal's real cards after that close
    state, row = first_decision(deal)
    if "close" not in row["obs"]["legal_actions"]:
        pytest.skip("no close at this deal's first lead")
    row["action"] = "close"
    me = row["seat"]
    real = states.decode(state).current
    info = Info(row["obs"])
    t = info.t
    pos = info.position(t.mask(real.hands[1 - me]), [t.index[c] for c in real.stock])
    pos.apply("close")
    assert relabel.true_layout_value(row) == Solver(me).value(pos)


def talon_of_4(deal):
    """(state, observation) at the first lead with a talon of 4 still open in self-play deal
    `deal` between two `medium` players, or None if the deal never gets there."""
    state = selfplay.deal_start(deal)
    while api.to_move(state) is not None:
        seat = api.to_move(state)
        obs = api.observation(state, seat)
        if obs["closed"] or obs["stock_size"] < 4:
            return None
        if obs["stock_size"] == 4 and not obs["trick"]:
            return state, obs
        state = api.apply(state, api.ai_action(state, seat, level="medium", seed=deal))
    return None


def test_at_a_talon_of_4_the_teacher_is_the_exact_value_of_the_real_cards():
    # from a talon of 4 the expert's evaluation is the exact search, in which the talon's
    # order counts: every action's teacher value is the solver's in the real layout
    checked = 0
    for deal in range(12):
        found = talon_of_4(deal)
        if found is None:
            continue
        state, obs = found
        seat = obs["player"]
        real = states.decode(state).current
        info = Info(obs)
        t = info.t
        for action in sorted(set(obs["legal_actions"]) - {"claim"}):
            pos = info.position(t.mask(real.hands[1 - seat]), [t.index[c] for c in real.stock])
            pos.apply(action)
            row = {"deal": deal, "seat": seat, "obs": obs, "action": action}
            assert relabel.true_layout_value(row) == Solver(seat).value(pos), (deal, action)
            checked += 1
    assert checked >= 10


def test_the_residual_target_is_the_outcome_minus_the_teachers_value(tmp_path):
    np = pytest.importorskip("numpy")
    fit = pytest.importorskip("fit")
    rows = selfplay.play(7, ("medium", "medium"))
    for row in rows:
        row["pi"] = relabel.true_layout_value(row)
    path = tmp_path / "r.jsonl.gz"
    with gzip.open(path, "wt", encoding="utf-8") as f:
        f.writelines(json.dumps(r) + "\n" for r in rows)
    _, _, outcome, _ = fit.load(path)
    _, _, residual, _ = fit.load(path, "residual")
    assert outcome.tolist() == [r["y"] for r in rows]
    assert np.allclose(residual, [r["y"] - r["pi"] for r in rows])
