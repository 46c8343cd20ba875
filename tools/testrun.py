"""`python3 build.py test`: the project's one test command, for a clean clone on a fresh Debian
machine (CI runs it through .ci/run): install the test tools, build dist/, run pytest on tests/.

`python3 build.py test --fast` provisions and builds the same way, then runs the fast tier only
(FAST_TIER below; the markers are registered and applied in tests/conftest.py). Provisioning
skips what is already in place: pip when every pin of requirements-dev.txt is installed, npm ci
when node_modules/ is what package-lock.json pins, apt when Chromium is there.
"""
from __future__ import annotations

import subprocess
import sys

from . import provision
from .common import ROOT, log
from .site import build

# Engine, AI, the page's unit tests and one browser game: no exhaustive runs, no Pyodide item.
FAST_TIER = "not slow and not browser and not pyodide or smoke"
# pytest-xdist workers: with two, a 2-core machine was 84% busy over the full run (the browser
# tests wait on timers and on each other's processes); a third fills those gaps. Work stealing
# keeps the workers busy to the end (tests/conftest.py runs the long browser tests first).
# `-n 0` on the command line runs in one process.
WORKERS = ["-n", "3", "--dist", "worksteal"]
# The slowest tests, printed after every run: where the time of the suite goes.
DURATIONS = ["--durations=25"]


def test(args: list[str]) -> int:
    """Provision, build, then pytest tests/ (only the fast tier with --fast); other arguments
    go to pytest."""
    fast = "--fast" in args
    pytest_args = [a for a in args if a != "--fast"]
    provision.ensure_requirements(ROOT / "requirements-dev.txt")
    provision.ensure_npm_packages()
    provision.ensure_chromium()
    build()
    tier = ["-m", FAST_TIER] if fast else []
    if fast:
        log(f"fast tier: pytest -m '{FAST_TIER}'")
    chosen = any(a.startswith(("-n", "--numprocesses")) for a in pytest_args)
    workers = [] if chosen else WORKERS
    durations = [] if any(a.startswith("--durations") for a in pytest_args) else DURATIONS
    return subprocess.run([sys.executable, "-m", "pytest", "tests/", *workers, *tier, *durations,
                           *pytest_args], cwd=ROOT).returncode
