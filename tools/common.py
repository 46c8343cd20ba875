"""Paths of the repository, content hashes and the build's log line: what every build module shares."""
from __future__ import annotations

import hashlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"  # downloads and slow intermediate results (git-ignored)
WEB = ROOT / "web"
PY = ROOT / "py"
NODE_MODULES = ROOT / "node_modules"

# Debian's Chromium (`apt-get install chromium`): the browser tests and the icon renderer use it.
CHROMIUM = Path("/usr/bin/chromium")
# Debian's Chromium as the tests and benches drive it (Playwright with executable_path): no
# sandbox (CI runs as root), no GPU, and nothing that would reach for the network.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]

# Fixed timestamp for reproducible zip entries (the earliest a zip can store).
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def short_hash(*parts: bytes) -> str:
    """12 hex digits naming a sequence of byte strings (a content-hashed directory, a cache key)."""
    h = hashlib.sha256()
    for p in parts:
        h.update(hashlib.sha256(p).digest())
    return h.hexdigest()[:12]


def write_file(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
