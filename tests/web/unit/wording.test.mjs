// The end-of-deal panel says each fact once (web/table/dealpanel.js): when the engine's why
// tells the same fact as its reason, the reason line is left out.
import { test } from "node:test";
import assert from "node:assert/strict";
import { saysTheSame } from "../../../web/table/dealpanel.js";

test("a sweep or a false claim is told once, a fixed price keeps who did it", () => {
  assert.equal(saysTheSame("sweep", "sweep"), true);
  assert.equal(saysTheSame("false_claim", "false_claim_no_trick"), true);
  assert.equal(saysTheSame("closed_failed", "closed_failed"), true);
  assert.equal(saysTheSame("false_claim", "false_claim_fixed"), false, "\"always costs 2\" does not say who claimed");
  assert.equal(saysTheSame("claim", "loser_33"), false);
  assert.equal(saysTheSame("points", undefined), false);
});
