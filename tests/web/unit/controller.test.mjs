// The game controller (web/play/table.js and its opponents) without a browser: a fake engine, in-memory storage.
// (About 460 lines, one module: 26 short tests of one controller on one set-up helper.)
import { test } from "node:test";
import assert from "node:assert/strict";
import { TableController } from "../../../web/play/table.js";
import { createStorage, memoryArea } from "../../../web/saving/storage.js";
import { createGames } from "../../../web/saving/games.js";
import { fakeEngine } from "./fake-engine.mjs";

function setup({ engine = fakeEngine(), local = memoryArea(), tab = "tab1", autoClaim = () => false } = {}) {
  const storage = createStorage({ local, session: memoryArea() });
  const games = createGames(storage);
  const controller = new TableController({ call: engine.call, storage, games, tab, autoClaim, seed: () => 7 });
  const events = [];
  for (const type of ["began", "busy", "acting", "step", "turn", "dealOver", "dealEnded", "refused", "error", "readOnly", "saved"]) {
    controller.on(type, (detail) => { events.push({ type, detail }); });
  }
  return { engine, storage, games, controller, events, local };
}

const CHOICE = { profile: "schnapsen", options: {}, level: "easy", length: "deal", mode: "ranked" };
const types = (events, wanted) => events.filter((e) => wanted.includes(e.type)).map((e) => e.type);

test("a game starts with one computer_turn call and waits for the player", async () => {
  const { controller, engine, events, games } = setup();
  await controller.start(CHOICE);
  assert.deepEqual(engine.calls.map((c) => c.cmd), ["new_deal", "computer_turn"]);
  assert.equal(controller.busy, false);
  assert.deepEqual(types(events, ["began", "turn"]), ["began", "turn"]);
  assert.equal(games.list().length, 1);
  assert.equal(games.list()[0].owner, "tab1");
});

test("each card is one play call; the computer's reply comes back as steps", async () => {
  const { controller, engine, events } = setup();
  await controller.start(CHOICE);
  engine.calls.length = 0;
  events.length = 0;
  await controller.act("AH");
  assert.deepEqual(engine.calls.map((c) => c.cmd), ["play"]);
  assert.deepEqual(engine.calls[0].args.opponent, { level: "easy", seed: 7, budget_ms: 3000 });
  const steps = events.filter((e) => e.type === "step").map((e) => e.detail);
  assert.deepEqual(steps.map((s) => [s.seat, s.action]), [[0, "AH"], [1, "KS"]]);
  assert.ok(steps[1].trick_view, "the finished trick is shown before it is collected");
  assert.equal(steps[1].prev, steps[0].observation);
  assert.deepEqual(types(events, ["acting", "step", "turn"]), ["acting", "step", "step", "turn"]);
  assert.equal(controller.computer.aiSeed, 8, "next_seed is kept for the next call");
});

test("steps wait for the views: a listener's promise holds the loop", async () => {
  const { controller } = setup();
  await controller.start(CHOICE);
  const order = [];
  controller.on("step", async ({ action }) => {
    await new Promise((r) => setTimeout(r, 5));
    order.push(`drawn ${action}`);
  });
  controller.on("turn", () => order.push("turn"));
  await controller.act("AH");
  assert.deepEqual(order, ["drawn AH", "drawn KS", "turn"]);
});

test("the game is saved after each call and removed when it is over; a deal ends once", async () => {
  const { controller, games, events } = setup();
  await controller.start(CHOICE);
  const id = controller.id;
  await controller.act("AH");
  assert.equal(games.get(id).rev, controller.computer.rev);
  assert.deepEqual(games.get(id).state, controller.state);
  await controller.act(controller.obs.legal_actions[0]);
  await controller.act(controller.obs.legal_actions[0]);
  assert.ok(controller.obs.result);
  assert.equal(games.get(id), null, "a finished game is not saved");
  assert.ok(games.isFinished(id));
  const ended = events.filter((e) => e.type === "dealEnded");
  assert.equal(ended.length, 1);
  assert.equal(ended[0].detail.key, `${id}/1`);
  assert.equal(events.filter((e) => e.type === "dealOver").at(-1).detail.over, true);
});

