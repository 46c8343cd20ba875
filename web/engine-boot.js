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
//    build), load micropip (our own one-entry lock file pins PyPI's sha256), and install the
//    engine wheel with micropip. Both wheels are fetched while CPython starts.
//  - warm: restore that snapshot (skips CPython's start-up, ~90% of the boot), unpack the
//    same engine wheel into site-packages and import it.
// The snapshot holds no engine code (a snapshot taken after micropip was imported fails in
// Pyodide 314 with "Unexpected hiwire entry"), so an engine update never invalidates it; the
// build id that names it covers this file and the runtime (tools/site.py).

import { BUILD_ID, PYODIDE_URL, STDLIB_URL, ENGINE_WHEEL_URL, PYODIDE_LOCK } from "./build-assets.js";

const SNAPSHOT_CACHE = "kaffeehaus-engine-snapshot";
const SNAPSHOT_KEY = new URL(`/__engine-snapshot/${BUILD_ID}`, self.location.href).href;
const MICROPIP = PYODIDE_LOCK.packages.micropip;
const WHEEL_NAME = decodeURIComponent(new URL(ENGINE_WHEEL_URL).pathname.split("/").pop());

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

function hexToBase64(hex) {
  let s = "";
  for (let i = 0; i < hex.length; i += 2) s += String.fromCharCode(parseInt(hex.slice(i, i + 2), 16));
  return btoa(s);
}

// The snapshot is kept gzip-compressed where the browser can (CompressionStream): the
// interpreter's memory is mostly empty pages, 31 MB that compress to about 5 MB of the
// player's storage; inflating it costs a fraction of what reading the raw bytes back did.
const GZIP = "application/gzip";

async function readSnapshot() {
  try {
    if (!self.caches) return null;
    const cache = await caches.open(SNAPSHOT_CACHE);
    const hit = await cache.match(SNAPSHOT_KEY);
    if (!hit) return null;
    const body = hit.headers.get("Content-Type") === GZIP
      ? new Response(hit.body.pipeThrough(new DecompressionStream("gzip"))) : hit;
    return new Uint8Array(await body.arrayBuffer());
  } catch {
    return null;
  }
}

async function storeSnapshot(bytes) {
  if (!self.caches) return;
  const blob = new Blob([bytes]);  // a copy now: the snapshot is stored after the boot goes on
  const cache = await caches.open(SNAPSHOT_CACHE);
  for (const req of await cache.keys()) {
    if (req.url !== SNAPSHOT_KEY) await cache.delete(req);  // snapshots of older builds
  }
  const packed = typeof CompressionStream === "function";
  const body = packed ? await new Response(blob.stream().pipeThrough(new CompressionStream("gzip"))).blob() : blob;
  await cache.put(SNAPSHOT_KEY, new Response(body, {
    headers: { "Content-Type": packed ? GZIP : "application/octet-stream" },
  }));
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

export async function startPython(progress) {
  mark("start");
  progress(0.02, "start");
  const snapshotBytes = readSnapshot();
  // Fetch the wheels while the runtime downloads and CPython starts.
  const engineBytes = fetchBytes(ENGINE_WHEEL_URL);
  const micropipPrefetch = fetchBytes(PYODIDE_URL + MICROPIP.file_name,
    "sha256-" + hexToBase64(MICROPIP.sha256)).catch(() => null);
  engineBytes.catch(() => {});
  const { loadPyodide } = await import(PYODIDE_URL + "pyodide.mjs");
  mark("pyodideImported");
  progress(0.1, "runtime");

  const snapshot = await snapshotBytes;
  if (snapshot) {
    try {
      const pyodide = await load(loadPyodide, { _loadSnapshot: snapshot });
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
    pyodide = await load(loadPyodide, { _makeSnapshot: !!self.caches });
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
