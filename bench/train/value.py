"""The learned Q(observation, action) of bench/train/fit.py, evaluated in pure Python (no numpy:
what the page's engine could run), and the bench player that uses it.

`LearnedQ(path)` reads the weights `fit.py --save` wrote. `prior_choice` is the experiment's
player: at the decisions `features.applies` names, the expert's PIMC values of each candidate
action plus `weight` times how much better than the mean of the candidates Q rates it (PIMC
averages layouts each solved as if every card were seen; Q is a judgement from what the seat
sees, learned from self-play outcomes). Everywhere else the shipped expert.
"""
from __future__ import annotations

import json
import math

import features


class LearnedQ:
    def __init__(self, path):
        p = json.loads(open(path, encoding="utf-8").read())
        self.w1 = p["W1"]               # inputs × hidden
        self.b1 = p["b1"]
        self.w2 = p["w2"]
        self.b2 = p["b2"][0]

    def value(self, obs, action) -> float:
        x = features.observation_features(obs) + features.action_features(obs, action)
        h = list(self.b1)
        for xi, row in zip(x, self.w1):
            if xi:
                for j, w in enumerate(row):
                    h[j] += xi * w
        return self.b2 + sum(math.tanh(hj) * w for hj, w in zip(h, self.w2))


def adjusted(values: dict, q: dict, weight: float) -> dict:
    """PIMC's values with Q's opinion of each action, relative to the candidates' mean, added."""
    mean = sum(q.values()) / len(q)
    return {a: values[a] + weight * (q[a] - mean) for a in values}
