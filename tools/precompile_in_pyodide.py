"""Runs inside Pyodide (precompile.mjs sets MEMFS_WORK, then runs this file), never under the
build's own Python.

Imports micropip and every engine module, then writes, in MEMFS_WORK (a directory of Pyodide's
in-memory file system):
- out.zip: MEMFS_WORK/in.zip (python_stdlib.zip) with every module imported so far replaced by
  an unchecked hash-based .pyc compiled by this CPython (the .py dropped);
- engine_pyc.zip: __pycache__/<module>.cpython-3XY.pyc of the engine's modules, named as in its
  wheel.
Whatever this script imports counts as "imported by the page": keep its imports as they are.
It runs as top-level code on purpose: marshal numbers objects held by more than one reference,
so the same statements inside a function would give other (equivalent) .pyc bytes.
"""
import importlib
import importlib.util
import pkgutil
import sys
import zipfile
import importlib._bootstrap_external as be
import json, traceback, random, micropip  # noqa: E401,F401 - what the worker imports too

work = MEMFS_WORK  # noqa: F821 - set by precompile.mjs
zip_epoch = (1980, 1, 1, 0, 0, 0)
packages = ("kaffeehaus",)

for top in packages:
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
src = zipfile.ZipFile(f"{work}/in.zip")
with zipfile.ZipFile(f"{work}/out.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as dst:
    for info in src.infolist():
        name, data = info.filename, src.read(info)
        if name in used:
            code = compile(data, prefix + name, "exec", dont_inherit=True)
            data = bytes(be._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
            name += "c"
        zi = zipfile.ZipInfo(name, date_time=zip_epoch)
        zi.compress_type = zipfile.ZIP_DEFLATED
        zi.external_attr = info.external_attr
        dst.writestr(zi, data)
print(f"precompiled {len(used)} stdlib modules")

# The engine's own modules: __pycache__/*.cpython-3XY.pyc next to the sources in the wheel.
site = importlib.util.find_spec(packages[0]).submodule_search_locations[0].rsplit("/", 1)[0]
n = 0
with zipfile.ZipFile(f"{work}/engine_pyc.zip", "w") as dst:
    import os
    for top in packages:
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
                                     date_time=zip_epoch)
                dst.writestr(zi, pyc)
                n += 1
print(f"precompiled {n} engine modules")
