"""AI strength and speed benchmarks (prints figures, asserts nothing).

Duplicate play: every deal (or match) is played twice with the same cards and the seats
swapped, so the luck of the cards cancels. Figures, per profile and pairing A vs B:

* deals: game points per deal won by A minus those won by B (mean over deals, 95% CI
  from the per-pair means), and the share of deals A won;
* matches estimated from those deals: the duplicate deals' outcomes (with A dealing or
  not) are resampled into whole matches (Bummerl countdown, Schneider target, 6-deal session),
  with a bootstrap 95% interval over the deal pairs;
* matches: whole matches (Bummerl to 7 / Schneider to 7 / 6-deal session) from the same seed
  with seats swapped; share won by A (draws count half) with a 95% Wilson interval.

(About 400 lines, one script: the runs share the pair cache, the worker pool and the interval
arithmetic; the players themselves are in bench/ai_variants.py.)

Decision time: the distribution of `expert`'s thinking time per decision over whole deals.

Deal pairs can be played on several processes (`--jobs 2`); every pair's deal seed and AI
seed come from its number, so the figures do not depend on the number of jobs. `--cache FILE`
keeps each pair's record (several runs may share the file: it is merged under a lock).

Usage:
  python3 bench/ai.py --profile bummerl --pair expert:heuristic --deals 400 --matches 100
  python3 bench/ai.py --profile schneider --ladder --deals 200
  python3 bench/ai.py --profile bummerl --times --deals 20
"""

import argparse
import fcntl
import json
import math
import multiprocessing
import os
import pathlib
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "py"))

from kaffeehaus import api  # noqa: E402
from kaffeehaus.ai.levels import forced_action  # noqa: E402

import ai_variants  # noqa: E402

LADDER = ["random", "easy", "medium", "hard", "expert"]
GAME = {p["id"]: p["game"] for p in api.profiles()}      # profile id -> game family
TIMED = ("expert",)   # and its bench variants (expert-...)
TIMES = []          # (profile, wall s, CPU s, a real choice, level) of expert(-variant) decisions


def timed_action(state, profile, seats, ai_seed):
    """The AI's action for the seat to move, its decision time recorded for timed levels."""
    p = api.to_move(state)
    obs = api.observation(state, p)
    t0, c0 = time.perf_counter(), time.process_time()
    action = ai_variants.choose(obs, seats[p], ai_seed, state)
    if seats[p].startswith(TIMED):
        TIMES.append((profile, time.perf_counter() - t0, time.process_time() - c0,
                      forced_action(obs) is None, seats[p]))
    return action


def play_deal(profile, options, seed, dealer, seats, ai_seed):
    """One deal; seats[p] is the level of player p. Returns (winner, game points)."""
    state = api.new_deal(profile, options=options, seed=seed, dealer=dealer)
    while api.to_move(state) is not None:
        action = timed_action(state, profile, seats, ai_seed)
        state = api.apply(state, action)
    r = api.deal_result(state)
    return r["winner"], r["game_points"]


def play_match(profile, options, seed, seats, ai_seed):
    state = api.new_match(profile, options=options, seed=seed, first_dealer=0)
    deals = 0
    while True:
        status = api.match_status(state)
        if status["over"]:
            return status["winner"], deals
        if api.to_move(state) is None:
            state = api.apply(state, "next")
            continue
        action = timed_action(state, profile, seats, ai_seed)
        state = api.apply(state, action)
        if api.to_move(state) is None and api.deal_result(state) is not None:
            deals += 1 if action != "next" else 0
        if deals > 60:
            return None, deals


def mean_ci(xs):
    n = len(xs)
    m = statistics.fmean(xs)
    if n < 2:
        return m, float("nan")
    return m, 1.96 * statistics.stdev(xs) / math.sqrt(n)


def wilson(wins, n):
    if n == 0:
        return float("nan"), float("nan")
    z = 1.96
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


FIRST = [0]        # --first: number of the first deal pair
JOBS = [1]         # --jobs: worker processes for the deal pairs
CACHE = {"path": None, "data": {}}     # --cache: per-pair records of earlier runs


