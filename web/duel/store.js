// store.js — the duels saved on this device, in localStorage["kaffeehaus.duels"]. DOM-free.
//
//   {"format": "kaffeehaus-duels/1", "duels": {"<game id>": {
//       "id",                    the duel's game id (chosen by the inviter, in every message)
//       "rev", "updated",        grows with every write / when (a tab that finds a rev it did not
//                                write reloads the duel: another tab of this player moved it on)
//       "seat",                  0: this player invited, 1: joined
//       "profile", "options", "match"   the game agreed in the invitation
//       "party",                 the engine's party (kaffeehaus.api duel_*): this seat's secret
//                                keys and what it knows. It never leaves this device and never
//                                holds the other player's hidden cards.
//       "outbox": [codes],       what this player has to send (until the friend's next code)
//       "shared": bool,          the player has copied or shared them (the page then waits)
//       "verdict": null | {"type", "message"}   cheating detected: the duel stops there
//       "over": bool,            the game has ended (kept to look at, not listed to continue)
//       "phase",                 the engine's phase at the last save (your_turn, their_turn, …):
//                                what the set-up's list of games waiting says without the engine
//   }}}
//
// The loader checks each record's shape; a damaged record is set aside (kaffeehaus.duel.damaged)
// with a notice and the others are kept. The engine checks the party itself on every call; a
// party it refuses as malformed is set aside the same way (setAside). A party saved in an older
// format of the protocol (PARTY_FORMAT) cannot go on and is set aside when loaded, never half-played.
import { MAX_CODE_LENGTH, MAX_PARTY_LENGTH } from "../limits.js";
import { Invalid, defineKey, isObject } from "../saving/storage.js";

export const DUELS_FORMAT = "kaffeehaus-duels/1";
export const MAX_DUELS = 8;
/** The engine's party format (docs/PROTOCOL.md, py/kaffeehaus/duel/state.py FORMAT). */
export const PARTY_FORMAT = "kaffeehaus-duel/4";
export const OLDER_VERSION = "saved by an older version";
const ID = /^[A-Za-z0-9_-]{1,64}$/;
const PHASES = ["shuffling", "waiting", "your_turn", "their_turn", "verifying", "over"];
const CODE = /^kd1\.[A-Za-z0-9_-]+$/;

export function checkDuel(value) {
  const bad = () => { throw new Invalid("not a saved duel"); };
  if (!isObject(value) || !ID.test(value.id)) bad();
  if (!Number.isSafeInteger(value.rev) || value.rev < 0) bad();
  if (value.seat !== 0 && value.seat !== 1) bad();
  if (typeof value.profile !== "string" || !/^[a-z-]{1,40}$/.test(value.profile)) bad();
  if (!isObject(value.options) || typeof value.match !== "boolean") bad();
  if (!isObject(value.party) || JSON.stringify(value.party).length > MAX_PARTY_LENGTH) bad();
  if (value.party.format !== PARTY_FORMAT) {
    if (typeof value.party.format === "string" && /^kaffeehaus-duel\/\d+$/.test(value.party.format)) {
      throw new Invalid(OLDER_VERSION);
    }
    bad();
  }
  const outbox = Array.isArray(value.outbox) ? value.outbox : [];
  if (outbox.length > 4 || !outbox.every((c) => typeof c === "string" && c.length <= MAX_CODE_LENGTH && CODE.test(c))) bad();
  let verdict = null;
  if (value.verdict !== null && value.verdict !== undefined) {
    if (!isObject(value.verdict) || typeof value.verdict.type !== "string" || typeof value.verdict.message !== "string") bad();
    verdict = { type: value.verdict.type.slice(0, 40), message: value.verdict.message.slice(0, 300) };
  }
  return {
    id: value.id, rev: value.rev, updated: Number.isFinite(value.updated) ? value.updated : 0,
    seat: value.seat, profile: value.profile, options: value.options, match: value.match,
    party: value.party, outbox: [...outbox], verdict, shared: value.shared === true, over: value.over === true,
    ...(PHASES.includes(value.phase) ? { phase: value.phase } : {}),
    recorded: Array.isArray(value.recorded) ? value.recorded.filter((k) => typeof k === "string").slice(-400) : [],
  };
}

