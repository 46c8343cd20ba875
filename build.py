#!/usr/bin/env python3
"""Build, serve and test the Kaffeehaus static site. Standard library only.

    python3 build.py [build]          dist/: the complete static site
    python3 build.py serve [PORT]     build, then serve dist/ on http://127.0.0.1:PORT/ (8000)
    python3 build.py test [ARGS...]   install what the tests need, build, run pytest tests/ ARGS

Layout of dist/ (every directory named by a content hash may be cached forever):

    index.html                     no-cache; references rewritten to assets/<hash>/
    sw.js                          no-cache: web/sw.js with the precache list on its first line
    precache.json                  {"version", "files": [...]} for the service worker
    assets/<hash>/...              a copy of web/ plus build-assets.js and icons/*.png (generated)
    pyodide/<hash>/...             the Pyodide runtime files the game needs, and micropip's wheel
    wheels/<hash>/<engine>.whl     the engine wheel built from py/ (standard wheel name kept)

Headers (Content-Security-Policy, Cache-Control) are declared once, in netlify.toml;
`serve` and the browser tests send the same headers, parsed from that file.
"""
from __future__ import annotations

import argparse
import base64
import functools
import hashlib
import http.server
import io
import json
import os
import re
import shutil
import socketserver
import subprocess
import sys
import threading
import tomllib
import urllib.parse
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"
WEB = ROOT / "web"
PY = ROOT / "py"
NODE_PYODIDE = ROOT / "node_modules" / "pyodide"

PYODIDE_VERSION = "314.0.7"
# The runtime files of the npm package the page needs (the rest: docs, maps, typings, consoles).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
# micropip from PyPI, pinned by PyPI's sha256 (Pyodide's lock file carries a different hash).
MICROPIP_WHEEL = "micropip-0.11.1-py3-none-any.whl"
MICROPIP_SPEC = "micropip==0.11.1"
MICROPIP_SHA256 = "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"

# Parts of CPython's standard library the engine, micropip and Pyodide never import in the page
# (checked by listing sys.modules after a boot that installs and exercises the engine; and
# tests/pyodide/ imports every engine module with the trimmed zip alone).
# Removing them shrinks python_stdlib.zip (it hardly compresses, so every byte is transferred).
STDLIB_DROP_PREFIXES = (
    "_pyrepl/", "unittest/", "multiprocessing/", "xmlrpc/", "wsgiref/", "tkinter/",
    "idlelib/", "turtledemo/", "lib2to3/", "ensurepip/", "venv/", "curses/", "dbm/",
    "sqlite3/", "test/", "pydoc_data/", "xml/", "http/server.py",
    "pdb.py", "doctest.py", "pydoc.py", "imaplib.py", "smtplib.py", "poplib.py", "ftplib.py",
    "mailbox.py", "turtle.py", "_pydatetime.py", "_pydecimal.py", "_pyio.py", "pickletools.py",
    "profile.py", "cProfile.py", "pstats.py", "timeit.py", "trace.py",
    "tabnanny.py", "cmd.py", "bdb.py", "webbrowser.py",
)
# Codecs kept in encodings/ (the rest are legacy code pages nobody decodes in this game).
STDLIB_KEEP_ENCODINGS = {
    "__init__", "aliases", "ascii", "latin_1", "utf_8", "utf_8_sig", "utf_16", "utf_16_le",
    "utf_16_be", "utf_32", "utf_32_le", "utf_32_be", "idna", "punycode", "raw_unicode_escape",
    "unicode_escape", "charmap", "cp437", "cp1252", "base64_codec", "hex_codec",
}

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".css": "text/css",
    ".html": "text/html",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
    ".txt": "text/plain",
    ".bin": "application/octet-stream",
}

# Fixed timestamp for reproducible zip entries (the earliest a zip can store).
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def short_hash(*parts: bytes) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(hashlib.sha256(p).digest())
    return h.hexdigest()[:12]


