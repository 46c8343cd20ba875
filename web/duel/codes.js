// codes.js — the duel's text codes and links on the page's side (docs/PROTOCOL.md "Roles,
// envelope and codes"). DOM-free (Node's test runner imports it).
//
// A code is "kd1." + base64url(zlib(canonical JSON of one message)). The engine checks every
// code itself (duel_receive); the page only reads a code's envelope — its game id, number and
// sender — to find the saved duel it belongs to (a link opened in a new tab) before handing it
// to the engine. Nothing here is trusted: a code that cannot be read is simply "damaged", and
// one past the engine's limits (web/limits.js) "tooLong", found before it is inflated further.
//
//   findCodes(text)        → [code]   every code in pasted text or a link (#duel=…), in order;
//                                     line breaks inside a code ignored (messengers wrap lines);
//                                     none in text longer than MAX_PASTED_LENGTH
//   readCodes(text)        → Promise<[code]>  the same, but a line after a code is joined to it
//                                     only if the code then still reads ("See you" on the next
//                                     line is not glued to it); rejects with CodeError "tooLong"
//                                     for text longer than MAX_PASTED_LENGTH. Time linear in the
//                                     text: each code's end is measured once (zlib64.js
//                                     measureZlib) and read once, never tried line by line
//   frameCodes(list)       → [code]   the codes of a live frame (transport.js) as they are, one
//                                     per item, never joined; rejects "tooLong" past the limits
//   codeFromHash(hash)     → [code]   the codes of a "#duel=<code>[~<code>]" location hash
//   duelLink(base, codes)  → "<base>#duel=<code>[~<code>…]"
//   readEnvelope(code)     → Promise<{game, seq, from, hello}>; rejects with CodeError
//   isDuelHash(hash)       → bool
//   otherVersion(text)     → bool     text holding no code of this version but one of another
//                                     ("kd0.", "kd2."): made by another version of the game

import { MAX_CODE_LENGTH, MAX_DEPTH, MAX_MESSAGE_BYTES, MAX_PASTED_LENGTH } from "../limits.js";
import { TooLarge, fromBase64url, inflate, measureZlib } from "./zlib64.js";

export const PREFIX = "kd1.";
const CODE = codePattern(PREFIX);
// How many joins one paste reads, and what they may inflate to; past that, a join where a stream
// ends is taken unchecked (an honest code reads there; another one is reported damaged when it
// is read), so that thousands of codes, or codes that each inflate to nearly the limit, cost no
// more than a few.
const CHECKS = 16;
const CHECKED_BYTES = 2 * MAX_MESSAGE_BYTES;

/** Every code of this prefix: the prefix, then base64url. */
function codePattern(prefix) {
  return new RegExp(`${prefix.replace(/\./g, "\\.")}[A-Za-z0-9_-]+`, "g");
}

export class CodeError extends Error {
  constructor(reason) {
    super(reason);
    this.name = "CodeError";
    this.type = "CodeError";
    this.reason = reason;   // "empty" | "damaged" | "tooLong" (past a limit of web/limits.js)
    //                         | "version" (a code of another version of the game)
  }
}

/**
 * Every code found in `text`, in order. Line breaks inside a code are ignored (messengers wrap
 * long lines); spaces, "~" and any other character outside base64url separate codes.
 */
export function findCodes(text) {
  if (typeof text !== "string" || text.length > MAX_PASTED_LENGTH) return [];
  const joined = unescaped(text).replace(/[ \t]*[\r\n]+[ \t]*/g, "").replace(/kd1\./g, " kd1.").replace(/~/g, " ");
  return [...joined.matchAll(CODE)].map((m) => m[0]);
}

/**
 * Every code in `text`, with the lines after it joined to it only as far as it needs to read: a
 * messenger wraps a long code over several lines, and a word on the line after a code is not
 * part of it. A code that reads at no join stays whole (and is reported damaged).
 */
export async function readCodes(text) {
  if (typeof text === "string" && text.length > MAX_PASTED_LENGTH) throw new CodeError("tooLong");
  return readWrapped(text, PREFIX, reads);
}

/**
 * The codes a live frame holds (transport.js): each item is one code as the friend's page sent
 * it, never split or joined, for that page sends what it wants (a messenger's wrapping is a
 * paste's matter). An item that is not one whole code is read as it is: damaged. Throws
 * CodeError "tooLong" past what a paste may hold.
 */
export function frameCodes(list) {
  if (!Array.isArray(list) || list.length > MAX_PASTED_LENGTH) throw new CodeError("tooLong");
  const codes = list.filter((code) => typeof code === "string");
  if (codes.reduce((sum, code) => sum + code.length, 0) > MAX_PASTED_LENGTH) throw new CodeError("tooLong");
  return codes;
}

/**
 * Every code starting with `prefix` in `text` (duel codes here, connection codes in live.js),
 * with the lines after it joined to it only as far as `reads(code)` (async) needs. A zlib stream
 * ends where it ends and `inflate` takes nothing after it, so at most one join can read: the one
 * where the stream measured over the longest join (`measure`, measureZlib; at most
 * MAX_CODE_LENGTH characters) ends, if that falls at the end of a line. Only that join is read
 * (within CHECKS and CHECKED_BYTES); a code that reads at no join takes every line that may
 * continue it (and is then reported damaged). Per code: one measure, over characters no other
 * code's uses, and at most one `reads`: time linear in `text`, never a join per line.
 */
