"""Self-play of the rule-based player: a style (bench/styles.py) against the shipped one.

Every run plays duplicate deal pairs (the seeds of `bench/ai.py`) of the rule-based player
with the given constants against the shipped player and prints the game points per deal with a
95% interval; the same pair numbers for every style, so styles are compared on the same deals.
For `schneider-neighbour` the constants are the neighbour play's, `lead` and `guard` (the
shipped player against the plain Schneider play: `bench/ai.py --pair heuristic:heuristic-plain`).
`--search` changes one constant at a time over a small grid (the way the expert's rollout
style of `bench/ai_variants.py` and the neighbour play's constants were found); confirm a winner on
other pairs (`--first`).

Usage:
  python3 bench/style.py --style '{"trump_led": 2, "throw_half": 3}' --deals 3000 --first 5000
  python3 bench/style.py --search --deals 2000 --profile bummerl
  python3 bench/style.py --search --deals 2000 --profile schneider-neighbour
"""

import argparse
import importlib.util
import json
import pathlib
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "py"))

import ai_variants  # noqa: E402
import styles  # noqa: E402

_spec = importlib.util.spec_from_file_location("bench_ai", HERE / "ai.py")
bench_ai = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench_ai)

GRID = {"trump_bonus": [15, 20, 40], "keep_half": [0, 3, 10], "keep_high": [0, 4, 14],
        "take_led": [11, 4], "throw_half": [0, 3, 10], "trump_led": [2, 3, 4]}
# `schneider-neighbour`: the neighbour play's constants (`NEIGHBOUR_LEAD`, `NEIGHBOUR_GUARD`)
NEIGHBOUR_GRID = {"lead": [0.0, 0.15, 0.6, 1.0], "guard": [0.0, 0.25, 1.0]}


def make_style(params, profile):
    """A `styles.Style` from constants (the neighbour play's for `schneider-neighbour`)."""
    return styles.Style(**params)


def versus_base(params, profile, deals, first):
    """(mean, 95% half-width) of game points per deal of `Style(**params)` vs the shipped
    player, over duplicate pairs first .. first + deals - 1."""
    name = "style:" + json.dumps(params, sort_keys=True)
    style = make_style(params, profile)
    ai_variants.VARIANTS[name] = lambda obs, seed, state: styles.action(obs, style)
    bench_ai.FIRST[0] = first
    result = bench_ai.duplicate_deals(profile, {}, name, "heuristic", deals, f"style-{profile}")
    return result["gp"], result["gp_ci"]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--profile", default="schnapsen")
    ap.add_argument("--deals", type=int, default=2000, help="duplicate deal pairs")
    ap.add_argument("--first", type=int, default=0, help="number of the first pair")
    ap.add_argument("--style", default="{}", help="Style constants as JSON")
    ap.add_argument("--search", action="store_true", help="one constant at a time over GRID")
    args = ap.parse_args()
    base = json.loads(args.style)
    runs = [base]
    if args.search:
        grid = NEIGHBOUR_GRID if args.profile == "schneider-neighbour" else GRID
        runs += [dict(base, **{k: v}) for k, values in grid.items() for v in values]
    t0 = time.time()
    for params in runs:
        m, h = versus_base(params, args.profile, args.deals, args.first)
        print(f"{args.profile:10} {json.dumps(params, sort_keys=True):50} vs shipped: "
              f"{m:+.3f} ± {h:.3f} gp/deal over {args.deals} pairs | {time.time() - t0:.0f}s",
              flush=True)


if __name__ == "__main__":
    main()
