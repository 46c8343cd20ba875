// The live channel of a duel (web/duel/transport.js) over a fake WebRTC network (fake-rtc.mjs):
// connection codes ride in links, the pending codes travel by themselves once connected, one
// frame per batch, acknowledged; a code is never applied twice, even after a reconnection or a
// reload; a page closed before the reply still connects after one more link.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createTransport, codeHash } from "../../../web/duel/transport.js";
import { decodeLive } from "../../../web/duel/live.js";
import { fakeNetwork, settle } from "./fake-rtc.mjs";
import { fakeDuelEngine } from "./fake-duel.mjs";
import { DuelController } from "../../../web/duel/controller.js";
import { createStorage, memoryArea } from "../../../web/saving/storage.js";
import { MAX_CODE_LENGTH, MAX_DEPTH, MAX_PASTED_LENGTH } from "../../../web/limits.js";

function memory() {
  const map = new Map();
  return { get: (g) => map.get(g) || null, put: (g, v) => map.set(g, JSON.parse(JSON.stringify(v))), map };
}

/** One page: its outbox, what it applied (in order), its states. */
function page(network, { mem = memory(), refuse = () => false, deliver = null } = {}) {
  const p = { box: [], applied: [], states: [], deliveries: 0, mem };
  p.live = createTransport({
    peer: network.peer, memory: mem, gatherMs: 50,
    outbox: () => p.box,
    deliver: async (codes) => {
      p.deliveries += 1;
      if (deliver) return deliver(codes);
      if (refuse(codes)) return false;
      p.applied.push(...codes);
      return true;
    },
    onState: (s) => p.states.push(s),
  });
  p.live.use("game1");
  return p;
}

/** A invites (its offer in the link), B answers (its answer in the reply), A takes it. */
async function connected(network = fakeNetwork()) {
  const a = page(network);
  const b = page(network);
  a.box = ["kd1.invite"];
  const offer = await a.live.prepare();
  assert.equal(a.live.state, "waiting");
  const reply = await b.live.take(offer);
  assert.equal((await decodeLive(reply)).type, "answer");
  assert.equal(await a.live.take(reply), null, "the first offer's answer needs no more links");
  await settle();
  return { network, a, b };
}

test("one offer and one answer connect the pages; pending codes then travel by themselves", async () => {
  const { a, b } = await connected();
  assert.equal(a.live.state, "connected");
  assert.equal(b.live.state, "connected");
  assert.deepEqual(b.applied, ["kd1.invite"]);
  assert.deepEqual(a.live.unsent(), [], "acknowledged");
  b.box = ["kd1.b1", "kd1.b2"];
  assert.equal(b.live.flush(), true);
  await settle();
  assert.deepEqual(a.applied, ["kd1.b1", "kd1.b2"]);
  assert.equal(a.deliveries, 1, "all pending codes in one frame");
  assert.equal(b.live.flush(), false, "nothing new to send");
});

test("while an answer is being made, the code for the next link is that answer", async () => {
  const network = fakeNetwork();
  const a = page(network);
  const b = page(network);
  const offer = await a.live.prepare();
  const answering = b.live.take(offer);
  const next = b.live.prepare();
  assert.equal(await next, await answering);
  assert.equal((await decodeLive(await next)).type, "answer");
});

test("the answer carries the answerer's own offer; the losing attempt is closed", async () => {
  const { network, b } = await connected();
  const open = network.made.filter((pc) => !pc.closed);
  assert.equal(open.length, 2, "one connection per page is left");
  assert.ok(b.states.includes("waiting"));
});

/** The open connection of each page, as the fake network holds them. */
const openConnections = (network) => network.made.filter((pc) => !pc.closed && pc.connectionState === "connected");

