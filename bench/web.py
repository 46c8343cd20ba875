#!/usr/bin/env python3
"""Web benchmark: transfer size, time to table and to engine ready (cold/warm), AI time.

    python3 bench/web.py [--runs N] [--positions N] [--pace-deals N] [--no-build]
    python3 bench/web.py --ai-only --levels expert --positions 300

Builds the site into .cache/bench-dist/ (unless --no-build), serves it with build.py's server on 127.0.0.1 (same headers
as netlify.toml) and drives Debian's /usr/bin/chromium through Playwright.

- Bytes, first visit: what the server sent (tools/server.py sends what the host sends: text
  and wasm gzip-compressed, zips and images as they are; bench/boot.py has
  the file by file account) until the engine is ready, the service worker's precache after it
  not counted.
- Bytes, repeat visit: what the server actually sent on a second visit in the same profile
  (hashed files are immutable; index.html revalidates with 304).
- Times from navigation start: first contentful paint, DOMContentLoaded, <html
  data-table="drawn"> and <html data-engine="ready"> (both set by app.js). Cold = new profile;
  warm = second visit (HTTP cache + the engine's memory snapshot in Cache Storage).
- AI: the computer's decisions per level inside the worker (computer_turn, per decision), over real decisions
  (two or more legal actions) spread across whole deals of seeded matches: median, p90, p95,
  max; with --ai-only, the same decisions in CPython too (CPU seconds), for the ratio.
- Pace of play (bench/pace.py's measurement): seconds from the click on a card to the
  player's next turn at the default speed against the expert, over fresh single deals of
  Schnapsen and Schneider, and who led the first trick.

(About 310 lines, one script: every figure comes from the one server and browser it starts.)
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))
LEVELS = ["random", "easy", "medium", "hard", "expert"]

sys.path.insert(0, str(ROOT))
import build  # noqa: E402  the repo's build.py: build(), SiteHandler, ThreadingServer
from tools.browser import launch_options  # noqa: E402

sys.path.insert(0, str(ROOT / "bench"))
import pace  # noqa: E402  the pace of play (bench/pace.py)


class CountingHandler(build.SiteHandler):
    """build.py's handler, counting the body bytes it sends per path."""

    sent: dict[str, int] = {}
    lock = threading.Lock()

    def body_sent(self, path, size, encoding):
        with self.lock:
            self.sent[path] = self.sent.get(path, 0) + size


