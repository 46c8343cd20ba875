"""The size of the duel's codes, as players send them: the invitation, the reply, and the codes
of a deal's moves (each a "kd1." code; a link adds the page's address and "#duel="), against the
limit a code may reach (kaffeehaus.limits.MAX_CODE_LENGTH), and how many QR codes each takes
(web/duel/qr-sequence.js: one QR code up to 1,200 characters, else parts of 1,178).

    python3 bench/codes.py                          # schnapsen, bummerl, schneider (32 cards)
    python3 bench/codes.py --profiles schnapsen --seed 3

One single deal per profile, two parties in this process through kaffeehaus.api, seeded random
legal moves, in the group the page uses (ristretto255). One core.
"""

import argparse
import math
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from kaffeehaus import api                       # noqa: E402
from duel_moves import random_move                # noqa: E402
from kaffeehaus.limits import MAX_CODE_LENGTH    # noqa: E402

OPTIONS = {"schneider": {"deck": 32}}
QR_TEXT_MAX, QR_PART = 1_200, 1_200 - 22
LINK_PREFIX = len("https://kaffeehaus.example/#duel=")


def qr_codes(chars):
    return 1 if chars <= QR_TEXT_MAX else math.ceil(chars / QR_PART)


def deal_codes(profile, seed):
    """[(who, code)] in the order sent: the invitation, the reply, then every other code."""
    rng = random.Random(seed)
    out = api.duel_new(profile, options=OPTIONS.get(profile), match=False)
    parties = [out["party"], None]
    sent = [("invitation", out["codes"][0])]
    joined = api.duel_join(out["codes"][0])
    parties[1] = joined["party"]
    inbox = [list(joined["codes"]), []]
    sent += [("reply", c) for c in joined["codes"][:1]] + [("move", c) for c in joined["codes"][1:]]
    while True:
        seat = 0 if inbox[0] else 1 if inbox[1] else None
        if seat is not None:
            out = api.duel_receive(parties[seat], inbox[seat].pop(0))
        else:
            views = [api.duel_observation(p) for p in parties]
            movers = [s for s in (0, 1) if views[s]["status"]["phase"] == "your_turn"]
            if not movers:
                break
            seat = movers[0]
            action = random_move(views[seat]["observation"], rng)
            out = api.duel_act(parties[seat], action)
        parties[seat] = out["party"]
        inbox[1 - seat] += out["codes"]
        sent += [("move", c) for c in out["codes"]]
    return sent


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--profiles", default="schnapsen,bummerl,schneider")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"code limit {MAX_CODE_LENGTH} characters; QR codes for a link "
          f"(address of {LINK_PREFIX} characters + code)")
    print(f"{'profile':<12} {'invitation':>10} {'QR':>3} {'reply':>7} {'QR':>3} "
          f"{'moves':>5} {'move mean':>9} {'move max':>8} {'QR max':>6} {'total':>8}")
    for profile in args.profiles.split(","):
        sent = deal_codes(profile, args.seed)
        invitation = len(sent[0][1])
        reply = len(sent[1][1])
        moves = [len(c) for who, c in sent[2:]]
        assert max(invitation, reply, *moves) <= MAX_CODE_LENGTH
        print(f"{profile:<12} {invitation:>10} {qr_codes(LINK_PREFIX + invitation):>3} "
              f"{reply:>7} {qr_codes(LINK_PREFIX + reply):>3} {len(moves):>5} "
              f"{statistics.mean(moves):>9.0f} {max(moves):>8} "
              f"{qr_codes(LINK_PREFIX + max(moves)):>6} "
              f"{sum(len(c) for _, c in sent):>8}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
