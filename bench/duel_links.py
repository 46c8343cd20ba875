"""Manual transfers of a duel played by correspondence (docs/PROTOCOL.md): how many links the
players carry per change of turn, over whole matches, and which exchanges the links above one
per change of turn are.

    python3 bench/duel_links.py                      # bummerl and schneider matches, 20 each
    python3 bench/duel_links.py --matches 50 --profiles schnapsen --single

Two parties play through kaffeehaus.api with seeded random legal moves (a correct claim is
always made). A page sends when it can no longer act, all its pending codes in one link (the
page offers them so: a party owes nothing while its seat can act, its shares travel with its
turn). A change of turn is the move passing from one player to the other; the first move of
the match counts as one.
"""

import argparse
import os
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from kaffeehaus import api                        # noqa: E402
from duel_moves import random_move                # noqa: E402
from kaffeehaus.duel import messages              # noqa: E402

KINDS = ("turn", "start", "between deals", "keys in play", "last check")


def play(profile, match, seed):
    """{kind: links} and the changes of turn of one match (or single deal)."""
    rng = random.Random(seed)
    out = api.duel_new(profile, match=match)
    joined = api.duel_join(out["codes"][0])
    parties = [out["party"], joined["party"]]
    outbox = [[], list(joined["codes"])]
    links = dict.fromkeys(KINDS, 0)
    links["start"] = 1                            # the invitation
    changes, last_mover, last_deal = 0, None, None
    while True:
        statuses = [api.duel_observation(p) for p in parties]
        movers = [s for s in (0, 1) if statuses[s]["status"]["phase"] == "your_turn"]
        if movers:
            seat = movers[0]
            action = random_move(statuses[seat]["observation"], rng)
            done = api.duel_act(parties[seat], action)
            parties[seat] = done["party"]
            outbox[seat] += done["codes"]
            changes += seat != last_mover
            last_mover, last_deal = seat, statuses[seat]["status"]["deal"]
            continue
        senders = [s for s in (0, 1) if outbox[s]]
        if not senders:
            break
        sender = senders[0]
        batch, outbox[sender] = outbox[sender], []
        in_play = all(st["status"]["deal"] == last_deal and st["status"]["phase"] in
                      ("your_turn", "their_turn") for st in statuses)
        for code in batch:
            got = api.duel_receive(parties[1 - sender], code)
            parties[1 - sender] = got["party"]
            outbox[1 - sender] += got["codes"]
        # sending changes nothing on the sender's side; the receiver's status came back
        over = statuses[sender]["status"]["phase"] == got["status"]["phase"] == "over"
        links[kind_of_link(batch, last_deal, in_play, over)] += 1
    return links, changes


def kind_of_link(batch, last_deal, in_play, over):
    if any("actions" in messages.decode(code)["body"] for code in batch):
        return "turn"
    if last_deal is None:
        return "start"
    if over:
        return "last check"
    return "keys in play" if in_play else "between deals"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--profiles", default="bummerl,schneider")
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--single", action="store_true", help="single deals, not matches")
    args = parser.parse_args(argv)
    what = "single deals" if args.single else "whole matches"
    print(f"duel by correspondence: {args.matches} {what} per profile, seeded random moves; "
          f"links per match (mean)")
    print(f"{'profile':10} {'links':>7} {'turns':>7} {'links/turn':>10}  " +
          " ".join(f"{k:>13}" for k in KINDS))
    for profile in args.profiles.split(","):
        totals, turns = [], []
        by_kind = {k: [] for k in KINDS}
        for seed in range(args.matches):
            links, changes = play(profile, not args.single, seed)
            totals.append(sum(links.values()))
            turns.append(changes)
            for k in KINDS:
                by_kind[k].append(links[k])
        print(f"{profile:10} {statistics.mean(totals):7.1f} {statistics.mean(turns):7.1f} "
              f"{sum(totals) / sum(turns):10.3f}  " +
              " ".join(f"{statistics.mean(by_kind[k]):13.2f}" for k in KINDS))


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main()
