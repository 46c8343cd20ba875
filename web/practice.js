// practice.js — practice mode, hints, undo, and the expert's review of a finished deal.
//
// Mode: select[data-setup="mode"] on the set-up screen, "ranked" (default: no hint, no undo,
// counted in the statistics) or "practice". The mode belongs to the game on the table: a game
// started from the set-up screen takes the chosen mode, the saved game keeps its own after a
// reload, a game opened from a link or the deal of the day is ranked.
//
// History: before each action of the player (except "next") the engine state and the computer's
// seed are pushed on a stack; it is cleared when the next deal starts. The engine's state is a
// log, so these are small. Kept in localStorage["kaffeehaus.practice"] =
// {"game": <fingerprint of the game>, "mode", "history": [{"state", "aiSeed", "action"}]}.
//   Undo (practice only) pops the last entry and puts its state back on the table: the position
//   before the player's last action, before the computer's answers to it.
//   The review (any mode, once the deal is over) asks api.hint for each entry of this deal.
import { t, currentLanguage } from "./table/i18n.js";
import { cardName, suitName, faceCard } from "./table/cardview.js";
import { label } from "./lang.js";

export const PRACTICE_KEY = "kaffeehaus.practice";
const MODE_KEY = "kaffeehaus.mode";
const ME = 0;
const html = document.documentElement;

function read(key) {
  try {
    return JSON.parse(localStorage.getItem(key) || "null");
  } catch {
    return null;
  }
}

function write(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch { /* storage full or off: undo still works until a reload */ }
}

/** Which game a state belongs to (its profile, seed and first deck: fixed for a whole match). */
function fingerprint(state) {
  try {
    return JSON.stringify([state.profile, state.seed, state.deals && state.deals[0] && state.deals[0].deck]);
  } catch {
    return "";
  }
}

function button(ui, key, attrs = {}) {
  return label("button", key, { type: "button", "data-ui": ui, ...attrs });
}

export function formatValue(value) {
  const format = new Intl.NumberFormat(currentLanguage(), {
    signDisplay: "exceptZero", minimumFractionDigits: 2, maximumFractionDigits: 2,
  });
  return format.format(Math.abs(value) < 0.005 ? 0 : value);
}

