// saved-games.js — the saved games on the set-up screen (web/saving/games.js keeps several: one per
// unfinished game, from this tab or another).
//
//   drawSavedGames(box, table) fills [data-saved-games]: one button
//     data-ui="continue-game" (data-game-id) per saved game that "Continue" (the newest, or the
//     one on the table) does not already bring back; a tap puts that game on the table.
import { t, has, formatDate } from "./i18n.js";

export const gameName = (profile) => (has(`profile.${profile}.name`) ? t(`profile.${profile}.name`) : String(profile));

export function drawSavedGames(box, table) {
  if (!box) return;
  const onTable = table.state && table.kind !== "remote" ? table.id : null;
  const saved = table.games.list();
  // without a game on the table, "Continue the saved game" continues the newest
  const others = saved.filter((record) => record.id !== onTable).slice(onTable ? 0 : 1);
  box.replaceChildren(...others.map((record) => {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.ui = "continue-game";
    button.dataset.gameId = record.id;
    button.textContent = t("setup.continueGame", { game: gameName(record.state.profile), date: formatDate(record.updated) });
    button.addEventListener("click", () => {
      const current = table.games.get(record.id);
      if (current) table.resume(current);
    });
    return button;
  }));
  box.hidden = others.length === 0;
}
