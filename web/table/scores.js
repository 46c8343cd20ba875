// Running scores of the deal (own points, pending marriages) and the match score sheet
// (Bummerl counting down from its target, Schneider counting up to its target or over a session).
import { t } from "../i18n.js";
import { suitName } from "./cardview.js";
import { suitIcon } from "../cards/cards.js";

function line(className, text) {
  const node = document.createElement("div");
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function scoreLine(labelKey, value, mine) {
  const node = line("score-main");
  node.dataset.points = String(mine);
  node.append(line("score-label", t(labelKey)), line("score-value", value));
  return node;
}

export function renderScores(container, obs, settings, game, { showPoints = true } = {}) {
  container.replaceChildren();
  const me = obs.player;
  const opp = 1 - me;
  // memory mode (schnapsen-strict by default, or the player's setting): the running count is
  // kept in the player's head until the deal is over
  const memory = !showPoints && !obs.result;
  container.dataset.memory = String(memory);
  if (memory) {
    container.appendChild(line("score-memory", t("score.memory")));
  } else if (game === "schnapsen") {
    // The opponent's points are for the player to count, until the deal is over.
    container.appendChild(scoreLine("score.points", obs.result
      ? `${obs.points[me]} – ${obs.points[opp]}` : String(obs.points[me]), obs.points[me]));
    const marriages = obs.marriages || [];
    for (const [who, heading] of [[me, "score.marriages"], [opp, "score.opponentMarriages"]]) {
      const list = marriages.filter((m) => m.player === who);
      if (!list.length) continue;
      const block = line("score-marriages");
      block.appendChild(line("score-label", t(heading)));
      for (const m of list) {
        const item = line(m.effective ? "marriage effective" : "marriage pending");
        item.dataset.marriage = m.suit;
        item.appendChild(suitIcon(m.suit, { style: settings.deckStyle, fourColour: settings.fourColour }));
        const text = document.createElement("span");
        text.textContent = t(m.effective ? "score.effective" : "score.pending", {
          suit: suitName(m.suit, settings.deckStyle), points: m.points,
        });
        item.appendChild(text);
        block.appendChild(item);
      }
      container.appendChild(block);
    }
  } else {
    container.appendChild(scoreLine("score.honours", `${obs.points[me]} – ${obs.points[opp]}`, obs.points[me]));
  }
  container.appendChild(line("score-dealer", t(obs.dealer === me ? "seat.youDeal" : "seat.oppDeal")));
}

function cell(tag, text, className) {
  const node = document.createElement(tag);
  node.textContent = text;
  if (className) node.className = className;
  return node;
}

/** The match score sheet from match_status (null for a single deal). */
/**
 * The match's score sheet: a column per seat, `left` on the left (pass and play keeps seat 0
 * first whoever holds the device), headed "you" for `me` and "opponent" for the other.
 */
export function renderSheet(container, match, game, me = 0, left = me) {
  container.replaceChildren();
  if (!match) {
    container.appendChild(line("sheet-caption", t("sheet.singleDeal")));
    return;
  }
  const seats = [left, 1 - left];
  const opp = 1 - me;
  const heading = (seat) => t(seat === me ? "sheet.you" : "sheet.opponent");
  const bummerl = game === "schnapsen";
  let caption;
  if (bummerl) caption = t("sheet.bummerl", { target: match.target });
  else if (match.session_deals) caption = t("sheet.session", { deals: match.session_deals });
  else caption = t("sheet.target", { target: match.target });
  container.appendChild(line("sheet-caption", caption));

  const table = document.createElement("table");
  table.className = "sheet-table";
  const head = document.createElement("tr");
  head.append(cell("th", t("sheet.deal")), ...seats.map((seat) => cell("th", heading(seat))));
  const thead = document.createElement("thead");
  thead.appendChild(head);
  table.appendChild(thead);
  const body = document.createElement("tbody");
  const start = bummerl ? match.target : 0;
  // a Bummerl counts down: each column holds the game points that player still needs (SS-10);
  // a count that went below 0 reads 0. The deal's winner's cell says in words what the deal
  // won ("4 (won 3)"): a bare "(−3)" read as a negative score. The words never break inside: in
  // a narrow column they go under the count as a whole.
  const shown = (score) => String(bummerl ? Math.max(0, score) : score);
  const scoreCell = (entry, seat) => {
    const node = cell("td", shown(entry.scores[seat]), entry.winner === seat ? "won" : "");
    if (entry.winner === seat) node.append(" ", cell("span", t("sheet.wonDeal", { count: entry.game_points }), "sheet-won"));
    return node;
  };
  container.appendChild(line("sheet-note", t(bummerl ? "sheet.note.toGo" : "sheet.note.won")));
  const first = document.createElement("tr");
  first.append(cell("td", t("sheet.start")), cell("td", String(start)), cell("td", String(start)));
  body.appendChild(first);
  const notes = [];      // lines under the table that explain a row
  (match.sheet || []).forEach((entry, i) => {
    const row = document.createElement("tr");
    row.dataset.deal = String(i + 1);
    row.append(cell("td", String(i + 1)), ...seats.map((seat) => scoreCell(entry, seat)));
    if (entry.bummerl_won) row.classList.add("bummerl-end");
    // a duel deal that a player stopped before it could be checked (docs/PROTOCOL.md)
    if (entry.reason === "abandoned") {
      row.dataset.reason = "abandoned";
      notes.push(line("sheet-note", t("sheet.abandoned", { deal: i + 1 })));
    }
    body.appendChild(row);
  });
  table.appendChild(body);
  container.appendChild(table);
  if (!(match.sheet || []).length) container.appendChild(line("sheet-empty", t("sheet.empty")));
  container.append(...notes);
  if (bummerl && match.bummerls_needed > 1) {
    container.appendChild(line("sheet-bummerls", t("sheet.bummerls", { you: match.bummerls[me], opponent: match.bummerls[opp] })));
  }
}

/** One-line match score for the top bar, with the word that says how to read it: a Bummerl's
 * game points still to go (counting down, SS-10), or the game points won (Schneider). */
export function sheetSummary(match, me = 0, left = me) {
  if (!match) return t("sheet.singleDeal");
  const toGo = "bummerls" in match;
  const scores = [left, 1 - left].map((seat) =>
    `${t(seat === me ? "sheet.you" : "sheet.opponent")} ${toGo ? Math.max(0, match.scores[seat]) : match.scores[seat]}`)
    .join(" · ");
  return t(toGo ? "sheet.summary.toGo" : "sheet.summary.won", { scores });
}
