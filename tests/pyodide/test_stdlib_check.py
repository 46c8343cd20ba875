"""The game's trimmed stdlib (tools/stdlib.py): a module the game needs and the zip lacks fails
the build's checks, not a player's game.

- static: a module the engine imports anywhere (here `datetime`, imported inside
  api.deal_of_the_day only) left out of the zip is named, with where it is imported;
- run: the workload in Pyodide with a zip lacking a module (here `hashlib`, which the duel's
  cryptography imports) fails with Python's own ModuleNotFoundError.
The trace comes from the build's cache (.cache/stdlib/, filled by the build this test suite ran).
"""
from __future__ import annotations

import shutil

import pytest

from tools import pyodide_assets, stdlib
from tools.wheel import build_engine_wheel


def check(pkg, zipped, wheel):
    micropip = (pyodide_assets.MICROPIP_WHEEL, pyodide_assets.fetch_micropip())
    stdlib.run_check(pkg, zipped, wheel, stdlib.glue(), pyodide_assets.lock_file(), micropip)


@pytest.fixture(scope="module")
def traced():
    if not shutil.which("node"):
        pytest.fail("node is needed to run Pyodide")
    pkg = pyodide_assets.node_pyodide()
    micropip = (pyodide_assets.MICROPIP_WHEEL, pyodide_assets.fetch_micropip())
    found = stdlib.trace(pkg, (pkg / "python_stdlib.zip").read_bytes(), build_engine_wheel(),
                         stdlib.glue(), pyodide_assets.lock_file(), micropip)
    return pkg, found, build_engine_wheel(extra=found["engine_pyc"])


def test_the_trimmed_stdlib_passes_both_checks(traced):
    pkg, found, wheel = traced
    zipped = stdlib.trimmed_zip(found["stdlib_pyc"])
    stdlib.static_check(zipped, found["trace"])
    check(pkg, zipped, wheel)   # cached once the build passed it


def test_a_module_imported_inside_a_function_is_missed_by_the_static_check(traced):
    _, found, _ = traced
    assert "datetime.pyc" in found["stdlib_pyc"]
    with pytest.raises(stdlib.StdlibCheckFailed) as failed:
        stdlib.static_check(stdlib.trimmed_zip(found["stdlib_pyc"], leave_out=("datetime.py",)),
                            found["trace"])
    assert "datetime (imported at kaffeehaus/api.py:" in str(failed.value)


def test_a_module_missing_at_run_time_fails_the_run_check(traced):
    pkg, found, wheel = traced
    zipped = stdlib.trimmed_zip(found["stdlib_pyc"], leave_out=("hashlib.py",))
    with pytest.raises(stdlib.StdlibCheckFailed) as failed:
        check(pkg, zipped, wheel)
    assert "No module named 'hashlib'" in str(failed.value)
