"""The engine wheel: a reproducible py3-none-any wheel of the packages under py/, written with
zipfile (the same sources give the same bytes, hence the same content hash in dist/)."""
from __future__ import annotations

import base64
import hashlib
import io
import posixpath
import re
import sys
import tomllib
import zipfile
from pathlib import Path

from .common import PY, ZIP_EPOCH


def _record_hash(data: bytes) -> str:
    digest = hashlib.sha256(data).digest()
    return "sha256=" + base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def engine_project(py_dir: Path) -> dict:
    """Name, version, Requires-Python and summary from py/pyproject.toml; refuses dependencies."""
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


def build_engine_wheel(py_dir: Path = PY, extra: dict[str, bytes] | None = None,
                       sourceless: bool = False) -> tuple[str, bytes]:
    """(standard wheel file name, wheel bytes) of the packages under py_dir, plus `extra` files
    (the precompiled __pycache__/*.pyc).
    `sourceless`: each module's bytecode in `extra` replaces its source, as `<module>.pyc` next
    to where the source was (what CPython imports without a source): the page's wheel, 25%
    fewer bytes; a traceback names files and lines without their text.

    A wheel is a zip holding the package files plus <name>-<version>.dist-info/{METADATA,WHEEL,
    RECORD}. Entries are sorted and carry a fixed timestamp."""
    meta = engine_project(py_dir)
    dist_name = re.sub(r"[-_.]+", "_", meta["name"]).lower()
    version = meta["version"]
    packages = sorted(p.parent for p in py_dir.glob("*/__init__.py"))
    if not packages:
        sys.exit(f"build: no Python package (*/__init__.py) under {py_dir}")
    extra = dict(extra or {})
    if sourceless:  # "pkg/__pycache__/mod.cpython-3XY.pyc" -> "pkg/mod.pyc"
        extra = {posixpath.join(posixpath.dirname(posixpath.dirname(n)),
                                posixpath.basename(n).split(".")[0] + ".pyc"): data
                 for n, data in extra.items()}
    files: list[tuple[str, bytes]] = []
    for pkg in packages:
        for f in sorted(pkg.rglob("*")):
            if f.is_dir() or "__pycache__" in f.parts or f.suffix in (".pyc", ".pyo"):
                continue
            rel = f.relative_to(py_dir).as_posix()
            if sourceless and rel + "c" in extra:
                continue
            files.append((rel, f.read_bytes()))
    files.extend(sorted(extra.items()))
    files.sort()
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
