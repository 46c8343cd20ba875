"""The page's DOM-free modules (web/play/*.js, storage.js, games.js, stats-data.js) under
Node's own test runner: `node --test tests/web/unit` (no browser, no dependency)."""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

UNIT = Path(__file__).resolve().parent / "unit"


def test_node_unit_tests_pass():
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is missing (the build needs it too)")
    env = {**os.environ, "NODE_OPTIONS": "--no-warnings"}
    run = subprocess.run([node, "--test", "--test-timeout=20000", str(UNIT)], capture_output=True, text=True,
                         env=env, timeout=300, cwd=UNIT)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    assert "# fail 0" in run.stdout
