// links.js — share links: making them (the "Share" button and dialog: copy, Web Share API) and
// opening them (a deal to play against the computer, or the replay of someone's moves).
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
import { t, formatDate } from "./table/i18n.js";
import { LEVELS } from "./storage.js";
import { faceCard, cardName, suitName } from "./table/cardview.js";
import { engineText, marriagePoints } from "./table/words.js";
import { notify, words, dismiss } from "./notices.js";
import { label } from "./lang.js";
import { MAX_LINK_TOKEN_LENGTH } from "./limits.js";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const html = document.documentElement;

function cardSettings() {
  return { deckStyle: html.dataset.deck === "german" ? "german" : "french", fourColour: html.dataset.fourColour === "true" };
}

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

export function linkUrl(token, { level, day } = {}) {
  const params = new URLSearchParams({ s: token });
  if (level) params.set("lv", level);
  if (day) params.set("day", day);
  return `${window.location.origin}${window.location.pathname}#${params}`;
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

// ---------------------------------------------------------------------------------------------
// The replay of a shared deal: every move, trick by trick, and the result

function seatName(player) {
  return t(player === 0 ? "replay.player" : "replay.computer");
}

function moveText(player, action, obs, style) {
  const seat = seatName(player);
  if (action.startsWith("marry:")) {
    return t("replay.marry", { seat, suit: suitName(action.slice(6), style), points: marriagePoints(action, obs, player) });
  }
  if (["exchange", "close", "claim"].includes(action)) return t(`replay.${action}`, { seat });
  return t("replay.played", { seat, card: cardName(action, style) });
}

function dialog(name, build) {
  let node = document.querySelector(`dialog[data-dialog='${name}']`);
  if (!node) {
    node = document.createElement("dialog");
    node.className = "dialog";
    node.dataset.dialog = name;
    build(node);
    document.body.appendChild(node);
  }
  return node;
}

function closeForm(extra = []) {
  const form = document.createElement("form");
  form.method = "dialog";
  form.append(...extra, label("button", "action.close.dialog", { type: "submit" }));
  return form;
}

function showReplay(links, state, obs, link) {
  const node = dialog("replay", (d) => {
    const h2 = document.createElement("h2");
    h2.dataset.replayTitle = "";
    const note = document.createElement("p");
    note.className = "note";
    note.dataset.replayNote = "";
    const list = document.createElement("ol");
    list.className = "replay-list";
    list.dataset.replayList = "";
    const result = document.createElement("p");
    result.dataset.replayResult = "";
    const play = label("button", "replay.play", { type: "button", "data-ui": "replay-play" });
    d.append(h2, note, list, result, closeForm([play]));
  });
  const settings = cardSettings();
  node.querySelector("[data-replay-title]").textContent = t("replay.title");
  node.querySelector("[data-replay-note]").textContent = link.day
    ? t("replay.noteDay", { date: formatDate(link.day), game: t(`profile.${obs.profile}.name`) })
    : t("replay.note", { game: t(`profile.${obs.profile}.name`) });
  const list = node.querySelector("[data-replay-list]");
  list.replaceChildren();
  // the engine groups the log: each finished trick's actions (what its leader did before
  // leading, the lead, the answer), then what was played after the last finished trick
  const groups = obs.history.map((trick) => ({ actions: trick.actions || [], winner: trick.winner }));
  const done = groups.reduce((n, g) => n + g.actions.length, 0);
  const rest = obs.actions.slice(done);
  if (rest.length) groups.push({ actions: rest, winner: null });
  groups.forEach((group, i) => {
    const trick = document.createElement("li");
    trick.className = "replay-trick";
    trick.dataset.trick = String(i + 1);
    const heading = document.createElement("span");
    heading.className = "replay-heading";
    heading.textContent = t("replay.trick", { n: i + 1 });
    trick.appendChild(heading);
    for (const [player, action] of group.actions) {
      const move = document.createElement("span");
      move.className = "replay-move";
      move.dataset.move = action;
      move.dataset.seat = String(player);
      if (action.length === 2) move.appendChild(faceCard(action, settings, { label: false }));
      const caption = document.createElement("span");
      caption.textContent = moveText(player, action, obs, settings.deckStyle);
      move.appendChild(caption);
      trick.appendChild(move);
    }
    if (group.winner !== null) {
      const who = document.createElement("span");
      who.className = "replay-winner";
      who.textContent = t("replay.took", { seat: seatName(group.winner) });
      trick.appendChild(who);
    }
    list.appendChild(trick);
  });
  const r = obs.result;
  node.querySelector("[data-replay-result]").textContent = !r ? t("replay.unfinished")
    : r.winner === null ? t("replay.drawn")
      : t("replay.won", { seat: seatName(r.winner), points: r.game_points });
  node.querySelector("[data-ui='replay-play']").onclick = async () => {
    node.close();
    try {
      const token = await links.table.call("share_link", { state, with_actions: false });
      const start = await links.table.call("open_link", { token });
      await links.table.begin(start, { level: link.level || links.setup.values().level, aiSeed: 0, mode: "ranked" });
    } catch (error) {
      links.fail(error);
    }
  };
  if (!node.open) node.showModal();
  replayShown = () => showReplay(links, state, obs, link);
}

// The replay's sentences are drawn here: a language switch (web/lang.js) draws them again.
let replayShown = null;
document.addEventListener("kaffeehaus:language", () => {
  const node = document.querySelector("dialog[data-dialog='replay']");
  if (node && node.open && replayShown) replayShown();
});

// ---------------------------------------------------------------------------------------------
// Sharing the deal on the table

let shareState = null;

function shareDialog() {
  return dialog("share", (d) => {
    const h2 = document.createElement("h2");
    h2.textContent = t("share.title");
    h2.dataset.i18n = "share.title";
    const note = document.createElement("p");
    note.className = "note";
    note.dataset.i18n = "share.note";
    note.textContent = t("share.note");
    const moves = document.createElement("label");
    moves.className = "check";
    const box = document.createElement("input");
    box.type = "checkbox";
    box.dataset.shareMoves = "";
    const boxText = document.createElement("span");
    boxText.dataset.i18n = "share.moves";
    boxText.textContent = t("share.moves");
    moves.append(box, " ", boxText);
    const url = document.createElement("input");
    url.type = "text";
    url.readOnly = true;
    url.className = "share-url";
    url.dataset.shareUrl = "";
    url.setAttribute("aria-label", t("share.url"));
    url.dataset.i18nAttr = "aria-label:share.url";
    const status = document.createElement("p");
    status.className = "note";
    status.dataset.shareStatus = "";
    status.setAttribute("role", "status");
    const row = document.createElement("div");
    row.className = "share-buttons";
    const copy = label("button", "share.copy", { type: "button", "data-ui": "copy-link" });
    const native = label("button", "share.native", { type: "button", "data-ui": "web-share" });
    native.hidden = typeof navigator.share !== "function";
    row.append(copy, native);
    d.append(h2, note, moves, url, row, status, closeForm());
    box.addEventListener("change", () => fillShare(d));
    url.addEventListener("focus", () => url.select());
    copy.addEventListener("click", () => copyLink(d));
    native.addEventListener("click", () => {
      navigator.share({ title: t("app.title"), text: t("share.text"), url: url.value }).catch(() => {
        /* the player closed the share sheet */
      });
    });
  });
}

async function fillShare(node) {
  const { table, state, level, day } = shareState;
  const withActions = node.querySelector("[data-share-moves]").checked;
  const url = node.querySelector("[data-share-url]");
  node.querySelector("[data-share-status]").textContent = "";
  url.value = "";
  node.dataset.ready = "false";
  try {
    const token = await table.call("share_link", { state, with_actions: withActions });
    url.value = linkUrl(token, { level, day });
    node.dataset.ready = "true";
  } catch (error) {
    node.querySelector("[data-share-status]").textContent = t("share.failed", { message: error.message });
  }
}

async function copyLink(node) {
  const url = node.querySelector("[data-share-url]");
  const status = node.querySelector("[data-share-status]");
  try {
    await navigator.clipboard.writeText(url.value);
    status.textContent = t("share.copied");
  } catch {
    url.focus();
    url.select();
    status.textContent = t("share.copyFailed");
  }
}

/** Open the share dialog for the game on the table; withMoves ticks "include my moves". */
export async function openShare(links, { withMoves } = {}) {
  const { table } = links;
  const state = table.state;
  if (!state || !sharable(links)) return;
  const node = shareDialog();
  shareState = { table, state, level: table.level, day: await links.daily.dateOf(state) };
  const box = node.querySelector("[data-share-moves]");
  if (withMoves !== undefined) box.checked = withMoves;
  if (!node.open) node.showModal();
  await fillShare(node);
}

/** A link is shared only of a game against the computer on the table: a friend's game would show
 * the hands still hidden (pass and play), a duel's deck is both players' secret. */
function sharable({ table }) {
  return table.kind === "computer" && Boolean(table.state);
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
