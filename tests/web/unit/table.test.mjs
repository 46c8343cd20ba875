// The table's rules of behaviour that live in the controller (web/play/table.js and its opponents): memory mode,
// the claim confirmation, the trick taken, the end-of-deal summary, the engine working while the
// player's card is drawn.
import { test } from "node:test";
import assert from "node:assert/strict";
import { TableController } from "../../../web/play/table.js";
import { DuelController } from "../../../web/duel/controller.js";
import { pointsShown, claimNeedsConfirmation, takenTrick, dealSummary } from "../../../web/play/observation.js";
import { createStorage, memoryArea, DEFAULT_SETTINGS } from "../../../web/saving/storage.js";
import { createGames } from "../../../web/saving/games.js";
import { fakeEngine } from "./fake-engine.mjs";

const PROFILES = [{ id: "schnapsen", shows_points: true }, { id: "schnapsen-strict", shows_points: false }];
const CHOICE = { profile: "schnapsen", options: {}, level: "easy", length: "deal", mode: "ranked" };

test("the running points follow the profile's fact unless the setting says on or off", () => {
  assert.equal(pointsShown("profile", PROFILES[0]), true);
  assert.equal(pointsShown("profile", PROFILES[1]), false);
  assert.equal(pointsShown("on", PROFILES[1]), true);
  assert.equal(pointsShown("off", PROFILES[0]), false);
  assert.equal(pointsShown("profile", undefined), true, "an unknown profile shows them");
  assert.equal(DEFAULT_SETTINGS.points, "profile");
});

test("SV-3: a claim asks for confirmation when it would not win, and in memory mode always", () => {
  const obs = { legal_actions: ["AH", "claim"], claim_wins: false };
  assert.equal(claimNeedsConfirmation(obs, true), true);
  assert.equal(claimNeedsConfirmation({ ...obs, claim_wins: true }, true), false);
  // memory mode: every claim is a gamble, and asking only before a losing one would tell the count
  assert.equal(claimNeedsConfirmation(obs, false), true);
  assert.equal(claimNeedsConfirmation({ ...obs, claim_wins: true }, false), true);
  assert.equal(claimNeedsConfirmation({ legal_actions: ["AH"], claim_wins: false }, true), false);
});

test("the trick taken: its winner, the winning card and the engine's points", () => {
  const obs = { history: [{ cards: [[1, "TH"], [0, "AH"]], winner: 0, points: 21 }] };
  assert.deepEqual(takenTrick(obs), { winner: 0, card: "AH", points: 21 });
  assert.equal(takenTrick({ history: [] }), null);
  assert.equal(takenTrick({ history: [{ cards: [[0, "9H"], [1, "JH"]], winner: 1 }] }).points, null);
});

test("the end-of-deal summary states both sides, the reason, the opponent's cards and the match", () => {
  const obs = {
    game: "schnapsen", card_points: [58, 31], points: [78, 31], tricks_won: [4, 2],
    marriages: [{ player: 0, suit: "H", points: 20, effective: true }, { player: 1, suit: "S", points: 40, effective: false }],
    result: { winner: 0, game_points: 2, reason: "claim", points: [78, 31] },
    opponent_hand: ["QS", "KS"], match: { scores: [5, 7], over: false, winner: null },
  };
  const s = dealSummary(obs);
  assert.deepEqual(s.you, { cardPoints: 58, points: 78, tricks: 4, marriages: [{ suit: "H", points: 20, effective: true }] });
  assert.deepEqual(s.opponent.marriages, [{ suit: "S", points: 40, effective: false }]);
  assert.equal(s.winner, "you");
  assert.equal(s.reason, "claim");
  assert.equal(s.gamePoints, 2);
  assert.deepEqual(s.opponentHand, ["QS", "KS"]);
  assert.deepEqual(s.match, { you: 5, opponent: 7, over: false, winner: null });
  assert.equal(dealSummary({ ...obs, result: null }), null);
  assert.equal(dealSummary({ ...obs, match: null, opponent_hand: null }).opponentHand.length, 0);
});

