#!/usr/bin/env python3
"""Self-play records for a learned value of the seat's information (bench/train/, outside the
AI package; docs/AI.md "Beyond PIMC").

    python3 bench/train/selfplay.py --deals 4000 --players hard:hard --out FILE.jsonl.gz [--jobs 2]

Plays `schnapsen` deals between two levels (seats alternate which deals first; the deal seeds,
"train:<n>", are not the benchmarks' "bench:...") and writes one JSON line per decision where
`features.applies` (the talon at 6 or more, a real choice): the seat's observation as the
engine gave it, the action taken, and the deal's outcome for that seat in game points (signed:
won positive). The observation is stored whole, so the features can change without playing
again. Several runs may append to one file (each line carries its deal number).
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
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from kaffeehaus import api  # noqa: E402

import ai_variants  # noqa: E402
import features  # noqa: E402

PROFILE = "schnapsen"


def deal_start(deal: int):
    """The state at the start of self-play deal `deal` (its own seed; the dealer alternates)."""
    return api.new_deal(PROFILE, options={}, seed=f"train:{deal}", dealer=deal % 2)


def play(deal: int, players: tuple[str, str]) -> list[dict]:
    """One deal's records (a function of the deal number and the players only)."""
    state = deal_start(deal)
    pending = []
    while api.to_move(state) is not None:
        seat = api.to_move(state)
        obs = api.observation(state, seat)
        action = ai_variants.choose(obs, players[seat], deal, state)
        if features.applies(obs):
            pending.append({"deal": deal, "seat": seat, "players": list(players),
                            "obs": obs, "action": action})
        state = api.apply(state, action)
    result = api.deal_result(state)
    for row in pending:
        won = result["winner"]
        row["y"] = 0 if won is None else result["game_points"] * (1 if won == row["seat"] else -1)
    return pending


def _play(args):
    return play(*args)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, required=True)
    ap.add_argument("--first", type=int, default=0, help="number of the first deal")
    ap.add_argument("--players", default="hard:hard", help="level of seat 0 : level of seat 1")
    ap.add_argument("--out", type=pathlib.Path, required=True)
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    players = tuple(args.players.split(":"))
    work = [(d, players if d % 2 == 0 else players[::-1]) for d in range(args.first, args.first + args.deals)]
    t0 = time.perf_counter()
    rows = 0
    with gzip.open(args.out, "at", encoding="utf-8") as out, multiprocessing.Pool(args.jobs) as pool:
        for done, records in enumerate(pool.imap(_play, work, chunksize=4), 1):
            for row in records:
                out.write(json.dumps(row, separators=(",", ":")) + "\n")
            rows += len(records)
            if done % 200 == 0:
                print(f"{done} deals, {rows} decisions, {time.perf_counter() - t0:.0f} s",
                      file=sys.stderr, flush=True)
    print(f"{args.deals} deals, {rows} decisions at a talon of 6 or more -> {args.out} "
          f"({time.perf_counter() - t0:.0f} s)")


if __name__ == "__main__":
    main()
