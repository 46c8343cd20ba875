// zlib64.js — the byte layer shared by the duel's codes (codes.js) and the live connection's
// codes (live.js): base64url text and zlib streams, which the Compression Streams API calls
// "deflate". DOM-free (Node's test runner imports it).

export function toBase64url(bytes) {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return globalThis.btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The bytes of base64url text (padding optional); throws on characters outside it. */
export function fromBase64url(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = globalThis.atob(b64 + "===".slice((b64.length + 3) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

async function pipe(bytes, stream) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

export const deflate = (bytes) => pipe(bytes, new CompressionStream("deflate"));

/** Rejects when the bytes are not one whole zlib stream (a cut one fails its checksum). */
export const inflate = (bytes) => pipe(bytes, new DecompressionStream("deflate"));
