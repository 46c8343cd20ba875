"""The engine's own tests, run again inside Pyodide (CPython compiled to wasm) under Node.

run_in_pyodide.mjs boots the runtime exactly as dist/ ships it (the game's stdlib included),
installs micropip and the engine wheel from dist/, checks that every engine module imports,
then runs pytest inside wasm on the tests rule_subset.py chooses: a subset of tests/engine and
tests/ai (minus `no_pyodide`) that cites every rule id any of them cites and touches every test
module. After the run this test checks, from pytest's own report of what passed in wasm, that
the rule ids and modules really were covered. Set KAFFEEHAUS_PYODIDE_SUITE=all to run every
engine and AI test inside Pyodide instead (about ten times longer).

pytest, hypothesis and their dependencies are pure-Python wheels downloaded from PyPI by pip
into .cache/pyodide-test-wheels/ (no CDN); mark a test `no_pyodide` to keep it out of this run.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import rule_subset

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


def passed_nodeids(log: str) -> set[str]:
    """Node ids pytest (-rA) reported as PASSED in its short summary."""
    return {m.group(1) for m in re.finditer(r"^PASSED (.+?)\s*$", log, re.M)}


def test_passed_nodeids_reads_pytests_summary():
    log = ("....\n=== short test summary info ===\n"
           "PASSED tests/engine/test_a.py::test_SS_3_x[schnapsen]\n"
           "FAILED tests/engine/test_a.py::test_b - AssertionError\n"
           "PASSED tests/ai/test_c.py::test_d\n")
    assert passed_nodeids(log) == {"tests/engine/test_a.py::test_SS_3_x[schnapsen]",
                                   "tests/ai/test_c.py::test_d"}


def test_engine_suite_in_pyodide(tmp_path):
    if not shutil.which("node"):
        pytest.fail("node is needed to run the engine tests inside Pyodide")
    dist = ROOT / "dist"
    if not (dist / "precache.json").exists():
        pytest.fail("dist/ is not built: run `python3 build.py test` (or build.py build)")
    wheels = _test_wheels()
    whole = os.environ.get("KAFFEEHAUS_PYODIDE_SUITE") == "all"
    records = rule_subset.collect_in_subprocess()
    chosen = [r["nodeid"] for r in records] if whole else rule_subset.choose(records)
    assert chosen, "no engine test to run inside Pyodide"
    (tmp_path / "pyodide-tests.txt").write_text("\n".join(chosen) + "\n")
    cmd = ["node", str(RUNNER), str(dist), str(wheels),
           "-m", rule_subset.SELECTION, "-q", "-rA", "-p", "no:randomly", *chosen]
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=1800)
    log = proc.stdout + proc.stderr
    (tmp_path / "pyodide-pytest.log").write_text(log)
    tail = log[-4000:]
    assert proc.returncode == 0, f"pytest inside Pyodide failed (exit {proc.returncode}):\n{tail}"

    # What passed in wasm must cite every rule id the engine tests cite, in every module.
    passed = passed_nodeids(log)
    assert passed <= set(chosen), sorted(passed - set(chosen))[:5]
    want_rules, _ = rule_subset.covered(records, [r["nodeid"] for r in records])
    _, want_modules = rule_subset.covered(records, [r["nodeid"] for r in records
                                                    if whole or not r["slow"]])
    got_rules, got_modules = rule_subset.covered(records, passed)
    assert want_rules and got_rules == want_rules, sorted(want_rules - got_rules)
    assert want_modules <= got_modules, sorted(want_modules - got_modules)
    print(f"{len(passed)} engine tests passed inside Pyodide, citing {len(got_rules)} rule ids "
          f"in {len(got_modules)} modules")
