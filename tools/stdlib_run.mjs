// Boots Pyodide in Node with a given standard library, installs the engine wheel and runs the
// game's workload (tools/game_workload.py) through the worker's own glue, inside the very
// CPython the page runs. tools/stdlib.py calls it twice:
//
//   node stdlib_run.mjs trace PYODIDE_DIR STDLIB_ZIP ENGINE_WHL WORKLOAD_DIR OUT_DIR
//       with Pyodide's whole stdlib: OUT_DIR/trace.json (the stdlib files imported at start-up
//       and after the workload), OUT_DIR/stdlib_pyc.zip (those files compiled to .pyc) and
//       OUT_DIR/engine_pyc.zip (the engine's __pycache__/*.pyc, named as in its wheel);
//   node stdlib_run.mjs check PYODIDE_DIR STDLIB_ZIP ENGINE_WHL WORKLOAD_DIR
//       with the trimmed stdlib alone: the same workload must run (exit status 1 otherwise).
//
// WORKLOAD_DIR holds game_workload.py, stdlib_in_pyodide.py and glue.py (the worker's GLUE).
// The engine is put in place as web/engine-boot.js does: the wheel (a stored zip of bytecode)
// written to /lib under its own name and put on sys.path.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const [mode, pyodideDir, stdlib, engine, workloadDir, outDir] = process.argv.slice(2);
if (!["trace", "check"].includes(mode)) {
  console.error("usage: node stdlib_run.mjs trace|check PYODIDE_DIR STDLIB_ZIP ENGINE_WHL WORKLOAD_DIR [OUT_DIR]");
  process.exit(2);
}
// A directory of Pyodide's in-memory file system (Emscripten's MEMFS), not of this machine.
const MEMFS_WORK = "/tmp/kh-stdlib";

const t0 = performance.now();
const { loadPyodide } = await import(pyodideDir + "/pyodide.mjs");
const py = await loadPyodide({ indexURL: pyodideDir + "/", stdLibURL: stdlib });
py.FS.mkdirTree(MEMFS_WORK);
for (const f of ["game_workload.py", "stdlib_in_pyodide.py", "glue.py"]) {
  py.FS.writeFile(`${MEMFS_WORK}/${f}`, readFileSync(join(workloadDir, f)));
}
py.globals.set("MODE", mode);
py.globals.set("MEMFS_WORK", MEMFS_WORK);
// What Python had imported when loadPyodide returned (Pyodide's own start-up).
py.runPython("import sys as _sys; STARTUP_MODULES = sorted(_sys.modules); del _sys");
// The engine, as web/engine-boot.js puts it in place.
py.FS.writeFile("/lib/kaffeehaus-engine.whl", new Uint8Array(readFileSync(engine)));
py.runPython("import sys; sys.path.insert(0, '/lib/kaffeehaus-engine.whl')");
let code = 0;
try {
  // Top-level code, not a function: see stdlib_in_pyodide.py (marshal's reference numbering).
  py.runPython(readFileSync(join(workloadDir, "stdlib_in_pyodide.py"), "utf8"));
} catch (e) {
  console.error(String(e && e.message || e));
  code = 1;
}
if (code === 0 && mode === "trace") {
  for (const f of ["trace.json", "stdlib_pyc.zip", "engine_pyc.zip"]) {
    writeFileSync(join(outDir, f), py.FS.readFile(`${MEMFS_WORK}/${f}`));
  }
}
console.log(`${mode}: ${code === 0 ? "ok" : "FAILED"} in ${Math.round(performance.now() - t0)} ms`);
process.exit(code);
