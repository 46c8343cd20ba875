// observation.js — what the page reads from an engine observation (docs/API.md), whoever the
// opponent: the running points shown or not, a claim to confirm, the trick just taken, the
// end-of-deal summary. Seat-neutral: "you" is always the
// observation's own seat (`obs.player`). DOM-free.

/**
 * Whether the table shows the running points: the player's setting ("on" / "off"), else the
 * profile's own default (`profiles()[i].shows_points`; false in schnapsen-strict, where the
 * players keep the count in their heads). Unknown profile: shown.
 */
export function pointsShown(setting, profile) {
  if (setting === "on") return true;
  if (setting === "off") return false;
  return !(profile && profile.shows_points === false);
}

/** A claim the player is asked to confirm (SV-3): while the table shows the points, one that would
 * not win (the engine's claim_wins); in memory mode every claim, since the player cannot see the
 * count and asking only before a losing claim would give it away. */
export function claimNeedsConfirmation(obs, shown) {
  if (!obs || !(obs.legal_actions || []).includes("claim")) return false;
  return !shown || !obs.claim_wins;
}

/** The trick just finished in `obs` (its last history entry): who took it, with what, and its points. */
export function takenTrick(obs) {
  const history = (obs && obs.history) || [];
  const trick = history[history.length - 1];
  if (!trick) return null;
  const winning = trick.cards.find(([player]) => player === trick.winner);
  return { winner: trick.winner, card: winning ? winning[1] : null,
    points: Number.isInteger(trick.points) ? trick.points : null };
}

/**
 * What the end-of-deal panel shows, from the observation of a finished deal: per seat (by
 * index) its card points, effective points, tricks and announced marriages; the result; the
 * opponent's remaining cards (the engine's opponent_hand); the match score when in a match.
 */
export function dealSummary(obs, me = obs ? obs.player ?? 0 : 0) {
  if (!obs || !obs.result) return null;
  const side = (seat) => ({
    cardPoints: (obs.card_points || [])[seat] ?? null,
    points: (obs.points || [])[seat] ?? null,
    tricks: (obs.tricks_won || [])[seat] ?? 0,
    marriages: (obs.marriages || []).filter((m) => m.player === seat)
      .map((m) => ({ suit: m.suit, points: m.points, effective: Boolean(m.effective) })),
  });
  const r = obs.result;
  return {
    game: obs.game,
    you: side(me),
    opponent: side(1 - me),
    winner: r.winner === null ? null : r.winner === me ? "you" : "opponent",
    gamePoints: r.game_points,
    reason: r.reason,
    resultPoints: r.points,
    opponentHand: Array.isArray(obs.opponent_hand) ? [...obs.opponent_hand] : [],
    match: obs.match ? { you: obs.match.scores[me], opponent: obs.match.scores[1 - me], over: Boolean(obs.match.over),
      winner: obs.match.winner === null || obs.match.winner === undefined ? null : obs.match.winner === me ? "you" : "opponent" } : null,
  };
}

/** Points of the marriage `seat` announced in `suit` (the engine's observation.marriages). */
export function announcedPoints(obs, seat, suit) {
  const found = (obs.marriages || []).filter((m) => m.player === seat && m.suit === suit);
  return found.length ? found[found.length - 1].points : null;
}

/** The deal (or, with a match, the match) is over. */
export function isOver(obs) {
  return Boolean(obs && obs.result && (!obs.match || obs.match.over));
}

/** The number of the deal in `obs` (1 for a single deal): with the game id, a deal's key. */
export function dealNumber(obs) {
  return obs.match && Array.isArray(obs.match.sheet) ? obs.match.sheet.length : 1;
}

/** `a` and `b` are positions of the same deal, `b` at or after `a`. */
export function sameDeal(a, b) {
  if (a.result && !b.result) return false;          // the next deal is on the table
  if (a.dealer !== b.dealer || a.profile !== b.profile) return false;
  const old = a.actions || [];
  const now = b.actions || [];
  return now.length >= old.length && JSON.stringify(now.slice(0, old.length)) === JSON.stringify(old);
}
