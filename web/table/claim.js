// claim.js — the question before a claim (SV-3): one that would not win (the engine's claim_wins
// is false while the table shows the points), and in memory mode every claim (`gamble`: words
// that do not give the points away): dialog[data-dialog='claim'], answered "claim" or kept.
import { t } from "../i18n.js";

/** Ask before a claim: with the points when they are shown, as a gamble in memory mode. */
export function askClaim(dialog, obs, claimButton, { gamble = false } = {}) {
  const me = obs.player;
  let text = gamble ? t("claim.gamble") : t("claim.text", { points: obs.points[me] });
  // a marriage just announced counts only once a trick is won (SS-7): the engine says so
  const pending = obs.pending_marriage && (obs.marriages || []).find((m) => m.player === me && m.suit === obs.pending_marriage);
  if (!gamble && pending && !pending.effective) text += ` ${t("claim.marriageNotCounted", { points: pending.points })}`;
  dialog.querySelector("[data-claim-text]").textContent = text;
  dialog.querySelector("[data-ui='claim-confirm']").textContent = t(gamble ? "claim.gambleConfirm" : "claim.confirm");
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

