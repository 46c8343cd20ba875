"""The Pyodide runtime as the page gets it: the pinned npm package's runtime files as they are,
and the game's own standard library (tools/stdlib.py), which the worker hands to loadPyodide
as `stdLibURL` instead of Pyodide's python_stdlib.zip.

The page installs no package with Pyodide's package manager: the engine wheel is unpacked into
site-packages (web/engine-boot.js), so neither micropip nor a lock file's packages are needed;
the worker passes a lock file with no packages (nothing is fetched for it)."""
from __future__ import annotations

import json
from pathlib import Path

from . import provision, stdlib

PYODIDE_VERSION = "314.0.7"
# The runtime files of the npm package the page needs (the rest: docs, maps, typings, consoles,
# and python_stdlib.zip, replaced by the game's own).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
STDLIB_NAME = stdlib.STDLIB_NAME


def node_pyodide() -> Path:
    """node_modules/pyodide at the pinned version (npm ci on first use)."""
    return provision.ensure_node_package("pyodide", PYODIDE_VERSION)


def runtime_files(plain_wheel: bytes) -> tuple[dict[str, bytes], dict]:
    """({file name: bytes} of the runtime directory, the stdlib trace of tools/stdlib.py, with the
    engine's bytecode for the page's wheel), for the engine wheel `plain_wheel` (sources)."""
    pkg = node_pyodide()
    files = {name: (pkg / name).read_bytes() for name in PYODIDE_FILES}
    traced = stdlib.trace(pkg, (pkg / "python_stdlib.zip").read_bytes(), plain_wheel, stdlib.glue())
    files[STDLIB_NAME] = stdlib.trimmed_zip(traced["stdlib_pyc"])
    return files, traced


def lock_file() -> dict:
    """The lock file the worker hands to loadPyodide: Pyodide's own `info`, no packages."""
    stock = json.loads((node_pyodide() / "pyodide-lock.json").read_bytes())
    return {"info": stock["info"], "packages": {}}
