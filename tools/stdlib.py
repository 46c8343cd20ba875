"""The standard library the page gets: only what a game needs, as bytecode.

Pyodide's python_stdlib.zip holds all of CPython's library as source (2.5 MB, and every module
the interpreter imports is compiled at start-up, in wasm). The page gets its own zip instead,
handed to loadPyodide as `stdLibURL` (Pyodide's runtime files and micropip are shipped as they
are):

1. trace: Pyodide in Node with its whole stdlib boots as the page's worker does (micropip, loaded
   with the page's lock file, installs the engine wheel; the wheel unpacked again as a warm boot
   does) and runs the game's workload (tools/game_workload.py: a whole game of every profile,
   the review, pass and play, a duel, links, refusals) through the worker's own glue; the
   stdlib files imported by then are the ones the page needs (about 150 of 700: Pyodide's own
   start-up imports 125 of them, micropip about 20). They are compiled by that CPython
   (tools/stdlib_in_pyodide.py), and so are the engine's modules (the wheel's __pycache__).
2. the zip: those files as unchecked hash-based .pyc, deflated (a host sends a zip as it is).
3. the build's checks, which fail the build, not a player's game:
   - static: every module the engine's sources import anywhere (also inside functions) must be
     in the zip, built into the interpreter, frozen, or part of the engine (but for
     kaffeehaus/__main__.py, the terminal game);
   - run: the same boot and workload in Pyodide with the trimmed zip and the page's wheel.
   tests/pyodide/test_stdlib_check.py shows that a missing module fails them.
Trace and checks run only when their inputs change (.cache/stdlib/)."""
from __future__ import annotations

import ast
import contextlib
import io
import json
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from .common import CACHE, PY, ZIP_EPOCH, log, short_hash
from . import game_workload

STDLIB_NAME = "kaffeehaus-stdlib.zip"
HERE = Path(__file__).resolve().parent
RUN_JS = HERE / "stdlib_run.mjs"
IN_PYODIDE = HERE / "stdlib_in_pyodide.py"
WORKLOAD = HERE / "game_workload.py"
SCRIPTS = (RUN_JS, IN_PYODIDE, WORKLOAD)
KEEP = CACHE / "stdlib"


class StdlibCheckFailed(SystemExit):
    """The trimmed stdlib lacks what the game needs (the message says what)."""


def _workdir(tmp: Path, glue: str, lock: dict, micropip: tuple[str, bytes]) -> Path:
    for f in (IN_PYODIDE, WORKLOAD):
        shutil.copy(f, tmp / f.name)
    (tmp / "glue.py").write_text(glue, encoding="utf-8")
    (tmp / "lock.json").write_text(json.dumps(lock), encoding="utf-8")
    (tmp / micropip[0]).write_bytes(micropip[1])
    return tmp


@contextlib.contextmanager
def _run_in_node(mode: str, pyodide_dir: Path, stdlib_zip: bytes, wheel: tuple[str, bytes], glue: str,
                 lock: dict, micropip: tuple[str, bytes]):
    """Node runs the boot and the workload (`mode`: "trace" with Pyodide's whole stdlib, its
    outputs written to the work folder; "check" with the trimmed one) in a fresh work folder;
    yields (the finished process, the folder) while the folder lasts."""
    with tempfile.TemporaryDirectory() as tmp:
        work = _workdir(Path(tmp), glue, lock, micropip)
        (work / f"{mode}.zip").write_bytes(stdlib_zip)
        (work / wheel[0]).write_bytes(wheel[1])
        out_dir = [str(work)] if mode == "trace" else []
        yield _node([mode, str(pyodide_dir), str(work / f"{mode}.zip"), str(work / wheel[0]), str(work),
                     *out_dir]), work


def _key(*parts: bytes, lock: dict, micropip: tuple[str, bytes], pyodide_dir: Path) -> str:
    return short_hash(*parts, *(f.read_bytes() for f in SCRIPTS), json.dumps(lock, sort_keys=True).encode(),
                      micropip[1], str(pyodide_dir.resolve()).encode())


