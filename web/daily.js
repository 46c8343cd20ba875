// daily.js — the deal of the day: the same cards for everyone on a date (the player's local
// date), per game and options: kaffeehaus.api.deal_of_the_day(profile, "YYYY-MM-DD", options).
// When it is over, the player is offered to share the result as a link with the moves (a
// replay, web/links.js), so friends can compare without any server.
//
//   <button data-ui="daily"> on the set-up screen starts it with the chosen game, options and
//   opponent. localStorage["kaffeehaus.daily"] = {"date", "token"}: the share token (without
//   moves) of the last deal of the day started or opened, to know that the game on the table
//   is one (its links then carry &day=).
import { t, formatDate } from "./table/i18n.js";
import { notify, dismiss } from "./notices.js";

const KEY = "kaffeehaus.daily";
const html = document.documentElement;

/** Today in the player's time zone, as YYYY-MM-DD. */
export function localDate(now = new Date()) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function stored() {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) || "null");
    return value && typeof value.date === "string" && typeof value.token === "string" ? value : null;
  } catch {
    return null;
  }
}

export async function rememberDaily(call, state, date) {
  const token = await call("share_link", { state, with_actions: false });
  try {
    localStorage.setItem(KEY, JSON.stringify({ date, token }));
  } catch { /* not remembered: its links just carry no date */ }
}

/** The date if `state` is the deal of the day last started or opened here, else null. */
export async function dailyDate(call, state) {
  const daily = stored();
  if (!daily || !state) return null;
  try {
    const token = await call("share_link", { state, with_actions: false });
    return token === daily.token ? daily.date : null;
  } catch {
    return null;
  }
}

async function startDaily(bridge) {
  const choice = bridge.choice();
  const date = localDate();
  try {
    const state = await bridge.call("deal_of_the_day", { profile: choice.profile, date, options: choice.options });
    await rememberDaily(bridge.call, state, date);
    dismiss("daily-done");
    await bridge.begin(state, { level: choice.level, aiSeed: 0 });
    notify("daily", () => t("daily.started", { date: formatDate(date), game: t(`profile.${choice.profile}.name`) }));
  } catch (error) {
    bridge.fail(error);
  }
}

/** The set-up screen's "Deal of the day" button, and the offer to share its result. */
export function installDaily(bridge, openShare) {
  const row = document.querySelector("[data-zone='setup'] .setup-buttons");
  if (row && !row.querySelector("[data-ui='daily']")) {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.ui = "daily";
    button.dataset.i18n = "daily.start";
    button.textContent = t("daily.start");
    button.addEventListener("click", (event) => {
      event.stopPropagation();
      startDaily(bridge);
    });
    row.appendChild(button);
  }
  const status = document.querySelector("[data-status]");
  if (!status) return;
  let checking = false;
  new MutationObserver(async () => {
    if (status.dataset.status !== "match-over" || checking) return;
    checking = true;
    try {
      const date = await dailyDate(bridge.call, bridge.state());
      if (date && status.dataset.status === "match-over" && !document.querySelector("[data-notice='daily-done']")) {
        dismiss("daily");
        notify("daily-done", () => t("daily.done", { date: formatDate(date) }), {
          buttons: [{ ui: "share-daily", label: () => t("daily.share"), primary: true,
            onClick: () => openShare(bridge, { withMoves: true }) }],
        });
      }
    } finally {
      checking = false;
    }
  }).observe(status, { attributes: true, attributeFilter: ["data-status"] });
  html.dataset.daily = "ready";
}
