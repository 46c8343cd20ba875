// Translation: every UI string comes from web/i18n/<lang>.json.
// t(key, params) fills {name} placeholders; applyStatic(root) fills the page's own markup from
// data-i18n="key" (text) and data-i18n-attr="attr:key;attr:key" (attributes).

let strings = {};
let language = "en";
// A game may say some strings its own way: pass and play names the two players (web/local.js), a
// duel says "your friend" (web/duel/ui.js). Each overlay is a function of the language's strings
// returning the whole table to use instead, or null while its game is not on the table.
const overlays = [];

/** Add an overlay (see above); returns a function that removes it. */
export function addOverlay(make) {
  overlays.push(make);
  return () => {
    const at = overlays.indexOf(make);
    if (at >= 0) overlays.splice(at, 1);
  };
}

function table() {
  for (const make of overlays) {
    const own = make(strings);
    if (own) return own;
  }
  return strings;
}

const PLURAL_FORM = /\.(zero|one|two|few|many|other)$/;

/**
 * `strings` with each key under `prefix` in place of the key it names ("duel.table.opp.close"
 * says "opp.close"); a key given in plural forms replaces every form of its key. `fill(text)`
 * may rewrite each promoted text (the players' names). Pure: node --test runs it.
 */
export function promoted(strings, prefix, fill = (text) => text) {
  const out = { ...strings };
  const keys = Object.keys(strings).filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length));
  const plural = (key) => PLURAL_FORM.test(key) && keys.includes(key.replace(PLURAL_FORM, ".other"));
  for (const key of keys) {
    const base = plural(key) ? key.replace(PLURAL_FORM, "") : key;
    delete out[base];
    for (const form of ["zero", "one", "two", "few", "many", "other"]) delete out[`${base}.${form}`];
  }
  for (const key of keys) out[key] = fill(strings[prefix + key]);
  return out;
}

export async function loadLanguage(lang = "en") {
  const url = new URL(`./i18n/${lang}.json`, import.meta.url);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
  strings = await response.json();
  language = lang;
  document.documentElement.lang = lang;
  return strings;
}

export function has(key) {
  const own = table();
  return Object.prototype.hasOwnProperty.call(own, key) || Object.prototype.hasOwnProperty.call(own, `${key}.other`);
}

export function t(key, params = {}) {
  return format(table(), language, key, params);
}

/**
 * The string of `key` in `table` (a language's strings) with its {name} placeholders filled.
 * A key may come in plural forms instead: `key.one`, `key.few`, `key.other`, … (the categories
 * of Intl.PluralRules for the language; `other` is required, a missing category falls back to
 * it). The count is `params.count`, or else the first number among the params. Numbers are
 * written with Intl.NumberFormat of the language. Pure: node --test runs it.
 */
export function format(table, lang, key, params = {}) {
  const own = (k) => Object.prototype.hasOwnProperty.call(table, k);
  let text = own(key) ? table[key] : null;
  if (text === null && own(`${key}.other`)) {
    const count = typeof params.count === "number" ? params.count
      : Object.values(params).find((v) => typeof v === "number");
    const category = typeof count === "number" ? pluralRules(lang).select(count) : "other";
    text = own(`${key}.${category}`) ? table[`${key}.${category}`] : table[`${key}.other`];
  }
  if (text === null) text = key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => {
    if (!(name in params)) return whole;
    const value = params[name];
    return typeof value === "number" ? numberFormat(lang).format(value) : String(value);
  });
}

const rulesCache = new Map();
function pluralRules(lang) {
  if (!rulesCache.has(lang)) rulesCache.set(lang, new Intl.PluralRules(lang));
  return rulesCache.get(lang);
}
const numberCache = new Map();
function numberFormat(lang) {
  if (!numberCache.has(lang)) numberCache.set(lang, new Intl.NumberFormat(lang, { useGrouping: false }));
  return numberCache.get(lang);
}

/** A date ("2026-12-01", a Date or a time stamp) as the language writes it: "1 December 2026". */
export function formatDate(value, lang = language) {
  let date = value;
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split("-").map(Number);
    date = new Date(Date.UTC(y, m - 1, d));
  } else if (!(value instanceof Date)) date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: "UTC" }).format(date);
}

export function applyStatic(root = document) {
  for (const node of root.querySelectorAll("[data-i18n]")) {
    node.textContent = t(node.dataset.i18n);
  }
  for (const node of root.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of node.dataset.i18nAttr.split(";")) {
      const [attr, key] = pair.split(":").map((s) => s.trim());
      if (attr && key) node.setAttribute(attr, t(key));
    }
  }
}

export function currentLanguage() {
  return language;
}
