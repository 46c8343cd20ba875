// Boots Pyodide in Node and runs precompile_in_pyodide.py inside it, so that the bytecode is
// compiled by the very CPython the page runs (tools/pyodide_assets.py calls this).
//
//   node precompile.mjs PYODIDE_DIR STDLIB_ZIP MICROPIP_WHL ENGINE_WHL OUT_ZIP OUT_ENGINE_ZIP
//
// OUT_ZIP: STDLIB_ZIP with the modules imported by a boot (micropip, every engine module) as
// unchecked hash-based .pyc; OUT_ENGINE_ZIP: the engine's __pycache__/*.pyc, named as in its wheel.
import { readFileSync, writeFileSync } from "node:fs";

const [pyodideDir, stdlib, micropip, engine, out, engineOut] = process.argv.slice(2);
// A directory in Pyodide's in-memory file system (Emscripten's MEMFS), not on this machine.
const MEMFS_WORK = "/tmp/precompile";

const { loadPyodide } = await import(pyodideDir + "/pyodide.mjs");
const py = await loadPyodide({ indexURL: pyodideDir + "/", stdLibURL: stdlib });
const site = py.runPython("import site; site.getsitepackages()[0]");
for (const whl of [micropip, engine])
  py.unpackArchive(new Uint8Array(readFileSync(whl)), "wheel", { extractDir: site });
py.FS.mkdirTree(MEMFS_WORK);
py.FS.writeFile(`${MEMFS_WORK}/in.zip`, new Uint8Array(readFileSync(stdlib)));
const script = readFileSync(new URL("./precompile_in_pyodide.py", import.meta.url), "utf8");
py.globals.set("MEMFS_WORK", MEMFS_WORK);
py.runPython(script);
writeFileSync(out, py.FS.readFile(`${MEMFS_WORK}/out.zip`));
writeFileSync(engineOut, py.FS.readFile(`${MEMFS_WORK}/engine_pyc.zip`));
