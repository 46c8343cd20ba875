// duel/ui.js — the page's side of a game against a friend on another device (correspondence
// play, docs/PROTOCOL.md "How the page uses the protocol"): the set-up's entry, the invitation
// and move codes (link, share, copy, paste), the friend's invitation, the verification, the
// table's words for a friend instead of the computer. The game itself is web/duel/controller.js
// (DOM-free); the table (web/table/view.js) draws it as it draws a game against the computer,
// through `tableSwitch`, which hands the view whichever controller has the table.
//
// Hooks (docs/UI-HOOKS.md): html[data-opponent="remote"] while a duel has the table;
// html[data-duel] the duel's phase ("invited", "shuffling", "your_turn", "their_turn",
// "verifying", "over", "stopped"); [data-zone='duel'] the duel's box in the top bar with
// [data-duel-code-out] (the code to send, textarea), [data-duel-code-in] (paste), buttons
// data-ui = duel-share / duel-copy-link / duel-copy-code / duel-apply, [data-duel-verified]
// (deals verified), [data-duel-verdict] (cheating detected); data-notice="duel-error" for a
// refused code; dialog[data-dialog='duel-join'] the friend's invitation (duel-join-accept /
// duel-join-decline); on the set-up screen the opponent radio value "remote" (Start invites) and
// [data-duel-setup-code] with data-ui="duel-setup-open" (a code received).
import { t, has, addOverlay, promoted, applyStatic, formatDate } from "../table/i18n.js";
import { notify, dismiss } from "../notices.js";
import { duelLink, codeFromHash, isDuelHash } from "./codes.js";
import { recordDeal } from "../stats-data.js";
import { createLive, decodeLive, hasLiveCode, readLiveCode } from "./live.js";

const html = document.documentElement;
const $ = (selector, root = document) => root.querySelector(selector);

// The table's words about the computer are read from their friend versions while a duel is on
// ("duel.table.<key>" in web/i18n/*.json).
export const TABLE_PREFIX = "duel.table.";

/**
 * One controller-shaped object for the table view: it forwards to whichever controller put a
 * game on the table last ("began"), and a listener hears only the controller that has the table.
 */
export function tableSwitch(...controllers) {
  let active = controllers[0];
  for (const c of controllers) c.on("began", () => { active = c; });   // before any view listens
  return new Proxy({}, {
    get(_, prop) {
      if (prop === "on") {
        return (type, fn) => {
          const offs = controllers.map((c) => c.on(type, (detail) => (c === active ? fn(detail) : undefined)));
          return () => offs.forEach((off) => off());
        };
      }
      if (prop === "active") return active;
      if (prop === "use") return (c) => { active = c; };
      const value = active[prop];
      return typeof value === "function" ? value.bind(active) : value;
    },
  });
}

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "dataset") Object.assign(node.dataset, value);
    else if (key === "text") node.textContent = value;
    else if (key in node && !key.includes("-")) node[key] = value;
    else node.setAttribute(key, value);
  }
  node.append(...children.filter(Boolean));
  return node;
}

const profileName = (id) => (has(`profile.${id}.name`) ? t(`profile.${id}.name`) : id);

/** The words of a refused code or call. */
export function problemText({ kind, detail }) {
  if (kind === "ownInvitation") return t("duel.join.own");
  if (kind === "joined") return t("duel.join.already");
  if (has(`duel.error.${kind}`)) return t(`duel.error.${kind}`, { detail });
  return t("duel.error.refused", { detail });
}

/** The duel's phase, for the page (html[data-duel]) and its words. */
export function phaseOf(record, status, obs) {
  if (!record || !status) return null;
  if (record.verdict) return "stopped";
  if (status.phase === "shuffling" && !obs && record.seat === 0 && status.messages_received <= 1) return "invited";
  return status.phase;
}

