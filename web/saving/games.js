// games.js — the saved games, one record per game, in localStorage["kaffeehaus.games"]
// (docs/UI-HOOKS.md "Stored data"). DOM-free.
//
//   {"format": "kaffeehaus-games/1", "games": {"<id>": {
//       "id", "rev", "owner", "updated",           who wrote it last (a tab id) and when
//       "state",                                   the engine's state (its log, docs/API.md)
//       "level", "levelUsed", "aiSeed", "mode",    the opponent asked for / playing, its next seed,
//                                                  "ranked" | "practice"
//       "history": [{"state", "aiSeed", "action"}] the undo history of the deal (practice)
//       "opponent", "players", "viewer"            pass and play only: "local", the two names
//                                                  (seat 0, seat 1), the seat that looked last
//   }}, "finished": [ids of the games over lately]}
// A record without "opponent" is a game against the computer.
//
// Several games can be saved at once, so a game played in one tab is never removed by another
// tab: a record is removed only when its game is over or when the tab playing it abandons it.
// `rev` grows with every write; a tab that finds a rev it did not write knows another tab has
// moved the game on (web/play/here-game.js then stops and the page offers to take over).
// The single record of older versions (localStorage["kaffeehaus.game"], same fields minus
// id/rev/owner/updated/history) is migrated into this file on first read.
import { Invalid, defineKey, isObject } from "./storage.js";

export const GAMES_FORMAT = "kaffeehaus-games/1";
export const MAX_GAMES = 8;      // the oldest unfinished games beyond this are dropped
const MAX_FINISHED = 40;   // ids of games over lately: a tab still showing one cannot save it again
const ID = /^[A-Za-z0-9_-]{1,40}$/;

const shortString = (v) => typeof v === "string" && v.length > 0 && v.length <= 40;

/** One game record, checked field by field (the engine checks the state itself). */
export function checkRecord(value, { legacy = false } = {}) {
  const bad = (why) => { throw new Invalid(why); };
  if (!isObject(value)) bad("not a saved game");
  if (!isObject(value.state)) bad("not a saved game");
  if (!shortString(value.level)) bad("not a saved game");
  if ("levelUsed" in value && !shortString(value.levelUsed)) bad("not a saved game");
  if ("aiSeed" in value && !Number.isSafeInteger(value.aiSeed)) bad("not a saved game");
  if ("mode" in value && !["ranked", "practice"].includes(value.mode)) bad("not a saved game");
  if (!legacy) {
    if (!ID.test(value.id)) bad("not a saved game");
    if (!Number.isSafeInteger(value.rev) || value.rev < 0) bad("not a saved game");
  }
  if ("opponent" in value && value.opponent !== "local" && value.opponent !== "computer") bad("not a saved game");
  const local = value.opponent === "local";
  if (local && !(Array.isArray(value.players) && value.players.length === 2 && value.players.every(shortString)
    && value.players[0] !== value.players[1])) bad("not a saved game");
  const history = Array.isArray(value.history) ? value.history.filter((e) => isObject(e)
    && isObject(e.state) && typeof e.action === "string" && e.action.length <= 20
    && Number.isSafeInteger(e.aiSeed)) : [];
  return {
    id: legacy ? null : value.id,
    rev: legacy ? 0 : value.rev,
    owner: typeof value.owner === "string" ? value.owner.slice(0, 40) : "",
    updated: Number.isFinite(value.updated) ? value.updated : 0,
    state: value.state,
    level: value.level,
    levelUsed: value.levelUsed || value.level,
    aiSeed: Number.isSafeInteger(value.aiSeed) ? value.aiSeed : 0,
    mode: value.mode === "practice" ? "practice" : "ranked",
    history,
    ...(local ? { opponent: "local", players: [...value.players], viewer: value.viewer === 1 ? 1 : 0 } : {}),
  };
}

function loadGames(value) {
  if (!isObject(value) || typeof value.format !== "string") throw new Invalid("not a list of saved games");
  const [name, version] = value.format.split("/");
  if (name !== "kaffeehaus-games" || !/^\d+$/.test(version || "")) throw new Invalid("not a list of saved games");
  if (Number(version) > 1) throw new Invalid("saved by a newer version", { newer: true });
  if (!isObject(value.games)) throw new Invalid("not a list of saved games");
  const games = {};
  const damaged = [];
  for (const [id, record] of Object.entries(value.games)) {
    try {
      const checked = checkRecord(record);
      if (checked.id !== id) throw new Invalid("not a saved game");
      games[id] = checked;
    } catch (error) {
      if (!(error instanceof Invalid)) throw error;
      damaged.push({ id, record, reason: error.message });
    }
  }
  const finished = Array.isArray(value.finished) ? value.finished.filter((id) => ID.test(id)).slice(-MAX_FINISHED) : [];
  return { format: GAMES_FORMAT, games, finished, damaged };
}

