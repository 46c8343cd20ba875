// stats-data.js — the statistics file and how a deal is counted. DOM-free.
//
// localStorage["kaffeehaus.stats"] = {"format": "kaffeehaus-stats/2",
//   "entries": {"<profile>|<level>": {deals, dealsWon, dealsLost, pointsWon, pointsLost, matches,
//     matchesWon, matchesLost, bummerlsWon, bummerlsLost, streak, bestStreak, matchStreak,
//     bestMatchStreak}},                            games against the computer
//   "friends": [{names: [a, b], deals, dealsWon: [na, nb], pointsWon: [na, nb], matches,
//     matchesWon: [na, nb], device?}],               pass and play, one entry per pair of names
//                                                    (sorted), never mixed with the entries;
//                                                    device "remote": a friend on another device
//                                                    (web/duel/), names ["you", "friend"]
//   "counted": ["<game id>/<deal number>", ...]}     the last deals counted (each is counted once)
//
// Versions: /1 (no "counted") is migrated; "friends" is an optional field of /2 (absent: none,
// docs/DECISIONS.md); a field missing from an entry counts 0. A damaged file
// is set aside (kaffeehaus.stats.damaged) with a notice and a new one starts; a file of a NEWER
// version is backed up the same way but left in place and not written by this version (its
// results are not counted here until the page is updated), never silently replaced.
import { Invalid, defineKey, isObject } from "./storage.js";

export const STATS_FORMAT = "kaffeehaus-stats/2";
const VERSION = 2;
export const FIELDS = ["deals", "dealsWon", "dealsLost", "pointsWon", "pointsLost", "matches", "matchesWon",
  "matchesLost", "bummerlsWon", "bummerlsLost", "streak", "bestStreak", "matchStreak", "bestMatchStreak"];
const MAX_COUNTED = 200;
const MAX_FRIENDS = 50;     // pairs of names kept (the most recently played first)
const PAIR_FIELDS = ["dealsWon", "pointsWon", "matchesWon"];
export const REMOTE_NAMES = ["you", "friend"];   // a friend on another device: one entry, whatever the names
const ENTRY_KEY = /^[a-z-]{1,40}\|[a-z]{1,20}$/;

export function emptyEntry() {
  return Object.fromEntries(FIELDS.map((f) => [f, 0]));
}

export function emptyStats() {
  return { format: STATS_FORMAT, entries: {}, friends: [], counted: [] };
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
  // pass and play (an optional field: a file without it has none)
  const friends = loadFriends(value.friends);
  return { format: STATS_FORMAT, entries, friends, counted };
}

const count = (n) => Number.isSafeInteger(n) && n >= 0;
const friendName = (n) => typeof n === "string" && n.length > 0 && n.length <= 40;

function loadFriends(value) {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > MAX_FRIENDS) throw new Invalid("damaged friends' statistics");
  return value.map((entry) => {
    if (!isObject(entry) || !Array.isArray(entry.names) || entry.names.length !== 2 || !entry.names.every(friendName)
      || entry.names[0] === entry.names[1]) throw new Invalid("damaged friends' statistics");
    if ("device" in entry && entry.device !== "remote") throw new Invalid("damaged friends' statistics");
    const out = { names: [...entry.names], deals: 0, matches: 0, dealsWon: [0, 0], pointsWon: [0, 0], matchesWon: [0, 0] };
    if (entry.device === "remote") out.device = "remote";
    for (const f of ["deals", "matches"]) {
      if (!(f in entry)) continue;
      if (!count(entry[f])) throw new Invalid("a damaged count");
      out[f] = entry[f];
    }
    for (const f of PAIR_FIELDS) {
      if (!(f in entry)) continue;
      if (!Array.isArray(entry[f]) || entry[f].length !== 2 || !entry[f].every(count)) throw new Invalid("a damaged count");
      out[f] = [...entry[f]];
    }
    return out;
  });
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
 * Count one deal of pass and play (`players`: the names of seat 0 and seat 1) under its pair of
 * names, never with the games against the computer. false: not counted.
 */
export function countFriendDeal(data, { prev, obs, players, key = null, remote = false }) {
  if (!prev || prev.result || !obs || !obs.result) return false;
  // a friend on another device: "you" at this device's seat (obs.player), whatever the names
  if (remote) players = obs.player === 1 ? [REMOTE_NAMES[1], REMOTE_NAMES[0]] : REMOTE_NAMES;
  if (!Array.isArray(players) || players.length !== 2 || !players.every(friendName) || players[0] === players[1]) return false;
  if (key && data.counted.includes(key)) return false;
  const names = remote ? [...REMOTE_NAMES] : [...players].sort();
  const slot = (seat) => names.indexOf(players[seat]);   // seat → index in the sorted pair
  const device = remote ? "remote" : undefined;
  let entry = data.friends.find((f) => f.names[0] === names[0] && f.names[1] === names[1] && f.device === device);
  if (!entry) entry = { names, deals: 0, matches: 0, dealsWon: [0, 0], pointsWon: [0, 0], matchesWon: [0, 0], ...(remote ? { device } : {}) };
  const r = obs.result;
  entry.deals += 1;
  if (r.winner === 0 || r.winner === 1) {
    entry.dealsWon[slot(r.winner)] += 1;
    entry.pointsWon[slot(r.winner)] += r.game_points;
  }
  const match = obs.match;
  if (match && match.over && !(prev.match && prev.match.over)) {
    entry.matches += 1;
    if (match.winner === 0 || match.winner === 1) entry.matchesWon[slot(match.winner)] += 1;
  }
  // the pair just played comes first; the oldest pairs beyond MAX_FRIENDS are dropped
  data.friends = [entry, ...data.friends.filter((f) => f !== entry)].slice(0, MAX_FRIENDS);
  if (key) data.counted = [...data.counted, key].slice(-MAX_COUNTED);
  return true;
}

/**
 * A deal ended in play (the controller's "dealEnded"): counted when the game is ranked and the
 * engine says its deck is its own shuffle of the seed (`obs.shuffled`). Read, count, write at
 * once, so two tabs never count over each other's results. Against the computer (`opponent`
 * "computer" or absent) under "<profile>|<level>"; pass and play ("local") under the pair of
 * names; a friend on another device ("remote") in one entry of its own; nothing else.
 */
export function recordDeal(storage, { prev, obs, mode, level, key, opponent = "computer", players = null }) {
  if (mode !== "ranked" || !obs || obs.shuffled !== true) return false;
  if (!["computer", "local", "remote"].includes(opponent)) return false;
  const data = storage.read("stats");
  if (data.readOnly) return false;
  const counted = opponent === "computer" ? countDeal(data, { prev, obs, level, key })
    : countFriendDeal(data, { prev, obs, players, key, remote: opponent === "remote" });
  if (!counted) return false;
  storage.write("stats", { format: STATS_FORMAT, entries: data.entries, friends: data.friends, counted: data.counted });
  return true;
}
