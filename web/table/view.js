// The table: draws the game from the table controller's events (web/play/table.js, the same for
// every opponent) and animates each step the engine returned. It decides nothing about the
// rules: it draws observations and offers exactly the engine's legal_actions (docs/UI-HOOKS.md).
// Its sentences are web/table/words.js, its buttons actions.js, the claim question claim.js.
// About 300 lines: drawing a position and animating a step share the table's snapshot of card
// positions and its generation checks.
import { t } from "../i18n.js";
import { HandView } from "./hand.js";
import { renderTalon } from "./talon.js";
import { renderTrick } from "./trick.js";
import { renderPiles, renderOpponentHand } from "./piles.js";
import { renderScores, renderSheet, sheetSummary } from "./scores.js";
import { snapshot, flip, collect, trickPause, wait, DURATION } from "./animate.js";
import { takenTrick } from "../play/observation.js";
import { DealPanel } from "./dealpanel.js";
import { faceCard } from "./cardview.js";
import { renderActions } from "./actions.js";
import { askClaim } from "./claim.js";
import { trickText, resultText, statusText, marriageStatus, opponentMove, engineText, failureText, levelName } from "./words.js";

// The seat drawn is the observation's own (`obs.player`): 0 against the computer; either seat in
// pass and play and in a duel, where the table controller's `viewer` is the seat looking.
const html = document.documentElement;
const $ = (selector) => document.querySelector(selector);

export class TableView {
  constructor({ table, settings, setup }) {
    this.table = table;
    this.settings = settings;
    this.setup = setup;
    this.usingKeyboard = false;
    this.review = null;
    this.statusBeforeSetup = null;
    this.els = {
      table: $("#table"), status: $("[data-status]"), announce: $("[data-announce]"),
      opponentLabel: $("[data-opponent-label]"), opponentHand: $("[data-zone='opponent-hand']"),
      talon: $("[data-zone='talon']"), trick: $("[data-zone='trick']"), scores: $("[data-zone='scores']"),
      myPile: $("[data-zone='player-pile']"), oppPile: $("[data-zone='opponent-pile']"),
      reviewButton: $("[data-ui='review']"), actions: $("[data-zone='actions']"), news: $("[data-news]"),
      summary: $(".match-summary"),
    };
    this.spoken = [];
    this.panel = new DealPanel($("dialog[data-dialog='deal-end']"), {
      settings, next: () => table.act("next"),
      newGame: () => this.onNewGame?.(),
      returnMatch: () => table.returnMatch(),
      again: () => table.returnChoice()?.length ?? null,
      back: () => this.els.actions.querySelector("button")?.focus({ preventScroll: true }),
      // pass and play: the columns keep seat order, as the score sheet's (web/table/scores.js)
      seats: () => ({ left: table.bothSeatsHere ? 0 : null, shared: Boolean(table.bothSeatsHere) }),
    });
    this.claimDialog = $("dialog[data-dialog='claim']");
    this.hand = new HandView($("[data-zone='hand']"), (text) => this.announce(text));
    this.hand.onPlay = (card) => table.act(card);
    this.#listen();
    document.addEventListener("keydown", () => { this.usingKeyboard = true; }, true);
    document.addEventListener("pointerdown", () => { this.usingKeyboard = false; }, true);
  }

