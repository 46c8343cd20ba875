// rules-pages.js — the rules of every profile with its options, in the interface language: the
// full page in the rules dialog ([data-rules-page], a profile picker) and "Rules in short" on the
// set-up screen ([data-rules-text]). The engine describes the rules (api.rules through the table
// controller: facts with its own numbers), web/rules/<lang>.json holds the templates,
// web/rulebook.js fills them; text only.
//
//   installRules({storage, table}) → {refresh}   refresh(): both drawn again (a language switch)
import { t, currentLanguage } from "./i18n.js";
import { PROFILE_ORDER } from "./engine-facts.js";
import { renderPage, renderShort } from "./rulebook.js";
import { element, label } from "./lang.js";

const html = document.documentElement;

const rulesCache = new Map();

async function fetchRules(lang) {
  if (!rulesCache.has(lang)) {
    const url = new URL(`./rules/${lang}.json`, import.meta.url);
    const promise = fetch(url).then((response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return response.json();
    });
    rulesCache.set(lang, promise);
    promise.catch(() => rulesCache.delete(lang));
  }
  return rulesCache.get(lang);
}

let engineCall = null;      // table.call: the engine worker
let game = null;            // the table controller: the game on the table
let store = null;           // web/saving/storage.js
const descriptions = new Map();

/** The engine's description of a profile's rules with these options (cached). */
function describe(profile, options) {
  const key = JSON.stringify([profile, options || {}]);
  if (!descriptions.has(key)) {
    const promise = engineCall("rules", { profile, options: options || {} });
    descriptions.set(key, promise);
    promise.catch(() => descriptions.delete(key));
  }
  return descriptions.get(key);
}

/** Templates of `lang` (else English) and English as the fallback of a missing fact. */
async function templates(lang) {
  const english = await fetchRules("en");
  if (lang === "en") return { own: english, english, lang };
  try {
    return { own: await fetchRules(lang), english, lang };
  } catch {
    return { own: english, english, lang: "en" };
  }
}

function environment(texts) {
  return { lang: texts.lang, fallback: texts.english, rank: (rank) => t(`index.french.${rank}`) };
}

async function rulesPage(lang, profile, options) {
  const [texts, description] = await Promise.all([templates(lang), describe(profile, options)]);
  return { page: renderPage(description, texts.own, environment(texts)), lang: texts.lang };
}

/** What the set-up screen has chosen: {profile, options} (web/table/dialogs.js keeps it). */
function setupChoice() {
  const root = document.querySelector("[data-zone='setup']");
  try {
    const choice = JSON.parse(root.dataset.setupChoice);
    if (choice && choice.profile) return choice;
  } catch { /* not drawn yet */ }
  return { profile: PROFILE_ORDER[0], options: {} };
}

/** The options of the game on the table (else of the set-up choice) when they are `profile`'s. */
function optionsFor(profile) {
  const state = html.dataset.playing && game ? game.state : null;
  if (state && state.profile === profile) return state.options;
  const choice = setupChoice();
  return choice.profile === profile ? choice.options : {};
}

let rulesRequest = 0;

async function renderRules(root) {
  const select = root.querySelector("[data-rules-profile]");
  const title = root.querySelector("[data-rules-title]");
  const body = root.querySelector("[data-rules-body]");
  const profile = select.value;
  const lang = currentLanguage();
  const request = ++rulesRequest;
  root.dataset.rulesState = "loading";
  try {
    const { page, lang: shown } = await rulesPage(lang, profile, optionsFor(profile));
    if (request !== rulesRequest) return;
    title.textContent = page.title;
    const nodes = [];
    for (const section of page.sections) {
      const h = document.createElement("h4");
      h.textContent = section.heading;
      nodes.push(h);
      for (const text of section.paragraphs) {
        const p = document.createElement("p");
        p.textContent = text;
        nodes.push(p);
      }
    }
    body.replaceChildren(...nodes);
    root.dataset.rulesShown = profile;
    root.dataset.rulesLang = shown;
    root.dataset.rulesState = "ready";
  } catch {
    if (request !== rulesRequest) return;
    title.textContent = "";
    body.replaceChildren(label("p", "rules.loadError", { class: "note" }));
    root.dataset.rulesState = "error";
  }
}