def _node(args: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run(["node", str(RUN_JS), *args], capture_output=True, text=True)


def trace(pyodide_dir: Path, full_stdlib: bytes, wheel: tuple[str, bytes], glue: str, lock: dict,
          micropip: tuple[str, bytes]) -> dict:
    """{"trace": {...}, "stdlib_pyc": {name.pyc: bytes}, "engine_pyc": {path.pyc: bytes}} from
    a run of the boot and the workload with Pyodide's whole stdlib (cached by every input).
    `wheel` and `micropip`: (standard wheel file name, bytes); `lock`: the lock file the page
    hands to loadPyodide."""
    key = _key(full_stdlib, wheel[0].encode(), wheel[1], glue.encode(), lock=lock, micropip=micropip,
               pyodide_dir=pyodide_dir)
    out = KEEP / f"trace-{key}"
    if not (out / "engine_pyc.zip").exists():
        log("tracing the stdlib a game needs (the boot and the workload in Pyodide, Node)")
        with _run_in_node("trace", pyodide_dir, full_stdlib, wheel, glue, lock, micropip) as (proc, work):
            if proc.returncode != 0:
                sys.exit("build: tracing the stdlib failed:\n" + (proc.stdout + proc.stderr)[-4000:])
            for line in proc.stdout.strip().splitlines()[-3:]:
                log(line)
            tmp_out = out.with_name(out.name + ".tmp")
            shutil.rmtree(tmp_out, ignore_errors=True)
            tmp_out.mkdir(parents=True)
            for f in ("trace.json", "stdlib_pyc.zip", "engine_pyc.zip"):
                shutil.copy(work / f, tmp_out / f)
            shutil.rmtree(out, ignore_errors=True)
            tmp_out.rename(out)

    def unzip(path: Path) -> dict[str, bytes]:
        z = zipfile.ZipFile(path)
        return {n: z.read(n) for n in z.namelist()}

    return {"trace": json.loads((out / "trace.json").read_text()),
            "stdlib_pyc": unzip(out / "stdlib_pyc.zip"), "engine_pyc": unzip(out / "engine_pyc.zip")}


def trimmed_zip(stdlib_pyc: dict[str, bytes], leave_out: tuple[str, ...] = ()) -> bytes:
    """The page's stdlib zip: the traced files as .pyc, deflated (no host compresses a zip on
    the fly), sorted, fixed timestamps.
    `leave_out`: files to omit (tests/pyodide/test_stdlib_check.py)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for name in sorted(stdlib_pyc):
            if name in leave_out or name[:-1] in leave_out:
                continue
            info = zipfile.ZipInfo(name, date_time=ZIP_EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, stdlib_pyc[name])
    return out.getvalue()


def _present(zip_names: set[str], module: str) -> bool:
    path = module.replace(".", "/")
    return any(p in zip_names for p in (path + ".pyc", path + "/__init__.pyc"))


# Engine modules the page never imports: `python3 -m kaffeehaus`, the game in a terminal.
NOT_IN_THE_PAGE = ("kaffeehaus/__main__.py",)


def engine_imports(py_dir: Path = PY) -> dict[str, set[str]]:
    """{module imported by the engine's sources, anywhere in them: {file:line, ...}}, without
    the engine's own (relative imports and kaffeehaus.*) and NOT_IN_THE_PAGE."""
    found: dict[str, set[str]] = {}
    for f in sorted(py_dir.glob("kaffeehaus/**/*.py")):
        if f.relative_to(py_dir).as_posix() in NOT_IN_THE_PAGE:
            continue
        tree = ast.parse(f.read_text(encoding="utf-8"), str(f))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for name in names:
                if name.split(".")[0] != "kaffeehaus":
                    found.setdefault(name, set()).add(f"{f.relative_to(py_dir)}:{node.lineno}")
    return found


def static_check(stdlib_zip: bytes, traced: dict, py_dir: Path = PY) -> None:
    """Every module the engine imports somewhere is in the zip (with its parent packages), built
    into the interpreter or frozen: else StdlibCheckFailed naming it and where it is imported."""
    names = set(zipfile.ZipFile(io.BytesIO(stdlib_zip)).namelist())
    builtin = set(traced["builtin"]) | set(traced["frozen"])
    missing = []
    for module, where in sorted(engine_imports(py_dir).items()):
        parts = module.split(".")
        for i in range(1, len(parts) + 1):
            sub = ".".join(parts[:i])
            if sub not in builtin and not _present(names, sub):
                missing.append(f"{sub} (imported at {', '.join(sorted(where))})")
                break
    if missing:
        raise StdlibCheckFailed("build: the trimmed stdlib lacks modules the engine imports:\n  "
                                + "\n  ".join(missing))


def run_check(pyodide_dir: Path, stdlib_zip: bytes, wheel: tuple[str, bytes], glue: str, lock: dict,
              micropip: tuple[str, bytes]) -> None:
    """The boot and the workload in Pyodide with `stdlib_zip` alone and the page's `wheel`:
    else StdlibCheckFailed with the run's last lines (cached by its inputs once it passed)."""
    key = _key(stdlib_zip, wheel[0].encode(), wheel[1], glue.encode(), lock=lock, micropip=micropip,
               pyodide_dir=pyodide_dir)
    done = KEEP / f"checked-{key}"
    if done.exists():
        return
    log("checking the trimmed stdlib: the boot and the workload in Pyodide with it alone")
    with _run_in_node("check", pyodide_dir, stdlib_zip, wheel, glue, lock, micropip) as (proc, _work):
        pass
    if proc.returncode != 0:
        raise StdlibCheckFailed("build: the game fails with the trimmed stdlib (a module it needs "
                                "is missing?):\n" + (proc.stdout + proc.stderr)[-4000:])
    log(proc.stdout.strip().splitlines()[-1])
    KEEP.mkdir(parents=True, exist_ok=True)
    done.write_text("ok\n")


def glue() -> str:
    """The worker's glue (web/engine-worker.js), which the workload goes through."""
    return game_workload.worker_glue()
