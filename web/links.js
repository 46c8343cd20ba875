// links.js — share links: opening them (a deal to play against the computer, or the replay of
// someone's moves: web/replay.js), and the "Share" button that makes them (its dialog: web/share.js).
// Link format, versioning and validation: docs/OFFLINE-LINKS.md.
//
//   <page>#s=<token>[&lv=<level>][&day=YYYY-MM-DD]      (also ?deal=<token>&lv=…&day=…)
//     token  kaffeehaus.api.share_link(state): version, profile, options, deck, dealer and,
//            for a replay, the moves; only the engine reads it (api.open_link validates all).
//     lv     the computer's level the sharer played against (one of LEVELS)
//     day    set when the deal is a deal of the day (web/daily.js), shown to the friend
//
// Everything read from the URL is untrusted: it goes to the engine as a JSON string or is
// compared with fixed lists, and any message about it is set as text (textContent), never as
// markup. A link that cannot be opened gets a notice (data-notice="link-error") and the normal
// set-up screen; the URL is cleaned either way, so a reload does not open the link twice.
//
// installLinks({table, setup, fail, daily}) wires the share button and the hashchange;
// openLinkFromLocation(links) opens the link in the URL (app.js, once the engine is ready).
import { t, formatDate } from "./i18n.js";
import { LEVELS } from "./engine-facts.js";
import { engineText } from "./table/words.js";
import { notify, words, dismiss } from "./notices.js";
import { label } from "./lang.js";
import { MAX_LINK_TOKEN_LENGTH } from "./limits.js";
import { showReplay } from "./replay.js";
import { openShare, sharable } from "./share.js";

export { openShare };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const html = document.documentElement;

// ---------------------------------------------------------------------------------------------
// Reading a link

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not). */
function isDate(text) {
  if (!DAY.test(text)) return false;
  const [y, m, d] = text.split("-").map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * The link in a location: null when there is none, else {token, level, day} or {error}
 * (error: a function giving a plain sentence in the current language). Only the fields below are read; others are ignored.
 */
export function readLink(location) {
  const hash = new URLSearchParams(location.hash.replace(/^#/, ""));
  const query = new URLSearchParams(location.search);
  let params = null;
  if (hash.has("s")) params = { token: hash.get("s"), level: hash.get("lv"), day: hash.get("day") };
  else if (query.has("deal")) params = { token: query.get("deal"), level: query.get("lv"), day: query.get("day") };
  if (!params) return null;
  if (!params.token) return { error: () => t("error.link_empty") };
  if (params.token.length > MAX_LINK_TOKEN_LENGTH) return { error: () => t("error.link_too_long") };
  if (params.level !== null && !LEVELS.includes(params.level)) return { error: () => t("link.reason.level") };
  if (params.day !== null && !isDate(params.day)) return { error: () => t("link.reason.day") };
  return params;
}

/** The page's URL without the link (history only: nothing is reloaded). */
function cleanLocation() {
  const { hash, search } = window.location;
  if (!hash && !search) return;
  try {
    window.history.replaceState(window.history.state, "", window.location.pathname);
  } catch { /* a sandboxed page: the link stays in the address bar, harmlessly */ }
}

/**
 * Open the link in the page's URL, if any (after the engine is ready and the saved game was
 * checked). html[data-link] = "none" | "opened" | "error" | "asked" (for tests).
 */
export async function openLinkFromLocation(links) {
  const link = readLink(window.location);
  cleanLocation();
  if (!link) {
    html.dataset.link = "none";
    return;
  }
  if (link.error) return linkFailed(link.error);
  let state;
  try {
    state = await links.table.call("open_link", { token: link.token });
  } catch (error) {
    // the engine's keyword in the player's language; its plain English sentence only where this
    // page has no words for the keyword
    if (error.code) return linkFailed(() => engineText(error.code, error.params) || error.message);
    return linkFailed(["LinkError", "ValueError"].includes(error.type) ? error.message : () => t("link.reason.engine"));
  }
  if (links.table.games.list().length) {
    html.dataset.link = "asked";
    notify("link-open", () => t("link.replaceSaved"), {
      sticky: true,
      buttons: [
        { ui: "open-link", label: () => t("link.open"), primary: true, onClick: () => openState(links, state, link) },
        { ui: "keep-game", label: () => t("link.keep"), onClick: () => { html.dataset.link = "kept"; } },
      ],
    });
    return;
  }
  await openState(links, state, link);
}

// reason: the engine's own sentence, or a function giving ours in the current language
function linkFailed(reason) {
  html.dataset.link = "error";
  notify("link-error", () => t("link.error", { reason: words(reason).replace(/[.\s]+$/, "") }), { alert: true });
}

async function openState(links, state, link) {
  const { table } = links;
  try {
    const obs = await table.call("observation", { state, player: 0 });
    const level = link.level || links.setup.values().level;
    if (link.day) await links.daily.remember(state, link.day);
    await table.begin(state, { level, aiSeed: 0, mode: "ranked" });
    html.dataset.link = "opened";
    notify("link-opened", () => {
      const game = t(`profile.${obs.profile}.name`);
      return link.day ? t("link.openedDay", { date: formatDate(link.day), game }) : t("link.opened", { game });
    });
    if (obs.actions.length) showReplay(links, state, obs, link);
  } catch (error) {
    links.fail(error);
  }
}

/**
 * The "Share" button in the top bar, shown while a game against the computer is on the table: its own item of the
 * bar, before the menu (the bar wraps, so long words in any language never widen the page);
 * and a link pasted into the address bar of the open page (only the hash changes).
 * links = {table (the table controller, web/play/table.js), setup (the set-up view:
 * its level), daily (web/daily.js), fail(error)}.
 */
export function installLinks(links) {
  const menu = document.querySelector("header .menu");
  const bar = menu ? menu.parentElement : document.querySelector("header");
  if (bar && !document.querySelector("[data-ui='share']")) {
    const button = label("button", "action.share", { type: "button", "data-ui": "share" });
    button.hidden = true;
    button.addEventListener("click", (event) => {
      event.stopPropagation();
      dismiss("daily-done");
      openShare(links);
    });
    button.className = "share-button";
    bar.insertBefore(button, menu);
    links.table.on("began", () => { button.hidden = !sharable(links); });
  }
  window.addEventListener("hashchange", () => {
    if (/[#&]s=/.test(window.location.hash)) openLinkFromLocation(links).catch(links.fail);
  });
}
