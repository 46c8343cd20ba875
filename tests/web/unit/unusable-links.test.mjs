// Every kind of link (or paste) the duel on this page cannot use is said in a sentence of its
// own, in each of the five languages, never ignored: the controller (web/duel/controller.js)
// with the fake engine (fake-duel.mjs) names the kind, web/i18n/<lang>.json holds its words.
// The one kind that is applied in part (a link whose moves are all here already, which still
// reconnects the pages) is web/duel/sending.js's: tests/web/test_duel_links.py opens it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { DuelController } from "../../../web/duel/controller.js";
import { createDuels } from "../../../web/duel/store.js";
import { otherVersion } from "../../../web/duel/codes.js";
import { createStorage, memoryArea } from "../../../web/saving/storage.js";
import { installBackups } from "../../../web/saving/backups.js";
import { fakeDuelEngine, encode } from "./fake-duel.mjs";

const LANGUAGES = ["en", "fr", "de", "cs", "pt"];
const strings = Object.fromEntries(LANGUAGES.map((lang) => [lang,
  JSON.parse(readFileSync(new URL(`../../../web/i18n/${lang}.json`, import.meta.url), "utf8"))]));

function player() {
  const storage = createStorage({ local: memoryArea(), session: memoryArea() });
  installBackups(storage);
  const duels = createDuels(storage);
  const duel = new DuelController({ call: fakeDuelEngine().call, storage, duels });
  const problems = [];
  duel.on("problem", (p) => { problems.push(p.kind); });
  return { storage, duels, duel, problems };
}

async function dealt() {
  const a = player();
  const b = player();
  await a.duel.create({ profile: "schnapsen", options: {}, length: "deal" });
  const invitation = a.duel.outbox.join("");
  let offered = null;
  b.duel.on("invitation", (detail) => { offered = detail; });
  await b.duel.receive(invitation);
  await b.duel.join(offered.code);
  const reply = b.duel.outbox.join("\n");
  await a.duel.receive(reply);
  await b.duel.receive(a.duel.outbox.join(" "));
  return { a, b, invitation, reply };
}

// kind → how a link of that kind is made for page A (or B), and what the player reads
const KINDS = [
  ["already applied", "replay", async ({ a, reply }) => [a, reply]],
  ["from an earlier move or deal", "replay", async ({ b, invitation }) => [b, invitation]],
  ["for another duel", "foreign", async ({ a }) => [a, encode({ game: "ffffffffffffffff", seq: 3, prev: "", from: 1,
    body: { deal: 0 } })]],
  ["out of order", "early", async ({ a, b }) => [b, encode({ game: a.duel.id, seq: 9, prev: "", from: 0,
    body: { deal: 0, actions: [["AH"]] } })]],
  ["malformed: a cut code", "damaged", async ({ reply, a }) => [a, reply.slice(0, 20)]],
  ["malformed: no code at all", "damaged", async ({ a }) => [a, "see you tonight"]],
  ["another version of the protocol", "version", async ({ a, reply }) => [a, reply.replace("kd1.", "kd0.")]],
  ["for a duel set aside on this device", "setAside", async ({ a, reply }) => {
    a.duels.setAside(a.duel.id, "the engine refused its party");
    return [a, reply];
  }],
  ["for a duel stopped after cheating", "stopped", async ({ a }) => {
    const cheat = encode({ game: a.duel.id, seq: 3, prev: "", from: 1, body: { deal: 0, cheat: true } });
    await a.duel.receive(cheat);
    return [a, encode({ game: a.duel.id, seq: 3, prev: "", from: 1, body: { deal: 0 } })];
  }],
  ["the player's own", "own", async ({ a }) => [a, a.duel.outbox.join(" ")]],
];

for (const [name, kind, make] of KINDS) {
  test(`a link ${name} is refused as "${kind}" and said in five languages`, async () => {
    const pair = await dealt();
    const [page, text] = await make(pair);
    const before = JSON.stringify(page.duels.list().map((r) => r.party));
    const saidBefore = page.problems.length;
    assert.equal(await page.duel.receive(text), false);
    assert.equal(page.problems.length, saidBefore + 1, "said once");
    assert.equal(page.problems.at(-1), kind);
    if (kind !== "stopped") assert.equal(JSON.stringify(page.duels.list().map((r) => r.party)), before, "nothing changed");
    for (const lang of LANGUAGES) {
      const words = strings[lang][`duel.error.${kind}`];
      assert.ok(typeof words === "string" && words.length > 20, `${lang}: duel.error.${kind}`);
    }
  });
}

test("each kind has a sentence of its own, and the link that only reconnects has one too", () => {
  const keys = [...new Set(KINDS.map(([, kind]) => `duel.error.${kind}`)), "duel.link.known", "duel.link.knownLive"];
  for (const lang of LANGUAGES) {
    const words = keys.map((key) => strings[lang][key]);
    assert.equal(new Set(words).size, keys.length, lang);
    if (lang !== "en") for (const key of keys) assert.notEqual(strings[lang][key], strings.en[key], `${lang} ${key}`);
  }
});

test("a code of another version is told apart from a damaged one", () => {
  assert.equal(otherVersion("https://x/#duel=kd0.eJyrVkrLz1eyUkpKLFKqBQA"), true);
  assert.equal(otherVersion("kd2.eJyrVkrLz1eyUkpKLFKqBQA"), true);
  assert.equal(otherVersion("kd1.eJyrVkrLz1eyUkpKLFKqBQA"), false);
  assert.equal(otherVersion("see you tonight"), false);
});
