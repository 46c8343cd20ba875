// The page's side of the engine's limits (web/limits.js, generated from kaffeehaus/limits.py):
// strict base64url, one whole zlib stream with nothing after it, inflating stopped at the byte
// budget, and codes past a limit refused as "tooLong" before they are inflated or parsed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { deflateSync } from "node:zlib";
import * as limits from "../../../web/limits.js";
import { TooLarge, deflate, fromBase64url, inflate, toBase64url } from "../../../web/duel/zlib64.js";
import { CodeError, findCodes, nestedDeeperThan, readCodes, readEnvelope } from "../../../web/duel/codes.js";
import { checkDuel, PARTY_FORMAT } from "../../../web/duel/store.js";
import { errorKind } from "../../../web/duel/errors.js";

const codeOf = (bytes) => `kd1.${Buffer.from(bytes).toString("base64url")}`;
const codeOfText = (text) => codeOf(deflateSync(Buffer.from(text), { level: 9 }));
const message = { game: "g1", seq: 0, prev: "", from: 0, body: { deal: 0 } };
const reason = async (promise) => {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof CodeError, String(error));
    return error.reason;
  }
  return "read";
};

test("the page's limits are the engine's, all positive integers", () => {
  assert.deepEqual(Object.keys(limits).sort(), ["MAX_CODE_LENGTH", "MAX_DEPTH", "MAX_JSON_LENGTH",
    "MAX_LINK_TOKEN_LENGTH", "MAX_MESSAGE_BYTES", "MAX_PARTY_LENGTH", "MAX_PASTED_LENGTH"]);
  for (const value of Object.values(limits)) assert.ok(Number.isSafeInteger(value) && value > 0);
  assert.ok(limits.MAX_PASTED_LENGTH >= 4 * limits.MAX_CODE_LENGTH);
});

test("base64url is read only in its canonical form", () => {
  const bytes = new Uint8Array([0, 1, 2, 250, 251, 252, 253]);
  const text = toBase64url(bytes);
  assert.deepEqual(fromBase64url(text), bytes);
  for (const bad of [`${text}=`, `${text}==`, `${text.slice(0, 3)}+${text.slice(4)}`,
    `${text.slice(0, 3)}/${text.slice(4)}`, ` ${text}`, `${text}\n`, `${text.slice(0, 8)}A`, `${text.slice(0, 3)}.${text.slice(3)}`]) {
    assert.throws(() => fromBase64url(bad), /canonical/, JSON.stringify(bad));
  }
  // stray bits in the last character: "AQ" is [1]; "AR" sets an unused bit
  assert.deepEqual(fromBase64url("AQ"), new Uint8Array([1]));
  assert.throws(() => fromBase64url("AR"), /canonical/);
});

test("inflate takes exactly one whole zlib stream", async () => {
  const bytes = new TextEncoder().encode(JSON.stringify(message));
  const packed = await deflate(bytes);
  assert.deepEqual(await inflate(packed), bytes);
  await assert.rejects(inflate(packed.subarray(0, packed.length - 1)));
  for (const tail of [[0], [106, 117, 110, 107], [...deflateSync(Buffer.from("{}"))], [...packed.subarray(-4)]]) {
    const joined = new Uint8Array([...packed, ...tail]);
    await assert.rejects(inflate(joined), /after the end/, `tail ${tail}`);
  }
  await assert.rejects(inflate(new Uint8Array(0)));
});

test("inflating stops at the byte budget", async () => {
  const bomb = deflateSync(Buffer.alloc(limits.MAX_MESSAGE_BYTES + 1, 32), { level: 9 });
  assert.ok(bomb.length < 1000);
  await assert.rejects(inflate(new Uint8Array(bomb)), TooLarge);
  await assert.rejects(inflate(new Uint8Array(deflateSync(Buffer.alloc(101))), 100), TooLarge);
  assert.equal((await inflate(new Uint8Array(deflateSync(Buffer.alloc(100))), 100)).length, 100);
  // 64,000 characters of code used to inflate to about 49 MB in the page
  const huge = deflateSync(Buffer.alloc(50_000_000, 48), { level: 9 });
  await assert.rejects(inflate(new Uint8Array(huge)), TooLarge);
});

