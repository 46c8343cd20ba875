// packed-fetch.js — the runtime files the build ships xz-compressed (tools/packed.py), fetched
// and decoded as their bytes arrive, so the worker and Pyodide see the plain files.
//
//   fetchUnpacked(url, init)   fetch(url, init), but a packed file comes decoded
//   unpackingFetch(fetch)      that, as a drop-in for `fetch` (loadPyodide calls the global one)
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

/** Whether `url` is shipped packed. */
export function isPacked(url) {
  return Object.hasOwn(PACKED, urlOf(url));
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

export function unpackingFetch(fetchImpl) {
  return (input, init) => fetchUnpacked(input, init, fetchImpl);
}
