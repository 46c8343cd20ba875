// move-verdict.js — how the expert's review judges one move of the player (web/review.js).
//
// api.hint ranks every legal action with the game points the expert expects it to bring. A move
// is a miss only when the expert rates it below its best choice by at least the precision the
// review shows (two decimals): a move rated equal to the expert's own choice is as good, and
// the review says so instead of listing it as a miss.

/** Values closer than this read the same at two decimals, and are the same to the player. */
export const EQUAL_WITHIN = 0.005;

/**
 * The verdict on one move: "pending" (no result yet), "error", "only" (the one legal move),
 * "best" (the expert's first choice), "equal" (another move the expert values the same) or
 * "other" (worth less than the best). `result` is {ranked}, {only: true} or {error}.
 */
export function moveVerdict(result, action) {
  if (!result) return "pending";
  if (result.error) return "error";
  if (result.only) return "only";
  const best = result.ranked[0];
  if (best.action === action) return "best";
  const mine = result.ranked.find((entry) => entry.action === action);
  if (mine && best.value - mine.value < EQUAL_WITHIN) return "equal";
  return "other";
}

/** Verdicts that count as playing as the expert would. */
export const AGREES = new Set(["best", "equal", "only"]);
