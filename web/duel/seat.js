// seat.js — an observation told from the table's side. DOM-free.
//
// The table (web/table/) draws the player at seat 0 and the opponent at seat 1, as against the
// computer. In a duel the player who joined sits at seat 1: `fromSeat(obs, 1)` returns the same
// observation with the two seats swapped everywhere a seat appears (who moves, deals, leads,
// wins; every [p0, p1] pair; the match's scores and sheet), so the table draws it unchanged.
// Nothing is added or removed: the engine's observation of that seat (docs/API.md) is only
// renumbered. Seat 0's observation comes back as it is (a copy).

const other = (seat) => (seat === 0 || seat === 1 ? 1 - seat : seat);
const pair = (value) => (Array.isArray(value) && value.length === 2 ? [value[1], value[0]] : value);
const played = (list) => (Array.isArray(list) ? list.map((e) => (Array.isArray(e) ? [other(e[0]), ...e.slice(1)] : e)) : list);

function result(r) {
  if (!r || typeof r !== "object") return r;
  const out = { ...r };
  if ("winner" in out) out.winner = other(out.winner);
  for (const key of ["points", "scores", "game_points", "bummerls", "honours", "tricks_won", "card_points"]) {
    if (key in out) out[key] = pair(out[key]);
  }
  return out;
}

function match(m) {
  if (!m || typeof m !== "object") return m;
  const out = result(m);
  if ("dealer" in out) out.dealer = other(out.dealer);
  if (Array.isArray(m.sheet)) out.sheet = m.sheet.map(result);
  return out;
}

export function fromSeat(obs, seat) {
  if (!obs) return obs;
  const copy = JSON.parse(JSON.stringify(obs));
  if (seat !== 1) return copy;
  for (const key of ["player", "forehand", "dealer", "to_move", "closed_by"]) {
    if (key in copy) copy[key] = other(copy[key]);
  }
  for (const key of ["points", "card_points", "tricks_won"]) {
    if (key in copy) copy[key] = pair(copy[key]);
  }
  if (copy.close && typeof copy.close === "object") {
    copy.close = { ...copy.close, by: other(copy.close.by), points: pair(copy.close.points),
      tricks_won: pair(copy.close.tricks_won) };
  }
  copy.trick = played(copy.trick);
  copy.actions = played(copy.actions);
  if (Array.isArray(copy.history)) {
    copy.history = copy.history.map((h) => ({ ...h, leader: other(h.leader), winner: other(h.winner),
      cards: played(h.cards), actions: played(h.actions) }));
  }
  if (Array.isArray(copy.marriages)) copy.marriages = copy.marriages.map((m) => ({ ...m, player: other(m.player) }));
  if (copy.result) copy.result = result(copy.result);
  if (copy.match) copy.match = match(copy.match);
  return copy;
}

/** A deal result or match status (duel status.last_result / match_status) from the table's side. */
export function resultFromSeat(value, seat) {
  return seat === 1 ? result(value) : value;
}
export function matchFromSeat(value, seat) {
  return seat === 1 ? match(value) : value;
}
