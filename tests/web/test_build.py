"""build.py's products, checked without a browser."""
from __future__ import annotations

import hashlib
import io
import json
import re
import struct
import subprocess
import sys
import zipfile
import zlib
from html.parser import HTMLParser
from pathlib import Path

import pytest

import kaffeehaus_build as build  # build.py, loaded by conftest.py


@pytest.mark.slow  # two wheel builds and a pip install
def test_engine_wheel_is_reproducible_and_pip_installable(tmp_path):
    name, first = build.build_engine_wheel()
    _, second = build.build_engine_wheel()
    assert first == second
    assert re.fullmatch(r"kaffeehaus-[0-9][^-]*-py3-none-any\.whl", name)
    whl = tmp_path / name
    whl.write_bytes(first)
    # Real pip accepts it (it checks the RECORD) and installs the package.
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "-q",
                    "--disable-pip-version-check", "--target", str(tmp_path / "site"), str(whl)],
                   check=True)
    assert (tmp_path / "site" / "kaffeehaus" / "api.py").exists()
    out = subprocess.run([sys.executable, "-c", "import kaffeehaus.api as a; print(len(a.profiles()))"],
                         cwd=tmp_path, env={"PYTHONPATH": str(tmp_path / "site")},
                         capture_output=True, text=True, check=True)
    assert int(out.stdout) >= 1


def test_dist_is_complete_and_consistent(dist):
    precache = json.loads((dist / "precache.json").read_text())
    files = {p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file()}
    assert set(precache["files"]) - {"./"} == files - {"index.html", "sw.js", "precache.json"}
    # Only the runtime files the page needs, from the pinned package, plus micropip; the biggest
    # xz-compressed (tools/packed.py).
    pyodide = {f.split("/", 2)[2] for f in files if f.startswith("pyodide/")}
    packed = {name + build.packed.SUFFIX if name in build.PACKED_RUNTIME else name
              for name in (*build.PYODIDE_FILES, build.MICROPIP_WHEEL, build.STDLIB_NAME)}
    assert pyodide == packed
    micropip = next(dist.glob(f"pyodide/*/{build.MICROPIP_WHEEL}")).read_bytes()
    assert hashlib.sha256(micropip).hexdigest() == build.MICROPIP_SHA256
    # Every hashed directory is named by its content: no two builds share a name by accident.
    assert len({f.split("/")[1] for f in files if f.startswith("assets/")}) == 1
    # The lock file the worker gets pins PyPI's hash for micropip, not Pyodide's.
    assets = next(dist.glob("assets/*/build-assets.js")).read_text()
    lock = json.loads(re.search(r"PYODIDE_LOCK = (.*);\n", assets).group(1))
    assert lock["packages"]["micropip"]["sha256"] == build.MICROPIP_SHA256
    # The game's stdlib (tools/stdlib.py): bytecode only, of the modules the game, micropip and
    # Pyodide's start-up import; Pyodide's own files as npm ships them.
    stdlib = _unpacked_zip(next(dist.glob(f"pyodide/*/{build.STDLIB_NAME}.xz")))
    names = set(stdlib.namelist())
    assert {"json/__init__.pyc", "random.pyc", "hashlib.pyc", "datetime.pyc",
            "importlib/metadata/__init__.pyc"} <= names
    assert not any(n.endswith(".py") for n in names)
    assert not any(n.startswith(("unittest/", "xml/", "_pyrepl/", "pydoc", "sqlite3/")) for n in names)
    npm = Path(build.ROOT) / "node_modules" / "pyodide"
    for name in build.PYODIDE_FILES:
        shipped = next(dist.glob(f"pyodide/*/{name}*")).read_bytes()
        if name in build.PACKED_RUNTIME:
            shipped = build.packed.unpack(shipped)
        assert shipped == (npm / name).read_bytes(), name


def _unpacked_zip(path: Path) -> zipfile.ZipFile:
    return zipfile.ZipFile(io.BytesIO(build.packed.unpack(path.read_bytes())))


