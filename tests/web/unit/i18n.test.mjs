// The interface strings' plural forms and dates (web/i18n.js): format() and formatDate()
// are pure, so they run here without a browser, with the real language files.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { format, formatDate, promoted } from "../../../web/i18n.js";

const load = (lang) => JSON.parse(readFileSync(new URL(`../../../web/i18n/${lang}.json`, import.meta.url), "utf8"));
const strings = Object.fromEntries(["en", "fr", "de", "cs", "pt"].map((lang) => [lang, load(lang)]));

test("Czech takes one, few and other: 1 karta, 3 karty, 5 karet", () => {
  const talon = (n) => format(strings.cs, "cs", "area.talon", { count: n });
  assert.equal(talon(1), "Talon: 1 karta");
  assert.equal(talon(3), "Talon: 3 karty");
  assert.equal(talon(5), "Talon: 5 karet");
  assert.equal(talon(22), "Talon: 22 karet");   // unlike Polish, Czech "few" is 2–4 only
  const won = (n) => format(strings.cs, "cs", "status.youWinDeal", { points: n, reason: "x" });
  assert.equal(won(1), "Vyhráváte hru: 1 herní bod (x).");
  assert.equal(won(2), "Vyhráváte hru: 2 herní body (x).");
  assert.equal(won(12), "Vyhráváte hru: 12 herních bodů (x).");
});

test("English, German, Portuguese: one and other; French counts 0 and 1 as one", () => {
  assert.equal(format(strings.en, "en", "area.stock", { count: 1 }), "Stock: 1 card");
  assert.equal(format(strings.en, "en", "area.stock", { count: 0 }), "Stock: 0 cards");
  assert.equal(format(strings.de, "de", "area.talon", { count: 1 }), "Talon: 1 Karte");
  assert.equal(format(strings.de, "de", "area.talon", { count: 9 }), "Talon: 9 Karten");
  assert.equal(format(strings.pt, "pt", "area.opponentHand", { count: 2 }), "Mão do computador: 2 cartas");
  assert.equal(format(strings.fr, "fr", "area.talon", { count: 1 }), "Talon : 1 carte");
  assert.equal(format(strings.fr, "fr", "area.talon", { count: 0 }), "Talon : 0 carte");
  assert.equal(format(strings.fr, "fr", "area.talon", { count: 7 }), "Talon : 7 cartes");
});

test("the count is params.count, else the first number; a missing category falls back to other", () => {
  const table = { "x.one": "{agree} of {count} move", "x.other": "{agree} of {count} moves", "y.other": "{n} things" };
  assert.equal(format(table, "en", "x", { agree: 3, count: 1 }), "3 of 1 move");
  assert.equal(format(table, "en", "x", { agree: 1, count: 4 }), "1 of 4 moves");
  assert.equal(format(table, "cs", "y", { n: 3 }), "3 things");
  assert.equal(format(table, "en", "y", {}), "{n} things");
  assert.equal(format(table, "en", "nothing.here", {}), "nothing.here");
});

test("no string of any language keeps a '(s)'-style plural", () => {
  const bad = /\w\((s|e|n|es)\)(?!\w)/;
  for (const [lang, table] of Object.entries(strings)) {
    for (const [key, text] of Object.entries(table)) assert.ok(!bad.test(text), `${lang} ${key}: ${text}`);
  }
});

test("every plural key has the forms its language's numbers need", () => {
  for (const [lang, table] of Object.entries(strings)) {
    const rules = new Intl.PluralRules(lang);
    const needed = new Set(Array.from({ length: 200 }, (_, n) => rules.select(n)));
    const bases = Object.keys(table).filter((k) => k.endsWith(".other")).map((k) => k.slice(0, -6));
    assert.ok(bases.length >= 8, lang);
    for (const base of bases) {
      for (const category of needed) assert.ok(`${base}.${category}` in table, `${lang} ${base}.${category}`);
    }
  }
});

test("dates are written as each language writes them", () => {
  assert.equal(formatDate("2026-12-01", "en"), "December 1, 2026");
  assert.equal(formatDate("2026-12-01", "fr"), "1 décembre 2026");
  assert.equal(formatDate("2026-12-01", "de"), "1. Dezember 2026");
  assert.equal(formatDate("2026-12-01", "cs"), "1. prosince 2026");
  assert.equal(formatDate("2026-12-01", "pt"), "1 de dezembro de 2026");
  assert.equal(formatDate("not a date", "en"), "not a date");
});

test("promoted: the keys under a prefix replace the keys they name, plural forms as a whole", () => {
  const strings = {
    "opp.close": "The computer closes the talon",
    "opp.exchange": "The computer exchanges",
    "opp.exchange.german": "The computer exchanges the Unter",
    "hand.one": "{count} card", "hand.other": "{count} cards",
    "score": "Score",
    "friend.opp.close": "Your friend closes the talon",
    "friend.opp.exchange.german": "Your friend exchanges the Unter",
    "friend.hand.other": "Friend: {count}",
    "friend.score.few": "not a plural: no other form",
  };
  const out = promoted(strings, "friend.", (text) => `» ${text}`);
  assert.equal(out["opp.close"], "» Your friend closes the talon");
  assert.equal(out["opp.exchange"], "The computer exchanges", "a longer key does not replace its stem");
  assert.equal(out["opp.exchange.german"], "» Your friend exchanges the Unter");
  assert.equal(format(out, "en", "hand", { count: 1 }), "» Friend: 1", "the base's 'one' form is gone");
  assert.equal(out.score, "Score");
  assert.equal(strings["opp.close"], "The computer closes the talon", "the language's table is not changed");
});