# --------------------------------------------------------------------------- inputs

def ensure_node_modules() -> None:
    """`npm ci` when node_modules/pyodide is missing or is not the pinned version."""
    pkg = NODE_PYODIDE / "package.json"
    if pkg.exists() and json.loads(pkg.read_text()).get("version") == PYODIDE_VERSION:
        return
    if not shutil.which("npm"):
        sys.exit("build: npm is needed (Node 18+): node_modules/pyodide is missing")
    log("npm ci")
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)


def ensure_pip() -> None:
    """pip is needed to download wheels; Debian's python3 may come without it."""
    if subprocess.run([sys.executable, "-m", "pip", "--version"],
                      capture_output=True).returncode == 0:
        return
    if os.name == "posix" and os.geteuid() == 0 and shutil.which("apt-get"):
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        log("pip is missing: apt-get install python3-pip")
        subprocess.run(["apt-get", "update", "-q"], env=env, check=True)
        subprocess.run(["apt-get", "install", "-y", "-q", "python3-pip"], env=env, check=True)
        return
    sys.exit(f"build: pip is missing for {sys.executable} (apt-get install python3-pip)")


def fetch_micropip() -> bytes:
    """micropip's wheel from PyPI (downloaded once into .cache/), checked against the pinned hash."""
    path = CACHE / "wheels" / MICROPIP_WHEEL
    if not path.exists() or sha256_bytes(path.read_bytes()) != MICROPIP_SHA256:
        path.parent.mkdir(parents=True, exist_ok=True)
        ensure_pip()
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


def trimmed_stdlib(data: bytes) -> bytes:
    """python_stdlib.zip without the modules listed in STDLIB_DROP_PREFIXES (reproducible)."""
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as dst:
        for info in src.infolist():
            name = info.filename
            if name.startswith(STDLIB_DROP_PREFIXES):
                continue
            if name.startswith("encodings/") and name.endswith(".py"):
                if Path(name).stem not in STDLIB_KEEP_ENCODINGS:
                    continue
            zi = zipfile.ZipInfo(name, date_time=ZIP_EPOCH)
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = info.external_attr
            dst.writestr(zi, src.read(name))
    return out.getvalue()


