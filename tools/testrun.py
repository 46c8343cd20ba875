"""`python3 build.py test`: the project's one test command, for a clean clone on a fresh Debian
machine (CI runs it through .ci/run): install the test tools, build dist/, run pytest on tests/."""
from __future__ import annotations

import subprocess
import sys

from . import provision
from .common import ROOT
from .site import build


def test(pytest_args: list[str]) -> int:
    """pip -r requirements-dev.txt, npm ci, Debian's chromium if missing, build, pytest tests/."""
    provision.pip_install(["-r", str(ROOT / "requirements-dev.txt")])
    provision.npm_ci()
    provision.ensure_chromium()
    build()
    return subprocess.run([sys.executable, "-m", "pytest", "tests/", *pytest_args],
                          cwd=ROOT).returncode
