#!/usr/bin/env python3
"""Fit and measure a learned value of the seat's information from self-play records
(bench/train/selfplay.py). Needs numpy (`pip install numpy`); the page never runs this.

    python3 bench/train/fit.py FILE.jsonl.gz [--hidden 64] [--epochs 30] [--save WEIGHTS.json]
                               [--target outcome|residual]

Two small networks (one hidden layer, tanh, trained by Adam on the squared error in game
points), the deals split by number (every fifth deal held out, so no deal is in both parts):
- V(observation): the deal's outcome for the seat, from what it sees;
- Q(observation, action): the same after the seat's chosen action.
`--target residual` (records labelled by bench/train/relabel.py): both learn `y - pi` instead, what
the real play of the deal added to the expert's clairvoyant value of the action in the deal's
own layout (the part of the outcome PIMC cannot see). Printed: the held-out mean squared error and R² of each against the training mean, and Q's
gain over V (what the action adds to the prediction: if Q cannot tell the actions' outcomes
apart from V's, it has nothing to add to PIMC's choice). `--save` writes Q's weights as JSON
(lists of floats: what a pure-Python evaluator in the page would read).
"""
from __future__ import annotations

import argparse
import gzip
import json
import pathlib
import sys

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import features  # noqa: E402


def load(path, target="outcome"):
    xs, acts, ys, deals = [], [], [], []
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            row = json.loads(line)
            obs = row["obs"]
            xs.append(features.observation_features(obs))
            acts.append(features.action_features(obs, row["action"]))
            ys.append(row["y"] - row["pi"] if target == "residual" else row["y"])
            deals.append(row["deal"])
    return (np.array(xs, dtype=np.float32), np.array(acts, dtype=np.float32),
            np.array(ys, dtype=np.float32), np.array(deals))


class Net:
    """x -> w2 · tanh(W1 x + b1) + b2."""

    def __init__(self, inputs, hidden, rng):
        self.p = {"W1": rng.normal(0, 1 / np.sqrt(inputs), (inputs, hidden)).astype(np.float32),
                  "b1": np.zeros(hidden, np.float32),
                  "w2": rng.normal(0, 1 / np.sqrt(hidden), hidden).astype(np.float32),
                  "b2": np.zeros(1, np.float32)}

    def forward(self, x):
        h = np.tanh(x @ self.p["W1"] + self.p["b1"])
        return h @ self.p["w2"] + self.p["b2"][0], h

    def grads(self, x, y):
        out, h = self.forward(x)
        d = 2 * (out - y) / len(y)
        dh = np.outer(d, self.p["w2"]) * (1 - h * h)
        return {"W1": x.T @ dh, "b1": dh.sum(0), "w2": h.T @ d, "b2": np.array([d.sum()])}


def train(x, y, hidden, epochs, seed, lr=3e-3, batch=256, l2=1e-4):
    rng = np.random.default_rng(seed)
    net = Net(x.shape[1], hidden, rng)
    m = {k: np.zeros_like(v) for k, v in net.p.items()}
    v = {k: np.zeros_like(val) for k, val in net.p.items()}
    step = 0
    for _ in range(epochs):
        order = rng.permutation(len(y))
        for i in range(0, len(y), batch):
            idx = order[i:i + batch]
            g = net.grads(x[idx], y[idx])
            step += 1
            for k in net.p:
                g[k] = g[k] + l2 * net.p[k]
                m[k] = 0.9 * m[k] + 0.1 * g[k]
                v[k] = 0.999 * v[k] + 0.001 * g[k] * g[k]
                mhat = m[k] / (1 - 0.9 ** step)
                vhat = v[k] / (1 - 0.999 ** step)
                net.p[k] -= lr * mhat / (np.sqrt(vhat) + 1e-8)
    return net


def report(name, pred, y, base):
    mse = float(np.mean((pred - y) ** 2))
    print(f"| {name} | {mse:.3f} | {1 - mse / base:.3f} |")
    return mse


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("records", type=pathlib.Path)
    ap.add_argument("--hidden", type=int, default=64)
    ap.add_argument("--epochs", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--save", type=pathlib.Path)
    ap.add_argument("--target", choices=("outcome", "residual"), default="outcome")
    args = ap.parse_args()
    x, a, y, deals = load(args.records, args.target)
    test = deals % 5 == 0
    train_ = ~test
    print(f"{len(y)} decisions from {len(set(deals.tolist()))} deals; held out: {int(test.sum())} "
          f"decisions of every fifth deal")
    print()
    print("| model | held-out mean squared error (gp²) | R² |")
    print("|---|---|---|")
    base = float(np.mean((y[test] - y[train_].mean()) ** 2))
    print(f"| the training mean | {base:.3f} | 0.000 |")
    vnet = train(x[train_], y[train_], args.hidden, args.epochs, args.seed)
    v_mse = report("V(observation)", vnet.forward(x[test])[0], y[test], base)
    xa = np.concatenate([x, a], axis=1)
    qnet = train(xa[train_], y[train_], args.hidden, args.epochs, args.seed)
    q_mse = report("Q(observation, action)", qnet.forward(xa[test])[0], y[test], base)
    print()
    print(f"What the chosen action adds to the prediction (V − Q, held out): {v_mse - q_mse:+.4f} gp²")
    if args.save:
        args.save.write_text(json.dumps({"inputs": xa.shape[1], "hidden": args.hidden,
                                         **{k: v.tolist() for k, v in qnet.p.items()}}))
        print(f"Q's weights -> {args.save}")


if __name__ == "__main__":
    main()
