// live.js — the connection codes of the live channel (transport.js): an offer or an answer of
// a WebRTC data channel, as "kl1." + base64url(zlib(JSON {type, sdp, game[, offer]})). They ride
// in the links the players send (link-flow.js "&rtc=") or are pasted like the duel's codes.
import { MAX_DEPTH } from "../limits.js";
import { nestedDeeperThan, readWrapped } from "./codes.js";
import { deflate, fromBase64url, inflate, toBase64url } from "./zlib64.js";

export const LIVE_PREFIX = "kl1.";

export async function encodeLive(value) {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  return LIVE_PREFIX + toBase64url(await deflate(bytes));
}

export async function decodeLive(code) {
  const text = String(code || "").replace(/\s+/g, "");
  if (!text.startsWith(LIVE_PREFIX) || text.length > 40_000) throw new Error("not a connection code");
  try {
    const json = new TextDecoder().decode(await inflate(fromBase64url(text.slice(LIVE_PREFIX.length))));
    if (nestedDeeperThan(json, MAX_DEPTH)) throw new Error();   // the engine's depth guard
    const value = JSON.parse(json);
    if (!value || !["offer", "answer"].includes(value.type) || typeof value.sdp !== "string") throw new Error();
    return value;
  } catch {
    throw new Error("not a connection code");
  }
}

/** Whether pasted text holds a connection code (rather than the duel's codes). */
export function hasLiveCode(text) {
  return String(text || "").includes(LIVE_PREFIX);
}

/** The first connection code in pasted text, a wrapped one joined again (codes.js readWrapped:
 *  a word on the line after it is not glued to it), or null. */
export async function readLiveCode(text) {
  const reads = (code) => decodeLive(code).then(() => true, () => false);
  const [code = null] = await readWrapped(String(text || ""), LIVE_PREFIX, reads);
  return code;
}
