// engine-boot.js — starts Python in the engine worker (web/engine-worker.js, its only importer)
// and installs the engine wheel; reports its stages through `progress(value, stage)` and times
// them in `marks` (ms since the worker's time origin, sent with `ready`: bench/boot.py).
//
//   startPython(progress) → {pyodide, fromSnapshot, keepSnapshot}
//     keepSnapshot (cold boot, where there is Cache Storage; else null): called by the worker
//     once the engine is imported, before any call: takes the memory snapshot and hands it to
//     web/engine-snapshot-worker.js, which compresses and stores it on a thread of its own;
//     returns a promise settled once it is kept
//
// Two ways to boot, each doing only what it must:
//  - cold: loadPyodide with the game's own standard library (STDLIB_URL: only the modules a
//    game imports, as bytecode; tools/stdlib.py) and _makeSnapshot; the engine wheel (fetched
//    while the runtime loads, checked against its sha384) is put in the file system as it is
//    and on sys.path: its modules are bytecode, imported from the zip (zipimport), nothing to
//    unpack and no package manager (micropip cost a second of a cold boot).
//  - warm: the snapshot in Cache Storage ("kaffeehaus-engine-snapshot", keyed by the build) is
//    restored by loadPyodide (skipping CPython's start-up and the engine's import) while it is
//    still being inflated; the same wheel is put back in the file system (the snapshot holds
//    Python's memory, not the files: the engine's modules imported on demand come from it).
// The snapshot holds the imported engine, so its key, the build id, covers the engine wheel,
// this file, the worker and the runtime (tools/site.py): an engine update costs one cold boot.

import { BUILD_ID, PYODIDE_URL, STDLIB_URL, ENGINE_WHEEL_URL, ENGINE_WHEEL_INTEGRITY, PYODIDE_LOCK } from "./build-assets.js";

const SNAPSHOT_CACHE = "kaffeehaus-engine-snapshot";
const SNAPSHOT_KEY = new URL(`/__engine-snapshot/${BUILD_ID}`, self.location.href).href;

/** Phase → ms since the worker's time origin (the first time each was reached). */
export const marks = {};
export function mark(name) {
  if (!(name in marks)) marks[name] = Math.round(performance.now());
}

function fetchBytes(url, integrity) {
  return fetch(url, integrity ? { integrity } : {}).then((r) => {
    if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
    return r.arrayBuffer();
  }).then((b) => new Uint8Array(b));
}

// The snapshot is kept gzip-compressed where the browser can (engine-snapshot-worker.js).
const GZIP = "application/gzip";   // engine-snapshot-worker.js GZIP

/** {bytes: a promise of the stored snapshot, inflated as it is read} or null: none stored. */
async function findSnapshot() {
  try {
    if (!self.caches) return null;
    const hit = await (await caches.open(SNAPSHOT_CACHE)).match(SNAPSHOT_KEY);
    if (!hit) return null;
    const body = hit.headers.get("Content-Type") === GZIP
      ? new Response(hit.body.pipeThrough(new DecompressionStream("gzip"))) : hit;
    const bytes = body.arrayBuffer().then((b) => { mark("snapshotRead"); return new Uint8Array(b); });
    bytes.catch(() => {});
    return { bytes };
  } catch {
    return null;
  }
}

/** Keeps `bytes` (transferred) in Cache Storage, on a worker of its own where there can be one. */
function storeSnapshot(bytes) {
  const url = new URL("./engine-snapshot-worker.js", import.meta.url);
  if (typeof Worker !== "function") {  // no nested workers: on this thread
    return import(url.href).then((m) => m.keepSnapshot(bytes, SNAPSHOT_CACHE, SNAPSHOT_KEY));
  }
  return new Promise((resolve, reject) => {
    const keeper = new Worker(url, { type: "module", name: "engine-snapshot" });
    keeper.onmessage = ({ data }) => {
      keeper.terminate();
      if (data.stored) resolve(); else reject(new Error(data.error));
    };
    keeper.onerror = (e) => {
      keeper.terminate();
      reject(new Error(e.message || "the snapshot's worker failed"));
    };
    keeper.postMessage({ bytes, cache: SNAPSHOT_CACHE, key: SNAPSHOT_KEY }, [bytes.buffer]);
  });
}

