// transport.js — the live channel between the two pages of a duel: a WebRTC data channel that
// carries the duel's codes by itself, so that once both pages are open nobody copies anything.
// DOM-free (Node's test runner imports it with a fake RTCPeerConnection); the peer connection,
// the duel's outbox and the place that applies the friend's codes are injected.
//
// There is no signalling server: the connection codes (live.js "kl1.", an offer or an answer)
// ride in the links the players send anyway (link-flow.js). A page that is not connected always
// has one connection code ready (`signal`): the answer it owes, or else an offer; the next link
// it sends carries it. An answer also carries a fresh offer of its own ("re-offer"), for the
// case where the page that made the first offer was closed meanwhile: that page then answers
// the re-offer, and one more link connects them. Whichever attempt opens first is kept.
//
// Over the channel, frames of JSON: {k: "hello", seen} when it opens (the codes this page has
// received, as short hashes), {k: "codes", codes} (the sender's pending codes, all in one
// frame), {k: "ack", h} (hashes of codes received). A code is sent again after a reconnection
// until it is acknowledged, and a code already received is never applied twice: both lists are
// kept per game (`memory`), so a reloaded page remembers them.
//
//   const live = createTransport({ peer, outbox, deliver, memory, onState, stun, gatherMs });
//     peer(config) → RTCPeerConnection     outbox() → [code] this page's codes to send
//     deliver(codes) → Promise<bool>       apply the friend's codes (true: applied or known)
//     memory: {get(game) → {seen, acked}, put(game, value)}
//   live.use(game)        the duel on the table (another game: the channel is closed)
//   live.prepare()        → Promise<string> the connection code for the next link
//   live.take(code)       → Promise: a connection code from the friend's link
//   live.flush()          sends the pending codes now (call after every change of the duel)
//   live.unsent()         → [code] codes the friend has not acknowledged
//   live.received(codes)  codes the player applied by hand (a link, a paste): never again
//   live.seen(code[, game]) → whether this page received that code already
//   live.pending          "offer" | "answer" | null: what the next link's connection code is
//   live.state            "off" | "waiting" | "connecting" | "connected" | "reconnecting"
//                         | "closed" (the friend's page closed) | "failed" (no route: links)
//
// What was delivered is kept by the ledger (ledger.js); this module keeps the connection attempts
// and their states. Longer than 250 lines: an offer, an answer and an open channel are three
// attempts of one connection sharing its state; split, they would pass that state around.
import { MAX_CODE_LENGTH, MAX_DEPTH, MAX_PASTED_LENGTH } from "../limits.js";
import { nestedDeeperThan } from "./codes.js";
import { decodeLive, encodeLive } from "./live.js";
import { codeHash, createLedger } from "./ledger.js";

export { codeHash };

// The engine's limits (py/kaffeehaus/limits.py, via web/limits.js) bound what the friend's page
// may send: a frame holds what a paste may hold, a code in it no more than a code may be, and
// its brackets nest no deeper than the engine's JSON guard allows.
const MAX_FRAME = MAX_PASTED_LENGTH;

/** Resolves once ICE gathering is complete (the description then holds every candidate). */
function gathered(pc, ms) {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    pc.addEventListener("icegatheringstatechange", () => {
      if (pc.iceGatheringState === "complete") { clearTimeout(timer); resolve(); }
    });
  });
}

