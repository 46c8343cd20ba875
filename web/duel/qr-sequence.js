// qr-sequence.js — a link or code too long for one QR code, as a short numbered sequence of
// parts that the reader assembles in any order (the page shows them one after another).
// DOM-free (Node's test runner imports it); drawing and reading are qr.js's.
//
//   qrTexts(text)         → [text]   the text itself when it fits one QR code (a phone's camera
//                                    app then opens a link directly), else the parts:
//                                    "khq1.<i>.<n>.<check>.<piece>" for i = 1..n
//   createAssembler()     → {add(scanned) → {text, have, of} | null, reset()}
//                           add() takes every scanned text: a whole link or code is complete at
//                           once; a part counts toward its sequence (a part of another sequence
//                           starts over); `text` is set once every part is in.
import { MAX_PASTED_LENGTH } from "../limits.js";

/** Characters in one QR code: a version-26 symbol at correction level L holds about 1,200 bytes,
 *  which a phone's camera reads from a screen at arm's length. */
export const QR_TEXT_MAX = 1_200;
const PART = /^khq1\.(\d{1,3})\.(\d{1,3})\.([0-9a-f]{8})\.(.+)$/s;
const HEADER = "khq1.000.000.00000000.".length;

/** A 32-bit FNV-1a digest of the whole text, in every part: parts of two texts never mix. */
function check(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}

export function qrTexts(text) {
  if (typeof text !== "string" || !text) throw new Error("nothing to show");
  if (text.length > MAX_PASTED_LENGTH) throw new Error("too long to show");
  if (text.length <= QR_TEXT_MAX && !text.startsWith("khq1.")) return [text];
  const size = QR_TEXT_MAX - HEADER;
  const n = Math.ceil(text.length / size);
  const sum = check(text);
  return Array.from({ length: n }, (_, i) => `khq1.${i + 1}.${n}.${sum}.${text.slice(i * size, (i + 1) * size)}`);
}

export function createAssembler() {
  let parts = new Map();
  let of = 0;
  let sum = null;
  return {
    add(scanned) {
      if (typeof scanned !== "string" || !scanned || scanned.length > QR_TEXT_MAX) return null;
      const match = PART.exec(scanned);
      if (!match) return { text: scanned, have: 1, of: 1 };
      const [, i, n, s, piece] = match;
      const index = Number(i);
      const count = Number(n);
      if (!(count >= 1 && index >= 1 && index <= count)) return null;
      if (s !== sum || count !== of) {
        parts = new Map();
        of = count;
        sum = s;
      }
      parts.set(index, piece);
      const result = { text: null, have: parts.size, of };
      if (parts.size === of) {
        const text = Array.from({ length: of }, (_, k) => parts.get(k + 1)).join("");
        if (check(text) === sum) result.text = text;
        else parts = new Map();               // a misread part: start the sequence over
      }
      return result;
    },
    reset() {
      parts = new Map();
      of = 0;
      sum = null;
    },
  };
}
