// practice.js — practice mode's bar under the table: hint, undo, and the button that opens the
// expert's review of a finished deal (web/review.js).
//
// The mode (ranked: no hint, no undo, counted in the statistics; or practice) is chosen on the
// set-up screen and belongs to the game (web/play/computer.js keeps it with the saved game; a game
// opened from a link or the deal of the day is ranked). The undo history is the computer opponent's
// too: before each action of the player (except "next") the state and the computer's seed are
// kept; undo (practice only) puts the last one back on the table.
import { t } from "./i18n.js";
import { actionName, failureText } from "./table/words.js";
import { rankedOnTable } from "./table/actions.js";
import { label } from "./lang.js";
import { installReview, formatValue } from "./review.js";

const html = document.documentElement;

function button(ui, key, attrs = {}) {
  return label("button", key, { type: "button", "data-ui": ui, ...attrs });
}

/** `ui`: the page's own events (web/app.js: "setup" {shown}); `announce(text)`: for screen readers. */
export function installPractice({ table, settings, ui, announce }) {
  const deckStyle = () => settings.deckStyle;
  const name = (action, obs) => actionName(action, obs, deckStyle());
  const review = installReview({ table, settings, name });

  // --- the bar under the table: mode label, hint, undo, review -------------------------------
  const bar = document.createElement("div");
  bar.className = "practice-bar";
  bar.dataset.zone = "practice";
  const modeLabel = label("span", "practice.label", { class: "practice-label", "data-practice-label": "" });
  const hintButton = button("hint", "practice.hint");
  // named by its visible word ("Undo"); the longer wording is its description (title)
  const undoButton = button("undo", "practice.undo", { "data-i18n-attr": "title:practice.undoLabel" });
  undoButton.title = t("practice.undoLabel");
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
    review.forget();
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
      const { ranked } = await table.call("hint", { state, seat: obs.player });
      if (table.state !== state) return;   // the game moved on meanwhile
      const best = rankedOnTable(ranked, obs, table.showsPoints)[0];
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

  // --- wiring --------------------------------------------------------------------------------
  hintButton.addEventListener("click", () => hint());
  undoButton.addEventListener("click", () => undo());
  analyseButton.addEventListener("click", () => review.open());
  document.addEventListener("kaffeehaus:language", () => {
    if (hintText.dataset.hintAction) clearHint();
    refresh();
  });
}
