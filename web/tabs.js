// tabs.js — two tabs of the page, one saved game (docs/OFFLINE-LINKS.md "Several tabs").
//
// Every save carries the game's id and a revision (web/games.js). When another tab writes the
// saved games (the browser's `storage` event, fired in every other tab of the site), the
// table controller checks whether the game on this table was moved on there; if so this tab becomes
// read-only (no move, no undo: the other tab plays it) and a notice says so, with "Play here",
// which takes the game over at its latest saved position (the other tab is then told in turn).
import { t } from "./table/i18n.js";
import { notify, dismiss } from "./notices.js";

const html = document.documentElement;

export function installTabs({ table }) {
  const gamesKey = "kaffeehaus.games";
  window.addEventListener("storage", (event) => {
    if (event.key === gamesKey || event.key === null) table.checkOwnership();
  });
  table.on("readOnly", () => {
    html.dataset.tab = "read-only";
    notify("other-tab", () => t("tabs.elsewhere"), {
      alert: true,
      sticky: true,
      buttons: [{ ui: "take-over", label: () => t("tabs.takeOver"), primary: true, onClick: () => table.takeOver() }],
    });
  });
  table.on("began", () => {
    html.dataset.tab = "playing";
    dismiss("other-tab");
  });
}
