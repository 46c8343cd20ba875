// storage.js — every key the page keeps in localStorage / sessionStorage, each read through its
// own validating loader. DOM-free: the storage areas are injected (Node tests pass a Map-backed
// fake), nothing is touched at import.
//
//   const storage = createStorage({ local: localStorage, session: sessionStorage });
//   storage.read(name)          → the validated value, or the key's fallback when nothing is
//                                 stored. A value that fails its loader is SET ASIDE: kept whole
//                                 in the list of backups (web/saving/backups.js) and in "<key>.damaged"
//                                 (the last one), removed, and reported once (`problems`, onProblem).
//   storage.write(name, value)  → true when stored. Every write of the page goes through here:
//                                 a write the browser refuses (storage full, or disabled) is HELD:
//                                 this tab reads the held value back (text/read), keeps it in
//                                 sessionStorage (so a reload of the tab finds it), retries it with
//                                 every later write and flush(), and onWrites(held) reports it
//   storage.held                Map name → {text, full}: writes not stored yet
//   storage.flush()             → true when nothing is held any more (retries each held write)
//   storage.onWrites(held)      optional callback, called when the set of held writes changes
//   storage.remove(name)
//   storage.setAside(name, reason, text, {keep, quiet, newer})  a value that reads well but
//                                 turned out unusable later (an unknown profile once the
//                                 engine's list is known, a saved game the engine refuses)
//   storage.problems            [{name, key, reason, newer}] set aside so far (for notices)
//   storage.onProblem           optional callback(problem), called as each is found
//
// A loader (KEYS[name].load) receives the parsed JSON (or the raw string for `raw` keys) and
// returns the value to use, or throws Invalid(reason). Invalid(reason, {newer: true}) marks a
// value written by a newer version of the page (its loader decides what that means; statistics
// keep such a file untouched, see stats.js). Loaders also migrate older formats.
//
// Why one unit of about 330 lines: every key's loader and the one writer belong together; a key
// defined elsewhere would escape the set-aside rules. The writes the browser refused are held by
// held.js.
//
// Keys (docs/UI-HOOKS.md "Stored data"):
//   settings  kaffeehaus.settings   {deckStyle, fourColour, speed, autoClaim, sound, points}
//   setup     kaffeehaus.setup      {profile, options, level, length, mode}
//   games     kaffeehaus.games      {"format": "kaffeehaus-games/1", "games": {id: game record}}
//                                   (games.js; the older single kaffeehaus.game is migrated)
//   stats     kaffeehaus.stats      {"format": "kaffeehaus-stats/2", ...} (stats-data.js)
//   language  kaffeehaus.language   "en" | "fr" | "de" | "cs" | "pt"  (a plain string)
//   daily     kaffeehaus.daily      {date, token}
//   rulesShort kaffeehaus.rulesShort {"[profile, options]": the engine's rules description}:
//                                   "Rules in short" while the engine loads (web/lang.js)
//   resume    sessionStorage kaffeehaus.resumeAfterReload   the id of the game to continue

import { MAX_LINK_TOKEN_LENGTH } from "../limits.js";
import { LEVELS, PROFILE_ORDER } from "../engine-facts.js";
import { LANGUAGES } from "../languages.js";
import { createHeld, HELD_KEY } from "./held.js";

export class Invalid extends Error {
  constructor(reason, { newer = false } = {}) {
    super(reason);
    this.name = "Invalid";
    this.newer = newer;
  }
}


export const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const need = (ok, reason) => { if (!ok) throw new Invalid(reason); };

export const DEFAULT_SETTINGS = Object.freeze({
  deckStyle: "french", fourColour: false, speed: "auto", autoClaim: false, sound: false,
  points: "profile",   // running points: "profile" (the profile's default, profiles().shows_points), "on", "off"
});
const SETTING_CHOICES = {
  deckStyle: ["french", "german"],
  fourColour: [true, false],
  speed: ["auto", "off", "fast", "normal", "slow"],
  autoClaim: [true, false],
  sound: [true, false],
  points: ["profile", "on", "off"],
};

function loadSettings(value) {
  need(isObject(value), "not an object");
  const settings = { ...DEFAULT_SETTINGS };
  for (const [name, choices] of Object.entries(SETTING_CHOICES)) {
    if (!(name in value)) continue;
    need(choices.includes(value[name]), `${name} is not one of its choices`);
    settings[name] = value[name];
  }
  return settings;  // names this version does not know are dropped
}

