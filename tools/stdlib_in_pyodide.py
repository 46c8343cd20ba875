"""Runs inside Pyodide (tools/stdlib_run.mjs sets MODE, MEMFS_WORK and STARTUP_MODULES, has
installed the engine wheel with micropip and unpacked it as a warm boot does, then runs this
file), never under the build's own Python.

Both modes run what the worker runs once Python is up (game_workload.BOOT_PYTHON, then the
worker's glue from glue.py) and the game's workload through that glue. Then, in MODE "trace",
it writes in MEMFS_WORK (a directory of Pyodide's in-memory file system):
- trace.json: {"startup": [...], "used": [...]}, the files of the stdlib zip (paths inside it)
  imported when loadPyodide returned, and by the end of the workload;
- stdlib_pyc.zip: each used file as an unchecked hash-based .pyc compiled by this CPython
  (named like the source, with "c" added), CPython's own modules at optimize=2 (no docstrings,
  no asserts: what `python -OO` runs), Pyodide's at 0;
- engine_pyc.zip: kaffeehaus/.../__pycache__/<module>.cpython-3XY.pyc of every engine module,
  compiled from the sources micropip installed, named as in the wheel (which holds both).
trace.json also lists the interpreter's built-in and frozen modules (the build's static check of
the engine's imports counts them as present).
The list is taken before anything here imports more (zipfile, the compiler's helpers).
It runs as top-level code on purpose: marshal numbers objects held by more than one reference,
so the same statements inside a function would give other (equivalent) .pyc bytes.
"""
import sys

sys.path.insert(0, MEMFS_WORK)  # noqa: F821 - set by stdlib_run.mjs
import game_workload  # noqa: E402  (json, random, re: the engine imports them anyway)

sys.path.remove(MEMFS_WORK)  # noqa: F821
namespace = {}
exec(game_workload.BOOT_PYTHON, namespace)
exec(open(f"{MEMFS_WORK}/glue.py").read(), namespace)  # noqa: F821
game_workload.run(namespace["_kh_call"])

prefix = "/lib/python%d%d.zip/" % sys.version_info[:2]
files = {}
for name, module in list(sys.modules.items()):
    origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
    if origin.startswith(prefix):
        files[name] = origin[len(prefix):]
used = sorted(set(files.values()))
startup = sorted({files[n] for n in STARTUP_MODULES if n in files})  # noqa: F821

if MODE == "trace":  # noqa: F821
    import importlib.util
    import json
    import zipfile
    import importlib._bootstrap_external as be

    zip_epoch = (1980, 1, 1, 0, 0, 0)
    PYODIDE_OWN = ("pyodide/", "_pyodide/")
    with open(f"{MEMFS_WORK}/trace.json", "w") as f:  # noqa: F821
        import _imp
        json.dump({"startup": startup, "used": used,
                   "builtin": sorted(sys.builtin_module_names),
                   "frozen": sorted(_imp._frozen_module_names())}, f, indent=1)
    src = zipfile.ZipFile(prefix.rstrip("/"))
    with zipfile.ZipFile(f"{MEMFS_WORK}/stdlib_pyc.zip", "w") as dst:  # noqa: F821
        for name in used:
            data = src.read(name)
            if not name.endswith(".py"):
                raise SystemExit(f"{name}: imported from the stdlib zip, but not as source")
            # CPython's own library without docstrings and asserts, as `python -OO` runs it (its
            # test suite runs so): an eighth fewer bytes; Pyodide's packages keep theirs (it
            # reads docstrings at start-up)
            optimize = 0 if name.startswith(PYODIDE_OWN) else 2
            code = compile(data, prefix + name, "exec", dont_inherit=True, optimize=optimize)
            pyc = bytes(be._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
            dst.writestr(zipfile.ZipInfo(name + "c", date_time=zip_epoch), pyc)
    print(f"trace: {len(startup)} stdlib files at start-up, {len(used)} after the workload")

    # the engine as micropip installed it: __pycache__/*.pyc next to its sources, as in the wheel
    import os

    site = importlib.util.find_spec("kaffeehaus").submodule_search_locations[0].rsplit("/", 1)[0]
    n = 0
    with zipfile.ZipFile(f"{MEMFS_WORK}/engine_pyc.zip", "w") as dst:  # noqa: F821
        for dirpath, dirs, names in os.walk(f"{site}/kaffeehaus"):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for f in sorted(names):
                if not f.endswith(".py"):
                    continue
                path = f"{dirpath}/{f}"
                data = open(path, "rb").read()
                code = compile(data, path, "exec", dont_inherit=True)
                pyc = bytes(be._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
                dst.writestr(zipfile.ZipInfo(importlib.util.cache_from_source(path)[len(site) + 1:],
                                             date_time=zip_epoch), pyc)
                n += 1
    print(f"trace: {n} engine modules compiled")
else:
    print(f"check: the workload ran with {len(used)} stdlib files")
