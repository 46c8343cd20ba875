// leaving.js — New game while the game on the table is not over: the player is asked first,
// told which game will be left, and that game stays in the saved games (web/saving/games.js) unless
// the player chooses to abandon it.
//
//   installLeaving({ table, showSetup }) → newGame()   table: web/play/table.js
//     newGame() opens dialog[data-dialog="leave"] ([data-leave-text] names the game, its deal
//     and match score) when the table's game is unfinished and played in this tab; its buttons:
//     data-ui="leave-keep" (focused; Escape too: back to the table), "leave-new" (the set-up
//     screen; the game stays saved), "leave-abandon" (its save is deleted, then the set-up).
//     Otherwise newGame() shows the set-up screen at once.
import { t } from "./i18n.js";
import { gameName } from "./saved-games.js";

const over = (obs) => Boolean(obs && obs.result && (!obs.match || obs.match.over));

/** The words naming the unfinished game: its name, the deal and (in a match) the score. */
export function leavingText(obs, { players = null } = {}) {
  const game = gameName(obs.profile);
  const deal = obs.match && Array.isArray(obs.match.sheet) ? obs.match.sheet.length + (obs.result ? 0 : 1) : 1;
  const me = obs.player === 1 ? 1 : 0;
  const detail = obs.match
    ? t("leave.match", { deal, you: obs.match.scores[me], them: obs.match.scores[1 - me] })
    : t("leave.deal");
  const who = players ? ` (${players[0]} – ${players[1]})` : "";
  return t("leave.text", { game: `${game}${who}`, detail });
}

export function installLeaving({ table, showSetup }) {
  const dialog = document.querySelector("dialog[data-dialog='leave']");

  /** The observation of the game on the table when it is saved on this device and not over. */
  function unfinished() {
    const pending = table.opponent && table.opponent.pending;   // pass and play, behind the hand-off
    const obs = table.obs || (pending && pending.obs);
    return table.kind !== "remote" && table.state && obs && !over(obs) && !table.readOnly ? obs : null;
  }

  return function newGame() {
    const obs = unfinished();
    if (!obs || !dialog) {
      showSetup();
      return;
    }
    const id = table.id;
    dialog.querySelector("[data-leave-text]").textContent = leavingText(obs, { players: table.players });
    dialog.returnValue = "";
    dialog.addEventListener("close", () => {
      if (dialog.returnValue === "abandon") {
        table.games.delete(id);
        showSetup();
      } else if (dialog.returnValue === "new") {
        showSetup();
      }
    }, { once: true });
    dialog.showModal();
    dialog.querySelector("[data-ui='leave-keep']").focus();
  };
}
