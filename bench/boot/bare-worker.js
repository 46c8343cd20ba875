// A bare loadPyodide() and a first result, timed like the game's worker (web/engine-boot.js):
// marks in ms since this worker's time origin.
self.onmessage = async ({ data: { pyodide, stdlib, lock } }) => {
  const marks = { start: performance.now() };
  try {
    const instantiate = WebAssembly.instantiateStreaming;
    WebAssembly.instantiateStreaming = async (...args) => {
      marks.wasmStart = performance.now();
      const result = await instantiate.apply(WebAssembly, args);
      marks.wasmInstantiated = performance.now();
      return result;
    };
    const { loadPyodide } = await import(new URL("pyodide.mjs", pyodide).href);
    marks.pyodideImported = performance.now();
    const options = { indexURL: pyodide };
    if (stdlib) options.stdLibURL = stdlib;
    if (lock) options.lockFileURL = lock;
    const py = await loadPyodide(options);
    marks.loaded = performance.now();
    py.runPython("1 + 1");
    marks.ready = performance.now();
    WebAssembly.instantiateStreaming = instantiate;
    postMessage({ marks, timeOrigin: performance.timeOrigin });
  } catch (e) {
    postMessage({ error: String(e && e.message || e), marks });
  }
};
