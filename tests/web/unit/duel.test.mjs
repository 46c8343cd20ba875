// The duel controller (web/duel/controller.js) and its helpers without a browser: two players,
// each with its own in-memory storage and a fake engine (fake-duel.mjs: the real code format and
// chain rules over a toy deal), pass codes as two pages would.
// (About 380 lines, one module: the duel controller's tests share the two-player set-up and its
// code passing.)
import { test } from "node:test";
import assert from "node:assert/strict";
import { DuelController } from "../../../web/duel/controller.js";
import { errorKind, earlyCodes } from "../../../web/duel/errors.js";
import { dealSummary } from "../../../web/play/observation.js";
import { createDuels, checkDuel, OLDER_VERSION, PARTY_FORMAT } from "../../../web/duel/store.js";
import { findCodes, readCodes, readEnvelope, duelLink, codeFromHash, isDuelHash, CodeError } from "../../../web/duel/codes.js";
import { encodeLive, decodeLive, hasLiveCode, readLiveCode } from "../../../web/duel/live.js";
import { deflate, inflate, toBase64url, fromBase64url } from "../../../web/duel/zlib64.js";
import { createStorage, memoryArea } from "../../../web/saving/storage.js";
import { fakeDuelEngine, encode, refuse } from "./fake-duel.mjs";

function player({ engine = fakeDuelEngine(), local = memoryArea() } = {}) {
  const problems = [];
  const storage = createStorage({ local, session: memoryArea(), onProblem: (p) => problems.push(p) });
  const duels = createDuels(storage);
  const duel = new DuelController({ call: engine.call, storage, duels });
  const events = [];
  for (const type of ["began", "busy", "acting", "step", "turn", "dealOver", "dealEnded", "duel", "verified",
    "invitation", "problem", "accepted", "refused"]) {
    duel.on(type, (detail) => { events.push({ type, detail }); });
  }
  return { engine, storage, duels, duel, events, local, problems };
}

const of = (events, type) => events.filter((e) => e.type === type).map((e) => e.detail);
const CHOICE = { profile: "schnapsen", options: {}, length: "deal" };

/** A invites, B opens the invitation and joins, A gets B's reply: both hold the toy deal. */
async function dealt() {
  const a = player();
  const b = player({ engine: fakeDuelEngine() });
  await a.duel.create(CHOICE);
  const invitation = a.duel.outbox;
  await b.duel.receive(invitation.join(""));
  const offered = of(b.events, "invitation");
  assert.equal(offered.length, 1);
  await b.duel.join(offered[0].code);
  await a.duel.receive(b.duel.outbox.join("\n"));
  await b.duel.receive(a.duel.outbox.join(" "));
  return { a, b };
}

test("an invitation is saved with its code to send; the table waits for the first deal", async () => {
  const { duel, duels, events, engine } = player();
  const id = await duel.create(CHOICE);
  assert.equal(engine.calls[0].cmd, "duel_new");
  assert.deepEqual(engine.calls[0].args, { profile: "schnapsen", options: {}, seat: 0, match: false });
  const saved = duels.get(id);
  assert.equal(saved.seat, 0);
  assert.equal(saved.outbox.length, 1);
  assert.match(saved.outbox[0], /^kd1\.[A-Za-z0-9_-]+$/);
  assert.equal(duel.obs, null);
  assert.equal(of(events, "began").length, 1);
  assert.equal(of(events, "began")[0].mode, "duel");
  assert.equal(duel.busy, false);
});

test("a whole toy deal by codes: moves, each side's own observation, verification at the end", async () => {
  const { a, b } = await dealt();
  assert.equal(a.duel.status.phase, "your_turn");
  assert.equal(b.duel.status.phase, "their_turn");
  // B sits at seat 1: its table draws the engine's observation of seat 1 as it is
  assert.equal(b.duel.viewer, 1);
  assert.equal(b.duel.obs.player, 1);
  assert.equal(b.duel.obs.to_move, 0);
  assert.deepEqual(b.duel.obs.hand, ["QS", "JS"]);
  for (const [mover, other, card] of [[a, b, "AH"], [b, a, "QS"], [a, b, "KH"], [b, a, "JS"]]) {
    assert.ok(mover.duel.canAct(card), card);
    await mover.duel.act(card);
    const codes = mover.duel.outbox;
    assert.ok(codes.length >= 1);
    assert.equal(await other.duel.receive(duelLink("https://example.org/#x", codes)), true);
  }
  // the deal ended on B's answer: B revealed; A verified and revealed; B verifies
  assert.equal(a.duel.status.phase, "over");
  await b.duel.receive(a.duel.outbox.join(""));
  assert.equal(b.duel.status.phase, "over");
  for (const side of [a, b]) {
    assert.equal(of(side.events, "verified").length, 1);
    assert.equal(of(side.events, "dealEnded").length, 1);
    assert.match(of(side.events, "dealEnded")[0].key, /^0123456789abcdef\/\d+$/);
    assert.equal(of(side.events, "problem").length, 0, JSON.stringify(of(side.events, "problem")));
  }
  // A took both tricks; B's table shows it as the opponent's (seen from obs.player)
  assert.equal(a.duel.obs.result.winner, 0);
  assert.equal(b.duel.obs.result.winner, 0);
  assert.equal(dealSummary(a.duel.obs).winner, "you");
  assert.equal(dealSummary(b.duel.obs).winner, "opponent");
  // the trick B completed was shown lying on the table before it was taken
  const steps = of(b.events, "step").filter((s) => s.trick_view);
  assert.ok(steps.length >= 1);
  assert.equal(steps[0].trick_view.trick.length, 2);
});