  #listen() {
    const c = this.table;
    c.on("busy", ({ busy }) => { html.dataset.busy = String(busy); });
    c.on("began", ({ id, restored }) => {
      html.dataset.opponent = c.kind;   // "computer", "local" or "remote" (docs/UI-HOOKS.md)
      // a duel's next deal starts by itself (the friend's code dealt it): the last deal's result
      // stays on the screen until the player closes it or plays, as after a "next deal" tap
      const nextDeal = c.kind === "remote" && !restored && id === this.gameOnTable;
      if (!nextDeal) this.panel.close();
      this.gameOnTable = id;
      this.setup.show(false);
      this.statusBeforeSetup = null;
      this.news("");
      this.drawOpponentLabel();
      this.setStatus("opponent-turn", t("status.thinking"));
    });
    c.on("acting", ({ action, auto }) => this.acting(action, auto));
    c.on("step", (step) => this.step(step));
    c.on("turn", ({ obs }) => this.yourTurn(obs));
    c.on("dealOver", ({ obs, over }) => this.dealOver(obs, over));
    // a refused action: the engine's keyword in words, over the hand (and to screen readers)
    c.on("refused", ({ reason, params }) => this.hand.explain(
      engineText(reason, params, this.settings.deckStyle) || t("illegal.not_now")));
    c.on("level", () => this.drawOpponentLabel());
    c.on("error", ({ error }) => {
      if (c.obs) this.drawTable(c.obs);   // the position the game kept (a card shown at once goes back)
      this.setStatus("error", t("status.error", { message: failureText(error, this.settings.deckStyle) }));
    });
    c.on("readOnly", () => {
      if (c.obs) this.drawTable(c.obs, { interactive: false });
      this.setStatus("read-only", t("tabs.readOnly"));
    });
  }

  // --- words -----------------------------------------------------------------------------------

  setStatus(kind, text) {
    this.els.status.dataset.status = kind;
    this.els.status.textContent = text;
  }

  /** Screen-reader announcements: messages of one moment are read together. */
  announce(text) {
    if (!this.spoken.length) {
      window.setTimeout(() => {
        this.els.announce.textContent = this.spoken.join(" ");
        this.spoken = [];
      }, 30);
      this.els.announce.textContent = "";
    }
    this.spoken.push(text);
  }

  /** What the computer announced (marriage, exchange, close, claim): shown and spoken. */
  news(text) {
    this.els.news.textContent = text;
    this.els.news.hidden = !text;
    if (text) this.announce(text);
  }

  drawOpponentLabel() {
    const c = this.table;
    let text = t("seat.opponent");
    if (c.state && c.kind !== "remote") {   // a friend on another device has no level
      text = c.levelUsed === c.level
        ? t("seat.opponentLevel", { level: levelName(c.level) })
        : t("seat.opponentLevel", { level: t("level.fallback", { level: levelName(c.level) }) });
    }
    this.els.opponentLabel.textContent = text;
    this.els.opponentLabel.dataset.level = c.levelUsed;
  }

  // --- drawing ---------------------------------------------------------------------------------

  drawSheet(match) {
    const family = this.table.obs ? this.table.obs.game : null;
    const me = this.table.viewer || 0;
    const left = this.table.bothSeatsHere ? 0 : me;   // pass and play: the columns stay put at a hand-off
    for (const node of document.querySelectorAll("[data-sheet]")) renderSheet(node, match, family, me, left);
    this.els.summary.textContent = this.table.state ? sheetSummary(match, me, left) : "";
    this.els.summary.hidden = !this.table.state;
  }

  /** The whole table from one observation. */
  drawTable(obs, { interactive = false } = {}) {
    const { els, settings } = this;
    const family = obs.game;
    const mine = interactive && obs.to_move === obs.player && !obs.result && !this.table.readOnly;
    this.hand.render({
      cards: obs.hand, legal: mine ? obs.legal_actions : [], illegal: obs.illegal,
      game: family, trump: obs.trump, settings, interactive: mine,
    });
    const onTable = new Set(obs.trick.map(([, card]) => card));
    const known = (obs.known_opponent_cards || []).filter((card) => !onTable.has(card));
    renderOpponentHand(els.opponentHand, obs.opponent_hand_size, known, settings);
    renderTalon(els.talon, obs, settings, family);
    renderTrick(els.trick, obs.trick, obs.player, settings);
    this.review = renderPiles({ mine: els.myPile, theirs: els.oppPile, reviewButton: els.reviewButton }, obs, settings,
      obs.trick_review);
    renderScores(els.scores, obs, settings, family, { showPoints: this.table.showsPoints });
    renderActions(this.els.actions, obs, { interactive: interactive && !this.table.readOnly, settings,
      pointsShown: this.table.showsPoints, again: this.table.returnChoice()?.length ?? null });
    this.drawSheet(obs.match);
    html.dataset.game = family;
    html.dataset.playing = obs.profile;
  }

  /** Redraw in place (a setting or the language changed). */
  redraw() {
    const c = this.table;
    this.drawOpponentLabel();
    this.news("");
    if (c.obs) this.drawTable(c.obs, { interactive: !c.busy });
    else this.drawSheet(null);
    if (c.obs && c.obs.result) this.panel.refresh(c.obs);
    else this.panel.refresh();        // a duel's last deal, still shown over the next one
    const text = statusText(this.els.status.dataset.status, this.table.obs, this.table.showsPoints);
    if (text !== null) this.els.status.textContent = text;
    if (this.statusBeforeSetup) {
      const before = statusText(this.statusBeforeSetup[0], this.table.obs, this.table.showsPoints);
      if (before !== null) this.statusBeforeSetup[1] = before;
    }
  }

  // --- the controller's moments -----------------------------------------------------------------

  /** The player chose: a card goes to the table at once (it is legal: the engine listed it). */
  acting(action, auto) {
    this.news("");
    this.hand.hideTip();
    this.panel.close();
    if (auto) this.announce(t("you.claimAuto"));
    for (const b of document.querySelectorAll("[data-zone='hand'] button, [data-zone='actions'] button")) b.disabled = true;
    this.setStatus("opponent-turn", t("status.thinking"));
    if (action.length !== 2) return undefined;
    const button = this.hand.container.querySelector(`button[data-card='${action}']`);
    if (!button) return undefined;
    const before = snapshot(this.els.table);
    button.remove();
    this.hand.container.querySelector(`#why-${action}`)?.remove();
    const card = faceCard(action, this.settings);
    card.classList.add("trick-card", "mine");
    card.style.setProperty("--order", String(this.els.trick.children.length));
    this.els.trick.appendChild(card);
    // the player knows the card: a short flight (the engine works meanwhile)
    return flip(this.els.table, before, this.settings, origin, DURATION.own);
  }

  /** One applied action: the finished trick first (trick_view), then the position after it. */
  async step({ seat, action, observation, trick_view: trickView, prev, more }) {
    const generation = this.table.generation;
    if (seat !== observation.player) this.opponentNews(action, observation);
    let before = snapshot(this.els.table);
    if (trickView && prev) {
      this.drawTable(trickView);
      await flip(this.els.table, before, this.settings, origin);
      if (generation !== this.table.generation) return;
      // the trick's winner: its card marked, a label on the table and the same words in the status
      const taken = takenTrick(observation);
      this.markWinner(taken, trickText(observation, this.table.showsPoints), observation.player);
      this.setStatus("trick-taken", trickText(observation, this.table.showsPoints));
      await wait(trickPause(this.settings));
      if (generation !== this.table.generation) return;
      const pile = taken.winner === observation.player ? this.els.myPile : this.els.oppPile;
      const collected = [...this.els.trick.querySelectorAll(".trick-card, .trick-label")];
      await collect(collected, pile, this.settings);
      if (generation !== this.table.generation) return;
      // more steps of this turn follow (the computer took the trick and leads): the next step
      // draws the cards drawn from the talon together with its lead, in one movement; until it
      // comes the computer is choosing
      if (more) {
        for (const node of collected) node.remove();   // on the pile now: no faded trick stays behind
        this.setStatus("opponent-turn", t("status.thinking"));
        return;
      }
      before = snapshot(this.els.table);
    }
    this.drawTable(observation);
    if (!prev) return;
    const moving = flip(this.els.table, before, this.settings, origin);
    // the player's own lead (its card is on the table already): the hand closes up while the
    // computer's answer comes, not before it
    if (seat === observation.player && !trickView && more) return;
    await moving;
  }

  /** The winning card of the trick on the table, and a short label under the trick. */
  markWinner(taken, text, me) {
    if (!taken) return;
    const side = taken.winner === me ? "you" : "opponent";
    for (const node of this.els.trick.querySelectorAll(".trick-card")) {
      node.classList.toggle("winner", node.dataset.face === taken.card);
      node.classList.toggle("loser", node.dataset.face !== taken.card);
    }
    const label = document.createElement("p");
    label.className = `trick-label ${side}`;
    label.dataset.trickLabel = side;
    if (taken.points !== null) label.dataset.trickPoints = String(taken.points);
    label.setAttribute("aria-hidden", "true");   // the status line says it
    label.textContent = text;
    this.els.trick.appendChild(label);
  }

  /** The player asks to claim 66: ask first when it would not win, and in memory mode (`gamble`) always. */
  confirmClaim(obs, { gamble = false } = {}) {
    return askClaim(this.claimDialog, obs, () => this.els.actions.querySelector("button[data-action='claim']"), { gamble });
  }

  /** What the other side announced (marriage, exchange, close, claim): shown and spoken. */
  opponentNews(action, obs) {
    const { news, spoken } = opponentMove(action, obs, this.settings.deckStyle);
    if (news) this.news(news);
    if (spoken) this.announce(spoken);
  }

  yourTurn(obs) {
    let text = t("status.yourTurnLead");
    if (obs.pending_marriage) text = marriageStatus(obs);
    else if (obs.trick.length) text = t("status.yourTurnAnswer");
    this.setStatus(obs.to_move === obs.player ? "your-turn" : "opponent-turn", text);
    this.drawTable(obs, { interactive: true });
    // keyboard players get the focus back on their hand; mouse and touch players see no lifted card
    if (this.usingKeyboard && (!this.els.table.contains(document.activeElement) || document.activeElement === document.body)) {
      this.hand.container.querySelector("button[data-card][tabindex='0']")?.focus({ preventScroll: true });
    }
  }

  dealOver(obs, over) {
    this.setStatus(over ? "match-over" : "deal-over", resultText(obs));
    this.drawTable(obs, { interactive: true });
    // the end-of-deal panel over the table (not modal: the table's own buttons stay usable)
    this.panel.open(obs, { over });
  }

  /** The set-up screen over the table ("new game"), and back. */
  showSetup() {
    this.panel.close();
    this.statusBeforeSetup = [this.els.status.dataset.status, this.els.status.textContent];
    this.setup.show(true);
    this.setStatus("setup", t("status.pickGame"));
  }

  backToTable() {
    this.setup.show(false);
    if (this.statusBeforeSetup) this.setStatus(...this.statusBeforeSetup);
  }
}

// Where a card that was not on the table before comes from.
function origin(node) {
  if (node.dataset.card) return "talon";
  if (node.classList.contains("trick-card") && node.classList.contains("theirs")) return "opponent-hand";
  return null;
}
