"""The app's PNG icons (web app manifest, apple-touch-icon), rendered from one SVG master,
tools/app-icon.svg, by headless Chromium (tools/icons.html draws it on a canvas).

The PNGs are committed under web/icons/, so building and serving need no browser;
`python3 build.py icons` regenerates them after an edit of the SVG. Each PNG carries a tEXt
chunk "Source" with a hash of the SVG and the renderer: stale_icons() (run by the build, which
warns, and by tests/web/test_build.py, which fails) notices an SVG edited without regenerating.
"""
from __future__ import annotations

import base64
import json
import re
import struct
import subprocess
import sys
import tempfile
import urllib.parse
import zlib
from pathlib import Path

from .common import CHROMIUM, ROOT, WEB, log, short_hash

HERE = Path(__file__).resolve().parent
MASTER = HERE / "app-icon.svg"
PAGE = HERE / "icons.html"
ICONS = {  # file under web/ (and under assets/<hash>/ in dist) -> (size, maskable)
    "icons/icon-192.png": (192, False),
    "icons/icon-512.png": (512, False),
    "icons/maskable-512.png": (512, True),
}
STAMP_KEY = b"Source"


def source_stamp(size: int, maskable: bool) -> str:
    """What a PNG of this variant was rendered from: the SVG, the page, the variant."""
    return (f"tools/app-icon.svg {size}{' maskable' if maskable else ''} "
            f"{short_hash(MASTER.read_bytes(), PAGE.read_bytes(), f'{size} {maskable}'.encode())}")


def png_size(data: bytes) -> tuple[int, int]:
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise ValueError("not a PNG")
    return struct.unpack(">II", data[16:24])


def png_text(data: bytes, key: bytes = STAMP_KEY) -> str | None:
    """The value of the first tEXt chunk named `key`, or None."""
    for kind, body in _chunks(data):
        if kind == b"tEXt" and body.split(b"\0", 1)[0] == key:
            return body.split(b"\0", 1)[1].decode("latin-1")
    return None


def _chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    pos, out = 8, []
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        out.append((kind, data[pos + 8:pos + 8 + length]))
        pos += 12 + length
    return out


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I4s", len(body), kind) + body + struct.pack(
        ">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def _finish(png: bytes, stamp: str) -> bytes:
    """Chromium's PNG with its image data deflated again at level 9 (canvas.toDataURL compresses
    fast: 74 -> 54 KB for the three icons, same pixels) and a tEXt chunk STAMP_KEY=stamp."""
    chunks = _chunks(png)
    idat = zlib.compress(zlib.decompress(b"".join(b for k, b in chunks if k == b"IDAT")), 9)
    out = [png[:8], _chunk(*chunks[0]), _chunk(b"tEXt", STAMP_KEY + b"\0" + stamp.encode("latin-1"))]
    for kind, body in chunks[1:]:
        if kind == b"IDAT":
            if idat:
                out.append(_chunk(b"IDAT", idat))
                idat = b""
        else:
            out.append(_chunk(kind, body))
    return b"".join(out)


def render(variants: list[tuple[int, bool]]) -> dict[tuple[int, bool], bytes]:
    """{(size, maskable): PNG bytes}, all drawn by one headless Chromium run."""
    if not CHROMIUM.exists():
        sys.exit(f"icons: {CHROMIUM} is needed to render the icons (apt-get install chromium)")
    url = PAGE.as_uri() + "#" + urllib.parse.quote(json.dumps([[s, m] for s, m in variants]))
    with tempfile.TemporaryDirectory(prefix="kaffeehaus-icons-") as profile:
        proc = subprocess.run(
            [str(CHROMIUM), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             f"--user-data-dir={profile}", "--allow-file-access-from-files",
             "--virtual-time-budget=10000", "--dump-dom", url],
            capture_output=True, text=True, timeout=180)
    found = dict(re.findall(r'<pre id="(\d+-(?:any|maskable))">data:image/png;base64,([A-Za-z0-9+/=]+)</pre>',
                            proc.stdout))
    out = {}
    for size, maskable in variants:
        b64 = found.get(f"{size}-{'maskable' if maskable else 'any'}")
        if b64 is None:
            sys.exit(f"icons: Chromium drew no {size}px icon (exit {proc.returncode}):\n"
                     + (proc.stdout + proc.stderr)[-2000:])
        out[size, maskable] = _finish(base64.b64decode(b64), source_stamp(size, maskable))
    return out


def render_png(size: int, maskable: bool = False) -> bytes:
    """One icon at any size, as PNG bytes."""
    return render([(size, maskable)])[size, maskable]


def write_icons(web_dir: Path = WEB) -> list[Path]:
    """Render ICONS into web_dir (`python3 build.py icons`); returns the files written."""
    pngs = render(list(ICONS.values()))
    paths = []
    for rel, variant in ICONS.items():
        path = web_dir / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(pngs[variant])
        log(f"wrote {path.relative_to(ROOT) if ROOT in path.parents else path}")
        paths.append(path)
    return paths


def stale_icons(web_dir: Path = WEB) -> list[str]:
    """Why the committed PNGs do not match the SVG master (empty: they do)."""
    problems = []
    for rel, (size, maskable) in ICONS.items():
        path = web_dir / rel
        if not path.exists():
            problems.append(f"{rel} is missing")
            continue
        data = path.read_bytes()
        if png_size(data) != (size, size):
            problems.append(f"{rel} is {png_size(data)}, not {size}x{size}")
        if png_text(data) != source_stamp(size, maskable):
            problems.append(f"{rel} was not rendered from the current tools/app-icon.svg")
    return problems
