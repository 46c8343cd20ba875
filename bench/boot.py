#!/usr/bin/env python3
"""Boot benchmark: bare Pyodide and the game side by side, in one run, phase by phase.

    python3 bench/boot.py [--runs N] [--profiles desktop,phone] [--no-build]
    python3 bench/boot.py --dist DIR --toml NETLIFY_TOML    # another build (an older checkout)

Builds the site into .cache/boot-dist/ (unless --no-build or --dist), serves it with the build's
own server (tools/server.py: netlify.toml's headers and the encodings a player gets, the bytes
on the wire counted per file) and drives Debian's Chromium (tools/browser.py) through Playwright.
Each visit gets a new persistent profile: "cold" is its first visit (empty HTTP cache, no engine
snapshot, no service worker), "warm" its second (HTTP cache, the worker's engine snapshot, the
service worker). Visits alternate between the pages, run after run, so a busy machine slows
them alike.

The pages, each in a module worker as the game's engine runs:
- bare/stock: `loadPyodide({indexURL})` from the pinned npm package as it is (the runtime the
  build ships xz-compressed, tools/packed.py, served plain: wasm with the host's compression),
  with Pyodide's own python_stdlib.zip and pyodide-lock.json, then `1 + 1`: what bare Pyodide
  costs;
- bare/own: the same with the game's trimmed stdlib (`stdLibURL`, the build's, decoded here):
  the interpreter alone, as the game starts it;
- game: the real page (index.html), the player pressing Start as soon as it can be pressed,
  until the first playable card (`[data-zone=hand] button[data-card]:not([disabled])`). The
  seed is fixed (crypto.getRandomValues answers 1000: the player leads in every profile), so
  every run deals the same cards and no computer move comes before the player's first card.

Profiles: desktop (no throttling) and phone (Network.emulateNetworkConditions: 1.6 Mbit/s down,
750 kbit/s up, 150 ms latency; Emulation.setCPUThrottlingRate 4). Chromium applies the CPU rate
to the page's main thread only: a dedicated worker runs about 1.5 times slower, not 4 (the
bench measures and prints the factor it got: `calibration`), so the phone's wasm work is
under-throttled for bare Pyodide and the game alike.

Phases (ms since navigation start; worker times lined up by the workers' time origins): the
downloads (Resource Timing in the worker: start → responseEnd), the wasm's instantiation
(streaming compilation ends), the interpreter (loadPyodide resolves), the snapshot (taken), the
wheel (unpacked), the engine (imported: `ready`), the first playable card. Bytes: what the
server sent per file until the first playable card (the critical path) and until the service
worker's precache is complete (the whole first visit).

Older builds report fewer phases (their worker posted only its progress stages).
Prints a Markdown report for bench/RESULTS.md.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
import zipfile
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tools import packed  # noqa: E402
from tools import server as site_server  # noqa: E402
from tools.browser import launch_options  # noqa: E402
from tools.headers import NETLIFY_TOML  # noqa: E402

BENCH_PAGES = ROOT / "bench" / "boot"
STOCK = ROOT / "node_modules" / "pyodide"
SEED = 1000
PHONE = {"latency": 150, "down": 1.6e6 / 8, "up": 0.75e6 / 8, "cpu": 4}
VISIT_TIMEOUT_MS = 240_000

GAME_PROBE = """
(() => {
  const get = crypto.getRandomValues.bind(crypto);
  crypto.getRandomValues = (a) => {
    if (a instanceof Uint32Array && a.length === 1) { a[0] = %(seed)d; return a; }
    return get(a);
  };
  const B = window.__bench = { stages: {}, boot: null, workerCreated: null, ready: null,
                               drawn: null, startClicked: null, firstCard: null };
  const Original = window.Worker;
  window.Worker = class extends Original {
    constructor(...args) {
      super(...args);
      if (B.workerCreated === null) B.workerCreated = performance.now();
      this.addEventListener("message", ({ data }) => {
        if (data && data.stage && !(data.stage in B.stages)) B.stages[data.stage] = performance.now();
        if (data && data.ready) B.boot = data.boot;
      });
    }
  };
  const check = () => {
    const d = document.documentElement.dataset;
    if (d.engine === "ready" && B.ready === null) B.ready = performance.now();
    if (d.table === "drawn" && B.drawn === null) B.drawn = performance.now();
    if (B.firstCard === null
        && document.querySelector("[data-zone='hand'] button[data-card]:not([disabled])")) {
      B.firstCard = performance.now();
    }
  };
  new MutationObserver(check).observe(document, { attributes: true, childList: true, subtree: true });
  document.addEventListener("click", (e) => {
    if (B.startClicked === null && e.target.closest && e.target.closest("[data-action='start']")) {
      B.startClicked = performance.now();
    }
  }, true);
})();
"""

WORKER_RESOURCES = """() => ({ origin: performance.timeOrigin,
  resources: performance.getEntriesByType("resource").map((e) => ({ name: e.name,
    start: e.startTime, end: e.responseEnd, encoded: e.encodedBodySize, decoded: e.decodedBodySize })) })"""
PAGE_RESOURCES = """() => [...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")]
  .map((e) => ({ name: e.name, start: e.startTime, end: e.responseEnd, encoded: e.encodedBodySize,
                 decoded: e.decodedBodySize }))"""

CALIBRATE = """() => new Promise((resolve) => {
  const w = new Worker("calibrate-worker.js");
  w.onmessage = (e) => { resolve(e.data[0]); w.terminate(); };
  w.postMessage(0);
})"""


class Counter(site_server.SiteHandler):
    """The build's handler, counting the bytes of every body it sends (per URL path)."""

    lock = threading.Lock()
    log: list = []  # (monotonic time, path, bytes, encoding)

    def body_sent(self, path, size, encoding):
        with self.lock:
            self.log.append((time.monotonic(), path, size, encoding))


def sent_since(t0: float, t1: float | None = None) -> dict:
    with Counter.lock:
        rows = [r for r in Counter.log if r[0] >= t0 and (t1 is None or r[0] <= t1)]
    out: dict = {}
    for _, path, size, encoding in rows:
        entry = out.setdefault(path, [0, encoding])
        entry[0] += size
    return out


def throttle(context, page, profile: str):
    cdp = context.new_cdp_session(page)
    if profile == "phone":
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", {
            "offline": False, "latency": PHONE["latency"],
            "downloadThroughput": PHONE["down"], "uploadThroughput": PHONE["up"]})
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": PHONE["cpu"]})
    return cdp


