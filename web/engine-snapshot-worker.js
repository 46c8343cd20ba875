// engine-snapshot-worker.js — keeps the engine's memory snapshot (web/engine-boot.js) in Cache
// Storage, on a thread of its own: compressing 31 MB costs a few hundred ms of CPU, which the
// engine's worker spends booting the engine and answering the page's first calls meanwhile.
//
// As a worker (started with the name "engine-snapshot"): message in {bytes: Uint8Array
// (transferred), cache, key}, message out {stored: true} or {error: message}. Imported (where a
// worker cannot start one of its own): keepSnapshot(bytes, cache, key), on the importer's thread.
//
// The snapshot is kept gzip-compressed where the browser can (CompressionStream): the
// interpreter's memory is mostly empty pages, 31 MB that compress to about 5 MB of the player's
// storage. Snapshots of other builds are deleted.
export const GZIP = "application/gzip";
export const WORKER_NAME = "engine-snapshot";

export async function keepSnapshot(bytes, cacheName, key) {
  const blob = new Blob([bytes]);
  const cache = await caches.open(cacheName);
  for (const req of await cache.keys()) {
    if (req.url !== key) await cache.delete(req);  // snapshots of older builds
  }
  const packed = typeof CompressionStream === "function";
  const body = packed ? await new Response(blob.stream().pipeThrough(new CompressionStream("gzip"))).blob() : blob;
  await cache.put(key, new Response(body, {
    headers: { "Content-Type": packed ? GZIP : "application/octet-stream" },
  }));
}

if (self.name === WORKER_NAME) {
  self.onmessage = ({ data: { bytes, cache, key } }) => {
    keepSnapshot(bytes, cache, key).then(() => postMessage({ stored: true }),
      (e) => postMessage({ error: String(e && e.message || e) }));
  };
}
