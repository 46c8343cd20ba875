// sending.js — how the codes travel between the two devices: copy the link or the code, the
// system's share sheet, the paste field, a duel link opened in the address bar (#duel=…), and
// the live connection (WebRTC data channel, web/duel/live.js) that sends every new code by
// itself while it is open. Wires the buttons of the duel's box (web/duel/box.js).
//
// Hooks (docs/UI-HOOKS.md): data-ui = duel-live-offer / duel-live-copy, [data-duel-live-out],
// [data-duel-live] and html[data-duel-live] the connection's state, [data-duel-stun] the STUN
// server setting; data-notice="duel-error".
import { t } from "../table/i18n.js";
import { notify } from "../notices.js";
import { duelLink, codeFromHash, isDuelHash } from "./codes.js";
import { createLive, decodeLive, hasLiveCode, readLiveCode } from "./live.js";
import { el, $, profileName } from "./dom.js";
import { installQrView } from "./qr-view.js";

const html = document.documentElement;

/** `duel`: the remote opponent; `box`: the DuelBox; `render()`: draw the box again. */
export function installSending({ duel, box, storage, render }) {
  const e = box.els;
  const link = () => duelLink(window.location.href, duel.outbox);

  // --- copying and sharing -------------------------------------------------------------------
  async function copy(text, { codes = true } = {}) {
    try {
      await navigator.clipboard.writeText(text);
      e.copied.textContent = t("duel.copied");
      if (codes) duel.markShared();
    } catch {
      e.copied.textContent = t("duel.copyFailed");
      const details = e.codeOut.closest("details");
      if (details) details.open = true;
      e.codeOut.focus();
      e.codeOut.select();
    }
  }
  e.linkButton.addEventListener("click", () => copy(link()));
  e.codeButton.addEventListener("click", () => copy(duel.outbox.join("\n")));
  e.shareButton.addEventListener("click", async () => {
    const invite = html.dataset.duel === "invited";
    const text = invite ? t("duel.shareInvite", { game: profileName(duel.record.profile) }) : t("duel.shareText");
    try {
      await navigator.share({ title: t("app.title"), text, url: link() });
      duel.markShared();
    } catch (error) {
      if (error && error.name === "AbortError") return;   // the player closed the share sheet
      copy(link());
    }
  });

  // --- pasting -------------------------------------------------------------------------------
  e.receive.addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = e.codeIn.value;
    if (hasLiveCode(text)) {
      if (await liveCode(await readLiveCode(text))) e.codeIn.value = "";
      return;
    }
    const applied = await duel.receive(text);
    if (applied) e.codeIn.value = "";
  });

  // --- the live connection -------------------------------------------------------------------
  const stunInput = el("input", { type: "text", spellcheck: false, autocomplete: "off", placeholder: "stun:…",
    dataset: { duelStun: "" } });
  const stunLabel = el("span");
  const stunNote = el("p", { className: "note" });
  const settingsDialog = $("dialog[data-dialog='settings']");
  if (settingsDialog) {
    settingsDialog.querySelector("form")?.before(el("label", { className: "duel-stun" }, stunLabel, stunInput), stunNote);
  }
  stunInput.value = storage.read("duelStun");
  stunInput.addEventListener("change", () => {
    const value = stunInput.value.trim();
    if (value === "" || /^stuns?:[^\s]{1,200}$/.test(value)) storage.write("duelStun", value);
    else stunInput.value = storage.read("duelStun");
  });
  let liveSent = new Set();   // codes already sent over the channel (or before it opened)
  const live = createLive({
    stun: () => storage.read("duelStun"),
    game: () => duel.id,
    onState: (state) => {
      if (state === "open") liveSent = new Set(duel.outbox);
      showLive();
      render();
    },
    onCodes: (text) => { duel.receive(text); },
  });
  function showLive() {
    const state = live.state;
    e.liveState.dataset.duelLive = state;
    const key = { offering: "duel.live.offering", answering: "duel.live.answering", connecting: "duel.live.connecting",
      open: "duel.live.open", closed: "duel.live.closed", failed: "duel.live.failed" }[state];
    e.liveState.textContent = key ? t(key) : "";
    e.liveState.hidden = !key;
    e.liveOut.hidden = e.liveCopy.hidden = !["offering", "answering"].includes(state) || !e.liveOut.value;
    html.dataset.duelLive = state;
  }
  async function liveCode(code) {
    try {
      const value = await decodeLive(code);
      if (value.type === "offer") e.liveOut.value = await live.accept(code);
      else await live.finish(code);
      e.liveBox.open = true;
      showLive();
      return true;
    } catch {
      notify("duel-error", () => t("duel.live.bad"), { alert: true });
      return false;
    }
  }
  e.liveStart.addEventListener("click", async () => {
    e.liveOut.value = "";
    e.liveOut.value = await live.offer();
    showLive();
  });
  e.liveCopy.addEventListener("click", () => copy(e.liveOut.value, { codes: false }));
  // every new code to send goes over the channel while it is open
  duel.on("duel", () => {
    if (live.state !== "open") return;
    const fresh = duel.outbox.filter((c) => !liveSent.has(c));
    if (fresh.length && live.send(fresh)) {
      fresh.forEach((c) => liveSent.add(c));
      duel.markShared();
    }
  });

  // --- links ---------------------------------------------------------------------------------
  async function openFromLocation() {
    const { hash } = window.location;
    if (!isDuelHash(hash)) return false;
    const codes = codeFromHash(hash);
    // the codes are applied once: a reload must not apply them again
    history.replaceState(null, "", window.location.pathname + window.location.search);
    html.dataset.link = "duel";
    await duel.receive(codes.join(" ") || hash);
    return true;
  }
  window.addEventListener("hashchange", () => { if (isDuelHash(window.location.hash)) openFromLocation(); });

  const qrWords = installQrView({ box, link });

  function words() {
    qrWords();
    stunLabel.textContent = t("duel.settings.stun");
    stunNote.textContent = t("duel.settings.stunNote");
    showLive();
  }
  return { openFromLocation, words };
}
