"""The engine worker and engine-client.js in Chromium, on the built site, under its real CSP."""
from __future__ import annotations

import json
import urllib.request

import pytest

from kaffeehaus import api

HARNESS = __import__("pathlib").Path(__file__).resolve().parent / "harness"

BOOT_TIMEOUT_MS = 60_000

# The worker's own boot is under test here: fresh contexts boot cold (no seeded snapshot).
pytestmark = pytest.mark.cold_boot


def start(page, base_url, **options):
    page.goto(base_url + "__test__/engine.html")
    page.wait_for_selector("html[data-harness=ready]", state="attached")
    page.evaluate("(o) => { window.kh.start(o); }", options)
    boot = page.evaluate("() => window.kh.engine.ready")
    assert page.evaluate("() => window.kh.engine.state") == "ready"
    return boot


def call(page, cmd, args=None):
    return page.evaluate("([c, a]) => window.kh.call(c, a)", [cmd, args])


def test_served_with_right_types_and_headers(dist, base_url):
    precache = json.loads((dist / "precache.json").read_text())
    expect = {".xz": "application/x-xz", ".mjs": "text/javascript", ".whl": "application/zip",
              ".json": "application/json", ".js": "text/javascript"}
    seen = set()
    for rel in precache["files"]:
        ext = "." + rel.rsplit(".", 1)[-1]
        if ext in expect and ext not in seen:
            seen.add(ext)
            with urllib.request.urlopen(base_url + rel) as r:
                assert r.headers["Content-Type"].split(";")[0] == expect[ext], rel
                assert "immutable" in r.headers["Cache-Control"] or rel == "precache.json", rel
                assert "'wasm-unsafe-eval'" in r.headers["Content-Security-Policy"]
    assert seen == set(expect)
    with urllib.request.urlopen(base_url) as r:
        assert r.headers["Cache-Control"] == "no-cache"
        csp = r.headers["Content-Security-Policy"]
    assert "'unsafe-eval'" not in csp and "'unsafe-inline'" not in csp


def test_worker_boots_and_matches_cpython(page, base_url):
    boot = start(page, base_url)
    assert boot["ms"] > 0 and boot["snapshot"] is False  # fresh context: a cold boot
    res = call(page, "profiles")
    assert res["ok"], res
    assert res["value"] == api.profiles()
    # Play the first legal action a few times in wasm and in CPython: same states, same views.
    for profile in [p["id"] for p in api.profiles()]:
        state = call(page, "new_match", {"profile": profile, "seed": 11})["value"]
        assert state == api.new_match(profile, seed=11)
        for _ in range(6):
            legal = api.legal_actions(state)
            if not legal:
                break
            seat = api.to_move(state)
            seat = 0 if seat is None else seat
            expected = api.play(state, legal[0], seat)
            got = call(page, "play", {"state": state, "action": legal[0], "seat": seat})["value"]
            assert got == expected
            state = got["state"]
            obs = call(page, "observation", {"state": state, "player": 0})["value"]
            assert obs == api.observation(state, 0)
    assert page.watch.errors == []


def test_errors_come_back_as_errors(page, base_url):
    start(page, base_url)
    state = call(page, "new_deal", {"profile": "bummerl", "seed": 3})["value"]
    seat = api.to_move(state)
    illegal = call(page, "play", {"state": state, "action": "not-an-action", "seat": seat})
    assert not illegal["ok"] and illegal["name"] == "EngineError"
    with pytest.raises(ValueError) as cpython:
        api.play(state, "not-an-action", seat)
    assert illegal["type"] == type(cpython.value).__name__
    assert illegal["message"] == str(cpython.value)
    unknown = call(page, "__import__", {"name": "os"})
    assert not unknown["ok"] and unknown["type"] == "UnknownCommand"
    bad_args = call(page, "play", {"state": state, "seat": seat})
    # Bad input never corrupts a game: a missing argument is a ValueError like every other bad input, and says which.
    assert not bad_args["ok"] and bad_args["type"] == "ValueError"
    assert "action" in bad_args["message"] and len(bad_args["message"]) <= 200
    # The worker is still healthy after errors; a command only Python callers have is unknown.
    assert call(page, "observation", {"state": state, "player": 0})["ok"]
    assert call(page, "to_move", [state])["type"] == "UnknownCommand"
    # Python exceptions are reported as data, never as console errors.
    assert page.watch.errors == []


