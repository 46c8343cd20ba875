// Statistics of pass and play (web/saving/stats-data.js "friends"): per pair of names, never mixed with
// the games against the computer; validated like the rest of the file.
import { test } from "node:test";
import assert from "node:assert/strict";
import { memoryStorage } from "./memory-storage.mjs";
import { recordDeal, countFriendDeal, emptyStats, STATS_FORMAT } from "../../../web/saving/stats-data.js";

const make = memoryStorage;

function deal({ winner = 0, points = 2, over = false, matchWinner = null } = {}) {
  const prev = { profile: "bummerl", result: null, match: { bummerls: [0, 0], over: false } };
  const obs = { profile: "bummerl", shuffled: true, result: { winner, game_points: points },
    match: { bummerls: [0, 0], over, winner: matchWinner } };
  return { prev, obs };
}

test("a friend's deal is counted under the pair of names, not under the computer's entries", () => {
  const { storage, local } = make();
  const players = ["Ben", "Anna"];
  assert.equal(recordDeal(storage, { ...deal({ winner: 0, points: 3 }), mode: "ranked", level: "expert", key: "g/1",
    opponent: "local", players }), true);
  assert.equal(recordDeal(storage, { ...deal({ winner: 1, points: 1, over: true, matchWinner: 1 }), mode: "ranked",
    level: "expert", key: "g/2", opponent: "local", players }), true);
  assert.equal(recordDeal(storage, { ...deal(), mode: "ranked", level: "expert", key: "g/2", opponent: "local", players }),
    false, "each deal once");
  const saved = JSON.parse(local.getItem("kaffeehaus.stats"));
  assert.equal(saved.format, STATS_FORMAT);
  assert.deepEqual(saved.entries, {}, "nothing counted as a game against the computer");
  assert.deepEqual(saved.friends, [{ names: ["Anna", "Ben"], deals: 2, matches: 1,
    dealsWon: [1, 1], pointsWon: [1, 3], matchesWon: [1, 0] }], "sorted names; Ben (seat 0) won 3, Anna (seat 1) won 1 and the match");
  // the same two people sitting the other way round are the same pair
  recordDeal(storage, { ...deal({ winner: 0, points: 2 }), mode: "ranked", level: "expert", key: "h/1",
    opponent: "local", players: ["Anna", "Ben"] });
  const again = storage.read("stats").friends;
  assert.equal(again.length, 1);
  assert.deepEqual(again[0].dealsWon, [2, 1]);
});

test("games against the computer are still counted as before; an unknown opponent is not counted", () => {
  const { storage } = make();
  assert.equal(recordDeal(storage, { ...deal(), mode: "ranked", level: "easy", key: "c/1" }), true);
  assert.equal(recordDeal(storage, { ...deal(), mode: "ranked", level: "easy", key: "r/1", opponent: "robot" }), false);
  const data = storage.read("stats");
  assert.equal(data.entries["bummerl|easy"].deals, 1);
  assert.deepEqual(data.friends, []);
});

test("a file without friends reads as none; damaged friends' entries set the file aside", () => {
  const plain = JSON.stringify({ format: "kaffeehaus-stats/2", entries: {}, counted: [] });
  assert.deepEqual(make({ "kaffeehaus.stats": plain }).storage.read("stats").friends, []);
  for (const friends of ["x", [{ names: ["A"] }], [{ names: ["A", "A"] }], [{ names: ["A", "B"], deals: -1 }],
    [{ names: ["A", "B"], dealsWon: [1] }]]) {
    const text = JSON.stringify({ format: "kaffeehaus-stats/2", entries: {}, friends, counted: [] });
    const { storage, local, problems } = make({ "kaffeehaus.stats": text });
    assert.deepEqual(storage.read("stats"), emptyStats(), JSON.stringify(friends));
    assert.equal(local.getItem("kaffeehaus.stats.damaged"), text);
    assert.equal(problems[0].name, "stats");
  }
});

test("countFriendDeal refuses what is not a finished deal of two named players", () => {
  const data = emptyStats();
  assert.equal(countFriendDeal(data, { ...deal(), players: ["A", "A"] }), false);
  assert.equal(countFriendDeal(data, { ...deal(), players: null }), false);
  assert.equal(countFriendDeal(data, { prev: null, obs: deal().obs, players: ["A", "B"] }), false);
  assert.equal(countFriendDeal(data, { ...deal({ winner: null, points: 0 }), players: ["A", "B"] }), true);
  assert.deepEqual(data.friends[0].dealsWon, [0, 0], "a drawn deal counts as played, won by nobody");
});

test("a friend on another device (web/duel/) is counted in one entry of its own, whatever the names given", () => {
  const { storage } = make();
  assert.equal(recordDeal(storage, { ...deal({ winner: 1, points: 2 }), mode: "ranked", level: "friend", key: "d/1",
    opponent: "remote", players: ["You", "Friend"] }), true);
  assert.equal(recordDeal(storage, { ...deal({ winner: 0, points: 3 }), mode: "ranked", level: "friend", key: "d/2",
    opponent: "remote", players: ["Vous", "Ami"] }), true);
  recordDeal(storage, { ...deal(), mode: "ranked", level: "expert", key: "l/1", opponent: "local", players: ["you", "friend"] });
  const { friends, entries } = storage.read("stats");
  assert.deepEqual(entries, {});
  const remote = friends.filter((f) => f.device === "remote");
  assert.equal(remote.length, 1);
  assert.deepEqual([remote[0].names, remote[0].deals, remote[0].dealsWon, remote[0].pointsWon], [["you", "friend"], 2, [1, 1], [3, 2]]);
  assert.equal(friends.filter((f) => !f.device).length, 1, "pass and play with the same names is another entry");
  const text = JSON.stringify({ format: "kaffeehaus-stats/2", entries: {}, friends: [{ names: ["a", "b"], device: "moon" }] });
  assert.deepEqual(make({ "kaffeehaus.stats": text }).storage.read("stats"), emptyStats(), "an unknown device is damage");
});
