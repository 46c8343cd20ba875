"""The Pyodide runtime as the page gets it: the pinned npm package's runtime files, micropip's
wheel from PyPI (pinned by its hash), python_stdlib.zip trimmed to what the page can import, and
bytecode for the modules it does import (compiled by Pyodide's own CPython, precompile.mjs)."""
from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from . import provision
from .common import CACHE, ZIP_EPOCH, log, sha256_bytes, short_hash

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

HERE = Path(__file__).resolve().parent
PRECOMPILE_SCRIPTS = (HERE / "precompile.mjs", HERE / "precompile_in_pyodide.py")


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


def precompile_pyc(stdlib: bytes, micropip: bytes, wheel: bytes) -> tuple[bytes, dict[str, bytes]]:
    """(the stdlib zip with the modules the page imports as .pyc, {wheel path: .pyc} of the
    engine's modules), compiled by Pyodide's CPython in Node; cached in .cache/stdlib-pyc/.

    Compiling Python source is most of CPython's start-up in wasm, and Pyodide's stdlib zip holds
    only .py files: boot 2.2 s -> 0.9 s in Node for +0.75 MB of zip; importing kaffeehaus.api
    94 ms -> 8 ms. Modules nobody imports at boot stay .py."""
    scripts = [p.read_bytes() for p in PRECOMPILE_SCRIPTS]
    key = short_hash(stdlib, micropip, wheel, *scripts, PYODIDE_VERSION.encode())
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
    (work / "python_stdlib.zip").write_bytes(stdlib)
    (work / MICROPIP_WHEEL).write_bytes(micropip)
    (work / "engine.whl").write_bytes(wheel)
    log("precompiling the stdlib modules the page imports (Pyodide in Node)")
    proc = subprocess.run(
        ["node", str(PRECOMPILE_SCRIPTS[0]), str(node_pyodide()), str(work / "python_stdlib.zip"),
         str(work / MICROPIP_WHEEL), str(work / "engine.whl"), str(work / "out.zip"),
         str(work / "out.engine.zip")],
        capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit("build: precompiling the stdlib failed:\n" + (proc.stdout + proc.stderr)[-3000:])
    for line in proc.stdout.strip().splitlines()[-2:]:
        log(line)
    (work / "out.engine.zip").rename(engine_out)
    (work / "out.zip").rename(out)
    shutil.rmtree(work, ignore_errors=True)
    return result()


def runtime_files(wheel: bytes, trim_stdlib: bool = True, precompile: bool = True
                  ) -> tuple[dict[str, bytes], dict[str, bytes]]:
    """({file name: bytes} of the runtime directory, {wheel path: .pyc} for the engine wheel)."""
    pkg = node_pyodide()
    micropip = fetch_micropip()
    files, engine_pyc = {}, {}
    for name in PYODIDE_FILES:
        data = (pkg / name).read_bytes()
        if name == "python_stdlib.zip":
            if trim_stdlib:
                data = trimmed_stdlib(data)
            if precompile:
                data, engine_pyc = precompile_pyc(data, micropip, wheel)
        files[name] = data
    files[MICROPIP_WHEEL] = micropip
    return files, engine_pyc


def lock_file() -> dict:
    """The one-entry Pyodide lock file the worker gets: micropip with PyPI's hash."""
    stock = json.loads((node_pyodide() / "pyodide-lock.json").read_bytes())
    return {
        "info": stock["info"],
        "packages": {"micropip": dict(stock["packages"]["micropip"],
                                      file_name=MICROPIP_WHEEL, sha256=MICROPIP_SHA256)},
    }
