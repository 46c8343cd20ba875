// web/saving/storage.js, games.js and stats-data.js: every key read through its validating loader.
import { test } from "node:test";
import assert from "node:assert/strict";
import { memoryStorage } from "./memory-storage.mjs";
import { createStorage, memoryArea, checkSetup, DEFAULT_SETUP, DEFAULT_SETTINGS, NEWEST } from "../../../web/saving/storage.js";
import { createGames } from "../../../web/saving/games.js";
import { countDeal, recordDeal, emptyStats, STATS_FORMAT } from "../../../web/saving/stats-data.js";

const make = memoryStorage;

for (const text of ["null", '{"profile":"bogus"}', '{"profile":5}', '{"options":"x"}', "{not json", "[]",
  '{"level":"<script>"}', '{"length":"forever"}', '{"options":{"a b":1}}']) {
  test(`a damaged set-up is set aside: ${text}`, () => {
    const { local, storage, problems } = make({ "kaffeehaus.setup": text });
    assert.deepEqual(storage.read("setup"), { ...DEFAULT_SETUP, options: {} });
    assert.equal(local.getItem("kaffeehaus.setup"), null);
    assert.equal(local.getItem("kaffeehaus.setup.damaged"), text);
    assert.equal(problems.length, 1);
    assert.equal(problems[0].name, "setup");
    // read again: nothing left to report
    storage.read("setup");
    assert.equal(problems.length, 1);
  });
}

test("a good set-up reads as stored; its profile and options are checked against the engine's list", () => {
  const value = { profile: "schneider", options: { trump: true }, level: "hard", length: "deal", mode: "practice" };
  const { storage, problems } = make({ "kaffeehaus.setup": JSON.stringify(value) });
  assert.deepEqual(storage.read("setup"), value);
  assert.equal(problems.length, 0);
  const profiles = [{ id: "schneider", options: { trump: { choices: [false, true] } } }];
  assert.equal(checkSetup(value, profiles), null);
  assert.equal(checkSetup({ ...value, options: { trump: 3 } }, profiles), "unknown option value");
  assert.equal(checkSetup({ ...value, options: { nope: true } }, profiles), "unknown option");
  assert.equal(checkSetup({ ...value, profile: "bummerl" }, profiles), "unknown game");
});

test("settings: defaults for missing fields, a wrong value sets the whole entry aside", () => {
  const ok = make({ "kaffeehaus.settings": '{"speed":"off","future":1}' });
  assert.deepEqual(ok.storage.read("settings"), { ...DEFAULT_SETTINGS, speed: "off" });
  const bad = make({ "kaffeehaus.settings": '{"speed":"warp"}' });
  assert.deepEqual(bad.storage.read("settings"), DEFAULT_SETTINGS);
  assert.equal(bad.problems[0].name, "settings");
});

test("a reload continues the game its tab showed: the resume flag holds that game's id", () => {
  const session = memoryArea();
  const storage = createStorage({ local: memoryArea(), session });
  assert.equal(storage.read("resume"), null);
  storage.write("resume", "g-123_x");
  assert.equal(storage.read("resume"), "g-123_x");
  session.setItem("kaffeehaus.resumeAfterReload", "1");      // written by the version before ids
  assert.equal(storage.read("resume"), NEWEST);
  session.setItem("kaffeehaus.resumeAfterReload", "<script>");
  assert.equal(storage.read("resume"), null);
});

test("language is a plain string of the five languages", () => {
  assert.equal(make({ "kaffeehaus.language": "de" }).storage.read("language"), "de");
  const bad = make({ "kaffeehaus.language": "xx" });
  assert.equal(bad.storage.read("language"), null);
  assert.equal(bad.local.getItem("kaffeehaus.language.damaged"), "xx");
});

test("storage that throws (disabled) reads the fallback and writes nothing", () => {
  const broken = { getItem() { throw new Error("denied"); }, setItem() { throw new Error("denied"); }, removeItem() {} };
  const storage = createStorage({ local: broken });
  assert.deepEqual(storage.read("settings"), DEFAULT_SETTINGS);
  assert.equal(storage.write("settings", DEFAULT_SETTINGS), false);
});

const STATE = { format: "kaffeehaus-state/1", profile: "schnapsen", deals: [] };

test("the single saved game of older versions is migrated into the games file", () => {
  const old = { state: STATE, level: "easy", levelUsed: "easy", aiSeed: 3 };
  const { local, storage } = make({ "kaffeehaus.game": JSON.stringify(old) });
  const games = createGames(storage);
  const [record] = games.list();
  assert.deepEqual(record.state, STATE);
  assert.equal(record.aiSeed, 3);
  assert.equal(record.mode, "ranked");
  assert.equal(local.getItem("kaffeehaus.game"), null);
  assert.ok(JSON.parse(local.getItem("kaffeehaus.games")).games[record.id]);
  // set aside later (the engine refused it): the backup is the text as it was stored
  games.setAside(record.id, "an illegal move");
  assert.equal(local.getItem("kaffeehaus.game.damaged"), JSON.stringify(old));
  assert.equal(games.list().length, 0);
});

