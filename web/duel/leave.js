// leave.js — leaving a duel (docs/PROTOCOL.md "Leaving a game"): the box's "Stop this game" and,
// after a long wait for the friend, "My friend stopped answering". Each asks first, with what the
// engine says it costs (free before the current deal's shuffle started; after it the deal counts
// as lost by whoever stopped). Nothing is recorded without the player's yes.
//
// Hooks (docs/UI-HOOKS.md): dialog[data-dialog='duel-stop'] with [data-duel-stop-text] and
// data-ui = duel-stop-confirm / duel-stop-cancel.
import { t } from "../i18n.js";
import { el } from "./dom.js";
import { FRIEND_WAIT_MS } from "./box.js";

/** The question before `who` ("me" / "friend") is recorded as stopped, for the engine's record. */
export function stopQuestion(who, stopped) {
  if (who === "friend") return t(stopped.free ? "duel.stop.askFriendFree" : "duel.stop.askFriend");
  return t(stopped.free ? "duel.stop.askFree" : "duel.stop.ask", {
    points: stopped.counts_as ? stopped.counts_as.game_points : 0 });
}

/** `duel`: web/duel/controller.js; `box`: web/duel/box.js; `render`: draws the box again. */
export function installLeave({ duel, box, render }) {
  const dialog = el("dialog", { className: "dialog duel-stop", dataset: { dialog: "duel-stop" },
    "aria-labelledby": "duel-stop-title" });
  const title = el("h2", { id: "duel-stop-title" });
  const text = el("p", { dataset: { duelStopText: "" } });
  const yes = el("button", { type: "button", dataset: { ui: "duel-stop-confirm" } });
  const no = el("button", { type: "button", className: "primary", dataset: { ui: "duel-stop-cancel" } });
  dialog.append(title, text, el("div", { className: "claim-buttons" }, no, yes));
  document.body.appendChild(dialog);
  let answer = null;
  let asking = null;   // {who}: the question on screen, kept for a language switch

  function ask(who, stopped) {
    asking = { who, stopped };
    words();
    dialog.showModal();
    no.focus();
    return new Promise((resolve) => { answer = resolve; });
  }
  function close(value) {
    const resolve = answer;
    answer = null;
    asking = null;
    if (dialog.open) dialog.close();
    resolve?.(value);
  }
  yes.addEventListener("click", () => close(true));
  no.addEventListener("click", () => close(false));
  dialog.addEventListener("close", () => close(false));

  const stop = (who) => duel.stop(who, (stopped) => ask(who, stopped)).then(() => render());
  box.els.stopButton.addEventListener("click", () => stop("me"));
  box.els.friendStoppedButton.addEventListener("click", () => stop("friend"));

  // the friend's action appears once the wait is long enough: look again now and then
  setInterval(() => { if (duel.record) render(); }, Math.min(FRIEND_WAIT_MS / 4, 60_000));

  function words() {
    if (!asking) return;
    title.textContent = t(asking.who === "me" ? "duel.stop.title" : "duel.stop.friendTitle");
    text.textContent = stopQuestion(asking.who, asking.stopped);
    yes.textContent = t(asking.who === "me" ? "duel.stop.confirm" : "duel.stop.friendConfirm");
    no.textContent = t("duel.stop.cancel");
  }
  return { words };
}
