// The games waiting on this device, listed at the top of the set-up (web/saved-games.js): every
// saved game against the computer or a friend here and every duel not over, newest first, each
// with its state read from its saved record (no engine call).
import { test } from "node:test";
import assert from "node:assert/strict";
import { waitingGames, duelState } from "../../../web/saved-games.js";

const game = (id, updated, extra = {}) => ({ id, updated, state: { profile: "schnapsen" }, ...extra });
const duel = (id, updated, extra = {}) => ({ id, updated, profile: "bummerl", outbox: [], shared: false,
  verdict: null, over: false, ...extra });

test("duels and games together, newest first, the one on the table marked; ended duels left out", () => {
  const list = waitingGames({
    games: [game("g1", 10), game("g2", 30, { opponent: "local", players: ["Anna", "Ben"] })],
    duels: [duel("d1", 40, { phase: "your_turn" }), duel("d2", 20, { phase: "their_turn" }),
      duel("d3", 50, { over: true, phase: "over" }), duel("d4", 60, { phase: "your_turn" })],
    onTable: "d4",
  });
  assert.deepEqual(list.map((e) => [e.kind, e.id, e.state, e.onTable]), [["duel", "d4", "yourTurn", true],
    ["duel", "d1", "yourTurn", false], ["game", "g2", "yourTurn", false], ["duel", "d2", "wait", false],
    ["game", "g1", "yourTurn", false]]);
  assert.deepEqual(list[2].players, ["Anna", "Ben"]);
  assert.equal(list[4].players, null);
});

test("a duel's state: your turn, a link to send, waiting for the friend, stopped", () => {
  assert.equal(duelState(duel("d", 1, { phase: "your_turn", outbox: ["kd1.x"] })), "yourTurn");
  assert.equal(duelState(duel("d", 1, { phase: "their_turn", outbox: ["kd1.x"] })), "send");
  assert.equal(duelState(duel("d", 1, { phase: "their_turn", outbox: ["kd1.x"], shared: true })), "wait");
  for (const phase of ["shuffling", "waiting", "verifying"]) assert.equal(duelState(duel("d", 1, { phase })), "wait");
  assert.equal(duelState(duel("d", 1, { phase: "your_turn", verdict: { type: "KeyMismatch", message: "" } })), "stopped");
  assert.equal(duelState(duel("d", 1)), "");   // saved before the phase was kept
});
