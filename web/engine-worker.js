// Kaffeehaus engine worker (module worker). Started only by engine-client.js.
//
// Boot: loads Pyodide from this origin, installs the engine wheel, imports kaffeehaus.api.
// Then answers {id, cmd, json, stateRef?} with {id, result, ...} or {id, error: {type, message,
// code, params}} by calling kaffeehaus.api.<cmd>(**args) (or (*args) for an array). Only JSON
// text crosses into and out of Python; no PyProxy ever leaves this file. A call with
// `stream: true` to one of STREAMED also posts {id, step} (JSON text) for each step of the turn
// as soon as the engine applied it, before the computer thinks about the next one; the answer
// then leaves those steps out, and states cross by reference or as what changed (web/protocol.js). While booting it posts {progress: 0..1, stage},
// then {ready: true, boot: {ms, snapshot}} or {fatal: message}.
//
// Two ways to boot:
//  - cold: loadPyodide (with _makeSnapshot), take a memory snapshot of the freshly started
//    interpreter and keep it in Cache Storage ("kaffeehaus-engine-snapshot", keyed by the
//    build), load micropip (our own one-entry lock file pins PyPI's sha256), and install the
//    engine wheel with micropip. Both wheels are fetched while CPython starts.
//  - warm: restore that snapshot (skips CPython's start-up, ~90% of the boot), unpack the
//    same engine wheel into site-packages and import it.
// The snapshot holds no engine code (a snapshot taken after micropip was imported fails in
// Pyodide 314 with "Unexpected hiwire entry"), so an engine update never invalidates it.

import { BUILD_ID, PYODIDE_URL, ENGINE_WHEEL_URL, PYODIDE_LOCK } from "./build-assets.js";
import { compactAnswer, isState } from "./protocol.js";

const SNAPSHOT_CACHE = "kaffeehaus-engine-snapshot";
const SNAPSHOT_KEY = new URL(`/__engine-snapshot/${BUILD_ID}`, self.location.href).href;
const MICROPIP = PYODIDE_LOCK.packages.micropip;
const WHEEL_NAME = decodeURIComponent(new URL(ENGINE_WHEEL_URL).pathname.split("/").pop());

// Python side of the protocol: JSON text in, JSON text out, errors as data.
const GLUE = `
import json as _json, sys as _sys, traceback as _tb
import kaffeehaus.api as _api
from kaffeehaus.jsontext import parse as _parse

_STREAMED = ("play", "computer_turn")

def _kh_call(cmd, args_json, post_step=None):
    try:
        if cmd.startswith("_"):
            raise AttributeError(f"not an API function: {cmd}")
        fn = getattr(_api, cmd, None)
        if not callable(fn) or cmd not in getattr(_api, "__all__", [cmd]):
            raise AttributeError(f"kaffeehaus.api has no function {cmd!r}")
        # size and nesting checked before parsing: a save nested thousands deep must be a
        # ValueError, not a stack overflow of the wasm runtime
        args = _parse(args_json, "the call's arguments")
        if post_step is not None and cmd in _STREAMED and isinstance(args, dict):
            args["on_step"] = lambda step: post_step(_json.dumps(step, separators=(",", ":")))
        result = fn(*args) if isinstance(args, list) else fn(**args)
        return _json.dumps({"result": result}, separators=(",", ":"))
    except Exception as e:
        # code and params: the keyword the page translates (kaffeehaus.messages, docs/API.md)
        # invalid: the engine refused the input (a ValueError), not a failure of its own
        return _json.dumps({"error": {"type": type(e).__name__, "message": str(e),
                                      "invalid": isinstance(e, ValueError),
                                      "code": getattr(e, "code", None),
                                      "params": getattr(e, "params", None) or {},
                                      "traceback": _tb.format_exc(limit=-3)}})
`;

let pyodide = null;
let call = null;        // Python _kh_call, used only inside this worker
const queue = [];       // messages that arrived before the engine was ready
let snapshotTask = null;

const marks = {};       // stage -> ms since the worker started, reported with `ready`
const progress = (value, stage) => {
  if (!(stage in marks)) marks[stage] = Math.round(performance.now());
  postMessage({ progress: value, stage });
};

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

async function readSnapshot() {
  try {
    if (!self.caches) return null;
    const cache = await caches.open(SNAPSHOT_CACHE);
    const hit = await cache.match(SNAPSHOT_KEY);
    return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
  } catch {
    return null;
  }
}

async function storeSnapshot(bytes) {
  if (!self.caches) return;
  const cache = await caches.open(SNAPSHOT_CACHE);
  for (const req of await cache.keys()) {
    if (req.url !== SNAPSHOT_KEY) await cache.delete(req);  // snapshots of older builds
  }
  await cache.put(SNAPSHOT_KEY, new Response(bytes, {
    headers: { "Content-Type": "application/octet-stream" },
  }));
}

async function dropSnapshot() {
  try { await (await caches.open(SNAPSHOT_CACHE)).delete(SNAPSHOT_KEY); } catch { /* none */ }
}

function options(extra) {
  return {
    indexURL: PYODIDE_URL,
    lockFileContents: PYODIDE_LOCK,
    packageBaseUrl: PYODIDE_URL,
    stdout: (line) => console.log("[python]", line),
    stderr: (line) => console.warn("[python]", line),
    ...extra,
  };
}

