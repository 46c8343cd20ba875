// backups.js — the stored values the page set aside (damaged, refused by the engine, written by
// a newer version), kept whole in localStorage["kaffeehaus.backups"] so the player can export
// them from Settings (a bug report, or to recover a game by hand). DOM-free.
//
//   {"format": "kaffeehaus-backups/1", "backups": [{"key", "reason", "at", "text"}, …]}
//
// Several backups are kept, oldest first; a new one drops the oldest beyond MAX_BACKUPS, and
// more of the oldest while the list does not fit in the storage. A backup is never cut: one that
// does not fit even alone stays in this page's memory (still exported from here).
import { Invalid, defineKey, isObject } from "./storage.js";

export const BACKUPS_FORMAT = "kaffeehaus-backups/1";
export const MAX_BACKUPS = 6;

function loadBackups(value) {
  if (!isObject(value) || value.format !== BACKUPS_FORMAT || !Array.isArray(value.backups)) {
    throw new Invalid("not a list of backups");
  }
  const backups = value.backups.filter((b) => isObject(b) && typeof b.key === "string" && b.key.length <= 80
    && typeof b.text === "string" && Number.isFinite(b.at))
    .map((b) => ({ key: b.key, reason: String(b.reason ?? "").slice(0, 200), at: b.at, text: b.text }));
  return { format: BACKUPS_FORMAT, backups: backups.slice(-MAX_BACKUPS) };
}

defineKey("backups", { key: "kaffeehaus.backups", load: loadBackups,
  fallback: () => ({ format: BACKUPS_FORMAT, backups: [] }) });

/** Give `storage` (web/saving/storage.js) its list of backups: storage.setAside then keeps each value here. */
export function installBackups(storage, { now = () => Date.now() } = {}) {
  const unstored = [];   // backups too large for what is left of the storage

  function stored() {
    // a damaged list is dropped (backing it up would only nest it): never fatal
    try {
      return loadBackups(JSON.parse(storage.stored("backups") || "null")).backups;
    } catch {
      return [];
    }
  }

  const backups = {
    /** Keep `text` (the whole stored value of `key`) as the newest backup. */
    add(key, reason, text) {
      const entry = { key, reason: String(reason).slice(0, 200), at: now(), text: String(text) };
      const list = [...stored(), entry].slice(-MAX_BACKUPS);
      while (list.length) {
        if (storage.writeNow("backups", JSON.stringify({ format: BACKUPS_FORMAT, backups: list }))) return true;
        if (list.length === 1) break;
        list.shift();   // the oldest goes first
      }
      unstored.push(entry);
      return false;
    },
    /** Every backup, oldest first: the stored ones and those only this page holds. */
    list() {
      return [...stored(), ...unstored].sort((a, b) => a.at - b.at);
    },
    /** Delete the stored backups (the player frees space); they are gone. */
    clear() {
      storage.remove("backups");
      unstored.length = 0;
    },
  };
  storage.backup = (key, reason, text) => backups.add(key, reason, text);
  return backups;
}
