// box.js — the duel's box in the top bar while a duel has the table: its title, the deals
// verified, the phase ("your turn", "send your move", …), the verdict when cheating was
// detected, the codes to send (share, copy link, copy code), the paste field, the live
// connection's state. It only draws: web/duel/sending.js wires the buttons.
//
// Hooks (docs/UI-HOOKS.md): [data-zone='duel'] with [data-duel-code-out], [data-duel-code-in],
// data-ui = duel-share / duel-copy-link / duel-copy-code / duel-apply, [data-duel-verified],
// [data-duel-verdict]; [data-duel-fingerprint] (the game's twenty-five digits); [data-duel-stopped]
// ("me" / "friend" / "": who stopped) with data-ui = duel-stop / duel-friend-stopped;
// html[data-duel] the phase, html[data-duel-rev], html[data-duel-table]; [data-duel-compact]
// ("true" while a deal's result is on the table) with [data-duel-more] (the folded details).
import { t, has } from "../i18n.js";
import { el, $ } from "./dom.js";

const html = document.documentElement;

/** The duel's phase, for the page (html[data-duel]) and its words. */
export function phaseOf(record, status, obs) {
  if (!record || !status) return null;
  if (record.verdict) return "stopped";
  if (status.phase === "shuffling" && !obs && record.seat === 0 && status.messages_received <= 1) return "invited";
  return status.phase;
}

/** Which link (re)connects the two pages while they are not connected: "offer" (send it; the
 * friend's page answers with one link back), "answer" (send it back: it connects them), "wait"
 * (this page has nothing new for the friend, who moves or has codes to send: open the link the
 * friend sends, so that the two pages do not both send an offer), else null. */
export function reconnecting(phase, live) {
  if (!live || !live.pending || ["off", "connected", "connecting", "failed"].includes(live.state)) return null;
  if (["invited", "over", "stopped"].includes(phase)) return null;
  if (live.pending === "offer" && phase !== "your_turn" && !live.unsent().length) return "wait";
  return live.pending;
}

const LINK_WORDS = { offer: "duel.live.sendOffer", answer: "duel.live.sendAnswer", wait: "duel.live.openFriend" };
// the box's note beside the link, short (the status line says the whole of it)
const NOTE_WORDS = { offer: "duel.live.noteOffer", answer: "duel.live.noteAnswer" };

function phaseText(phase, record, status, live) {
  const liveState = live.state;
  const sending = record.outbox.length > 0 && !record.shared;
  if (liveState === "connected" && ["shuffling", "waiting", "their_turn", "verifying"].includes(phase)) {
    return t(phase === "their_turn" && !status.cards_pending ? "duel.live.theirTurn" : "duel.live.working");
  }
  // which link: the one that reconnects the pages (then the one the friend sends back)
  const link = phase !== "your_turn" && reconnecting(phase, live);
  if (link) return t(LINK_WORDS[link]);
  // the link to send carries a connection code: once the friend opens it, nothing more is
  // copied (no answer to paste)
  if (sending && ["waiting", "connecting", "closed"].includes(liveState) && phase !== "invited" && phase !== "over") {
    return t("duel.phase.sendLink");
  }
  switch (phase) {
    case "stopped": return t("duel.phase.stopped");
    case "invited": return t("duel.phase.invited");
    case "shuffling": case "waiting": return t(sending ? "duel.phase.shuffling" : "duel.phase.waitShuffle");
    case "their_turn":
      if (sending) return t("duel.phase.send");
      return t(status.cards_pending ? "duel.phase.keys" : "duel.phase.wait");
    case "verifying": return t(sending ? "duel.phase.verifying" : "duel.phase.verifyingWait");
    case "over": return t(sending ? "duel.phase.lastCode" : "duel.phase.over");
    default: return "";
  }
}

/** How long the page waits for the friend's next code before it offers to record that the friend
 * stopped (never by itself: a friend may simply be busy). Counted from the duel's last change. */
export const FRIEND_WAIT_MS = 10 * 60 * 1000;

