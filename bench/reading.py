"""How close the expert's weighted layouts come to the opponent's real hand (prints figures).

Both seats play the rule-based player (`levels.rule_based`; `hard` plays the same while the
talon holds more than 4 cards). At each Schnapsen decision with the talon open at one of the
given sizes, every hand the opponent may hold is enumerated and weighed by each reading; the
figure is the expected number of the opponent's hidden cards a layout gets right (a perfect
reading gets them all: `slots`):

* `uniform`: every consistent hand alike (the expert without inference);
* `shipped`: the expert's reading (`inference.INFER`: passed-up marriages, exchanges and
  single cards);
* `replay10`, `replay0`: the opponent's turns re-played as the rule-based player's
  (bench/replay.py) with a factor 0.1 per choice it would not have made, and 0: the exact
  likelihood of the hand against this very player, the most any reading of it can know.

    python3 bench/reading.py --deals 150 --stock 4
"""
from __future__ import annotations

import argparse
import itertools
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "py"))

from kaffeehaus import api  # noqa: E402
from kaffeehaus.ai import levels  # noqa: E402
from kaffeehaus.ai.determinize import Info  # noqa: E402
from kaffeehaus.ai.inference import INFER  # noqa: E402

from replay import Replay  # noqa: E402


def decisions(deals, stocks, tag="reading"):
    """(observation, the opponent's real hand as a mask) at every talon-open Schnapsen decision
    with the talon at one of `stocks` sizes, along deals of the rule-based player."""
    for d in range(deals):
        state = api.new_deal("schnapsen", seed=f"{tag}/{d}", dealer=d % 2)
        while api.to_move(state) is not None:
            seat = api.to_move(state)
            obs = api.observation(state, seat)
            if obs["stock_size"] in stocks and not obs["closed"]:
                info = Info(obs)
                yield obs, info.t.mask(api.observation(state, 1 - seat)["hand"])
            state = api.apply(state, levels.rule_based(obs))


def expected_overlap(info, true_hand, weight):
    """Expected hidden cards right of a layout drawn by `weight` (every hand enumerated)."""
    hidden = true_hand & ~info.known_opp
    right = total = 0.0
    for cards in itertools.combinations(info.allowed, info.opp_slots):
        mask = 0
        for c in cards:
            mask |= 1 << c
        w = weight(mask | info.known_opp)
        right += w * bin(mask & hidden).count("1")
        total += w
    return right / total


def readings(obs):
    """The weight functions compared, by name, for one observation."""
    plain = Info(obs)
    return plain, {
        "uniform": lambda mask: 1.0,
        "shipped": Info(obs, INFER).weight,
        "replay10": Replay(plain, 0.1).weight,
        "replay0": Replay(plain, 0.0).weight,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=150)
    ap.add_argument("--stock", default="4", help="talon sizes, comma-separated (e.g. 8,6,4,2)")
    args = ap.parse_args()
    stocks = {int(s) for s in args.stock.split(",")}
    sums, slots, n = {}, 0, 0
    for obs, true_hand in decisions(args.deals, stocks):
        info, weights = readings(obs)
        for name, weight in weights.items():
            sums[name] = sums.get(name, 0.0) + expected_overlap(info, true_hand, weight)
        slots += info.opp_slots
        n += 1
    print(f"{n} decisions at a talon of {args.stock} over {args.deals} deals; hidden cards of "
          f"the opponent's hand: {slots / n:.3f} on average")
    for name, total in sums.items():
        print(f"  {name:9s} {total / n:.3f} right")


if __name__ == "__main__":
    main()
