// Kaffeehaus engine worker (module worker). Started only by engine-client.js.
//
// Boot: loads Pyodide from this origin, installs the engine wheel, imports kaffeehaus.api.
// Then answers {id, cmd, json} with {id, result, ...} or {id, error: {type, message,
// code, params}} by calling kaffeehaus.api.<cmd>(**args) (or (*args) for an array). Only JSON
// text crosses into and out of Python; no PyProxy ever leaves this file. A call with
// `stream: true` to one of STREAMED also posts {id, step} (JSON text) for each step of the turn
// as soon as the engine applied it, before the computer thinks about the next one; the answer
// then leaves those steps out, and states cross by reference or as what changed (web/protocol.js).
// While booting it posts {progress: 0..1, stage}, then {ready: true, boot: {ms, snapshot, ...}} or
// {fatal: message}.
//
// Python is started by web/engine-boot.js (cold, or warm from a memory snapshot).

import { startPython, mark, marks as bootMarks } from "./engine-boot.js";
import { compactAnswer } from "./protocol.js";

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

let call = null;        // Python _kh_call, used only inside this worker
const queue = [];       // messages that arrived before the engine was ready
let snapshotTask = null;

const marks = {};       // stage -> ms since the worker started, reported with `ready`
const progress = (value, stage) => {
  if (!(stage in marks)) marks[stage] = Math.round(performance.now());
  postMessage({ progress: value, stage });
};

async function boot() {
  const t0 = performance.now();
  const { pyodide, fromSnapshot, snapshotStored } = await startPython(progress);
  snapshotTask = snapshotStored;
  pyodide.runPython(GLUE);
  call = pyodide.globals.get("_kh_call");
  mark("engine");
  progress(1, "ready");
  // stages: when each progress stage was first posted; marks: engine-boot.js's phases, both in ms
  // since this worker's time origin (bench/boot.py lines them up with the page's)
  postMessage({ ready: true, boot: {
    ms: Math.round(performance.now() - t0), snapshot: fromSnapshot, stages: marks,
    marks: bootMarks, timeOrigin: performance.timeOrigin } });
  while (queue.length) handle(queue.shift());
}

function handle(msg) {
  const { id, cmd, json, stream } = msg;
  if (typeof cmd !== "string" || !/^[a-z][a-z0-9_]*$/.test(cmd)) {
    postMessage({ id, error: { type: "BadRequest", message: `bad command ${JSON.stringify(cmd)}` } });
    return;
  }
  let text;
  const streamed = [];
  const args = typeof json === "string" ? json : "{}";
  try {
    text = stream === true
      ? call(cmd, args, (step) => { streamed.push(step); postMessage({ id, step }); })
      : call(cmd, args);
  } catch (e) {
    postMessage({ id, error: { type: "WorkerError", message: String(e && e.message || e) } });
    return;
  }
  const out = JSON.parse(text);
  if (out.error) {
    postMessage({ id, error: out.error });
    return;
  }
  // each step crosses once (protocol.js)
  postMessage({ id, ...compactAnswer(out.result, { streamed }) });
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