// A first visit: an opponent a newcomer can beat now and then, and practice (hints, undo); the
// set-up screen says where to change both. A returning player's stored choice is kept.
export const DEFAULT_SETUP = Object.freeze({
  profile: PROFILE_ORDER[0], options: {}, level: "easy", length: "match", mode: "practice",
});

/** The set-up's shape; whether the profile and options exist is checked against the engine's list (checkSetup). */
function loadSetup(value) {
  need(isObject(value), "not an object");
  const setup = { ...DEFAULT_SETUP, options: {} };
  if ("profile" in value) {
    need(typeof value.profile === "string" && PROFILE_ORDER.includes(value.profile), "unknown game");
    setup.profile = value.profile;
  }
  if ("options" in value) {
    need(isObject(value.options), "options are not an object");
    for (const [name, choice] of Object.entries(value.options)) {
      need(/^[a-z_]{1,40}$/i.test(name), "unknown option");
      need(choice === null || ["boolean", "number", "string"].includes(typeof choice), "bad option value");
      setup.options[name] = choice;
    }
  }
  if ("level" in value) {
    need(LEVELS.includes(value.level), "unknown level");
    setup.level = value.level;
  }
  if ("length" in value) {
    need(["match", "deal"].includes(value.length), "unknown length");
    setup.length = value.length;
  }
  if ("mode" in value) {
    need(["ranked", "practice"].includes(value.mode), "unknown mode");
    setup.mode = value.mode;
  }
  return setup;
}

/** The stored set-up against the engine's profiles(): null when it fits, else the reason. */
export function checkSetup(setup, profiles) {
  const profile = profiles.find((p) => p.id === setup.profile);
  if (!profile) return "unknown game";
  for (const [name, choice] of Object.entries(setup.options || {})) {
    const spec = profile.options && profile.options[name];
    if (!spec) return "unknown option";
    if (!spec.choices.some((c) => c === choice)) return "unknown option value";
  }
  return null;
}

function loadLanguage(value) {
  need(LANGUAGES.includes(value), "unknown language");
  return value;
}

function loadDaily(value) {
  need(isObject(value) && /^\d{4}-\d{2}-\d{2}$/.test(value.date) && typeof value.token === "string"
    && value.token.length <= MAX_LINK_TOKEN_LENGTH, "not a deal of the day");
  return { date: value.date, token: value.token };
}

/** A cache of the engine's rules descriptions (at most a dozen objects; only shown as text). */
function loadRulesShort(value) {
  need(isObject(value) && Object.keys(value).length <= 24, "not a cache of rules");
  for (const [key, description] of Object.entries(value)) {
    need(key.length <= 400 && isObject(description), "not a cache of rules");
  }
  return value;
}

/** The `resume` value of a reload that asked for the newest saved game, not a given one. */
export const NEWEST = "*newest";

// Filled by the modules that own a format (games.js, stats-data.js) to keep this file short.
export const KEYS = {
  settings: { key: "kaffeehaus.settings", load: loadSettings, fallback: () => ({ ...DEFAULT_SETTINGS }) },
  setup: { key: "kaffeehaus.setup", load: loadSetup, fallback: () => ({ ...DEFAULT_SETUP, options: {} }) },
  language: { key: "kaffeehaus.language", raw: true, load: loadLanguage, fallback: () => null },
  daily: { key: "kaffeehaus.daily", load: loadDaily, fallback: () => null },
  rulesShort: { key: "kaffeehaus.rulesShort", load: loadRulesShort, fallback: () => ({}) },
  resume: { key: "kaffeehaus.resumeAfterReload", area: "session", raw: true,
    // a game id; "1" (written by the version before games had ids) meant the newest saved game
    load: (v) => { need(v === "1" || /^[A-Za-z0-9_-]{1,40}$/.test(v), "not a game id"); return v === "1" ? NEWEST : v; },
    fallback: () => null },
};

/** Register a key (games.js, stats-data.js do so for theirs). */
export function defineKey(name, spec) {
  KEYS[name] = spec;
}

/** A write refused because the storage is full (not merely disabled). */
export function isQuotaError(error) {
  return Boolean(error) && (error.name === "QuotaExceededError" || error.code === 22 || error.code === 1014
    || /quota/i.test(String(error.message)));
}

