"""The cost of the duel protocol (docs/PROTOCOL.md): CPU time per deal per party, scalar
multiplications, messages per deal, and the size of the text codes the players send.

    python3 bench/duel.py                       # schnapsen, bummerl, schneider; 3 deals each
    python3 bench/duel.py --deals 5 --profiles schnapsen
    python3 bench/duel.py --pyodide             # the same inside Pyodide under Node
    python3 bench/duel.py --browser --deals 2   # two pages in headless Chromium, codes pasted

Two parties play single deals against each other in this process through kaffeehaus.api, as
two pages would: each call takes the party as JSON and returns it as JSON, and every message
travels as its text code. Moves are seeded random legal moves (a correct claim is always
made). One core. The time of a call is charged to the party that makes it.

(About 390 lines, one script: the CPython, Pyodide and browser runs print the same table from
the same per-call records.)
"""

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from kaffeehaus import api                        # noqa: E402
from duel_moves import random_move                # noqa: E402
from kaffeehaus.duel import ristretto            # noqa: E402

IN_PYODIDE = sys.platform == "emscripten"


def clock():
    """CPU seconds of this process (under Node: node's own count, since wasm has no clock of
    its own for it); the machine's other jobs do not count."""
    if IN_PYODIDE:
        import js
        usage = js.process.cpuUsage()
        return (usage.user + usage.system) / 1e6
    return time.process_time()


SCALAR_PRODUCTS = [0]            # scalar * point terms computed so far (every sum's terms count)


def count_scalar_products():
    """Wrap the group's two ways of multiplying so that every term is counted (a benchmark's
    instrument: the engine keeps no counter of its own)."""
    plain, fixed = ristretto.multi_multiply, ristretto.FixedBase.multiply

    def counted_sum(pairs):
        pairs = list(pairs)
        SCALAR_PRODUCTS[0] += len(pairs)
        return plain(pairs)

    def counted_fixed(self, scalar):
        SCALAR_PRODUCTS[0] += 1
        return fixed(self, scalar)

    ristretto.multi_multiply = counted_sum
    ristretto.FixedBase.multiply = counted_fixed


class Meter:
    def __init__(self):
        self.seconds = [0.0, 0.0]
        self.exps = [0, 0]
        self.calls = []           # (what, seconds) of every call

    def call(self, seat, fn, *args, what="other"):
        e0 = SCALAR_PRODUCTS[0]
        t0 = clock()
        out = fn(*args)
        spent = clock() - t0
        self.seconds[seat] += spent
        self.exps[seat] += SCALAR_PRODUCTS[0] - e0
        self.calls.append((what, spent))
        return out


def kind(message):
    body = message["body"]
    if "hello" in body:
        return "invitation"
    if "sign" in body:
        return "reply"
    if "next" in body:
        return "shuffle"                 # a pass rides on it (with a reveal, or opening deal 0)
    if "reveal" in body:
        return "reveal"
    return "turn" if "actions" in body else "keys"


def one_deal(profile, seed):
    rng = random.Random(seed)
    meter = Meter()
    out = meter.call(0, lambda: api.duel_new(profile, match=False))
    parties = [out["party"], None]
    inbox = [[], list(zip(out["codes"], out["messages"]))]
    code, _ = inbox[1].pop(0)
    joined = meter.call(1, api.duel_join, code)
    parties[1] = joined["party"]
    codes = [(len(code), kind(out["messages"][0]))]
    inbox[0] += list(zip(joined["codes"], joined["messages"]))
    codes += [(len(c), kind(m)) for c, m in zip(joined["codes"], joined["messages"])]
    while True:
        seat = 0 if inbox[0] else 1 if inbox[1] else None
        if seat is not None:
            code, message = inbox[seat].pop(0)
            out = meter.call(seat, api.duel_receive, parties[seat], code, what=kind(message))
        else:
            views = [meter.call(s, api.duel_observation, parties[s], what="observe")
                     for s in (0, 1)]
            movers = [s for s in (0, 1) if views[s]["status"]["phase"] == "your_turn"]
            if not movers:
                break
            seat = movers[0]
            action = random_move(views[seat]["observation"], rng)
            out = meter.call(seat, api.duel_act, parties[seat], action, what="act")
        parties[seat] = out["party"]
        inbox[1 - seat] += list(zip(out["codes"], out["messages"]))
        codes += [(len(c), kind(m)) for c, m in zip(out["codes"], out["messages"])]
    status = api.duel_observation(parties[0])["status"]
    assert status["phase"] == "over", status["phase"]
    state_bytes = [len(json.dumps(p)) for p in parties]
    return meter, codes, state_bytes


