// entry.js — how a duel begins on this device: the set-up screen's entry (paste a code received)
// and the friend's invitation dialog (accept, decline). The duels saved here are listed with the
// other games waiting, at the top of the set-up (web/saved-games.js: `listSaved` redraws it).
// Starting one's own duel is the set-up's Start with the opponent "remote" (web/app.js hands
// the choice to the table controller).
//
// Hooks (docs/UI-HOOKS.md): [data-duel-setup-code] with data-ui="duel-setup-open"; dialog[data-dialog='duel-join']
// with data-ui = duel-join-accept / duel-join-decline and [data-duel-join-safety] (what the protocol
// protects and what it does not).
import { t, has } from "../i18n.js";
import { el, $ } from "./dom.js";
import { invitationWords } from "./link-flow.js";
import { readLiveCode } from "./live.js";

/** `duel`: the remote opponent (web/duel/controller.js); `setup`: the set-up view; `sending`:
 * web/duel/sending.js (a code opened with its connection code, the join that answers it);
 * `listSaved()`: draws the games waiting at the top of the set-up again. */
export function installEntry({ duel, setup, ready, sending, listSaved = () => {} }) {
  // --- the set-up screen's entry ---------------------------------------------------------------
  const setupCode = el("textarea", { className: "duel-code", rows: 2, spellcheck: false, id: "duel-setup-code",
    autocomplete: "off", dataset: { duelSetupCode: "" } });
  const setupOpen = el("button", { type: "button", disabled: true, dataset: { ui: "duel-setup-open" } });
  const setupSummary = el("summary");
  const setupNote = el("p", { className: "note" });
  const setupJoin = el("details", { className: "setup-duel", dataset: { duelSetup: "" } },
    setupSummary, setupNote, el("div", { className: "duel-paste" }, setupCode, setupOpen));
  const buttons = $(".setup-buttons", setup.root);
  if (buttons) buttons.after(setupJoin); else setup.root.appendChild(setupJoin);

  // --- the friend's invitation -----------------------------------------------------------------
  const joinDialog = el("dialog", { className: "dialog duel-join", dataset: { dialog: "duel-join" }, "aria-labelledby": "duel-join-title" });
  const joinTitle = el("h2", { id: "duel-join-title" });
  const joinText = el("p", { dataset: { duelJoinText: "" } });
  const joinOptions = el("p", { className: "note", dataset: { duelJoinOptions: "" } });
  const joinSafety = el("p", { className: "note", dataset: { duelJoinSafety: "" } });
  const joinAccept = el("button", { type: "button", className: "primary", dataset: { ui: "duel-join-accept" } });
  const joinDecline = el("button", { type: "button", dataset: { ui: "duel-join-decline" } });
  joinDialog.append(joinTitle, joinText, joinOptions, joinSafety, el("div", { className: "claim-buttons" }, joinAccept, joinDecline));
  document.body.appendChild(joinDialog);
  let invitation = null;   // {code, envelope, signal}: a friend's invitation waiting for Accept

  function fillInvitation(envelope) {
    const words = invitationWords(envelope.hello, { t, has });
    joinText.textContent = t("duel.join.text", { game: words.game, length: words.length });
    joinSafety.textContent = t("duel.join.safety");
    joinOptions.textContent = t("duel.join.options", { options: words.options.length
      ? words.options.join(" · ") : t("duel.join.standard") });
  }

  function words() {
    setupCode.placeholder = t("duel.receive.placeholder");
    setupCode.setAttribute("aria-label", t("duel.receive.label"));
    joinTitle.textContent = t("duel.join.title");
    joinAccept.textContent = t("duel.join.accept");
    joinDecline.textContent = t("duel.join.decline");
    setupSummary.textContent = t("duel.setup.joinTitle");
    setupNote.textContent = t("duel.setup.joinNote");
    setupOpen.textContent = t("duel.setup.open");
    if (invitation) fillInvitation(invitation.envelope);
    listSaved();
  }

  setupOpen.addEventListener("click", async () => {
    const text = setupCode.value;
    const applied = await sending.openCodes(text, await readLiveCode(text));
    if (applied || invitation) setupCode.value = "";
  });
  duel.on("invitation", ({ code, envelope }) => {
    invitation = { code, envelope, signal: sending.pending() };
    fillInvitation(envelope);
    if (!joinDialog.open) joinDialog.showModal();
    joinAccept.focus();
  });
  joinAccept.addEventListener("click", async () => {
    const code = invitation && invitation.code;
    const signal = invitation && invitation.signal;
    invitation = null;
    joinDialog.close();
    if (code) await sending.join(code, signal);
  });
  joinDecline.addEventListener("click", () => {
    invitation = null;
    joinDialog.close();
  });
  joinDialog.addEventListener("close", () => { invitation = null; });
  ready.then(() => { setupOpen.disabled = false; }, () => {});
  return { words, listSaved };
}
