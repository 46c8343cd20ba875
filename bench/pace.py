#!/usr/bin/env python3
"""Pace of play at the table, as a player feels it, and who leads the first trick.

    python3 bench/pace.py [--deals N] [--level expert] [--no-build]

(`bench/web.py` runs the same measurement as part of the web benchmark: `--pace-deals N`.)

Serves the built site (dist/, built unless --no-build) on 127.0.0.1 and drives Debian's
/usr/bin/chromium through Playwright at the default speed setting (animations on). For single
deals of `schnapsen` and `schneider` it plays the first legal card at every turn and times each
turn from the click on a card to the moment the table is the player's again (status
`your-turn`, `deal-over` or `match-over` with the page no longer busy), as the driver sees it
and as the page does (from the click event to the moment it is ready, without the driver's
own delays), and how much of it the engine calls took (the rest is the table: animations,
pauses, drawing). It also counts, over the
fresh deals, how often the computer led the first trick (a fair first dealer gives about half).
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tools.browser import launch_options  # noqa: E402
SETTLED = "html[data-busy='false']"
# Where a turn's time goes: each engine call the page makes (worker message out to answer in)
# is timed in the page; the rest of a turn is the table's animations and pauses.
ENGINE_TIMER = """
window.__engineMs = [];
const post = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (message, ...rest) {
  if (!this.__timed) {
    this.__timed = new Map();
    this.addEventListener('message', ({ data }) => {
      // the call's answer (a streamed step, {id, step}, comes while the engine still works)
      const answered = data && (data.result !== undefined || data.error !== undefined);
      const began = answered ? this.__timed.get(data.id) : undefined;
      if (began !== undefined) {
        window.__engineMs.push(performance.now() - began);
        this.__timed.delete(data.id);
      }
    });
  }
  if (message && message.cmd) this.__timed.set(message.id, performance.now());
  return post.call(this, message, ...rest);
};
// the turn as the page sees it, without the driver's own delays: from the click event on a
// card to the moment the page is no longer busy and it is the player's turn (or the deal is over)
document.addEventListener('click', (event) => {
  if (event.target.closest && event.target.closest("[data-zone='hand'] button[data-card]")) {
    window.__clickAt = performance.now();
    window.__readyAt = null;
  }
}, true);
new MutationObserver(() => {
  const status = document.querySelector('[data-status]');
  if (document.documentElement.dataset.busy === 'false' && status
      && ['your-turn', 'deal-over', 'match-over'].includes(status.dataset.status) && !window.__readyAt) {
    window.__readyAt = performance.now();
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-busy', 'data-status'] });
"""
PLAYER_TURN = ("your-turn", "deal-over", "match-over")
GAMES = ("schnapsen", "schneider")


def wait_for_player(page, timeout=60_000):
    page.wait_for_function(
        """(turn) => document.documentElement.dataset.busy === 'false'
              && turn.includes(document.querySelector('[data-status]').dataset.status)""",
        arg=list(PLAYER_TURN), timeout=timeout, polling=10)
    return page.get_attribute("[data-status]", "data-status")


def start_deal(page, profile, level):
    page.wait_for_selector("[data-zone='setup']:not([hidden])", timeout=10_000)
    page.click(f"[data-profile='{profile}']")
    page.select_option("[data-setup='level']", level)
    page.select_option("[data-setup='length']", "deal")
    page.click("[data-action='start']")


def play_deal(page, profile, level):
    """One fresh single deal; returns (turn times in seconds, whether the computer led first)."""
    start_deal(page, profile, level)
    status = wait_for_player(page)
    first = page.evaluate("""() => {
        // the newest saved game: kaffeehaus.games (web/saving/games.js), else the older kaffeehaus.game
        const games = JSON.parse(localStorage.getItem('kaffeehaus.games') || 'null');
        const records = games ? Object.values(games.games || {}) : [];
        records.sort((a, b) => (b.updated || 0) - (a.updated || 0));
        const saved = records[0] || JSON.parse(localStorage.getItem('kaffeehaus.game') || 'null');
        const deal = saved && saved.state.deals[saved.state.deals.length - 1];
        return deal ? deal.actions.length : null; }""")
    computer_led = bool(first)          # an action before the player's first turn: the computer's
    times, engine, inpage = [], [], []
    while status == "your-turn":
        card = page.locator("[data-zone='hand'] button[data-card]:not([disabled])").first
        if card.count() == 0:           # only an action (e.g. a marriage's follow-up) is offered
            page.locator("[data-zone='actions'] button[data-action]:not([disabled])").first.click()
            status = wait_for_player(page)
            continue
        page.evaluate("() => { window.__engineMs = []; }")
        began = time.perf_counter()
        card.click()
        page.wait_for_function("() => document.documentElement.dataset.busy === 'true'"
                               " || document.querySelector('[data-status]').dataset.status !== 'your-turn'",
                               timeout=10_000, polling=5)
        status = wait_for_player(page)
        times.append(time.perf_counter() - began)
        engine.append(page.evaluate("() => window.__engineMs.reduce((a, b) => a + b, 0)") / 1000)
        inpage.append(page.evaluate("() => (window.__readyAt - window.__clickAt)") / 1000)
    page.click("[data-ui='new-game']")
    return times, engine, inpage, computer_led


def measure(browser, url, profile, deals, level="expert"):
    """Turn times of `deals` fresh single deals of `profile` against `level`: a dict of lists
    (seconds) and the count of deals where the computer led first."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx.add_init_script(ENGINE_TIMER)
    page = ctx.new_page()
    try:
        page.goto(url)
        page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=120_000)
        out = {"driver": [], "engine": [], "in_page": [], "computer_first": 0, "deals": deals}
        for _ in range(deals):
            times, engine, inpage, computer_led = play_deal(page, profile, level)
            out["driver"] += times
            out["engine"] += engine
            out["in_page"] += inpage
            out["computer_first"] += computer_led
        return out
    finally:
        ctx.close()


def report(profile, level, figures):
    """One line of figures for `measure`'s result."""
    times = sorted(figures["driver"])
    rest = sorted(t - e for t, e in zip(figures["driver"], figures["engine"]))
    inpage = sorted(figures["in_page"])
    p90 = lambda xs: xs[int(0.9 * (len(xs) - 1))]  # noqa: E731
    return (f"{profile:10s} {level}: {len(times)} turns over {figures['deals']} deals, "
            f"in the page (click event to the turn) median {statistics.median(inpage):.2f} s, "
            f"p90 {p90(inpage):.2f} s; "
            f"driver's click to next turn median {statistics.median(times):.2f} s, "
            f"p90 {p90(times):.2f} s, max {times[-1]:.2f} s; "
            f"engine calls (until the answer) median {statistics.median(figures['engine']):.2f} s, "
            f"driver minus engine median {statistics.median(rest):.2f} s; "
            f"computer led first in {figures['computer_first']} of {figures['deals']} deals; "
            f"load average {os.getloadavg()[0]:.1f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=12, help="fresh single deals per game")
    ap.add_argument("--level", default="expert")
    ap.add_argument("--no-build", action="store_true", help="serve the existing dist/")
    ap.add_argument("--dist", type=Path, default=None, help="serve this built site (implies --no-build)")
    args = ap.parse_args()

    import build                      # the repo's build.py: build(), DIST, serve_in_thread
    if not args.no_build and args.dist is None:
        build.build()
    server, url = build.serve_in_thread(args.dist or build.DIST, 0)
    from playwright.sync_api import sync_playwright
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(**launch_options())
            for profile in GAMES:
                print(report(profile, args.level, measure(browser, url, profile, args.deals, args.level)),
                      flush=True)
            browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