def run(profiles, deals):
    count_scalar_products()
    where = "Pyodide " + sys.version.split()[0] if IN_PYODIDE else "CPython " + sys.version.split()[0]
    print(f"duel protocol, group ristretto255, {deals} single deals per profile, {where}"
          f" (CPU seconds, one core)")
    header = (f"{'profile':10} {'s/deal/party':>13} {'max':>6} {'mults/deal/party':>17} "
              f"{'msgs/deal':>9} {'invitation B':>13} {'reply B':>8} {'move code B med/max':>20} "
              f"{'shuffle code B':>15} {'reveal B':>9} {'saved party B':>14}")
    print(header)
    for profile in profiles:
        secs, exps, msgs, moves, shuffles, reveals, saved = [], [], [], [], [], [], []
        invitations, replies = [], []
        calls = {}
        for d in range(deals):
            meter, codes, state_bytes = one_deal(profile, d)
            secs += meter.seconds
            exps += meter.exps
            msgs.append(len(codes))
            moves += [n for n, k in codes if k in ("turn", "keys")]
            shuffles += [n for n, k in codes if k.startswith("shuffle")]
            reveals += [n for n, k in codes if k == "reveal"]
            invitations += [n for n, k in codes if k == "invitation"]
            replies += [n for n, k in codes if k == "reply"]
            saved += state_bytes
            for what, spent in meter.calls:
                calls.setdefault(what, []).append(spent)
        print(f"{profile:10} {statistics.mean(secs):13.2f} {max(secs):6.2f} "
              f"{statistics.mean(exps):17.0f} {statistics.mean(msgs):9.1f} "
              f"{max(invitations):13} {max(replies):8} "
              f"{statistics.median(moves):>11.0f} / {max(moves):<6} "
              f"{statistics.median(shuffles):>9.0f}/{max(shuffles):<5} "
              f"{max(reveals):9} {max(saved):14}")
        print("    seconds per call, median/max: " + ", ".join(
            f"{what} {statistics.median(v):.2f}/{max(v):.2f}" for what, v in sorted(calls.items())))
    rng = random.Random(1)
    point = ristretto.BASE
    t0 = clock()
    for _ in range(20):
        point = ristretto.multiply(rng.randrange(ristretto.L), point)
    print(f"one scalar multiplication (ristretto255, variable base): "
          f"{(clock() - t0) / 20 * 1000:.1f} ms")


PYODIDE_RUNNER = r"""
import { loadPyodide } from "%PYODIDE%";
const py = await loadPyodide({ indexURL: "%INDEX%" });
py.FS.mkdirTree("/repo");
py.FS.mount(py.FS.filesystems.NODEFS, { root: "%ROOT%" }, "/repo");
py.setStdout({ batched: (s) => console.log(s) });
py.setStderr({ batched: (s) => console.error(s) });
py.globals.set("ARGS", py.toPy(JSON.parse(process.argv[2])));
py.runPython(`
import sys
sys.argv = ["bench/duel.py", *ARGS]
sys.path.insert(0, "/repo/bench")
import runpy
runpy.run_path("/repo/bench/duel.py", run_name="__main__")
`);
"""


def in_pyodide(args):
    pyodide = ROOT / "node_modules" / "pyodide"
    if not (pyodide / "pyodide.mjs").exists():
        sys.exit("bench/duel.py --pyodide: run `npm ci` first (node_modules/pyodide)")
    script = ROOT / ".cache" / "bench-duel-pyodide.mjs"
    script.parent.mkdir(exist_ok=True)
    script.write_text(PYODIDE_RUNNER.replace("%PYODIDE%", str(pyodide / "pyodide.mjs"))
                      .replace("%INDEX%", str(pyodide) + "/").replace("%ROOT%", str(ROOT)))
    forwarded = [a for a in args if a != "--pyodide"]
    subprocess.run(["node", str(script), json.dumps(forwarded)], check=True)


# --- two pages in the browser --------------------------------------------------------------

