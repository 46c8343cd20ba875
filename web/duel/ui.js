// duel/ui.js — the page's side of a game against a friend on another device (correspondence
// play, docs/PROTOCOL.md "How the page uses the protocol"). The game itself is the table
// controller's remote opponent (web/duel/controller.js, DOM-free); the table (web/table/view.js)
// draws it as every other game. This module puts the duel's parts together, one job each:
//   web/duel/entry.js    set-up: a code received, the saved duels, the friend's invitation
//   web/duel/box.js      in-game: the duel's box in the top bar (phase, verification, verdict)
//   web/duel/sending.js  codes: copy, share, paste, links, the live connection
// and keeps the table's words: while a duel has the table, what the table says of the
// computer is said of the friend ("duel.table.<key>" in web/i18n/*.json).
//
// Hooks (docs/UI-HOOKS.md): html[data-opponent="remote"] while a duel has the table (set by the
// table view); the duel's own in box.js, entry.js and sending.js; data-notice="duel-error" for
// a refused code.
import { t, has, addOverlay, promoted, applyStatic } from "../i18n.js";
import { notify, dismiss } from "../notices.js";
import { recordDeal } from "../saving/stats-data.js";
import { DuelBox } from "./box.js";
import { installEntry } from "./entry.js";
import { installSending } from "./sending.js";
import { installLeave } from "./leave.js";
import { $ } from "./dom.js";
import { earlyCodes } from "./errors.js";
import { OLDER_VERSION } from "./store.js";

export { phaseOf } from "./box.js";

export const TABLE_PREFIX = "duel.table.";

/** The words of a refused code or call. */
export function problemText({ kind, detail }) {
  if (kind === "ownInvitation") return t("duel.join.own");
  if (kind === "joined") return t("duel.join.already");
  const early = kind === "early" && earlyCodes(detail);
  if (early) return t(early.from === early.to ? "duel.error.earlyOne" : "duel.error.early", early);
  if (has(`duel.error.${kind}`)) return t(`duel.error.${kind}`, { detail });
  return t("duel.error.refused", { detail });
}

/** `table`: the table controller (web/play/table.js); its remote opponent is the duel. */
export function installDuel({ table, view, setup, storage, ready = Promise.resolve(), onLeave = () => {}, listSaved = () => {} }) {
  const duel = table.remote;
  document.head.appendChild(Object.assign(document.createElement("link"),
    { rel: "stylesheet", href: new URL("./duel.css", import.meta.url).href }));
  const onTable = () => table.opponent === duel;
  const box = new DuelBox();
  const render = () => {
    box.render(duel, { onTable: onTable() && Boolean(duel.record), setupShown: !setup.root.hidden, view,
      live: sending.live, resultShown: view.panel.isOpen });
    sending.showLink();
  };
  const sending = installSending({ duel, box, storage, render });
  const entry = installEntry({ duel, setup, ready, sending, listSaved });
  const leave = installLeave({ duel, box, render });
  let problem = null;   // the last refusal, kept for a language switch

  function words() {
    box.words();
    entry.words();
    sending.words();
    leave.words();
    render();
  }

  // while a duel has the table, the table's words about the computer are said of the friend
  let friendWords = { strings: null, table: null };
  addOverlay((strings) => {
    if (!onTable()) return null;
    if (friendWords.strings !== strings) friendWords = { strings, table: promoted(strings, TABLE_PREFIX) };
    return friendWords.table;
  });
  const friendLabel = () => {
    const label = $("[data-opponent-label]");
    if (label) label.textContent = t("duel.friend");
  };

  // --- the duel's moments --------------------------------------------------------------------
  table.on("began", () => {
    applyStatic();
    dismiss("duel-error");
    if (!onTable()) {
      // another game took the table: the computer's words again (applyStatic wrote the bare
      // "Computer" over the label the table drew with the level)
      view.drawOpponentLabel();
      render();
      onLeave();
      return;
    }
    problem = null;
    view.drawOpponentLabel();
    friendLabel();
    if (!duel.obs) view.drawSheet(null);
    entry.listSaved();
    render();
  });
  for (const type of ["turn", "dealOver", "duel", "busy"]) duel.on(type, () => render());
  // the set-up's list of games waiting is always current (a duel that ended leaves it)
  duel.on("duel", () => entry.listSaved());
  duel.on("dealOver", () => {
    // the next deal starts by itself once both have verified this one: no "next" button
    const next = $("dialog[data-dialog='deal-end'] [data-ui='deal-next']");
    if (next) next.hidden = true;
    for (const b of document.querySelectorAll("[data-zone='actions'] button[data-action='next']")) b.remove();
  });
  // the box unfolds once the player has put the last deal's result away
  $("dialog[data-dialog='deal-end']").addEventListener("close", () => render());
  duel.on("problem", (detail) => {
    problem = detail;
    notify("duel-error", () => problemText(problem || detail), { alert: true });
    render();
  });
  // statistics: a deal both verified (their shuffle together is as fair as the engine's own),
  // under the friends' own heading (web/saving/stats-data.js decides what it counts for "remote")
  duel.on("dealEnded", ({ prev, obs, key }) => {
    recordDeal(storage, { prev, obs: { ...obs, shuffled: true }, mode: "ranked", level: "friend", key,
      opponent: "remote", players: null });
  });
  duel.on("verified", () => {
    dismiss("duel-error");
    notify("duel-verified", () => t("duel.verified"));
  });
  duel.on("accepted", () => { dismiss("duel-error"); problem = null; });
  document.addEventListener("kaffeehaus:language", () => {
    if (onTable()) {
      applyStatic();
      friendLabel();
    }
    words();
  });
  // the set-up screen over the table hides the box
  new MutationObserver(() => render()).observe(setup.root, { attributes: true, attributeFilter: ["hidden"] });

  // --- storage: damaged saves, other tabs -----------------------------------------------------
  const problemNotice = (p) => {
    if (p.name !== "duels" && p.name !== "duel") return;
    const key = p.newer ? "duel.storage.newer" : p.reason === OLDER_VERSION ? "duel.storage.older" : "duel.storage.damaged";
    notify(`storage-${p.name}`, () => t(key), { alert: true });
  };
  for (const p of storage.problems) problemNotice(p);
  const previous = storage.onProblem;
  storage.onProblem = (p) => { previous?.(p); problemNotice(p); };
  window.addEventListener("storage", (event) => {
    if (event.key === "kaffeehaus.duels" || event.key === null) {
      entry.listSaved();
      duel.checkStorage();
    }
  });

  words();
  return { openFromLocation: sending.openFromLocation, render };
}