export function installPractice(bridge) {
  const deckStyle = () => bridge.settings().deckStyle;

  /** An action in words, as the table's buttons say it. */
  function actionName(action, obs) {
    if (action.length === 2) return cardName(action, deckStyle());
    if (action.startsWith("marry:")) {
      const suit = action.slice(6);
      return t("action.marry", { suit: suitName(suit, deckStyle()), points: suit === obs.trump ? 40 : 20 });
    }
    if (action === "exchange" && deckStyle() === "german") return t("action.exchange.german");
    return t(`action.${action}`);
  }

  // --- the mode on the set-up screen --------------------------------------------------------
  const modeSelect = document.createElement("select");
  modeSelect.dataset.setup = "mode";
  for (const mode of ["ranked", "practice"]) modeSelect.appendChild(label("option", `setup.mode.${mode}`, { value: mode }));
  modeSelect.value = read(MODE_KEY) === "practice" ? "practice" : "ranked";
  modeSelect.addEventListener("change", () => write(MODE_KEY, modeSelect.value));
  const setupRow = document.querySelector("[data-zone='setup'] .setup-row");
  if (setupRow) {
    const row = document.createElement("label");
    row.append(label("span", "setup.mode"), modeSelect);
    setupRow.appendChild(row);
  }

  // --- the bar under the table: mode label, hint, undo, review -------------------------------
  const bar = document.createElement("div");
  bar.className = "practice-bar";
  bar.dataset.zone = "practice";
  const modeLabel = label("span", "practice.label", { class: "practice-label", "data-practice-label": "" });
  const hintButton = button("hint", "practice.hint");
  const undoButton = button("undo", "practice.undo", { "data-i18n-attr": "title:practice.undoLabel;aria-label:practice.undoLabel" });
  undoButton.title = t("practice.undoLabel");
  undoButton.setAttribute("aria-label", t("practice.undoLabel"));
  const analyseButton = button("analyse", "analysis.open");
  const hintText = document.createElement("p");
  hintText.className = "hint-text";
  hintText.dataset.hintText = "";
  hintText.setAttribute("aria-live", "polite");
  bar.append(modeLabel, hintButton, undoButton, analyseButton, hintText);
  const seat = document.querySelector(".seat-player");
  if (seat) seat.after(bar);
  else document.querySelector("#table")?.appendChild(bar);

  // --- the game's mode and history ------------------------------------------------------------
  let mode = "ranked";
  let history = [];
  let game = "";
  let pendingMode = null;   // set by newGame(): the next began() is a game from the set-up screen
  let restoring = false;    // set by undo(): the next began() is the same game

  function persist() {
    write(PRACTICE_KEY, { game, mode, history });
  }

  function clearHint() {
    hintText.textContent = "";
    hintText.hidden = true;
    delete hintText.dataset.hintAction;
    delete html.dataset.hint;
    for (const node of document.querySelectorAll("[data-hinted]")) {
      node.classList.remove("hinted");
      delete node.dataset.hinted;
    }
  }

  function refresh() {
    const obs = bridge.obs();
    const settled = !bridge.busy() && obs;
    const playing = Boolean(html.dataset.playing) && document.querySelector("[data-zone='setup']")?.hidden !== false;
    bar.hidden = !playing;
    html.dataset.mode = mode;
    const practice = mode === "practice";
    modeLabel.hidden = !practice;
    hintButton.hidden = !practice;
    undoButton.hidden = !practice;
    hintButton.disabled = !(settled && obs.to_move === ME && !obs.result && obs.legal_actions.length);
    undoButton.disabled = !(settled && history.length);
    analyseButton.hidden = !(obs && obs.result && history.length);
    analyseButton.disabled = !settled;
    if (!practice && analyseButton.hidden) bar.hidden = true;   // nothing to show: no room taken
  }

  new MutationObserver(refresh).observe(html, { attributes: true, attributeFilter: ["data-busy", "data-playing"] });
  const setupZone = document.querySelector("[data-zone='setup']");
  if (setupZone) new MutationObserver(refresh).observe(setupZone, { attributes: true, attributeFilter: ["hidden"] });

  // --- hint ----------------------------------------------------------------------------------
  async function hint() {
    const obs = bridge.obs();
    const state = bridge.state();
    if (mode !== "practice" || !obs || bridge.busy() || obs.to_move !== ME || obs.result) return;
    clearHint();
    hintText.hidden = false;
    hintText.textContent = t("practice.hintThinking");
    html.dataset.hint = "thinking";
    try {
      const ranked = await bridge.call("hint", { observation: obs });
      if (bridge.state() !== state) return;   // the game moved on meanwhile
      const best = ranked[0];
      hintText.textContent = t("practice.hintResult", { action: actionName(best.action, obs), value: formatValue(best.value) });
      hintText.dataset.hintAction = best.action;
      const target = best.action.length === 2
        ? document.querySelector(`[data-zone='hand'] button[data-card='${best.action}']`)
        : document.querySelector(`[data-zone='actions'] button[data-action='${best.action}']`);
      if (target) {
        target.classList.add("hinted");
        target.dataset.hinted = "true";
        if (!target.disabled) target.focus({ preventScroll: true });
      }
      html.dataset.hint = "ready";
    } catch (error) {
      if (bridge.state() !== state) return;
      hintText.textContent = t("practice.hintFailed", { message: error.message });
      html.dataset.hint = "error";
    }
  }

  // --- undo ----------------------------------------------------------------------------------
  function undo() {
    if (mode !== "practice" || bridge.busy() || !history.length) return;
    let entry = history.pop();
    // An automatic claim would be made again at once: take back the move before it too.
    if (entry.action === "claim" && bridge.settings().autoClaim && history.length) entry = history.pop();
    persist();
    restoring = true;
    clearHint();
    bridge.restore(entry.state, { aiSeed: entry.aiSeed });
    bridge.announce(t("practice.undone"));
  }

  // --- the expert's review -------------------------------------------------------------------
  const dialog = document.createElement("dialog");
  dialog.className = "dialog analysis-dialog";
  dialog.dataset.dialog = "analysis";
  dialog.setAttribute("aria-labelledby", "analysis-title");
  const progress = document.createElement("progress");
  progress.dataset.analysisProgress = "";
  progress.max = 1;
  progress.value = 0;
  const status = document.createElement("p");
  status.dataset.analysisStatus = "";
  status.setAttribute("aria-live", "polite");
  const list = document.createElement("ol");
  list.className = "analysis-list";
  list.dataset.analysisList = "";
  const form = document.createElement("form");
  form.method = "dialog";
  form.appendChild(label("button", "action.close.dialog", { type: "submit" }));
  dialog.append(label("h2", "analysis.title", { id: "analysis-title" }), label("p", "analysis.note", { class: "note" }),
    progress, status, list, form);
  document.body.appendChild(dialog);

  let analysis = null;   // {state, entries, moves: [{obs, entry, result}], run}

  function moveText(move) {
    const { obs, entry, result } = move;
    const yours = actionName(entry.action, obs);
    if (!result) return "…";
    if (result.error) return t("analysis.failed", { message: result.error });
    if (result.only) return t("analysis.only", { yours });
    const mine = result.ranked.find((r) => r.action === entry.action);
    const best = result.ranked[0];
    const yoursValue = mine ? formatValue(mine.value) : "?";
    if (best.action === entry.action) return t("analysis.same", { yours, yoursValue });
    return t("analysis.move", { best: actionName(best.action, obs), bestValue: formatValue(best.value), yours, yoursValue });
  }

  function verdict(move) {
    const { entry, result } = move;
    if (!result) return "pending";
    if (result.error) return "error";
    if (result.only) return "only";
    return result.ranked[0].action === entry.action ? "best" : "other";
  }

  function drawMove(move) {
    move.node.textContent = moveText(move);
    move.node.dataset.verdict = verdict(move);
    if (move.result && move.result.ranked) move.node.dataset.best = move.result.ranked[0].action;
  }

  function drawStatus() {
    const done = analysis.moves.filter((m) => m.result).length;
    const count = analysis.moves.length;
    progress.value = count ? done / count : 1;
    progress.hidden = done === count;
    if (!count) status.textContent = t("analysis.none");
    else if (done < count) status.textContent = t("analysis.progress", { n: done + 1, count });
    else {
      const agree = analysis.moves.filter((m) => ["best", "only"].includes(verdict(m))).length;
      status.textContent = t("analysis.done", { agree, count });
    }
    dialog.dataset.analysis = done < count ? "running" : "done";
  }

  /** The skeleton: every trick of the deal with the player's moves under it (values to come). */
  function drawSkeleton(final) {
    const settings = bridge.settings();
    const groups = final.history.map((trick, i) => ({ n: i + 1, trick, moves: [] }));
    const end = { n: null, trick: null, moves: [] };
    for (const move of analysis.moves) (groups[move.obs.history.length] || end).moves.push(move);
    const items = [];
    for (const group of [...groups, end]) {
      if (!group.trick && !group.moves.length) continue;
      const item = document.createElement("li");
      item.className = "analysis-trick";
      item.dataset.analysisTrick = group.n === null ? "end" : String(group.n);
      const head = document.createElement("div");
      head.className = "analysis-head";
      const title = document.createElement("strong");
      title.textContent = group.n === null ? t("analysis.end") : t("analysis.trick", { n: group.n });
      head.appendChild(title);
      if (group.trick) {
        for (const [, code] of group.trick.cards) head.appendChild(faceCard(code, settings));
        const who = document.createElement("span");
        who.textContent = t(group.trick.winner === ME ? "review.wonBy.you" : "review.wonBy.opponent");
        head.appendChild(who);
      }
      const moves = document.createElement("ul");
      for (const move of group.moves) {
        move.node = document.createElement("li");
        move.node.dataset.analysisMove = move.entry.action;
        drawMove(move);
        moves.appendChild(move.node);
      }
      item.append(head, moves);
      items.push(item);
    }
    list.replaceChildren(...items);
    drawStatus();
  }

  async function openAnalysis() {
    const state = bridge.state();
    const final = bridge.obs();
    if (!final || !final.result) return;
    if (!dialog.open) dialog.showModal();
    if (!analysis || analysis.state !== state) {
      const entries = history.slice();
      analysis = { state, moves: [], run: 0 };
      dialog.dataset.analysis = "running";
      status.textContent = t("analysis.progress", { n: 1, count: entries.length });
      list.replaceChildren();
      for (const entry of entries) {
        const obs = await bridge.call("observation", { state: entry.state, player: ME });
        if (analysis.state !== state) return;
        analysis.moves.push({ obs, entry, result: null, node: null });
      }
    }
    drawSkeleton(final);
    const run = ++analysis.run;
    const current = analysis;
    for (const move of current.moves) {
      if (move.result) continue;
      if (!dialog.open || current.run !== run || analysis !== current) return;  // stopped: resumed on reopening
      if (move.obs.legal_actions.length <= 1) move.result = { only: true };
      else {
        try {
          move.result = { ranked: await bridge.call("hint", { observation: move.obs }) };
        } catch (error) {
          move.result = { error: error.message };
        }
      }
      if (analysis !== current) return;
      drawMove(move);
      drawStatus();
    }
  }

  // --- wiring --------------------------------------------------------------------------------
  hintButton.addEventListener("click", () => hint());
  undoButton.addEventListener("click", () => undo());
  analyseButton.addEventListener("click", () => openAnalysis().catch((error) => {
    status.textContent = t("analysis.failed", { message: error.message });
    dialog.dataset.analysis = "error";
  }));
  document.addEventListener("kaffeehaus:language", () => {
    if (hintText.dataset.hintAction) clearHint();
    if (analysis && dialog.open && bridge.obs()?.result) drawSkeleton(bridge.obs());
    refresh();
  });

  return {
    mode: () => mode,
    /** A game is about to start from the set-up screen. */
    newGame() {
      pendingMode = modeSelect.value === "practice" ? "practice" : "ranked";
    },
    /** A game is put on the table (new, resumed, from a link, or by undo). */
    began(state) {
      const print = fingerprint(state);
      if (restoring) {
        restoring = false;
      } else if (pendingMode) {
        mode = pendingMode;
        history = [];
      } else {
        const saved = read(PRACTICE_KEY);
        const same = saved && saved.game === print && Array.isArray(saved.history);
        mode = same && saved.mode === "practice" ? "practice" : "ranked";
        history = same ? saved.history.filter((e) => e && typeof e === "object" && e.state && typeof e.action === "string") : [];
      }
      pendingMode = null;
      game = print;
      analysis = null;
      clearHint();
      persist();
      refresh();
    },
    /** The player is about to act on the game on the table. */
    beforeAction(action) {
      if (action === "next") history = [];
      else history.push({ state: bridge.state(), aiSeed: bridge.aiSeed(), action });
      clearHint();
      persist();
    },
    observed() {
      refresh();
    },
  };
}