async function boot() {
  const t0 = performance.now();
  progress(0.02, "start");
  const snapshotBytes = readSnapshot();
  // Fetch the wheels while the runtime downloads and CPython starts.
  const engineBytes = fetchBytes(ENGINE_WHEEL_URL);
  const micropipPrefetch = fetchBytes(PYODIDE_URL + MICROPIP.file_name,
    "sha256-" + hexToBase64(MICROPIP.sha256)).catch(() => null);
  engineBytes.catch(() => {});
  const { loadPyodide } = await import(PYODIDE_URL + "pyodide.mjs");
  progress(0.1, "runtime");

  const snapshot = await snapshotBytes;
  if (snapshot) {
    try {
      pyodide = await loadPyodide(options({ _loadSnapshot: snapshot }));
      progress(0.8, "engine");
      const site = pyodide.runPython("import site; site.getsitepackages()[0]");
      pyodide.unpackArchive(await engineBytes, "wheel", { extractDir: site });
      pyodide.runPython("import random; random.seed()");  // a snapshot freezes the RNG state
      return finish(t0, true);
    } catch (e) {
      console.warn("engine snapshot unusable, starting Python from scratch:", e);
      await dropSnapshot();
      pyodide = null;
    }
  }

  const ticker = fakeProgress(0.12, 0.6, 1200, "python");
  try {
    pyodide = await loadPyodide(options({ _makeSnapshot: !!self.caches }));
  } finally {
    clearInterval(ticker);
  }
  if (self.caches) {
    try {
      const bytes = pyodide.makeMemorySnapshot();
      snapshotTask = storeSnapshot(bytes).catch((e) => console.warn("snapshot not stored:", e));
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
  progress(0.8, "engine");
  const path = `/tmp/${WHEEL_NAME}`;
  pyodide.FS.writeFile(path, await engineBytes);
  const micropip = pyodide.pyimport("micropip");
  try {
    await micropip.install(`emfs:${path}`);
  } finally {
    micropip.destroy();
  }
  return finish(t0, false);
}

function fakeProgress(from, to, ms, stage) {
  // CPython's start-up reports nothing: advance the bar on a curve that slows towards `to`.
  const start = performance.now();
  return setInterval(() => {
    const t = (performance.now() - start) / ms;
    progress(from + (to - from) * (1 - Math.exp(-2 * t)), stage);
  }, 100);
}

function finish(t0, fromSnapshot) {
  pyodide.runPython(GLUE);
  call = pyodide.globals.get("_kh_call");
  progress(1, "ready");
  postMessage({ ready: true, boot: {
    ms: Math.round(performance.now() - t0), snapshot: fromSnapshot, stages: marks } });
  while (queue.length) handle(queue.shift());
}

// The engine states that crossed, by number (web/protocol.js): the page sends `stateRef` for the
// latest instead of the state itself. The last few are kept (calls run one at a time).
const states = new Map();
const KEPT_STATES = 8;
let lastRef = 0;

function remember(state) {
  lastRef += 1;
  states.set(lastRef, JSON.stringify(state));
  for (const ref of states.keys()) if (states.size > KEPT_STATES) states.delete(ref);
  return lastRef;
}

/** The call's arguments as JSON text, and the state they carry: a `stateRef` is put back. */
function argumentsOf(json, stateRef) {
  const text = typeof json === "string" ? json : "{}";
  if (stateRef === undefined) {
    let base = null;
    try { base = JSON.parse(text).state ?? null; } catch { /* the engine says what is wrong */ }
    return { text, base };
  }
  if (!states.has(stateRef)) throw new Error(`unknown state reference ${stateRef}`);
  const args = JSON.parse(text);
  args.state = JSON.parse(states.get(stateRef));
  return { text: JSON.stringify(args), base: args.state };
}

function handle(msg) {
  const { id, cmd, json, stream, stateRef } = msg;
  if (typeof cmd !== "string" || !/^[a-z][a-z0-9_]*$/.test(cmd)) {
    postMessage({ id, error: { type: "BadRequest", message: `bad command ${JSON.stringify(cmd)}` } });
    return;
  }
  let text;
  let base;
  const streamed = [];
  try {
    const args = argumentsOf(json, stateRef);
    base = args.base;
    text = stream === true
      ? call(cmd, args.text, (step) => { streamed.push(step); postMessage({ id, step }); })
      : call(cmd, args.text);
  } catch (e) {
    postMessage({ id, error: { type: "WorkerError", message: String(e && e.message || e) } });
    return;
  }
  const out = JSON.parse(text);
  if (out.error) {
    postMessage({ id, error: out.error });
    return;
  }
  // each step crosses once; a new state crosses as what it adds to the request's (protocol.js)
  const answer = compactAnswer(out.result, { base: isState(base) ? base : null, streamed });
  const state = isState(out.result) ? out.result : out.result && isState(out.result.state) ? out.result.state : null;
  postMessage(state ? { id, ...answer, stateRef: remember(state) } : { id, ...answer });
}

self.onmessage = (event) => {
  const msg = event.data || {};
  if (msg.cmd === "__flush_snapshot") {  // tests and benchmarks: wait until it is stored
    Promise.resolve(snapshotTask).then(() => postMessage({ id: msg.id, result: true }));
    return;
  }
  if (call) handle(msg); else queue.push(msg);
};

boot().catch((e) => {
  console.error("engine boot failed:", e);
  postMessage({ fatal: String(e && e.message || e) });
});