test("one engine call per move on each side; the steps drawn are the engine's", async () => {
  const { a, b } = await dealt();
  const [sent, received] = [a.engine.calls.length, b.engine.calls.length];
  await a.duel.act("AH");
  assert.deepEqual(a.engine.calls.slice(sent).map((c) => c.cmd), ["duel_act"]);
  await b.duel.receive(a.duel.outbox.at(-1));
  assert.deepEqual(b.engine.calls.slice(received).map((c) => c.cmd), ["duel_receive"]);
  const step = of(b.events, "step").at(-1);
  assert.deepEqual([step.seat, step.action], [0, "AH"]);
  assert.deepEqual(step.observation, b.duel.obs);
  await b.duel.act("QS");
  const completing = of(b.events, "step").at(-1);
  assert.deepEqual(completing.trick_view.trick, [[0, "AH"], [1, "QS"]]);
});

test("a code that cannot be read is refused before the engine is asked; nothing is saved", async () => {
  const { a, b } = await dealt();
  await a.duel.act("AH");
  const code = a.duel.outbox.at(-1);
  const saved = JSON.stringify(b.duels.get(b.duel.id));
  const calls = b.engine.calls.length;
  for (const bad of [code.slice(0, 30) + (code[30] === "A" ? "B" : "A") + code.slice(31), code.slice(0, 40), "kd1.!!", "hello"]) {
    await b.duel.receive(bad);
  }
  const kinds = of(b.events, "problem").map((p) => p.kind);
  assert.deepEqual(kinds, ["damaged", "damaged", "damaged", "damaged"]);
  assert.equal(b.engine.calls.length, calls);
  assert.equal(JSON.stringify(b.duels.get(b.duel.id)), saved);
  await b.duel.receive("   ");
  assert.equal(of(b.events, "problem").at(-1).kind, "empty");
  // the genuine code still goes through, once
  assert.equal(await b.duel.receive(code), true);
  assert.equal(await b.duel.receive(code), false);
  assert.equal(of(b.events, "problem").at(-1).kind, "replay");
});

test("a code of a game not saved here, or the player's own, is refused without touching the duel", async () => {
  const { a, b } = await dealt();
  const foreign = encode({ game: "ffffffffffffffff", seq: 3, prev: "", from: 0, body: { deal: 0 } });
  await b.duel.receive(foreign);
  assert.equal(of(b.events, "problem").at(-1).kind, "foreign");
  await a.duel.act("AH");
  await a.duel.receive(a.duel.outbox.join(""));
  assert.equal(of(a.events, "problem").at(-1).kind, "own");
});

test("a code out of order is refused by the engine and the party is kept", async () => {
  const { a, b } = await dealt();
  const ahead = encode({ game: a.duel.id, seq: 9, prev: "", from: 0, body: { deal: 0, actions: [["AH"]] } });
  const saved = JSON.stringify(b.duels.get(b.duel.id));
  assert.equal(await b.duel.receive(ahead), false);
  // the engine's words say which codes are missing (the page shows them, not a generic line)
  const problem = of(b.events, "problem").at(-1);
  assert.equal(problem.kind, "early");
  assert.deepEqual(earlyCodes(problem.detail), { code: 9, from: 3, to: 8 });
  assert.equal(JSON.stringify(b.duels.get(b.duel.id)), saved);
  assert.equal(b.duel.busy, false);
});