def test_files_are_stored_as_they_are_sent_decoded(dist):
    """Netlify ignores a Content-Encoding in netlify.toml and compresses on the fly, so nothing
    is stored encoded and nothing declares an encoding; the wasm, the game's stdlib and the engine
    wheel are xz streams the worker decodes (tools/packed.py), the zips inside with their entries
    stored (one stream compresses them together)."""
    for f in dist.rglob("*"):
        if f.is_file():
            rel = f.relative_to(dist).as_posix()
            assert "Content-Encoding" not in build.headers_for("/" + rel), rel
    assert not re.search(r"(?im)^\s*content-encoding\s*=", (Path(build.ROOT) / "netlify.toml").read_text())
    assert not list(dist.glob("pyodide/*/*.wasm")) and not list(dist.glob("wheels/*/*.whl"))
    wasm = next(dist.glob("pyodide/*/pyodide.asm.wasm.xz")).read_bytes()
    assert wasm[:6] == b"\xfd7zXZ\0" and build.packed.unpack(wasm)[:4] == b"\0asm"
    stdlib = _unpacked_zip(next(dist.glob(f"pyodide/*/{build.STDLIB_NAME}.xz")))
    wheel = _unpacked_zip(next(dist.glob("wheels/*/*.whl.xz")))
    for z in (stdlib, wheel):
        assert all(i.compress_type == zipfile.ZIP_STORED for i in z.infolist())
        assert z.testzip() is None
    # bytecode only, where the sources would be (tools/wheel.py sourceless)
    names = set(wheel.namelist())
    assert "kaffeehaus/api.pyc" in names and not any(n.endswith(".py") for n in names)


def test_index_references_resolve(dist):
    refs: list[str] = []

    class Refs(HTMLParser):
        def handle_starttag(self, tag, attrs):
            for k, v in attrs:
                if k in ("src", "href") and v and not v.startswith(("#", "data:", "http")):
                    refs.append(v)

    Refs().feed((dist / "index.html").read_text())
    assert refs
    # the engine's downloads start with the page's (web/engine-prefetch.js, added by the build)
    assert any(r.endswith("/engine-prefetch.js") for r in refs)
    for ref in refs:
        assert not ref.startswith("web/"), ref
        assert (dist / ref.split("?")[0]).is_file(), ref


def test_netlify_headers_rules():
    assert build.headers_for("/index.html")["Cache-Control"] == "no-cache"
    assert build.headers_for("/sw.js")["Cache-Control"] == "no-cache"
    for path in ("/assets/abc/app.js", "/pyodide/abc/pyodide.asm.wasm", "/wheels/abc/x.whl"):
        assert "immutable" in build.headers_for(path)["Cache-Control"], path
    csp = build.headers_for("/")["Content-Security-Policy"]
    assert "script-src 'self' 'wasm-unsafe-eval'" in csp
    assert "unsafe-inline" not in csp and "'unsafe-eval'" not in csp
    conf = (Path(build.ROOT) / "netlify.toml").read_text()
    assert 'publish = "dist"' in conf and "build.py build" in conf


def test_committed_icons_are_rendered_from_the_svg_master():
    """web/icons/*.png carry the hash of tools/app-icon.svg they were rendered from: an edit of
    the SVG without `python3 build.py icons` fails here."""
    from tools import icons

    assert icons.stale_icons() == []
    manifest = json.loads((Path(build.ROOT) / "web" / "manifest.webmanifest").read_text())
    pngs = {i["src"]: i for i in manifest["icons"] if i["type"] == "image/png"}
    assert set(pngs) == set(icons.ICONS)
    for rel, (size, maskable) in icons.ICONS.items():
        assert pngs[rel]["sizes"] == f"{size}x{size}"
        assert (pngs[rel]["purpose"] == "maskable") == maskable


