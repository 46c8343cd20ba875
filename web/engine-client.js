// engine-client.js — the only file that talks to the engine worker.
//
// Interface (import from the page's modules):
//
//   import { createEngine, COMMANDS, EngineError } from "./engine-client.js";
//
//   const engine = createEngine({
//     onProgress(value, stage) {},  // optional; value 0..1 while Python loads, stage a keyword:
//                                   // "start" "runtime" "python" "micropip" "engine" "ready"
//     bootTimeoutMs: 60000,         // optional; `ready` rejects with EngineError type "BootTimeout"
//     silenceTimeoutMs: 60000,      // optional; once ready, a worker that answers nothing for this
//                                   // long while a call waits is taken for dead (killed by the
//                                   // browser, or hung): it is stopped and every call rejects
//                                   // with EngineError type "Unresponsive" (five times as
//                                   // long while a duel_join or duel_receive waits: shuffle
//                                   // proofs take seconds)
//     workerUrl,                    // optional; default ./engine-worker.js next to this file
//   });
//   engine.ready     → Promise<{ms, snapshot, stages}> resolves when kaffeehaus.api is imported
//                      (ms: boot time in the worker; snapshot: true for a warm boot);
//                      rejects with EngineError (type "BootTimeout" or "BootError")
//   engine.call(cmd, args, { onStep }) → Promise<result>
//       cmd:  one of COMMANDS (kaffeehaus.api function names, docs/API.md); anything else
//             rejects at once with EngineError type "UnknownCommand".
//       args: an object of keyword arguments, e.g. call("apply", {state, action: "QH"}),
//             or an array of positional ones, e.g. call("apply", [state, "QH"]); omit for none.
//             Must be plain JSON (checked here; Python receives it as JSON text).
//       onStep (optional; "play" and "computer_turn"): called with each step of the turn as
//             soon as the engine applied it, before the computer thinks about the next one
//             (the same objects, in order, as result.steps); every step comes before the result.
//       Calls may be made before `ready`: they wait for the engine. They run one at a time,
//       in order, inside the worker, so the page never blocks while the AI thinks.
//       Python exceptions reject with EngineError: .type is the Python class name
//       ("IllegalAction", "ValueError", "TypeError", ...), .message its English text,
//       .code the engine's keyword for it ("must_follow_suit", "bad_state", …; null for an
//       error of the page itself) with .params (an object) for the page to translate,
//       .pyTraceback.
//   engine.terminate() → stops the worker; pending and later calls reject (type "Terminated").
//   engine.state     → "loading" | "ready" | "error"   (mirror it into <html data-engine>)
//
//   COMMANDS — frozen array of the callable command names (= the functions in
//              kaffeehaus.api.__all__; tests/web/test_build.py keeps them in step).
//   EngineError — class extending Error with .type (string), .code (string|null), .params
//                 (object), .pyTraceback (string|undefined) and .invalid (true only when the
//                 engine refused its input with a ValueError: any other failure is not the input's).

import { expandAnswer } from "./protocol.js";

export const COMMANDS = Object.freeze([
  "profiles", "new_deal", "new_match", "observation", "from_json", "hint",
  "share_link", "open_link", "deal_of_the_day", "rules", "play", "computer_turn",
  "duel_new", "duel_join", "duel_receive", "duel_act", "duel_observation", "duel_stop",
]);

const SLOW_CALLS = new Set(["duel_join", "duel_receive"]);

export class EngineError extends Error {
  constructor(type, message, pyTraceback, code = null, params = {}, invalid = false) {
    super(message);
    this.name = "EngineError";
    this.type = type;
    this.invalid = invalid;   // the engine refused its input with a ValueError (a bad save, …)
    this.pyTraceback = pyTraceback;
    this.code = typeof code === "string" ? code : null;
    this.params = params && typeof params === "object" ? params : {};
  }
}

const DEFAULT_WORKER_URL = new URL("./engine-worker.js", import.meta.url);

