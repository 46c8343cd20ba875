// live.js — a live connection between the two pages of a duel: a WebRTC data channel set up
// without a signalling server, by exchanging its offer and answer as codes like the moves
// ("kl1." + base64url(zlib(JSON))): the inviting page shows an offer code, the friend pastes it
// (or opens it as a link) and sends back the answer code. Once open, every code either page
// has to send travels over the channel by itself, and what arrives is applied as if pasted.
// The codes and their checks stay exactly those of correspondence play: the channel is only a
// faster messenger, and the page falls back to copying codes whenever it closes.
//
// A STUN server is a setting (empty by default: the two devices then find each other on one
// local network, or on one machine); no TURN relay is used.
//
//   const live = createLive({ onCodes(text), onState(state), stun: () => "stun:host:port" });
//   await live.offer()           → the offer code to send
//   await live.accept(code)      → the answer code to send back (the friend's side)
//   await live.finish(code)      → the channel opens (the inviter's side)
//   live.send(codes)             → false when no channel is open
//   live.close()
//   state: "idle" | "offering" | "answering" | "connecting" | "open" | "closed" | "failed"
import { MAX_PASTED_LENGTH } from "../limits.js";
import { readWrapped } from "./codes.js";
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
    const value = JSON.parse(new TextDecoder().decode(await inflate(fromBase64url(text.slice(LIVE_PREFIX.length)))));
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

/** Resolves once ICE gathering is complete: the description then holds every candidate. */
function gathered(pc, ms = 8000) {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => { if (pc.iceGatheringState === "complete") { clearTimeout(timer); resolve(); } };
    const timer = setTimeout(resolve, ms);
    pc.addEventListener("icegatheringstatechange", done);
  });
}

export function createLive({ onCodes, onState = () => {}, stun = () => "", game = () => null }) {
  let pc = null;
  let channel = null;
  let state = "idle";
  const set = (next) => { state = next; onState(next); };

  function connection() {
    close();
    const url = String(stun() || "").trim();
    pc = new RTCPeerConnection({ iceServers: url ? [{ urls: url }] : [] });
    pc.addEventListener("connectionstatechange", () => {
      if (pc && pc.connectionState === "failed") set("failed");
    });
    return pc;
  }

  function attach(dc) {
    channel = dc;
    dc.addEventListener("open", () => set("open"));
    dc.addEventListener("close", () => { if (channel === dc) { channel = null; set("closed"); } });
    dc.addEventListener("message", (event) => {
      if (typeof event.data === "string" && event.data.length <= MAX_PASTED_LENGTH) onCodes(event.data);
    });
  }

  async function offer() {
    const peer = connection();
    attach(peer.createDataChannel("kaffeehaus-duel", { ordered: true }));
    set("offering");
    await peer.setLocalDescription(await peer.createOffer());
    await gathered(peer);
    return encodeLive({ type: "offer", sdp: peer.localDescription.sdp, game: game() });
  }

  async function accept(code) {
    const value = await decodeLive(code);
    if (value.type !== "offer") throw new Error("not an offer");
    const peer = connection();
    peer.addEventListener("datachannel", (event) => attach(event.channel));
    set("answering");
    await peer.setRemoteDescription({ type: "offer", sdp: value.sdp });
    await peer.setLocalDescription(await peer.createAnswer());
    await gathered(peer);
    set("connecting");
    return encodeLive({ type: "answer", sdp: peer.localDescription.sdp, game: game() });
  }

  async function finish(code) {
    const value = await decodeLive(code);
    if (value.type !== "answer" || !pc || state !== "offering") throw new Error("not the answer to this page's offer");
    set("connecting");
    await pc.setRemoteDescription({ type: "answer", sdp: value.sdp });
  }

  function send(codes) {
    if (!channel || channel.readyState !== "open" || !codes.length) return false;
    channel.send(codes.join("\n"));
    return true;
  }

  function close() {
    try { channel?.close(); } catch { /* already closed */ }
    try { pc?.close(); } catch { /* already closed */ }
    channel = null;
    pc = null;
    if (state !== "idle") set("closed");
  }

  return { offer, accept, finish, send, close, get state() { return state; } };
}
