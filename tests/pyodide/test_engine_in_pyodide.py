"""The engine's own test suite, run again inside Pyodide (CPython compiled to wasm) under Node.

run_in_pyodide.mjs boots the runtime exactly as dist/ ships it (trimmed stdlib included),
installs micropip and the engine wheel from dist/, checks that every engine module imports,
then runs pytest on tests/ (minus the browser and Pyodide tests) inside wasm. pytest,
hypothesis and their dependencies are pure-Python wheels downloaded from PyPI by pip into
.cache/pyodide-test-wheels/ (no CDN); mark a test `no_pyodide` to keep it out of this run.
"""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WHEELS = ROOT / ".cache" / "pyodide-test-wheels"
RUNNER = Path(__file__).resolve().parent / "run_in_pyodide.mjs"


def _pins() -> list[str]:
    text = (ROOT / "requirements-dev.txt").read_text()
    return re.findall(r"^((?:pytest|hypothesis)==[^\s#]+)", text, re.M)


def _test_wheels() -> Path:
    pins = _pins()
    have = {p.name.split("-")[0].lower() + "==" + p.name.split("-")[1]
            for p in WHEELS.glob("*.whl")}
    if not set(pins) <= have:
        WHEELS.mkdir(parents=True, exist_ok=True)
        subprocess.run([sys.executable, "-m", "pip", "download", *pins, "--only-binary=:all:",
                        "--python-version", "3.14", "--disable-pip-version-check", "-q",
                        "-d", str(WHEELS)], check=True)
    return WHEELS


def test_engine_suite_in_pyodide(tmp_path):
    if not shutil.which("node"):
        pytest.fail("node is needed to run the engine tests inside Pyodide")
    dist = ROOT / "dist"
    if not (dist / "precache.json").exists():
        pytest.fail("dist/ is not built: run `python3 build.py test` (or build.py build)")
    wheels = _test_wheels()
    cmd = ["node", str(RUNNER), str(dist), str(wheels), "tests",
           "--ignore=tests/web", "--ignore=tests/pyodide", "-m", "not no_pyodide",
           "-q", "-p", "no:randomly"]
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=1800)
    log = proc.stdout + proc.stderr
    (tmp_path / "pyodide-pytest.log").write_text(log)
    tail = log[-4000:]
    assert proc.returncode == 0, f"pytest inside Pyodide failed (exit {proc.returncode}):\n{tail}"
    summary = re.search(r"(\d+) passed", log)
    assert summary and int(summary.group(1)) > 0, tail
    print(tail[-600:])
