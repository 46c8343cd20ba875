// duel/live-ui.js — the live channel (transport.js) on the duel's page: it follows the duel on
// the table, sends its codes over the channel as soon as there are any, applies the friend's,
// says the connection's state in plain words ([data-duel-live], html[data-duel-live]) and keeps
// the opt-in STUN setting (a checkbox in the settings, off by default, [data-duel-stun]).
//
// What the channel remembers per game (the hashes of codes received and acknowledged, so that
// nothing is applied twice after a reload) is kept in localStorage["kaffeehaus.duelLive"].
import { t } from "../i18n.js";
import { defineKey, isObject } from "../saving/storage.js";
import { createTransport } from "./transport.js";

// The public STUN server a player may opt into: it learns the two devices' public addresses
// (to tell each where the other can be reached), never anything of the game.
export const PUBLIC_STUN = "stun:stun.l.google.com:19302";
const GAMES_KEPT = 20;

const hashes = (list) => (Array.isArray(list) ? list.filter((h) => typeof h === "string" && h.length < 20).slice(-64) : []);
defineKey("duelLive", {
  key: "kaffeehaus.duelLive",
  load: (value) => {
    if (!isObject(value)) throw new Error("not an object");
    const out = {};
    for (const [game, entry] of Object.entries(value)) {
      if (isObject(entry)) out[game] = { seen: hashes(entry.seen), acked: hashes(entry.acked), at: Number(entry.at) || 0 };
    }
    return out;
  },
  fallback: () => ({}),
});

function liveMemory(storage) {
  return {
    get: (game) => storage.read("duelLive")[game] || null,
    put(game, value) {
      const all = { ...storage.read("duelLive"), [game]: { ...value, at: Date.now() } };
      const games = Object.keys(all).sort((a, b) => all[b].at - all[a].at);
      for (const old of games.slice(GAMES_KEPT)) delete all[old];
      storage.write("duelLive", all);
    },
  };
}

const el = (tag, props = {}) => Object.assign(document.createElement(tag), props);

/**
 * The live channel of the duel on the table. `line`: the element that shows its state;
 * `changed()`: the page redraws (what is left to send, the link's connection code).
 */
export function installLive({ duel, storage, line, changed }) {
  const live = createTransport({
    peer: (config) => new RTCPeerConnection(config),
    stun: () => storage.read("duelStun"),
    memory: liveMemory(storage),
    outbox: () => duel.outbox,
    deliver: (codes) => duel.receive(codes),   // the frame's codes as they are: never joined
    onState: () => {
      show();
      if (duel.record && live.unsent().length === 0 && duel.outbox.length) duel.markShared();
      changed();
    },
  });

  function show() {
    const state = live.state;
    document.documentElement.dataset.duelLive = state;
    line.dataset.duelLive = state;
    line.textContent = state === "off" ? "" : t(`duel.live.state.${state}`);
    line.hidden = state === "off";
  }

  // follow the duel on the table; send whatever it has to send
  duel.on("duel", () => {
    if (!duel.record || duel.verdict) { live.use(null); show(); return; }
    live.use(duel.id);
    if (live.state === "connected") live.flush();
    else if (!live.signal && duel.status && duel.status.phase !== "over") live.prepare().then(changed, () => {});
  });

  // the settings: the public STUN server, opt-in
  const settingsDialog = document.querySelector("dialog[data-dialog='settings']");
  const stunBox = el("input", { type: "checkbox" });
  stunBox.dataset.duelStun = "";
  const stunLabel = el("span");
  const stunNote = el("p", { className: "note" });
  if (settingsDialog) {
    const label = el("label", { className: "check duel-stun" });
    label.append(stunBox, stunLabel);
    settingsDialog.querySelector("form")?.before(label, stunNote);
  }
  stunBox.checked = Boolean(storage.read("duelStun"));
  stunBox.addEventListener("change", () => storage.write("duelStun", stunBox.checked ? PUBLIC_STUN : ""));

  function words() {
    stunLabel.textContent = t("duel.settings.stun");
    stunNote.textContent = t("duel.settings.stunNote");
    show();
  }
  document.addEventListener("kaffeehaus:language", words);
  words();
  return live;
}
