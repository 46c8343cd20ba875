"""Make the engine importable from a source checkout (py/), installed or not; register the
markers that select the test tiers and classify every collected test by them.

Tiers (README.md, "Two commands"): `python3 build.py test --fast` runs
`-m "not slow and not browser and not pyodide or smoke"`; `python3 build.py test` runs all.
- `browser`: the test drives Chromium (it uses a Playwright fixture); set here, automatically.
- `pyodide`: the test boots Pyodide under Node (tests/pyodide/); set here, automatically.
- `slow`: exhaustive enumerations, hypothesis-heavy properties, builds; marked where written.
- `smoke`: the one browser test of the fast tier (a game played to its end in the built site).
- `cold_boot`: the test's browser contexts boot the engine cold (no memory snapshot seeded).
- `service_worker`: the test's browser contexts let the page install its service worker (the
  others block it: tests/web/conftest.py says why).
- `tiered_wasm`: the test's browser contexts run WebAssembly as players' browsers do, hot
  functions recompiled by V8's optimising compiler (the others run the baseline compiler only:
  tests/web/conftest.py says why).

This file is also the root conftest of the engine suite run inside Pyodide (tests/pyodide/), so
it imports nothing beyond pytest and the standard library.
"""

import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

TESTS = pathlib.Path(__file__).resolve().parent
# Fixtures that start or use Chromium (tests/web/conftest.py): a test whose fixture closure
# holds one of them is a browser test, however it reaches it.
BROWSER_FIXTURES = frozenset({"playwright_instance", "browser", "context", "page",
                              "persistent_page"})

MARKERS = {
    "slow": "exhaustive or hypothesis-heavy: left out of the fast tier (build.py test --fast)",
    "browser": "drives Chromium through Playwright (set automatically from the fixtures)",
    "pyodide": "runs Pyodide under Node (set automatically for tests/pyodide/)",
    "smoke": "the browser test the fast tier keeps: one game played to its end",
    "cold_boot": "new browser contexts get no engine snapshot (tests/web/engine_snapshot.py)",
    "service_worker": "new browser contexts let the page install its service worker",
    "tiered_wasm": "new browser contexts come from a Chromium with V8's default WebAssembly tiers",
}


def pytest_configure(config):
    for name, text in MARKERS.items():
        config.addinivalue_line("markers", f"{name}: {text}")


def _under(item, folder: str) -> bool:
    try:
        pathlib.Path(str(item.path)).resolve().relative_to(TESTS / folder)
    except ValueError:
        return False
    return True


def pytest_collection_modifyitems(config, items):
    for item in items:
        if _under(item, "pyodide"):
            item.add_marker(pytest.mark.pyodide)
        if BROWSER_FIXTURES.intersection(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)
    # the long kinds first (the Pyodide item, the browser tests, then the `slow` engine tests):
    # the many short engine tests then fill the workers' last minutes evenly (a stable sort:
    # the same order in every xdist worker)
    items.sort(key=lambda item: [item.get_closest_marker(name) is None
                                 for name in ("pyodide", "browser", "slow")])
