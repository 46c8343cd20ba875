// words.js — the table's sentences, in the player's language, from observations: names of
// levels and actions, the engine's refusals and failures, the status line, what the other side
// announced. Seat-neutral: "you" is the observation's own seat (`obs.player`).
import { t, has } from "../i18n.js";
import { suitName, cardName } from "./cardview.js";
import { takenTrick } from "../play/observation.js";

export const levelName = (level) => (has(`level.${level}`) ? t(`level.${level}`) : level);

/** The engine's keyword for a refusal or an error (error.code, kaffeehaus.messages.ERROR_CODES)
 * in the player's language, its params in words (a suit or a card by name, a nested keyword in
 * words); null when this page has no words for it. */
export function engineText(code, params = {}, deckStyle = "french") {
  const key = ["illegal", "error"].map((group) => `${group}.${code}`).find((k) => has(k));
  if (!key) return null;
  const words = {};
  for (const [name, value] of Object.entries(params || {})) {
    if (name === "suit" && typeof value === "string") words.suit = suitName(value, deckStyle);
    else if (["card", "king", "queen"].includes(name) && typeof value === "string") words[name] = cardName(value, deckStyle);
    else if (name === "reason") words.reason = (typeof value === "string" && engineText(value, {}, deckStyle)) || t("illegal.not_now");
    else words[name] = value;
  }
  return t(key, words);
}

/** A failure in the player's language: the engine's keyword, else the page's own failures
 * (engine-client.js types), else the message as it came. */
export function failureText(error, deckStyle = "french") {
  const known = error.code ? engineText(error.code, error.params, deckStyle) : null;
  if (known) return known;
  const key = `engine.failure.${error.type}`;
  return has(key) ? t(key) : error.message;
}

/** An action in words, as the table's buttons say it (marriage points: the engine's). */
export function actionName(action, obs, deckStyle) {
  if (action.length === 2) return cardName(action, deckStyle);
  if (action.startsWith("marry:")) {
    return t("action.marry", { suit: suitName(action.slice(6), deckStyle), points: marriagePoints(action, obs) });
  }
  if (action === "exchange" && deckStyle === "german") return t("action.exchange.german");
  return t(`action.${action}`);
}

/** Points of a marriage: offered (obs.marriage_points) or announced (obs.marriages). */
export function marriagePoints(action, obs, player = null) {
  const offered = obs.marriage_points && obs.marriage_points[action];
  if (offered !== undefined) return offered;
  const suit = action.slice(6);
  const announced = (obs.marriages || []).filter((m) => m.suit === suit && (player === null || m.player === player));
  return announced.length ? announced[announced.length - 1].points : "";
}

/** After announcing a marriage: the legal actions say whether the Queen may be led (ST-3). */
export function marriageStatus(obs) {
  const queen = `Q${obs.pending_marriage}`;
  const kingOnly = obs.hand.includes(queen) && !obs.legal_actions.includes(queen);
  return t(kingOnly ? "status.afterMarriageKing" : "status.afterMarriage");
}

/** The line shown while a finished trick lies on the table: who takes it and, while the table
 * shows the points, what it takes (the engine's history[i].points). */
export function trickText(obs, showsPoints) {
  const taken = takenTrick(obs);
  if (!taken) return "";
  const who = t(taken.winner === obs.player ? "trick.youTake" : "trick.opponentTakes");
  return taken.points !== null && showsPoints ? t("trick.takesPoints", { who, points: taken.points }) : who;
}

/** The status line at the end of a deal (and of the match), from the observation's own seat. */
export function resultText(obs) {
  const r = obs.result;
  const reasonKey = `reason.${r.reason}`;
  const reason = has(reasonKey) ? t(reasonKey, { points: r.points.join("–") }) : r.reason;
  let text;
  if (r.winner === null) text = t("status.drawnDeal", { reason });
  else text = t(r.winner === obs.player ? "status.youWinDeal" : "status.oppWinsDeal", { points: r.game_points, reason });
  if (obs.match && obs.match.over) {
    const m = obs.match.winner;
    text += ` ${t(m === null ? "status.drawnMatch" : m === obs.player ? "status.youWinMatch" : "status.oppWinsMatch")}`;
  }
  return text;
}

/** The status line's sentence for a status keyword, in the current language (null: keep). */
export function statusText(kind, obs, showsPoints) {
  if (kind === "setup") return t("status.pickGame");
  if (kind === "opponent-turn") return t("status.thinking");
  if (kind === "trick-taken" && obs) return trickText(obs, showsPoints);
  if (kind === "read-only") return t("tabs.readOnly");
  if (kind === "your-turn" && obs) {
    if (obs.pending_marriage) return marriageStatus(obs);
    return t(obs.trick.length ? "status.yourTurnAnswer" : "status.yourTurnLead");
  }
  if ((kind === "deal-over" || kind === "match-over") && obs && obs.result) return resultText(obs);
  return null;
}

/** What the other side's action says: `news` (announced: shown and spoken) or `spoken` (a card
 * played: for screen readers only). */
export function opponentMove(action, obs, style) {
  if (action.startsWith("marry:")) {
    return { news: t("opp.marry", { suit: suitName(action.slice(6), style), points: marriagePoints(action, obs, 1 - obs.player) }) };
  }
  if (action.length === 2) return { spoken: t("area.played", { seat: t("seat.opponent"), card: cardName(action, style) }) };
  if (action === "exchange" && style === "german") return { news: t("opp.exchange.german") };
  if (["exchange", "close", "claim"].includes(action)) return { news: t(`opp.${action}`) };
  return {};
}
