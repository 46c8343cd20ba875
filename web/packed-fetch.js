// packed-fetch.js — the runtime files the build ships xz-compressed (tools/packed.py), fetched
// and decoded as their bytes arrive, so the worker and Pyodide see the plain files.
//
//   fetchUnpacked(url, init)   fetch(url, init), but a packed file comes decoded
//   unpackingFetch(fetch, {keep})  that, as a drop-in for `fetch` (loadPyodide calls the global
//                              one); files in `keep` are decoded once and kept decoded (below)
//
// A packed file is asked for by its plain URL (build-assets.js lists them in PACKED with the type
// it is served as); the host has it at that URL + PACKED_SUFFIX. The decoded Response carries
// that type: WebAssembly.instantiateStreaming needs "application/wasm", and compiles the wasm
// while it is still being decoded. A broken or cut stream makes the body fail, never yields
// partial bytes as a whole file.

import { PACKED, PACKED_SUFFIX } from "./build-assets.js";
import { XzReadableStream } from "./vendor/xz-decompress/xz-decompress.min.mjs";

function urlOf(input) {
  if (typeof input === "string") return new URL(input, self.location.href).href;
  if (input instanceof URL) return input.href;
  return input?.url;
}

export async function fetchUnpacked(input, init, fetchImpl = fetch) {
  const url = urlOf(input);
  if (!Object.hasOwn(PACKED, url)) return fetchImpl(input, init);
  const { integrity, ...rest } = init || {};
  if (integrity) throw new TypeError(`${url}: a packed file cannot be checked by integrity`);
  const response = await fetchImpl(url + PACKED_SUFFIX, rest);
  if (!response.ok || !response.body) return response;
  return new Response(new XzReadableStream(response.body), {
    status: 200,
    headers: { "Content-Type": PACKED[url] },
  });
}

/** A packed file decoded once: kept decoded in Cache Storage `cacheName` (every other entry
 *  there, an older build's, deleted) and served from there on later boots. For the wasm: a warm
 *  boot skips fetching and decoding 9.6 MB (it still compiles them). A stream that fails is
 *  never kept (the put fails with it). */
export async function fetchKeptUnpacked(url, cacheName, fetchImpl = fetch) {
  let cache;
  try {
    cache = await caches.open(cacheName);
    const hit = await cache.match(url);
    if (hit) return hit;
  } catch {
    cache = null;  // no Cache Storage here: decode every time
  }
  const response = await fetchUnpacked(url, undefined, fetchImpl);
  if (!cache || !response.ok || !response.body) return response;
  const headers = { "Content-Type": PACKED[url] };
  const [use, keep] = response.body.tee();
  (async () => {
    for (const req of await cache.keys()) if (req.url !== url) await cache.delete(req);
    await cache.put(url, new Response(keep, { headers }));
  })().catch(() => keep.cancel().catch(() => {}));
  return new Response(use, { headers });
}

export function unpackingFetch(fetchImpl, { keep = [], cacheName } = {}) {
  return (input, init) => {
    const url = urlOf(input);
    return keep.includes(url) && !init?.integrity
      ? fetchKeptUnpacked(url, cacheName, fetchImpl)
      : fetchUnpacked(input, init, fetchImpl);
  };
}