test("undo: practice only, back to before the player's last card", async () => {
  const ranked = setup();
  await ranked.controller.start(CHOICE);
  await ranked.controller.act("AH");
  assert.equal(ranked.controller.canUndo, false);
  assert.equal(await ranked.controller.undo(), false, "ranked play has no undo");

  const { controller, games, engine } = setup();
  await controller.start({ ...CHOICE, mode: "practice" });
  const before = controller.state;
  await controller.act("AH");
  assert.equal(controller.history.length, 1);
  assert.equal(games.get(controller.id).history.length, 1, "the history is saved with the game");
  engine.calls.length = 0;
  assert.equal(await controller.undo(), true);
  assert.deepEqual(controller.state, before);
  assert.deepEqual(controller.obs.hand, ["AH", "KH", "QH"]);
  assert.equal(controller.history.length, 0);
  assert.deepEqual(engine.calls.map((c) => c.cmd), ["computer_turn"]);
  assert.deepEqual(games.get(controller.id).state, before);
});

test("resume continues the saved game where it was", async () => {
  const local = memoryArea();
  const first = setup({ local });
  await first.controller.start(CHOICE);
  await first.controller.act("AH");
  const state = first.controller.state;
  const second = setup({ local, tab: "tab2" });
  assert.equal(await second.controller.resume(), true);
  assert.deepEqual(second.controller.state, state);
  assert.equal(second.controller.id, first.controller.id);
  assert.equal(second.controller.level, "easy");
  // only looking writes nothing: the first tab is not stopped; a take-over does write
  const rev = JSON.parse(local.getItem("kaffeehaus.games")).games[first.controller.id].rev;
  assert.equal(first.controller.checkOwnership(), false);
  assert.equal(second.controller.readOnly, false);
  await second.controller.takeOver();
  assert.equal(JSON.parse(local.getItem("kaffeehaus.games")).games[first.controller.id].rev, rev + 1);
  assert.equal(first.controller.checkOwnership(), true);
});

test("a new game replaces the one on the table, which stays saved; its late answer is dropped", async () => {
  const { controller, games, events } = setup();
  await controller.start(CHOICE);
  const oldId = controller.id;
  const acting = controller.act("AH");           // the computer's answer is under way
  await controller.start({ ...CHOICE, profile: "schneider" });
  await acting;
  assert.equal(controller.state.profile, "schneider");
  assert.notEqual(games.get(oldId), null, "the game left stays saved (New game asks first: web/leaving.js)");
  assert.equal(games.list().length, 2);
  assert.ok(!events.some((e) => e.type === "error"), "an abandoned call is no error");
  assert.deepEqual(controller.obs.hand, ["AH", "KH", "QH"]);
});

test("an engine failure keeps the game and its save", async () => {
  const { controller, engine, games, events } = setup();
  await controller.start(CHOICE);
  await controller.act("AH");
  const state = controller.state;
  engine.failOnce("play", "Terminated", "the engine was stopped");
  await controller.act(controller.obs.legal_actions[0]);
  assert.deepEqual(controller.state, state);
  assert.deepEqual(games.get(controller.id).state, state);
  const error = events.find((e) => e.type === "error");
  assert.equal(error.detail.error.type, "Terminated");
  assert.equal(error.detail.saved, true);
  assert.equal(controller.busy, false);
  assert.equal(controller.history.length, 1, "the failed action is not in the undo history");
});

test("resume failing in the engine never deletes the save", async () => {
  const local = memoryArea();
  const first = setup({ local });
  await first.controller.start(CHOICE);
  const engine = fakeEngine();
  engine.failOnce("computer_turn", "Unresponsive", "no answer");
  const second = setup({ engine, local, tab: "tab2" });
  await second.controller.resume();
  assert.equal(second.events.find((e) => e.type === "error").detail.saved, true);
  assert.equal(second.games.list().length, 1);
  assert.deepEqual(second.games.list()[0].state, first.controller.state);
});

test("an illegal action is refused without an engine call; IllegalAction from the engine keeps the turn", async () => {
  const { controller, engine, events } = setup();
  await controller.start(CHOICE);
  engine.calls.length = 0;
  await controller.act("AS");
  assert.equal(engine.calls.length, 0);
  assert.deepEqual(types(events, ["refused"]), ["refused"]);
  engine.failOnce("play", "IllegalAction", "AH is not legal");
  await controller.act("AH");
  assert.equal(events.filter((e) => e.type === "refused").length, 2);
  assert.equal(events.at(-1).type, "busy");
  assert.equal(controller.busy, false);
  assert.deepEqual(controller.obs.hand, ["AH", "KH", "QH"]);
});