function loadDuels(value) {
  if (!isObject(value) || typeof value.format !== "string") throw new Invalid("not a list of saved duels");
  const [name, version] = value.format.split("/");
  if (name !== "kaffeehaus-duels" || !/^\d+$/.test(version || "")) throw new Invalid("not a list of saved duels");
  if (Number(version) > 1) throw new Invalid("saved by a newer version", { newer: true });
  if (!isObject(value.duels)) throw new Invalid("not a list of saved duels");
  const duels = {};
  const damaged = [];
  for (const [id, record] of Object.entries(value.duels)) {
    try {
      const checked = checkDuel(record);
      if (checked.id !== id) throw new Invalid("not a saved duel");
      duels[id] = checked;
    } catch (error) {
      if (!(error instanceof Invalid)) throw error;
      damaged.push({ id, record, reason: error.message });
    }
  }
  return { format: DUELS_FORMAT, duels, damaged };
}

defineKey("duels", {
  key: "kaffeehaus.duels", load: loadDuels, fallback: () => ({ format: DUELS_FORMAT, duels: {}, damaged: [] }),
  onNewer: (text, storage) => {
    storage.setAside("duels", "saved by a newer version", text, { newer: true, keep: true });
    return { format: DUELS_FORMAT, duels: {}, damaged: [], readOnly: true };
  },
});
// The STUN server for live connections (web/duel/live.js): "" (none, the default) or a stun: URL.
defineKey("duelStun", {
  key: "kaffeehaus.duelStun", raw: true,
  load: (v) => {
    if (v !== "" && !/^stuns?:[^\s]{1,200}$/.test(v)) throw new Invalid("not a STUN address");
    return v;
  },
  fallback: () => "",
});
// The backup slot of one damaged duel; nothing is ever read from it.
defineKey("duel", { key: "kaffeehaus.duel", load: null, fallback: () => null });

export function createDuels(storage, { now = () => Date.now() } = {}) {
  let readOnly = false;

  function readFile() {
    const file = storage.read("duels");
    if (file.readOnly) readOnly = true;
    if (file.damaged && file.damaged.length) {
      for (const bad of file.damaged) storage.setAside("duel", bad.reason, JSON.stringify(bad.record), { keep: true });
      file.damaged = [];
      writeFile(file);
    }
    return file;
  }

  function writeFile(file) {
    if (readOnly) return false;
    const ids = Object.keys(file.duels).sort((a, b) => file.duels[b].updated - file.duels[a].updated);
    for (const id of ids.slice(MAX_DUELS)) delete file.duels[id];
    return storage.write("duels", { format: DUELS_FORMAT, duels: file.duels });
  }

  return {
    get readOnly() { return readOnly; },
    list() {
      return Object.values(readFile().duels).sort((a, b) => b.updated - a.updated);
    },
    /** The saved duels that can go on (not ended), newest first. */
    unfinished() {
      return this.list().filter((record) => !record.over);
    },
    get(id) {
      return id ? readFile().duels[id] || null : null;
    },
    put(record) {
      const file = readFile();
      file.duels[record.id] = { ...record, updated: now() };
      return writeFile(file);
    },
    delete(id) {
      const file = readFile();
      if (!(id in file.duels)) return;
      delete file.duels[id];
      writeFile(file);
    },
    /** Whether this device set aside the duel `id` (its record is among the backups). */
    wasSetAside(id) {
      let backups = [];
      try {
        backups = storage.read("backups").backups || [];
      } catch {
        return false;   // no list of backups here (a unit test's storage)
      }
      const needle = `"id":${JSON.stringify(String(id))}`;
      return backups.some((b) => b.key === "kaffeehaus.duel" && String(b.text).includes(needle));
    },
    /** The engine refused the record's party: back it up (kaffeehaus.duel.damaged) and drop it. */
    setAside(id, reason) {
      const file = readFile();
      const record = file.duels[id];
      if (!record) return;
      storage.setAside("duel", reason, JSON.stringify(record), { keep: true, quiet: true });
      delete file.duels[id];
      writeFile(file);
    },
  };
}
