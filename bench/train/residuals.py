#!/usr/bin/env python3
"""Where PIMC's clairvoyant values miss real play, by the kind of action (records labelled by
bench/train/relabel.py): for each kind and talon size, the mean of `y - pi` (the deal's
outcome minus the expert's value of the action in the deal's own layout) with its 95% interval.
A kind whose mean stands apart from the others is one whose value PIMC gets wrong relative to
the rest; kinds with the same mean are ranked among themselves as real play would rank them.

    python3 bench/train/residuals.py FILE.jsonl.gz [--least 100]
"""
from __future__ import annotations

import argparse
import gzip
import json
import math
import pathlib
import statistics
from collections import defaultdict


def kind(obs, action):
    """The action's kind: close, exchange, claim, marry, or a card led or given to a lead,
    a trump or not."""
    if action in ("close", "exchange", "claim"):
        return action
    if action.startswith("marry:"):
        return "marry"
    role = "answer" if obs["trick"] else "lead"
    return f"{role} with a trump" if action[1] == obs["trump"] else role


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("records", type=pathlib.Path)
    ap.add_argument("--least", type=int, default=100, help="leave out kinds with fewer records")
    args = ap.parse_args()
    groups = defaultdict(list)
    everything = []
    with gzip.open(args.records, "rt", encoding="utf-8") as f:
        for line in f:
            row = json.loads(line)
            residual = row["y"] - row["pi"]
            groups[(kind(row["obs"], row["action"]), row["obs"]["stock_size"])].append(residual)
            everything.append(residual)
    print(f"{len(everything)} records; y - pi: mean {statistics.fmean(everything):+.3f}, "
          f"variance {statistics.pvariance(everything):.3f} gp²")
    print()
    print("| action | talon | records | mean of y − pi (gp, 95%) |")
    print("|---|---|---|---|")
    for (name, talon), values in sorted(groups.items(), key=lambda kv: (kv[0][0], -kv[0][1])):
        if len(values) < args.least:
            continue
        half = 1.96 * statistics.pstdev(values) / math.sqrt(len(values))
        print(f"| {name} | {talon} | {len(values):,} | {statistics.fmean(values):+.3f} ± {half:.3f} |")


if __name__ == "__main__":
    main()
