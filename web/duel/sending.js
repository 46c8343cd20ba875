// sending.js — how the codes travel between the two devices: copy the link or the code, the
// system's share sheet, the paste field, a duel link opened in the address bar (#duel=…), and
// the live channel (web/duel/live-ui.js, transport.js) that sends every new code by itself
// while the two pages are connected. Every link sent while they are not carries a connection
// code (link-flow.js): the invitation and the reply are enough to connect them. A QR code read
// by the camera (qr-scan.js) is applied as a paste. Wires the buttons of the duel's box
// (web/duel/box.js).
//
// Hooks (docs/UI-HOOKS.md): [data-duel-send] data-duel-link (the link to send) and
// data-duel-signal ("true": it carries a connection code); html[data-links-opened] (links
// opened so far), html[data-link="handed-off"]; data-notice="duel-error".
import { t } from "../i18n.js";
import { notify } from "../notices.js";
import { findCodes, isDuelHash, readEnvelope } from "./codes.js";
import { decodeLive, readLiveCode } from "./live.js";
import { installLive } from "./live-ui.js";
import { handOff, liveLink, readLink, serveHandOffs } from "./link-flow.js";
import { profileName } from "./dom.js";
import { installQrView } from "./qr-view.js";
import { installQrScan } from "./qr-scan.js";

const html = document.documentElement;

/** `duel`: the remote opponent; `box`: the DuelBox; `render()`: draw the box again. */
export function installSending({ duel, box, storage, render }) {
  const e = box.els;
  const live = installLive({ duel, storage, line: e.liveState, changed: () => render() });
  let joining = Promise.resolve();   // the friend's Accept: the reply waits for its answer
  let pendingSignal = null;          // the connection code of a link being opened

  // the link carries the codes and, while the pages are not connected, a connection code
  const link = async () => {
    await joining;
    const connected = live.state === "connected";
    const signal = connected ? null : await live.prepare().catch(() => null);
    const codes = connected ? live.unsent() : duel.outbox;
    return liveLink(window.location.href, codes.length ? codes : duel.outbox, signal);
  };

  /** After each drawing of the box: the link to send, for the page's hooks. */
  function showLink() {
    delete e.send.dataset.duelLink;
    delete e.send.dataset.duelSignal;
    if (e.send.hidden || !duel.record) return;
    const at = duel.record.rev;
    link().then((url) => {
      if (!duel.record || duel.record.rev !== at) return;
      e.send.dataset.duelLink = url;
      e.send.dataset.duelSignal = String(url.includes("&rtc="));
    }, () => {});
  }

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
  e.linkButton.addEventListener("click", async () => copy(await link()));
  e.codeButton.addEventListener("click", () => copy(duel.outbox.join("\n")));
  e.shareButton.addEventListener("click", async () => {
    const invite = html.dataset.duel === "invited";
    const text = invite ? t("duel.shareInvite", { game: profileName(duel.record.profile) }) : t("duel.shareText");
    const url = await link();
    try {
      await navigator.share({ title: t("app.title"), text, url });
      duel.markShared();
    } catch (error) {
      if (error && error.name === "AbortError") return;   // the player closed the share sheet
      copy(url);
    }
  });

  // --- pasting -------------------------------------------------------------------------------
  e.receive.addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = e.codeIn.value;
    if (await openCodes(text, await readLiveCode(text))) e.codeIn.value = "";
  });

    // --- the live channel ----------------------------------------------------------------------
  async function takeSignal(signal) {
    try {
      await live.take(signal);
    } catch {
      notify("duel-error", () => t("duel.live.bad"), { alert: true });
    }
    render();
  }

  /** The codes (and connection code) of a link or a paste: applied; the connection taken up. */
  async function openCodes(text, signal) {
    pendingSignal = signal;
    const before = duel.id;
    let applied = false;
    let invited = false;
    let game = null;
    let known = false;
    const off = duel.on("invitation", () => { invited = true; });
    try {
      // a link that reconnects also repeats the codes sent before: those already here are skipped
      game = signal ? await gameOf([], signal) : null;
      const fresh = signal ? findCodes(text).filter((code) => !live.seen(code, game)) : null;
      // nothing new, but its duel is saved here: that duel goes on the table and reconnects
      // (a page on the set-up after a reload would else stay there without a word)
      known = Boolean(fresh && !fresh.length && game && (duel.id === game || await duel.open(game)));
      applied = known ? false : await duel.receive(fresh && fresh.length ? fresh.join("\n") : text);
    } finally {
      off();
      pendingSignal = null;
    }
    if (applied) live.received(findCodes(text));
    // never silent: a link whose moves are all here already reconnects the pages, or says that
    // they are connected already
    const connected = live.state === "connected";
    if (!applied && known && duel.id === game) notify("duel-link", () => t(connected ? "duel.link.knownLive" : "duel.link.known"));
    // an invitation waits for Accept (it keeps the signal); else the duel is on the table
    if (signal && duel.record && (applied || duel.id === before || duel.id === game) && !invited) {
      await takeSignal(signal);
    }
    return applied;
  }

  /** The friend accepted an invitation: join, then answer the inviter's offer it carried. */
  function join(code, signal) {
    joining = (async () => { if ((await duel.join(code)) && signal) await takeSignal(signal); })();
    return joining;
  }

  async function gameOf(codes, signal) {
    try {
      if (signal) return (await decodeLive(signal)).game;
      return codes.length ? (await readEnvelope(codes[0])).game : null;
    } catch {
      return null;
    }
  }

  // a link opened in another tab of this browser, for the game this tab holds live
  serveHandOffs(globalThis.BroadcastChannel, {
    holds: (game) => Boolean(game) && game === duel.id && live.state !== "off",
    take: (hash) => { window.focus(); const { codes, signal } = readLink(hash); openCodes(codes.join(" "), signal); },
  });

  // --- links ---------------------------------------------------------------------------------
  async function openFromLocation() {
    const { hash } = window.location;
    if (!isDuelHash(hash)) return false;
    const { codes, signal } = readLink(hash);
    // the codes are applied once: a reload must not apply them again
    history.replaceState(null, "", window.location.pathname + window.location.search);
    html.dataset.link = "duel";
    // a link with a connection code goes to the tab of this browser that holds the game and its
    // half of the connection (a link of codes alone is continued here, the other tab follows)
    if (signal && await handOff(globalThis.BroadcastChannel, { game: await gameOf(codes, signal), hash })) {
      html.dataset.link = "handed-off";
      notify("duel-handed-off", () => t("duel.live.handedOff"));
      return true;
    }
    await openCodes(codes.join(" ") || hash, signal);
    html.dataset.linksOpened = String(Number(html.dataset.linksOpened || 0) + 1);
    return true;
  }
  window.addEventListener("hashchange", () => { if (isDuelHash(window.location.hash)) openFromLocation(); });

  // the QR code shows the link as last prepared (it carries the connection code)
  const qrWords = installQrView({ box, link: () => e.send.dataset.duelLink || liveLink(window.location.href, duel.outbox, live.signal) });
  // the friend's QR code read by the camera goes through the paste field's submit, above
  const scanWords = installQrScan({ box });
  const words = () => { qrWords(); scanWords(); };
  return { openFromLocation, openCodes, join, showLink, live, words, pending: () => pendingSignal };
}