test("a level the engine refuses falls back to random, and says so", async () => {
  const engine = fakeEngine({ computerLeads: true });
  const { controller } = setup({ engine });
  const levels = [];
  controller.on("level", (d) => levels.push(d));
  engine.failOnce("computer_turn", "ValueError", "unknown level 'grandmaster'");
  await controller.start({ ...CHOICE, level: "grandmaster" });
  assert.deepEqual(levels, [{ level: "grandmaster", levelUsed: "random" }]);
  assert.equal(engine.calls.at(-1).args.level, "random");
  assert.equal(controller.obs.trick.length, 1, "the computer led");
});

test("the computer leading at the start: steps from computer_turn", async () => {
  const engine = fakeEngine({ computerLeads: true });
  const { controller, events } = setup({ engine });
  await controller.start(CHOICE);
  const steps = events.filter((e) => e.type === "step");
  assert.equal(steps.length, 1);
  assert.equal(steps[0].detail.seat, 1);
  assert.equal(steps[0].detail.prev, null);
});

test("automatic claim: when the engine says a claim wins", async () => {
  const engine = fakeEngine();
  const { controller } = setup({ engine, autoClaim: () => true });
  const original = engine.call;
  await controller.start(CHOICE);
  // the position says a claim wins: the controller claims by itself
  controller.computer.obs = { ...controller.obs, legal_actions: [...controller.obs.legal_actions, "claim"], claim_wins: true };
  const acted = [];
  controller.on("acting", (d) => acted.push(d));
  await controller.recheck().catch(() => {});
  assert.equal(acted[0].action, "claim");
  assert.equal(acted[0].auto, true);
  assert.equal(acted.length, 1, "the fake engine refuses it: no second try on the same position");
  assert.equal(controller.busy, false);
  assert.equal(original, engine.call);
});

test("two tabs: the tab whose game was moved on elsewhere becomes read-only and can take over", async () => {
  const local = memoryArea();
  const a = setup({ local, tab: "A" });
  await a.controller.start(CHOICE);
  const b = setup({ local, tab: "B" });
  await b.controller.resume();               // B plays the same game now
  await b.controller.act("AH");
  assert.equal(a.controller.checkOwnership(), true, "A is told: read-only");
  assert.ok(a.events.some((e) => e.type === "readOnly"));
  const calls = a.engine.calls.length;
  await a.controller.act("AH");              // no move from a read-only tab (no undo through it)
  assert.equal(a.engine.calls.length, calls);
  assert.deepEqual(a.games.get(a.controller.id).state, b.controller.state);
  // A takes over explicitly: the latest position, and B is the one told now
  await a.controller.takeOver();
  assert.deepEqual(a.controller.state, b.controller.state);
  assert.equal(a.controller.readOnly, false);
  assert.equal(b.controller.checkOwnership(), true);
});

test("two tabs: a stale tab that moves is stopped and its move is not saved", async () => {
  const local = memoryArea();
  const a = setup({ local, tab: "A" });
  await a.controller.start(CHOICE);
  const b = setup({ local, tab: "B" });
  await b.controller.resume();
  await b.controller.act("AH");
  const saved = b.games.get(b.controller.id).state;
  await a.controller.act("KH");             // A did not hear of it (no storage event): refused at saving
  assert.equal(a.controller.readOnly, true);
  assert.deepEqual(a.games.get(a.controller.id).state, saved);
  assert.ok(!a.events.some((e) => e.type === "dealEnded"));
});

test("two tabs: a new game in one tab never removes the other tab's game", async () => {
  const local = memoryArea();
  const a = setup({ local, tab: "A" });
  await a.controller.start(CHOICE);
  const b = setup({ local, tab: "B" });
  await b.controller.start({ ...CHOICE, profile: "schneider" });
  for (const card of ["AH", "KH", "QH"]) await b.controller.act(card);
  assert.ok(b.controller.obs.result);
  assert.ok(a.games.get(a.controller.id), "A's game is still saved");
  await a.controller.act("AH");
  assert.equal(a.controller.readOnly, false);
});

// --- pass and play: two human seats ------------------------------------------------------------

const LOCAL = { ...CHOICE, opponent: "local", players: ["Anna", "Ben"], firstDealer: "random" };

function localSetup(options) {
  const s = setup(options);
  for (const type of ["handoff"]) s.controller.on(type, (detail) => { s.events.push({ type, detail }); });
  return s;
}

