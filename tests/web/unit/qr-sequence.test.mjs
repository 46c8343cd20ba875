// A link too long for one QR code as a numbered sequence (web/duel/qr-sequence.js): split into
// parts that fit, assembled in any order, never mixed with another sequence's parts.
import { test } from "node:test";
import assert from "node:assert/strict";
import { QR_TEXT_MAX, createAssembler, qrTexts } from "../../../web/duel/qr-sequence.js";
import { MAX_PASTED_LENGTH } from "../../../web/limits.js";

const link = (n, seed = "a") => `https://example.test/#duel=kd1.${seed.repeat(n)}`;

test("a text that fits is one QR code of itself; a longer one is a numbered sequence", () => {
  assert.deepEqual(qrTexts(link(100)), [link(100)]);
  const long = link(15_000);
  const parts = qrTexts(long);
  assert.equal(parts.length, Math.ceil(long.length / (QR_TEXT_MAX - 22)));
  assert.ok(parts.every((p) => p.length <= QR_TEXT_MAX));
  parts.forEach((p, i) => assert.match(p, new RegExp(`^khq1\\.${i + 1}\\.${parts.length}\\.[0-9a-f]{8}\\.`)));
  assert.throws(() => qrTexts(""));
  assert.throws(() => qrTexts("x".repeat(MAX_PASTED_LENGTH + 1)));
});

test("the reader assembles the parts in any order, counting what it has", () => {
  const long = link(5_000);
  const parts = qrTexts(long);
  const reader = createAssembler();
  const order = [...parts.keys()].reverse();
  let last = null;
  for (const [k, i] of order.entries()) {
    last = reader.add(parts[i]);
    assert.equal(last.have, k + 1);
    assert.equal(last.of, parts.length);
    assert.equal(last.text, k + 1 === parts.length ? long : null);
  }
  // a part seen twice changes nothing; a whole link is complete at once
  assert.equal(reader.add(parts[0]).text, long);
  assert.deepEqual(createAssembler().add(link(10)), { text: link(10), have: 1, of: 1 });
});

test("parts of another sequence start over; a misread part is not accepted", () => {
  const one = qrTexts(link(3_000, "a"));
  const two = qrTexts(link(3_000, "b"));
  const reader = createAssembler();
  reader.add(one[0]);
  assert.equal(reader.add(two[1]).have, 1);           // another text: started over
  for (const p of two) reader.add(p);
  assert.equal(reader.add(two[0]).text, link(3_000, "b"));
  const bad = createAssembler();
  const changed = one.map((p, i) => (i === 1 ? p.slice(0, -1) + "z" : p));
  let result = null;
  for (const p of changed) result = bad.add(p);
  assert.equal(result.text, null);                   // the digest does not match
  assert.equal(bad.add("khq1.3.2.00000000.x"), null); // a part number past the count
});