/** Waiting for the friend (not for this player's own move) since the duel last changed. */
export function waitingForFriend(record, status) {
  if (!record || !status || record.verdict || status.stopped) return false;
  return ["shuffling", "waiting", "their_turn", "verifying"].includes(status.phase);
}

/** The words of `status.stopped` (docs/PROTOCOL.md "Leaving a game"), from this seat's side. */
export function stoppedText(stopped, seat) {
  if (!stopped) return "";
  const who = stopped.by === seat ? "me" : "friend";
  return t(`duel.stopped.${who}${stopped.free ? "Free" : ""}`, { deal: stopped.deal + 1 });
}

export class DuelBox {
  constructor() {
    const e = {};
    e.title = el("h2", { id: "duel-box-title", className: "duel-title" });
    e.verified = el("span", { className: "duel-verified", dataset: { duelVerified: "0" } });
    e.phaseLine = el("span", { className: "duel-phase", dataset: { duelPhase: "" } });
    e.verdict = el("p", { className: "duel-verdict", role: "alert", hidden: true, dataset: { duelVerdict: "" } });
    e.sendNote = el("span", { className: "duel-send-note" });
    e.codeOut = el("textarea", { className: "duel-code", readOnly: true, rows: 2, spellcheck: false, id: "duel-code-out",
      dataset: { duelCodeOut: "" } });
    e.codeOutLabel = el("label", { htmlFor: "duel-code-out", className: "visually-hidden" });
    e.shareButton = el("button", { type: "button", className: "primary", dataset: { ui: "duel-share" } });
    e.linkButton = el("button", { type: "button", dataset: { ui: "duel-copy-link" } });
    e.codeButton = el("button", { type: "button", dataset: { ui: "duel-copy-code" } });
    e.copied = el("p", { className: "duel-copied", role: "status", dataset: { duelCopied: "" } });
    e.showCode = el("summary");
    e.send = el("div", { className: "duel-send", hidden: true, dataset: { duelSend: "" } },
      el("div", { className: "duel-buttons" }, e.shareButton, e.linkButton, e.codeButton,
        el("details", { className: "duel-code-details" }, e.showCode, e.codeOutLabel, e.codeOut)),
      e.copied);
    e.codeIn = el("textarea", { className: "duel-code", rows: 1, spellcheck: false, id: "duel-code-in",
      autocomplete: "off", dataset: { duelCodeIn: "" } });
    e.codeInLabel = el("label", { htmlFor: "duel-code-in", className: "visually-hidden" });
    e.applyButton = el("button", { type: "submit", dataset: { ui: "duel-apply" } });
    e.receive = el("form", { className: "duel-receive", dataset: { duelReceive: "" } },
      e.codeInLabel, el("div", { className: "duel-paste" }, e.codeIn, e.applyButton));
    e.fingerprint = el("p", { className: "duel-fingerprint note", hidden: true, dataset: { duelFingerprint: "" } });
    e.stopped = el("p", { className: "duel-stopped", role: "status", hidden: true, dataset: { duelStopped: "" } });
    e.stopButton = el("button", { type: "button", dataset: { ui: "duel-stop" } });
    e.friendStoppedButton = el("button", { type: "button", hidden: true, dataset: { ui: "duel-friend-stopped" } });
    e.leave = el("div", { className: "duel-leave" }, e.stopButton, e.friendStoppedButton);
    e.liveState = el("span", { className: "duel-live-state", role: "status", hidden: true, dataset: { duelLive: "off" } });
    // at the end of a deal the long explanations fold away behind "Details" (fold() below)
    e.moreSummary = el("summary");
    e.moreBody = el("div", { className: "duel-more-body" });
    e.more = el("details", { className: "duel-more", hidden: true, dataset: { duelMore: "" } }, e.moreSummary, e.moreBody);
    e.foot = el("div", { className: "duel-foot" }, e.fingerprint, e.leave);
    e.box = el("section", { className: "duel-box", hidden: true, dataset: { zone: "duel", duelCompact: "false" },
      "aria-labelledby": "duel-box-title" },
    el("div", { className: "duel-head" }, e.title, e.verified, e.more, e.liveState, e.phaseLine, e.sendNote), e.verdict,
    e.stopped, el("div", { className: "duel-row" }, e.send, e.receive), e.foot);
    ($("header") || document.body).appendChild(e.box);
    this.els = e;
  }

