"""Brotli for the files the site stores encoded (docs/WEB.md "Compression as served"): the
build writes /pyodide/<hash>/* and /wheels/<hash>/* brotli-compressed (quality 11, window 16 MB)
and netlify.toml declares `Content-Encoding = "br"` for them, so the browser gets them as
compressed as brotli can, whatever the host would do on its own with wasm and zip files.

Compressing the 9.6 MB wasm at quality 11 takes about a minute of CPU: results are kept in
.cache/brotli/ by the content's hash. `decode` reverses it (Node again) for the tools and tests
that read those files from dist/."""
from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

from .common import CACHE, log, sha256_bytes

HERE = Path(__file__).resolve().parent
BROTLI_JS = HERE / "brotli.mjs"
KEEP = CACHE / "brotli"


def brotli_many(files: dict[str, bytes]) -> dict[str, bytes]:
    """{name: brotli(data)} for {name: data}, from the cache where it can."""
    KEEP.mkdir(parents=True, exist_ok=True)
    key = {name: sha256_bytes(data) for name, data in files.items()}
    todo = [name for name in files if not (KEEP / f"{key[name]}.br").exists()]
    if todo:
        log(f"brotli (quality 11): {', '.join(todo)}")
        with tempfile.TemporaryDirectory(dir=KEEP) as tmp:
            args = []
            for i, name in enumerate(todo):
                src = Path(tmp) / f"{i}.in"
                src.write_bytes(files[name])
                args += [str(src), str(Path(tmp) / f"{i}.br")]
            subprocess.run(["node", str(BROTLI_JS), *args], check=True)
            for i, name in enumerate(todo):
                (Path(tmp) / f"{i}.br").replace(KEEP / f"{key[name]}.br")
    return {name: (KEEP / f"{key[name]}.br").read_bytes() for name in files}


def decode(data: bytes) -> bytes:
    """The bytes a browser gets from a brotli-encoded file (for tests and tools)."""
    out = subprocess.run(["node", "-e", "process.stdout.write(require('zlib').brotliDecompressSync("
                          "require('fs').readFileSync(0)))"], input=data, capture_output=True,
                         check=True)
    return out.stdout