export function createEngine({ onProgress, bootTimeoutMs = 60000, silenceTimeoutMs = 60000, workerUrl } = {}) {
  const worker = new Worker(workerUrl || DEFAULT_WORKER_URL, { type: "module" });
  const pending = new Map();
  let nextId = 1;
  let failure = null;
  let resolveReady, rejectReady;
  const ready = new Promise((res, rej) => { resolveReady = res; rejectReady = rej; });
  ready.catch(() => {});  // callers who never await `ready` still see errors from call()

  const engine = {
    state: "loading",
    ready,
    call(cmd, args, { onStep } = {}) {
      if (!COMMANDS.includes(cmd)) {
        return Promise.reject(new EngineError("UnknownCommand", `unknown engine command: ${cmd}`));
      }
      return send(cmd, args === undefined ? {} : args, typeof onStep === "function" ? onStep : null);
    },
    terminate() {
      fail(new EngineError("Terminated", "the engine was stopped"));
      worker.terminate();
    },
    // Internal, for tests and benchmarks: resolves once the boot snapshot is stored.
    _flushSnapshot() { return send("__flush_snapshot", {}); },
  };

  function send(cmd, args, onStep = null) {
    if (failure) return Promise.reject(failure);
    // The arguments travel as JSON text: the engine checks its size and nesting before
    // parsing it (a structured clone of a value nested thousands deep would overflow the stack).
    let json;
    try {
      json = JSON.stringify(args ?? {});
    } catch (e) {
      return Promise.reject(new EngineError("BadArguments", `arguments are not JSON: ${e.message}`));
    }
    if (typeof json !== "string") {
      return Promise.reject(new EngineError("BadArguments", "arguments are not JSON"));
    }
    const id = nextId++;
    const message = onStep ? { id, cmd, json, stream: true } : { id, cmd, json };
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject, onStep, streamed: [], cmd });
      worker.postMessage(message);
      if (!watchdog) listen();
    });
  }

  // A worker that dies without an error event (the browser killed it, or Python hung) would
  // leave callers waiting for ever: while a call waits, each answer restarts this countdown.
  // (Calls run one at a time, so the longest wait is one call: the AI thinks well under 10 s.)
  let watchdog = null;
  function listen() {
    clearTimeout(watchdog);
    watchdog = null;
    if (failure || engine.state !== "ready" || !pending.size) return;
    // A duel message that carries a shuffle makes and checks shuffle proofs (docs/PROTOCOL.md,
    // "Cost"): seconds of CPU on a desktop, several times that on a slow phone.
    const patience = [...pending.values()].some((p) => SLOW_CALLS.has(p.cmd)) ? 5 : 1;
    const limit = silenceTimeoutMs * patience;
    watchdog = setTimeout(() => {
      fail(new EngineError("Unresponsive",
        `the engine stopped answering (nothing for ${Math.round(limit / 1000)} s)`));
      worker.terminate();
    }, limit);
  }

  function fail(error) {
    if (failure) return;
    failure = error;
    engine.state = "error";
    clearTimeout(timer);
    clearTimeout(watchdog);
    rejectReady(error);
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  }

  const timer = setTimeout(() => {
    fail(new EngineError("BootTimeout",
      `the Python engine did not start within ${Math.round(bootTimeoutMs / 1000)} s ` +
      "(check that .wasm files are served as application/wasm)"));
    worker.terminate();
  }, bootTimeoutMs);

  worker.onmessage = ({ data }) => {
    if (data.progress !== undefined) {
      if (onProgress) onProgress(data.progress, data.stage);
    } else if (data.ready) {
      clearTimeout(timer);
      if (!failure) {
        engine.state = "ready";
        resolveReady(data.boot);
        listen();
      }
    } else if (data.fatal !== undefined) {
      fail(new EngineError("BootError", `the Python engine failed to start: ${data.fatal}`));
      worker.terminate();
    } else if (data.step !== undefined && pending.has(data.id)) {
      const { onStep, streamed } = pending.get(data.id);
      streamed.push(data.step);   // kept as text: the answer leaves it out (protocol.js)
      try {
        if (onStep) onStep(JSON.parse(data.step));
      } catch (e) {
        console.warn("a step listener failed:", e);   // the call's result still comes
      }
      listen();
    } else if (pending.has(data.id)) {
      const { resolve, reject, streamed } = pending.get(data.id);
      pending.delete(data.id);
      if (data.error) {
        reject(new EngineError(data.error.type, data.error.message, data.error.traceback,
          data.error.code, data.error.params, data.error.invalid === true));
      } else {
        resolve(expandAnswer(data, { streamed }));
      }
      listen();
    }
  };
  worker.onerror = (event) => {
    event.preventDefault?.();
    fail(new EngineError("BootError",
      `the engine worker failed: ${event.message || "could not load the worker script"}`));
  };

  return engine;
}