def _rgba_pixels(png: bytes) -> bytes:
    """The pixels of an 8-bit RGBA, non-interlaced PNG (the kind Chromium's canvas writes)."""
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", png[16:29])
    assert (depth, colour, interlace) == (8, 6, 0)
    pos, idat = 8, b""
    while pos < len(png):
        length, kind = struct.unpack(">I4s", png[pos:pos + 8])
        idat += png[pos + 8:pos + 8 + length] if kind == b"IDAT" else b""
        pos += 12 + length
    raw, stride, out, prev = zlib.decompress(idat), width * 4, bytearray(), bytearray(width * 4)
    for y in range(height):
        kind, row = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a, b = row[i - 4] if i >= 4 else 0, prev[i]
            c = prev[i - 4] if i >= 4 else 0
            if kind == 1:
                row[i] = (row[i] + a) & 255
            elif kind == 2:
                row[i] = (row[i] + b) & 255
            elif kind == 3:
                row[i] = (row[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                row[i] = (row[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        out += row
        prev = row
    return bytes(out)


@pytest.mark.slow  # renders every icon with Chromium
def test_icons_command_renders_the_committed_icons(tmp_path):
    """`python3 build.py icons` (Chromium) draws what is committed: same sizes, same source
    stamp, the same pixels up to a Chromium version's antialiasing."""
    from tools import icons

    if not icons.CHROMIUM.exists():
        pytest.fail(f"{icons.CHROMIUM} is missing: apt-get install -y chromium")
    subprocess.run([sys.executable, str(Path(build.ROOT) / "build.py"), "icons", "--out",
                    str(tmp_path)], check=True, capture_output=True, timeout=300)
    for rel in icons.ICONS:
        new, committed = (tmp_path / rel).read_bytes(), (Path(build.ROOT) / "web" / rel).read_bytes()
        assert icons.png_size(new) == icons.png_size(committed), rel
        assert icons.png_text(new) == icons.png_text(committed), rel
        a, b = _rgba_pixels(new), _rgba_pixels(committed)
        assert sum(abs(x - y) for x, y in zip(a, b)) / len(a) < 1.0, rel


def test_client_commands_are_the_api_functions():
    """engine-client.js's whitelist is exactly kaffeehaus.api's public functions."""
    import inspect

    from kaffeehaus import api

    src = (Path(build.ROOT) / "web" / "engine-client.js").read_text()
    block = re.search(r"COMMANDS = Object\.freeze\(\[(.*?)\]\)", src, re.S).group(1)
    commands = re.findall(r'"([a-z_]+)"', block)
    functions = [n for n in api.__all__ if inspect.isfunction(getattr(api, n))]
    assert sorted(commands) == sorted(functions)


def test_static_imports_are_found_across_lines_and_comments_are_not():
    from tools.preload import static_imports
    source = ('import { a,\n  b } from "./x.js";\nexport { c } from "../y/z.js";\nimport "./side.js";\n'
              '// import { d } from "./commented.js";\n/* import "./block.js"; */\n'
              'const lazy = import("./lazy.js");\nimport pkg from "bare-package";\n')
    assert static_imports(source) == ["./x.js", "../y/z.js", "./side.js"]


def test_the_module_graph_follows_relative_imports_once_and_refuses_a_missing_module():
    from tools.preload import module_graph
    files = {"app.js": b'import { a } from "./play/a.js";\nimport "./b.js";',
             "play/a.js": b'export { b } from "../b.js";\nimport "../app.js";',
             "b.js": b"export const b = 1;", "unused.js": b""}
    assert module_graph(files, "app.js") == ["play/a.js", "b.js"]
    with pytest.raises(ValueError, match="missing.js"):
        module_graph({"app.js": b'import "./missing.js";'}, "app.js")


def test_index_preloads_every_module_the_page_imports_statically(dist):
    """index.html names each module app.js reaches by static imports as a modulepreload, so a
    first visit fetches them at once instead of one import level at a time."""
    from tools.preload import module_graph
    html = (dist / "index.html").read_text()
    entry = re.search(r'<script type="module" src="(assets/[^/]+/)([^"]+)"', html)
    base, app = entry.group(1), entry.group(2)
    preloaded = re.findall(r'<link rel="modulepreload" href="([^"]+)">', html)
    assert len(preloaded) == len(set(preloaded)) > 10
    built = {p.relative_to(dist / base).as_posix(): p.read_bytes() for p in (dist / base).rglob("*.js")}
    assert {base + path for path in module_graph(built, app)} == set(preloaded)
    assert all((dist / href).is_file() for href in preloaded)


def test_packing_keeps_every_byte_and_every_zip_entry(tmp_path, monkeypatch):
    """tools/packed.py: the xz stream gives back the file; a zip comes back with the same entries,
    stored; the stream's check is CRC32 (xz-embedded, the page's decoder, skips SHA-256)."""
    monkeypatch.setattr(build.packed, "KEEP", tmp_path)
    data = bytes(range(256)) * 50
    assert build.packed.unpack(build.packed.pack("x.wasm", data)) == data
    source = io.BytesIO()
    with zipfile.ZipFile(source, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(zipfile.ZipInfo("a/b.pyc", date_time=(1980, 1, 1, 0, 0, 0)), b"\x00" * 999)
        z.writestr(zipfile.ZipInfo("c.txt", date_time=(2000, 2, 3, 4, 5, 6)), "hello " * 100)
    shipped = build.packed.pack("x.whl", source.getvalue())
    assert shipped[6:8] == b"\x00\x01"          # stream flags: CRC32
    got = zipfile.ZipFile(io.BytesIO(build.packed.unpack(shipped)))
    want = zipfile.ZipFile(source)
    assert [(i.filename, i.date_time) for i in got.infolist()] == \
        [(i.filename, i.date_time) for i in want.infolist()]
    assert all(got.read(n) == want.read(n) for n in want.namelist())
    assert all(i.compress_type == zipfile.ZIP_STORED for i in got.infolist())
    # kept by content: a second pack reads the cache and gives the same bytes
    assert build.packed.pack("x.whl", source.getvalue()) == shipped and list(tmp_path.iterdir())