test("pass and play: a new game waits behind a hand-off; nothing private until reveal", async () => {
  const { controller, engine, events } = localSetup();
  await controller.start(LOCAL);
  assert.deepEqual(engine.calls.map((c) => c.cmd), ["new_deal", "observation"], "no computer_turn, no AI");
  assert.equal(engine.calls[1].args.player, 0);
  assert.equal(controller.obs, null, "no observation on the table behind the hand-off");
  assert.equal(controller.handingOff, true);
  assert.equal(controller.busy, false);
  const handoff = events.find((e) => e.type === "handoff").detail;
  assert.deepEqual([handoff.seat, handoff.name, handoff.reason], [0, "Anna", "deal"]);
  assert.equal(types(events, ["turn"]).length, 0);
  assert.equal(controller.canAct("AH"), false);
  await controller.act("AH");
  assert.equal(engine.calls.filter((c) => c.cmd === "play").length, 0, "no action before the cards are shown");
  await controller.reveal();
  assert.equal(controller.viewer, 0);
  assert.deepEqual(controller.obs.hand, ["AH", "KH", "QH"]);
  assert.equal(events[events.length - 2].type, "turn");
});

test("pass and play: each action is play(state, action, seat) with no opponent; the other seat gets the device", async () => {
  const { controller, engine, events } = localSetup();
  await controller.start(LOCAL);
  await controller.reveal();
  engine.calls.length = 0;
  events.length = 0;
  await controller.act("AH");
  assert.deepEqual(engine.calls.map((c) => c.cmd), ["play", "observation"]);
  assert.equal(engine.calls[0].args.seat, 0);
  assert.equal("opponent" in engine.calls[0].args, false, "no computer moves");
  assert.equal(engine.calls[1].args.player, 1, "the next seat's observation, fetched for after the hand-off");
  const steps = events.filter((e) => e.type === "step").map((e) => e.detail);
  assert.deepEqual(steps.map((s) => [s.seat, s.action, s.observation.player]), [[0, "AH", 0]]);
  const handoff = events.find((e) => e.type === "handoff").detail;
  assert.deepEqual([handoff.seat, handoff.name, handoff.reason], [1, "Ben", "turn"]);
  assert.deepEqual(handoff.moves, [{ seat: 0, action: "AH", points: null }]);
  assert.equal(controller.obs, null);
  assert.equal(types(events, ["turn"]).length, 0);
  await controller.reveal();
  assert.equal(controller.viewer, 1);
  assert.equal(controller.obs.player, 1);
  assert.deepEqual(controller.obs.hand, ["AS", "KS", "QS"], "seat 1's own hand only");
  assert.deepEqual(controller.obs.trick, [[0, "AH"]], "the other player's card stays on the table");
  engine.calls.length = 0;
  events.length = 0;
  await controller.act("KS");
  assert.equal(engine.calls[0].args.seat, 1);
  const step = events.find((e) => e.type === "step").detail;
  assert.ok(step.trick_view, "the finished trick is shown (who took it) before the hand-off");
  assert.equal(step.observation.player, 1, "drawn from the seat that played");
  const next = events.find((e) => e.type === "handoff").detail;
  assert.equal(next.seat, 0);
  assert.equal(next.taken.winner, 0, "who took the trick is said on the hand-off screen");
});

test("pass and play: a whole deal alternates seats; the deal-over panel needs no hand-off; stats event names the players", async () => {
  const { controller, events, games } = localSetup();
  await controller.start(LOCAL);
  let moves = 0;
  while (!controller.obs || !controller.obs.result) {
    if (controller.handingOff) await controller.reveal();
    const obs = controller.obs;
    assert.equal(obs.player, controller.viewer);
    assert.equal(obs.to_move, obs.player, "the table only ever shows the seat to act");
    await controller.act(obs.legal_actions[0]);
    moves += 1;
    assert.ok(moves < 20);
  }
  assert.equal(moves, 6);
  assert.equal(types(events, ["handoff"]).length, 6, "start, then after every card that gives the turn away");
  const ended = events.filter((e) => e.type === "dealEnded");
  assert.equal(ended.length, 1);
  assert.equal(ended[0].detail.opponent, "local");
  assert.deepEqual(ended[0].detail.players, ["Anna", "Ben"]);
  assert.equal(types(events, ["dealOver"]).length, 1);
  assert.equal(games.list().length, 0, "over: the save is gone");
});

test("pass and play: saved with the names; resume hands off first, never shows a hand", async () => {
  const first = localSetup();
  await first.controller.start(LOCAL);
  await first.controller.reveal();
  await first.controller.act("AH");
  const record = first.games.list()[0];
  assert.equal(record.opponent, "local");
  assert.deepEqual(record.players, ["Anna", "Ben"]);
  assert.equal(record.history.length, 0, "no undo history between two people");
  const second = localSetup({ local: first.local, tab: "tab2" });
  await second.controller.resume();
  assert.equal(second.controller.obs, null);
  const handoff = second.events.find((e) => e.type === "handoff").detail;
  assert.deepEqual([handoff.seat, handoff.name, handoff.reason], [1, "Ben", "resume"]);
  assert.equal(second.events.some((e) => e.type === "turn"), false);
  await second.controller.reveal();
  assert.equal(second.controller.obs.player, 1);
  assert.equal(second.controller.canUndo, false);
});

