// Reading pasted text (web/duel/codes.js readWrapped / readCodes): a code a messenger wrapped over
// lines is joined again, a word on the next line is not glued to it — and the work this takes
// grows linearly with the text, whatever follows a code. The work is counted, not timed: the
// calls to `reads` (which inflates the whole join it is given), the characters handed to it and
// what they inflate to, and the characters handed to `measure` (zlib64.js measureZlib, which
// walks a stream without inflating it).
//
// The bound, per paste of n characters: `measure` is handed at most n characters in all (one
// walk per code, over characters no other code's walk takes); `reads` is called at most once
// per code and at most 16 times, with at most n characters in all (each join at most
// MAX_CODE_LENGTH), which inflate to at most 2 × MAX_MESSAGE_BYTES bytes in all.
import { test } from "node:test";
import assert from "node:assert/strict";
import { deflateSync, inflateSync, constants } from "node:zlib";
import { randomBytes } from "node:crypto";
import { PREFIX, findCodes, frameCodes, readCodes, readEnvelope, readWrapped, CodeError } from "../../../web/duel/codes.js";
import { measureZlib } from "../../../web/duel/zlib64.js";
import { MAX_CODE_LENGTH, MAX_MESSAGE_BYTES, MAX_PASTED_LENGTH } from "../../../web/limits.js";
import { encode } from "./fake-duel.mjs";

const READS_PER_PASTE = 16;
const one = encode({ game: "g1", seq: 2, prev: "", from: 1, body: { text: "x".repeat(300), n: [1, 2, 3] } });
const cut = one.slice(0, -6);

/** readWrapped over `text` with the real reading, counting its work. */
async function counted(text) {
  const work = { reads: 0, readChars: 0, inflated: 0, measured: 0 };
  const reads = async (code) => {
    work.reads += 1;
    work.readChars += code.length;
    try {   // what inflating it makes, as far as it goes
      const bytes = Buffer.from(code.slice(PREFIX.length), "base64url");
      work.inflated += inflateSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH }).length;
    } catch { /* not zlib: inflating stops at once */ }
    return readEnvelope(code).then(() => true, () => false);
  };
  const measure = (body) => {
    work.measured += body.length;
    return measureZlib(body);
  };
  const codes = await readWrapped(text, PREFIX, reads, measure);
  return { codes, work };
}

function assertLinear(text, codes, work, name) {
  assert.ok(work.measured <= text.length, `${name}: measured ${work.measured} > ${text.length}`);
  assert.ok(work.reads <= Math.min(codes.length, READS_PER_PASTE), `${name}: ${work.reads} reads, ${codes.length} codes`);
  assert.ok(work.readChars <= Math.min(text.length, work.reads * MAX_CODE_LENGTH), `${name}: ${work.readChars} read`);
  assert.ok(work.inflated <= 2 * MAX_MESSAGE_BYTES, `${name}: ${work.inflated} bytes inflated`);
}

const said = (name, text, codes, work) => `${name}: ${text.length} characters, ${codes.length} codes; `
  + `${work.reads} reads of ${work.readChars} characters inflating to ${work.inflated} bytes; `
  + `${work.measured} characters measured`;

const lines = (line, count) => `${line}\n`.repeat(count);
const upTo = (text, n) => text.slice(0, n);

test("a code followed by thousands of one-character lines: linear work, the same codes", async (t) => {
  const cases = {
    "a cut code, 5,000 one-character lines": [`${cut}\n${lines("A", 5000)}`, [cut + "A".repeat(5000)]],
    "48 KB: a cut code, one-character lines": [upTo(`${cut}\n${lines("A", 30000)}`, 48 * 1024), null],
    "48 KB: a whole code, one-character lines": [upTo(`${one}\n${lines("A", 30000)}`, 48 * 1024), [one]],
    "48 KB: a cut code, two-character lines": [upTo(`${cut}\n${lines("AB", 20000)}`, 48 * 1024), null],
    "the paste limit: a cut code, one-character lines": [upTo(`${cut}\n${lines("A", MAX_PASTED_LENGTH)}`, MAX_PASTED_LENGTH), null],
  };
  for (const [name, [text, expected]] of Object.entries(cases)) {
    const { codes, work } = await counted(text);
    t.diagnostic(said(name, text, codes, work));
    assertLinear(text, codes, work, name);
    // a code that reads at no join takes every line that may continue it, as findCodes does
    assert.deepEqual(codes, expected ?? findCodes(text), name);
  }
});