export function createStorage({ local = null, session = null, onProblem = null, onWrites = null } = {}) {
  const areas = { local, session };
  const reported = new Set();

  /** Store `text` under `name` now; throws (and nothing changed) when the browser refuses. */
  function store(name, text) {
    const spec = KEYS[name];
    const area = areas[spec.area || "local"];
    if (!area) throw new Error("storage unavailable");
    area.setItem(spec.key, text);
  }

  const holding = createHeld({ session, store, report: () => {
    try {
      storage.onWrites?.(new Map(held));
    } catch { /* a notice failed to show: the writes are held all the same */ }
  } });
  const held = holding.writes;   // name → {text, full}

  const storage = {
    problems: [],
    onProblem,
    onWrites,
    held,

    /** The text of a key as this tab knows it: a held write, else what is stored (null: nothing). */
    text(name) {
      if (held.has(name)) return held.get(name).text;
      return storage.stored(name);
    },

    /** The text actually stored under a key (null: nothing, or storage unavailable). */
    stored(name) {
      const spec = KEYS[name];
      try {
        return areas[spec.area || "local"]?.getItem(spec.key) ?? null;
      } catch {
        return null;
      }
    },

    read(name) {
      const spec = KEYS[name];
      const text = storage.text(name);
      if (text === null) return spec.fallback();
      try {
        let value = text;
        if (!spec.raw) {
          try {
            value = JSON.parse(text);
          } catch {
            throw new Invalid("not JSON");
          }
        }
        return spec.load(value);
      } catch (error) {
        if (!(error instanceof Invalid)) throw error;
        if (error.newer && spec.onNewer) return spec.onNewer(text, storage);
        storage.setAside(name, error.message, text);
        return spec.fallback();
      }
    },

    write(name, value) {
      const spec = KEYS[name];
      const text = spec.raw ? String(value) : JSON.stringify(value);
      if (held.size && !held.has(name)) storage.flush();   // older held writes first
      try {
        store(name, text);
      } catch (error) {
        // full or disabled: the game goes on, this tab keeps the value and tries again
        holding.hold(name, text, isQuotaError(error));
        return false;
      }
      holding.release(name);
      return true;
    },

    /** Try every held write again; true when nothing is held any more. */
    flush: () => holding.flush(),

    /** Write `text` straight to the storage, never held (a smaller copy, a backup). */
    writeNow(name, text) {
      try {
        store(name, text);
        return true;
      } catch {
        return false;
      }
    },

    remove(name) {
      const spec = KEYS[name];
      holding.release(name);
      try {
        areas[spec.area || "local"]?.removeItem(spec.key);
      } catch { /* disabled */ }
    },

    /** Back the text up whole (list of backups, "<key>.damaged"), remove it, report the problem. */
    setAside(name, reason, text = storage.text(name), { newer = false, keep = false, quiet = false } = {}) {
      const spec = KEYS[name];
      const area = areas[spec.area || "local"];
      if (text !== null) {
        storage.backup?.(spec.key, reason, text);
        try {
          area?.setItem(`${spec.key}.damaged`, text);   // whole, or not at all
        } catch { /* full: the list of backups holds it, if it fits */ }
      }
      if (!keep) storage.remove(name);
      const problem = { name, key: spec.key, reason: String(reason).slice(0, 200), newer };
      if (quiet) return problem;   // the caller tells the player itself
      const seen = `${name}\n${text}`;
      if (reported.has(seen)) return problem;   // a kept (newer) value is reported once
      reported.add(seen);
      storage.problems.push(problem);
      try {
        storage.onProblem?.(problem);
      } catch { /* a notice failed to show: the value is set aside all the same */ }
      return problem;
    },

    /** Read every local key once (at boot): whatever is damaged is set aside and reported now. */
    checkAll() {
      for (const name of Object.keys(KEYS)) {
        if ((KEYS[name].area || "local") === "local" && KEYS[name].load) storage.read(name);
      }
    },

    /** The storage event's key → our key name (for tabs.js), or null. */
    nameOf(key) {
      return Object.keys(KEYS).find((name) => KEYS[name].key === key) || null;
    },
  };
  // writes a reload of this tab left held (sessionStorage): read back, and tried again now
  holding.restore((name) => Boolean(KEYS[name]));
  storage.flush();
  return storage;
}

/** A Map-backed stand-in for localStorage (Node tests, and pages where storage is disabled). */
export function memoryArea() {
  const map = new Map();
  return {
    getItem: (k) => (map.has(k) ? map.get(k) : null),
    setItem: (k, v) => { map.set(k, String(v)); },
    removeItem: (k) => { map.delete(k); },
    clear: () => map.clear(),
    key: (i) => [...map.keys()][i] ?? null,
    get length() { return map.size; },
  };
}