test("after the channel drops, the next links reconnect and nothing is lost or applied twice", async () => {
  const { network, a, b } = await connected();
  a.box = ["kd1.a1"];
  a.live.flush();
  await settle();
  assert.deepEqual(b.applied, ["kd1.invite", "kd1.a1"]);
  // the channel closes mid-deal: both pages say so and have an offer ready for the next link
  openConnections(network)[0].channel.close();
  await settle();
  assert.equal(a.live.state, "closed");
  assert.equal(b.live.state, "closed");
  b.box = ["kd1.b1"];          // B played while nothing connected them
  assert.equal(b.live.flush(), false);
  assert.deepEqual(b.live.unsent(), ["kd1.b1"]);
  // B's link carries its code (applied by hand) and its offer; A answers in its next link
  const offer = await b.live.prepare();
  a.applied.push("kd1.b1");    // the code pasted from B's link
  a.live.received(["kd1.b1"]);
  const answer = await a.live.take(offer);
  assert.equal(await b.live.take(answer), null);
  await settle();
  assert.equal(a.live.state, "connected");
  assert.equal(b.live.state, "connected");
  // B still resends its unacknowledged code: A does not apply it a second time
  assert.deepEqual(a.applied, ["kd1.b1"]);
  assert.deepEqual(b.applied, ["kd1.invite", "kd1.a1"], "A's acknowledged codes are not sent again");
});

test("a reloaded page remembers what it received: a resent code is not applied again", async () => {
  const network = fakeNetwork();
  const { a, b } = await connected(network);
  a.box = ["kd1.a1", "kd1.a2"];
  a.live.flush();
  await settle();
  // B reloads: a new transport over the same saved memory; A forgets what was acknowledged
  openConnections(network).forEach((pc) => pc.close());
  await settle();
  a.mem.map.clear();
  const b2 = page(network, { mem: b.mem });
  const offer = await b2.live.prepare();
  await b2.live.take(await a.live.take(offer));
  await settle();
  assert.equal(b2.live.state, "connected");
  assert.deepEqual(b2.applied, [], "A's hello-time resend is filtered by B's memory");
  assert.deepEqual(a.live.unsent(), [], "B's hello told A what B holds");
});

test("the inviting page was closed before the reply: it answers the re-offer, one more link", async () => {
  const network = fakeNetwork();
  const a = page(network);
  const b = page(network);
  const offer = await a.live.prepare();
  const reply = await b.live.take(offer);
  // A's page is closed and opened again: its offer is gone
  a.live.close();
  const a2 = page(network, { mem: a.mem });
  a2.box = ["kd1.a-after-reply"];
  const back = await a2.live.take(reply);
  assert.equal((await decodeLive(back)).type, "answer", "A's next link carries an answer");
  assert.equal(await b.live.take(back), null);
  await settle();
  assert.equal(a2.live.state, "connected");
  assert.equal(b.live.state, "connected");
  assert.deepEqual(b.applied, ["kd1.a-after-reply"]);
});

test("no route between the devices: the page says so and stays on links", async () => {
  const network = fakeNetwork();
  network.reachable = false;
  const a = page(network);
  const b = page(network);
  const reply = await b.live.take(await a.live.prepare());
  await a.live.take(reply);
  await settle();
  assert.equal(a.live.state, "failed");
  a.box = ["kd1.x"];
  assert.equal(a.live.flush(), false);
  assert.deepEqual(a.live.unsent(), ["kd1.x"]);
});

test("a refused batch is neither acknowledged nor remembered", async () => {
  const network = fakeNetwork();
  const a = page(network);
  let refusing = true;
  const b = page(network, { refuse: () => refusing });
  a.box = ["kd1.bad"];
  await a.live.take(await b.live.take(await a.live.prepare()));
  await settle();
  assert.deepEqual(b.applied, []);
  assert.deepEqual(a.live.unsent(), ["kd1.bad"]);
  assert.equal(b.mem.get("game1").seen?.length ?? 0, 0);
  refusing = false;
});

test("a connection code of another game is refused; codes hash apart", async () => {
  const network = fakeNetwork();
  const a = page(network);
  const other = createTransport({ peer: network.peer, memory: memory(), gatherMs: 10, outbox: () => [], deliver: async () => true });
  other.use("game2");
  await assert.rejects(a.live.take(await other.prepare()), /another game/);
  assert.notEqual(codeHash("kd1.abc"), codeHash("kd1.abd"));
  assert.equal(codeHash("kd1.abc"), codeHash("kd1.abc"));
});

