"""Warm engine boots for the browser tests: every new context starts with the engine worker's
memory snapshot already in its Cache Storage, as on a player's second visit.

A fresh context boots the engine cold (CPython's start-up, snapshot taken and stored, micropip,
wheel install: ~2.7 s on an idle 2-core machine, much more under load); with the snapshot in
place the worker restores it and unpacks the wheel (~0.8 s). web/engine-worker.js documents the
two paths. The snapshot is taken once per test session, in a context of the session's browser,
by the page itself; it is then served from a test-only directory and put into each new
context's Cache Storage, under the worker's own cache name and key, by a blank same-origin page
before the test opens any page. Tests of the cold path mark themselves `cold_boot`.
"""
from __future__ import annotations

import base64
import re
from pathlib import Path

SNAPSHOT_CACHE = "kaffeehaus-engine-snapshot"  # web/engine-worker.js
SEED_PAGE = "seed.html"
SNAPSHOT_FILE = "engine-snapshot.bin"
CHUNK = 4 << 20  # bytes per page.evaluate when reading the snapshot out of the page

_READ_CHUNKS = """async ([cache, key, chunk]) => {
    const hit = await (await caches.open(cache)).match(key);
    if (!hit) return null;
    const type = hit.headers.get("Content-Type");
    const bytes = new Uint8Array(await hit.arrayBuffer());
    const parts = [];
    for (let i = 0; i < bytes.length; i += chunk) {
        let s = "";
        const piece = bytes.subarray(i, i + chunk);
        for (let j = 0; j < piece.length; j += 0x8000) {
            s += String.fromCharCode.apply(null, piece.subarray(j, j + 0x8000));
        }
        parts.push(btoa(s));
    }
    return { type, parts };
}"""

_SEED = """async ([cache, key, url, type]) => {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`snapshot: HTTP ${response.status}`);
    const bytes = await response.arrayBuffer();
    await (await caches.open(cache)).put(key, new Response(bytes, {
        headers: { "Content-Type": type } }));
}"""


def build_id(dist: Path) -> str:
    """The build id the worker keys its snapshot with (dist/assets/<hash>/build-assets.js)."""
    for assets in dist.glob("assets/*/build-assets.js"):
        found = re.search(r'BUILD_ID = "([^"]+)"', assets.read_text())
        if found:
            return found.group(1)
    raise RuntimeError(f"no BUILD_ID in {dist}/assets/*/build-assets.js")


class SnapshotSeeder:
    """Wraps browser.new_context: each new context gets the snapshot (taken on first use)."""

    def __init__(self, browser, base_url: str, dist: Path, data_dir: Path, data_url: str,
                 should_seed=lambda: True, snapshot_from: SnapshotSeeder | None = None):
        self.browser = browser
        self.base_url = base_url
        self.key = f"{base_url.rstrip('/')}/__engine-snapshot/{build_id(dist)}"
        self.data_dir = data_dir
        self.data_url = data_url
        self.should_seed = should_seed  # false while a `cold_boot` test runs
        self._new_context = browser.new_context
        self._ready = False
        self.snapshot_from = snapshot_from  # another browser's seeder: its snapshot file serves
        (data_dir / SEED_PAGE).write_text("<!doctype html><title>seed</title>\n")
        browser.new_context = self.new_context

    def new_context(self, **options):
        context = self._new_context(**options)
        if self.should_seed():
            self._ensure_snapshot()
            self.seed(context)
        return context

    def _ensure_snapshot(self) -> None:
        if self._ready:
            return
        if self.snapshot_from:
            self.snapshot_from._ensure_snapshot()
            self.content_type = self.snapshot_from.content_type
            self._ready = True
            return
        context = self._new_context()
        try:
            page = context.new_page()
            page.goto(self.base_url + "__test__/engine.html")   # tests/web/harness/
            page.wait_for_selector("html[data-harness=ready]", state="attached")
            page.evaluate("() => { window.kh.start({}); }")
            page.evaluate("() => window.kh.engine.ready")
            page.evaluate("() => window.kh.engine._flushSnapshot()")
            stored = page.evaluate(_READ_CHUNKS, [SNAPSHOT_CACHE, self.key, CHUNK])
        finally:
            context.close()
        if not stored:
            raise RuntimeError("the engine worker stored no snapshot in a fresh context")
        (self.data_dir / SNAPSHOT_FILE).write_bytes(b"".join(base64.b64decode(p) for p in stored["parts"]))
        self.content_type = stored["type"]   # gzip where the worker could compress it
        self._ready = True

    def seed(self, context) -> None:
        """Put the snapshot into the context's Cache Storage from a blank same-origin page, which
        then becomes the context's first new_page(): the test navigates it away, and the
        renderer process started for the seeding serves the test too (a process per page
        is about half a CPU-second)."""
        page = context.new_page()
        try:
            page.goto(self.data_url + SEED_PAGE)
            page.evaluate(_SEED, [SNAPSHOT_CACHE, self.key, self.data_url + SNAPSHOT_FILE, self.content_type])
        except Exception:
            page.close()
            raise
        new_page = context.new_page
        spare = [page]

        def first_page_is_the_seed_page(*args, **kwargs):
            if spare and not args and not kwargs and not spare[0].is_closed():
                return spare.pop()
            return new_page(*args, **kwargs)

        context.new_page = first_page_is_the_seed_page