def worker_timeline(page, url_part: str) -> dict | None:
    for w in page.workers:
        if url_part in w.url:
            try:
                return w.evaluate(WORKER_RESOURCES)
            except Exception:
                return None
    return None


def visit_bare(context, base: str, pyodide_url: str, stdlib_url: str | None, lock_url: str | None,
               profile: str) -> dict:
    page = context.new_page()
    throttle(context, page, profile)
    t0 = time.monotonic()
    query = (f"?pyodide={pyodide_url}" + (f"&stdlib={stdlib_url}" if stdlib_url else "")
             + (f"&lock={lock_url}" if lock_url else ""))
    page.goto(base + "__bench__/bare.html" + query)
    page.wait_for_selector("html[data-bare='ready'], html[data-bare='error']", state="attached",
                           timeout=VISIT_TIMEOUT_MS)
    bare = page.evaluate("() => window.__bare")
    if bare.get("error"):
        raise SystemExit(f"bare Pyodide failed: {bare['error']}")
    page_origin = page.evaluate("() => performance.timeOrigin")
    wt = worker_timeline(page, "bare-worker")
    shift = bare["timeOrigin"] - page_origin
    marks = {k: v + shift for k, v in bare["marks"].items()}
    out = {"ready": marks["ready"], "marks": marks, "bytes": sent_since(t0),
           "resources": _resources(wt, shift) if wt else {}}
    page.close()
    return out


def _resources(wt: dict, shift: float) -> dict:
    out = {}
    for r in wt["resources"]:
        name = r["name"].split("?")[0].rsplit("/", 1)[-1]
        out[name] = {"start": r["start"] + shift, "end": r["end"] + shift,
                     "encoded": r["encoded"], "decoded": r["decoded"]}
    return out