/** The profile the player is looking at: the game on the table, else the set-up choice. */
function currentProfile() {
  if (html.dataset.playing) return html.dataset.playing;
  return setupChoice().profile;
}

// "Rules in short" on the set-up screen, for the profile and options chosen there. While the
// engine loads, the description it gave on an earlier visit (kept through web/saving/storage.js) stands in;
// on a first visit a line says the rules are coming.
// (storage key "rulesShort", web/saving/storage.js)
let shortRequest = 0;

function cachedDescriptions() {
  return store.read("rulesShort");
}

function cacheDescription(key, description) {
  const all = cachedDescriptions();
  delete all[key];
  all[key] = description;
  const keys = Object.keys(all);
  for (const old of keys.slice(0, Math.max(0, keys.length - 12))) delete all[old];
  store.write("rulesShort", all);   // not kept (storage full): the next visit waits for the engine
}

async function renderShortRules() {
  const target = document.querySelector("[data-rules-text]");
  if (!target || !engineCall) return;
  const { profile, options } = setupChoice();
  const key = JSON.stringify([profile, options || {}]);
  const request = ++shortRequest;
  target.dataset.rulesShortState = "loading";
  const earlier = cachedDescriptions()[key];
  if (earlier) {
    templates(currentLanguage()).then((texts) => {
      if (request !== shortRequest || target.dataset.rulesShortState !== "loading") return;
      target.textContent = renderShort(earlier, texts.own, environment(texts));
    }).catch(() => {});
  } else {
    target.textContent = t("rules.waiting");
  }
  try {
    const [texts, description] = await Promise.all([templates(currentLanguage()), describe(profile, options)]);
    cacheDescription(key, description);
    if (request !== shortRequest) return;
    target.textContent = renderShort(description, texts.own, environment(texts));
    target.dataset.rulesShort = profile;
    target.dataset.rulesShortOptions = JSON.stringify(description.options);
    target.dataset.rulesShortState = "ready";
  } catch {
    if (request !== shortRequest) return;
    target.textContent = "";
    target.dataset.rulesShortState = "error";
  }
}

function installRulesDialog() {
  const dialog = document.querySelector("dialog[data-dialog='rules']");
  if (!dialog) return null;
  const select = element("select", { "data-rules-profile": "" });
  for (const id of PROFILE_ORDER) {
    const option = label("option", `profile.${id}.name`, { value: id });
    select.appendChild(option);
  }
  const root = element("section", { class: "rules-page", "data-rules-page": "" }, [
    element("label", {}, [label("span", "rules.profile"), select]),
    element("h3", { "data-rules-title": "" }),
    element("div", { "data-rules-body": "" }),
  ]);
  // The full page replaces the two short summaries in this dialog (the set-up screen keeps its own).
  for (const p of dialog.querySelectorAll("[data-i18n='rules.schnapsen'], [data-i18n='rules.schneider']")) p.hidden = true;
  dialog.insertBefore(root, dialog.querySelector("h2").nextSibling);
  select.addEventListener("change", () => renderRules(root));
  document.addEventListener("click", (event) => {
    if (!event.target.closest("[data-ui='rules']")) return;
    select.value = currentProfile();
    renderRules(root);
  });
  return root;
}

export function installRules({ storage, table }) {
  engineCall = (cmd, args) => table.call(cmd, args);
  game = table;
  store = storage;
  const root = installRulesDialog();
  document.addEventListener("kaffeehaus:setup-change", () => renderShortRules());
  renderShortRules();
  return {
    async refresh() {
      renderShortRules();
      if (root && root.closest("dialog").open) await renderRules(root);
    },
  };
}