  /** The box's fixed words, in the current language. */
  words() {
    const e = this.els;
    e.title.textContent = t("duel.box");
    e.moreSummary.textContent = t("duel.more");
    e.shareButton.textContent = t("duel.share");
    e.linkButton.textContent = t("duel.copyLink");
    e.codeButton.textContent = t("duel.copyCode");
    e.showCode.textContent = t("duel.showCode");
    e.codeOutLabel.textContent = t("duel.send.label");
    e.codeInLabel.textContent = t("duel.receive.label");
    e.codeIn.placeholder = t("duel.receive.placeholder");
    e.applyButton.textContent = t("duel.receive.apply");
    e.stopButton.textContent = t("duel.stop.action");
    e.friendStoppedButton.textContent = t("duel.stop.friendAction");
  }

  /**
   * While a deal's result is on the table the box folds (`compact`): its head keeps one line
   * that says what to do (the note to send, or the phase when nothing is to be sent), the
   * buttons to send, the paste field and a "Connected" stay, and the rest (the connection's
   * other states, the phase in long words, the fingerprint, the way to leave) goes behind
   * "Details", so that on a phone the end-of-deal panel has the room to show itself whole.
   * Nodes move only when the fold changes (a focused button is not moved under the player's
   * finger at every redraw).
   */
  fold(compact, phaseFolded, connected) {
    const e = this.els;
    const key = `${compact}/${phaseFolded}/${connected}`;
    if (this.folded === key) return;
    this.folded = key;
    e.box.dataset.duelCompact = String(compact);
    e.more.hidden = !compact;
    if (compact) {
      // "Connected" stays in view: it is why nothing is to be sent (the other states' longer
      // words fold: the note to send says what to do)
      e.moreBody.replaceChildren(...(connected ? [] : [e.liveState]), ...(phaseFolded ? [e.phaseLine] : []),
        e.fingerprint, e.leave);
      if (connected) e.sendNote.before(e.liveState);
      if (!phaseFolded) e.sendNote.before(e.phaseLine);
    } else {
      e.more.open = false;
      e.sendNote.before(e.liveState, e.phaseLine);
      e.foot.replaceChildren(e.fingerprint, e.leave);
    }
  }

