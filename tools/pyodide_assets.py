"""The Pyodide runtime as the page gets it: the pinned npm package's runtime files and micropip's
wheel from PyPI (pinned by its hash), as they are, and the game's own standard library
(tools/stdlib.py: only what a game imports, as bytecode), which the worker hands to loadPyodide
as `stdLibURL` instead of Pyodide's python_stdlib.zip."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from . import provision, stdlib
from .common import CACHE, log, sha256_bytes

PYODIDE_VERSION = "314.0.7"
# The runtime files of the npm package the page needs (the rest: docs, maps, typings, consoles,
# and python_stdlib.zip, whose place the game's stdlib takes).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
STDLIB_NAME = stdlib.STDLIB_NAME
# micropip from PyPI, pinned by PyPI's sha256 (Pyodide's lock file carries a different hash).
MICROPIP_WHEEL = "micropip-0.11.1-py3-none-any.whl"
MICROPIP_SPEC = "micropip==0.11.1"
MICROPIP_SHA256 = "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"


def node_pyodide() -> Path:
    """node_modules/pyodide at the pinned version (npm ci on first use)."""
    return provision.ensure_node_package("pyodide", PYODIDE_VERSION)


def fetch_micropip() -> bytes:
    """micropip's wheel from PyPI (downloaded once into .cache/), checked against the pinned hash."""
    path = CACHE / "wheels" / MICROPIP_WHEEL
    if not path.exists() or sha256_bytes(path.read_bytes()) != MICROPIP_SHA256:
        path.parent.mkdir(parents=True, exist_ok=True)
        provision.ensure_pip()
        log(f"pip download {MICROPIP_SPEC}")
        subprocess.run(
            [sys.executable, "-m", "pip", "download", MICROPIP_SPEC, "--no-deps",
             "--python-version", "3.14", "--only-binary=:all:", "-d", str(path.parent),
             "--disable-pip-version-check", "-q"],
            check=True,
        )
    data = path.read_bytes()
    got = sha256_bytes(data)
    if got != MICROPIP_SHA256:
        sys.exit(f"build: {MICROPIP_WHEEL} sha256 {got} != pinned {MICROPIP_SHA256}")
    return data


def runtime_files(wheel: tuple[str, bytes]) -> tuple[dict[str, bytes], dict]:
    """({file name: bytes} of the runtime directory, the stdlib trace of tools/stdlib.py with the
    engine's bytecode for its wheel), for the engine wheel `wheel` ((name, bytes), sources)."""
    pkg = node_pyodide()
    micropip = fetch_micropip()
    files = {name: (pkg / name).read_bytes() for name in PYODIDE_FILES}
    traced = stdlib.trace(pkg, (pkg / "python_stdlib.zip").read_bytes(), wheel, stdlib.glue(),
                          lock_file(), (MICROPIP_WHEEL, micropip))
    files[STDLIB_NAME] = stdlib.trimmed_zip(traced["stdlib_pyc"])
    files[MICROPIP_WHEEL] = micropip
    return files, traced


def lock_file() -> dict:
    """The one-entry Pyodide lock file the worker gets: micropip with PyPI's hash."""
    stock = json.loads((node_pyodide() / "pyodide-lock.json").read_bytes())
    return {
        "info": stock["info"],
        "packages": {"micropip": dict(stock["packages"]["micropip"],
                                      file_name=MICROPIP_WHEEL, sha256=MICROPIP_SHA256)},
    }