function phaseText(phase, record, status) {
  const sending = record.outbox.length > 0 && !record.shared;
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

export function installDuel({ duel, table, view, setup, storage, ui, ready = Promise.resolve(), onLeave = () => {} }) {
  const css = el("link", { rel: "stylesheet", href: new URL("./duel.css", import.meta.url).href });
  document.head.appendChild(css);

  // --- the box in the top bar ----------------------------------------------------------------
  const box = el("section", { className: "duel-box", hidden: true, dataset: { zone: "duel" }, "aria-labelledby": "duel-box-title" });
  const title = el("h2", { id: "duel-box-title", className: "duel-title" });
  const verified = el("span", { className: "duel-verified", dataset: { duelVerified: "0" } });
  const phaseLine = el("span", { className: "duel-phase", dataset: { duelPhase: "" } });
  const verdict = el("p", { className: "duel-verdict", role: "alert", hidden: true, dataset: { duelVerdict: "" } });
  const sendNote = el("span", { className: "duel-send-note" });
  const codeOut = el("textarea", { className: "duel-code", readOnly: true, rows: 2, spellcheck: false, id: "duel-code-out",
    dataset: { duelCodeOut: "" } });
  const codeOutLabel = el("label", { htmlFor: "duel-code-out", className: "visually-hidden" });
  const shareButton = el("button", { type: "button", className: "primary", dataset: { ui: "duel-share" } });
  const linkButton = el("button", { type: "button", dataset: { ui: "duel-copy-link" } });
  const codeButton = el("button", { type: "button", dataset: { ui: "duel-copy-code" } });
  const copied = el("p", { className: "duel-copied", role: "status", dataset: { duelCopied: "" } });
  const showCode = el("summary");
  const send = el("div", { className: "duel-send", hidden: true, dataset: { duelSend: "" } },
    el("div", { className: "duel-buttons" }, shareButton, linkButton, codeButton,
      el("details", { className: "duel-code-details" }, showCode, codeOutLabel, codeOut)),
    copied);
  const codeIn = el("textarea", { className: "duel-code", rows: 1, spellcheck: false, id: "duel-code-in",
    autocomplete: "off", dataset: { duelCodeIn: "" } });
  const codeInLabel = el("label", { htmlFor: "duel-code-in", className: "visually-hidden" });
  const applyButton = el("button", { type: "submit", dataset: { ui: "duel-apply" } });
  const receive = el("form", { className: "duel-receive", dataset: { duelReceive: "" } },
    codeInLabel, el("div", { className: "duel-paste" }, codeIn, applyButton));
  const liveSummary = el("summary");
  const liveNote = el("p", { className: "note" });
  const liveStart = el("button", { type: "button", dataset: { ui: "duel-live-offer" } });
  const liveState = el("p", { className: "duel-live-state", role: "status", dataset: { duelLive: "idle" } });
  const liveOut = el("textarea", { className: "duel-code", readOnly: true, rows: 2, spellcheck: false, hidden: true,
    dataset: { duelLiveOut: "" }, "aria-label": "" });
  const liveCopy = el("button", { type: "button", hidden: true, dataset: { ui: "duel-live-copy" } });
  const liveBox = el("details", { className: "duel-live", dataset: { duelLiveBox: "" } },
    liveSummary, liveNote, el("div", { className: "duel-buttons" }, liveStart, liveCopy), liveOut, liveState);
  box.append(el("div", { className: "duel-head" }, title, verified, phaseLine, sendNote), verdict,
    el("div", { className: "duel-row" }, send, receive), liveBox);
  ($("header") || document.body).appendChild(box);

  // --- the friend's invitation -----------------------------------------------------------------
  const joinDialog = el("dialog", { className: "dialog duel-join", dataset: { dialog: "duel-join" }, "aria-labelledby": "duel-join-title" });
  const joinTitle = el("h2", { id: "duel-join-title" });
  const joinText = el("p", { dataset: { duelJoinText: "" } });
  const joinOptions = el("p", { className: "note", dataset: { duelJoinOptions: "" } });
  const joinAccept = el("button", { type: "button", className: "primary", dataset: { ui: "duel-join-accept" } });
  const joinDecline = el("button", { type: "button", dataset: { ui: "duel-join-decline" } });
  joinDialog.append(joinTitle, joinText, joinOptions, el("div", { className: "claim-buttons" }, joinAccept, joinDecline));
  document.body.appendChild(joinDialog);
  let invitation = null;

  // --- the set-up screen's entry ---------------------------------------------------------------
  const setupCode = el("textarea", { className: "duel-code", rows: 2, spellcheck: false, id: "duel-setup-code",
    autocomplete: "off", dataset: { duelSetupCode: "" } });
  const setupOpen = el("button", { type: "button", disabled: true, dataset: { ui: "duel-setup-open" } });
  const setupSummary = el("summary");
  const setupNote = el("p", { className: "note" });
  const savedList = el("div", { className: "duel-saved", dataset: { duelSaved: "" } });
  const setupJoin = el("details", { className: "setup-duel", dataset: { duelSetup: "" } },
    setupSummary, setupNote, el("div", { className: "duel-paste" }, setupCode, setupOpen), savedList);
  const buttons = $(".setup-buttons", setup.root);
  if (buttons) buttons.after(setupJoin); else setup.root.appendChild(setupJoin);

  let problem = null;   // the last refusal, kept for a language switch

  function words() {
    title.textContent = t("duel.box");
    shareButton.textContent = t("duel.share");
    linkButton.textContent = t("duel.copyLink");
    codeButton.textContent = t("duel.copyCode");
    showCode.textContent = t("duel.showCode");
    codeOutLabel.textContent = t("duel.send.label");
    codeInLabel.textContent = t("duel.receive.label");
    codeIn.placeholder = t("duel.receive.placeholder");
    setupCode.placeholder = t("duel.receive.placeholder");
    setupCode.setAttribute("aria-label", t("duel.receive.label"));
    applyButton.textContent = t("duel.receive.apply");
    joinTitle.textContent = t("duel.join.title");
    joinAccept.textContent = t("duel.join.accept");
    joinDecline.textContent = t("duel.join.decline");
    setupSummary.textContent = t("duel.setup.joinTitle");
    setupNote.textContent = t("duel.setup.joinNote");
    setupOpen.textContent = t("duel.setup.open");
    liveSummary.textContent = t("duel.live.title");
    liveNote.textContent = t("duel.live.note");
    liveStart.textContent = t("duel.live.start");
    liveCopy.textContent = t("duel.live.copy");
    liveOut.setAttribute("aria-label", t("duel.live.copy"));
    stunLabel.textContent = t("duel.settings.stun");
    stunNote.textContent = t("duel.settings.stunNote");
    showLive();
    if (invitation) fillInvitation(invitation.envelope);
    listSaved();
    render();
  }

  const onDuel = () => table.active === duel && Boolean(duel.record);
  // while a duel has the table, the table's words about the computer are said of the friend
  let friendWords = { strings: null, table: null };
  addOverlay((strings) => {
    if (table.active !== duel) return null;
    if (friendWords.strings !== strings) friendWords = { strings, table: promoted(strings, TABLE_PREFIX) };
    return friendWords.table;
  });

  function render() {
    const record = duel.record;
    const shown = onDuel();
    box.hidden = !shown || !setup.root.hidden;
    if (table.active === duel) html.dataset.opponent = "remote";   // (web/local.js sets the others)
    if (!shown) {
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
    const count = status ? status.deals_verified : 0;
    verified.dataset.duelVerified = String(count);
    verified.textContent = count ? `✓ ${t("duel.verifiedCount", { count })}` : "";
    const text = phaseText(phase, record, status);
    // the table's status line says what to do; at the end of a deal (its line tells the result)
    // this line does
    phaseLine.textContent = text;
    phaseLine.hidden = !text || !(obs && obs.result);   // else the table's status line says it
    if (obs && !obs.result && phase !== "your_turn" && text && !duel.busy) view.setStatus("duel", text);
    if (!obs && !duel.busy) view.setStatus("duel", text || t("duel.phase.wait"));
    if (record.verdict) {
      const reasonKey = `duel.cheat.${record.verdict.type}`;
      verdict.textContent = t("duel.cheat", { reason: has(reasonKey) ? t(reasonKey) : record.verdict.message });
      verdict.title = record.verdict.message;
    }
    verdict.hidden = !record.verdict;
    const outbox = record.outbox;
    // a stopped duel (cheating detected) sends nothing more
    send.hidden = !outbox.length || Boolean(record.verdict);
    sendNote.hidden = send.hidden;
    liveBox.hidden = Boolean(record.verdict) || (status && status.phase === "over");
    codeOut.value = outbox.join("\n");
    sendNote.textContent = (record.shared ? t("duel.send.again")
      : t(phase === "invited" ? "duel.send.invite" : "duel.send.move"))
      + (outbox.length > 1 ? ` (${t("duel.send.count", { count: outbox.length })})` : "");
    send.dataset.duelShared = String(Boolean(record.shared));
    const canShare = typeof navigator.share === "function";
    shareButton.hidden = !canShare;
    linkButton.classList.toggle("primary", !canShare && !record.shared);
    shareButton.classList.toggle("primary", !record.shared);
    receive.hidden = Boolean(record.verdict) || (status && status.phase === "over");
    applyButton.disabled = duel.busy;
  }

  function listSaved() {
    const saved = duel.duels.list();
    savedList.replaceChildren();
    if (!saved.length) return;
    savedList.append(el("h3", { text: t("duel.setup.saved") }));
    for (const record of saved) {
      const button = el("button", { type: "button", dataset: { ui: "duel-continue", duelId: record.id },
        text: t("duel.setup.continue", { game: profileName(record.profile), date: formatDate(record.updated) }) });
      button.addEventListener("click", () => duel.open(record.id));
      savedList.append(button);
    }
    setupJoin.open = setupJoin.open || saved.length > 0;
  }

  // --- copying and sharing -------------------------------------------------------------------
  const link = () => duelLink(window.location.href, duel.outbox);

  async function copy(text, { codes = true } = {}) {
    try {
      await navigator.clipboard.writeText(text);
      copied.textContent = t("duel.copied");
      if (codes) duel.markShared();
    } catch {
      copied.textContent = t("duel.copyFailed");
      const details = codeOut.closest("details");
      if (details) details.open = true;
      codeOut.focus();
      codeOut.select();
    }
  }
  linkButton.addEventListener("click", () => copy(link()));
  codeButton.addEventListener("click", () => copy(duel.outbox.join("\n")));
  shareButton.addEventListener("click", async () => {
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
  receive.addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = codeIn.value;
    if (hasLiveCode(text)) {
      if (await liveCode(await readLiveCode(text))) codeIn.value = "";
      return;
    }
    const applied = await duel.receive(text);
    if (applied) codeIn.value = "";
  });
  setupOpen.addEventListener("click", async () => {
    const applied = await duel.receive(setupCode.value);
    if (applied || invitation) setupCode.value = "";
  });
  // the set-up's Start with the opponent "remote" (web/app.js hands it over)
  ui.on("startRemote", ({ choice }) => duel.create(choice));

  // --- the friend's invitation -----------------------------------------------------------------
  function fillInvitation(envelope) {
    const hello = envelope.hello || {};
    joinText.textContent = t("duel.join.text", { game: profileName(hello.profile),
      length: t(hello.match === false ? "setup.length.deal" : "setup.length.match") });
    const options = Object.entries(hello.options || {});
    joinOptions.textContent = options.length
      ? t("duel.join.options", { options: options.map(([k, v]) => `${has(`option.${k}`) ? t(`option.${k}`) : k}: ${v}`).join(", ") })
      : "";
    joinOptions.hidden = !options.length;
  }
  duel.on("invitation", ({ code, envelope }) => {
    invitation = { code, envelope };
    fillInvitation(envelope);
    if (!joinDialog.open) joinDialog.showModal();
    joinAccept.focus();
  });
  joinAccept.addEventListener("click", async () => {
    const code = invitation && invitation.code;
    invitation = null;
    joinDialog.close();
    if (code) await duel.join(code);
  });
  joinDecline.addEventListener("click", () => {
    invitation = null;
    joinDialog.close();
  });
  joinDialog.addEventListener("close", () => { invitation = null; });

  // --- the duel's moments --------------------------------------------------------------------
  duel.on("began", () => {
    applyStatic();
    dismiss("duel-error");
    problem = null;
    html.dataset.opponent = "remote";
    view.drawOpponentLabel();
    const label = $("[data-opponent-label]");
    if (label) label.textContent = t("duel.friend");
    if (!duel.obs) view.drawSheet(null);
    listSaved();
    render();
  });
  for (const type of ["turn", "dealOver", "duel", "busy"]) duel.on(type, () => render());
  duel.on("dealOver", () => {
    // the next deal starts by itself once both have verified this one: no "next" button
    const next = $("dialog[data-dialog='deal-end'] [data-ui='deal-next']");
    if (next) next.hidden = true;
    for (const b of document.querySelectorAll("[data-zone='actions'] button[data-action='next']")) b.remove();
  });
  duel.on("problem", (detail) => {
    problem = detail;
    notify("duel-error", () => problemText(problem || detail), { alert: true });
    render();
  });
  // statistics: a deal both verified (their shuffle together is as fair as the engine's own),
  // under the friends' own heading (web/stats-data.js decides what it counts for "remote")
  duel.on("dealEnded", ({ prev, obs, key }) => {
    recordDeal(storage, { prev, obs: { ...obs, shuffled: true }, mode: "ranked", level: "friend", key,
      opponent: "remote", players: [t("seat.you"), t("duel.friend")] });
  });
  duel.on("verified", () => {
    dismiss("duel-error");
    notify("duel-verified", () => t("duel.verified"));
  });
  duel.on("accepted", () => { dismiss("duel-error"); problem = null; });
  // another controller took the table: the computer's words again
  table.on("began", () => {
    if (table.active === duel) return;
    applyStatic();
    dismiss("duel-error");
    render();
    onLeave();
  });
  document.addEventListener("kaffeehaus:language", () => {
    if (table.active === duel) {
      applyStatic();
      const label = $("[data-opponent-label]");
      if (label) label.textContent = t("duel.friend");
    }
    words();
  });
  // the set-up screen over the table hides the box (render looks at setup.root.hidden)
  new MutationObserver(() => render()).observe(setup.root, { attributes: true, attributeFilter: ["hidden"] });

  // --- storage: damaged saves, other tabs -----------------------------------------------------
  const problemNotice = (p) => {
    if (p.name !== "duels" && p.name !== "duel") return;
    notify(`storage-${p.name}`, () => t(p.newer ? "duel.storage.newer" : "duel.storage.damaged"), { alert: true });
  };
  for (const p of storage.problems) problemNotice(p);
  const previous = storage.onProblem;
  storage.onProblem = (p) => { previous?.(p); problemNotice(p); };
  window.addEventListener("storage", (event) => {
    if (event.key === "kaffeehaus.duels" || event.key === null) {
      listSaved();
      duel.checkStorage();
    }
  });

  // --- the live connection (WebRTC data channel, web/duel/live.js) -----------------------------
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
    liveState.dataset.duelLive = state;
    const key = { offering: "duel.live.offering", answering: "duel.live.answering", connecting: "duel.live.connecting",
      open: "duel.live.open", closed: "duel.live.closed", failed: "duel.live.failed" }[state];
    liveState.textContent = key ? t(key) : "";
    liveState.hidden = !key;
    liveOut.hidden = liveCopy.hidden = !["offering", "answering"].includes(state) || !liveOut.value;
    html.dataset.duelLive = state;
  }
  async function liveCode(code) {
    try {
      const value = await decodeLive(code);
      if (value.type === "offer") liveOut.value = await live.accept(code);
      else await live.finish(code);
      liveBox.open = true;
      showLive();
      return true;
    } catch {
      notify("duel-error", () => t("duel.live.bad"), { alert: true });
      return false;
    }
  }
  liveStart.addEventListener("click", async () => {
    liveOut.value = "";
    liveOut.value = await live.offer();
    showLive();
  });
  liveCopy.addEventListener("click", () => copy(liveOut.value, { codes: false }));
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

  ready.then(() => {
    setupOpen.disabled = false;
  }, () => {});

  words();
  return { openFromLocation, render };
}
