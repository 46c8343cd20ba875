"""build.py's products, checked without a browser."""
from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
import zipfile
from html.parser import HTMLParser
from pathlib import Path

import kaffeehaus_build as build  # build.py, loaded by conftest.py


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
    # Only the runtime files the page needs, from the pinned package, plus micropip.
    pyodide = {f.split("/", 2)[2] for f in files if f.startswith("pyodide/")}
    assert pyodide == set(build.PYODIDE_FILES) | {build.MICROPIP_WHEEL}
    micropip = next(dist.glob(f"pyodide/*/{build.MICROPIP_WHEEL}")).read_bytes()
    assert hashlib.sha256(micropip).hexdigest() == build.MICROPIP_SHA256
    # Every hashed directory is named by its content: no two builds share a name by accident.
    assert len({f.split("/")[1] for f in files if f.startswith("assets/")}) == 1
    # The lock file the worker gets pins PyPI's hash for micropip, not Pyodide's.
    assets = next(dist.glob("assets/*/build-assets.js")).read_text()
    lock = json.loads(re.search(r"PYODIDE_LOCK = (.*);\n", assets).group(1))
    assert lock["packages"]["micropip"]["sha256"] == build.MICROPIP_SHA256
    # The stdlib is trimmed and the modules the page imports are bytecode.
    stdlib = zipfile.ZipFile(next(dist.glob("pyodide/*/python_stdlib.zip")))
    names = set(stdlib.namelist())
    assert not any(n.startswith(("unittest/", "xml/", "_pyrepl/")) for n in names)
    assert "json/__init__.pyc" in names and "json/__init__.py" not in names


def test_index_references_resolve(dist):
    refs: list[str] = []

    class Refs(HTMLParser):
        def handle_starttag(self, tag, attrs):
            for k, v in attrs:
                if k in ("src", "href") and v and not v.startswith(("#", "data:", "http")):
                    refs.append(v)

    Refs().feed((dist / "index.html").read_text())
    assert refs
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


def test_client_commands_are_the_api_functions():
    """engine-client.js's whitelist is exactly kaffeehaus.api's public functions."""
    import inspect

    from kaffeehaus import api

    src = (Path(build.ROOT) / "web" / "engine-client.js").read_text()
    block = re.search(r"COMMANDS = Object\.freeze\(\[(.*?)\]\)", src, re.S).group(1)
    commands = re.findall(r'"([a-z_]+)"', block)
    functions = [n for n in api.__all__ if inspect.isfunction(getattr(api, n))]
    assert sorted(commands) == sorted(functions)
