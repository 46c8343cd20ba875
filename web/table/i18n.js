// Translation: every UI string comes from web/i18n/<lang>.json.
// t(key, params) fills {name} placeholders; applyStatic(root) fills the page's own markup from
// data-i18n="key" (text) and data-i18n-attr="attr:key;attr:key" (attributes).

let strings = {};
let language = "en";
// A game may say some strings its own way (pass and play names the two players): a function of the
// language's strings returning the whole table to use instead, or null (web/local.js).
let overlay = null;

export function setOverlay(make) {
  overlay = make;
}

function table() {
  return (overlay && overlay(strings)) || strings;
}
let aliasPrefix = "";   // setAliasPrefix

export async function loadLanguage(lang = "en") {
  const url = new URL(`../i18n/${lang}.json`, import.meta.url);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
  strings = await response.json();
  language = lang;
  document.documentElement.lang = lang;
  return strings;
}

/**
 * While another opponent sits at the table (a friend instead of the computer: web/duel/ui.js),
 * each key is read from `<prefix><key>` when the language has that key ("duel.table.opp.close"
 * for "opp.close"); other keys keep their own words. "" ends it.
 */
export function setAliasPrefix(prefix = "") {
  aliasPrefix = prefix;
}

function aliased(key, own) {
  if (!aliasPrefix) return key;
  const other = aliasPrefix + key;
  return Object.prototype.hasOwnProperty.call(own, other)
    || Object.prototype.hasOwnProperty.call(own, `${other}.other`) ? other : key;
}

export function has(key) {
  const own = table();
  key = aliased(key, own);
  return Object.prototype.hasOwnProperty.call(own, key) || Object.prototype.hasOwnProperty.call(own, `${key}.other`);
}

export function t(key, params = {}) {
  const own = table();
  return format(own, language, aliased(key, own), params);
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
