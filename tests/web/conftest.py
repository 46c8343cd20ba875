"""Browser tests: dist/ served on 127.0.0.1 by build.py's own server (same MIME types and the
same netlify.toml headers, CSP included), driven through Playwright's sync API in Debian's
/usr/bin/chromium (never `playwright install`).

`python3 build.py test` builds dist/ before pytest runs; run alone, these tests build it once
if it is missing (set KAFFEEHAUS_REBUILD=1 to force a build).
"""
from __future__ import annotations

import importlib.util
import os
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HARNESS = Path(__file__).resolve().parent / "harness"
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"  # screenshots; git-ignored


def _load_build():
    spec = importlib.util.spec_from_file_location("kaffeehaus_build", ROOT / "build.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["kaffeehaus_build"] = module
    spec.loader.exec_module(module)
    return module


build = _load_build()
# build.py put the repo root on sys.path
from tools.browser import launch_options  # noqa: E402
from tools.common import CHROMIUM as CHROMIUM_PATH  # noqa: E402

from engine_snapshot import SEED_PAGE, SNAPSHOT_CACHE, SnapshotSeeder  # noqa: E402
from recycled_contexts import RecycledContexts, kept_for_reuse  # noqa: E402

CHROMIUM = str(CHROMIUM_PATH)
# V8 runs the tests' WebAssembly on its baseline compiler only. In a player's browser V8
# recompiles CPython's hottest functions with its optimising compiler on background threads,
# about a CPU-second in the first moves of every page: it pays off over a session of play, never
# within one test's short-lived context (the table-play tests: 120 CPU-seconds with it, 87
# without). The duel's cryptography is the exception: a deal's shuffle proofs are thousands of
# 2048-bit exponentiations, for which the optimised code pays off within the test (the live
# Bummerl: 19.8 CPU-seconds a deal on the baseline compiler, 13.4 with it; the duel modules: 572
# CPU-seconds, 517), so tests marked `tiered_wasm` get their contexts from a second Chromium with
# V8's default. The benches (bench/) keep V8's default, as players have it.
BASELINE_WASM_ONLY = ["--js-flags=--liftoff-only"]


@pytest.fixture(scope="session")
def dist(tmp_path_factory) -> Path:
    """A private copy of dist/ for this session: a `build.py` run elsewhere (which swaps dist/
    for a new one with other hashed names) cannot pull files from under a running test."""
    if os.environ.get("KAFFEEHAUS_REBUILD") or not (build.DIST / "precache.json").exists():
        build.build()
    copy = tmp_path_factory.mktemp("site") / "dist"
    shutil.copytree(build.DIST, copy)
    return copy


@pytest.fixture(scope="session")
def test_data(tmp_path_factory) -> Path:
    """Files the tests write for the browser to fetch, served under /__test-data__/."""
    return tmp_path_factory.mktemp("test-data")


@pytest.fixture(scope="session")
def base_url(dist, test_data) -> str:
    """http://127.0.0.1:<free port>/ serving dist/, plus tests/web/harness/ under /__test__/
    and the session's test_data directory under /__test-data__/."""
    server, url = build.serve_in_thread(dist, 0, mounts={"/__test__/": HARNESS,
                                                         "/__test-data__/": test_data})
    yield url
    server.shutdown()
    server.server_close()


def launch_args(*, tiered_wasm=False, **extra) -> dict:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install -y chromium")
    options = launch_options(**extra)
    return {**options, "args": options["args"] + ([] if tiered_wasm else BASELINE_WASM_ONLY)}


@pytest.fixture(scope="session")
def playwright_instance():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright_instance, base_url, dist, test_data):
    """One Chromium for the whole session. Every context it makes starts with the engine's
    memory snapshot in place (engine_snapshot.py): a warm boot, unless the test is marked
    `cold_boot`; and with service workers blocked, unless the test is marked `service_worker`.
    While a test marked `tiered_wasm` runs, its contexts come from a second Chromium (launched
    on first use, seeded with the same snapshot) that runs WebAssembly with V8's default tiers.

    Why blocked: on a first visit the page's service worker precaches the whole site (15 MB)
    into the context's Cache Storage, about 0.4 CPU-seconds per context, and no page of a fresh
    context is ever controlled by it. The page then runs as in a browser without service
    workers (data-offline="error", the game unaffected); the offline tests mark themselves.

    The contexts of unmarked tests are recycled: a context a test closes is reset and handed
    to a later test that asks for one with the same options (recycled_contexts.py says what
    the reset undoes and why it pays)."""
    def launch(tiered_wasm, snapshot_from=None):
        chromium = playwright_instance.chromium.launch(**launch_args(tiered_wasm=tiered_wasm))
        seeder = SnapshotSeeder(chromium, base_url, dist, test_data, base_url + "__test-data__/",
                                should_seed=lambda: not _MARKED["cold_boot"],
                                snapshot_from=snapshot_from)
        return chromium, seeder

    browser, seeder = launch(tiered_wasm=False)
    tiered = []                 # the second Chromium, once a `tiered_wasm` test wants it
    new_context = browser.new_context
    recycled = RecycledContexts(new_context, base_url + "__test-data__/" + SEED_PAGE,
                                SNAPSHOT_CACHE)

    def new_context_for_this_test(**options):
        if not _MARKED["service_worker"]:
            options.setdefault("service_workers", "block")
        if _MARKED["tiered_wasm"]:
            if not tiered:
                tiered.append(launch(tiered_wasm=True, snapshot_from=seeder)[0])
            return tiered[0].new_context(**options)
        if any(_MARKED.values()):
            return new_context(**options)
        return recycled.new_context(**options)

    browser.new_context = new_context_for_this_test
    yield browser
    recycled.close_all()
    for other in tiered:
        other.close()
    browser.close()


# Markers of the running test that change how its contexts are made.
_MARKED = {"cold_boot": False, "service_worker": False, "tiered_wasm": False}


@pytest.fixture(autouse=True)
def _context_markers(request):
    for name in _MARKED:
        _MARKED[name] = request.node.get_closest_marker(name) is not None
    yield
    for name in _MARKED:
        _MARKED[name] = False


class PageWatch:
    """Console errors, uncaught page errors, CSP violations and every requested URL."""

    def __init__(self, page):
        self.errors: list[str] = []
        self.requests: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", lambda exc: self.errors.append(f"pageerror: {exc}"))
        page.on("request", lambda req: self.requests.append(req.url))
        # (the page's "console" event also carries its workers' console messages)

    def _console(self, msg):
        if msg.type == "error":
            self.errors.append(f"console.error: {msg.text}")


@pytest.fixture
def context(browser):
    ctx = browser.new_context()
    yield ctx
    ctx.close()


@pytest.fixture
def page(context):
    page = context.new_page()
    page.watch = PageWatch(page)
    yield page
    if not kept_for_reuse(page):
        page.close()


@pytest.fixture
def persistent_page(playwright_instance, tmp_path):
    """new_page(): pages of one persistent profile (a real HTTP cache and Cache Storage, for
    warm visits), each with .watch like the `page` fixture."""
    ctx = playwright_instance.chromium.launch_persistent_context(str(tmp_path / "profile"),
                                                                 **launch_args())

    def new_page():
        page = ctx.new_page()
        page.watch = PageWatch(page)
        return page

    yield new_page
    ctx.close()


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