test("a damaged old saved game is set aside", () => {
  const text = JSON.stringify({ state: 3, level: "easy" });
  const { local, storage, problems } = make({ "kaffeehaus.game": text });
  assert.equal(createGames(storage).list().length, 0);
  assert.equal(local.getItem("kaffeehaus.game.damaged"), text);
  assert.equal(problems[0].name, "legacyGame");
});

test("one damaged record does not cost the others; a newer games file is kept untouched", () => {
  const good = { id: "g1", rev: 2, state: STATE, level: "easy" };
  const file = { format: "kaffeehaus-games/1", games: { g1: good, g2: { id: "g2", rev: "x", state: STATE, level: "easy" } } };
  const { local, storage, problems } = make({ "kaffeehaus.games": JSON.stringify(file) });
  const games = createGames(storage);
  assert.deepEqual(games.list().map((g) => g.id), ["g1"]);
  assert.equal(problems.length, 1);
  assert.ok(local.getItem("kaffeehaus.game.damaged").includes('"g2"'));

  const newer = JSON.stringify({ format: "kaffeehaus-games/9", games: {} });
  const n = make({ "kaffeehaus.games": newer });
  const ngames = createGames(n.storage);
  assert.equal(ngames.list().length, 0);
  ngames.put({ ...good, id: "g3" });
  assert.equal(n.local.getItem("kaffeehaus.games"), newer, "not overwritten");
  assert.equal(n.local.getItem("kaffeehaus.games.damaged"), newer, "and backed up");
  assert.equal(n.problems[0].newer, true);
});

function deal({ winner = 0, points = 2, profile = "bummerl", shuffled = true } = {}) {
  const prev = { profile, result: null, match: { bummerls: [0, 0], over: false } };
  const obs = { profile, shuffled, result: { winner, game_points: points }, match: { bummerls: [0, 0], over: false } };
  return { prev, obs };
}

test("statistics of version 1 are migrated; a deal key counts once", () => {
  const v1 = { format: "kaffeehaus-stats/1", entries: { "bummerl|easy": { deals: 2, dealsWon: 2, streak: 2, bestStreak: 2 } } };
  const { local, storage } = make({ "kaffeehaus.stats": JSON.stringify(v1) });
  const data = storage.read("stats");
  assert.equal(data.format, STATS_FORMAT);
  assert.equal(data.entries["bummerl|easy"].pointsWon, 0);
  assert.equal(recordDeal(storage, { ...deal(), mode: "ranked", level: "easy", key: "g/1" }), true);
  assert.equal(recordDeal(storage, { ...deal(), mode: "ranked", level: "easy", key: "g/1" }), false, "counted once");
  const saved = JSON.parse(local.getItem("kaffeehaus.stats"));
  assert.equal(saved.format, STATS_FORMAT);
  assert.equal(saved.entries["bummerl|easy"].deals, 3);
  assert.equal(saved.entries["bummerl|easy"].streak, 3);
  assert.deepEqual(saved.counted, ["g/1"]);
});

test("statistics: practice games and decks the engine did not shuffle are not counted", () => {
  const { storage, local } = make();
  assert.equal(recordDeal(storage, { ...deal(), mode: "practice", level: "easy", key: "a/1" }), false);
  assert.equal(recordDeal(storage, { ...deal({ shuffled: false }), mode: "ranked", level: "easy", key: "b/1" }), false);
  assert.equal(local.getItem("kaffeehaus.stats"), null);
});

for (const text of ["garbage", "null", '{"format":"kaffeehaus-stats/2","entries":{"bummerl|easy":{"deals":-1}}}',
  '{"format":"other","entries":{}}']) {
  test(`damaged statistics are backed up and reported, never silently replaced: ${text}`, () => {
    const { local, storage, problems } = make({ "kaffeehaus.stats": text });
    assert.deepEqual(storage.read("stats"), emptyStats());
    assert.equal(local.getItem("kaffeehaus.stats.damaged"), text);
    assert.equal(problems[0].name, "stats");
  });
}

test("statistics of a newer version are backed up, kept, and not written", () => {
  const text = JSON.stringify({ format: "kaffeehaus-stats/7", entries: {}, more: 1 });
  const { local, storage, problems } = make({ "kaffeehaus.stats": text });
  assert.equal(recordDeal(storage, { ...deal(), mode: "ranked", level: "easy", key: "g/1" }), false);
  assert.equal(local.getItem("kaffeehaus.stats"), text);
  assert.equal(local.getItem("kaffeehaus.stats.damaged"), text);
  assert.equal(problems[0].newer, true);
});