def visit_game(context, base: str, profile: str, wait_for_offline: bool) -> dict:
    page = context.new_page()
    throttle(context, page, profile)
    t0 = time.monotonic()
    page.goto(base)
    page.click("[data-action='start']", timeout=VISIT_TIMEOUT_MS)
    page.wait_for_function("() => window.__bench.firstCard !== null", timeout=VISIT_TIMEOUT_MS,
                           polling=20)
    t_card = time.monotonic()
    b = page.evaluate("() => window.__bench")
    page_origin = page.evaluate("() => performance.timeOrigin")
    boot = b["boot"] or {}
    shift = (boot["timeOrigin"] - page_origin) if boot.get("timeOrigin") else b["workerCreated"]
    wt = worker_timeline(page, "engine-worker")
    own = page.evaluate(PAGE_RESOURCES)
    out = {"ready": b["ready"], "firstCard": b["firstCard"], "drawn": b["drawn"],
           "startClicked": b["startClicked"], "workerCreated": b["workerCreated"],
           "snapshot": boot.get("snapshot"),
           "stages": {k: v for k, v in b["stages"].items()},
           "marks": {k: v + shift for k, v in (boot.get("marks") or {}).items()},
           "resources": _resources(wt, shift) if wt else {},
           # the critical path: what the page and the engine's worker fetched until the first
           # playable card (Resource Timing: bodies as received, i.e. compressed)
           "critical": {r["name"].split("?")[0]: r["encoded"] for r in own if r["end"] <= b["firstCard"]}
                       | {r["name"].split("?")[0]: r["encoded"] for r in (wt or {"resources": []})["resources"]
                          if r["end"] + shift <= b["firstCard"]},
           "bytes": sent_since(t0, t_card)}
    if wait_for_offline:
        # the rest of a first visit: the snapshot kept, the service worker's precache complete
        wait_until(page, """async () => (await (await caches.open("kaffeehaus-engine-snapshot"))
            .keys()).length > 0""")
        wait_until(page, """() => ["ready", "error", "unsupported"]
            .includes(document.documentElement.dataset.offline)""")
        out["bytes_total"] = sent_since(t0)
    page.close()
    return out


def wait_until(page, predicate: str, timeout_s: float = VISIT_TIMEOUT_MS / 1000) -> None:
    """Poll an (async) predicate: wait_for_function takes a promise for a true value."""
    end = time.monotonic() + timeout_s
    while not page.evaluate(predicate):
        if time.monotonic() > end:
            raise TimeoutError(predicate)
        time.sleep(0.2)


def new_profile(p, launch):
    tmp = tempfile.mkdtemp(prefix="kh-boot-")
    ctx = p.chromium.launch_persistent_context(tmp, **launch)
    return ctx, tmp


def calibrate(p, launch, base) -> float:
    """How much slower a worker runs under the phone's CPU throttling (Chromium's factor)."""
    ctx, tmp = new_profile(p, launch)
    try:
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        page.goto(base + "__bench__/bare.html?pyodide=" + base)   # any page of the origin
        plain = min(page.evaluate(CALIBRATE) for _ in range(2))
        throttle(ctx, page, "phone")
        slow = min(page.evaluate(CALIBRATE) for _ in range(2))
    finally:
        ctx.close()
        shutil.rmtree(tmp, ignore_errors=True)
    return slow / plain


