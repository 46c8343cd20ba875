// review.js — the expert's review of a finished deal against the computer (any mode, opened
// from the practice bar, web/practice.js): one api.hint call for each move of the player in
// this deal (the position it was played from and the expert's ranking of it), trick by trick,
// asked lazily while the dialog is open (closing stops, reopening goes on); a move the expert
// values equal to its own choice is no miss (web/move-verdict.js).
//
//   installReview({table, settings, name}) → {open, forget}
//   formatValue(value)    an expected value in game points, signed, two decimals
import { t, currentLanguage } from "./i18n.js";
import { faceCard } from "./table/cardview.js";
import { failureText } from "./table/words.js";
import { rankedOnTable } from "./table/actions.js";
import { label } from "./lang.js";
import { moveVerdict, AGREES, EQUAL_WITHIN } from "./move-verdict.js";

export function formatValue(value) {
  const format = new Intl.NumberFormat(currentLanguage(), {
    signDisplay: "exceptZero", minimumFractionDigits: 2, maximumFractionDigits: 2,
  });
  return format.format(Math.abs(value) < EQUAL_WITHIN ? 0 : value);
}

/** For each of the player's first `count` actions in the finished deal `final`, the tricks
 * completed before it (a trick is two cards; every other action is no card). */
export function tricksBeforeEachMove(final, count) {
  const before = [];
  let cards = 0;
  for (const [seat, action] of final.actions || []) {
    if (seat === final.player && before.length < count) before.push(Math.floor(cards / 2));
    if (action.length === 2) cards += 1;
  }
  return before;
}

/** `name(action, obs)`: an action in words, in the player's deck style. */
export function installReview({ table, settings, name }) {
  const deckStyle = () => settings.deckStyle;
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
    if (!result) return "…";
    const yours = name(entry.action, obs);
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
    for (const move of analysis.moves) (groups[move.tricksBefore] || end).moves.push(move);
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
      const before = tricksBeforeEachMove(final, entries.length);
      analysis = { state, run: 0,
        moves: entries.map((entry, i) => ({ obs: null, entry, tricksBefore: before[i], result: null, node: null })) };
      dialog.dataset.analysis = "running";
      status.textContent = t("analysis.progress", { n: 1, count: entries.length });
      list.replaceChildren();
    }
    drawSkeleton(final);
    const run = ++analysis.run;
    const current = analysis;
    for (const move of current.moves) {
      if (move.result) continue;
      if (!dialog.open || current.run !== run || analysis !== current) return;  // stopped: resumed on reopening
      try {
        const { observation, ranked } = await table.call("hint", { state: move.entry.state, seat: final.player });
        move.obs = observation;
        move.result = observation.legal_actions.length <= 1 ? { only: true }
          : { ranked: rankedOnTable(ranked, observation, table.showsPoints, move.entry.action) };
      } catch (error) {
        move.result = { error: failureText(error, deckStyle()) };
      }
      if (analysis !== current) return;
      drawMove(move);
      drawStatus();
    }
  }

  document.addEventListener("kaffeehaus:language", () => {
    if (analysis && dialog.open && table.obs?.result) drawSkeleton(table.obs);
  });
  return {
    open: () => openAnalysis().catch((error) => {
      status.textContent = t("analysis.failed", { message: failureText(error, deckStyle()) });
      dialog.dataset.analysis = "error";
    }),
    forget: () => { analysis = null; },
  };
}
