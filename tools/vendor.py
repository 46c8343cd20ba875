"""The page's libraries from npm, pinned in package.json and served from the site's own files
(no CDN): lean-qr draws QR codes, jsQR reads them where the browser has no BarcodeDetector
(web/duel/qr.js loads them), xz-decompress decodes the runtime shipped xz-compressed
(web/packed-fetch.js, tools/packed.py). Each is copied with its licence into the web assets under
vendor/<name>/. xz-decompress comes as a UMD script, which a module worker cannot load: it is
given an ES-module wrapper (its banner, which names its licences, kept)."""
from __future__ import annotations

import json

from . import provision
from .common import ROOT

# name -> the files the page needs, under node_modules/<name>/
FILES = {
    "lean-qr": ("index.mjs", "LICENSE"),
    "jsqr": ("dist/jsQR.js", "LICENSE"),
    "xz-decompress": ("dist/package/xz-decompress.min.js", "package.json"),
}
# UMD scripts served as ES modules: the file -> the names the module exports
AS_MODULE = {"xz-decompress.min.js": ("XzReadableStream",)}


def as_module(umd: bytes, names: tuple[str, ...]) -> bytes:
    """A UMD script as an ES module: it sees a CommonJS `module` and `require` (which hands it the
    platform's own streams for "stream/web") and the module exports `names` from it."""
    head = (b"const module = { exports: {} };\nconst exports = module.exports;\n"
            b"const require = () => globalThis;\n")
    tail = f"\nexport const {{ {', '.join(names)} }} = module.exports;\n".encode()
    return head + umd + tail


def pinned(name: str) -> str:
    return json.loads((ROOT / "package.json").read_text())["dependencies"][name]


def web_files() -> dict[str, bytes]:
    """{path under the web assets: bytes} of every vendored file, at its pinned version."""
    out = {}
    for name, files in FILES.items():
        package = provision.ensure_node_package(name, pinned(name))
        for rel in files:
            file = rel.rsplit("/", 1)[-1]
            data = (package / rel).read_bytes()
            if file in AS_MODULE:
                file, data = file.removesuffix(".js") + ".mjs", as_module(data, AS_MODULE[file])
            out[f"vendor/{name}/{file}"] = data
    return out
