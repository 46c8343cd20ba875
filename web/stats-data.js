// stats-data.js — the statistics file and how a deal is counted. DOM-free.
//
// localStorage["kaffeehaus.stats"] = {"format": "kaffeehaus-stats/2",
//   "entries": {"<profile>|<level>": {deals, dealsWon, dealsLost, pointsWon, pointsLost, matches,
//     matchesWon, matchesLost, bummerlsWon, bummerlsLost, streak, bestStreak, matchStreak,
//     bestMatchStreak}},
//   "counted": ["<game id>/<deal number>", ...]}     the last deals counted (each is counted once)
//
// Versions: /1 (no "counted") is migrated; a field missing from an entry counts 0. A damaged file
// is set aside (kaffeehaus.stats.damaged) with a notice and a new one starts; a file of a NEWER
// version is backed up the same way but left in place and not written by this version (its
// results are not counted here until the page is updated), never silently replaced.
import { Invalid, defineKey, isObject } from "./storage.js";

export const STATS_FORMAT = "kaffeehaus-stats/2";
const VERSION = 2;
export const FIELDS = ["deals", "dealsWon", "dealsLost", "pointsWon", "pointsLost", "matches", "matchesWon",
  "matchesLost", "bummerlsWon", "bummerlsLost", "streak", "bestStreak", "matchStreak", "bestMatchStreak"];
const MAX_COUNTED = 200;
const ENTRY_KEY = /^[a-z-]{1,40}\|[a-z]{1,20}$/;

export function emptyEntry() {
  return Object.fromEntries(FIELDS.map((f) => [f, 0]));
}

export function emptyStats() {
  return { format: STATS_FORMAT, entries: {}, counted: [] };
}

function loadStats(value) {
  if (!isObject(value) || typeof value.format !== "string") throw new Invalid("not a statistics file");
  const match = /^kaffeehaus-stats\/(\d+)$/.exec(value.format);
  if (!match) throw new Invalid("not a statistics file");
  const version = Number(match[1]);
  if (version > VERSION) throw new Invalid("written by a newer version", { newer: true });
  if (!isObject(value.entries)) throw new Invalid("not a statistics file");
  const entries = {};
  for (const [key, entry] of Object.entries(value.entries)) {
    if (!ENTRY_KEY.test(key) || !isObject(entry)) throw new Invalid("a damaged entry");
    entries[key] = emptyEntry();
    for (const f of FIELDS) {
      if (!(f in entry)) continue;   // older files lack the newer counters: 0
      if (!Number.isSafeInteger(entry[f]) || entry[f] < 0) throw new Invalid("a damaged count");
      entries[key][f] = entry[f];
    }
  }
  // version 1 → 2: "counted" starts empty
  const counted = version >= 2 && Array.isArray(value.counted)
    ? value.counted.filter((k) => typeof k === "string" && k.length <= 80).slice(-MAX_COUNTED) : [];
  return { format: STATS_FORMAT, entries, counted };
}

defineKey("stats", {
  key: "kaffeehaus.stats",
  load: loadStats,
  fallback: emptyStats,
  onNewer: (text, storage) => {
    storage.setAside("stats", "written by a newer version", text, { newer: true, keep: true });
    return { ...emptyStats(), readOnly: true };
  },
});

/** Count one deal that ended (`prev` → `obs`, seat 0's observations) into `data`. false: not counted. */
export function countDeal(data, { prev, obs, level, key = null }) {
  if (!prev || prev.result || !obs || !obs.result) return false;
  if (key && data.counted.includes(key)) return false;
  const name = `${obs.profile}|${level}`;
  if (!ENTRY_KEY.test(name)) return false;
  const entry = data.entries[name] || emptyEntry();
  const r = obs.result;
  entry.deals += 1;
  if (r.winner === 0) {
    entry.dealsWon += 1;
    entry.pointsWon += r.game_points;
    entry.streak += 1;
    entry.bestStreak = Math.max(entry.bestStreak, entry.streak);
  } else {
    if (r.winner === 1) {
      entry.dealsLost += 1;
      entry.pointsLost += r.game_points;
    }
    entry.streak = 0;
  }
  const match = obs.match;
  if (match && Array.isArray(match.bummerls)) {
    const before = (prev.match && prev.match.bummerls) || [0, 0];
    entry.bummerlsWon += Math.max(0, match.bummerls[0] - before[0]);
    entry.bummerlsLost += Math.max(0, match.bummerls[1] - before[1]);
  }
  if (match && match.over && !(prev.match && prev.match.over)) {
    entry.matches += 1;
    if (match.winner === 0) {
      entry.matchesWon += 1;
      entry.matchStreak += 1;
      entry.bestMatchStreak = Math.max(entry.bestMatchStreak, entry.matchStreak);
    } else {
      if (match.winner === 1) entry.matchesLost += 1;
      entry.matchStreak = 0;  // a drawn session ends a run of wins too
    }
  }
  data.entries[name] = entry;
  if (key) data.counted = [...data.counted, key].slice(-MAX_COUNTED);
  return true;
}

/**
 * A deal ended in play (the controller's "dealEnded"): counted when the game is ranked and the
 * engine says its deck is its own shuffle of the seed (`obs.shuffled`). Read, count, write at
 * once, so two tabs never count over each other's results.
 */
export function recordDeal(storage, { prev, obs, mode, level, key }) {
  if (mode !== "ranked" || !obs || obs.shuffled !== true) return false;
  const data = storage.read("stats");
  if (data.readOnly) return false;
  if (!countDeal(data, { prev, obs, level, key })) return false;
  storage.write("stats", { format: STATS_FORMAT, entries: data.entries, counted: data.counted });
  return true;
}
