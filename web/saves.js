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
import { notify } from "./notices.js";

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

/** Why a saved entry cannot be a game, or "" (the engine checks the state itself). */
function shapeProblem(saved) {
  if (!saved || typeof saved !== "object" || Array.isArray(saved)) return t("save.reason.shape");
  if (!saved.state || typeof saved.state !== "object" || Array.isArray(saved.state)) return t("save.reason.shape");
  if (typeof saved.level !== "string" || saved.level.length > 40) return t("save.reason.shape");
  if ("levelUsed" in saved && (typeof saved.levelUsed !== "string" || saved.levelUsed.length > 40)) return t("save.reason.shape");
  if ("aiSeed" in saved && !Number.isSafeInteger(saved.aiSeed)) return t("save.reason.shape");
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
    reason = t("save.reason.json");
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
  notify("save-damaged", t("save.damaged", { reason }), { alert: true });
  return false;
}