test("many codes, or codes that each inflate to nearly the limit: a few reads, every code found", async (t) => {
  const bomb = `kd1.${deflateSync(Buffer.alloc(MAX_MESSAGE_BYTES - 10), { level: 9 }).toString("base64url")}`;
  const filled = (code, line) => lines(`${code}\n${line}`,
    Math.floor(MAX_PASTED_LENGTH / (code.length + line.length + 2)));
  const cases = {
    // read until the paste's reads are spent
    "codes each followed by a line": [one, "AA", READS_PER_PASTE],
    // read until what they inflate to reaches twice the limit (and then damaged: taken whole)
    "codes that inflate to nearly the limit, each followed by a line": [bomb, "A", 2],
  };
  for (const [name, [code, line, reads]] of Object.entries(cases)) {
    const text = filled(code, line);
    const { codes, work } = await counted(text);
    t.diagnostic(said(name, text, codes, work));
    assertLinear(text, codes, work, name);
    assert.equal(work.reads, reads, name);
    assert.ok(codes.length > 700, name);
    const read = code === one ? code : code + line;
    assert.ok(codes.every((c, i) => c === (i < reads ? read : code)), name);
  }
});

test("a wrapped code is measured once and read once, not once per line", async () => {
  const body = { text: "Schnapsen ".repeat(200), keys: [...randomBytes(3000)] };
  const long = encode({ game: "g1", seq: 2, prev: "", from: 1, body });
  const two = encode({ game: "g1", seq: 3, prev: "", from: 1, body: {} });
  const wrapped = long.match(/.{1,60}/g);
  assert.ok(wrapped.length > 40);
  // a join that takes every line that may continue the code needs no read (nothing is left)
  for (const [text, expected, reads] of [
    [wrapped.join("\n"), [long], 0],
    [`Here it is:\n${wrapped.join("\n")}\nSeeYou\nBye`, [long], 1],
    [`${wrapped.join("\n")} thanks ${two}`, [long, two], 0],
    [`${wrapped.join("\r\n")}\nkd1\n${two}\nA`, [long, two], 1],
  ]) {
    const { codes, work } = await counted(text);
    assert.deepEqual(codes, expected);
    assert.deepEqual(await readCodes(text), expected);
    assert.equal(work.reads, reads, text.slice(-20));
    assert.ok(work.measured <= text.length);
  }
  // past the reads a paste may make, a code is still joined where its stream ends
  const many = Array.from({ length: READS_PER_PASTE + 4 }, () => `${wrapped.join("\n")}\nSeeYou`).join("\n");
  const { codes, work } = await counted(many);
  assert.equal(codes.length, READS_PER_PASTE + 4);
  assert.ok(codes.every((code) => code === long));
  assert.equal(work.reads, READS_PER_PASTE);
  assert.deepEqual(await readCodes(many), codes);
});

test("measureZlib finds where a stream ends and what it inflates to, as zlib does", () => {
  const sources = [Buffer.alloc(0), Buffer.from("a"), Buffer.from(JSON.stringify({ a: "x".repeat(300) })),
    randomBytes(2000), Buffer.from("Schnapsen ".repeat(3000)), randomBytes(70000)];
  for (const source of sources) {
    for (const strategy of [constants.Z_DEFAULT_STRATEGY, constants.Z_FIXED, constants.Z_HUFFMAN_ONLY]) {
      for (const level of [0, 1, 9]) {
        const text = deflateSync(source, { level, strategy }).toString("base64url");
        assert.equal(inflateSync(Buffer.from(text, "base64url")).length, source.length);
        for (const after of ["", "A", "SeeYou", "x".repeat(40)]) {
          assert.deepEqual(measureZlib(text + after), { chars: text.length, size: source.length },
            `${source.length} bytes, level ${level}, strategy ${strategy}, then ${after.length}`);
        }
        // a cut stream ends nowhere
        assert.equal(measureZlib(text.slice(0, -3)), null);
      }
    }
  }
  // past the byte budget, or not zlib at all: no prefix reads
  assert.equal(measureZlib(deflateSync(Buffer.alloc(MAX_MESSAGE_BYTES + 1)).toString("base64url")), null);
  assert.deepEqual(measureZlib(deflateSync(Buffer.alloc(101)).toString("base64url"), 100), null);
  for (const junk of ["", "A", "AAAA", "SeeYou", "kd1", "_".repeat(100)]) assert.equal(measureZlib(junk), null, junk);
});

test("a live frame's codes are taken as they are: never joined, bounded by the limits", () => {
  assert.deepEqual(frameCodes([one, cut.slice(0, 20), cut.slice(20)]), [one, cut.slice(0, 20), cut.slice(20)]);
  assert.deepEqual(frameCodes([one, 7, null]), [one]);
  assert.throws(() => frameCodes(["kd1.A".repeat(MAX_PASTED_LENGTH / 5 + 1)]), CodeError);
  assert.throws(() => frameCodes(Array(MAX_PASTED_LENGTH + 1).fill("")), CodeError);
  assert.throws(() => frameCodes("kd1.A"), CodeError);
});