def test_progress_and_same_origin_only(page, base_url):
    start(page, base_url)
    progress = page.evaluate("() => window.kh.progress")
    values = [v for v, _ in progress]
    assert values == sorted(values) and values[-1] == 1 and progress[-1][1] == "ready"
    assert {"runtime", "python", "micropip", "engine"} <= {s for _, s in progress}
    assert page.watch.requests, "no requests recorded"
    assert all(u.startswith(base_url) or u.startswith("data:") for u in page.watch.requests), \
        [u for u in page.watch.requests if not u.startswith(base_url)]


def test_boot_timeout_is_a_clear_error(page, base_url):
    page.goto(base_url + "__test__/engine.html")
    page.wait_for_selector("html[data-harness=ready]", state="attached")
    err = page.evaluate("""async () => {
        const e = window.kh.start({bootTimeoutMs: 50});
        try { await e.ready; return null; } catch (x) { return [x.type, x.message, e.state]; }
    }""")
    assert err[0] == "BootTimeout" and "did not start" in err[1] and err[2] == "error"
    late = call(page, "profiles")
    assert not late["ok"] and late["type"] == "BootTimeout"


def test_a_worker_that_stops_answering_is_a_clear_error(page, base_url):
    """A worker the browser killed or that hung sends no error event: once a call has waited
    silenceTimeoutMs without any answer, every call rejects with "Unresponsive"."""
    start(page, base_url, silenceTimeoutMs=3000)
    assert call(page, "profiles")["ok"]  # answers in time: no false alarm
    worker = next(w for w in page.workers if "engine-worker" in w.url)
    worker.evaluate("setTimeout(() => { for (;;) {} }, 0)")  # hangs for ever, silently
    hung = call(page, "profiles")
    assert not hung["ok"] and hung["type"] == "Unresponsive", hung
    assert "stopped answering" in hung["message"]
    assert page.evaluate("() => window.kh.engine.state") == "error"
    later = call(page, "profiles")
    assert not later["ok"] and later["type"] == "Unresponsive"


def test_warm_boot_restores_snapshot(persistent_page, base_url):
    page = persistent_page()
    first = start(page, base_url)
    assert first["snapshot"] is False
    page.evaluate("() => window.kh.engine._flushSnapshot()")
    # kept gzip-compressed: the interpreter's memory is mostly empty pages
    kept = page.evaluate("""async () => {
        const cache = await caches.open('kaffeehaus-engine-snapshot');
        const [key] = await cache.keys();
        const hit = await cache.match(key);
        const type = hit.headers.get('Content-Type');
        const packed = (await hit.clone().arrayBuffer()).byteLength;
        const inflated = new Response(hit.body.pipeThrough(new DecompressionStream('gzip')));
        return { type, packed, raw: (await inflated.arrayBuffer()).byteLength };
    }""")
    assert kept["type"] == "application/gzip" and kept["packed"] * 3 < kept["raw"], kept
    page.close()
    page = persistent_page()
    second = start(page, base_url)
    assert second["snapshot"] is True
    assert second["ms"] < first["ms"]
    # The restored interpreter runs the engine, including modules imported only on demand.
    assert call(page, "profiles")["value"] == api.profiles()
    state = call(page, "new_match", {"profile": "schneider", "seed": 5})["value"]
    hinted = call(page, "hint", {"state": state, "seat": api.to_move(state)})
    assert hinted["ok"] and hinted["value"] == api.hint(state, api.to_move(state)), hinted
    assert page.watch.errors == []


_KEPT_WASM = """async () => {
    const cache = await caches.open('kaffeehaus-engine-wasm');
    const keys = await cache.keys();
    if (keys.length !== 1) return { keys: keys.map((k) => k.url) };
    const hit = await cache.match(keys[0]);
    const bytes = new Uint8Array(await hit.arrayBuffer());
    return { keys: [keys[0].url], type: hit.headers.get('Content-Type'),
             size: bytes.length, magic: Array.from(bytes.subarray(0, 4)) };
}"""