test("a frame beyond the engine's limits (length, depth, code length) is dropped; the channel goes on", async () => {
  const { network, a, b } = await connected();
  const raw = network.made[0].channel;   // the inviter's channel: what it sends reaches b
  assert.equal(raw.readyState, "open");
  const deep = "[".repeat(MAX_DEPTH) + "]".repeat(MAX_DEPTH);
  raw.send(JSON.stringify({ k: "codes", codes: ["kd1.deep"], x: JSON.parse(deep) }));
  raw.send(JSON.stringify({ k: "codes", codes: ["kd1.long"], pad: "x".repeat(MAX_PASTED_LENGTH) }));
  raw.send(JSON.stringify({ k: "codes", codes: ["kd1." + "a".repeat(MAX_CODE_LENGTH)] }));
  raw.send("[1]");
  raw.send("null");
  raw.send("{not json");
  // at the limit itself a frame is still taken
  const atLimit = "[".repeat(MAX_DEPTH - 1) + "]".repeat(MAX_DEPTH - 1);
  raw.send(JSON.stringify({ k: "codes", codes: ["kd1.fine"], x: JSON.parse(atLimit) }));
  await settle(20);
  assert.deepEqual(b.applied, ["kd1.invite", "kd1.fine"]);
  assert.equal(b.live.state, "connected");
  a.box = ["kd1.after"];
  assert.equal(a.live.flush(), true);
  await settle();
  assert.deepEqual(b.applied, ["kd1.invite", "kd1.fine", "kd1.after"]);
});

test("a connection code nested deeper than the engine allows is refused", async () => {
  const { encodeLive } = await import("../../../web/duel/live.js");
  const deep = JSON.parse("[".repeat(MAX_DEPTH + 1) + "]".repeat(MAX_DEPTH + 1));
  await assert.rejects(decodeLive(await encodeLive({ type: "offer", sdp: "v=0", game: "game1", x: deep })),
    /not a connection code/);
  const fine = await decodeLive(await encodeLive({ type: "offer", sdp: "v=0", game: "game1" }));
  assert.equal(fine.sdp, "v=0");
});

test("a live frame's codes reach the duel as they are: never joined like a paste's lines", async () => {
  const duelOf = () => new DuelController({ call: fakeDuelEngine().call,
    storage: createStorage({ local: memoryArea(), session: memoryArea() }) });
  const inviter = duelOf();
  await inviter.create({ profile: "schnapsen", options: {}, length: "deal" });
  const [invitation] = inviter.outbox;
  // the friend's page hands a frame's codes to its duel as web/duel/live-ui.js does
  const duel = duelOf();
  const heard = [];
  duel.on("invitation", () => { heard.push("invitation"); });
  duel.on("problem", ({ kind }) => { heard.push(kind); });
  const network = fakeNetwork();
  const a = page(network);
  const b = page(network, { deliver: (codes) => duel.receive(codes) });
  await a.live.take(await b.live.take(await a.live.prepare()));
  await settle();
  const raw = network.made[0].channel;   // what the inviter's page sends reaches b
  // a code split over two items is two damaged codes, not one wrapped code
  raw.send(JSON.stringify({ k: "codes", codes: [invitation.slice(0, 40), invitation.slice(40)] }));
  await settle(20);
  assert.deepEqual(heard, ["damaged"]);
  // thousands of one-character items after a cut code: each its own code, the first refused
  raw.send(JSON.stringify({ k: "codes", codes: [invitation.slice(0, -6), ...Array(5000).fill("A")] }));
  await settle(20);
  assert.deepEqual(heard, ["damaged", "damaged"]);
  raw.send(JSON.stringify({ k: "codes", codes: [invitation] }));
  await settle(20);
  assert.deepEqual(heard, ["damaged", "damaged", "invitation"]);
  assert.equal(b.deliveries, 3);
});
