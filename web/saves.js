// saves.js — what keeps a game through damage, crashes and reloads (docs/OFFLINE-LINKS.md).
//
//   checkSavedGames(table)   once the engine is ready: each saved game (web/saving/games.js) is
//       replayed by the engine's from_json, which checks the whole log (an edited deck, an edited
//       or illegal move, an unknown profile fail there with a ValueError). Only a save the engine
//       refuses that way (its error's `invalid`) is set aside (backed up whole, web/saving/backups.js)
//       with a notice (data-notice="save-damaged"). Any other failure (a KeyError, MemoryError,
//       a worker that dies) is not the save's fault: every save is kept and the notice
//       data-notice="save-unchecked" says the check could not be made.
//   showProblem(problem)          the notice for a stored value web/saving/storage.js set aside
//   installSaves({table, storage})   the "engine stopped" notice (the controller's "error"
//       while the game is saved) and its reload, which continues the game after it.
//   reloadAndResume(storage, gameId, reload)  sets sessionStorage["kaffeehaus.resumeAfterReload"]
//       to the game this tab shows; the reloaded tab continues that game by itself
//       (resumeAsked(storage)), and a tab that showed none stays on the set-up screen.
import { t } from "./i18n.js";
import { notify, words } from "./notices.js";
import { engineText } from "./table/words.js";

function saveDamaged(reason) {
  // reason: the engine's own sentence, or a function giving ours in the current language
  notify("save-damaged", () => t("save.damaged", { reason: words(reason) }), { alert: true });
}

/** Check every saved game with the engine; resolves to the number of saves it could not check. */
export async function checkSavedGames(table) {
  const records = table.games.list();
  for (const [i, record] of records.entries()) {
    try {
      await table.call("from_json", { text: JSON.stringify(record.state) });
    } catch (error) {
      if (error.invalid !== true) {
        // the engine failed, not the save: keep this one and every one after it
        notify("save-unchecked", () => t("save.unchecked"), { alert: true });
        return records.length - i;
      }
      table.games.setAside(record.id, error.message);   // the engine's sentence, for developers
      // the player reads the engine's keyword in their language (its sentence only if unknown)
      saveDamaged(error.code ? () => engineText(error.code, error.params) || error.message : error.message);
    }
  }
  return 0;
}

// The words of each stored key's notice (keys of web/i18n/*.json), by storage.js key name.
const KEY_NOTICES = {
  settings: "storage.damaged.settings",
  setup: "storage.damaged.setup",
  language: "storage.damaged.language",
  daily: "storage.damaged.daily",
  stats: "storage.damaged.stats",
  games: "storage.damaged.games",
};

/** A stored value was set aside (web/saving/storage.js): say so, in the player's language. */
export function showProblem(problem) {
  if (problem.name === "game" || problem.name === "legacyGame") {
    saveDamaged(problem.reason === "not JSON" ? () => t("save.reason.json") : () => t("save.reason.shape"));
    return;
  }
  const key = problem.newer ? `storage.newer.${problem.name}` : KEY_NOTICES[problem.name];
  if (key) notify(`storage-${problem.name}`, () => t(key), { alert: true });
}

/** Reload this tab; afterwards it continues `gameId`, the game it was showing (none: the set-up
 * screen again). Only this tab's own game: two tabs reloaded together must not both take one. */
export function reloadAndResume(storage, gameId, reload = () => window.location.reload()) {
  if (gameId) storage.write("resume", gameId);   // else the player clicks "Continue" after the reload
  reload();
}

/** The game id a reload of this tab asked to continue, or null (read once). */
export function resumeAsked(storage) {
  const asked = storage.read("resume");
  storage.remove("resume");
  return asked;
}

/** Offer a reload when the engine fails while the game is saved; a reload of this tab (or a
 * phone dropping it from memory) puts the game it showed back on the table. */
export function installSaves({ table, storage }) {
  table.on("began", ({ id }) => { storage.write("resume", id); });
  table.on("dealOver", ({ over }) => { if (over) storage.remove("resume"); });
  table.on("error", ({ saved }) => {
    if (!saved) return;
    notify("engine-stopped", () => t("recover.stopped"), {
      alert: true,
      sticky: true,
      buttons: [{ ui: "reload-resume", label: () => t("recover.reload"), primary: true, onClick: () => reloadAndResume(storage, table.id) }],
    });
  });
}