async function dropSnapshot() {
  try { await (await caches.open(SNAPSHOT_CACHE)).delete(SNAPSHOT_KEY); } catch { /* none */ }
}

function options(extra) {
  return {
    indexURL: PYODIDE_URL,
    stdLibURL: STDLIB_URL,
    lockFileContents: PYODIDE_LOCK,   // no packages: nothing is fetched for it
    packageBaseUrl: PYODIDE_URL,
    stdout: (line) => console.log("[python]", line),
    stderr: (line) => console.warn("[python]", line),
    ...extra,
  };
}

/** loadPyodide, with the end of the wasm's compilation marked (it streams while it downloads). */
async function load(loadPyodide, extra) {
  const instantiate = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async (...args) => {
    const result = await instantiate.apply(WebAssembly, args);
    mark("wasmInstantiated");
    return result;
  };
  try {
    mark("loadStart");
    return await loadPyodide(options(extra));
  } finally {
    WebAssembly.instantiateStreaming = instantiate;
    mark("interpreter");
  }
}

// The wheel in the file system under its standard name, on sys.path (pure Python bytecode in a
// stored zip: importable as it is). After a restore sys.path has it already: only the file.
const WHEEL_PATH = "/lib/" + decodeURIComponent(new URL(ENGINE_WHEEL_URL).pathname.split("/").pop());

function placeEngine(pyodide, wheel) {
  pyodide.FS.writeFile(WHEEL_PATH, wheel);
  pyodide.runPython(`import sys\nif ${JSON.stringify(WHEEL_PATH)} not in sys.path: sys.path.insert(0, ${JSON.stringify(WHEEL_PATH)})`);
  mark("wheel");
}

export async function startPython(progress) {
  mark("start");
  progress(0.02, "start");
  const snapshotFound = findSnapshot();
  // The wheel downloads while the runtime does and CPython starts.
  const engineBytes = fetchBytes(ENGINE_WHEEL_URL, ENGINE_WHEEL_INTEGRITY);
  engineBytes.then(() => mark("wheelFetched"), () => {});
  const { loadPyodide } = await import(PYODIDE_URL + "pyodide.mjs");
  mark("pyodideImported");
  progress(0.1, "runtime");

  const snapshot = await snapshotFound;
  if (snapshot) {
    try {
      const pyodide = await load(loadPyodide, { _loadSnapshot: snapshot.bytes });
      progress(0.8, "engine");
      placeEngine(pyodide, await engineBytes);
      pyodide.runPython("import random; random.seed()");  // a snapshot freezes the RNG state
      return { pyodide, fromSnapshot: true, keepSnapshot: null };
    } catch (e) {
      console.warn("engine snapshot unusable, starting Python from scratch:", e);
      await dropSnapshot();
    }
  }

  const ticker = fakeProgress(progress, 0.12, 0.75, 1000, "python");
  let pyodide;
  try {
    pyodide = await load(loadPyodide, { _makeSnapshot: !!self.caches });
  } finally {
    clearInterval(ticker);
  }
  const keepSnapshot = self.caches ? () => {
    try {
      const bytes = pyodide.makeMemorySnapshot();
      mark("snapshotTaken");
      return storeSnapshot(bytes).then(() => mark("snapshotStored"))
        .catch((e) => console.warn("snapshot not stored:", e));
    } catch (e) {
      console.warn("no engine snapshot:", e);
      return Promise.resolve();
    }
  } : null;
  progress(0.8, "engine");
  placeEngine(pyodide, await engineBytes);
  return { pyodide, fromSnapshot: false, keepSnapshot };
}

function fakeProgress(progress, from, to, ms, stage) {
  // CPython's start-up reports nothing: advance the bar on a curve that slows towards `to`.
  const start = performance.now();
  return setInterval(() => {
    const t = (performance.now() - start) / ms;
    progress(from + (to - from) * (1 - Math.exp(-2 * t)), stage);
  }, 100);
}
