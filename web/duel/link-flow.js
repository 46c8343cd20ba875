// link-flow.js — the links two friends send each other to start and continue a duel, and what
// the page makes of one when it is opened. DOM-free (Node's test runner imports it).
//
// A link is "<page>#duel=<code>[~<code>…][&rtc=<connection code>]": the duel's codes (codes.js;
// opaque here, the engine checks them) and, while the two pages are not connected, a connection
// code of the live channel (live.js, transport.js). The invitation is the inviter's first code
// and offer; the reply is the friend's first codes and answer: after these two links the moves
// travel by themselves.
//
// A link opened from a messenger usually opens a new tab, while the page that made the offer
// (and holds its half of the connection) is another tab of the same browser: the new tab hands
// the link to that tab when one holds the game (`handOff` / `serveHandOffs`, over a
// BroadcastChannel), and says the game continues there.
//
//   liveLink(base, codes, signal)   → the link
//   readLink(hash)                  → {codes, signal}
//   invitationWords(hello, {t, has}) → {game, length, options} the invitation in the player's words
import { codeFromHash, duelLink } from "./codes.js";
import { LIVE_PREFIX } from "./live.js";

const SIGNAL = new RegExp(`(?:^#?|&)rtc=(${LIVE_PREFIX.replace(".", "\\.")}[A-Za-z0-9_-]+)`);
export const HANDOFF_CHANNEL = "kaffeehaus-duel-links";
// this page's own asks are not for itself (a BroadcastChannel hears the page's other channels)
const THIS_PAGE = Math.random().toString(36).slice(2);

export function liveLink(base, codes, signal) {
  const link = duelLink(base, codes);
  return signal ? `${link}&rtc=${signal}` : link;
}

export function readLink(hash) {
  const text = String(hash || "");
  const match = SIGNAL.exec(text);
  return { codes: codeFromHash(text), signal: match ? match[1] : null };
}

function choiceWords(name, value, { t, has }) {
  if (value === null || value === undefined) return t("option.target.default");
  const key = `option.${name}.${value}`;
  return has(key) ? t(key) : String(value);
}

/**
 * The invitation's terms in words: the game, "match" or "single deal", and each option as the
 * set-up says it — a yes/no option by its name when it is on ("Must follow suit"), left out
 * when it is off; any other as "name: choice" ("Bummerls: Best of three").
 */
export function invitationWords(hello, { t, has }) {
  const terms = hello && typeof hello === "object" ? hello : {};
  const profile = String(terms.profile || "");
  const game = has(`profile.${profile}.name`) ? t(`profile.${profile}.name`) : profile;
  const length = t(terms.match === false ? "duel.join.single" : "duel.join.match");
  const options = [];
  for (const [name, value] of Object.entries(terms.options && typeof terms.options === "object" ? terms.options : {})) {
    const label = has(`option.${name}`) ? t(`option.${name}`) : name;
    if (value === true) options.push(label);
    else if (value !== false) options.push(`${label}: ${choiceWords(name, value, { t, has })}`);
  }
  return { game, length, options };
}

/**
 * Offer an opened link to the other tabs of this page: resolves true when one holding its game
 * took it (within `ms`), false when none did (this tab handles it).
 */
export function handOff(Channel, { game, hash, page = THIS_PAGE }, ms = 600) {
  if (typeof Channel !== "function" || !game) return Promise.resolve(false);
  return new Promise((resolve) => {
    const channel = new Channel(HANDOFF_CHANNEL);
    const ask = Math.random().toString(36).slice(2);
    const done = (taken) => { clearTimeout(timer); channel.close(); resolve(taken); };
    const timer = setTimeout(() => done(false), ms);
    channel.onmessage = (event) => {
      const data = event.data || {};
      if (data.type === "taken" && data.ask === ask) done(true);
    };
    channel.postMessage({ type: "link", ask, page, game, hash });
  });
}

/** Take the links other tabs hand over for a game this tab `holds(game)`; `take(hash)` opens it. */
export function serveHandOffs(Channel, { holds, take, page = THIS_PAGE }) {
  if (typeof Channel !== "function") return () => {};
  const channel = new Channel(HANDOFF_CHANNEL);
  channel.onmessage = (event) => {
    const data = event.data || {};
    if (data.type !== "link" || data.page === page || typeof data.hash !== "string" || !holds(data.game)) return;
    channel.postMessage({ type: "taken", ask: data.ask });
    take(data.hash);
  };
  return () => channel.close();
}