test("cheating detected: the verdict is saved, the party kept, and no later code is applied", async () => {
  const { a, b } = await dealt();
  const cheat = encode({ game: a.duel.id, seq: 3, prev: "", from: 1, body: { deal: 0, cheat: true } });
  const party = JSON.stringify(a.duels.get(a.duel.id).party);
  await a.duel.receive(cheat);
  assert.equal(of(a.events, "problem").at(-1).kind, "cheat");
  const record = a.duels.get(a.duel.id);
  assert.equal(record.verdict.type, "VerificationFailed");
  assert.equal(JSON.stringify(record.party), party);
  assert.equal(a.duel.canAct("AH"), false);
  await b.duel.act("QS").catch(() => {});
  const before = a.engine.calls.length;
  await a.duel.receive(encode({ game: a.duel.id, seq: 3, prev: "", from: 1, body: { deal: 0 } }));
  assert.equal(of(a.events, "problem").at(-1).kind, "stopped");
  assert.equal(a.engine.calls.length, before);
});

test("a move link opened in another tab finds the saved duel by its game id", async () => {
  const { a, b } = await dealt();
  await a.duel.act("AH");
  const link = duelLink("https://example.org/", a.duel.outbox);
  // a second tab of B's: same storage, its own controller with nothing on the table
  const tab = player({ local: b.local, engine: fakeDuelEngine() });
  assert.equal(tab.duel.id, null);
  const ok = await tab.duel.receive(codeFromHash(new URL(link).hash).join(" "));
  assert.equal(ok, true, JSON.stringify(of(tab.events, "problem").map((p) => [p.kind, p.detail])));
  assert.equal(tab.duel.id, b.duel.id);
  assert.equal(tab.duel.status.phase, "your_turn");
  // the first tab notices that the duel moved on (the storage event) and reloads it
  assert.equal(await b.duel.checkStorage(), true);
  assert.equal(b.duel.status.phase, "your_turn");
  assert.deepEqual(b.duel.obs.trick.map(([, c]) => c), ["AH"]);
});

test("an engine failure during a move leaves the card in the hand and the save as it was", async () => {
  const { a } = await dealt();
  const saved = JSON.stringify(a.duels.get(a.duel.id));
  a.engine.failWith(refuse("Terminated", "the engine was stopped"));
  await a.duel.act("AH");
  assert.equal(of(a.events, "problem").at(-1).kind, "engine");
  assert.equal(JSON.stringify(a.duels.get(a.duel.id)), saved);
  assert.deepEqual(a.duel.obs.hand, ["AH", "KH"]);
  assert.equal(a.duel.busy, false);
  await a.duel.act("QS");   // not this player's card: refused, no call
  assert.equal(of(a.events, "refused").at(-1).action, "QS");
});

test("saved duels: a damaged record is set aside with a notice, the others are kept", async () => {
  const { duels, local, duel } = player();
  const id = await duel.create(CHOICE);
  const file = JSON.parse(local.getItem("kaffeehaus.duels"));
  file.duels.zzzz = { id: "zzzz", rev: "x" };
  local.setItem("kaffeehaus.duels", JSON.stringify(file));
  const fresh = player({ local });
  assert.deepEqual(fresh.duels.list().map((r) => r.id), [id]);
  assert.equal(fresh.problems.length, 1);
  assert.equal(fresh.problems[0].name, "duel");
  assert.ok(local.getItem("kaffeehaus.duel.damaged").includes("zzzz"));
  // not JSON at all: the whole file is set aside, nothing crashes
  local.setItem("kaffeehaus.duels", "{oops");
  const broken = player({ local });
  assert.deepEqual(broken.duels.list(), []);
  assert.equal(broken.problems[0].name, "duels");
  assert.equal(local.getItem("kaffeehaus.duels.damaged"), "{oops");
  assert.equal(duels.get("nope"), null);
  // a newer version's file is kept untouched
  local.setItem("kaffeehaus.duels", JSON.stringify({ format: "kaffeehaus-duels/2", duels: {} }));
  const newer = player({ local });
  assert.deepEqual(newer.duels.list(), []);
  assert.equal(newer.problems[0].newer, true);
  assert.ok(local.getItem("kaffeehaus.duels"));
  assert.throws(() => checkDuel({ id: "a", rev: 0, seat: 2 }));
});

test("a saved party the engine refuses is set aside when opened", async () => {
  const { duel, duels, local, events } = player();
  const id = await duel.create(CHOICE);
  const file = JSON.parse(local.getItem("kaffeehaus.duels"));
  file.duels[id].party = { format: PARTY_FORMAT, damaged: true };
  local.setItem("kaffeehaus.duels", JSON.stringify(file));
  assert.equal(await duel.open(id), false);
  assert.equal(of(events, "problem").at(-1).kind, "saved");
  assert.equal(duels.get(id), null);
  assert.ok(local.getItem("kaffeehaus.duel.damaged"));
});

