// The set-up's opponent choice as stored (web/opponent.js) and pass-and-play saved games (web/saving/games.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { memoryStorage } from "./memory-storage.mjs";
import { cleanName, playerNames, MAX_NAME } from "../../../web/opponent.js";
import { checkRecord } from "../../../web/saving/games.js";

const make = memoryStorage;

test("the opponent choice defaults to the computer and is read back as written", () => {
  assert.deepEqual(make().storage.read("opponent"), { opponent: "computer", names: ["", ""], firstDealer: "random" });
  const { storage } = make();
  storage.write("opponent", { opponent: "local", names: ["Anna", "Ben"], firstDealer: 1 });
  assert.deepEqual(storage.read("opponent"), { opponent: "local", names: ["Anna", "Ben"], firstDealer: 1 });
  storage.write("opponent", { opponent: "remote" });
  assert.equal(storage.read("opponent").opponent, "remote", "the place kept for a friend on another device");
});

for (const text of ['{"opponent":"robot"}', '{"names":["a"]}', '{"names":["a",5]}', '{"firstDealer":2}', "[]", "nope"]) {
  test(`a damaged opponent choice is set aside: ${text}`, () => {
    const { storage, local, problems } = make({ "kaffeehaus.opponent": text });
    assert.equal(storage.read("opponent").opponent, "computer");
    assert.equal(local.getItem("kaffeehaus.opponent.damaged"), text);
    assert.equal(problems[0].name, "opponent");
  });
}

test("names: trimmed, no braces or control characters, at most MAX_NAME; two different names", () => {
  assert.equal(cleanName("  Anna \n Maria "), "Anna Maria");
  assert.equal(cleanName("{you}<b>"), "youb");
  assert.equal(cleanName("x".repeat(60)).length, MAX_NAME);
  const [a, b] = playerNames(["Anna", "anna"]);
  assert.notEqual(a.toLowerCase(), b.toLowerCase());
  assert.deepEqual(playerNames(["", ""]).length, 2);
});

test("a saved pass-and-play game keeps its names; a damaged one is refused", () => {
  const base = { id: "g1", rev: 1, state: { deals: [] }, level: "expert" };
  const ok = checkRecord({ ...base, opponent: "local", players: ["Anna", "Ben"], viewer: 1, history: [{ state: {}, aiSeed: 1, action: "AH" }] });
  assert.deepEqual([ok.opponent, ok.players, ok.viewer], ["local", ["Anna", "Ben"], 1]);
  assert.equal("opponent" in checkRecord(base), false, "a game against the computer as before");
  for (const bad of [{ opponent: "local" }, { opponent: "local", players: ["A", "A"] }, { opponent: "local", players: ["A"] },
    { opponent: "robot" }]) {
    assert.throws(() => checkRecord({ ...base, ...bad }), /not a saved game/, JSON.stringify(bad));
  }
});
