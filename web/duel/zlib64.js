// zlib64.js — the byte layer shared by the duel's codes (codes.js) and the live connection's
// codes (live.js): base64url text and zlib streams, which the Compression Streams API calls
// "deflate". Decoding is strict, so that one byte string has one text and one text one meaning:
// canonical unpadded base64url only, one whole zlib stream with nothing after it, inflated at
// most to a byte budget (web/limits.js, the engine's limits). `measureZlib` only measures where
// a stream would end in text (a code a messenger wrapped over lines) and how much it would
// inflate to: it inflates nothing, so that finding a code's end costs one pass over the text.
// DOM-free (Node's test runner imports it).
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

// --- measuring a stream without inflating it (RFC 1950 and 1951) ------------------------------

const B64 = new Int8Array(128).fill(-1);
[..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"]
  .forEach((c, i) => { B64[c.charCodeAt(0)] = i; });
// length symbols 257…285: the shortest length and the extra bits; distance symbols: extra bits
const LENGTH_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99,
  115, 131, 163, 195, 227, 258];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DISTANCE_EXTRA = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12,
  12, 13, 13];
const ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];   // of the code length code

/**
 * The zlib stream base64url `text` begins with: {chars, size}, `chars` the length of the only
 * prefix of `text` that can inflate (a zlib stream is self-delimiting, and `inflate` takes
 * nothing after it) and `size` the bytes it inflates to; or null when no prefix can (the stream
 * is cut, malformed or inflates past `limit` bytes). It walks the stream's structure without
 * making its bytes: time linear in `text`'s length. Lenient where zlib is strict (a distance too
 * far back, the checksum): only `inflate` says whether that prefix reads.
 */
export function measureZlib(text, limit = MAX_MESSAGE_BYTES) {
  // the bytes of base64url text, leniently: a prefix of the text gives a prefix of them
  const bytes = new Uint8Array(Math.floor((String(text).length * 6) / 8));
  let acc = 0;
  let bits = 0;
  let n = 0;
  for (let i = 0; i < text.length && n < bytes.length; i += 1) {
    const c = text.charCodeAt(i);
    const v = c < 128 ? B64[c] : -1;
    if (v < 0) break;
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) { bits -= 8; bytes[n] = (acc >> bits) & 0xff; n += 1; }
  }
  const stream = zlibStream(bytes.subarray(0, n), limit);
  return stream && { chars: Math.ceil((stream.end * 4) / 3), size: stream.size };
}

/** The zlib stream `bytes` begin with: {end, size} (its length, its inflated length) or null. */
function zlibStream(bytes, limit) {
  if (bytes.length < 2) return null;
  const cmf = bytes[0];
  const flg = bytes[1];
  if ((cmf & 15) !== 8 || cmf >> 4 > 7 || ((cmf << 8) | flg) % 31 || flg & 32) return null;
  let at = 2;
  let buffer = 0;
  let count = 0;   // bits left in `buffer`, always fewer than 8 between reads
  const need = (n) => {
    while (count < n) {
      if (at >= bytes.length) throw RangeError("cut");
      buffer |= bytes[at] << count;
      at += 1;
      count += 8;
    }
    const value = buffer & ((1 << n) - 1);
    buffer >>>= n;
    count -= n;
    return value;
  };
  const decode = (code) => {   // canonical Huffman, one bit at a time (as zlib's puff.c)
    let value = 0;
    let first = 0;
    let index = 0;
    for (let len = 1; len < 16; len += 1) {
      value |= need(1);
      const n = code.count[len];
      if (value - n < first) return code.symbol[index + value - first];
      index += n;
      first = (first + n) << 1;
      value <<= 1;
    }
    throw RangeError("no such code");
  };
  let out = 0;
  try {
    for (let last = 0; !last;) {
      last = need(1);
      const type = need(2);
      if (type === 0) {
        buffer = 0;
        count = 0;
        if (at + 4 > bytes.length) return null;
        const len = bytes[at] | (bytes[at + 1] << 8);
        if ((len ^ 0xffff) !== (bytes[at + 2] | (bytes[at + 3] << 8))) return null;
        at += 4 + len;
        out += len;
        if (at > bytes.length || out > limit) return null;
        continue;
      }
      if (type === 3) return null;
      const [lengths, distances] = type === 1 ? fixedCodes() : dynamicCodes(need, decode);
      for (;;) {
        const symbol = decode(lengths);
        if (symbol < 256) {
          out += 1;
        } else if (symbol === 256) {
          break;
        } else {
          if (symbol > 285) return null;
          out += LENGTH_BASE[symbol - 257] + need(LENGTH_EXTRA[symbol - 257]);
          const distance = decode(distances);
          if (distance > 29) return null;
          need(DISTANCE_EXTRA[distance]);
        }
        if (out > limit) return null;
      }
    }
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
  const end = at + 4;   // the Adler-32 checksum after the last block, from a byte boundary
  return end <= bytes.length ? { end, size: out } : null;
}

/** A canonical Huffman code from its code lengths, or a RangeError when over-subscribed. */
function huffman(lengths) {
  const count = new Uint16Array(16);
  for (const len of lengths) count[len] += 1;
  count[0] = 0;
  let left = 1;
  for (let len = 1; len < 16; len += 1) {
    left = (left << 1) - count[len];
    if (left < 0) throw RangeError("over-subscribed");
  }
  const offsets = new Uint16Array(16);
  for (let len = 1; len < 15; len += 1) offsets[len + 1] = offsets[len] + count[len];
  const symbol = new Uint16Array(lengths.length);
  lengths.forEach((len, s) => { if (len) { symbol[offsets[len]] = s; offsets[len] += 1; } });
  return { count, symbol };
}

let fixed = null;
function fixedCodes() {
  if (!fixed) {
    const lengths = Array.from({ length: 288 }, (_, s) => (s < 144 ? 8 : s < 256 ? 9 : s < 280 ? 7 : 8));
    fixed = [huffman(lengths), huffman(new Array(30).fill(5))];
  }
  return fixed;
}

function dynamicCodes(need, decode) {
  const nlen = need(5) + 257;
  const ndist = need(5) + 1;
  const ncode = need(4) + 4;
  const codeLengths = new Array(19).fill(0);
  for (let i = 0; i < ncode; i += 1) codeLengths[ORDER[i]] = need(3);
  const lencode = huffman(codeLengths);
  const lengths = [];
  while (lengths.length < nlen + ndist) {
    const symbol = decode(lencode);
    if (symbol < 16) { lengths.push(symbol); continue; }
    if (symbol === 16 && !lengths.length) throw RangeError("nothing to repeat");
    const value = symbol === 16 ? lengths.at(-1) : 0;
    const times = symbol === 16 ? 3 + need(2) : symbol === 17 ? 3 + need(3) : 11 + need(7);
    if (lengths.length + times > nlen + ndist) throw RangeError("too many lengths");
    for (let i = 0; i < times; i += 1) lengths.push(value);
  }
  return [huffman(lengths.slice(0, nlen)), huffman(lengths.slice(nlen))];
}