export function createTransport({ peer, outbox, deliver, memory, onState = () => {}, stun = () => "", gatherMs = 8000 }) {
  let game = null;
  let state = "off";
  let offering = null;   // {pc, channel} waiting for the answer to this page's offer
  let answering = null;  // {pc} that answered the friend's offer, waiting for its channel
  let live = null;       // {pc, channel} the open channel
  let signal = null;     // the connection code the next link carries
  let signalType = null; // "offer" | "answer": what `signal` is
  let making = null;     // the offer being made
  let taking = null;     // a connection code from the friend being taken up
  let sentHere = new Set();   // hashes sent over the current channel
  let receiving = Promise.resolve();
  const ledger = createLedger(memory);

  const set = (next) => { if (next !== state) { state = next; onState(next); } };

  function connection() {
    const url = String(stun() || "").trim();
    return peer({ iceServers: url ? [{ urls: url }] : [] });
  }

  async function describe(pc, type, extra = {}) {
    await pc.setLocalDescription(type === "offer" ? await pc.createOffer() : await pc.createAnswer());
    await gathered(pc, gatherMs);
    return encodeLive({ type, sdp: pc.localDescription.sdp, game, ...extra });
  }

  function drop(entry) {
    if (!entry) return;
    try { entry.channel?.close(); } catch { /* already closed */ }
    try { entry.pc.close(); } catch { /* already closed */ }
  }

  /** A channel of `entry` opened: it becomes the live one, every other attempt is dropped. */
  function opened(entry, channel) {
    for (const other of [offering, answering, live]) if (other && other !== entry) drop(other);
    offering = answering = null;
    live = { pc: entry.pc, channel };
    signal = signalType = null;
    sentHere = new Set();
    set("connected");
    send({ k: "hello", seen: ledger.seenHashes() });
  }

  function watch(entry) {
    entry.pc.addEventListener("connectionstatechange", () => {
      const now = entry.pc.connectionState;
      if (live && live.pc === entry.pc) {
        if (now === "disconnected") set("reconnecting");
        else if (now === "connected" && state === "reconnecting") set("connected");
        else if (now === "failed") lost("failed");
      } else if (now === "failed" && (entry === offering || entry === answering)) {
        drop(entry);
        if (entry === offering) offering = null; else answering = null;
        signal = signalType = null;
        set("failed");
      }
    });
  }

  function attach(entry, channel) {
    channel.addEventListener("open", () => opened(entry, channel));
    channel.addEventListener("close", () => { if (live && live.channel === channel) lost("closed"); });
    channel.addEventListener("message", (event) => receive(event.data));
  }

  /** The channel is gone: the next link carries a new offer. */
  function lost(why) {
    drop(live);
    live = null;
    set(why);
    prepare().catch(() => {});
  }

  function send(frame) {
    if (!live || live.channel.readyState !== "open") return false;
    live.channel.send(JSON.stringify(frame));
    return true;
  }

  /** A frame from the friend's page, or null when it is too long, too deep or not JSON. */
  function parseFrame(data) {
    if (typeof data !== "string" || data.length > MAX_FRAME || nestedDeeperThan(data, MAX_DEPTH)) return null;
    try {
      const frame = JSON.parse(data);
      return frame && typeof frame === "object" && !Array.isArray(frame) ? frame : null;
    } catch {
      return null;
    }
  }

  function receive(data) {
    const frame = parseFrame(data);
    if (!frame) return;
    if (frame.k === "hello" && Array.isArray(frame.seen)) {
      ledger.acknowledged(frame.seen.filter((h) => typeof h === "string"));
      flush();
    } else if (frame.k === "ack" && Array.isArray(frame.h)) {
      ledger.acknowledged(frame.h.filter((h) => typeof h === "string"));
      onState(state);   // what is left to send changed
    } else if (frame.k === "codes" && Array.isArray(frame.codes)) {
      const codes = frame.codes.filter((c) => typeof c === "string" && c.length <= MAX_CODE_LENGTH);
      // one batch at a time, in order: the engine applies them in sequence
      receiving = receiving.then(() => take(codes)).catch(() => {});
    }
  }

  async function take(codes) {
    const fresh = ledger.fresh(codes);
    if (fresh.length && !(await deliver(fresh))) return;   // refused: the page says why
    ledger.received(codes);
    send({ k: "ack", h: codes.map(codeHash) });
  }

  const unsent = () => ledger.unacknowledged(outbox());

  function flush() {
    if (state !== "connected") return false;
    const codes = unsent().filter((c) => !sentHere.has(codeHash(c)));
    if (!codes.length) return false;
    if (!send({ k: "codes", codes })) return false;
    for (const c of codes) sentHere.add(codeHash(c));
    return true;
  }

  /** The connection code for the next link: the answer this page owes, else its offer. */
  async function prepare() {
    if (taking) await taking.catch(() => null);   // an answer being made is the code to send
    if (!game || live) return null;
    if (signal) return signal;
    return makeOffer();
  }

  function makeOffer() {
    if (making) return making;
    const forGame = game;
    making = (async () => {
      const pc = connection();
      const entry = { pc, channel: null };
      const channel = pc.createDataChannel("kaffeehaus-duel", { ordered: true });
      entry.channel = channel;
      attach(entry, channel);
      watch(entry);
      const code = await describe(pc, "offer");
      if (forGame !== game || live) { drop(entry); return null; }
      entry.sdp = pc.localDescription.sdp;
      drop(offering);
      offering = entry;
      signal = code;
      signalType = "offer";
      if (state === "off") set("waiting");
      onState(state);
      return code;
    })().finally(() => { making = null; });
    return making;
  }

  /** Answer the friend's offer `sdp`. The answer carries an offer of this page's too: if the
   * friend's page was closed meanwhile, it answers that one instead. */
  async function answer(sdp) {
    drop(answering);
    const pc = connection();
    const entry = { pc };
    answering = entry;
    pc.addEventListener("datachannel", (event) => attach(entry, event.channel));
    watch(entry);
    await pc.setRemoteDescription({ type: "offer", sdp });
    let extra = {};
    if (!offering) { signal = signalType = null; await makeOffer(); }
    if (offering) extra = { offer: offering.sdp };
    if (answering !== entry) return null;   // a later offer replaced this one
    signal = await describe(pc, "answer", extra);
    signalType = "answer";
    set("waiting");
    return signal;
  }

  /** A connection code from the friend's link. Resolves to the code the friend now needs from
   * this page (an answer), or null when nothing more is needed. */
  function takeSignal(code) {
    const task = takeCode(code).finally(() => { if (taking === task) taking = null; });
    taking = task;
    return task;
  }

  async function takeCode(code) {
    const value = await decodeLive(code);
    if (value.game && game && value.game !== game) throw new Error("a connection code of another game");
    if (live && state === "connected") return null;
    if (value.type === "offer") return answer(value.sdp);
    // an answer: to this page's pending offer, or (that page was closed) a re-offer to answer
    if (offering && offering.pc.signalingState === "have-local-offer") {
      set("connecting");
      await offering.pc.setRemoteDescription({ type: "answer", sdp: value.sdp });
      return null;
    }
    if (typeof value.offer === "string") return answer(value.offer);
    return null;
  }

  function use(id) {
    if (id === game) return;
    close();
    game = id || null;
    ledger.use(game);
  }

  function close() {
    for (const entry of [offering, answering, live]) drop(entry);
    offering = answering = live = null;
    signal = signalType = null;
    set("off");
  }

  return {
    use, prepare, take: takeSignal, flush, unsent, received: ledger.received, seen: ledger.seen, close,
    get state() { return state; },
    get signal() { return signal; },
    /** What the next link's connection code is: "offer" (the friend's page answers it with one
     * link back), "answer" (the link back: it connects the pages), or null. */
    get pending() { return signal ? signalType : null; },
    get game() { return game; },
  };
}