/** The fake engine, with a claim offered that would not win. */
function claimEngine() {
  const base = fakeEngine();
  const over = { winner: 1, game_points: 2, reason: "false_claim", points: [10, 0] };
  const call = async (cmd, args) => {
    if (cmd === "play" && args.action === "claim") {
      base.calls.push({ cmd, args });
      const obs = { ...(await base.call("observation", { state: args.state })), legal_actions: [], to_move: null, result: over };
      return { state: { ...args.state, claimed: true }, observation: obs,
        steps: [{ seat: 0, action: "claim", observation: obs, trick_view: null }], next_seed: args.opponent.seed };
    }
    const out = await base.call(cmd, args);
    if (out && out.observation && !out.observation.result) {
      out.observation.legal_actions.push("claim");
      out.observation.claim_wins = false;
      out.observation.points = [10, 0];
    }
    return out;
  };
  return { call, calls: base.calls };
}

function controllerWith({ pointsSetting = "profile", answer = true, profile = "schnapsen" } = {}) {
  const engine = claimEngine();
  const storage = createStorage({ local: memoryArea(), session: memoryArea() });
  const asked = [];
  const hows = [];
  const controller = new TableController({ call: engine.call, storage, games: createGames(storage), tab: "t",
    seed: () => 7, pointsSetting: () => pointsSetting, profiles: () => PROFILES,
    confirmClaim: async (obs, how) => { asked.push(obs); hows.push(how); return answer; } });
  return { controller, engine, asked, hows, choice: { ...CHOICE, profile } };
}

test("a losing claim waits for the player's answer: no, and nothing is sent to the engine", async () => {
  const { controller, engine, asked, choice } = controllerWith({ answer: false });
  await controller.start(choice);
  assert.equal(controller.showsPoints, true);
  engine.calls.length = 0;
  await controller.act("claim");
  assert.equal(asked.length, 1);
  assert.deepEqual(engine.calls, [], "the engine is not asked");
  assert.equal(controller.obs.result, null);
  assert.equal(controller.busy, false);
});

test("a losing claim the player confirms is played", async () => {
  const { controller, asked, choice } = controllerWith({ answer: true });
  await controller.start(choice);
  await controller.act("claim");
  assert.equal(asked.length, 1);
  assert.equal(controller.obs.result.reason, "false_claim");
});

test("memory mode (the profile's default, or the setting off): a claim is asked as a gamble, then made", async () => {
  for (const [profile, setting] of [["schnapsen-strict", "profile"], ["schnapsen", "off"]]) {
    const kept = controllerWith({ pointsSetting: setting, profile, answer: false });
    await kept.controller.start(kept.choice);
    assert.equal(kept.controller.showsPoints, false);
    await kept.controller.act("claim");
    assert.equal(kept.asked.length, 1);
    assert.equal(kept.controller.obs.result, null, "a stray tap claims nothing");
    const { controller, asked, hows, choice } = controllerWith({ pointsSetting: setting, profile, answer: true });
    await controller.start(choice);
    await controller.act("claim");
    assert.deepEqual(hows, [{ gamble: true }]);
    assert.equal(asked.length, 1);
    assert.equal(controller.obs.result.reason, "false_claim");
  }
});

test("the engine is asked before the view has finished drawing the player's choice", async () => {
  const engine = fakeEngine();
  const storage = createStorage({ local: memoryArea(), session: memoryArea() });
  const controller = new TableController({ call: engine.call, storage, games: createGames(storage), tab: "t", seed: () => 7 });
  await controller.start(CHOICE);
  const order = [];
  controller.on("acting", async () => {
    order.push(`acting, ${engine.calls.length} calls`);
    await new Promise((r) => setTimeout(r, 10));
    order.push("drawn");
  });
  controller.on("step", () => { order.push("step"); });
  const before = engine.calls.length;
  await controller.act("AH");
  assert.equal(order[0], `acting, ${before + 1} calls`, "the play call is already under way");
  assert.deepEqual(order.slice(1, 3), ["drawn", "step"], "steps still wait for the drawing");
});

