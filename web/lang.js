// lang.js — the interface language (docs/I18N.md "Choosing the language") and its picker.
//
//   chosenLanguage(storage)       the remembered choice (storage key "language"), else
//                                 navigator.languages, else "en"
//   label(tag, key, attrs)        a node whose text follows the language
//   installLanguage({storage, rules})  the picker in the settings dialog (select[data-language]);
//                                 `rules` is web/rules-pages.js's installRules() answer
// Switching: loadLanguage → remember → a "kaffeehaus:language" event on document (every module
// that draws words draws them again: app.js the static strings and the table) → the rules
// pages again (rules.refresh) → <html data-language="xx"> (set last: tests wait for it).
import { t, loadLanguage, currentLanguage } from "./i18n.js";
import { LANGUAGES } from "./languages.js";

export { LANGUAGES };
const html = document.documentElement;

export function chosenLanguage(storage) {
  const saved = storage.read("language");
  if (saved) return saved;
  const tags = (navigator.languages && navigator.languages.length) ? navigator.languages : [navigator.language];
  for (const tag of tags) {
    const primary = String(tag || "").toLowerCase().split("-")[0];
    if (LANGUAGES.includes(primary)) return primary;
  }
  return "en";
}

/** An element with these attributes and children. */
export function element(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/** A node whose text follows the language: data-i18n is refreshed by applyStatic(). */
export function label(tag, key, attrs = {}) {
  const node = element(tag, { ...attrs, "data-i18n": key });
  node.textContent = t(key);
  return node;
}

// ---------------------------------------------------------------------------------------------
// The picker

export function installLanguage({ storage, rules }) {
  const dialog = document.querySelector("dialog[data-dialog='settings']");
  const select = element("select", { "data-language": "" });
  for (const lang of LANGUAGES) select.appendChild(label("option", `language.${lang}`, { value: lang, lang }));
  select.value = currentLanguage();
  const row = element("label", { class: "language-row" }, [label("span", "settings.language"), select]);
  if (dialog) dialog.insertBefore(row, dialog.querySelector("h2").nextSibling);
  html.dataset.language = currentLanguage();

  let switching = Promise.resolve();
  select.addEventListener("change", () => {
    const lang = select.value;
    switching = switching.then(async () => {
      if (!LANGUAGES.includes(lang)) return;
      try {
        await loadLanguage(lang);
      } catch {
        select.value = currentLanguage();
        return;
      }
      storage.write("language", lang);
      document.dispatchEvent(new CustomEvent("kaffeehaus:language", { detail: { lang } }));
      await rules.refresh();
      select.value = lang;
      html.dataset.language = lang;
    });
  });
}
