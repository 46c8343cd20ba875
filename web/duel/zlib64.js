// zlib64.js — the byte layer shared by the duel's codes (codes.js) and the live connection's
// codes (live.js): base64url text and zlib streams, which the Compression Streams API calls
// "deflate". Decoding is strict, so that one byte string has one text and one text one meaning:
// canonical unpadded base64url only, one whole zlib stream with nothing after it, inflated at
// most to a byte budget (web/limits.js, the engine's limits). DOM-free (Node's test runner
// imports it).
import { MAX_MESSAGE_BYTES } from "../limits.js";

/** Inflating would pass the byte budget: stopped there (`limit` bytes). */
export class TooLarge extends Error {
  constructor(limit) {
    super(`more than ${limit} bytes once inflated`);
    this.name = "TooLarge";
    this.limit = limit;
  }
}

const ALPHABET = /^[A-Za-z0-9_-]*$/;

export function toBase64url(bytes) {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return globalThis.btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * The bytes of canonical unpadded base64url text; throws on anything else: a character outside
 * the alphabet (padding, "+", "/", a space), a length no base64 has, or stray bits in the last
 * character.
 */
export function fromBase64url(text) {
  if (typeof text !== "string" || !ALPHABET.test(text) || text.length % 4 === 1) {
    throw new Error("not canonical base64url");
  }
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = globalThis.atob(b64 + "===".slice((b64.length + 3) % 4));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  if (toBase64url(bytes) !== text) throw new Error("not canonical base64url");
  return bytes;
}

async function pipe(bytes, stream) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

export const deflate = (bytes) => pipe(bytes, new CompressionStream("deflate"));

/** The inflated bytes, read chunk by chunk and stopped (TooLarge) once past `limit`. */
async function inflateUpTo(bytes, limit) {
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate")).getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      reader.cancel().catch(() => {});
      throw new TooLarge(limit);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/**
 * The bytes of one whole zlib stream, at most `limit` of them (TooLarge past it). Rejects when
 * the bytes are not exactly one stream: a cut one fails its checksum, and bytes after its end
 * are refused too. (Some browsers ignore such bytes: the stream ends at the last byte exactly
 * when the input without that byte no longer inflates.)
 */
export async function inflate(bytes, limit = MAX_MESSAGE_BYTES) {
  const out = await inflateUpTo(bytes, limit);
  const needsLastByte = await inflateUpTo(bytes.subarray(0, bytes.length - 1), limit).then(() => false, () => true);
  if (!needsLastByte) throw new Error("bytes after the end of the zlib stream");
  return out;
}
