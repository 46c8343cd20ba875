// Boots Pyodide in Node with a given standard library, installs the engine wheel as the page's
// worker does on a cold boot (micropip, loaded with the page's lock file, installs it), unpacks
// it again as a warm boot does (unpackArchive), then runs the game's workload
// (tools/game_workload.py) through the worker's own glue, inside the very CPython the page runs.
// tools/stdlib.py calls it twice:
//
//   node stdlib_run.mjs trace PYODIDE_DIR STDLIB_ZIP ENGINE_WHL WORK_DIR OUT_DIR
//       with Pyodide's whole stdlib: OUT_DIR/trace.json (the stdlib files imported at start-up
//       and by the end), OUT_DIR/stdlib_pyc.zip (those files compiled to .pyc) and
//       OUT_DIR/engine_pyc.zip (the engine's __pycache__/*.pyc, named as in its wheel);
//   node stdlib_run.mjs check PYODIDE_DIR STDLIB_ZIP ENGINE_WHL WORK_DIR
//       with the trimmed stdlib alone: the same must run (exit status 1 otherwise).
//
// WORK_DIR holds game_workload.py, stdlib_in_pyodide.py, glue.py (the worker's GLUE), lock.json
// (the lock file the page hands to loadPyodide) and the micropip wheel it names.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const [mode, pyodideDir, stdlib, engine, workDir, outDir] = process.argv.slice(2);
if (!["trace", "check"].includes(mode)) {
  console.error("usage: node stdlib_run.mjs trace|check PYODIDE_DIR STDLIB_ZIP ENGINE_WHL WORK_DIR [OUT_DIR]");
  process.exit(2);
}
// A directory of Pyodide's in-memory file system (Emscripten's MEMFS), not of this machine.
const MEMFS_WORK = "/tmp/kh-stdlib";

const t0 = performance.now();
let code = 0;
try {
  const { loadPyodide } = await import(pyodideDir + "/pyodide.mjs");
  const py = await loadPyodide({
    indexURL: pyodideDir + "/", stdLibURL: stdlib,
    lockFileContents: JSON.parse(readFileSync(join(workDir, "lock.json"), "utf8")),
    packageBaseUrl: workDir + "/",
  });
  // What Python had imported when loadPyodide returned (Pyodide's own start-up).
  py.runPython("import sys as _sys; STARTUP_MODULES = sorted(_sys.modules); del _sys");
  // A cold boot (web/engine-boot.js): micropip, checked against the lock file, installs the wheel.
  const errors = [];
  await py.loadPackage("micropip", { messageCallback: () => {}, errorCallback: (m) => errors.push(m) });
  if (errors.length) throw new Error(`micropip did not load: ${errors.join("; ")}`);
  const wheelName = engine.split("/").pop();
  py.FS.writeFile(`/tmp/${wheelName}`, new Uint8Array(readFileSync(engine)));
  const micropip = py.pyimport("micropip");
  try {
    await micropip.install(`emfs:/tmp/${wheelName}`);
  } finally {
    micropip.destroy();
  }
  // A warm boot unpacks the same wheel (here beside, not over, the installed one).
  py.unpackArchive(new Uint8Array(readFileSync(engine)), "wheel", { extractDir: "/tmp/kh-warm" });

  py.FS.mkdirTree(MEMFS_WORK);
  for (const f of ["game_workload.py", "stdlib_in_pyodide.py", "glue.py"]) {
    py.FS.writeFile(`${MEMFS_WORK}/${f}`, readFileSync(join(workDir, f)));
  }
  py.globals.set("MODE", mode);
  py.globals.set("MEMFS_WORK", MEMFS_WORK);
  // Top-level code, not a function: see stdlib_in_pyodide.py (marshal's reference numbering).
  py.runPython(readFileSync(join(workDir, "stdlib_in_pyodide.py"), "utf8"));
  if (mode === "trace") {
    for (const f of ["trace.json", "stdlib_pyc.zip", "engine_pyc.zip"]) {
      writeFileSync(join(outDir, f), py.FS.readFile(`${MEMFS_WORK}/${f}`));
    }
  }
} catch (e) {
  console.error(String(e && e.message || e));
  code = 1;
}
console.log(`${mode}: ${code === 0 ? "ok" : "FAILED"} in ${Math.round(performance.now() - t0)} ms`);
process.exit(code);
