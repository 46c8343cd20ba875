// Run the engine's pytest suite inside Pyodide (CPython compiled to wasm) under Node.
//
//   node tests/pyodide/run_in_pyodide.mjs <dist> <wheel-dir> [pytest args...]
//
// Uses the runtime exactly as shipped in <dist>/pyodide/<hash>/ (including the game's own
// stdlib, handed to loadPyodide as the page does; the files shipped xz-compressed are decoded
// first, into a temporary directory, by the decoder the page ships), installs micropip and the
// engine wheel from <dist> the way the page does,
// then imports every kaffeehaus module with only the shipped stdlib on sys.path (so a module the
// trimming removed fails here). Only then does it add the full stdlib from node_modules (pytest
// needs modules the game does not), unpack the pure-Python test wheels from <wheel-dir>, mount
// tests/ and docs/ read-only and run pytest on it. Exit status: pytest's.
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const [distArg, wheelDir, ...pytestArgs] = process.argv.slice(2);
const dist = resolve(distArg);
const precache = JSON.parse(readFileSync(join(dist, "precache.json"), "utf8"));
const find = (re) => precache.files.find((f) => re.test(f));
const assetsDir = join(dist, dirname(find(/^assets\/[^/]+\/build-assets\.js$/)));
const assets = readFileSync(join(assetsDir, "build-assets.js"), "utf8");
const lock = JSON.parse(assets.match(/PYODIDE_LOCK = (.*);\n/)[1]);
const SUFFIX = JSON.parse(assets.match(/PACKED_SUFFIX = (.*);\n/)[1]);
const { XzReadableStream } = await import(
  pathToFileURL(join(assetsDir, "vendor", "xz-decompress", "xz-decompress.min.mjs")).href);

/** A shipped file's bytes as the page gets them: decoded when it was shipped packed. */
async function shipped(path) {
  const data = readFileSync(path);
  if (!path.endsWith(SUFFIX)) return new Uint8Array(data);
  const stream = new XzReadableStream(new Blob([data]).stream());
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const shippedPyDir = join(dist, dirname(find(/^pyodide\/[^/]+\/pyodide\.mjs$/)));
const pyDir = mkdtempSync(join(tmpdir(), "kaffeehaus-runtime-")) + "/";
process.on("exit", () => rmSync(pyDir, { recursive: true, force: true }));
for (const f of readdirSync(shippedPyDir)) {
  if (f.endsWith(SUFFIX)) writeFileSync(pyDir + f.slice(0, -SUFFIX.length), await shipped(join(shippedPyDir, f)));
  else copyFileSync(join(shippedPyDir, f), pyDir + f);
}
const wheelFile = find(/^wheels\/.*\.whl(\.xz)?$/);
const engineWheel = await shipped(join(dist, wheelFile));

const t0 = performance.now();
const { loadPyodide } = await import(pyDir + "pyodide.mjs");
const stdlib = pyDir + "kaffeehaus-stdlib.zip";
const py = await loadPyodide({
  indexURL: pyDir, stdLibURL: stdlib, lockFileContents: lock, packageBaseUrl: pyDir,
});
// Raw writes: pytest's progress dots arrive without newlines.
py.setStdout({ write: (buf) => process.stdout.write(buf) && buf.length || buf.length });
py.setStderr({ write: (buf) => process.stderr.write(buf) && buf.length || buf.length });
await py.loadPackage("micropip", { messageCallback: () => {} });
const wheelName = wheelFile.split("/").pop().replace(SUFFIX, "");
py.FS.writeFile(`/tmp/${wheelName}`, engineWheel);
const micropip = py.pyimport("micropip");
await micropip.install(`emfs:/tmp/${wheelName}`);
micropip.destroy();
console.log(`[pyodide] ${py.version}, engine installed from dist in ${Math.round(performance.now() - t0)} ms`);

// Every engine module must import with the shipped (trimmed) stdlib alone.
// (A walk with os alone: pkgutil is not in the game's stdlib. __main__ is the terminal game.)
py.runPython(`
import importlib, os, sys, kaffeehaus
_failed = []
_top = os.path.dirname(os.path.dirname(kaffeehaus.__file__))
for _dir, _dirs, _files in os.walk(os.path.dirname(kaffeehaus.__file__)):
    _dirs[:] = sorted(d for d in _dirs if d != "__pycache__")
    for _f in sorted(_files):
        if not _f.endswith((".py", ".pyc")) or _f.startswith("__main__."):
            continue   # (the wheel holds bytecode only: <module>.pyc where the source would be)
        _name = os.path.relpath(os.path.join(_dir, _f), _top).rsplit(".", 1)[0].replace("/", ".")
        _name = _name.removesuffix(".__init__")
        try:
            importlib.import_module(_name)
        except Exception as e:
            _failed.append(f"{_name}: {type(e).__name__}: {e}")
if _failed:
    raise SystemExit("engine modules fail to import with the shipped stdlib:\\n" + "\\n".join(_failed))
if "kaffeehaus.api" not in sys.modules:
    raise SystemExit("no engine module found to import")
`);

// Test tooling: the full stdlib (after the shipped one on sys.path) and the pure wheels.
py.FS.writeFile("/lib/full_stdlib.zip",
  new Uint8Array(readFileSync(join(ROOT, "node_modules", "pyodide", "python_stdlib.zip"))));
// Packages already imported from the game's zip (importlib, json, asyncio, ...) look for their
// submodules in it alone: each gets the full stdlib's directory too.
py.runPython(`
import sys
sys.path.append("/lib/full_stdlib.zip")
_game = "/lib/python%d%d.zip/" % sys.version_info[:2]
for _m in list(sys.modules.values()):
    for _p in list(getattr(_m, "__path__", None) or []):
        if isinstance(_p, str) and _p.startswith(_game):
            _m.__path__.append("/lib/full_stdlib.zip/" + _p[len(_game):])
`);
const sitePackages = py.runPython("import site; site.getsitepackages()[0]");
for (const f of readdirSync(wheelDir).filter((f) => f.endsWith(".whl")).sort()) {
  py.unpackArchive(new Uint8Array(readFileSync(join(wheelDir, f))), "wheel",
    { extractDir: sitePackages });
}
// tests/ and docs/ (the rule book some tests read) only: without /repo/py the root conftest
// cannot shadow the installed wheel.
for (const dir of ["tests", "docs"]) {
  py.FS.mkdirTree(`/repo/${dir}`);
  py.FS.mount(py.FS.filesystems.NODEFS, { root: join(ROOT, dir) }, `/repo/${dir}`);
}
py.globals.set("PYTEST_ARGS", py.toPy(pytestArgs));
const code = py.runPython(`
import importlib, os, sys
importlib.invalidate_caches()
os.chdir("/repo")
import pytest
import kaffeehaus
assert kaffeehaus.__file__.startswith(sys.prefix) or "site-packages" in kaffeehaus.__file__, kaffeehaus.__file__
print("[pyodide] engine under test:", kaffeehaus.__file__)
int(pytest.main(["-p", "no:cacheprovider", "--rootdir=/repo", *PYTEST_ARGS]))
`);
console.log(`[pyodide] pytest exit ${code} after ${Math.round(performance.now() - t0)} ms`);
process.exit(code);