  /** The box for `duel` (web/duel/controller.js); `onTable`: the duel has the table; `setupShown`:
   * the set-up screen is over the table (the box hides); `view`: the table view (its status line);
   * `live`: the live channel (web/duel/transport.js): while connected, nothing is sent by hand. */
  render(duel, { onTable, setupShown, view, live, resultShown = false, now = Date.now() }) {
    const e = this.els;
    const record = duel.record;
    e.box.hidden = !onTable || setupShown;
    if (!onTable) {
      delete html.dataset.duel;
      delete html.dataset.duelRev;
      return;
    }
    const status = duel.status;
    const obs = duel.obs;
    const phase = phaseOf(record, status, obs);
    html.dataset.duel = phase;
    html.dataset.duelRev = String(record.rev);
    html.dataset.duelTable = obs ? "drawn" : "empty";
    // cards whose keys are still on their way (the shuffle): no trump is known yet, and the table
    // must not say "No trump" (duel.css)
    html.dataset.duelCards = status && status.cards_pending ? "pending" : "known";
    const count = status ? status.deals_verified : 0;
    e.verified.dataset.duelVerified = String(count);
    e.verified.textContent = count ? `✓ ${t("duel.verifiedCount", { count })}` : "";
    const connected = live.state === "connected";
    const text = phaseText(phase, record, status, live);
    const link = reconnecting(phase, live);
    // while a link is to reconnect the pages, its words say what the connection's state would
    // ("closed: send your moves by link" beside "open the link your friend sends" contradicts it)
    e.liveState.hidden = Boolean(link) || live.state === "off";
    // the table's status line says what to do; at the end of a deal (its line tells the result)
    // this line does
    e.phaseLine.textContent = text;
    e.phaseLine.hidden = !text || !(obs && obs.result);
    if (obs && !obs.result && phase !== "your_turn" && text && !duel.busy) view.setStatus("duel", text);
    if (!obs && !duel.busy) view.setStatus("duel", text || t("duel.phase.wait"));
    if (record.verdict) {
      const reasonKey = `duel.cheat.${record.verdict.type}`;
      e.verdict.textContent = t("duel.cheat", { reason: has(reasonKey) ? t(reasonKey) : record.verdict.message });
      e.verdict.title = record.verdict.message;
    }
    e.verdict.hidden = !record.verdict;
    // the game's fingerprint: both devices show the same digits unless someone sat in the middle
    const fingerprint = status && status.fingerprint;
    e.fingerprint.hidden = !fingerprint || Boolean(record.verdict);
    e.fingerprint.dataset.duelFingerprint = fingerprint || "";
    e.fingerprint.textContent = fingerprint ? t("duel.fingerprint", { digits: fingerprint }) : "";
    e.fingerprint.title = fingerprint ? t("duel.fingerprintWhy") : "";
    // leaving: who stopped (the engine's record, cleared when the game goes on), and the actions
    const stopped = status && status.stopped;
    e.stopped.hidden = !stopped;
    e.stopped.dataset.duelStopped = stopped ? (stopped.by === record.seat ? "me" : "friend") : "";
    const scores = stopped && stopped.counts_as && status.match_status && status.match_status.scores;
    e.stopped.textContent = !stopped ? "" : [stoppedText(stopped, record.seat),
      scores ? t("duel.stopped.score", { mine: scores[record.seat], theirs: scores[1 - record.seat] }) : "",
      t("duel.stopped.resume")].filter(Boolean).join(" ");
    const open = Boolean(status) && status.phase !== "over" && !record.verdict && !stopped;
    e.stopButton.hidden = !open;
    e.friendStoppedButton.hidden = !(open && waitingForFriend(record, status)
      && now - (record.updated || now) >= FRIEND_WAIT_MS);
    e.stopButton.disabled = e.friendStoppedButton.disabled = duel.busy;
    const outbox = record.outbox;
    // a stopped duel (cheating detected) sends nothing more; while connected the channel
    // carries every code (one not yet acknowledged goes again after a reconnection), so the
    // player has nothing to send by hand
    // (a link that reconnects the pages is sent even with no code in it)
    e.send.hidden = (!outbox.length && !link) || link === "wait" || Boolean(record.verdict) || connected;
    e.codeButton.hidden = !outbox.length;
    e.codeOut.closest("details").hidden = !outbox.length;
    e.sendNote.hidden = e.send.hidden;
    // "Copied" is about the codes copied then: not about newer ones, nor a connected duel's
    const codes = outbox.join("\n");
    if (connected || codes !== e.codeOut.value) e.copied.textContent = "";
    e.codeOut.value = codes;
    e.sendNote.textContent = NOTE_WORDS[link] ? t(NOTE_WORDS[link])
      : (record.shared ? t("duel.send.again")
      : t(phase === "invited" ? "duel.send.invite" : "duel.send.move"))
      + (outbox.length > 1 ? ` (${t("duel.send.count", { count: outbox.length })})` : "");
    e.send.dataset.duelShared = String(Boolean(record.shared));
    const canShare = typeof navigator.share === "function";
    e.shareButton.hidden = !canShare;
    e.linkButton.classList.toggle("primary", !canShare && !record.shared);
    e.shareButton.classList.toggle("primary", !record.shared);
    e.receive.hidden = Boolean(record.verdict) || (status && status.phase === "over") || connected;
    e.applyButton.disabled = duel.busy;
    // a verdict (cheating detected) is never folded away
    this.fold((Boolean(obs && obs.result) || resultShown) && !record.verdict, !e.sendNote.hidden, connected);
  }
}
