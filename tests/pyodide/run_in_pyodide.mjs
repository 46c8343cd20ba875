// Run the engine's pytest suite inside Pyodide (CPython compiled to wasm) under Node.
//
//   node tests/pyodide/run_in_pyodide.mjs <dist> <wheel-dir> [pytest args...]
//
// Uses the runtime as shipped in <dist>: Pyodide's files from node_modules/pyodide (dist/ holds
// the same files, stored brotli-compressed), the game's trimmed stdlib and the engine wheel (a
// sourceless wheel, bytecode only) from <dist>, decompressed here as the browser does, the wheel
// put on sys.path the way the page does (web/engine-boot.js). Then it imports every kaffeehaus module
// with only the shipped stdlib on sys.path (so a module the trimming removed fails here). Only
// then does it add the full stdlib from node_modules (pytest needs modules the game does not),
// unpack the pure-Python test wheels from <wheel-dir>, mount tests/ and docs/ read-only and run
// pytest on it. Exit status: pytest's.
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync } from "node:zlib";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const [distArg, wheelDir, ...pytestArgs] = process.argv.slice(2);
const dist = resolve(distArg);
const precache = JSON.parse(readFileSync(join(dist, "precache.json"), "utf8"));
const find = (re) => precache.files.find((f) => re.test(f));
const pyDir = join(ROOT, "node_modules", "pyodide") + "/";
const shipped = (re) => new Uint8Array(brotliDecompressSync(readFileSync(join(dist, find(re)))));
const stdlib = join(mkdtempSync(join(tmpdir(), "kh-stdlib-")), "stdlib.zip");
writeFileSync(stdlib, shipped(/^pyodide\/[^/]+\/[^/]+\.zip$/));
const assets = readFileSync(join(dist, find(/^assets\/[^/]+\/build-assets\.js$/)), "utf8");
const lock = JSON.parse(assets.match(/PYODIDE_LOCK = (.*);\n/)[1]);

const t0 = performance.now();
const { loadPyodide } = await import(pyDir + "pyodide.mjs");
const py = await loadPyodide({ indexURL: pyDir, stdLibURL: stdlib, lockFileContents: lock });
// Raw writes: pytest's progress dots arrive without newlines.
py.setStdout({ write: (buf) => process.stdout.write(buf) && buf.length || buf.length });
py.setStderr({ write: (buf) => process.stderr.write(buf) && buf.length || buf.length });
// the engine as the page has it: the wheel itself on sys.path (web/engine-boot.js)
const engineWheel = shipped(/^wheels\/.*\.whl$/);
py.FS.writeFile("/lib/kaffeehaus-engine.whl", engineWheel);
py.runPython("import sys; sys.path.insert(0, '/lib/kaffeehaus-engine.whl')");
const site = py.runPython("import site; site.getsitepackages()[0]");  // for the test wheels
console.log(`[pyodide] ${py.version}, engine installed from dist in ${Math.round(performance.now() - t0)} ms`);

/** The names in a zip's central directory (zipfile and pkgutil are not in the game's stdlib). */
function zipNames(buf) {
  const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  let end = buf.length - 22;
  while (dv.getUint32(end, true) !== 0x06054b50) end--;
  const names = [];
  for (let i = 0, p = dv.getUint32(end + 16, true); i < dv.getUint16(end + 10, true); i++) {
    const [n, m, k] = [28, 30, 32].map((o) => dv.getUint16(p + o, true));
    names.push(new TextDecoder().decode(buf.subarray(p + 46, p + 46 + n)));
    p += 46 + n + m + k;
  }
  return names;
}

// Every engine module must import with the shipped (trimmed) stdlib alone (__main__ is the
// terminal game).
py.globals.set("ENGINE_FILES", py.toPy(zipNames(engineWheel)));
py.runPython(`
import importlib
_failed = []
for _f in sorted(ENGINE_FILES):
    if not _f.startswith("kaffeehaus/") or not _f.endswith(".pyc") or _f.endswith("__main__.pyc"):
        continue
    _name = _f[:-4].replace("/", ".").removesuffix(".__init__")
    try:
        importlib.import_module(_name)
    except Exception as e:
        _failed.append(f"{_name}: {type(e).__name__}: {e}")
if _failed:
    raise SystemExit("engine modules fail to import with the shipped stdlib:\\n" + "\\n".join(_failed))
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
for (const f of readdirSync(wheelDir).filter((f) => f.endsWith(".whl")).sort()) {
  py.unpackArchive(new Uint8Array(readFileSync(join(wheelDir, f))), "wheel", { extractDir: site });
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
assert kaffeehaus.__file__.startswith("/lib/kaffeehaus-engine.whl/"), kaffeehaus.__file__
print("[pyodide] engine under test:", kaffeehaus.__file__)
int(pytest.main(["-p", "no:cacheprovider", "--rootdir=/repo", *PYTEST_ARGS]))
`);
console.log(`[pyodide] pytest exit ${code} after ${Math.round(performance.now() - t0)} ms`);
process.exit(code);