/** The fake engine whose new states carry what a real state holds of the choice (docs/API.md:
 * the options, `match`, `first_dealer`). */
function choiceEngine() {
  const base = fakeEngine();
  const call = async (cmd, args, options) => {
    const out = await base.call(cmd, args, options);
    if (cmd === "new_deal" || cmd === "new_match") {
      return { ...out, options: { target: 7, ...(args.options || {}) }, match: cmd === "new_match",
        first_dealer: args.first_dealer ?? args.dealer ?? 1 };
    }
    return out;
  };
  return { call, calls: base.calls };
}

async function playToTheEnd(controller) {
  for (let i = 0; i < 6 && !controller.obs.result; i += 1) await controller.act(controller.obs.legal_actions[0]);
  assert.ok(controller.obs.result, "the toy deal is over");
}

test("a return match starts the same game, options, length, level and mode against the computer, once the game is over", async () => {
  const engine = choiceEngine();
  const storage = createStorage({ local: memoryArea(), session: memoryArea() });
  const controller = new TableController({ call: engine.call, storage, games: createGames(storage), tab: "t",
    seed: () => 7, profiles: () => PROFILES });
  const choice = { profile: "schnapsen", options: { target: 3 }, level: "medium", length: "match", mode: "practice" };
  await controller.start(choice);
  assert.equal(controller.returnChoice(), null, "nothing to offer while the game goes on");
  assert.equal(await controller.returnMatch(), false);
  await playToTheEnd(controller);
  const first = controller.id;
  assert.deepEqual(controller.returnChoice(), { opponent: "computer", profile: "schnapsen", options: { target: 3 },
    length: "match", level: "medium", mode: "practice" });
  engine.calls.length = 0;
  assert.equal(await controller.returnMatch(), true);
  const started = engine.calls.find((c) => c.cmd === "new_match");
  assert.deepEqual(started.args.options, { target: 3 });
  assert.equal(started.args.profile, "schnapsen");
  assert.notEqual(controller.id, first, "a new game, saved apart from the finished one");
  assert.equal(controller.level, "medium");
  assert.equal(controller.mode, "practice");
  assert.equal(controller.obs.result, null);
  // a single deal: another single deal
  await controller.start({ ...choice, length: "deal" });
  await playToTheEnd(controller);
  assert.equal(controller.returnChoice().length, "deal");
});

test("a return match in pass and play keeps the names and the other player deals first; a duel has none", async () => {
  const engine = choiceEngine();
  const storage = createStorage({ local: memoryArea(), session: memoryArea() });
  const remote = new DuelController({ call: engine.call, storage });
  const controller = new TableController({ call: engine.call, storage, games: createGames(storage), tab: "t",
    seed: () => 7, profiles: () => PROFILES, remote });
  await controller.start({ profile: "schnapsen", options: {}, length: "deal", opponent: "local", players: ["Anna", "Ben"],
    firstDealer: 0 });
  for (let i = 0; i < 20 && !controller.obs?.result; i += 1) {
    if (controller.handingOff) await controller.reveal();
    else await controller.act(controller.obs.legal_actions[0]);
  }
  if (controller.handingOff) await controller.reveal();
  assert.ok(controller.obs.result, "the toy deal is over");
  const choice = controller.returnChoice();
  assert.equal(choice.opponent, "local");
  assert.deepEqual(choice.players, ["Anna", "Ben"]);
  assert.equal(choice.firstDealer, 1, "seat 0 dealt first last time");
  // a duel's next game is its own flow: no return match here
  controller.opponent = controller.remote;
  assert.equal(controller.returnChoice(), null);
});
