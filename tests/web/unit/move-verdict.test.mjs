// The expert's review (web/move-verdict.js): a move the expert rates equal to its own first
// choice is not a miss; a move rated lower is.
import { test } from "node:test";
import assert from "node:assert/strict";
import { moveVerdict, AGREES, EQUAL_WITHIN } from "../../../web/move-verdict.js";

const ranked = (...pairs) => ({ ranked: pairs.map(([action, value]) => ({ action, value })) });

test("the expert's first choice is best, a lower one is a miss", () => {
  const result = ranked(["AH", 1], ["TH", 0.4], ["KS", -1]);
  assert.equal(moveVerdict(result, "AH"), "best");
  assert.equal(moveVerdict(result, "TH"), "other");
  assert.equal(moveVerdict(result, "KS"), "other");
  assert.equal(AGREES.has("other"), false);
});

test("a move valued equal to the expert's choice is not a miss", () => {
  const result = ranked(["AH", 2], ["TH", 2], ["KS", 1]);
  assert.equal(moveVerdict(result, "TH"), "equal");
  assert.ok(AGREES.has("equal"));
  // equal as the review shows it (two decimals), not only to the last bit
  assert.equal(moveVerdict(ranked(["AH", 0.6667], ["QD", 0.6667 - EQUAL_WITHIN / 2]), "QD"), "equal");
  assert.equal(moveVerdict(ranked(["AH", 0.67], ["QD", 0.66]), "QD"), "other");
});

test("no result yet, an error and the only move are told apart", () => {
  assert.equal(moveVerdict(null, "AH"), "pending");
  assert.equal(moveVerdict({ error: "x" }, "AH"), "error");
  assert.equal(moveVerdict({ only: true }, "AH"), "only");
  assert.ok(AGREES.has("only") && AGREES.has("best"));
  assert.equal(moveVerdict(ranked(["AH", 1]), "TH"), "other", "a move the expert did not rate");
});
