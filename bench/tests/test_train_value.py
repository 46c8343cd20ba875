"""The learned Q's pure-Python evaluator (bench/train/value.py) gives what the network trained
by bench/train/fit.py gives, and the experiment's player is the expert when Q's weight is 0."""

import json
import sys

import pytest

from kaffeehaus import api
from kaffeehaus.ai import levels

sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[1] / "train"))
import features  # noqa: E402
import value  # noqa: E402
from test_train_features import positions  # noqa: E402

import ai_variants  # noqa: E402
from benchhelpers import schnapsen_decisions  # noqa: E402


def test_the_pure_python_q_is_the_trained_networks(tmp_path):
    np = pytest.importorskip("numpy")
    fit = pytest.importorskip("fit")
    obs = positions(5)
    inputs = len(features.observation_features(obs[0])) + len(features.action_features(obs[0], obs[0]["legal_actions"][0]))
    net = fit.Net(inputs, 16, np.random.default_rng(3))
    net.p["b1"] += 0.1
    net.p["b2"] += 0.3
    path = tmp_path / "q.json"
    path.write_text(json.dumps({k: v.tolist() for k, v in net.p.items()}))
    q = value.LearnedQ(path)
    for o in obs:
        for a in o["legal_actions"]:
            x = np.array([features.observation_features(o) + features.action_features(o, a)], np.float32)
            assert q.value(o, a) == pytest.approx(float(net.forward(x)[0][0]), abs=1e-4)


def test_with_no_weight_the_choice_is_the_experts():
    for state, o in schnapsen_decisions(features.applies, 4, "features", with_states=True):
        values = ai_variants._expert_values(o, 7)
        q = {a: float(i) for i, a in enumerate(values)}
        assert levels.best_of(value.adjusted(values, q, 0.0)) == levels.best_of(values)
        # and those values are the shipped expert's: its choice in that position
        assert levels.best_of(values) == api.ai_action(state, o["player"], level="expert", seed=7)


def test_the_trump_cost_moves_only_trump_cards():
    free, dear = ai_variants._trump_cost(0.0), ai_variants._trump_cost(100.0)
    seen = 0
    for state, o in schnapsen_decisions(lambda ob: features.applies(ob) and ob["stock_size"] <= 8, 4,
                                        "trumpcost", with_states=True):
        assert free(o, 7, state) == api.ai_action(state, o["player"], level="expert", seed=7)
        others = [a for a in ai_variants._expert_values(o, 7) if not (len(a) == 2 and a[1] == o["trump"])]
        if others:
            choice = dear(o, 7, state)
            assert not (len(choice) == 2 and choice[1] == o["trump"])
            seen += 1
    assert seen
