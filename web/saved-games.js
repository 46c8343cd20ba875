// saved-games.js — the games waiting on this device, at the top of the set-up screen: every
// unfinished game against the computer or a friend at this device (web/saving/games.js) and
// every duel with a friend on another device (web/duel/store.js), newest first, each one button
// that names the game, who it is against and its state ("Your turn", "Waiting for your
// friend"), so that a game left by a reload or a closed tab is found where the screen begins.
//
//   waitingGames({games, duels, onTable}) → [{kind, id, profile, updated, state, players}]
//       DOM-free (Node's unit tests): kind "game" (the computer, or "local" players) or
//       "duel"; state "yourTurn" | "send" | "wait" | "stopped" | "" (a duel saved before its
//       phase was kept); onTable: the game on the table behind the set-up.
//   drawSavedGames(box, table, back) fills [data-saved-games] (inside [data-waiting], hidden
//       when empty): data-ui="continue-game" (data-game-id) per game, data-ui="duel-continue"
//       (data-duel-id) per duel, each with data-waiting-state; a tap puts it on the table
//       (`back()` for the one already there).
import { t, has, formatDate } from "./i18n.js";

export const gameName = (profile) => (has(`profile.${profile}.name`) ? t(`profile.${profile}.name`) : String(profile));

const WAITING_PHASES = ["shuffling", "waiting", "their_turn", "verifying"];

/** What a saved duel waits for, from its record alone (no engine call). */
export function duelState(record) {
  if (record.verdict) return "stopped";
  if (record.phase === "your_turn") return "yourTurn";
  if (record.outbox && record.outbox.length && !record.shared) return "send";
  if (WAITING_PHASES.includes(record.phase)) return "wait";
  return "";
}

export function waitingGames({ games = [], duels = [], onTable = null }) {
  const list = [
    ...games.map((r) => ({ kind: "game", id: r.id, profile: r.state.profile, updated: r.updated,
      state: "yourTurn", players: r.opponent === "local" ? [...r.players] : null, onTable: r.id === onTable })),
    ...duels.filter((r) => !r.over).map((r) => ({ kind: "duel", id: r.id, profile: r.profile, updated: r.updated,
      state: duelState(r), players: null, onTable: r.id === onTable })),
  ];
  return list.sort((a, b) => (b.updated || 0) - (a.updated || 0));
}

function title(entry) {
  const game = gameName(entry.profile);
  if (entry.kind === "duel") return t("setup.waiting.duel", { game });
  if (entry.players) return t("setup.waiting.local", { game, first: entry.players[0], second: entry.players[1] });
  return t("setup.waiting.computer", { game });
}

export function drawSavedGames(box, table, back = () => {}) {
  if (!box) return;
  const section = box.closest("[data-waiting]") || box;
  const duel = table.remote;
  const onTable = table.state ? table.id : null;
  const entries = waitingGames({ games: table.games.list(), duels: duel ? duel.duels.list() : [], onTable });
  box.replaceChildren(...entries.map((entry) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "waiting-game";
    button.dataset.waitingState = entry.state;
    if (entry.kind === "duel") {
      button.dataset.ui = "duel-continue";
      button.dataset.duelId = entry.id;
    } else {
      button.dataset.ui = "continue-game";
      button.dataset.gameId = entry.id;
    }
    const name = document.createElement("span");
    name.className = "waiting-name";
    name.textContent = title(entry);
    const state = document.createElement("span");
    state.className = "waiting-state";
    state.textContent = [entry.state ? t(`setup.waiting.${entry.state}`) : "", formatDate(entry.updated)]
      .filter(Boolean).join(" · ");
    button.append(name, " ", state);
    button.addEventListener("click", () => {
      if (entry.onTable && table.id === entry.id) { back(); return; }
      if (entry.kind === "duel") { duel.open(entry.id); return; }
      const current = table.games.get(entry.id);
      if (current) table.resume(current);
    });
    return button;
  }));
  section.hidden = entries.length === 0;
  box.hidden = entries.length === 0;
}