def test_the_wasm_is_decoded_once_and_kept_for_later_boots(persistent_page, base_url):
    """The wasm comes xz-compressed (tools/packed.py): the first boot keeps it decoded in Cache
    Storage, and a later boot starts from that copy without asking for the compressed file."""
    import kaffeehaus_build as build

    page = persistent_page()
    start(page, base_url)
    page.evaluate("() => window.kh.engine._flushSnapshot()")
    page.wait_for_function(f"({_KEPT_WASM})().then((k) => k.keys.length === 1)", timeout=20_000)
    kept = page.evaluate(_KEPT_WASM)
    stock = (build.ROOT / "node_modules" / "pyodide" / "pyodide.asm.wasm").stat().st_size
    assert kept["keys"][0].endswith("/pyodide.asm.wasm") and kept["type"] == "application/wasm"
    assert kept["magic"] == [0, 97, 115, 109] and kept["size"] == stock, kept
    page.close()
    page = persistent_page()
    second = start(page, base_url)
    assert second["snapshot"] is True
    assert not [u for u in page.watch.requests if ".wasm" in u], page.watch.requests
    assert call(page, "profiles")["value"] == api.profiles()
    assert page.watch.errors == []


def test_tampered_micropip_is_refused(dist, page, tmp_path):
    """The micropip wheel is checked against PyPI's pinned sha256: a changed byte stops the boot
    with a clear error instead of running unverified code."""
    import shutil

    import kaffeehaus_build as build

    site = tmp_path / "site"
    shutil.copytree(dist, site)
    wheel = next(site.glob(f"pyodide/*/{build.MICROPIP_WHEEL}"))
    data = bytearray(wheel.read_bytes())
    data[-30] ^= 0xFF  # inside the zip's end records: still the same size, another hash
    wheel.write_bytes(bytes(data))
    server, url = build.serve_in_thread(site, 0, mounts={"/__test__/": HARNESS})
    try:
        page.goto(url + "__test__/engine.html")
        page.wait_for_selector("html[data-harness=ready]", state="attached")
        err = page.evaluate("""async () => {
            const e = window.kh.start({});
            try { await e.ready; return null; } catch (x) { return [x.type, x.message]; }
        }""")
    finally:
        server.shutdown()
        server.server_close()
    assert err is not None, "the engine booted with a tampered micropip wheel"
    assert err[0] == "BootError" and "micropip did not load" in err[1], err
    print(err)


def test_deeply_nested_arguments_are_a_valueerror_and_the_worker_lives_on(page, base_url):
    """A saved game nested thousands deep used to crash the wasm runtime (a JS stack
    overflow inside json.loads); the worker now checks depth and size before parsing."""
    start(page, base_url)
    res = page.evaluate("""async () => {
        let deep = 0;
        for (let i = 0; i < 8000; i += 1) deep = [deep];
        return window.kh.call('observation', [deep, 0]);
    }""")
    assert res["ok"] is False and res["type"] == "ValueError", res
    assert "nested too deeply" in res["message"] and len(res["message"]) <= 200
    state = call(page, "new_deal", {"profile": "schnapsen", "seed": 3})
    assert state["ok"] and call(page, "observation", {"state": state["value"], "player": 0})["ok"]


def test_a_streamed_turn_reports_each_step_before_its_answer(page, base_url):
    """engine-client's onStep: the worker posts each step of `play` as soon as the engine applied
    it (docs/API.md), so the table can draw a trick while the computer chooses its lead."""
    start(page, base_url)
    for profile in ("schneider", "schnapsen"):
        state = api.new_match(profile, seed=5)
        seat = 0
        several = False
        for _ in range(12):
            legal = api.legal_actions(state)
            if not legal or api.to_move(state) != seat:
                break
            args = {"state": state, "action": legal[0], "seat": seat,
                    "opponent": {"level": "hard", "seed": 3}}
            got = page.evaluate("""async (args) => {
                const log = [];
                const result = await window.kh.engine.call("play", args, {
                    onStep: (step) => log.push(["step", step]) });
                log.push(["answer", null]);
                return { log, result };
            }""", args)
            expected = api.play(state, legal[0], seat, opponent={"level": "hard", "seed": 3})
            assert got["result"] == expected
            kinds = [kind for kind, _ in got["log"]]
            assert kinds == ["step"] * len(expected["steps"]) + ["answer"]
            assert [step for _, step in got["log"][:-1]] == expected["steps"]
            several = several or len(expected["steps"]) > 2
            state = expected["state"]
        assert several, f"{profile}: no turn where the computer answered and led"
    # a page cannot pass anything callable: a JSON on_step is refused, the worker lives on
    refused = call(page, "play", {"state": state, "action": api.legal_actions(state)[0],
                                  "seat": api.to_move(state), "on_step": "print"})
    assert not refused["ok"] and refused["type"] == "ValueError"
    assert call(page, "observation", {"state": state, "player": 0})["ok"]
    assert page.watch.errors == []
