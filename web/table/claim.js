// claim.js — the question before a claim that would not win (the engine's claim_wins is false
// while the table shows the points): dialog[data-dialog='claim'], answered "claim" or kept.
import { t } from "./i18n.js";

/** The player asks to claim 66 but the engine says it would not win: ask first (not in memory mode). */
export function askClaim(dialog, obs, claimButton) {
  const me = obs.player;
  let text = t("claim.text", { points: obs.points[me] });
  // a marriage just announced counts only once a trick is won (SS-7): the engine says so
  const pending = obs.pending_marriage && (obs.marriages || []).find((m) => m.player === me && m.suit === obs.pending_marriage);
  if (pending && !pending.effective) text += ` ${t("claim.marriageNotCounted", { points: pending.points })}`;
  dialog.querySelector("[data-claim-text]").textContent = text;
  dialog.returnValue = "";
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => {
      resolve(dialog.returnValue === "claim");
      claimButton()?.focus({ preventScroll: true });
    }, { once: true });
    dialog.showModal();
    dialog.querySelector("[data-ui='claim-keep']").focus();
  });
}