test("countDeal: wins, losses, streaks", () => {
  const data = emptyStats();
  countDeal(data, { ...deal({ winner: 0, points: 3 }), level: "easy" });
  countDeal(data, { ...deal({ winner: 1, points: 2 }), level: "easy" });
  const e = data.entries["bummerl|easy"];
  assert.deepEqual([e.deals, e.dealsWon, e.dealsLost, e.pointsWon, e.pointsLost, e.streak, e.bestStreak], [2, 1, 1, 3, 2, 0, 1]);
  assert.equal(countDeal(data, { prev: null, obs: deal().obs, level: "easy" }), false, "a game shown again is not a deal played");
});

// --- writes the browser refuses are held, retried, never lose a ranked position ---------------

/** A localStorage stand-in with a quota of `limit` characters (keys and values). */
function quotaArea(limit) {
  const area = memoryArea();
  const size = () => { let n = 0; for (let i = 0; i < area.length; i += 1) { const k = area.key(i); n += k.length + area.getItem(k).length; } return n; };
  const setItem = area.setItem;
  area.setItem = (k, v) => {
    const old = area.getItem(k);
    const after = size() - (old === null ? 0 : k.length + old.length) + k.length + String(v).length;
    if (after > limit) { const e = new Error("quota"); e.name = "QuotaExceededError"; throw e; }
    setItem(k, v);
  };
  return area;
}

test("a write refused for lack of room is held: read back, kept for a reload, stored once there is room", () => {
  const local = quotaArea(200);
  const session = memoryArea();
  const reports = [];
  const storage = createStorage({ local, session, onWrites: (held) => reports.push([...held.keys()]) });
  local.setItem("filler", "x".repeat(150));
  const settings = { ...DEFAULT_SETTINGS, speed: "off" };
  assert.equal(storage.write("settings", settings), false);
  assert.deepEqual(reports, [["settings"]]);
  assert.equal(storage.held.get("settings").full, true);
  assert.deepEqual(storage.read("settings"), settings);            // this tab reads what it wrote
  assert.equal(local.getItem("kaffeehaus.settings"), null);
  // a reload of the tab finds the held write in sessionStorage
  const again = createStorage({ local, session });
  assert.deepEqual(again.read("settings"), settings);
  assert.equal(storage.flush(), false);
  local.removeItem("filler");                                       // the player made room
  assert.equal(storage.flush(), true);
  assert.deepEqual(reports.at(-1), []);
  assert.equal(JSON.parse(local.getItem("kaffeehaus.settings")).speed, "off");
  assert.equal(session.getItem("kaffeehaus.held"), null);
});

test("a held ranked game leaves no older position of itself in the storage; a practice game keeps its older one", () => {
  const local = quotaArea(100_000);
  const storage = createStorage({ local, session: memoryArea() });
  const games = createGames(storage);
  const record = (id, rev, mode, pad = "") => ({ id, rev, owner: "t", state: { ...STATE, pad }, level: "easy",
    levelUsed: "easy", aiSeed: 1, mode, history: [] });
  assert.equal(games.put(record("ranked1", 1, "ranked")), true);
  assert.equal(games.put(record("practice1", 1, "practice")), true);
  local.setItem("filler", "x".repeat(100_000 - JSON.stringify([...Array(local.length)].map((_, i) => local.getItem(local.key(i)))).length - 200));
  assert.equal(games.put(record("ranked1", 2, "ranked", "y".repeat(2000))), false);
  assert.equal(games.held, true);
  assert.equal(games.get("ranked1").rev, 2);                        // this tab plays on from rev 2
  const stored = JSON.parse(local.getItem("kaffeehaus.games")).games;
  assert.equal("ranked1" in stored, false, "the older ranked position could be played again");
  assert.equal(stored.practice1.rev, 1);
  local.removeItem("filler");
  assert.equal(storage.flush(), true);
  assert.equal(JSON.parse(local.getItem("kaffeehaus.games")).games.ranked1.rev, 2);
});

test("what is set aside goes whole to a list of backups, oldest dropped first", async () => {
  const { installBackups, MAX_BACKUPS } = await import("../../../web/saving/backups.js");
  const local = memoryArea();
  const storage = createStorage({ local, session: memoryArea() });
  let clock = 0;
  const backups = installBackups(storage, { now: () => (clock += 1) });
  const big = "z".repeat(300_000);
  storage.setAside("setup", "big", big);
  for (let i = 0; i < MAX_BACKUPS; i += 1) storage.setAside("settings", `bad ${i}`, `{"n": ${i}}`);
  const list = backups.list();
  assert.equal(list.length, MAX_BACKUPS);
  assert.equal(list[0].reason, "bad 0");                             // the big, oldest one went first
  assert.equal(local.getItem("kaffeehaus.setup.damaged"), big);      // never cut
  storage.setAside("setup", "big again", big);
  assert.equal(backups.list().at(-1).text.length, 300_000);
});
