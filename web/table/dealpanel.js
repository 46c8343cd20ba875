// The end-of-deal panel: who won and how (the engine's result.reason in plain words), why it is
// worth its game points (result.why), each
// side's card points, marriages and tricks, the computer's remaining cards face up (the
// engine's opponent_hand), a word of congratulation, the match score, and the way on.
// A non-modal <dialog> over the table: focus moves into it, Escape puts it away (the table's own
// buttons stay), Enter takes the focused button (the next deal, or a return match: the same
// game and options against the same opponent; New game goes back to the set-up).
import { t, has } from "../i18n.js";
import { faceCard, cardName, suitName } from "./cardview.js";
import { suitIcon } from "../cards/cards.js";
import { dealSummary } from "../play/observation.js";
import { sheetSummary } from "./scores.js";
import { returnMatchButton } from "./actions.js";


/** The reason for the game points in plain words: the engine's keyword, told from the winner's side. */
export function reasonText(summary) {
  const side = summary.winner === "opponent" ? "opponent" : "you";
  const key = `deal.reason.${summary.reason}.${side}`;
  const points = (summary.resultPoints || []).join("–");
  if (has(key)) return t(key, { points });
  const plain = `reason.${summary.reason}`;
  return has(plain) ? t(plain, { points }) : summary.reason;
}

/** Why the deal is worth its game points, in plain words: the engine's result.why (a keyword
 * and its figures), told from the winner's side; the page computes nothing itself. */
export function worthText(summary, why) {
  const fallback = t("deal.gamePoints", { points: summary.gamePoints });
  if (!why || typeof why.code !== "string") return fallback;
  if (summary.winner === null) return has(`deal.why.${why.code}`) ? t(`deal.why.${why.code}`, why.params || {}) : fallback;
  const key = `deal.why.${why.code}.${summary.winner === "opponent" ? "opponent" : "you"}`;
  if (!has(key)) return fallback;
  return t("deal.worth", { count: summary.gamePoints, why: t(key, why.params || {}) });
}

/** True when the engine's why (result.why.code) tells the same fact as its reason
 * (result.reason): a sweep is "You took every trick after the talon." and "3 game points: you
 * took every trick after the talon."; a false claim names the claimer in both. The panel then
 * says it once, in the worth line. A fixed price ("a wrong claim always costs 2") does not say
 * who, so the reason stays. */
export function saysTheSame(reason, whyCode) {
  return typeof whyCode === "string" && Boolean(reason) && (whyCode === reason || whyCode === `${reason}_no_trick`);
}

function cell(tag, content, className) {
  const node = document.createElement(tag);
  if (typeof content === "string") node.textContent = content;
  else if (content) node.append(...content);
  if (className) node.className = className;
  return node;
}

/** What a marriage chip ("♦ 20") stands for, in words: shown on hover (title) and on a tap. */
export function marriageText(marriage, style) {
  return t(marriage.effective ? "deal.marriageChip" : "deal.marriageChipPending",
    { suit: suitName(marriage.suit, style), points: marriage.points });
}

export class DealPanel {
  /** `seats()` → {left, shared}: the seat whose column is on the left, and whether both players
   * read the panel at this device (pass and play: columns in seat order, as the score sheet). */
  constructor(dialog, { settings, next, newGame, back, seats = () => ({ left: null, shared: false }),
    returnMatch = () => {}, again = () => null }) {
    Object.assign(this, { dialog, settings, next, newGame, back, seats, returnMatch, again });
    this.obs = null;
    this.over = false;
    // a tap (or Enter) on a marriage chip says what it is: touch has no hover for its title
    this.note = cell("p", "", "deal-marriage-note");
    this.note.dataset.marriageNote = "";
    this.note.hidden = true;
    this.note.setAttribute("aria-live", "polite");
    dialog.querySelector("[data-deal-table]").after(this.note);
    dialog.addEventListener("click", (event) => {
      const chip = event.target.closest("button[data-marriage]");
      if (chip) { this.explain(chip); return; }
      const button = event.target.closest("button[data-ui]");
      if (!button || button.disabled) return;
      const name = button.dataset.ui;
      if (name === "deal-next") { this.close(); this.next(); }
      else if (name === "deal-new-game") { this.close(); this.newGame(); }
      else if (name === "deal-return-match") { this.close(); this.returnMatch(); }
      else if (name === "deal-close") { this.close(); this.back(); }
    });
    // A closed panel keeps no card faces: the next deal (a duel's, a hand-off's) may deal the
    // same card codes to the other hand, and open() fills the panel afresh anyway.
    dialog.addEventListener("close", () => dialog.querySelector("[data-deal-opponent-hand]")?.replaceChildren());
    dialog.addEventListener("keydown", (event) => {
      if (event.key === "Escape") {
        event.preventDefault();
        this.close();
        this.back();
      }
    });
  }

  get isOpen() {
    return this.dialog.open;
  }

  open(obs, { over }) {
    this.obs = obs;
    this.over = over;
    this.fill();
    if (!this.dialog.open) this.dialog.show();
    const again = this.dialog.querySelector("[data-ui='deal-return-match']");
    const main = !over ? this.dialog.querySelector("[data-ui='deal-next']")
      : again.hidden ? this.dialog.querySelector("[data-ui='deal-new-game']") : again;
    main.focus({ preventScroll: true });
    this.dialog.scrollTop = 0;   // the title first, whatever the focus scrolled to
  }

  /** Words again (a language or card-face change) while the panel is open. */
  refresh(obs = this.obs) {
    if (!this.dialog.open) return;
    this.obs = obs;
    this.fill();
  }

  close() {
    if (this.dialog.open) this.dialog.close();
  }

