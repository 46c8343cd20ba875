// The links of a duel (web/duel/link-flow.js): codes and a connection code in one link, read
// back; the invitation in words; a link opened in a new tab handed to the tab holding its game.
import { test } from "node:test";
import assert from "node:assert/strict";
import { liveLink, readLink, invitationWords, handOff, serveHandOffs } from "../../../web/duel/link-flow.js";

const WORDS = {
  "profile.bummerl.name": "Bummerl", "duel.join.match": "a match", "duel.join.single": "a single deal",
  "option.rubber": "Bummerls", "option.rubber.3": "Best of three", "option.mit40": "A 40 on the first lead counts",
  "option.target": "Target", "option.target.default": "Standard", "option.sevens": "With the sevens",
};
const i18n = { t: (k) => WORDS[k] ?? `?${k}`, has: (k) => k in WORDS };

test("a link carries the codes and the connection code; both are read back", () => {
  const link = liveLink("https://example.test/kaffeehaus/#old", ["kd1.AAA", "kd1.BBB"], "kl1.CCC-_");
  assert.equal(link, "https://example.test/kaffeehaus/#duel=kd1.AAA~kd1.BBB&rtc=kl1.CCC-_");
  const read = readLink(new URL(link).hash);
  assert.deepEqual(read, { codes: ["kd1.AAA", "kd1.BBB"], signal: "kl1.CCC-_" });
  assert.deepEqual(readLink("#duel=kd1.AAA"), { codes: ["kd1.AAA"], signal: null }, "a link without one");
  assert.equal(liveLink("p", ["kd1.A"], null), "p#duel=kd1.A");
});

test("the invitation says the game, match or single deal, and options in words, never raw values", () => {
  const words = invitationWords({ profile: "bummerl", match: true,
    options: { rubber: 3, mit40: true, sevens: false, target: null } }, i18n);
  assert.equal(words.game, "Bummerl");
  assert.equal(words.length, "a match");
  assert.deepEqual(words.options, ["Bummerls: Best of three", "A 40 on the first lead counts", "Target: Standard"]);
  assert.ok(!words.options.join(" ").match(/\b(true|false|null)\b/));
  assert.equal(invitationWords({ profile: "bummerl", match: false, options: {} }, i18n).length, "a single deal");
  assert.deepEqual(invitationWords(null, i18n).options, []);
});

test("a link opened in a new tab goes to the tab that holds its game; else it stays", async () => {
  const taken = [];
  const stop = serveHandOffs(BroadcastChannel, { holds: (game) => game === "g1", take: (hash) => taken.push(hash), page: "old" });
  try {
    assert.equal(await handOff(BroadcastChannel, { game: "g1", hash: "#duel=kd1.X&rtc=kl1.Y", page: "new" }), true);
    assert.deepEqual(taken, ["#duel=kd1.X&rtc=kl1.Y"]);
    assert.equal(await handOff(BroadcastChannel, { game: "g2", hash: "#duel=kd1.Z", page: "new" }, 150), false);
    assert.equal(await handOff(BroadcastChannel, { game: "g1", hash: "#duel=kd1.W", page: "old" }, 150), false,
      "a page does not hand a link to itself");
    assert.deepEqual(taken, ["#duel=kd1.X&rtc=kl1.Y"]);
  } finally {
    stop();
  }
  assert.equal(await handOff(undefined, { game: "g1", hash: "#x" }), false, "no BroadcastChannel: this tab");
});
