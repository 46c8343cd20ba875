"""The page's libraries from npm, pinned in package.json and served from the site's own files
(no CDN): lean-qr draws QR codes, jsQR reads them where the browser has no BarcodeDetector.
Each is copied with its licence into the web assets under vendor/<name>/ (web/duel/qr.js loads
them from there)."""
from __future__ import annotations

import json

from . import provision
from .common import ROOT

# name -> the files the page needs, under node_modules/<name>/
FILES = {
    "lean-qr": ("index.mjs", "LICENSE"),
    "jsqr": ("dist/jsQR.js", "LICENSE"),
}


def pinned(name: str) -> str:
    return json.loads((ROOT / "package.json").read_text())["dependencies"][name]


def web_files() -> dict[str, bytes]:
    """{path under the web assets: bytes} of every vendored file, at its pinned version."""
    out = {}
    for name, files in FILES.items():
        package = provision.ensure_node_package(name, pinned(name))
        for rel in files:
            out[f"vendor/{name}/{rel.rsplit('/', 1)[-1]}"] = (package / rel).read_bytes()
    return out
