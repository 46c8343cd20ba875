"""Random-playout throughput of the rules engine on CPython: deals per second per profile.

    python3 bench/engine.py [--seconds 2]

Two figures per profile: through the rule objects directly (what the AI uses), and through
the JSON API (what the browser uses: validation, replay cache, fresh state per action).
"""

import argparse
import pathlib
import random
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "py"))

from kaffeehaus import api  # noqa: E402
from kaffeehaus.game import new_game  # noqa: E402

CASES = [("schneider", {}), ("schneider", {"deck": 24, "trump": True, "follow_suit": True}),
         ("schneider-neighbour", {}), ("schnapsen", {}), ("schnapsen-strict", {}),
         ("bummerl", {}), ("bummerl", {"sevens": True})]


def pick(rng, legal):
    # claims end a deal at once; keep them rare so whole deals are measured
    cards = [a for a in legal if a != "claim"] or legal
    return rng.choice(cards)


def run_engine(profile, options, seconds):
    rng = random.Random(1)
    deals = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        deal = new_game(profile, options, is_match=False, seed=deals, dealer=deals % 2).current
        while deal.result is None:
            deal.apply(pick(rng, deal.legal_actions()))
            actions += 1
        deals += 1
    elapsed = time.perf_counter() - start
    return deals / elapsed, actions / elapsed


def run_api(profile, options, seconds):
    rng = random.Random(1)
    deals = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = api.new_deal(profile, options=options, seed=deals)
        while (legal := api.legal_actions(state)):
            state = api.apply(state, pick(rng, legal))
            actions += 1
        deals += 1
    elapsed = time.perf_counter() - start
    return deals / elapsed, actions / elapsed


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}, {args.seconds:g} s per figure")
    print(f"{'profile':46} {'engine deals/s':>15} {'actions/s':>10} {'API deals/s':>12} {'actions/s':>10}")
    for profile, options in CASES:
        name = profile + "".join(f" {k}={v}" for k, v in options.items())
        e_deals, e_actions = run_engine(profile, options, args.seconds)
        a_deals, a_actions = run_api(profile, options, args.seconds)
        print(f"{name:46} {e_deals:15,.0f} {e_actions:10,.0f} {a_deals:12,.0f} {a_actions:10,.0f}")


if __name__ == "__main__":
    main()