test("errors become keywords the page translates", () => {
  const cases = [
    [refuse("ChainError", "this message belongs to another game"), "foreign"],
    [refuse("ChainError", "message 4 was already received (a replay)"), "replay"],
    [refuse("ChainError", "message 7 arrived, message 5 is missing"), "missing"],
    [refuse("ChainError", "code 9 arrived early; what is missing: codes 6 to 8"), "early"],
    [refuse("ChainError", "the opponent received a different message 3: altered in transit"), "altered"],
    [refuse("KeyMismatch", "seat 1's key of position 4 does not match its commitment"), "cheat"],
    [refuse("VerificationFailed", "QH opened twice: the deck was not shuffled honestly"), "cheat"],
    [refuse("IllegalMove", "it is not seat 1's turn"), "illegal"],
    [refuse("MalformedMessage", "this code is damaged or incomplete"), "damaged"],
    [refuse("MalformedMessage", "unexpected field 'x' in this message"), "malformed"],
    [refuse("Unresponsive", "the engine stopped answering"), "engine"],
    [new CodeError("empty"), "empty"],
  ];
  for (const [error, kind] of cases) assert.equal(errorKind(error), kind, error.message);
});

test("codes in pasted text and links: whitespace and line breaks ignored, in order", async () => {
  const one = encode({ game: "g1", seq: 2, prev: "", from: 1, body: {} });
  const two = encode({ game: "g1", seq: 3, prev: "", from: 1, body: {} });
  const wrapped = `Here:\n${one.slice(0, 20)}\n${one.slice(20)}  and ${two}`;
  assert.deepEqual(findCodes(wrapped), [one, two]);
  const link = duelLink("https://kaffeehaus.example/play/?x=1#s=old", [one, two]);
  assert.equal(link, `https://kaffeehaus.example/play/?x=1#duel=${one}~${two}`);
  assert.ok(isDuelHash(new URL(link).hash));
  assert.deepEqual(codeFromHash(new URL(link).hash), [one, two]);
  assert.deepEqual(await readEnvelope(one), { game: "g1", seq: 2, from: 1, hello: null });
  await assert.rejects(readEnvelope(one.slice(0, -3) + "AAA"), CodeError);
  await assert.rejects(readEnvelope(encode({ game: "g1", seq: -1, from: 0, body: {} })), CodeError);
});

test("a word on the line after a code is not glued to it; a wrapped code is joined", async () => {
  const body = { text: "x".repeat(300), n: [1, 2, 3] };
  const one = encode({ game: "g1", seq: 2, prev: "", from: 1, body });
  const two = encode({ game: "g1", seq: 3, prev: "", from: 1, body: {} });
  const wrapped = (code) => code.match(/.{1,60}/g);
  assert.deepEqual(await readCodes(`${one}\nThanks`), [one], "a word on the next line");
  assert.deepEqual(await readCodes(`Here it is:\n${wrapped(one).join("\n")}\nSeeYou\nBye`), [one], "wrapped, then words");
  const lines = wrapped(one);
  assert.deepEqual(await readCodes(`${lines.slice(0, -1).join("\n")}\n${lines.at(-1)} thanks ${two}`), [one, two],
    "the last wrapped line goes on with words and another code");
  assert.deepEqual(await readCodes(`${one}\n${two}`), [one, two], "one code per line");
  // a damaged code stays whole (the player is told it is damaged), as findCodes reads it
  const broken = `${one.slice(0, 100)}\n${one.slice(120)}`;
  assert.deepEqual(await readCodes(broken), findCodes(broken));
  await assert.rejects(readEnvelope((await readCodes(broken))[0]), CodeError);
  // the plain reader glues the word: why readCodes exists
  assert.notDeepEqual(findCodes(`${one}\nThanks`), [one]);
});

test("a pasted code followed by a word on the next line is applied", async () => {
  const a = player();
  const b = player();
  await a.duel.create(CHOICE);
  const invitation = a.duel.outbox.join("");
  assert.equal(await b.duel.receive(`${invitation}\nSee you!`), false, "an invitation is offered");
  assert.equal(b.events.filter((e) => e.type === "invitation").length, 1);
  assert.ok(!b.events.some((e) => e.type === "problem"), "no damaged code");
});

test("the byte layer of codes: base64url and zlib round trips; a cut stream is refused", async () => {
  const bytes = new TextEncoder().encode(JSON.stringify({ text: "Schnapsen ".repeat(40), n: [1, 2, 255] }));
  const packed = await deflate(bytes);
  assert.ok(packed.length < bytes.length);
  const text = toBase64url(packed);
  assert.match(text, /^[A-Za-z0-9_-]+$/);
  assert.deepEqual(await inflate(fromBase64url(text)), bytes);
  await assert.rejects(inflate(packed.slice(0, packed.length - 3)));
});