def serve(dist: Path):
    import functools
    handler = type("H", (CountingHandler,), {"quiet": True, "mounts": {
        "/__test__/": str(ROOT / "tests" / "web" / "harness")}})
    server = build.ThreadingServer(("127.0.0.1", 0),
                                   functools.partial(handler, directory=str(dist)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/", handler


INIT = """
(() => {
  const mark = () => {
    const d = document.documentElement.dataset;
    if (d.engine === "ready" && !window.__engineReadyAt) window.__engineReadyAt = performance.now();
    if (d.table === "drawn" && !window.__tableDrawnAt) window.__tableDrawnAt = performance.now();
  };
  new MutationObserver(mark).observe(document, {attributes: true, subtree: true,
                                                attributeFilter: ["data-engine", "data-table"]});
})();
"""


def visit(ctx, url) -> dict:
    page = ctx.new_page()
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    CountingHandler.sent.clear()
    page.goto(url)
    page.wait_for_function("() => window.__engineReadyAt", timeout=120_000, polling=20)
    sent_until_ready = sum(CountingHandler.sent.values())
    t = page.evaluate("""() => {
        const nav = performance.getEntriesByType("navigation")[0];
        const fcp = performance.getEntriesByName("first-contentful-paint")[0];
        return {ready: window.__engineReadyAt, table: window.__tableDrawnAt || null,
                dcl: nav.domContentLoadedEventEnd,
                fcp: fcp ? fcp.startTime : null};
    }""")
    # Let the worker store its snapshot and the service worker finish its precache before the
    # page goes (a real visitor stays longer), so a repeat visit measures only itself.
    # (an async predicate: wait_for_function would take its promise for a true value)
    end = time.monotonic() + 60
    while not page.evaluate("""async () => (await (await caches.open("kaffeehaus-engine-snapshot"))
            .keys()).length > 0 && ["ready", "error", "unsupported"]
            .includes(document.documentElement.dataset.offline)""") and time.monotonic() < end:
        time.sleep(0.1)
    page.close()
    t["requests"] = requests
    t["sent"] = sent_until_ready
    return t


def decision_positions(count: int) -> list[dict]:
    """`count` observations of real decisions (two or more legal actions, none forced), spread
    over whole deals of every profile: seeded matches played by `medium` (the rule-based
    player, cheap and sensible), one decision of each first deal, at a place that moves evenly
    through the deal from match to match, so early, middle and end decisions are all there."""
    from kaffeehaus import api
    from kaffeehaus.ai.levels import forced_action

    out = []
    profiles = [p["id"] for p in api.profiles()]
    seed = 0
    while len(out) < count:
        profile = profiles[seed % len(profiles)]
        state = api.new_match(profile, seed=1000 + seed)
        place = (seed * 0.6180339887) % 1   # the decision's place in the deal: evenly spread
        decisions = []
        while api.to_move(state) is not None:
            mover = api.to_move(state)
            obs = api.observation(state, mover)
            if len(obs["legal_actions"]) > 1 and forced_action(obs) is None:
                decisions.append({"state": state, "seat": mover})
            state = api.apply(state, api.ai_action(state, mover, level="medium", seed=seed))
        if decisions:
            out.append(decisions[int(place * len(decisions))])
        seed += 1
    return out


def ai_times(browser, base_url, positions: int, levels: list[str]) -> tuple[dict, list[dict]]:
    """({level: [ms per decision] or {error}}, the decisions timed). The page has no call for
    one decision: `computer_turn` for the other seat makes the computer move while it is to
    move, and its time is divided by the decisions it made (its steps)."""
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(base_url + "__test__/engine.html")
    page.wait_for_selector("html[data-harness=ready]", state="attached")
    page.evaluate("() => { window.kh.start({}); }")
    page.evaluate("() => window.kh.engine.ready")
    obs_list = decision_positions(positions)
    out = {}
    for level in levels:
        times = page.evaluate("""async ([decisions, level]) => {
            const times = [];
            for (const [i, {state, seat}] of decisions.entries()) {
                const t0 = performance.now();
                let turn;
                try {
                    turn = await window.kh.engine.call("computer_turn", {state, seat: 1 - seat, level, seed: i});
                } catch (e) {
                    return {error: e.type + ": " + e.message};
                }
                times.push((performance.now() - t0) / Math.max(1, turn.steps.length));
            }
            return times;
        }""", [obs_list, level])
        out[level] = times
    ctx.close()
    return out, obs_list


def cpython_times(obs_list: list[dict], level: str) -> list[float]:
    """The same decisions in this process (CPU ms): the browser's overhead over CPython."""
    from kaffeehaus import api

    times = []
    for i, decision in enumerate(obs_list):
        t0 = time.process_time()
        turn = api.computer_turn(decision["state"], 1 - decision["seat"], level=level, seed=i)
        times.append((time.process_time() - t0) * 1000 / max(1, len(turn["steps"])))
    return times


def times_line(level: str, times: list[float]) -> str:
    return (f"    {level:8s} median {statistics.median(times):7.1f} ms   p90 {quantile(times, 0.9):7.1f} ms   "
            f"p95 {quantile(times, 0.95):7.1f} ms   max {max(times):7.1f} ms   ({len(times)} decisions)")


def quantile(xs: list[float], q: float) -> float:
    """The q-quantile by the nearest rank (p95 of 300 times: the 285th)."""
    ordered = sorted(xs)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=3, help="cold and warm visits each (median)")
    ap.add_argument("--positions", type=int, default=12, help="decisions per AI level")
    ap.add_argument("--levels", default=",".join(LEVELS), help="AI levels to time, comma-separated")
    ap.add_argument("--ai-only", action="store_true",
                    help="only the AI's decision times (no visits, no pace of play)")
    ap.add_argument("--pace-deals", type=int, default=6,
                    help="fresh single deals per game for the pace of play (0: skip)")
    ap.add_argument("--no-build", action="store_true", help="reuse .cache/bench-dist/")
    args = ap.parse_args()
    levels = args.levels.split(",")
    from playwright.sync_api import sync_playwright

    # A private copy of the site: another `build.py` run cannot swap dist/ under the bench.
    dist = ROOT / ".cache" / "bench-dist"
    if not args.no_build or not (dist / "precache.json").exists():
        build.build(dist=dist)
    server, url, handler = serve(dist)
    cold, warm, repeat_sent = [], [], []
    first_paths: list[str] = []
    with sync_playwright() as p:
        launch = launch_options()
        for _ in range(0 if args.ai_only else args.runs):
            profile = tempfile.mkdtemp(prefix="kh-bench-")
            try:
                ctx = p.chromium.launch_persistent_context(profile, **launch)
                ctx.add_init_script(INIT)
                first = visit(ctx, url)
                cold.append(first)
                first_paths = sorted({r[len(url):].split("?")[0] or "index.html"
                                      for r in first["requests"] if r.startswith(url)})
                warm.append(visit(ctx, url))
                repeat_sent.append(warm[-1]["sent"])
                ctx.close()
            finally:
                shutil.rmtree(profile, ignore_errors=True)
        browser = p.chromium.launch(**launch)
        ai, decisions = ai_times(browser, url, args.positions, levels)
        pace_lines = [pace.report(game, "expert", pace.measure(browser, url, game, args.pace_deals))
                      for game in (pace.GAMES if args.pace_deals > 0 and not args.ai_only else ())]
        browser.close()
    server.shutdown()

    med = lambda xs: statistics.median(xs) if xs else float("nan")  # noqa: E731
    if not args.ai_only:
        print(f"Kaffeehaus web benchmark  ({len(first_paths)} files on a first visit, "
              f"{args.runs} runs each, medians; {os.cpu_count()} CPU cores, headless Chromium, 127.0.0.1)")
        print(f"  first visit transfer until the engine is ready: {med([r['sent'] for r in cold]) / 1e6:.2f} MB "
              "(as served: bench/boot.py has it file by file)")
        print(f"  repeat visit transfer: {med(repeat_sent) / 1e3:.1f} kB (bodies sent by the server)")
        for name, runs in (("cold", cold), ("warm", warm)):
            print(f"  {name}: first paint {med([r['fcp'] for r in runs if r['fcp']]):.0f} ms, "
                  f"table drawn (data-table) {med([r['table'] for r in runs if r['table']]):.0f} ms, "
                  f"DOMContentLoaded {med([r['dcl'] for r in runs]):.0f} ms, "
                  f"engine ready {med([r['ready'] for r in runs]):.0f} ms "
                  "(all: " + ", ".join(f"{r['ready']:.0f}" for r in runs) + ")")
    print("  AI decision time in the worker (round trip), per level:")
    for level, times in ai.items():
        if isinstance(times, dict):
            print(f"    {level:8s} not available: {times['error'][:90]}")
        else:
            print(times_line(level, times))
    if args.ai_only:
        print("  the same decisions in CPython (CPU, this process):")
        for level in levels:
            times = cpython_times(decisions, level)
            print(times_line(level, times))
    if pace_lines:
        print("  pace of play against the expert (click on a card to the player's next turn):")
        for line in pace_lines:
            print(f"    {line}")
    if not args.ai_only:
        print("  files of a first visit (size as stored):")
        for rel in first_paths:
            print(f"    {(dist / rel).stat().st_size:>10,d}  {rel}")


if __name__ == "__main__":
    main()
