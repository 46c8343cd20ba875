// The hand-off screen of pass and play (two people at one device, web/local.js): whenever the
// seat to act changes, at the start of each deal and on resume, everything private leaves the
// page (both hands, the known cards of the other hand, the action buttons, the running points,
// the trick review) and a screen over the table says "Pass the device to <name>" with a button
// "<name>, show my cards". Only that button puts the next seat's observation on the table
// (controller.reveal()). What both players may know stays: the trick on the table, the talon,
// the piles, the score sheet, and on this screen the other player's last moves and who took the
// trick (docs/UI-HOOKS.md "Pass and play").
import { t } from "../i18n.js";
import { cardName, faceCard, suitName } from "./cardview.js";

const html = document.documentElement;

// The table's parts that may hold private things: emptied, and inert while the screen is up.
const PRIVATE_ZONES = ["hand", "opponent-hand", "actions", "scores"];
const INERT = [".seat-opponent", ".middle", "[data-zone='hand']", ".seat-player", "[data-news]", "[data-zone='practice']"];

export class HandoffView {
  /** `table`: main#table; `view`: the TableView; `reveal()`: the controller's reveal. */
  constructor({ table, view, settings, reveal, showsPoints }) {
    Object.assign(this, { table, view, settings, reveal, showsPoints, detail: null });
    const root = document.createElement("section");
    root.className = "handoff";
    root.dataset.handoff = "";
    root.hidden = true;
    root.setAttribute("role", "dialog");
    root.setAttribute("aria-modal", "false");
    root.setAttribute("aria-labelledby", "handoff-title");
    this.title = document.createElement("h2");
    this.title.id = "handoff-title";
    this.title.dataset.handoffTitle = "";
    this.news = document.createElement("div");
    this.news.className = "handoff-news";
    this.news.dataset.handoffNews = "";
    this.privacy = document.createElement("p");
    this.privacy.className = "note";
    this.button = document.createElement("button");
    this.button.type = "button";
    this.button.className = "primary handoff-show";
    this.button.dataset.ui = "handoff-show";
    this.button.addEventListener("click", () => this.reveal());
    root.append(this.title, this.news, this.privacy, this.button);
    table.appendChild(root);
    this.root = root;
  }

  get shown() {
    return !this.root.hidden;
  }

  /** The controller's "handoff" {seat, name, reason, moves, taken, dealer, players}. */
  show(detail) {
    this.detail = detail;
    this.#clearPrivate();
    // a new deal (or a game opened again): what lies on the table belongs to no deal being played
    if (detail.reason !== "turn") {
      for (const node of document.querySelectorAll("[data-zone='trick'] > *, [data-zone$='-pile'] .last-trick")) node.remove();
      document.querySelector("[data-zone='talon']")?.replaceChildren();
    }
    this.#fill();
    this.root.hidden = false;
    html.dataset.handoff = String(detail.seat);
    for (const selector of INERT) for (const node of document.querySelectorAll(selector)) node.inert = true;
    this.view.setStatus("hand-off", t("local.handoff.title", { name: detail.name }));
    this.view.announce([...this.news.querySelectorAll("p")].map((p) => p.textContent).join(" "));
    this.button.focus({ preventScroll: true });
  }

  hide() {
    if (this.root.hidden && !html.dataset.handoff) return;
    this.root.hidden = true;
    this.detail = null;
    delete html.dataset.handoff;
    for (const selector of INERT) for (const node of document.querySelectorAll(selector)) node.inert = false;
  }

  /** The language or a card setting changed. */
  redraw() {
    if (!this.detail) return;
    this.#fill();
    this.view.setStatus("hand-off", t("local.handoff.title", { name: this.detail.name }));
  }

  #fill() {
    const { name, reason, moves, taken, dealer, players } = this.detail;
    const style = this.settings.deckStyle;
    this.title.textContent = t("local.handoff.title", { name });
    this.button.textContent = t("local.handoff.show", { name });
    this.privacy.textContent = t("local.handoff.privacy");
    const lines = [];
    const cards = [];
    if (reason === "deal") lines.push(t("local.handoff.deal", { name: players[dealer] ?? "" }));
    if (reason === "resume") lines.push(t("local.handoff.resume"));
    for (const move of moves || []) {
      const who = players[move.seat];
      const { action } = move;
      if (action.length === 2) {
        lines.push(t("local.handoff.played", { name: who, card: cardName(action, style) }));
        cards.push(action);
      } else if (action.startsWith("marry:")) {
        lines.push(t("local.handoff.marry", { name: who, points: move.points ?? "", suit: suitName(action.slice(6), style) }));
      } else if (action === "exchange") {
        lines.push(t(style === "german" ? "local.handoff.exchange.german" : "local.handoff.exchange", { name: who }));
      } else if (action === "close") {
        lines.push(t("local.handoff.close", { name: who }));
      }
    }
    if (taken) {
      const who = players[taken.winner];
      lines.push(taken.points !== null && this.showsPoints()
        ? t("local.handoff.tookPoints", { name: who, points: taken.points }) : t("local.handoff.took", { name: who }));
    }
    const row = document.createElement("div");
    row.className = "handoff-cards";
    row.setAttribute("aria-hidden", "true");   // the lines say it
    for (const code of cards) row.appendChild(faceCard(code, this.settings, { label: false }));
    this.news.replaceChildren(...lines.map((text) => {
      const p = document.createElement("p");
      p.textContent = text;
      return p;
    }), ...(cards.length ? [row] : []));
  }

  /** Nothing of the last seat's private view stays in the page. */
  #clearPrivate() {
    const { view } = this;
    view.hand.render({ cards: [], legal: [], illegal: {}, game: null, trump: null, settings: this.settings, interactive: false });
    for (const zone of PRIVATE_ZONES) {
      const node = document.querySelector(`[data-zone='${zone}']`);
      if (node && zone !== "hand") node.replaceChildren();
    }
    view.review = null;
    const reviewButton = document.querySelector("[data-ui='review']");
    if (reviewButton) reviewButton.disabled = true;
    view.news("");
    view.panel.close();
    for (const selector of ["[data-deal-opponent-hand]", "[data-review-list]", "[data-hint-text]", "[data-announce]", "[data-claim-text]"]) {
      for (const node of document.querySelectorAll(selector)) node.replaceChildren();
    }
    for (const name of ["review", "claim", "analysis"]) {
      const dialog = document.querySelector(`dialog[data-dialog='${name}']`);
      if (dialog && dialog.open) dialog.close();
    }
  }
}