test("pass and play: an illegal action never reaches the engine; undo is never offered", async () => {
  const { controller, engine, events } = localSetup();
  await controller.start({ ...LOCAL, mode: "practice" });
  await controller.reveal();
  engine.calls.length = 0;
  await controller.act("AS");   // seat 1's card
  assert.equal(engine.calls.length, 0);
  assert.equal(events.filter((e) => e.type === "refused").length, 1);
  await controller.act("AH");
  assert.equal(controller.canUndo, false);
  assert.equal(await controller.undo(), false);
});

test("pass and play: the first dealer chosen on the set-up goes to the engine", async () => {
  const { controller, engine } = localSetup();
  await controller.start({ ...LOCAL, firstDealer: 1 });
  assert.equal(engine.calls[0].args.dealer, 1);
  const match = localSetup();
  await match.controller.start({ ...LOCAL, length: "match", firstDealer: 0 });
  assert.equal(match.engine.calls[0].args.first_dealer, 0);
  const computer = localSetup();
  await computer.controller.start({ ...CHOICE, firstDealer: 1 });
  assert.equal("dealer" in computer.engine.calls[0].args, false, "against the computer the seed decides");
});

// --- steps reported while the engine still works (engine-client onStep) -------------------------

const until = async (check) => {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 2));
  assert.ok(check(), "waited too long");
};

test("against the computer the steps are drawn while the call still works; none twice", async () => {
  const { controller, engine, events } = setup();
  await controller.start(CHOICE);
  events.length = 0;
  const release = engine.hold();
  const acting = controller.act("AH");
  const stepsNow = () => events.filter((e) => e.type === "step").map((e) => [e.detail.seat, e.detail.action]);
  await until(() => stepsNow().length === 2);
  assert.equal(engine.calls.at(-1).streamed, true);
  assert.equal(controller.busy, true, "the answer has not come yet");
  assert.ok(!events.some((e) => e.type === "saved"), "nothing saved before the answer");
  release();
  await acting;
  assert.deepEqual(stepsNow(), [[0, "AH"], [1, "KS"]]);
  const steps = events.filter((e) => e.type === "step").map((e) => e.detail);
  assert.equal(steps[0].more, true, "the computer answers the player's lead in the same call");
  assert.equal(steps[1].more, false, "the player leads the next trick");
  assert.equal(steps[1].prev, steps[0].observation);
  assert.deepEqual(types(events, ["step", "saved", "turn"]), ["step", "step", "saved", "turn"]);
});

test("a streamed trick the computer takes says that its lead follows", async () => {
  const { controller, events } = setup({ engine: fakeEngine({ computerLeads: true }) });
  await controller.start(CHOICE);   // the computer leads the first trick
  events.length = 0;
  await controller.act(controller.obs.legal_actions[0]);
  const steps = events.filter((e) => e.type === "step").map((e) => e.detail);
  assert.deepEqual(steps.map((s) => [s.seat, Boolean(s.trick_view), s.more]), [[0, true, true], [1, false, false]]);
});

test("the step that ends the deal waits for the answer: saved and reported first", async () => {
  const { controller, engine, events } = setup();
  await controller.start(CHOICE);
  await controller.act("AH");
  await controller.act("KH");
  events.length = 0;
  const release = engine.hold();
  const acting = controller.act("QH");
  await until(() => events.some((e) => e.type === "step"));
  await new Promise((r) => setTimeout(r, 20));
  assert.deepEqual(events.filter((e) => e.type === "step").map((e) => e.detail.action), ["QH"],
    "the computer's last card ends the deal: not shown before the answer");
  release();
  await acting;
  assert.deepEqual(types(events, ["step", "saved", "dealEnded", "dealOver"]), ["step", "saved", "dealEnded", "step", "dealOver"]);
});

test("pass and play streams nothing (no computer)", async () => {
  const { controller, engine } = setup();
  await controller.start({ ...CHOICE, opponent: "local", players: ["Anna", "Ben"] });
  await controller.reveal();
  await controller.act(controller.obs.legal_actions[0]);
  assert.ok(engine.calls.filter((c) => c.cmd === "play").every((c) => !c.streamed));
});