def med(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


def fmt_s(ms):
    return "–" if ms is None else f"{ms / 1000:.2f} s"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--profiles", default="desktop,phone")
    ap.add_argument("--no-build", action="store_true", help="reuse .cache/boot-dist/")
    ap.add_argument("--dist", type=Path, help="measure this built site (with --toml)")
    ap.add_argument("--toml", type=Path, default=NETLIFY_TOML, help="the headers of --dist")
    ap.add_argument("--json", type=Path, help="also write every visit's figures here")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    dist = args.dist or ROOT / ".cache" / "boot-dist"
    if not args.dist and (not args.no_build or not (dist / "precache.json").exists()):
        sys.path.insert(0, str(ROOT))
        from tools.site import build
        build(dist=dist)
    precache = json.loads((dist / "precache.json").read_text())
    py_dir = next(f for f in precache["files"] if f.endswith("/pyodide.mjs")).rsplit("/", 1)[0] + "/"
    own_stdlib = next((f for f in precache["files"] if f.startswith(py_dir) and ".zip" in f), None)
    own_dir = Path(tempfile.mkdtemp(prefix="boot-own-"))
    own_name = own_stdlib.rsplit("/", 1)[-1].removesuffix(packed.SUFFIX)
    own_data = (dist / own_stdlib).read_bytes()
    if own_stdlib.endswith(packed.SUFFIX):   # as a host would send the zip: entries deflated
        own_data = packed.rezip(packed.unpack(own_data), zipfile.ZIP_DEFLATED)
    (own_dir / own_name).write_bytes(own_data)
    server = site_server.make_server(dist, 0, handler_base=Counter, netlify_toml=args.toml, mounts={
        "/__bench__/stock/": STOCK, "/__bench__/own/": own_dir, "/__bench__/": BENCH_PAGES})
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    # Pyodide's own lock file (357 packages) where the build ships none: what a bare
    # loadPyodide() fetches
    lock = base + "__bench__/stock/pyodide-lock.json"
    stock = base + "__bench__/stock/"
    pages = {
        "bare/stock": dict(pyodide_url=stock, lock_url=lock, stdlib_url=stock + "python_stdlib.zip"),
        "bare/own": dict(pyodide_url=stock, stdlib_url=base + "__bench__/own/" + own_name, lock_url=lock),
        "game": None,
    }
    profiles = args.profiles.split(",")
    results: dict = {(pr, name, kind): [] for pr in profiles for name in pages for kind in ("cold", "warm")}
    launch = launch_options()
    with sync_playwright() as p:
        factor = calibrate(p, launch, base) if "phone" in profiles else None
        for run in range(args.runs):
            for profile in profiles:
                order = list(pages) if run % 2 == 0 else list(reversed(pages))
                for name in order:
                    ctx, tmp = new_profile(p, launch)
                    try:
                        if name == "game":
                            ctx.add_init_script(GAME_PROBE % {"seed": SEED})
                            cold = visit_game(ctx, base, profile, wait_for_offline=profile == "desktop")
                            warm = visit_game(ctx, base, profile, False) if profile == "desktop" else None
                        else:
                            cold = visit_bare(ctx, base, profile=profile, **pages[name])
                            warm = visit_bare(ctx, base, profile=profile, **pages[name]) \
                                if profile == "desktop" else None
                    finally:
                        ctx.close()
                        shutil.rmtree(tmp, ignore_errors=True)
                    results[(profile, name, "cold")].append(cold)
                    if warm:
                        results[(profile, name, "warm")].append(warm)
                    print(f"run {run + 1} {profile:7s} {name:10s} cold {fmt_s(cold.get('firstCard') or cold['ready'])}"
                          + (f"  warm {fmt_s(warm.get('firstCard') or warm['ready'])}" if warm else ""),
                          file=sys.stderr, flush=True)
    server.shutdown()
    shutil.rmtree(own_dir, ignore_errors=True)
    if args.json:
        args.json.write_text(json.dumps({f"{a}|{b}|{c}": v for (a, b, c), v in results.items()}, indent=1))
    report(results, profiles, factor, args, dist, py_dir)


PHASES = [  # (label, how to get (start, end) from a game visit)
    ("page and worker start", lambda v: (0, v.get("workerCreated"))),
    ("pyodide.mjs imported", lambda v: (v.get("workerCreated"), v["marks"].get("pyodideImported", v["stages"].get("runtime")))),
    ("download: pyodide.asm.mjs", lambda v: _res(v, "pyodide.asm.mjs")),
    ("download: pyodide.asm.wasm", lambda v: _res(v, "pyodide.asm.wasm")),
    ("download: stdlib zip", lambda v: _res(v, "kaffeehaus-stdlib.zip") if _res(v, "kaffeehaus-stdlib.zip")[0] is not None else _res(v, "python_stdlib.zip")),
    ("download: engine wheel", lambda v: _res(v, next((n for n in v["resources"] if n.startswith("kaffeehaus-") and ".whl" in n), None))),
    ("download: micropip", lambda v: _res(v, next((n for n in v["resources"] if n.startswith("micropip")), None))),
    ("wasm instantiated (compile tail)", lambda v: (_res(v, "pyodide.asm.wasm")[1], v["marks"].get("wasmInstantiated"))),
    ("interpreter (loadPyodide)", lambda v: (v["marks"].get("loadStart", v["stages"].get("python")), v["marks"].get("interpreter", v["stages"].get("micropip")))),
    ("snapshot taken", lambda v: (v["marks"].get("interpreter"), v["marks"].get("snapshotTaken"))),
    ("micropip loaded", lambda v: (v["marks"].get("snapshotTaken", v["marks"].get("interpreter")), v["marks"].get("micropip"))
        if "micropip" in v["marks"] else (v["stages"].get("micropip"), v["stages"].get("engine"))
        if "micropip" in v["stages"] and not v["marks"] else (None, None)),
    ("wheel installed", lambda v: (v["marks"].get("micropip", v["marks"].get("snapshotTaken", v["marks"].get("interpreter"))),
                                   v["marks"].get("wheel")) if v["marks"] else (None, None)),
    ("engine imported (ready)", lambda v: (v["marks"].get("wheel", v["stages"].get("engine")), v["ready"])),
    ("first deal drawn (first playable card)", lambda v: (max(v["ready"], v.get("startClicked") or 0), v.get("firstCard"))),
]


def _res(v, name):
    """(start, end) of the download of `name`, or of its xz-compressed form (tools/packed.py)."""
    r = (v["resources"].get(name) or v["resources"].get(name + packed.SUFFIX)) if name else None
    return (r["start"], r["end"]) if r else (None, None)


def report(results, profiles, factor, args, dist, py_dir):
    n = args.runs
    print(f"## Boot, bare Pyodide and the game (`bench/boot.py`)")
    print(f"`python3 bench/boot.py --runs {n}`, {date.today().isoformat()}: medians of {n} runs, "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the end; "
          f"Debian's Chromium headless, the site served on 127.0.0.1 by tools/server.py.")
    if factor:
        print(f"Phone profile: a worker ran {factor:.1f}× slower under CPU throttling ×4 (calibration).")
    print()
    print("| profile | page | cold | warm | cold / bare | warm / bare |")
    print("|---|---|---|---|---|---|")
    for profile in profiles:
        base_cold = med([v["ready"] for v in results[(profile, "bare/stock", "cold")]])
        base_warm = med([v["ready"] for v in results[(profile, "bare/stock", "warm")]])
        for name in ("bare/stock", "bare/own", "game"):
            for what in (("ready",) if name != "game" else ("ready", "firstCard")):
                cold = med([v.get(what) for v in results[(profile, name, "cold")]])
                warm = med([v.get(what) for v in results[(profile, name, "warm")]])
                label = name if name != "game" else f"game, {'engine ready' if what == 'ready' else 'first playable card'}"
                print(f"| {profile} | {label} | {fmt_s(cold)} | {fmt_s(warm)} | "
                      f"{(cold / base_cold) if cold and base_cold else float('nan'):.2f}× | "
                      f"{(warm / base_warm) if warm and base_warm else float('nan'):.2f}× |")
    for profile in profiles:
        for kind in ("cold", "warm"):
            visits = results[(profile, "game", kind)]
            if not visits:
                continue
            print()
            print(f"Phases of a {kind} game visit, {profile} (ms from navigation start, medians):")
            print()
            print("| phase | start | end | ms |")
            print("|---|---|---|---|")
            for label, get in PHASES:
                spans = [get(v) for v in visits]
                spans = [(s, e) for s, e in spans if s is not None and e is not None]
                if not spans:
                    continue
                s, e = med([x[0] for x in spans]), med([x[1] for x in spans])
                print(f"| {label} | {s:.0f} | {e:.0f} | {med([x[1] - x[0] for x in spans]):.0f} |")
            for name in ("bare/stock", "bare/own"):
                bare = results[(profile, name, kind)]
                if bare:
                    m = {k: med([v["marks"].get(k) for v in bare])
                         for k in ("pyodideImported", "wasmInstantiated", "loaded", "ready")}
                    print(f"\n{name} {kind}, {profile}: pyodide.mjs imported {m['pyodideImported']:.0f}, "
                          f"wasm instantiated {m['wasmInstantiated'] or float('nan'):.0f}, loadPyodide resolved "
                          f"{m['loaded']:.0f} ({m['loaded'] - m['pyodideImported']:.0f} ms), first result {m['ready']:.0f} ms.")
    for profile in profiles:
        visits = results[(profile, "game", "cold")]
        files: dict = {}
        for v in visits:
            for url, size in v["critical"].items():
                files.setdefault(url.split("/", 3)[-1], []).append(size)
        sent = {}
        for v in visits:
            for path, (size, enc) in {**v["bytes"], **v.get("bytes_total", {})}.items():
                sent[path.lstrip("/")] = enc
        print()
        print(f"Bytes on the wire, cold game visit, {profile}: what the page and the engine's worker "
              "fetched until the first playable card (Resource Timing's encoded body sizes, median):")
        print()
        print("| file | bytes | encoding |")
        print("|---|---|---|")
        rows = sorted(((med(sizes), name) for name, sizes in files.items()), reverse=True)
        for size, name in rows:
            if size >= 10_000:
                short = name.split("/", 2)[-1] if name.startswith(("assets/", "pyodide/", "wheels/")) else name
                print(f"| {short} | {size:,.0f} | {sent.get(name, '?') or 'none'} |")
        small = [size for size, _ in rows if size < 10_000]
        print(f"| {len(small)} smaller files | {sum(small):,.0f} | |")
        print(f"| **total** | **{sum(size for size, _ in rows):,.0f}** | |")
        totals = [sum(s for s, _ in v["bytes_total"].values()) for v in visits if "bytes_total" in v]
        if totals:
            print(f"\nThe whole first visit as the server sent it, the service worker's precache included: "
                  f"{med(totals):,.0f} bytes.")
        for name in ("bare/stock", "bare/own"):
            bare = results[(profile, name, "cold")]
            if bare:
                print(f"{name} downloads {med([sum(s for s, _ in v['bytes'].values()) for v in bare]):,.0f} bytes.")


if __name__ == "__main__":
    main()