BUSY_DONE = "html[data-busy='false']"
# Times every engine call of the page at the worker's door (request posted → answer back):
# installed by the benchmark only, never part of the page.
CALL_TIMER = """
(() => {
  const Base = window.Worker;
  window.__engineCalls = [];
  window.Worker = class extends Base {
    constructor(...args) {
      super(...args);
      const sent = new Map();
      const post = this.postMessage.bind(this);
      this.postMessage = (message, ...rest) => {
        if (message && message.cmd) sent.set(message.id, [message.cmd, performance.now()]);
        return post(message, ...rest);
      };
      this.addEventListener("message", (event) => {
        const data = event.data || {};
        if (!sent.has(data.id)) return;
        const [cmd, t0] = sent.get(data.id);
        sent.delete(data.id);
        window.__engineCalls.push([cmd, performance.now() - t0]);
      });
    }
  };
})();
"""


def browser_run(profiles, deals):
    """Two browser contexts (two players) on the built site play single deals by pasting each
    other's codes, as tests/web/test_duel_two_browsers.py does. Measured per party: the seconds of its
    duel_* calls in the page's worker (posted → answered, JSON both ways included), the seconds
    the page was busy (from the click or the paste to the settled page: those calls, reading
    the code, and the table's drawing with its pause on each finished trick, reduced motion),
    and the size of every code sent. Wall-clock seconds: the machine's other jobs count.

    The pages are never connected (no live channel): this is correspondence play, each player
    sending what the page asks whenever it asks. A manual transfer is one link carried from one
    page to the other (the invitation, then all the codes a page has pending, batched as the
    page offers them); a change of turn is the move passing from one player to the other (the
    first move of the deal counts as one). Accept to the first card: from the friend's click on
    Accept to its hand drawn, the codes between carried at once (the pages' own time: the
    friend's pass, the inviter's pass and shares, reading them)."""
    from playwright.sync_api import sync_playwright
    from kaffeehaus.duel import messages

    import build                      # the repo's build.py (main() put the root on sys.path)
    from tools.browser import launch_options
    if not (build.DIST / "precache.json").exists():
        build.build()
    server, url = build.serve_in_thread(build.DIST, 0)
    rng = random.Random(0)
    print(f"duel in the browser: headless Chromium, pinned Pyodide in the page's worker, "
          f"{deals} single deals per profile (wall seconds per party per deal)")
    print(f"{'profile':10} {'worker s/deal/party':>20} {'max':>6} {'busy s':>7} {'msgs/deal':>9} "
          f"{'move code B med/max':>20} {'shuffle code B':>15} {'link chars max':>15} "
          f"{'links/deal':>10} {'turns/deal':>10} {'links/turn':>10}")

    def rev(page):
        return page.evaluate("() => document.documentElement.dataset.duelRev || ''")

    def timed(page, action):
        before = rev(page)
        t0 = time.perf_counter()
        action()
        page.wait_for_function("(b) => (document.documentElement.dataset.duelRev || '') !== b"
                               " || document.querySelector(\"[data-notice='duel-error']\")",
                               arg=before, timeout=120_000)
        page.wait_for_selector(BUSY_DONE, state="attached", timeout=120_000)
        return time.perf_counter() - t0

    def outbox(page):
        node = page.locator("[data-duel-code-out]")
        return [c for c in node.input_value().split() if c] if node.count() else []

    with sync_playwright() as p:
        browser = p.chromium.launch(**launch_options())
        try:
            for profile in profiles:
                busy, msgs, moves, shuffles, links, worker = [], [], [], [], [], []
                transfers, turns, to_first_card = [], [], []
                per_call = {}
                for _ in range(deals):
                    contexts = [browser.new_context(reduced_motion="reduce") for _ in range(2)]
                    for c in contexts:
                        c.add_init_script(CALL_TIMER)
                    pages = [c.new_page() for c in contexts]
                    for page in pages:
                        page.goto(url)
                        page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=120_000)
                    a, b = pages
                    spent = [0.0, 0.0]
                    sizes = []
                    carried = 1               # the invitation
                    changes, last_mover = 0, None
                    a.check("input[name='opponent'][value='remote']")
                    a.click(f"[data-profile='{profile}']")
                    a.select_option("[data-setup='length']", "deal")
                    spent[0] += timed(a, lambda: a.click("[data-action='start']"))
                    invitation = outbox(a)
                    sizes += [(len(c), kind(messages.decode(c))) for c in invitation]
                    links.append(len(url) + len("#duel=") + len(invitation[0]))
                    b.click("[data-duel-setup] summary")
                    b.fill("[data-duel-setup-code]", invitation[0])
                    b.click("[data-ui='duel-setup-open']")
                    b.wait_for_selector("dialog[data-dialog='duel-join'][open]")
                    accepted = time.perf_counter()
                    spent[1] += timed(b, lambda: b.click("[data-ui='duel-join-accept']"))
                    delivered = [set(invitation), set()]
                    first_card = None
                    for _ in range(400):
                        moved = False
                        for src in (0, 1):
                            fresh = [c for c in outbox(pages[src]) if c not in delivered[src]]
                            if fresh:
                                sizes += [(len(c), kind(messages.decode(c))) for c in fresh]
                                links.append(len(url) + len("#duel=") + len("~".join(fresh)))
                                dst = pages[1 - src]
                                dst.fill("[data-duel-code-in]", "\n".join(fresh))
                                spent[1 - src] += timed(dst, lambda dst=dst: dst.click("[data-ui='duel-apply']"))
                                delivered[src].update(fresh)
                                carried += 1
                                moved = True
                                if first_card is None and b.locator("[data-zone='hand'] [data-card]").count():
                                    first_card = time.perf_counter() - accepted
                                    to_first_card.append(first_card)
                        for seat, page in enumerate(pages):
                            if page.evaluate("() => document.documentElement.dataset.duel") != "your_turn":
                                continue
                            claim = page.locator("[data-zone='actions'] button[data-action='claim'].primary:enabled")
                            cards = page.locator("[data-zone='hand'] button[data-card]:enabled")
                            if claim.count():
                                target = claim.first
                            elif cards.count():
                                target = cards.nth(rng.randrange(cards.count()))
                            else:
                                target = page.locator("[data-zone='actions'] button[data-action]:enabled").first
                            spent[seat] += timed(page, target.click)
                            changes += seat != last_mover
                            last_mover = seat
                            moved = True
                        if not moved:
                            break
                    assert all(pg.evaluate("() => document.documentElement.dataset.duel") == "over" for pg in pages)
                    busy += spent
                    transfers.append(carried)
                    turns.append(changes)
                    for page in pages:
                        calls = page.evaluate("() => window.__engineCalls.filter(([c]) => c.startsWith('duel_'))")
                        worker.append(sum(ms for _, ms in calls) / 1000)
                        for cmd, ms in calls:
                            per_call.setdefault(cmd, []).append(ms / 1000)
                    msgs.append(len(sizes))
                    moves += [n for n, k in sizes if k in ("turn", "keys")]
                    shuffles += [n for n, k in sizes if k.startswith("shuffle")]
                    for c in contexts:
                        c.close()
                print(f"{profile:10} {statistics.mean(worker):20.2f} {max(worker):6.2f} "
                      f"{statistics.mean(busy):7.2f} "
                      f"{statistics.mean(msgs):9.1f} {statistics.median(moves):>11.0f} / {max(moves):<6} "
                      f"{statistics.median(shuffles):>9.0f}/{max(shuffles):<5} {max(links):15} "
                      f"{statistics.mean(transfers):10.1f} {statistics.mean(turns):10.1f} "
                      f"{sum(transfers) / sum(turns):10.2f}")
                print(f"    Accept to the first card in the friend's hand (codes carried at once), "
                      f"wall seconds median/max: {statistics.median(to_first_card):.1f}/"
                      f"{max(to_first_card):.1f}")
                print("    seconds per call in the worker, median/max: " + ", ".join(
                    f"{cmd} {statistics.median(v):.2f}/{max(v):.2f}" for cmd, v in sorted(per_call.items())))
        finally:
            browser.close()
            server.shutdown()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--profiles", default="schnapsen,bummerl,schneider")
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--pyodide", action="store_true", help="run inside Pyodide under Node")
    parser.add_argument("--browser", action="store_true",
                        help="two pages of the built site in headless Chromium (dist/)")
    args = parser.parse_args(argv)
    if args.browser:
        sys.path.insert(0, str(ROOT))
        return browser_run(args.profiles.split(","), args.deals)
    if args.pyodide:
        return in_pyodide(sys.argv[1:] if argv is None else argv)
    run(args.profiles.split(","), args.deals)


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main()
