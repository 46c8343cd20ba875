// Translation: every UI string comes from web/i18n/<lang>.json.
// t(key, params) fills {name} placeholders; applyStatic(root) fills the page's own markup from
// data-i18n="key" (text) and data-i18n-attr="attr:key;attr:key" (attributes).

let strings = {};
let language = "en";

export async function loadLanguage(lang = "en") {
  const url = new URL(`../i18n/${lang}.json`, import.meta.url);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
  strings = await response.json();
  language = lang;
  document.documentElement.lang = lang;
  return strings;
}

export function has(key) {
  return Object.prototype.hasOwnProperty.call(strings, key);
}

export function t(key, params = {}) {
  const text = has(key) ? strings[key] : key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
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
