"""Installs what the build and the tests need on a fresh Debian machine: node_modules (npm ci),
pip and the test requirements, Debian's chromium. Nothing else touches apt, npm or pip."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

from .common import CHROMIUM, NODE_MODULES, ROOT, log


def run(cmd: list[str], **kw) -> None:
    log("$ " + " ".join(cmd))
    subprocess.run(cmd, check=True, **kw)


def _is_root() -> bool:
    return os.name == "posix" and os.geteuid() == 0


def apt_install(package: str) -> None:
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    run(["apt-get", "update", "-q"], env=env)
    run(["apt-get", "install", "-y", "-q", package], env=env)


def npm_ci() -> None:
    if not shutil.which("npm"):
        sys.exit("build: Node and npm are needed (Node 18+)")
    run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT)


def node_modules_current() -> bool:
    """node_modules/ holds exactly the packages and versions package-lock.json pins (npm writes
    what it installed to node_modules/.package-lock.json): `npm ci` would change nothing."""
    installed = NODE_MODULES / ".package-lock.json"
    if not installed.exists():
        return False

    def versions(path: Path) -> dict:
        packages = json.loads(path.read_text()).get("packages", {})
        return {name: info.get("version") for name, info in packages.items() if name}

    return versions(ROOT / "package-lock.json") == versions(installed)


def ensure_npm_packages() -> None:
    """`npm ci` unless node_modules/ is already what package-lock.json pins."""
    if node_modules_current():
        log("node_modules/ matches package-lock.json: npm ci skipped")
        return
    npm_ci()


def ensure_node_package(name: str, version: str) -> Path:
    """node_modules/<name>, running `npm ci` if it is missing or not the pinned version."""
    pkg = NODE_MODULES / name / "package.json"
    if not (pkg.exists() and json.loads(pkg.read_text()).get("version") == version):
        npm_ci()
    return pkg.parent


def ensure_pip() -> None:
    """pip is needed to download wheels; Debian's python3 may come without it."""
    if subprocess.run([sys.executable, "-m", "pip", "--version"],
                      capture_output=True).returncode == 0:
        return
    if _is_root() and shutil.which("apt-get"):
        log("pip is missing: apt-get install python3-pip")
        apt_install("python3-pip")
        return
    sys.exit(f"build: pip is missing for {sys.executable} (apt-get install python3-pip)")


def pip_install(args: list[str]) -> None:
    ensure_pip()
    cmd = [sys.executable, "-m", "pip", "install", "--disable-pip-version-check", "-q", *args]
    if (Path(sysconfig.get_path("stdlib")) / "EXTERNALLY-MANAGED").exists() \
            and sys.prefix == sys.base_prefix:
        cmd.append("--break-system-packages")  # a throwaway CI machine's system Python
    run(cmd)


def requirements_met(requirements: Path) -> bool:
    """Every `name==version` pin of a requirements file is installed at that version."""
    from importlib import metadata

    for line in requirements.read_text().splitlines():
        pin = re.match(r"^\s*([A-Za-z0-9_.-]+)==([^\s#;]+)", line)
        if not pin:
            if line.split("#", 1)[0].strip():
                return False  # not a plain pin: let pip decide
            continue
        try:
            if metadata.version(pin.group(1)) != pin.group(2):
                return False
        except metadata.PackageNotFoundError:
            return False
    return True


def ensure_requirements(requirements: Path) -> None:
    """pip install -r `requirements` unless every pin is already installed."""
    if requirements_met(requirements):
        log(f"{requirements.name}: every pin installed, pip skipped")
        return
    pip_install(["-r", str(requirements)])


def ensure_chromium() -> None:
    if CHROMIUM.exists():
        return
    if not _is_root():
        sys.exit(f"test: {CHROMIUM} is missing; run `apt-get install -y chromium` as root")
    apt_install("chromium")
