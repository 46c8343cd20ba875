// tabs.js — two tabs of the page, one saved game (docs/OFFLINE-LINKS.md "Several tabs").
//
// Every save carries the game's id and a revision (web/saving/games.js). When another tab writes the
// saved games (the browser's `storage` event, fired in every other tab of the site), the
// table controller checks whether the game on this table was moved on there; if so this tab becomes
// read-only (no move, no undo: the other tab plays it) and a notice says so, with "Play here",
// which takes the game over at its latest saved position (the other tab is then told in turn).
// A game another tab has finished is said to be over, with nothing to take over. A tab that only
// looks at a game (opens it, or reloads) writes nothing, so it never stops the tab playing it.
import { t } from "./i18n.js";
import { notify, dismiss } from "./notices.js";

const html = document.documentElement;

export function installTabs({ table }) {
  const gamesKey = "kaffeehaus.games";
  let finishedShown = false;
  const finishedElsewhere = () => {
    // over in another tab: nothing to take over, and it does not "go on" anywhere
    finishedShown = true;
    notify("other-tab", () => t("tabs.finishedElsewhere"), { alert: true, sticky: true });
  };
  window.addEventListener("storage", (event) => {
    if (event.key !== gamesKey && event.key !== null) return;
    table.checkOwnership();
    // a tab left behind learns when the game it shows is over elsewhere
    if (table.readOnly && !finishedShown && table.id && table.games.isFinished(table.id)) finishedElsewhere();
  });
  table.on("readOnly", () => {
    html.dataset.tab = "read-only";
    if (table.games.isFinished(table.id)) {
      finishedElsewhere();
      return;
    }
    notify("other-tab", () => t("tabs.elsewhere"), {
      alert: true,
      sticky: true,
      buttons: [{ ui: "take-over", label: () => t("tabs.takeOver"), primary: true, onClick: () => table.takeOver() }],
    });
  });
  table.on("began", () => {
    html.dataset.tab = "playing";
    finishedShown = false;
    dismiss("other-tab");
  });
}