export async function readWrapped(text, prefix, reads, measure = measureZlib) {
  if (typeof text !== "string" || text.length > MAX_PASTED_LENGTH) return [];
  const pattern = codePattern(prefix);
  const lines = unescaped(text).split(/\r?\n/).map((line) => line.trim());
  const codes = [];
  const budget = { checks: CHECKS, bytes: CHECKED_BYTES };
  for (let i = 0; i < lines.length; i += 1) {
    const found = [...lines[i].replaceAll(prefix, ` ${prefix}`).replace(/~/g, " ").matchAll(pattern)];
    for (const [n, match] of found.entries()) {
      let code = match[0];
      const endsLine = n === found.length - 1 && lines[i].endsWith(code);
      // the lines that may continue it: whole base64url runs, then one more leading run
      const tails = [];
      for (let j = i + 1; endsLine && j < lines.length; j += 1) {
        const run = /^[A-Za-z0-9_-]+/.exec(lines[j]);
        if (!run || run[0].startsWith(prefix.slice(0, -1))) break;
        tails.push(run[0]);
        if (run[0].length !== lines[j].length) break;
      }
      const joined = tails.length ? await linesJoined(code, tails, { prefix, reads, measure, budget }) : 0;
      code += tails.slice(0, joined).join("");
      codes.push(code);
      if (joined) {
        // the continued lines are used up; a partly used line keeps its rest
        const last = i + joined;
        lines[last] = lines[last].slice(tails[joined - 1].length).trim();
        for (let k = i + 1; k < last; k += 1) lines[k] = "";
        i = last - 1;
        break;
      }
    }
  }
  return codes;
}

/** How many of the lines `tails` continue `code` (see readWrapped). */
async function linesJoined(code, tails, { prefix, reads, measure, budget }) {
  let longest = code;
  for (let k = 0; k < tails.length && longest.length < MAX_CODE_LENGTH; k += 1) longest += tails[k];
  // a join longer than a code may be never reads: it is not measured
  const stream = measure(longest.slice(prefix.length, MAX_CODE_LENGTH));
  if (!stream) return tails.length;
  const wanted = prefix.length + stream.chars;
  let length = code.length;
  for (let k = 0; k < tails.length && length <= wanted; k += 1) {
    if (length === wanted) {
      if (!budget.checks || budget.bytes < stream.size) return k;
      budget.checks -= 1;
      budget.bytes -= stream.size;
      return (await reads(code + tails.slice(0, k).join(""))) ? k : tails.length;
    }
    length += tails[k].length;
  }
  return tails.length;
}

/** Pasted text or a link's part with %-escapes undone (a lone % is read as it is). */
function unescaped(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

async function reads(code) {
  try {
    await readEnvelope(code);
    return true;
  } catch {
    return false;
  }
}

const OTHER_VERSION = /(?:^|[^A-Za-z0-9_-])kd(?!1\.)\d+\.[A-Za-z0-9_-]{8,}/;

export function otherVersion(text) {
  return typeof text === "string" && text.length <= MAX_PASTED_LENGTH && OTHER_VERSION.test(text);
}

export function isDuelHash(hash) {
  return /^#?(?:.*&)?duel=/.test(hash || "");
}

export function codeFromHash(hash) {
  const match = /(?:^#?|&)duel=([^&]*)/.exec(hash || "");
  return match ? findCodes(match[1]) : [];
}

export function duelLink(base, codes) {
  const list = Array.isArray(codes) ? codes : [codes];
  return `${String(base).split("#")[0]}#duel=${list.join("~")}`;
}

/** The envelope of a code: {game, seq, from, hello} (hello: the invitation's terms or null). */
export async function readEnvelope(code) {
  if (typeof code !== "string" || !code) throw new CodeError("empty");
  if (code.length > MAX_CODE_LENGTH) throw new CodeError("tooLong");   // before anything else
  if (!code.startsWith(PREFIX)) throw new CodeError("damaged");
  let message;
  try {
    const bytes = await inflate(fromBase64url(code.slice(PREFIX.length)), MAX_MESSAGE_BYTES);
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    if (nestedDeeperThan(text, MAX_DEPTH)) throw new CodeError("tooLong");
    message = JSON.parse(text);
  } catch (error) {
    if (error instanceof TooLarge || error instanceof CodeError) throw new CodeError("tooLong");
    throw new CodeError("damaged");
  }
  const ok = message && typeof message === "object" && typeof message.game === "string"
    && /^[A-Za-z0-9_-]{1,64}$/.test(message.game) && Number.isSafeInteger(message.seq) && message.seq >= 0
    && (message.from === 0 || message.from === 1) && message.body && typeof message.body === "object";
  if (!ok) throw new CodeError("damaged");
  const hello = message.seq === 0 && message.body.hello && typeof message.body.hello === "object" ? message.body.hello : null;
  return { game: message.game, seq: message.seq, from: message.from, hello };
}

/** Whether the brackets of JSON `text` (outside its strings) nest deeper than `limit`: the
 *  engine's depth guard (kaffeehaus.jsontext), so no parser meets hostile depth. */
export function nestedDeeperThan(text, limit) {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i += 1;                       // a backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) {
      inString = true;
    } else if (c === 91 || c === 123) {           // [ {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === 93 || c === 125) {           // ] }
      depth -= 1;
    }
  }
  return false;
}
