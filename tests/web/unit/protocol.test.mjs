// What crosses between the page and the engine's worker (web/protocol.js): each step once, the
// state whole (the protocol keeps no state); the caller still receives the engine's whole answer.
import { test } from "node:test";
import assert from "node:assert/strict";
import { compactAnswer, expandAnswer } from "../../../web/protocol.js";

const state = (actions, deals = []) => ({ format: "kaffeehaus/1", profile: "schnapsen", options: {}, seed: 5, match: true,
  first_dealer: 1, deals: [{ deck: ["KH", "TC"], dealer: 1, actions }, ...deals] });
const obs = (n) => ({ player: 0, hand: ["AH"], actions: Array.from({ length: n }, (_, i) => [i % 2, `c${i}`]) });

test("a streamed answer leaves out its streamed steps and the repeated observation; the client puts them back", () => {
  const steps = [{ seat: 0, action: "KH", observation: obs(1), trick_view: null },
    { seat: 1, action: "TC", observation: obs(2), trick_view: { trick: [] } }];
  const answer = { state: state(["KH", "TC"]), observation: obs(2), steps, next_seed: 9 };
  // the worker posts Python's JSON text (its own spacing): compared by value
  const streamed = steps.map((s) => JSON.stringify(s, null, 1));
  const message = compactAnswer(JSON.parse(JSON.stringify(answer)), { streamed });
  assert.equal(message.streamed, 2);
  assert.deepEqual(message.result.steps, []);
  assert.equal("observation" in message.result, false);
  assert.deepEqual(message.result.state, answer.state, "the state crosses whole");
  const whole = expandAnswer(JSON.parse(JSON.stringify(message)), { streamed });
  assert.deepEqual(whole, answer);
  assert.notEqual(whole.observation, whole.steps[1].observation, "its own copy");
});

test("an answer without streaming, or not an object, crosses as it is", () => {
  const answer = { state: state(["KH"]), observation: obs(1), steps: [] };
  const message = compactAnswer(JSON.parse(JSON.stringify(answer)));
  assert.deepEqual(message, { result: answer });
  assert.deepEqual(expandAnswer(message, {}), answer);
  assert.deepEqual(compactAnswer([1, 2]), { result: [1, 2] });
  assert.equal(expandAnswer({ result: "text" }, {}), "text");
});
