// Exposes the built site's engine-client.js to the tests as window.kh.
// The asset directory is named by a hash: find it in precache.json.
const precache = await (await fetch("/precache.json")).json();
const clientPath = precache.files.find((f) => /^assets\/[^/]+\/engine-client\.js$/.test(f));
const client = await import("/" + clientPath);
window.kh = {
  client,
  progress: [],
  start(options = {}) {
    const engine = client.createEngine({
      ...options,
      onProgress: (value, stage) => window.kh.progress.push([value, stage]),
    });
    window.kh.engine = engine;
    engine.ready.then(() => { document.documentElement.dataset.engine = "ready"; },
                      () => { document.documentElement.dataset.engine = "error"; });
    return engine;
  },
  // Resolves to {ok, value} or {ok: false, type, message}: errors as data for the tests.
  async call(cmd, args) {
    try {
      return { ok: true, value: await window.kh.engine.call(cmd, args) };
    } catch (e) {
      return { ok: false, type: e.type, message: e.message, name: e.name };
    }
  },
};
document.documentElement.dataset.harness = "ready";