test("a live connection code reads back as its offer; anything else is not a connection code", async () => {
  const offer = { type: "offer", sdp: "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n" };
  const code = await encodeLive(offer);
  // a messenger wraps it and the friend writes on the next line: the word is not glued to it
  const pasted = `join me:\n${code.slice(0, 30)}\n${code.slice(30)}\nbye`;
  assert.ok(hasLiveCode(pasted) && !hasLiveCode("kd1.abc"));
  assert.equal(await readLiveCode(pasted), code);
  assert.equal(await readLiveCode(`${code} see you`), code);
  assert.equal(await readLiveCode("no code here"), null);
  assert.deepEqual(await decodeLive(code), offer);
  await assert.rejects(decodeLive(code.slice(0, code.length - 4)), /not a connection code/);
  await assert.rejects(decodeLive(await encodeLive({ type: "move", sdp: "x" })), /not a connection code/);
  await assert.rejects(decodeLive("kd1.abc"), /not a connection code/);
});

test("an early code's message names the missing codes, one or several", () => {
  assert.deepEqual(earlyCodes("code 9 arrived early; what is missing: codes 6 to 8"), { code: 9, from: 6, to: 8 });
  assert.deepEqual(earlyCodes("code 5 arrived early; what is missing: code 4"), { code: 5, from: 4, to: 4 });
  assert.equal(earlyCodes("message 3 was already received (a replay)"), null);
});

test("stopping: the engine's cost is asked first; no means nothing is saved; a later code resumes", async () => {
  // before the friend joined: free
  const lone = player();
  await lone.duel.create(CHOICE);
  let asked = null;
  assert.equal(await lone.duel.stop("me", async (stopped) => { asked = stopped; return false; }), false);
  assert.equal(asked.free, true);
  assert.equal(lone.duels.get(lone.duel.id).party.stopped, undefined);
  assert.equal(lone.duel.status.stopped, null);
  // in the middle of a deal: it counts as lost by whoever stopped
  const { a, b } = await dealt();
  assert.equal(await a.duel.stop("me", async (stopped) => { asked = stopped; return true; }), true);
  assert.equal(asked.free, false);
  assert.deepEqual(asked.counts_as, { winner: 1, reason: "abandoned", game_points: 3 });
  assert.equal(a.duel.status.stopped.by, 0);
  assert.equal(a.duels.get(a.duel.id).party.stopped.by, 0);
  assert.equal(await a.duel.stop("me"), false);          // recorded once
  // the friend's side records the friend, after the player's yes
  assert.equal(await b.duel.stop("friend", async () => true), true);
  assert.equal(b.duel.status.stopped.by, 0);
  // A comes back and plays: B's next code from A resumes the game
  await a.duel.act("AH");
  assert.equal(await b.duel.receive(a.duel.outbox.join(" ")), true);
  assert.equal(b.duel.status.stopped, null);
  assert.equal(b.duels.get(b.duel.id).party.stopped, null);
});

test("saved duels: an older party format is set aside with its own reason; an ended duel is not one to continue", async () => {
  const { a, b } = await dealt();
  assert.deepEqual(a.duels.unfinished().map((r) => r.id), [a.duel.id]);
  for (const [mover, other, card] of [[a, b, "AH"], [b, a, "QS"], [a, b, "KH"], [b, a, "JS"]]) {
    await mover.duel.act(card);
    await other.duel.receive(mover.duel.outbox.join(" "));
  }
  await b.duel.receive(a.duel.outbox.join(""));
  for (const side of [a, b]) {
    assert.equal(side.duel.status.phase, "over");
    assert.equal(side.duels.list().length, 1);           // kept to look at
    assert.deepEqual(side.duels.unfinished(), []);      // not counted as one to continue
  }
  // a duel saved in the protocol's older format cannot go on: set aside, never opened
  const file = JSON.parse(a.local.getItem("kaffeehaus.duels"));
  file.duels[a.duel.id].party.format = "kaffeehaus-duel/1";
  a.local.setItem("kaffeehaus.duels", JSON.stringify(file));
  const later = player({ local: a.local });
  assert.deepEqual(later.duels.list(), []);
  assert.equal(later.problems[0].reason, OLDER_VERSION);
  assert.ok(a.local.getItem("kaffeehaus.duel.damaged").includes("kaffeehaus-duel/1"));
  assert.equal(await later.duel.open(a.duel.id), false);
});
