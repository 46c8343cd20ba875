// practice.js — practice mode's bar (hint, undo) and the expert's review of a finished deal.
//
// The mode (ranked: no hint, no undo, counted in the statistics; or practice) is chosen on the
// set-up screen and belongs to the game (web/play/computer.js keeps it with the saved game; a game
// opened from a link or the deal of the day is ranked). The undo history is the computer opponent's
// too: before each action of the player (except "next") the state and the computer's seed are
// kept; undo (practice only) puts the last one back on the table. The review (any mode, once
// the deal is over) asks api.hint for each move of the player in this deal; a move the expert
// values equal to its own choice is no miss (web/move-verdict.js).
import { t, currentLanguage } from "./table/i18n.js";
import { faceCard } from "./table/cardview.js";
import { actionName, failureText } from "./table/words.js";
import { label } from "./lang.js";
import { moveVerdict, AGREES } from "./move-verdict.js";

const html = document.documentElement;

function button(ui, key, attrs = {}) {
  return label("button", key, { type: "button", "data-ui": ui, ...attrs });
}

export function formatValue(value) {
  const format = new Intl.NumberFormat(currentLanguage(), {
    signDisplay: "exceptZero", minimumFractionDigits: 2, maximumFractionDigits: 2,
  });
  return format.format(Math.abs(value) < 0.005 ? 0 : value);
}

/** `ui`: the page's own events (web/app.js: "setup" {shown}); `announce(text)`: for screen readers. */
export function installPractice({ table, settings, ui, announce }) {
  const deckStyle = () => settings.deckStyle;
  const name = (action, obs) => actionName(action, obs, deckStyle());

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

  let setupShown = true;

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
    const obs = table.obs;
    const settled = !table.busy && obs && !table.readOnly;
    const practice = table.mode === "practice";
    // hints, undo and the analysis are for a game against the computer on the table
    bar.hidden = setupShown || !html.dataset.playing || !againstComputer();
    html.dataset.mode = table.mode;
    modeLabel.hidden = !practice;
    hintButton.hidden = !practice;
    undoButton.hidden = !practice;
    hintButton.disabled = !(settled && obs.to_move === obs.player && !obs.result && obs.legal_actions.length);
    undoButton.disabled = !table.canUndo;
    analyseButton.hidden = !(obs && obs.result && table.history.length);
    analyseButton.disabled = !settled;
    if (!practice && analyseButton.hidden) bar.hidden = true;   // nothing to show: no room taken
  }

  function againstComputer() {
    return table.kind === "computer";
  }

  for (const type of ["busy", "began", "turn", "dealOver", "history", "readOnly"]) table.on(type, refresh);
  table.on("began", () => {
    analysis = null;
    clearHint();
  });
  table.on("acting", () => clearHint());
  ui.on("setup", ({ shown }) => {
    setupShown = shown;
    refresh();
  });

  // --- hint ----------------------------------------------------------------------------------
  async function hint() {
    const obs = table.obs;
    const state = table.state;
    if (table.mode !== "practice" || !obs || table.busy || obs.to_move !== obs.player || obs.result) return;
    clearHint();
    hintText.hidden = false;
    hintText.textContent = t("practice.hintThinking");
    html.dataset.hint = "thinking";
    try {
      const ranked = await table.call("hint", { observation: obs });
      if (table.state !== state) return;   // the game moved on meanwhile
      const best = ranked[0];
      hintText.textContent = t("practice.hintResult", { action: name(best.action, obs), value: formatValue(best.value) });
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
      if (table.state !== state) return;
      hintText.textContent = t("practice.hintFailed", { message: failureText(error, deckStyle()) });
      html.dataset.hint = "error";
    }
  }

  // --- undo ----------------------------------------------------------------------------------
  async function undo() {
    clearHint();
    if (await table.undo()) announce(t("practice.undone"));
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
    const yours = name(entry.action, obs);
    if (!result) return "…";
    if (result.error) return t("analysis.failed", { message: result.error });
    if (result.only) return t("analysis.only", { yours });
    const mine = result.ranked.find((r) => r.action === entry.action);
    const best = result.ranked[0];
    const yoursValue = mine ? formatValue(mine.value) : "?";
    const verdict = moveVerdict(result, entry.action);
    if (verdict === "best") return t("analysis.same", { yours, yoursValue });
    if (verdict === "equal") return t("analysis.equal", { yours, yoursValue, best: name(best.action, obs) });
    return t("analysis.move", { best: name(best.action, obs), bestValue: formatValue(best.value), yours, yoursValue });
  }

  const verdict = (move) => moveVerdict(move.result, move.entry.action);

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
      const agree = analysis.moves.filter((m) => AGREES.has(verdict(m))).length;
      status.textContent = t("analysis.done", { agree, count });
    }
    dialog.dataset.analysis = done < count ? "running" : "done";
  }

  /** The skeleton: every trick of the deal with the player's moves under it (values to come). */
  function drawSkeleton(final) {
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
        who.textContent = t(group.trick.winner === final.player ? "review.wonBy.you" : "review.wonBy.opponent");
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
    const state = table.state;
    const final = table.obs;
    if (!final || !final.result) return;
    if (!dialog.open) dialog.showModal();
    if (!analysis || analysis.state !== state) {
      const entries = table.history.slice();
      analysis = { state, moves: [], run: 0 };
      dialog.dataset.analysis = "running";
      status.textContent = t("analysis.progress", { n: 1, count: entries.length });
      list.replaceChildren();
      for (const entry of entries) {
        const obs = await table.call("observation", { state: entry.state, player: final.player });
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
          move.result = { ranked: await table.call("hint", { observation: move.obs }) };
        } catch (error) {
          move.result = { error: failureText(error, deckStyle()) };
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
    status.textContent = t("analysis.failed", { message: failureText(error, deckStyle()) });
    dialog.dataset.analysis = "error";
  }));
  document.addEventListener("kaffeehaus:language", () => {
    if (hintText.dataset.hintAction) clearHint();
    if (analysis && dialog.open && table.obs?.result) drawSkeleton(table.obs);
    refresh();
  });
}