# Compiling Python source is most of CPython's start-up in wasm: Pyodide's stdlib zip holds only
# .py files. Modules the page imports (Pyodide's boot, micropip, the engine) are replaced by
# bytecode compiled by Pyodide's own CPython 3.14 in Node (unchecked hash-based .pyc, the
# .py dropped): measured boot 2.2 s -> 0.9 s in Node, +0.75 MB on the zip. The rest stays .py.
# The engine wheel gets __pycache__/*.cpython-314.pyc (unchecked hash) next to its sources:
# importing kaffeehaus.api 94 ms -> 8 ms.
PRECOMPILE_JS = r"""
import { readFileSync, writeFileSync } from "node:fs";
const [pyodideDir, stdlib, micropip, engine, out] = process.argv.slice(2);
const { loadPyodide } = await import(pyodideDir + "/pyodide.mjs");
const py = await loadPyodide({ indexURL: pyodideDir + "/", stdLibURL: stdlib });
const site = py.runPython("import site; site.getsitepackages()[0]");
for (const whl of [micropip, engine])
  py.unpackArchive(new Uint8Array(readFileSync(whl)), "wheel", { extractDir: site });
py.FS.writeFile("/tmp/in.zip", new Uint8Array(readFileSync(stdlib)));
py.runPython(`
import importlib, importlib.util, pkgutil, sys, zipfile
import importlib._bootstrap_external as be
import json, traceback, random, micropip
for top in ("kaffeehaus",):
    pkg = importlib.import_module(top)
    for m in pkgutil.walk_packages(pkg.__path__, top + "."):
        try:
            importlib.import_module(m.name)
        except Exception as e:  # the tests report it; the build only optimises
            print(f"WARNING: {m.name} does not import: {type(e).__name__}: {e}")
prefix = "/lib/python%d%d.zip/" % sys.version_info[:2]
used = set()
for m in list(sys.modules.values()):
    origin = getattr(getattr(m, "__spec__", None), "origin", None) or ""
    if origin.startswith(prefix) and origin.endswith(".py"):
        used.add(origin[len(prefix):])
src = zipfile.ZipFile("/tmp/in.zip")
with zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as dst:
    for info in src.infolist():
        name, data = info.filename, src.read(info)
        if name in used:
            code = compile(data, prefix + name, "exec", dont_inherit=True)
            data = bytes(be._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
            name += "c"
        zi = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        zi.compress_type = zipfile.ZIP_DEFLATED
        zi.external_attr = info.external_attr
        dst.writestr(zi, data)
print(f"precompiled {len(used)} stdlib modules")
# The engine's own modules: __pycache__/*.cpython-314.pyc next to the sources in the wheel.
site = importlib.util.find_spec("kaffeehaus").submodule_search_locations[0].rsplit("/", 1)[0]
n = 0
with zipfile.ZipFile("/tmp/engine_pyc.zip", "w") as dst:
    import os
    for top in ("kaffeehaus",):
        for dirpath, dirs, files in os.walk(f"{site}/{top}"):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for f in sorted(files):
                if not f.endswith(".py"):
                    continue
                path = f"{dirpath}/{f}"
                data = open(path, "rb").read()
                code = compile(data, path, "exec", dont_inherit=True)
                pyc = bytes(be._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
                zi = zipfile.ZipInfo(importlib.util.cache_from_source(path)[len(site) + 1:],
                                     date_time=(1980, 1, 1, 0, 0, 0))
                dst.writestr(zi, pyc)
                n += 1
print(f"precompiled {n} engine modules")
`);
writeFileSync(out, py.FS.readFile("/tmp/out.zip"));
writeFileSync(out + ".engine.zip", py.FS.readFile("/tmp/engine_pyc.zip"));
"""


