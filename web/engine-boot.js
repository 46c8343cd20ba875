// engine-boot.js — starts Python in the engine worker (web/engine-worker.js, its only importer)
// and installs the engine wheel; reports its stages through `progress(value, stage)` and times
// them in `marks` (ms since the worker's time origin, sent with `ready`: bench/boot.py).
//
//   startPython(progress) → {pyodide, fromSnapshot, snapshotStored}
//     snapshotStored: a promise settled once a new memory snapshot is kept (cold boot), else null
//
// Both hand loadPyodide the game's own standard library (STDLIB_URL: the modules the game,
// micropip and Pyodide's start-up import, as bytecode; tools/stdlib.py) instead of Pyodide's.
// Two ways to boot:
//  - cold: loadPyodide (with _makeSnapshot), take a memory snapshot of the freshly started
//    interpreter and keep it in Cache Storage ("kaffeehaus-engine-snapshot", keyed by the
//    build) on a thread of its own (web/engine-snapshot-worker.js), load micropip (our own
//    one-entry lock file pins PyPI's sha256), and install the engine wheel with micropip. Both
//    wheels are fetched once the wasm is in, while CPython starts (on a slow line they would
//    otherwise share its bandwidth and delay the interpreter they wait for).
//  - warm: restore that snapshot (skips CPython's start-up, ~90% of the boot; loadPyodide gets
//    it while it is still being inflated), unpack the same engine wheel into site-packages and
//    import it.
// The wasm, the game's stdlib and the engine wheel come xz-compressed and are decoded here as
// they arrive (web/packed-fetch.js): loadPyodide fetches through the global `fetch`, which
// `load` points at the decoding one while it runs. The decoded wasm is kept in Cache Storage
// for later boots.
// The snapshot holds no engine code (a snapshot taken after micropip was imported fails in
// Pyodide 314 with "Unexpected hiwire entry"), so an engine update never invalidates it; the
// build id that names it covers this file and the runtime (tools/site.py).

import { BUILD_ID, PYODIDE_URL, STDLIB_URL, ENGINE_WHEEL_URL, PYODIDE_LOCK } from "./build-assets.js";
import { fetchUnpacked, unpackingFetch } from "./packed-fetch.js";

const SNAPSHOT_CACHE = "kaffeehaus-engine-snapshot";
// The wasm, decoded once and kept (web/packed-fetch.js); the service worker deletes this cache
// when a new build takes over, and the new build's first boot keeps its own.
const WASM_CACHE = "kaffeehaus-engine-wasm";
const WASM_URL = PYODIDE_URL + "pyodide.asm.wasm";
const SNAPSHOT_KEY = new URL(`/__engine-snapshot/${BUILD_ID}`, self.location.href).href;
const MICROPIP = PYODIDE_LOCK.packages.micropip;
const WHEEL_NAME = decodeURIComponent(new URL(ENGINE_WHEEL_URL).pathname.split("/").pop());

/** Phase → ms since the worker's time origin (the first time each was reached). */
export const marks = {};
export function mark(name) {
  if (!(name in marks)) marks[name] = Math.round(performance.now());
}

function fetchBytes(url, integrity) {
  return fetchUnpacked(url, integrity ? { integrity } : {}).then((r) => {
    if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
    return r.arrayBuffer();
  }).then((b) => new Uint8Array(b));
}

function hexToBase64(hex) {
  let s = "";
  for (let i = 0; i < hex.length; i += 2) s += String.fromCharCode(parseInt(hex.slice(i, i + 2), 16));
  return btoa(s);
}

// The snapshot is kept gzip-compressed where the browser can (engine-snapshot-worker.js).
const GZIP = "application/gzip";

/** {bytes: a promise of the stored snapshot, inflated as it is read} or null: none stored.
 *  (loadPyodide takes the promise: the inflating overlaps the wasm's compilation.) */
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

/** Keeps `bytes` (transferred) in Cache Storage on a thread of its own, where a worker can start
 *  one (engine-snapshot-worker.js): compressing 31 MB would otherwise take this thread from
 *  loading micropip and installing the engine. */
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
    lockFileContents: PYODIDE_LOCK,
    packageBaseUrl: PYODIDE_URL,
    stdout: (line) => console.log("[python]", line),
    stderr: (line) => console.warn("[python]", line),
    ...extra,
  };
}

/** loadPyodide, with the end of the wasm's compilation marked (it streams while it downloads);
 *  `wasmIn` is called then, or at the latest when loadPyodide settles. A wasm that fails to
 *  compile (cut short, a broken xz stream) fails the boot: Pyodide itself only logs it, and
 *  would wait for it forever. */
