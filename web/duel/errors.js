// errors.js — what went wrong in a duel, as a keyword the page translates
// (web/i18n "duel.error.<kind>"). DOM-free.
import { CodeError } from "./codes.js";

const ENGINE_FAILURES = ["Terminated", "BootTimeout", "BootError", "UnknownCommand", "BadArguments", "Unresponsive", "WorkerError"];

/** What went wrong, as a keyword the page translates (web/i18n "duel.error.<kind>"). */
export function errorKind(error) {
  if (!error) return "refused";
  if (error instanceof CodeError || error.type === "CodeError") {
    return ["empty", "tooLong", "version"].includes(error.reason) ? error.reason : "damaged";
  }
  const message = String(error.message || "");
  switch (error.type) {
    case "ChainError":
      if (/another game/.test(message)) return "foreign";
      if (/already received|already revealed/.test(message)) return "replay";
      if (/arrived early/.test(message)) return "early";
      if (/is missing/.test(message)) return "missing";
      if (/received a different message/.test(message)) return "altered";
      if (/not the opponent|never receives message 0/.test(message)) return "own";
      return "order";
    case "KeyMismatch": return "cheat";
    case "VerificationFailed": return "cheat";
    case "IllegalMove": return "illegal";
    case "MalformedMessage":
      if (/a saved duel is/.test(message)) return "saved";
      if (/older version/.test(message)) return "older";
      if (/too long|too much data|too large|nested too deeply/.test(message)) return "tooLong";   // kaffeehaus.limits
      if (/duel code|damaged or incomplete|must be text/.test(message)) return "damaged";
      if (/malformed duel state|not a saved duel/.test(message)) return "saved";
      return "malformed";
    default:
      return ENGINE_FAILURES.includes(error.type) ? "engine" : "refused";
  }
}

/** A refusal that proves the friend's side dishonest (or its messages changed): the duel stops. */
export const CHEATING = new Set(["cheat"]);

/** A code that arrived early (the engine's ChainError "code 9 arrived early; what is missing:
 * codes 6 to 8"): {code, from, to} (from === to: one code is missing), or null. */
export function earlyCodes(message) {
  const found = /code (\d+) arrived early; what is missing: codes? (\d+)(?: to (\d+))?/.exec(String(message || ""));
  if (!found) return null;
  return { code: Number(found[1]), from: Number(found[2]), to: Number(found[3] || found[2]) };
}