def precompile_pyc(stdlib: bytes, micropip: bytes, wheel: bytes) -> tuple[bytes, dict[str, bytes]]:
    """(the stdlib zip with the modules the page imports as .pyc, {wheel path: .pyc} of the
    engine's modules), compiled by Pyodide's CPython in Node; cached in .cache/stdlib-pyc/."""
    key = short_hash(stdlib, micropip, wheel, PRECOMPILE_JS.encode(), PYODIDE_VERSION.encode())
    out = CACHE / "stdlib-pyc" / f"{key}.zip"
    engine_out = out.with_name(out.name + ".engine.zip")

    def result():
        z = zipfile.ZipFile(io.BytesIO(engine_out.read_bytes()))
        return out.read_bytes(), {n: z.read(n) for n in z.namelist()}

    if out.exists() and engine_out.exists():
        return result()
    work = CACHE / "stdlib-pyc" / "work"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    (work / "precompile.mjs").write_text(PRECOMPILE_JS)
    (work / "python_stdlib.zip").write_bytes(stdlib)
    (work / MICROPIP_WHEEL).write_bytes(micropip)
    (work / "engine.whl").write_bytes(wheel)
    log("precompiling the stdlib modules the page imports (Pyodide in Node)")
    proc = subprocess.run(
        ["node", str(work / "precompile.mjs"), str(NODE_PYODIDE), str(work / "python_stdlib.zip"),
         str(work / MICROPIP_WHEEL), str(work / "engine.whl"), str(work / "out.zip")],
        capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit("build: precompiling the stdlib failed:\n" + (proc.stdout + proc.stderr)[-3000:])
    for line in proc.stdout.strip().splitlines()[-2:]:
        log(line)
    (work / "out.zip.engine.zip").rename(engine_out)
    (work / "out.zip").rename(out)
    shutil.rmtree(work, ignore_errors=True)
    return result()


# --------------------------------------------------------------------------- the engine wheel

def _record_hash(data: bytes) -> str:
    digest = hashlib.sha256(data).digest()
    return "sha256=" + base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def engine_project(py_dir: Path) -> dict:
    pyproject = py_dir / "pyproject.toml"
    project = {}
    if pyproject.exists():
        project = tomllib.loads(pyproject.read_text()).get("project", {})
    name = project.get("name", "kaffeehaus")
    version = project.get("version", "0.0.0")
    if project.get("dependencies"):
        # micropip would fetch them from PyPI at run time; the page loads nothing from elsewhere.
        sys.exit(f"build: {pyproject} declares dependencies {project['dependencies']}; "
                 "the engine must be pure standard library")
    return {"name": name, "version": version,
            "requires_python": project.get("requires-python"),
            "summary": project.get("description", "")}


def build_engine_wheel(py_dir: Path = PY, extra: dict[str, bytes] | None = None
                       ) -> tuple[str, bytes]:
    """A reproducible py3-none-any wheel of the packages under py_dir, written with zipfile.

    A wheel is a zip holding the package files plus <name>-<version>.dist-info/{METADATA,WHEEL,
    RECORD}. Entries are sorted and carry a fixed timestamp, so the same sources give the same
    bytes (and the same content hash in dist/)."""
    meta = engine_project(py_dir)
    dist_name = re.sub(r"[-_.]+", "_", meta["name"]).lower()
    version = meta["version"]
    packages = sorted(p.parent for p in py_dir.glob("*/__init__.py"))
    if not packages:
        sys.exit(f"build: no Python package (*/__init__.py) under {py_dir}")
    files: list[tuple[str, bytes]] = []
    for pkg in packages:
        for f in sorted(pkg.rglob("*")):
            if f.is_dir() or "__pycache__" in f.parts or f.suffix in (".pyc", ".pyo"):
                continue
            files.append((f.relative_to(py_dir).as_posix(), f.read_bytes()))
    files.extend(sorted((extra or {}).items()))  # e.g. precompiled __pycache__/*.pyc
    info_dir = f"{dist_name}-{version}.dist-info"
    metadata = [
        "Metadata-Version: 2.1",
        f"Name: {meta['name']}",
        f"Version: {version}",
    ]
    if meta["summary"]:
        metadata.append(f"Summary: {meta['summary']}")
    if meta["requires_python"]:
        metadata.append(f"Requires-Python: {meta['requires_python']}")
    files.append((f"{info_dir}/METADATA", ("\n".join(metadata) + "\n").encode()))
    files.append((f"{info_dir}/WHEEL", (
        "Wheel-Version: 1.0\nGenerator: kaffeehaus-build.py\nRoot-Is-Purelib: true\n"
        "Tag: py3-none-any\n").encode()))
    files.append((f"{info_dir}/top_level.txt",
                  "".join(p.name + "\n" for p in packages).encode()))
    record = "".join(f"{n},{_record_hash(d)},{len(d)}\n" for n, d in files)
    record += f"{info_dir}/RECORD,,\n"
    files.append((f"{info_dir}/RECORD", record.encode()))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for name, data in files:
            zi = zipfile.ZipInfo(name, date_time=ZIP_EPOCH)
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o644 << 16
            z.writestr(zi, data)
    return f"{dist_name}-{version}-py3-none-any.whl", out.getvalue()


# --------------------------------------------------------------------------- app icons

# The installable app's icons (web app manifest): PNGs drawn here with the standard library,
# so no binary lives in git. Two playing cards on the café's green, a red heart on the front
# one. Shapes are signed-distance functions in a 512-unit design square; coverage from the
# distance gives antialiased edges with one sample per pixel. Cached in .cache/icons/.
ICONS = {  # file (under web/icons/ in dist) -> (size, maskable)
    "icons/icon-192.png": (192, False),
    "icons/icon-512.png": (512, False),
    "icons/maskable-512.png": (512, True),
}
ICON_VERSION = b"icons-1"


def _png(width: int, height: int, rgba: bytearray) -> bytes:
    """A minimal PNG (8-bit RGBA, no filter) with zlib from the standard library."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    stride = width * 4
    raw = b"".join(b"\0" + bytes(rgba[y * stride:(y + 1) * stride]) for y in range(height))
    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def draw_icon(size: int, maskable: bool = False) -> bytes:
    import math

    def rect_sd(x, y, cx, cy, hw, hh, r, angle):
        c, s = math.cos(angle), math.sin(angle)
        dx, dy = x - cx, y - cy
        px, py = abs(c * dx + s * dy), abs(-s * dx + c * dy)
        qx, qy = px - (hw - r), py - (hh - r)
        return math.hypot(max(qx, 0.0), max(qy, 0.0)) + min(max(qx, qy), 0.0) - r

    def heart_sd(x, y, cx, cy, h):
        # a square turned 45 degrees (point down) and two circles on its upper edges
        dx, dy = x - cx, y - cy
        u, v = (dx + dy) / math.sqrt(2), (dy - dx) / math.sqrt(2)
        sq = math.hypot(max(abs(u) - h, 0.0), max(abs(v) - h, 0.0)) + min(max(abs(u) - h, abs(v) - h), 0.0)
        m = h / math.sqrt(2)
        c1 = math.hypot(dx + m, dy + m) - h
        c2 = math.hypot(dx - m, dy + m) - h
        return min(sq, c1, c2)

    green, cream, ink, red, back = ((0x1d, 0x5a, 0x39), (0xff, 0xfd, 0xf7), (0x14, 0x40, 0x2a),
                                    (0xc8, 0x10, 0x2e), (0x7a, 0x1f, 0x2b))
    tilt_back, tilt_front = math.radians(-14), math.radians(10)
    layers = [  # (signed distance in design units, colour), bottom first
        ((lambda x, y: rect_sd(x, y, 256, 256, 256, 256, 0 if maskable else 100, 0)), green),
        ((lambda x, y: rect_sd(x, y, 214, 262, 116, 166, 22, tilt_back)), cream),
        ((lambda x, y: rect_sd(x, y, 214, 262, 102, 152, 12, tilt_back)), back),
        ((lambda x, y: rect_sd(x, y, 294, 254, 116, 166, 22, tilt_front)), ink),
        ((lambda x, y: rect_sd(x, y, 294, 254, 108, 158, 16, tilt_front)), cream),
        ((lambda x, y: heart_sd(x, y, 300, 262, 50)), red),
    ]
    scale = 0.74 if maskable else 1.0  # maskable: everything but the green in the safe circle
    unit = 512 / size
    pixel = unit / scale
    out = bytearray(size * size * 4)
    for j in range(size):
        for i in range(size):
            px, py = (i + 0.5) * unit, (j + 0.5) * unit
            r = g = b = a = 0.0
            for k, (sd, colour) in enumerate(layers):
                if k == 0:
                    d = sd(px, py)
                    cov = min(max(0.5 - d / unit, 0.0), 1.0)
                else:
                    x, y = 256 + (px - 256) / scale, 256 + (py - 256) / scale
                    cov = min(max(0.5 - sd(x, y) / pixel, 0.0), 1.0)
                if cov <= 0.0:
                    continue
                r = colour[0] * cov + r * (1 - cov)
                g = colour[1] * cov + g * (1 - cov)
                b = colour[2] * cov + b * (1 - cov)
                a = cov + a * (1 - cov)
            o = (j * size + i) * 4
            if a > 0:
                # layers above the background composite as premultiplied colour; un-premultiply
                out[o:o + 4] = bytes((min(255, round(r / a)) if a < 1 else round(r),
                                      min(255, round(g / a)) if a < 1 else round(g),
                                      min(255, round(b / a)) if a < 1 else round(b),
                                      round(a * 255)))
    return _png(size, size, out)


def app_icons() -> dict[str, bytes]:
    """{path under assets/<hash>/: PNG bytes} of ICONS, drawn once and cached."""
    import inspect
    key = short_hash(ICON_VERSION, inspect.getsource(draw_icon).encode(), repr(ICONS).encode())
    out = {}
    for rel, (size, maskable) in ICONS.items():
        path = CACHE / "icons" / key / rel
        if not path.exists():
            log(f"drawing {rel}")
            _write(path, draw_icon(size, maskable))
        out[rel] = path.read_bytes()
    return out


# --------------------------------------------------------------------------- the site

def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def build(dist: Path = DIST, py_dir: Path = PY, trim_stdlib: bool = True,
          precompile: bool = True) -> dict:
    """Write the complete site to `dist` and return a summary (paths relative to dist)."""
    ensure_node_modules()
    micropip = fetch_micropip()

    wheel_name, wheel = build_engine_wheel(py_dir)

    # Pyodide runtime + micropip, in one directory named by their content.
    runtime = {}
    for name in PYODIDE_FILES:
        data = (NODE_PYODIDE / name).read_bytes()
        if name == "python_stdlib.zip":
            if trim_stdlib:
                data = trimmed_stdlib(data)
            if precompile:
                data, engine_pyc = precompile_pyc(data, micropip, wheel)
                wheel_name, wheel = build_engine_wheel(py_dir, engine_pyc)
        runtime[name] = data
    runtime[MICROPIP_WHEEL] = micropip
    py_hash = short_hash(*(n.encode() + b"\0" + d for n, d in sorted(runtime.items())))
    py_rel = f"pyodide/{py_hash}/"
    wheel_rel = f"wheels/{short_hash(wheel)}/{wheel_name}"

    stock_lock = json.loads((NODE_PYODIDE / "pyodide-lock.json").read_bytes())
    worker_src = (WEB / "engine-worker.js").read_bytes() if (WEB / "engine-worker.js").exists() else b""
    # Names the worker's memory snapshot: it holds the interpreter as booted by this runtime and
    # this worker, not the engine (installed after it), so an engine update keeps it valid.
    build_id = short_hash(py_hash.encode(), worker_src)

    # web/ minus the service worker (which must live at the root of its scope).
    web_files: dict[str, bytes] = {}
    sw = None
    for f in sorted(WEB.rglob("*")) if WEB.exists() else []:
        if f.is_dir() or "__pycache__" in f.parts or f.name.startswith("."):
            continue
        rel = f.relative_to(WEB).as_posix()
        if rel == "sw.js":
            sw = f.read_bytes()
            continue
        web_files[rel] = f.read_bytes()
    web_files.update(app_icons())
    lock = {
        "info": stock_lock["info"],
        "packages": {"micropip": dict(stock_lock["packages"]["micropip"],
                                      file_name=MICROPIP_WHEEL, sha256=MICROPIP_SHA256)},
    }
    web_files["build-assets.js"] = (
        "// Generated by build.py: where the engine worker finds its runtime. Do not edit.\n"
        f"export const BUILD_ID = {json.dumps(build_id)};\n"
        f"export const PYODIDE_URL = new URL({json.dumps('../../' + py_rel)}, import.meta.url).href;\n"
        f"export const ENGINE_WHEEL_URL = new URL({json.dumps('../../' + wheel_rel)}, import.meta.url).href;\n"
        f"export const PYODIDE_LOCK = {json.dumps(lock, sort_keys=True)};\n"
    ).encode()
    web_hash = short_hash(*(n.encode() + b"\0" + d for n, d in sorted(web_files.items())))
    web_rel = f"assets/{web_hash}/"

    index = ROOT / "index.html"
    if not index.exists():
        log("WARNING: index.html is missing: dist/ will have no page")
    html = index.read_text(encoding="utf-8") if index.exists() else None
    html = html and re.sub(r'((?:src|href)\s*=\s*["\'])(?:\./)?web/', lambda m: m.group(1) + web_rel, html)

    # Write into a fresh directory, then swap it in (a server reading dist/ never sees half a build).
    tmp = dist.with_name(dist.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    for name, data in runtime.items():
        _write(tmp / py_rel / name, data)
    _write(tmp / wheel_rel, wheel)
    for rel, data in web_files.items():
        _write(tmp / web_rel / rel, data)
    if html is not None:
        _write(tmp / "index.html", html.encode())
    files = sorted(p.relative_to(tmp).as_posix() for p in tmp.rglob("*") if p.is_file())
    precache = {
        "version": short_hash(sw or b"", *(f.encode() + b"\0" + (tmp / f).read_bytes() for f in files)),
        "files": ["./"] + [f for f in files if f not in ("sw.js", "index.html")],
    }
    _write(tmp / "precache.json", (json.dumps(precache, indent=1) + "\n").encode())
    if sw is not None:
        # The service worker carries the precache list itself: a new build is a new sw.js
        # (which is how the browser notices an update), and install needs no other request.
        header = f"const PRECACHE = {json.dumps(precache, separators=(',', ':'))};\n"
        _write(tmp / "sw.js", header.encode() + sw)
        files.append("sw.js")
    old = dist.with_name(dist.name + ".old")
    shutil.rmtree(old, ignore_errors=True)
    if dist.exists():
        dist.rename(old)
    tmp.rename(dist)
    shutil.rmtree(old, ignore_errors=True)

    total = sum((dist / f).stat().st_size for f in files)
    log(f"dist/ written: {len(files) + 1} files, {total / 1e6:.1f} MB; web {web_rel} "
        f"pyodide {py_rel} engine {wheel_rel}")
    return {"web": web_rel, "pyodide": py_rel, "wheel": wheel_rel, "build_id": build_id,
            "files": files + ["precache.json"]}


# --------------------------------------------------------------------------- headers and serving

@functools.lru_cache(maxsize=None)
def netlify_headers(toml_path: Path = ROOT / "netlify.toml") -> tuple[tuple[str, tuple], ...]:
    """The [[headers]] rules of netlify.toml as ((pattern, ((name, value), ...)), ...)."""
    conf = tomllib.loads(toml_path.read_text())
    rules = []
    for rule in conf.get("headers", []):
        rules.append((rule["for"], tuple((k, " ".join(str(v).split()))
                                         for k, v in rule.get("values", {}).items())))
    return tuple(rules)


def _pattern_matches(pattern: str, path: str) -> bool:
    # Netlify: "*" (a splat) matches any run of characters, also "/"; ":name" matches one segment.
    rx = "".join(".*" if c == "*" else re.escape(c) for c in pattern)
    rx = re.sub(r":[A-Za-z_]+", "[^/]+", rx)
    return re.fullmatch(rx, path) is not None


def headers_for(path: str) -> dict[str, str]:
    """Headers Netlify would add for a URL path: every matching rule, later ones overriding."""
    out: dict[str, str] = {}
    for pattern, values in netlify_headers():
        if _pattern_matches(pattern, path):
            out.update(values)
    return out


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a directory with the MIME types above and the headers of netlify.toml."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    protocol_version = "HTTP/1.1"  # keep-alive: one connection for the page's many small files
    quiet = True
    mounts: dict[str, str] = {}  # URL prefix ("/__test__/") -> directory, for test pages

    def translate_path(self, path: str) -> str:
        url_path = urllib.parse.urlsplit(path).path
        for prefix, directory in self.mounts.items():
            if url_path.startswith(prefix):
                rel = urllib.parse.unquote(url_path[len(prefix):])
                target = (Path(directory) / rel).resolve()
                if Path(directory).resolve() in target.parents or target == Path(directory).resolve():
                    return str(target)
                return str(Path(directory) / "__forbidden__")
        return super().translate_path(path)

    def end_headers(self) -> None:
        path = urllib.parse.urlsplit(self.path).path
        if path.endswith("/"):
            path += "index.html"
        for name, value in headers_for(path).items():
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, fmt, *args):  # noqa: D401 - keep test output clean
        if not self.quiet:
            super().log_message(fmt, *args)


class ThreadingServer(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address):
        # A browser that drops a download (a terminated worker, a closed page) is not an error.
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)


def make_server(directory: Path = DIST, port: int = 0, host: str = "127.0.0.1",
                quiet: bool = True, mounts: dict[str, Path] | None = None) -> ThreadingServer:
    """A threaded HTTP server for `directory`; port 0 picks a free port (see .server_address).
    `mounts` serves extra directories under URL prefixes (the tests' own pages)."""
    handler = type("Handler", (SiteHandler,), {
        "quiet": quiet, "mounts": {k: str(v) for k, v in (mounts or {}).items()}})
    return ThreadingServer((host, port), functools.partial(handler, directory=str(directory)))


def serve_in_thread(directory: Path = DIST, port: int = 0,
                    mounts: dict[str, Path] | None = None) -> tuple[ThreadingServer, str]:
    """Start make_server(...) in a daemon thread; returns (server, base URL)."""
    server = make_server(directory, port, mounts=mounts)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = server.server_address[:2]
    return server, f"http://{host}:{port}/"


def serve(port: int) -> None:
    build()
    server = make_server(DIST, port, quiet=False)
    host, port = server.server_address[:2]
    print(f"Serving dist/ at http://{host}:{port}/  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


# --------------------------------------------------------------------------- test

def _run(cmd: list[str], **kw) -> None:
    log("$ " + " ".join(cmd))
    subprocess.run(cmd, check=True, **kw)


def _pip_install(args: list[str]) -> None:
    ensure_pip()
    cmd = [sys.executable, "-m", "pip", "install", "--disable-pip-version-check", "-q", *args]
    import sysconfig
    if (Path(sysconfig.get_path("stdlib")) / "EXTERNALLY-MANAGED").exists() \
            and sys.prefix == sys.base_prefix:
        cmd.append("--break-system-packages")  # a throwaway CI machine's system Python
    _run(cmd)


def test(pytest_args: list[str]) -> int:
    """The project's one test command, for a clean clone on a fresh Debian machine."""
    _pip_install(["-r", str(ROOT / "requirements-dev.txt")])
    if not shutil.which("npm"):
        sys.exit("test: Node and npm are needed")
    _run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT)
    if not Path("/usr/bin/chromium").exists():
        if os.geteuid() != 0:
            sys.exit("test: /usr/bin/chromium is missing; run `apt-get install -y chromium` as root")
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        _run(["apt-get", "update", "-q"], env=env)
        _run(["apt-get", "install", "-y", "-q", "chromium"], env=env)
    build()
    return subprocess.run([sys.executable, "-m", "pytest", "tests/", *pytest_args],
                          cwd=ROOT).returncode


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="cmd")
    b = sub.add_parser("build", help="write dist/ (the default)")
    b.add_argument("--no-trim", action="store_true", help="ship the full python_stdlib.zip")
    b.add_argument("--no-precompile", action="store_true", help="ship the stdlib as .py only")
    s = sub.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    s.add_argument("port", nargs="?", type=int, default=8000)
    sub.add_parser("test", help="install test tools, build, run pytest (extra args pass through)",
                   add_help=False)
    if argv is None:
        argv = sys.argv[1:]
    if argv[:1] == ["test"]:
        return test(argv[1:])
    args = parser.parse_args(argv)
    if args.cmd == "serve":
        serve(args.port)
    else:
        build(trim_stdlib=not getattr(args, "no_trim", False),
              precompile=not getattr(args, "no_precompile", False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
