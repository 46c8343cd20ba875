#!/usr/bin/env python3
"""A lower-noise target for the learned judgement (docs/AI.md "Beyond PIMC"): each self-play
record (bench/train/selfplay.py) gets `pi`, the value the expert's own per-layout evaluation
gives the action taken *in the layout the deal really had* (its rollouts and exact end, as
`pimc` values one sampled layout), so that `y - pi` is what the deal's real, imperfect-
information play added to or took from the clairvoyant estimate. Most of a deal's outcome is
the luck of its cards, which `pi` carries too: the difference has far less spread than `y`,
and what is left is the part of the outcome PIMC cannot see.

    python3 bench/train/relabel.py IN.jsonl.gz OUT.jsonl.gz [--jobs 2]

The true layout is the teacher's only: the records keep the observation, and the model is
still fed the observation alone (features.py).
"""
from __future__ import annotations

import argparse
import gzip
import json
import multiprocessing
import pathlib
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent / "py"))

from kaffeehaus import api, states  # noqa: E402
from kaffeehaus.ai import levels, pimc  # noqa: E402
from kaffeehaus.ai.determinize import Info  # noqa: E402

import selfplay  # noqa: E402


def deal_state(row):
    """The engine's state at the record's decision: the deal re-played from its seed."""
    deal = row["deal"]
    state = selfplay.deal_start(deal)
    for _seat, action in row["obs"]["actions"]:
        state = api.apply(state, action)
    if api.observation(state, row["seat"]) != row["obs"]:
        raise ValueError(f"deal {deal}: the re-played observation differs from the record")
    return state


def true_layout_value(row, config=None):
    """The expert's per-layout value of the record's action in the deal's real layout."""
    config = config or pimc.Config(**levels.EXPERT)
    obs = row["obs"]
    deal = states.decode(deal_state(row)).current
    info = Info(obs, config.infer)
    t = info.t
    opp = t.mask(deal.hands[1 - obs["player"]])
    stock = [t.index[c] for c in deal.stock]
    values, _ = pimc._solve_layout(info, opp, stock, [row["action"]], obs["player"],
                                   levels.match_utility(obs), config.threshold(obs))
    return values[0]


def _label(line):
    row = json.loads(line)
    row["pi"] = true_layout_value(row)
    return row


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("records", type=pathlib.Path)
    ap.add_argument("out", type=pathlib.Path)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--limit", type=int, default=None, help="only the first N records")
    args = ap.parse_args()
    with gzip.open(args.records, "rt", encoding="utf-8") as f:
        lines = f.readlines()[:args.limit]
    t0 = time.perf_counter()
    with gzip.open(args.out, "wt", encoding="utf-8") as out, multiprocessing.Pool(args.jobs) as pool:
        for done, row in enumerate(pool.imap(_label, lines, chunksize=16), 1):
            out.write(json.dumps(row, separators=(",", ":")) + "\n")
            if done % 2000 == 0:
                print(f"{done} records, {time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True)
    print(f"{len(lines)} records labelled -> {args.out} ({time.perf_counter() - t0:.0f} s)")


if __name__ == "__main__":
    main()