test("a code's envelope reads only within the limits", async () => {
  assert.equal((await readEnvelope(codeOfText(JSON.stringify(message)))).game, "g1");
  // the 307-character link: nested hundreds of thousands deep, refused before JSON.parse
  const deep = "[".repeat(190_000) + "]".repeat(190_000);
  const nested = codeOfText(deep);
  assert.ok(nested.length < 1000);
  assert.equal(await reason(readEnvelope(nested)), "tooLong");
  const justInside = { ...message, body: { deal: 0, x: JSON.parse("[".repeat(30) + "]".repeat(30)) } };
  assert.equal((await readEnvelope(codeOfText(JSON.stringify(justInside)))).seq, 0);
  const oneTooDeep = { ...message, body: { deal: 0, x: JSON.parse("[".repeat(31) + "]".repeat(31)) } };
  assert.equal(await reason(readEnvelope(codeOfText(JSON.stringify(oneTooDeep)))), "tooLong");
  // inflating past the budget
  const padded = { ...message, body: { deal: 0, pad: " ".repeat(limits.MAX_MESSAGE_BYTES) } };
  assert.equal(await reason(readEnvelope(codeOfText(JSON.stringify(padded)))), "tooLong");
  // too long is found on the raw text, spaces included
  assert.equal(await reason(readEnvelope(`kd1.${"A".repeat(limits.MAX_CODE_LENGTH)}`)), "tooLong");
  assert.equal(await reason(readEnvelope(`kd1.${" ".repeat(limits.MAX_CODE_LENGTH)}`)), "tooLong");
  // lenient forms are damaged
  const good = codeOfText(JSON.stringify(message));
  for (const bad of [`${good}=`, `${good.slice(0, 10)}+${good.slice(10)}`, `${good} `,
    codeOf([...deflateSync(Buffer.from(JSON.stringify(message))), 0])]) {
    assert.equal(await reason(readEnvelope(bad)), "damaged", bad.slice(-12));
  }
});

test("the nesting scan skips strings and escapes", () => {
  assert.equal(nestedDeeperThan('[[["[[[[[["]]]', 3), false);
  assert.equal(nestedDeeperThan('[[["\\"[[[[[["]]]', 3), false);
  assert.equal(nestedDeeperThan('[[[{"a":[]}]]]', 4), true);
  assert.equal(nestedDeeperThan('{"a":"\\\\"}', 1), false);
});

test("pasted text past the limit holds no code and is refused as too long", async () => {
  const code = codeOfText(JSON.stringify(message));
  const text = `${code} ${"x".repeat(limits.MAX_PASTED_LENGTH)}`;
  assert.deepEqual(findCodes(text), []);
  assert.equal(await reason(readCodes(text)), "tooLong");
  assert.deepEqual(await readCodes(`${code} see you`), [code]);
});

test("refusals past a limit have their own words, a saved duel past one is set aside", () => {
  assert.equal(errorKind(new CodeError("tooLong")), "tooLong");
  for (const text of ["this code is too long (at most 100000 characters)", "this code holds too much data (at most 400000 bytes)",
    "this code is nested too deeply (at most 32 levels)", "a message is too large (at most 400000 characters of JSON)"]) {
    assert.equal(errorKind({ type: "MalformedMessage", message: text }), "tooLong", text);
  }
  assert.equal(errorKind({ type: "MalformedMessage", message: "a saved duel is too large (at most 400000 characters of JSON)" }), "saved");
  assert.equal(errorKind({ type: "MalformedMessage", message: "this code is damaged or incomplete" }), "damaged");
  const record = { id: "g1", rev: 1, seat: 0, profile: "schnapsen", options: {}, match: false, party: { format: PARTY_FORMAT }, outbox: [] };
  assert.equal(checkDuel(record).id, "g1");
  assert.throws(() => checkDuel({ ...record, party: { format: PARTY_FORMAT, pad: "x".repeat(limits.MAX_PARTY_LENGTH) } }));
  assert.throws(() => checkDuel({ ...record, outbox: [`kd1.${"A".repeat(limits.MAX_CODE_LENGTH)}`] }));
});