  /** Show (or, tapped again, hide) the words of one marriage chip under the table. */
  explain(chip) {
    const again = chip.getAttribute("aria-expanded") === "true";
    for (const other of this.dialog.querySelectorAll("button[data-marriage]")) other.setAttribute("aria-expanded", "false");
    this.note.hidden = again;
    this.note.textContent = again ? "" : chip.title;
    if (!again) chip.setAttribute("aria-expanded", "true");
  }

  fill() {
    const me = this.obs.player ?? 0;
    const summary = dealSummary(this.obs, me);
    if (!summary) return;
    const { left: leftSeat, shared } = this.seats();
    const left = leftSeat === 0 || leftSeat === 1 ? leftSeat : me;
    const { dialog, settings } = this;
    const style = settings.deckStyle;
    const q = (selector) => dialog.querySelector(selector);
    dialog.dataset.winner = summary.winner || "none";
    // pass and play: both players read the panel; the title names the winner in the winning colour
    dialog.dataset.shared = String(Boolean(shared));
    dialog.dataset.reason = summary.reason;
    const matchOver = summary.match && summary.match.over;
    let title;
    if (summary.winner === null) title = t("deal.title.draw");
    else title = t(summary.winner === "you" ? "deal.title.you" : "deal.title.opponent");
    q("[data-deal-title]").textContent = title;
    let cheer;
    if (matchOver) {
      cheer = t(summary.match.winner === "you" ? "deal.cheer.matchWon" : summary.match.winner === null ? "deal.cheer.matchDrawn" : "deal.cheer.matchLost");
    } else {
      cheer = t(summary.winner === "you" ? "deal.cheer.won" : summary.winner === null ? "deal.cheer.drawn" : "deal.cheer.lost");
    }
    q("[data-deal-cheer]").textContent = cheer;
    const reason = q("[data-deal-reason]");
    const why = this.obs.result.why;
    const worth = worthText(summary, why);
    reason.replaceChildren(cell("span", worth, "deal-worth"));
    // how the deal ended, then why it is worth this much (a draw, or a worth that already says
    // how: once is enough)
    const worthSaysHow = worth !== t("deal.gamePoints", { points: summary.gamePoints }) && saysTheSame(summary.reason, why?.code);
    if (summary.winner !== null && !worthSaysHow) reason.prepend(cell("span", reasonText(summary), "deal-how"));
    reason.dataset.gamePoints = String(summary.gamePoints);
    reason.dataset.why = why ? why.code : "";

    // the two sides, one column each
    const table = q("[data-deal-table]");
    table.replaceChildren();
    const mineFirst = left === me;
    const ordered = (you, opponent) => (mineFirst ? [you, opponent] : [opponent, you]);
    const head = cell("tr", [cell("th", ""), ...ordered(t("sheet.you"), t("sheet.opponent")).map((text) => cell("th", text))]);
    const thead = cell("thead", [head]);
    const body = document.createElement("tbody");
    const row = (key, you, opponent, attr) => {
      const tr = cell("tr", [cell("th", t(key)), ...ordered(you, opponent).map((content) => cell("td", content))]);
      tr.dataset.dealRow = attr;
      body.appendChild(tr);
    };
    const schnapsen = summary.game === "schnapsen";
    row(schnapsen ? "deal.cardPoints" : "deal.honours", String(summary.you.cardPoints ?? "–"),
      String(summary.opponent.cardPoints ?? "–"), "card-points");
    if (schnapsen) {
      const marriages = (side) => {
        if (!side.marriages.length) return "–";
        const items = [];
        for (const m of side.marriages) {
          const item = document.createElement("button");
          item.type = "button";
          item.className = `deal-marriage${m.effective ? "" : " pending"}`;
          item.dataset.marriage = m.suit;
          item.append(suitIcon(m.suit, { style, fourColour: settings.fourColour }), String(m.points));
          item.title = marriageText(m, style);
          item.setAttribute("aria-label", item.title);
          item.setAttribute("aria-expanded", "false");
          items.push(item);
        }
        return items;
      };
      row("deal.marriages", marriages(summary.you), marriages(summary.opponent), "marriages");
      row("deal.total", String(summary.you.points ?? "–"), String(summary.opponent.points ?? "–"), "total");
    }
    row("deal.tricks", String(summary.you.tricks), String(summary.opponent.tricks), "tricks");
    table.append(thead, body);
    this.note.hidden = true;
    this.note.textContent = "";

    // the computer's cards still in its hand, face up
    const hand = q("[data-deal-opponent-hand]");
    hand.replaceChildren();
    for (const code of summary.opponentHand) hand.appendChild(faceCard(code, settings));
    if (!summary.opponentHand.length) hand.appendChild(cell("p", t("deal.noCards"), "note"));
    hand.setAttribute("aria-label", summary.opponentHand.length
      ? summary.opponentHand.map((c) => cardName(c, style)).join(", ") : t("deal.noCards"));

    const match = q("[data-deal-match]");
    match.hidden = !summary.match;
    match.textContent = summary.match ? sheetSummary(this.obs.match, me, left) : "";

    const nextButton = q("[data-ui='deal-next']");
    const newButton = q("[data-ui='deal-new-game']");
    nextButton.hidden = this.over || !(this.obs.legal_actions || []).includes("next");
    newButton.hidden = !this.over;
    // a return match: the same game and options against the same opponent (not in a duel)
    const again = this.over ? this.again() : null;
    const againButton = q("[data-ui='deal-return-match']");
    againButton.hidden = !again;
    if (again) returnMatchButton("deal-return-match", again, againButton);
    newButton.classList.toggle("primary", !again);
  }
}