defineKey("games", {
  key: "kaffeehaus.games", load: loadGames, fallback: () => ({ format: GAMES_FORMAT, games: {}, finished: [], damaged: [] }),
  // a newer version's file is kept as it is (backed up too); this version saves nothing meanwhile
  onNewer: (text, storage) => {
    storage.setAside("games", "saved by a newer version", text, { newer: true, keep: true });
    return { format: GAMES_FORMAT, games: {}, finished: [], damaged: [], readOnly: true };
  },
});
defineKey("legacyGame", { key: "kaffeehaus.game", load: (v) => checkRecord(v, { legacy: true }), fallback: () => null });

export function newId() {
  const bytes = new Uint8Array(9);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => "abcdefghijklmnopqrstuvwxyz0123456789_-ABCDEFGHIJKLMNOPQRSTUVWXYZ"[b % 64]).join("");
}

/**
 * The saved games on `storage` (web/saving/storage.js). `legacyTexts` maps the id given to a migrated
 * old record to its original text (so a record the engine refuses is backed up as it was).
 */
export function createGames(storage, { now = () => Date.now() } = {}) {
  const legacyTexts = new Map();
  let readOnly = false;

  function readFile() {
    const file = storage.read("games");
    if (file.readOnly) readOnly = true;
    for (const bad of file.damaged || []) {
      storage.setAside("game", bad.reason, JSON.stringify(bad.record), { keep: true });
    }
    if (file.damaged && file.damaged.length) {
      file.damaged = [];
      writeFile(file);
    }
    // the single saved game of older versions
    const text = storage.text("legacyGame");
    if (text !== null) {
      const old = storage.read("legacyGame");   // a damaged one is set aside (kaffeehaus.game.damaged)
      if (old) {
        old.id = newId();
        old.updated = now();
        file.games[old.id] = old;
        legacyTexts.set(old.id, text);
        writeFile(file);
      }
      storage.remove("legacyGame");
    }
    return file;
  }

  function writeFile(file) {
    if (readOnly) return false;
    const ids = Object.keys(file.games).sort((a, b) => file.games[b].updated - file.games[a].updated);
    for (const id of ids.slice(MAX_GAMES)) delete file.games[id];
    const value = { format: GAMES_FORMAT, games: file.games, finished: file.finished.slice(-MAX_FINISHED) };
    if (storage.write("games", value)) return true;
    dropStaleRanked(value);
    return false;
  }

  /**
   * The write is held (storage full): this tab keeps the game, but the stored file still has an
   * older position of it. A ranked game must not be continued from there (a lost deal would be
   * played again), so its stored record goes (a smaller file fits) until the held write lands.
   */
  function dropStaleRanked(value) {
    let stored;
    try {
      stored = JSON.parse(storage.stored("games") || "null");
    } catch {
      return;
    }
    if (!isObject(stored) || !isObject(stored.games)) return;
    let dropped = false;
    for (const [id, record] of Object.entries(stored.games)) {
      const now = value.games[id];
      const stale = !now ? value.finished.includes(id) : now.rev !== (isObject(record) ? record.rev : null);
      if (stale && isObject(record) && record.mode !== "practice") {
        delete stored.games[id];
        dropped = true;
      }
    }
    if (dropped) storage.writeNow("games", JSON.stringify(stored));
  }

  return {
    get readOnly() { return readOnly; },
    /** Every saved game, newest first. */
    list() {
      return Object.values(readFile().games).sort((a, b) => b.updated - a.updated);
    },
    get(id) {
      return id ? readFile().games[id] || null : null;
    },
    /** Write one record (rev and updated as given). */
    put(record) {
      const file = readFile();
      file.games[record.id] = { ...record, updated: now() };
      return writeFile(file);
    },
    /** The game is over: its record goes, its id is remembered as finished (false: held). */
    finish(id) {
      const file = readFile();
      delete file.games[id];
      if (!file.finished.includes(id)) file.finished.push(id);
      return writeFile(file);
    },
    isFinished(id) {
      return readFile().finished.includes(id);
    },
    delete(id) {
      const file = readFile();
      if (!(id in file.games)) return;
      delete file.games[id];
      writeFile(file);
    },
    /** This tab's writes of the saved games are held (storage full): they are not stored yet. */
    get held() {
      return storage.held.has("games");
    },
    /** Set a record aside as damaged (the engine refused its state): backed up whole. */
    setAside(id, reason) {
      const file = readFile();
      const record = file.games[id];
      if (!record) return;
      storage.setAside("game", reason, legacyTexts.get(id) || JSON.stringify(record), { keep: true, quiet: true });
      delete file.games[id];
      writeFile(file);
    },
  };
}

// The backup slot of a damaged game (kaffeehaus.game.damaged); nothing is ever read from it.
defineKey("game", { key: "kaffeehaus.game", load: null, fallback: () => null });
