// replay.js — the replay of a shared deal's moves (a link with moves, web/links.js): every move,
// trick by trick, and the result, in a dialog; it can restart the same deal from its first card.
import { t, formatDate } from "./i18n.js";
import { faceCard, cardName, suitName } from "./table/cardview.js";
import { marriagePoints } from "./table/words.js";
import { dialog, closeForm } from "./dialogs.js";
import { label } from "./lang.js";

const html = document.documentElement;

function cardSettings() {
  return { deckStyle: html.dataset.deck === "german" ? "german" : "french", fourColour: html.dataset.fourColour === "true" };
}

function seatName(player) {
  return t(player === 0 ? "replay.player" : "replay.computer");
}

function moveText(player, action, obs, style) {
  const seat = seatName(player);
  if (action.startsWith("marry:")) {
    return t("replay.marry", { seat, suit: suitName(action.slice(6), style), points: marriagePoints(action, obs, player) });
  }
  if (["exchange", "close", "claim"].includes(action)) return t(`replay.${action}`, { seat });
  return t("replay.played", { seat, card: cardName(action, style) });
}

export function showReplay(links, state, obs, link) {
  const node = dialog("replay", (d) => {
    const h2 = document.createElement("h2");
    h2.dataset.replayTitle = "";
    const note = document.createElement("p");
    note.className = "note";
    note.dataset.replayNote = "";
    const list = document.createElement("ol");
    list.className = "replay-list";
    list.dataset.replayList = "";
    const result = document.createElement("p");
    result.dataset.replayResult = "";
    const play = label("button", "replay.play", { type: "button", "data-ui": "replay-play" });
    d.append(h2, note, list, result, closeForm([play]));
  });
  const settings = cardSettings();
  node.querySelector("[data-replay-title]").textContent = t("replay.title");
  node.querySelector("[data-replay-note]").textContent = link.day
    ? t("replay.noteDay", { date: formatDate(link.day), game: t(`profile.${obs.profile}.name`) })
    : t("replay.note", { game: t(`profile.${obs.profile}.name`) });
  const list = node.querySelector("[data-replay-list]");
  list.replaceChildren();
  // the engine groups the log: each finished trick's actions (what its leader did before
  // leading, the lead, the answer), then what was played after the last finished trick
  const groups = obs.history.map((trick) => ({ actions: trick.actions || [], winner: trick.winner }));
  const done = groups.reduce((n, g) => n + g.actions.length, 0);
  const rest = obs.actions.slice(done);
  if (rest.length) groups.push({ actions: rest, winner: null });
  groups.forEach((group, i) => {
    const trick = document.createElement("li");
    trick.className = "replay-trick";
    trick.dataset.trick = String(i + 1);
    const heading = document.createElement("span");
    heading.className = "replay-heading";
    heading.textContent = t("replay.trick", { n: i + 1 });
    trick.appendChild(heading);
    for (const [player, action] of group.actions) {
      const move = document.createElement("span");
      move.className = "replay-move";
      move.dataset.move = action;
      move.dataset.seat = String(player);
      if (action.length === 2) move.appendChild(faceCard(action, settings, { label: false }));
      const caption = document.createElement("span");
      caption.textContent = moveText(player, action, obs, settings.deckStyle);
      move.appendChild(caption);
      trick.appendChild(move);
    }
    if (group.winner !== null) {
      const who = document.createElement("span");
      who.className = "replay-winner";
      who.textContent = t("replay.took", { seat: seatName(group.winner) });
      trick.appendChild(who);
    }
    list.appendChild(trick);
  });
  const r = obs.result;
  node.querySelector("[data-replay-result]").textContent = !r ? t("replay.unfinished")
    : r.winner === null ? t("replay.drawn")
      : t("replay.won", { seat: seatName(r.winner), points: r.game_points });
  node.querySelector("[data-ui='replay-play']").onclick = async () => {
    node.close();
    try {
      const token = await links.table.call("share_link", { state, with_actions: false });
      const start = await links.table.call("open_link", { token });
      await links.table.begin(start, { level: link.level || links.setup.values().level, aiSeed: 0, mode: "ranked" });
    } catch (error) {
      links.fail(error);
    }
  };
  if (!node.open) node.showModal();
  replayShown = () => showReplay(links, state, obs, link);
}

// The replay's sentences are drawn here: a language switch (web/lang.js) draws them again.
let replayShown = null;
document.addEventListener("kaffeehaus:language", () => {
  const node = document.querySelector("dialog[data-dialog='replay']");
  if (node && node.open && replayShown) replayShown();
});
