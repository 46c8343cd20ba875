// daily.js — the deal of the day: the same cards for everyone on a date (the player's local
// date), per game and options: kaffeehaus.api.deal_of_the_day(profile, "YYYY-MM-DD", options).
// When it is over, the player is offered to share the result as a link with the moves (a
// replay, web/links.js), so friends can compare without any server.
//
//   <button data-ui="daily"> on the set-up screen starts it with the chosen game, options and
//   opponent. localStorage["kaffeehaus.daily"] = {"date", "token"}: the share token (without
//   moves) of the last deal of the day started or opened, to know that the game on the table
//   is one (its links then carry &day=).
//
//   const daily = installDaily({table, storage, setup, fail, share}) → {remember(state, date),
//   dateOf(state)}; share(): open the share dialog with the moves (web/links.js).
import { t, formatDate } from "./i18n.js";
import { notify, dismiss } from "./notices.js";
import { label } from "./lang.js";

const html = document.documentElement;

/** Today in the player's time zone, as YYYY-MM-DD. */
export function localDate(now = new Date()) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The set-up screen's "Deal of the day" button, and the offer to share its result. */
export function installDaily({ table, storage, setup, fail, share }) {
  const daily = {
    async remember(state, date) {
      const token = await table.call("share_link", { state, with_actions: false });
      storage.write("daily", { date, token });   // not remembered: its links just carry no date
    },
    /** The date if `state` is the deal of the day last started or opened here, else null. */
    async dateOf(state) {
      const stored = storage.read("daily");
      if (!stored || !state) return null;
      try {
        const token = await table.call("share_link", { state, with_actions: false });
        return token === stored.token ? stored.date : null;
      } catch {
        return null;
      }
    },
  };

  async function start() {
    const choice = setup.values();
    const date = localDate();
    try {
      const state = await table.call("deal_of_the_day", { profile: choice.profile, date, options: choice.options });
      await daily.remember(state, date);
      dismiss("daily-done");
      await table.begin(state, { level: choice.level, aiSeed: 0, mode: "ranked" });
      notify("daily", () => t("daily.started", { date: formatDate(date), game: t(`profile.${choice.profile}.name`) }));
    } catch (error) {
      fail(error);
    }
  }

  const row = document.querySelector("[data-zone='setup'] .setup-buttons");
  if (row && !row.querySelector("[data-ui='daily']")) {
    const button = label("button", "daily.start", { type: "button", "data-ui": "daily" });
    button.addEventListener("click", (event) => {
      event.stopPropagation();
      start();
    });
    row.appendChild(button);
  }
  async function offerShare() {
    const state = table.state;
    const date = await daily.dateOf(state);
    if (date && table.state === state && !document.querySelector("[data-notice='daily-done']")) {
      dismiss("daily");
      notify("daily-done", () => t("daily.done", { date: formatDate(date) }), {
        buttons: [{ ui: "share-daily", label: () => t("daily.share"), primary: true, onClick: () => share() }],
      });
    }
  }
  // not awaited by the controller: the table settles at once
  table.on("dealOver", ({ over }) => { if (over) offerShare(); });
  html.dataset.daily = "ready";
  return daily;
}
