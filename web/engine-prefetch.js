// engine-prefetch.js — on a first visit, starts the engine's downloads as the page starts.
//
// The engine's worker starts only once the page's own modules have loaded and run (app.js
// creates it), about a second on a desktop and several on a slow phone, and its files would
// download only then. The build puts this module first in index.html (tools/site.py): it
// fetches the worker's scripts, Pyodide's runtime and the game's stdlib at once, then micropip and
// the engine wheel once the wasm is in (they are needed only once CPython runs, and on a slow
// line they would share the wasm's bandwidth), at low priority (the page's own files go first),
// into the HTTP cache, where the worker finds them (a request for a file still downloading
// waits for it instead of fetching it again).
// Nothing is done when a service worker controls the page (every file is in its cache) or the
// files are already in the HTTP cache (they come back from it at once).
// A fetch (not a <link rel="preload">): the browser warns about a preload the page itself does
// not use, and the worker, not the page, uses these.

import { PYODIDE_URL, STDLIB_URL, ENGINE_WHEEL_URL, PYODIDE_LOCK, PACKED, PACKED_SUFFIX } from "./build-assets.js";

const WORKER_FILES = ["./engine-worker.js", "./engine-boot.js", "./protocol.js", "./engine-snapshot-worker.js",
  "./packed-fetch.js", "./vendor/xz-decompress/xz-decompress.min.mjs"];
const RUNTIME_FILES = ["pyodide.mjs", "pyodide.asm.mjs"];
const WASM = "pyodide.asm.wasm";

// read to the end: a response left unread would stall its download (and the worker's wait);
// a file shipped xz-compressed is fetched as it is on the host (the worker decodes it)
const get = (url) => fetch(Object.hasOwn(PACKED, url) ? url + PACKED_SUFFIX : url, { priority: "low" })
  .then((r) => r.arrayBuffer());

if (!navigator.serviceWorker?.controller) {
  const urls = [
    ...WORKER_FILES.map((f) => new URL(f, import.meta.url).href),
    ...RUNTIME_FILES.map((f) => PYODIDE_URL + f),
    STDLIB_URL,
  ];
  for (const url of urls) get(url).catch(() => {});
  get(PYODIDE_URL + WASM).catch(() => {}).then(() => {
    for (const url of [PYODIDE_URL + PYODIDE_LOCK.packages.micropip.file_name, ENGINE_WHEEL_URL]) {
      get(url).catch(() => {});
    }
  });
}