async function load(loadPyodide, extra, wasmIn) {
  const plainFetch = self.fetch;
  self.fetch = unpackingFetch(plainFetch, { keep: [WASM_URL], cacheName: WASM_CACHE });
  const instantiate = WebAssembly.instantiateStreaming;
  let wasmFailed;
  const wasmFailure = new Promise((_, reject) => { wasmFailed = reject; });
  WebAssembly.instantiateStreaming = async (...args) => {
    try {
      const result = await instantiate.apply(WebAssembly, args);
      mark("wasmInstantiated");
      wasmIn();
      return result;
    } catch (e) {
      wasmFailed(new Error(`the interpreter's wasm did not load: ${e.message || e}`));
      throw e;
    }
  };
  try {
    mark("loadStart");
    return await Promise.race([loadPyodide(options(extra)), wasmFailure]);
  } finally {
    self.fetch = plainFetch;
    WebAssembly.instantiateStreaming = instantiate;
    mark("interpreter");
    wasmIn();
  }
}

export async function startPython(progress) {
  mark("start");
  progress(0.02, "start");
  const snapshotFound = findSnapshot();
  // The wheels are needed once CPython runs: fetched when the wasm is in (web/engine-prefetch.js
  // holds them back as long on a first visit), while CPython starts.
  let wasmIn;
  const wasmArrived = new Promise((resolve) => { wasmIn = resolve; });
  const engineBytes = wasmArrived.then(() => fetchBytes(ENGINE_WHEEL_URL));
  const micropipPrefetch = wasmArrived.then(() => fetchBytes(PYODIDE_URL + MICROPIP.file_name,
    "sha256-" + hexToBase64(MICROPIP.sha256))).catch(() => null);
  engineBytes.catch(() => {});
  const { loadPyodide } = await import(PYODIDE_URL + "pyodide.mjs");
  mark("pyodideImported");
  progress(0.1, "runtime");

  const snapshot = await snapshotFound;
  if (snapshot) {
    try {
      const pyodide = await load(loadPyodide, { _loadSnapshot: snapshot.bytes }, wasmIn);
      progress(0.8, "engine");
      const site = pyodide.runPython("import site; site.getsitepackages()[0]");
      pyodide.unpackArchive(await engineBytes, "wheel", { extractDir: site });
      mark("wheel");
      pyodide.runPython("import random; random.seed()");  // a snapshot freezes the RNG state
      return { pyodide, fromSnapshot: true, snapshotStored: null };
    } catch (e) {
      console.warn("engine snapshot unusable, starting Python from scratch:", e);
      await dropSnapshot();
    }
  }

  const ticker = fakeProgress(progress, 0.12, 0.6, 1200, "python");
  let pyodide;
  let snapshotStored = null;
  try {
    pyodide = await load(loadPyodide, { _makeSnapshot: !!self.caches }, wasmIn);
  } finally {
    clearInterval(ticker);
  }
  if (self.caches) {
    try {
      const bytes = pyodide.makeMemorySnapshot();
      mark("snapshotTaken");
      snapshotStored = storeSnapshot(bytes).then(() => mark("snapshotStored"))
        .catch((e) => console.warn("snapshot not stored:", e));
    } catch (e) {
      console.warn("no engine snapshot:", e);
    }
  }
  progress(0.65, "micropip");
  await micropipPrefetch;
  const loadErrors = [];
  await pyodide.loadPackage("micropip", {
    messageCallback: () => {},
    errorCallback: (m) => loadErrors.push(m),
  });
  if (loadErrors.length) {  // loadPackage reports (e.g. a hash mismatch) but does not throw
    throw new Error(`micropip did not load: ${loadErrors.join("; ")}`);
  }
  mark("micropip");
  progress(0.8, "engine");
  const path = `/tmp/${WHEEL_NAME}`;
  pyodide.FS.writeFile(path, await engineBytes);
  const micropip = pyodide.pyimport("micropip");
  try {
    await micropip.install(`emfs:${path}`);
  } finally {
    micropip.destroy();
  }
  mark("wheel");
  return { pyodide, fromSnapshot: false, snapshotStored };
}

function fakeProgress(progress, from, to, ms, stage) {
  // CPython's start-up reports nothing: advance the bar on a curve that slows towards `to`.
  const start = performance.now();
  return setInterval(() => {
    const t = (performance.now() - start) / ms;
    progress(from + (to - from) * (1 - Math.exp(-2 * t)), stage);
  }, 100);
}
