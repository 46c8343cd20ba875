// The rules page's template filling (web/rulebook.js) with a fixed description: no engine, no DOM.
import { test } from "node:test";
import assert from "node:assert/strict";
import { formatMessage, parseMessage, renderPage, renderShort } from "../../../web/rulebook.js";

const FRENCH_RANKS = { A: "A", K: "R", Q: "D", J: "V", T: "10", 9: "9", 8: "8", 7: "7" };
const fr = { lang: "fr", rank: (r) => FRENCH_RANKS[r] };

const DESCRIPTION = {
  profile: "schneider-neighbour",
  game: "schneider",
  options: {},
  sections: [
    { id: "deal", facts: [{ key: "deal", values: { hand: 6, stock: 20 }, rules: ["SN-3"] }] },
    {
      id: "play",
      facts: [
        { key: "ladder", values: { ladder: [["9", "T"], ["T", "J"]] }, rules: ["SN-11"] },
        { key: "example", values: { lead: "TS", answer: "JS", winner: "responder", honours: 2 }, rules: ["SN-11"] },
        { key: "missing.everywhere", values: {}, rules: [] },
      ],
    },
  ],
  short: [
    { key: "short.a", values: { deck: 32 }, rules: [] },
    { key: "short.b", values: { deals: 6 }, rules: [] },
  ],
};

const TEMPLATES = {
  title: { "schneider-neighbour": "Neighbour" },
  section: { deal: "The deal ({hand})", play: "Play" },
  fact: {
    deal: "Hands of {hand}, a stock of {stock}.",
    ladder: "Only {ladder, ladder} win.",
    example: "{lead, card} led, {answer, card} answered: {winner, select, responder {the responder} other {the leader}} takes {honours, plural, =0 {no honour} one {one honour} other {# honours}}.",
    "short.a": "{deck} cards.",
  },
};
const ENGLISH = { fact: { "short.b": "A session is {deals} deals." } };

test("placeholders are filled with the engine's values", () => {
  assert.equal(formatMessage("Hands of {hand}.", { hand: 6 }), "Hands of 6.");
  assert.equal(formatMessage("{n} + {m} = {s}", { n: 27, m: 40, s: 67 }), "27 + 40 = 67");
  assert.equal(formatMessage("no placeholder"), "no placeholder");
});

test("English plural: one and other, exact matches first", () => {
  const t = "{n, plural, =0 {no honour} one {# honour} other {# honours}}";
  assert.equal(formatMessage(t, { n: 0 }), "no honour");
  assert.equal(formatMessage(t, { n: 1 }), "1 honour");
  assert.equal(formatMessage(t, { n: 2 }), "2 honours");
  assert.equal(formatMessage(t, { n: 16 }), "16 honours");
});

test("Czech plural needs three forms: one, few, other", () => {
  const t = "{n, plural, one {# karta} few {# karty} other {# karet}}";
  const env = { lang: "cs" };
  assert.equal(formatMessage(t, { n: 1 }, env), "1 karta");
  for (const n of [2, 3, 4]) assert.equal(formatMessage(t, { n }, env), `${n} karty`);
  for (const n of [5, 6, 12, 20, 24, 32]) assert.equal(formatMessage(t, { n }, env), `${n} karet`);
  const points = "{one, plural, one {# herní bod} few {# herní body} other {# herních bodů}}";
  assert.equal(formatMessage(points, { one: 1 }, env), "1 herní bod");
  assert.equal(formatMessage(points, { one: 3 }, env), "3 herní body");
  assert.equal(formatMessage(points, { one: 12 }, env), "12 herních bodů");
});

test("French plural: 0 and 1 are singular", () => {
  const t = "{n, plural, one {# point de jeu} other {# points de jeu}}";
  assert.equal(formatMessage(t, { n: 0 }, fr), "0 point de jeu");
  assert.equal(formatMessage(t, { n: 1 }, fr), "1 point de jeu");
  assert.equal(formatMessage(t, { n: 2 }, fr), "2 points de jeu");
});

test("select picks the branch by the value's text, else other; branches hold placeholders", () => {
  const t = "{chosen, select, true {chosen: {n}} other {not chosen}}";
  assert.equal(formatMessage(t, { chosen: true, n: 3 }), "chosen: 3");
  assert.equal(formatMessage(t, { chosen: false, n: 3 }), "not chosen");
  assert.equal(formatMessage("{deck, select, 24 {A K Q J} other {A K Q J 10}}", { deck: 24 }), "A K Q J");
  assert.equal(formatMessage("{deck, select, 24 {A K Q J} other {A K Q J 10}}", { deck: 32 }), "A K Q J 10");
});

test("cards, ranks and ladders are written with the language's corner letters", () => {
  assert.equal(formatMessage("{c, card}", { c: "JS" }, fr), "V♠");
  assert.equal(formatMessage("{c, card} {d, card}", { c: "TH", d: "QD" }, fr), "10♥ D♦");
  assert.equal(formatMessage("{c, card}", { c: "KC" }), "K♣");
  assert.equal(formatMessage("{r, rank}", { r: "Q" }, fr), "D");
  assert.equal(formatMessage("{l, ladder}", { l: [["7", "8"], ["K", "A"]] }, fr), "7→8, R→A");
});

test("malformed templates are refused when parsed", () => {
  assert.throws(() => parseMessage("{n, plural, one {x}}"), SyntaxError);   // no other
  assert.throws(() => parseMessage("{n, plural, other {x}"), SyntaxError);  // unclosed
  assert.throws(() => parseMessage("a } b"), SyntaxError);
  assert.throws(() => parseMessage("{n, date}x{"), SyntaxError);
  assert.ok(parseMessage("plain # text"));
});

test("a page: title, headings filled with the section's values, one paragraph per fact", () => {
  const page = renderPage(DESCRIPTION, TEMPLATES, { lang: "en", fallback: ENGLISH });
  assert.equal(page.title, "Neighbour");
  assert.deepEqual(page.sections.map((s) => s.heading), ["The deal (6)", "Play"]);
  assert.deepEqual(page.sections[0].paragraphs, ["Hands of 6, a stock of 20."]);
  assert.deepEqual(page.sections[1].paragraphs, [
    "Only 9→10, 10→J win.",
    "10♠ led, J♠ answered: the responder takes 2 honours.",
    "missing.everywhere",           // no template anywhere: the key shows, never a blank
  ]);
  for (const section of page.sections) {
    for (const text of section.paragraphs) assert.doesNotMatch(text, /\[[A-Z]{2}-\d+/);
  }
});

test("Rules in short joins the summary facts; a missing one comes from the fallback", () => {
  assert.equal(renderShort(DESCRIPTION, TEMPLATES, { lang: "en", fallback: ENGLISH }), "32 cards. A session is 6 deals.");
});