def load_cache(path):
    CACHE["path"] = path
    if path and pathlib.Path(path).exists():
        CACHE["data"] = json.loads(pathlib.Path(path).read_text())


def save_cache():
    """Write the cache, merged with what other bench runs sharing the file added meanwhile
    (under a lock; written to a temporary file, then renamed)."""
    path = CACHE["path"]
    if not path:
        return
    with open(f"{path}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if pathlib.Path(path).exists():
            try:
                other = json.loads(pathlib.Path(path).read_text())
            except ValueError:
                other = {}
            for k, v in other.items():
                CACHE["data"].setdefault(k, v)
        tmp = f"{path}.{os.getpid()}.tmp"
        pathlib.Path(tmp).write_text(json.dumps(CACHE["data"]))
        os.replace(tmp, path)


def pair_key(a, b, i, tag):
    return f"{tag}|{a}|{b}|{i}"


def duplicate_pair(profile, options, a, b, i, tag):
    """One duplicate deal pair: [(A dealt, signed gp for A, A won: 1/0.5/0), (..)]."""
    key = pair_key(a, b, i, tag)
    if key in CACHE["data"]:
        return [tuple(x) for x in CACHE["data"][key]]
    rec = play_pair(profile, options, a, b, i, tag)
    if CACHE["path"]:
        CACHE["data"][key] = rec
        if i % 10 == 9:
            save_cache()
    return rec


def play_pair(profile, options, a, b, i, tag):
    """Play one duplicate deal pair (a function of its arguments only: the deal seed and the
    AI seed come from the pair number, so results do not depend on --jobs)."""
    seed = f"bench:{tag}:{i}"
    dealer = i % 2
    rec = []
    for a_seat in (0, 1):
        seats = [b, b]
        seats[a_seat] = a
        w, gp = play_deal(profile, options, seed, dealer, seats, ai_seed=i)
        v = 0 if w is None else (gp if w == a_seat else -gp)
        rec.append((a_seat == dealer, v, 1 if (w == a_seat) else 0.5 if w is None else 0))
    return rec


def _pool_pair(args):
    """Worker: one pair's record and the decision times taken while playing it."""
    del TIMES[:]
    rec = play_pair(*args)
    return args[4], rec, list(TIMES)


def fill_pairs(profile, options, a, b, indices, tag):
    """Play the pairs of `indices` missing from the cache on JOBS[0] worker processes."""
    todo = [i for i in indices if pair_key(a, b, i, tag) not in CACHE["data"]]
    if JOBS[0] <= 1 or len(todo) < 2:
        return
    done = 0
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(JOBS[0]) as pool:
        for i, rec, times in pool.imap_unordered(
                _pool_pair, [(profile, options, a, b, i, tag) for i in todo], chunksize=1):
            CACHE["data"][pair_key(a, b, i, tag)] = rec
            TIMES.extend(times)
            done += 1
            if done % 10 == 0:
                save_cache()
    save_cache()


def duplicate_deals(profile, options, a, b, n, tag):
    pair_means = []
    records = []            # per pair: [(a_deals, signed gp for A), (..)]
    won = 0
    indices = range(FIRST[0], FIRST[0] + n)
    fill_pairs(profile, options, a, b, indices, tag)
    for i in indices:
        rec = duplicate_pair(profile, options, a, b, i, tag)
        pair_means.append((rec[0][1] + rec[1][1]) / 2)
        won += rec[0][2] + rec[1][2]
        records.append([(d, v) for d, v, _ in rec])
    save_cache()
    m, h = mean_ci(pair_means)
    est, lo, hi = match_estimate(profile, options, records)
    return {"pairs": n, "gp": m, "gp_ci": h, "deal_share": won / (2 * n),
            "match_est": est, "match_lo": lo, "match_hi": hi, "pair_means": pair_means}


def simulate_matches(profile, options, pool, rng, count):
    """Share of matches A wins when each deal's outcome is drawn from the observed duplicate
    deals with A in the same role (dealer or forehand). Bummerl: 7 down to 0 (or `target`),
    dealer alternates; Schneider: first to the target, a draw keeps the dealer (SN-8);
    schneider-neighbour: a 6-deal session (SN-13), draws count half."""
    as_dealer = [v for d, v in pool if d]
    as_fore = [v for d, v in pool if not d]
    total = 0.0
    for _ in range(count):
        a_deals = rng.random() < 0.5
        if GAME[profile] == "schnapsen":
            target = options.get("target", 7)
            left = [target, target]        # [A, B]
            while True:
                v = rng.choice(as_dealer if a_deals else as_fore)
                if v > 0:
                    left[0] -= v
                elif v < 0:
                    left[1] += v
                if left[0] <= 0:
                    total += 1
                    break
                if left[1] <= 0:
                    break
                a_deals = not a_deals
        elif profile == "schneider-neighbour":
            diff = 0
            for _ in range(6):
                diff += rng.choice(as_dealer if a_deals else as_fore)
                a_deals = not a_deals
            total += 1 if diff > 0 else 0.5 if diff == 0 else 0
        else:
            target = options.get("target") or (50 if options.get("cumulative") else 7)
            sa = sb = 0
            for _ in range(400):
                v = rng.choice(as_dealer if a_deals else as_fore)
                if v > 0:
                    sa += v
                elif v < 0:
                    sb -= v
                if sa >= target or sb >= target:
                    break
                if v != 0:
                    a_deals = not a_deals
            total += 1 if sa >= target else 0 if sb >= target else 0.5
    return total / count


def match_estimate(profile, options, records, boots=150, count=1500):
    import random
    rng = random.Random(1)
    pool = [x for rec in records for x in rec]
    est = simulate_matches(profile, options, pool, rng, 6000)
    shares = []
    for _ in range(boots):
        sample = [x for _ in records for x in rng.choice(records)]
        shares.append(simulate_matches(profile, options, sample, rng, count))
    shares.sort()
    return est, shares[int(0.025 * boots)], shares[int(0.975 * boots) - 1]


def duplicate_matches(profile, options, a, b, n, tag):
    score = 0.0
    games = 0
    deals = 0
    for i in range(n):
        seed = f"benchm:{tag}:{i}"
        for a_seat in (0, 1):
            seats = [b, b]
            seats[a_seat] = a
            w, d = play_match(profile, options, seed, seats, ai_seed=i)
            deals += d
            games += 1
            score += 1 if w == a_seat else 0.5 if w is None else 0
    lo, hi = wilson(score, games)
    return {"matches": games, "share": score / games, "lo": lo, "hi": hi, "deals": deals}


def report(profile, options, a, b, args):
    tag = f"{profile}:{sorted(options.items())}"
    t0 = time.time()
    line = f"{profile:20s} {str(options) if options else '':24s} {a:>9s} vs {b:<9s}"
    if args.deals:
        if args.ab and CACHE["path"]:
            # the variant first; then the cache is re-read, so baseline pairs that another run
            # sharing the cache finished meanwhile are not played again
            fill_pairs(profile, options, args.ab, b, range(FIRST[0], FIRST[0] + args.deals), tag)
            save_cache()
        d = duplicate_deals(profile, options, a, b, args.deals, tag)
        line += (f" | {d['pairs']:4d} dup deals: gp/deal {d['gp']:+.3f} ± {d['gp_ci']:.3f},"
                 f" deals won {100 * d['deal_share']:.1f}%, matches (resampled from these deals)"
                 f" {100 * d['match_est']:.1f}% [{100 * d['match_lo']:.1f}, {100 * d['match_hi']:.1f}]")
    if args.matches:
        m = duplicate_matches(profile, options, a, b, args.matches, tag)
        line += (f" | {m['matches']:4d} matches ({m['deals']} deals): won {100 * m['share']:.1f}%"
                 f" [{100 * m['lo']:.1f}, {100 * m['hi']:.1f}]")
    line += f" | {time.time() - t0:.0f}s"
    print(line, flush=True)
    if args.deals and args.ab:
        # the same deal pairs (same seeds, same AI seeds) with A replaced by args.ab
        d2 = duplicate_deals(profile, options, args.ab, b, args.deals, tag)
        diffs = [x - y for x, y in zip(d["pair_means"], d2["pair_means"])]
        m, h = mean_ci(diffs)
        print(f"{'':46s} {args.ab:>9s} vs {b:<9s} | {d2['pairs']:4d} dup deals: gp/deal {d2['gp']:+.3f}"
              f" ± {d2['gp_ci']:.3f}, deals won {100 * d2['deal_share']:.1f}%, matches (resampled)"
              f" {100 * d2['match_est']:.1f}% [{100 * d2['match_lo']:.1f}, {100 * d2['match_hi']:.1f}]",
              flush=True)
        print(f"{'':46s} paired A/B {a} minus {args.ab} vs {b}: {m:+.3f} ± {h:.3f} gp/deal over"
              f" {len(diffs)} deal pairs (95% CI; {sum(1 for x in diffs if x > 0)} pairs better,"
              f" {sum(1 for x in diffs if x < 0)} worse)", flush=True)


def times_report():
    if not TIMES:
        return
    for level in sorted({t[4] for t in TIMES}):
        times = [t for t in TIMES if t[4] == level]
        for label, col in (("CPU", 2), ("wall-clock", 1)):
            for profile in sorted({t[0] for t in times}) + [None]:
                xs = sorted(t[col] for t in times if profile is None or t[0] == profile)
                times_line(f"{level}, {label} {profile or 'all profiles'}", xs)
            xs = sorted(t[col] for t in times if t[3])
            times_line(f"{level}, {label} all profiles, only decisions with 2+ legal actions", xs)


def times_line(label, xs):
    n = len(xs)

    def q(f):
        return xs[min(n - 1, int(f * n))]
    print(f"decision time ({label}) over {n} decisions: median {q(0.5):.3f}s, p90 {q(0.9):.3f}s, "
          f"p99 {q(0.99):.3f}s, max {xs[-1]:.3f}s, mean {statistics.fmean(xs):.3f}s", flush=True)
    edges = [0.01, 0.05, 0.1, 0.2, 0.4, 0.8, 1.5, 1e9]
    lo = 0.0
    parts = []
    for e in edges:
        k = sum(1 for x in xs if lo <= x < e)
        parts.append(f"<{e if e < 1e9 else 'inf'}s: {k}")
        lo = e
    print("  histogram: " + ", ".join(parts), flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--profile", action="append", help="profile id (repeatable); default all five")
    ap.add_argument("--options", default="{}", help="options as a Python/JSON dict")
    ap.add_argument("--pair", action="append", default=[], help="A:B levels, e.g. expert:heuristic")
    ap.add_argument("--ladder", action="store_true", help="each level against the one below")
    ap.add_argument("--deals", type=int, default=0, help="duplicate deals per pairing")
    ap.add_argument("--matches", type=int, default=0, help="duplicate matches per pairing")
    ap.add_argument("--times", action="store_true", help="report expert decision times")
    ap.add_argument("--ab", help="paired A/B: also play this level in A's seat on the same deal"
                    " pairs and report the per-pair difference (e.g. --pair expert:heuristic"
                    " --ab expert-noinfer; variants: bench/ai_variants.py)")
    ap.add_argument("--cache", help="JSON file of per-pair deal records reused across runs"
                    " (keyed by profile, options, levels and pair number)")
    ap.add_argument("--first", type=int, default=0, help="number of the first deal pair (default 0)")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes for the deal pairs"
                    " (results do not depend on it)")
    args = ap.parse_args()
    FIRST[0] = args.first
    JOBS[0] = args.jobs
    load_cache(args.cache)
    profiles = args.profile or list(GAME)
    options = eval(args.options, {}, {"true": True, "false": False})
    pairs = [tuple(p.split(":")) for p in args.pair]
    if args.ladder:
        pairs += [(LADDER[i + 1], LADDER[i]) for i in range(len(LADDER) - 1)]
    if args.times and not pairs:
        pairs = [("expert", "heuristic")]
    print(f"# bench/ai.py {' '.join(sys.argv[1:])}", flush=True)
    for profile in profiles:
        opts = options if profile in ("bummerl", "schneider") else {}
        for a, b in pairs:
            report(profile, opts, a, b, args)
    if args.times or TIMES:
        times_report()


if __name__ == "__main__":
    main()
