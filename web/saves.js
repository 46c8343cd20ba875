// saves.js — the saved game is checked before the page offers to continue it.
//
// web/app.js saves the game after every action as
//   localStorage["kaffeehaus.game"] = {"state", "level", "levelUsed", "aiSeed"}
// (docs/UI-HOOKS.md). checkSavedGame(call) reads it back through the engine's from_json, which
// replays the whole log through the rules (docs/API.md): text that is not JSON, a wrong shape,
// an edited deck or an edited move list all fail there. A damaged save is moved aside to
// localStorage["kaffeehaus.game.damaged"] (for a bug report; the last one only), removed, and
// reported in plain words (notice data-notice="save-damaged"); the set-up screen stays, so the
// player starts fresh. Nothing here can throw into the page.
import { t } from "./table/i18n.js";
import { notify, words } from "./notices.js";

export const GAME_KEY = "kaffeehaus.game";
export const DAMAGED_KEY = "kaffeehaus.game.damaged";
// engine-client.js error types of the engine itself (any Python exception means a bad save)
const ENGINE_FAILURES = ["Terminated", "BootTimeout", "BootError", "UnknownCommand", "BadArguments"];

function read() {
  try {
    return localStorage.getItem(GAME_KEY);
  } catch {
    return null;  // storage disabled: nothing was saved
  }
}

/** Why a saved entry cannot be a game (a function giving the words), or "" (the engine checks the state itself). */
function shapeProblem(saved) {
  if (!saved || typeof saved !== "object" || Array.isArray(saved)) return () => t("save.reason.shape");
  if (!saved.state || typeof saved.state !== "object" || Array.isArray(saved.state)) return () => t("save.reason.shape");
  if (typeof saved.level !== "string" || saved.level.length > 40) return () => t("save.reason.shape");
  if ("levelUsed" in saved && (typeof saved.levelUsed !== "string" || saved.levelUsed.length > 40)) return () => t("save.reason.shape");
  if ("aiSeed" in saved && !Number.isSafeInteger(saved.aiSeed)) return () => t("save.reason.shape");
  return "";
}

/**
 * true when there is a saved game that the engine accepts; false when there is none or it
 * was damaged (then it is set aside and the player told).
 */
export async function checkSavedGame(call) {
  const text = read();
  if (text === null) return false;
  let reason = "";
  let saved = null;
  try {
    saved = JSON.parse(text);
  } catch {
    reason = () => t("save.reason.json");
  }
  if (!reason) reason = shapeProblem(saved);
  if (!reason) {
    try {
      await call("from_json", { text: JSON.stringify(saved.state) });
    } catch (error) {
      if (ENGINE_FAILURES.includes(error.type)) return true;  // not the save's fault: keep it
      reason = error.message;
    }
  }
  if (!reason) return true;
  try {
    localStorage.setItem(DAMAGED_KEY, text.slice(0, 200_000));
  } catch { /* full: the copy is only a courtesy */ }
  try {
    localStorage.removeItem(GAME_KEY);
  } catch { /* disabled */ }
  // reason: the engine's own sentence, or a function giving ours in the current language
  notify("save-damaged", () => t("save.damaged", { reason: words(reason) }), { alert: true });
  return false;
}

// ---------------------------------------------------------------------------------------------
// Reloads that continue the game: after the engine stopped (a crashed worker: the status line
// shows data-status="error") the page offers a reload; after "reload" for a new version
// (web/offline.js) the same. Both set a flag for this tab; the reloaded page then continues
// the saved game by itself (as if "Continue the saved game" was clicked).

const RESUME_FLAG = "kaffeehaus.resumeAfterReload";

export function reloadAndResume(reload = () => window.location.reload()) {
  try {
    sessionStorage.setItem(RESUME_FLAG, "1");
  } catch { /* the player clicks "Continue" instead */ }
  reload();
}

/** After the resume button is set: continue the saved game if a reload asked for it. */
export function resumeIfAsked() {
  let asked = false;
  try {
    asked = sessionStorage.getItem(RESUME_FLAG) === "1";
    sessionStorage.removeItem(RESUME_FLAG);
  } catch { /* storage disabled */ }
  const button = document.querySelector("[data-ui='resume']");
  if (asked && button && !button.hidden && !button.disabled) button.click();
  return asked;
}

/** Offer a reload when the engine fails while a game is saved. */
export function watchEngineFailure() {
  const status = document.querySelector("[data-status]");
  if (!status) return;
  new MutationObserver(() => {
    if (status.dataset.status !== "error") return;
    let saved = false;
    try {
      saved = localStorage.getItem(GAME_KEY) !== null;
    } catch { /* no storage: nothing to continue */ }
    if (!saved) return;
    notify("engine-stopped", () => t("recover.stopped"), {
      alert: true,
      sticky: true,
      buttons: [{ ui: "reload-resume", label: () => t("recover.reload"), primary: true, onClick: () => reloadAndResume() }],
    });
  }).observe(status, { attributes: true, attributeFilter: ["data-status"] });
}
