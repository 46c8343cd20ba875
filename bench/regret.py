"""How much the expert's Phase-1 choices lose to sampling noise (prints figures, asserts nothing).

Along deals of the rule-based player, about a third of the real (not forced) decisions with a
talon (or stock) of at least `--min-stock` cards are taken. Each is valued by the expert's own
search with many layouts (`--layouts`, another seed): its "truth". Each configuration below
(the expert with another number of layouts, or another successive halving, or the
rule-based player the expert's rollouts play) then chooses, and
its regret is what its choice loses against the best action by that truth, in the deal's
units (game points, or the match utility in a match).
If more layouts or less pruning barely lower the regret, sampling is not what limits the
expert; the regret left is mostly the truth's own noise between near-equal actions.

Usage:
  python3 bench/regret.py --profile schnapsen --decisions 60 --layouts 400 --min-stock 6
"""

import argparse
import pathlib
import random
import statistics
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "py"))

from kaffeehaus import api  # noqa: E402
from kaffeehaus.ai import levels, pimc  # noqa: E402
from kaffeehaus.ai.levels import forced_action  # noqa: E402


def expert_config(**changes):
    return pimc.Config(**dict(levels.EXPERT, **changes))


# name -> (changes to the expert's parameters, successive halving)
CONFIGS = {
    "40 layouts": (dict(samples=40, first_round=12), True),
    "40 layouts, no halving": (dict(samples=40), False),
    "80 layouts": (dict(samples=80, first_round=16), True),
    "40, halving after 20": (dict(samples=40, first_round=20), True),
    "80 layouts, no halving": (dict(samples=80), False),
}
RULE_BASED = "the rule-based player"       # its own choice, as the yardstick of the search


def decisions(profile, count, min_stock):
    """Observations of real decisions early in deals of the rule-based player."""
    found = 0
    for deal_no in range(10 * count):
        state = api.new_deal(profile, seed=f"regret/{deal_no}", dealer=deal_no % 2)
        rng = random.Random(deal_no)
        while api.to_move(state) is not None:
            obs = api.observation(state, api.to_move(state))
            if (forced_action(obs) is None and obs["stock_size"] >= min_stock
                    and not obs.get("closed") and rng.random() < 0.3):
                yield obs
                found += 1
                if found >= count:
                    return
            state = api.apply(state, levels.rule_based(obs))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--profile", default="schnapsen")
    ap.add_argument("--decisions", type=int, default=60)
    ap.add_argument("--layouts", type=int, default=400, help="layouts of the truth")
    ap.add_argument("--min-stock", type=int, default=6)
    ap.add_argument("--config", action="append", choices=[*CONFIGS, RULE_BASED],
                    help="only these configurations (repeatable; default all)")
    args = ap.parse_args()
    names = args.config or [*CONFIGS, RULE_BASED]
    regrets = {name: [] for name in names}
    n = args.layouts
    many = expert_config(samples=n, deep_samples=n, exact_samples=n)
    for obs in decisions(args.profile, args.decisions, args.min_stock):
        utility = levels.match_utility(obs)
        truth, _ = pimc.evaluate(obs, many, seed=977, utility=utility)
        best = max(truth.values())
        for name in names:
            if name == RULE_BASED:
                choice = levels.rule_based(obs)
            else:
                changes, halving = CONFIGS[name]
                values, _ = pimc.evaluate(obs, expert_config(**changes), seed=1,
                                          utility=utility, prune=halving)
                choice = levels.best_of(values)
            regrets[name].append(best - truth[choice])
    print(f"# bench/regret.py {' '.join(sys.argv[1:])}")
    for name, r in regrets.items():
        half = 1.96 * statistics.stdev(r) / len(r) ** 0.5 if len(r) > 1 else float("nan")
        print(f"{args.profile:20} {name:24} {len(r)} decisions: mean regret "
              f"{statistics.mean(r):.3f} ± {half:.3f}, choices that lose: "
              f"{sum(x > 1e-9 for x in r) / len(r):.0%}")


if __name__ == "__main__":
    main()
