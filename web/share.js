// share.js — the "Share" dialog for the game against the computer on the table: a link to the
// deal (optionally with the moves played), copied or handed to the system share sheet. Link
// format: docs/OFFLINE-LINKS.md.
import { t } from "./i18n.js";
import { label } from "./lang.js";
import { dialog, closeForm } from "./dialogs.js";

export function linkUrl(token, { level, day } = {}) {
  const params = new URLSearchParams({ s: token });
  if (level) params.set("lv", level);
  if (day) params.set("day", day);
  return `${window.location.origin}${window.location.pathname}#${params}`;
}

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
export function sharable({ table }) {
  return table.kind === "computer" && Boolean(table.state);
}
