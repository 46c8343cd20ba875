"""web/limits.js: the engine's limits on input from outside (py/kaffeehaus/limits.py, the one
place they are stated), as an ES module for the page, so that the page refuses an oversized code
before it inflates it, with the engine's own numbers.

The build writes the module into dist/ from py/kaffeehaus/limits.py every time. The copy in
web/ exists because Node's unit tests import the page's modules from the source tree; the build
warns and tests/web/test_build.py fails when it differs (`python3 build.py limits` rewrites it).
"""
from __future__ import annotations

import json
import runpy

from .common import PY, WEB, log

SOURCE = PY / "kaffeehaus" / "limits.py"
TARGET = WEB / "limits.js"


def limits() -> dict[str, int]:
    """The limits as the engine states them (the module has no imports: run on its own)."""
    return dict(runpy.run_path(str(SOURCE))["ALL"])


def render() -> bytes:
    lines = ["// Generated from py/kaffeehaus/limits.py by tools/limits.py (`python3 build.py limits`):",
             "// the engine's limits on input from outside. Do not edit; see that module for each one.",
             ""]
    lines += [f"export const {name} = {json.dumps(value)};" for name, value in limits().items()]
    return ("\n".join(lines) + "\n").encode()


def stale() -> str | None:
    """Why web/limits.js is not what the engine states (None: it is)."""
    if not TARGET.exists():
        return "web/limits.js is missing"
    if TARGET.read_bytes() != render():
        return "web/limits.js differs from py/kaffeehaus/limits.py"
    return None


def write() -> None:
    TARGET.write_bytes(render())
    log(f"{TARGET.relative_to(WEB.parent)} written from {SOURCE.relative_to(PY.parent)}")
