// Boot and wiring: shows the table at once, starts the engine worker, and runs the game loop.
// The UI decides nothing about the rules: it draws observations and offers exactly the
// engine's legal_actions. The game is the engine's state JSON, kept here and in localStorage.
import { createEngine } from "./engine-client.js";
import { loadLanguage, applyStatic, t, has } from "./table/i18n.js";
import { HandView } from "./table/hand.js";
import { renderTalon } from "./table/talon.js";
import { renderTrick } from "./table/trick.js";
import { renderPiles, renderOpponentHand } from "./table/piles.js";
import { renderScores, renderSheet, sheetSummary } from "./table/scores.js";
import { SetupView, fillReview } from "./table/dialogs.js";
import { snapshot, flip, collect, trickPause, wait, prefersReducedMotion } from "./table/animate.js";
import { faceCard, suitName, cardName } from "./table/cardview.js";
import { suitIcon } from "./cards/cards.js";
import { beforeResume, afterResume } from "./extras.js";
import { installFeatures, chosenLanguage } from "./features.js"; // languages, practice, stats, sound

const ME = 0;
const AI = 1;
const STORAGE = { settings: "kaffeehaus.settings", game: "kaffeehaus.game", setup: "kaffeehaus.setup" };
const DEFAULT_SETTINGS = { deckStyle: "french", fourColour: false, speed: "auto", autoClaim: false };
const ACTION_ORDER = ["marry", "exchange", "close", "claim", "next"];

const html = document.documentElement;
const $ = (selector) => document.querySelector(selector);

function load(key, fallback) {
  try {
    const text = localStorage.getItem(key);
    return text ? JSON.parse(text) : fallback;
  } catch {
    return fallback;
  }
}

function store(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or disabled: the game still runs, it is just not saved
  }
}

const settings = { ...DEFAULT_SETTINGS, ...load(STORAGE.settings, {}) };
const game = {
  state: null, obs: null, family: null, generation: 0,
  level: "expert", levelUsed: "expert", aiSeed: 0, busy: false,
};

let engine;
let els;
let hand;
let setup;
let uiReady;
let usingKeyboard = false;

// ---------------------------------------------------------------------------------------------
// Engine

function startEngine() {
  engine = createEngine({
    onProgress(value, stage) {
      els.progress.value = value;
      const key = `engine.stage.${stage}`;
      els.progressLabel.textContent = t("engine.loadingStep", { step: has(key) ? t(key) : stage });
    },
  });
  engine.ready.then(async () => {
    const profiles = await engine.call("profiles");
    await uiReady;
    html.dataset.engine = "ready";
    els.progress.value = 1;
    els.progressLabel.textContent = t("engine.ready");
    setup.setProfiles(profiles);
    setup.setReady(true);
    await beforeResume(extrasBridge); // web/extras.js: a damaged saved game is set aside first
    offerResume();
    afterResume(extrasBridge);        // web/extras.js: share, deal of the day, a link in the URL, offline
  }).catch(async (error) => {
    await uiReady.catch(() => {});
    html.dataset.engine = "error";
    els.progressLabel.textContent = `${t("engine.error", { message: failureText(error) })} ${t("engine.retry")}`;
    setStatus("error", t("engine.error", { message: failureText(error) }));
  });
}

const call = (cmd, args) => engine.call(cmd, args);

// What web/extras.js (offline, saved-game check, share links, deal of the day) may use.
const extrasBridge = {
  call,
  begin: (state, options) => begin(state, options),
  state: () => game.state,
  level: () => game.level,
  choice: () => setup.values(),
  fail: (error) => fail(error),
};

// The longest the computer may think about one move. Here the expert needs well under a second
// (docs/WEB.md); on a slow phone the cap keeps the game moving, with fewer sampled layouts.
const AI_BUDGET_MS = 3000;

async function aiAction(observation) {
  try {
    return await call("ai_action", { observation, level: game.levelUsed, seed: game.aiSeed++, budget_ms: AI_BUDGET_MS });
  } catch (error) {
    // Levels the engine does not (yet) have: play on with its random player, and say so.
    if (game.levelUsed !== "random" && error.type === "ValueError" && /level/i.test(error.message)) {
      game.levelUsed = "random";
      drawOpponentLabel();
      return aiAction(observation);
    }
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Drawing

// After announcing a marriage: the engine's legal actions say whether the Queen may be led
// (strict rules allow only the King, ST-3), so the prompt names the right card.
function marriageStatus(obs) {
  const queen = `Q${obs.pending_marriage}`;
  const kingOnly = obs.hand.includes(queen) && !obs.legal_actions.includes(queen);
  return t(kingOnly ? "status.afterMarriageKing" : "status.afterMarriage");
}

function setStatus(kind, text) {
  els.status.dataset.status = kind;
  els.status.textContent = text;
}

// Screen-reader announcements: messages of one moment are read together.
let spoken = [];
function announce(text) {
  if (!spoken.length) {
    window.setTimeout(() => {
      els.announce.textContent = spoken.join(" ");
      spoken = [];
    }, 30);
    els.announce.textContent = "";
  }
  spoken.push(text);
}

/** What the computer announced (marriage, exchange, close, claim): shown and spoken. */
function news(text) {
  els.news.textContent = text;
  els.news.hidden = !text;
  if (text) announce(text);
}

const levelName = (level) => (has(`level.${level}`) ? t(`level.${level}`) : level);

function drawOpponentLabel() {
  let text = t("seat.opponent");
  if (game.state) {
    text = game.levelUsed === game.level
      ? t("seat.opponentLevel", { level: levelName(game.level) })
      : t("seat.opponentLevel", { level: t("level.fallback", { level: levelName(game.level) }) });
  }
  els.opponentLabel.textContent = text;
  els.opponentLabel.dataset.level = game.levelUsed;
}

function drawSheet(match) {
  for (const node of document.querySelectorAll("[data-sheet]")) renderSheet(node, match, game.family, ME);
  els.summary.textContent = game.state ? sheetSummary(match, ME) : "";
  els.summary.hidden = !game.state;
}

function actionLabel(action, obs) {
  if (action.startsWith("marry:")) {
    const suit = action.slice(6);
    return t("action.marry", { suit: suitName(suit, settings.deckStyle), points: suit === obs.trump ? 40 : 20 });
  }
  if (action === "exchange" && settings.deckStyle === "german") return t("action.exchange.german");
  return t(`action.${action}`);
}

function drawActions(obs, interactive) {
  els.actions.replaceChildren();
  const actions = (obs.legal_actions || []).filter((a) => ACTION_ORDER.includes(a.split(":")[0]));
  actions.sort((a, b) => ACTION_ORDER.indexOf(a.split(":")[0]) - ACTION_ORDER.indexOf(b.split(":")[0]));
  for (const action of actions) {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.action = action;
    if (action.startsWith("marry:")) {
      // Compact on the table ("40" and the suit), the full words for screen readers and hover.
      const suit = action.slice(6);
      button.classList.add("marry");
      button.append(suitIcon(suit, { style: settings.deckStyle, fourColour: settings.fourColour }),
        t("action.marry.short", { points: suit === obs.trump ? 40 : 20 }));
      button.setAttribute("aria-label", actionLabel(action, obs));
      button.title = actionLabel(action, obs);
    } else {
      button.textContent = actionLabel(action, obs);
    }
    button.disabled = !interactive;
    if (action === "next" || action === "claim") button.classList.add("primary");
    els.actions.appendChild(button);
  }
  const over = obs.result && (!obs.match || obs.match.over);
  if (over) {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.ui = "new-game";
    button.className = "primary";
    button.textContent = t("action.newGame");
    els.actions.appendChild(button);
  }
}

/**
 * Draw the whole table from one observation. `view` may replace parts of it while a finished
 * trick is still shown in the middle (see show()).
 */
function drawTable(obs, { interactive = false, view = obs } = {}) {
  const mine = interactive && obs.to_move === ME && !obs.result;
  hand.render({
    cards: view.hand, legal: mine ? obs.legal_actions : [], illegal: obs.illegal,
    game: game.family, trump: obs.trump, settings, interactive: mine,
  });
  const onTable = new Set(view.trick.map(([, card]) => card));
  const known = (view.known_opponent_cards || []).filter((card) => !onTable.has(card));
  renderOpponentHand(els.opponentHand, view.opponent_hand_size, known, settings);
  renderTalon(els.talon, view, settings, game.family);
  renderTrick(els.trick, view.trick, ME, settings);
  game.review = renderPiles({ mine: els.myPile, theirs: els.oppPile, reviewButton: els.reviewButton }, view, settings);
  renderScores(els.scores, view, settings, game.family);
  drawActions(obs, interactive);
  drawSheet(obs.match);
  html.dataset.game = game.family;
  html.dataset.playing = obs.profile;
}

// Where a card that was not on the table before comes from.
function origin(node) {
  if (node.dataset.card) return "talon";
  if (node.classList.contains("trick-card") && node.classList.contains("theirs")) return "opponent-hand";
  return null;
}

/** Go from the table showing `prev` to showing `next`, with the finished trick (if any) shown first. */
async function show(prev, next, generation) {
  const completed = prev && next.history.length === prev.history.length + 1
    ? next.history[next.history.length - 1] : null;
  let before = snapshot(els.table);
  if (completed) {
    const aiPlayedLast = completed.cards[completed.cards.length - 1][0] === AI;
    const view = {
      ...prev,
      hand: next.hand.filter((c) => prev.hand.includes(c)),
      trick: completed.cards,
      opponent_hand_size: prev.opponent_hand_size - (aiPlayedLast ? 1 : 0),
      legal_actions: [],
    };
    drawTable({ ...next, result: null, legal_actions: [] }, { view });
    await flip(els.table, before, settings, origin);
    await wait(trickPause(settings));
    check(generation);
    announce(t(completed.winner === ME ? "trick.you" : "trick.opponent"));
    const pile = completed.winner === ME ? els.myPile : els.oppPile;
    await collect([...els.trick.querySelectorAll(".trick-card")], pile, settings);
    check(generation);
    before = snapshot(els.table);
  }
  drawTable(next, { interactive: false });
  await flip(els.table, before, settings, origin);
}

// ---------------------------------------------------------------------------------------------
// The game loop

function save() {
  store(STORAGE.game, game.state ? {
    state: game.state, level: game.level, levelUsed: game.levelUsed, aiSeed: game.aiSeed,
  } : null);
}

function resultText(obs) {
  const r = obs.result;
  const reasonKey = `reason.${r.reason}`;
  const reason = has(reasonKey) ? t(reasonKey, { points: r.points.join("–") }) : r.reason;
  let text;
  if (r.winner === null) text = t("status.drawnDeal", { reason });
  else text = t(r.winner === ME ? "status.youWinDeal" : "status.oppWinsDeal", { points: r.game_points, reason });
  if (obs.match && obs.match.over) {
    const m = obs.match.winner;
    text += ` ${t(m === null ? "status.drawnMatch" : m === ME ? "status.youWinMatch" : "status.oppWinsMatch")}`;
  }
  return text;
}

// Each new game bumps the generation: a computer move still under way for an abandoned game
// stops at its next step instead of drawing over the new one.
class Abandoned extends Error {}

function check(generation) {
  if (generation !== game.generation) throw new Abandoned();
}

async function advance(prev) {
  const generation = game.generation;
  const obs = await call("observation", { state: game.state, player: ME });
  check(generation);
  game.obs = obs;
  save();
  features.observed(prev, obs); // web/features.js: practice bar, statistics, sound
  await show(prev, obs, generation);
  check(generation);
  if (obs.result) return dealOver(obs);
  if (obs.to_move === AI) return computerMove(obs);
  return yourTurn(obs);
}

async function computerMove(obs) {
  setBusy(true);
  setStatus("opponent-turn", t("status.thinking"));
  const generation = game.generation;
  const seen = await call("observation", { state: game.state, player: AI });
  const action = await aiAction(seen);
  check(generation);
  if (action.startsWith("marry:")) {
    const suit = action.slice(6);
    news(t("opp.marry", { suit: suitName(suit, settings.deckStyle), points: suit === obs.trump ? 40 : 20 }));
  } else if (action.length === 2) {
    announce(t("area.played", { seat: t("seat.opponent"), card: cardName(action, settings.deckStyle) }));
  } else if (action === "exchange" && settings.deckStyle === "german") {
    news(t("opp.exchange.german"));
  } else if (["exchange", "close", "claim"].includes(action)) {
    news(t(`opp.${action}`));
  }
  const state = await call("apply", { state: game.state, action });
  check(generation);
  game.state = state;
  return advance(obs);
}

function yourTurn(obs) {
  setBusy(false);
  let text = t("status.yourTurnLead");
  if (obs.pending_marriage) text = marriageStatus(obs);
  else if (obs.trick.length) text = t("status.yourTurnAnswer");
  setStatus("your-turn", text);
  drawTable(obs, { interactive: true });
  if (settings.autoClaim && obs.legal_actions.includes("claim") && obs.points[ME] >= 66) {
    announce(t("you.claimAuto"));
    return act("claim");
  }
  // Keyboard players get the focus back on their hand; mouse and touch players see no lifted card.
  if (usingKeyboard && (!els.table.contains(document.activeElement) || document.activeElement === document.body)) {
    hand.container.querySelector("button[data-card][tabindex='0']")?.focus({ preventScroll: true });
  }
  return undefined;
}

function dealOver(obs) {
  setBusy(false);
  const over = !obs.match || obs.match.over;
  setStatus(over ? "match-over" : "deal-over", resultText(obs));
  drawTable(obs, { interactive: true });
  if (over) store(STORAGE.game, null);
  if (usingKeyboard) els.actions.querySelector("button")?.focus({ preventScroll: true });
}

function setBusy(busy) {
  game.busy = busy;
  html.dataset.busy = String(busy);
}

// The page's own failures (engine-client.js types) in the player's language; the engine's
// messages as they come.
function failureText(error) {
  const key = `engine.failure.${error.type}`;
  return has(key) ? t(key) : error.message;
}

function fail(error) {
  if (error instanceof Abandoned) return;
  setBusy(false);
  setStatus("error", t("status.error", { message: failureText(error) }));
}

async function act(action) {
  if (game.busy || !game.obs) return;
  setBusy(true);
  news("");
  for (const b of document.querySelectorAll("[data-zone='hand'] button, [data-zone='actions'] button")) b.disabled = true;
  const generation = game.generation;
  try {
    const prev = game.obs;
    features.beforeAction(action); // web/features.js: undo history (practice)
    const state = await call("apply", { state: game.state, action });
    check(generation);
    game.state = state;
    await advance(prev);
  } catch (error) {
    if (error.type === "IllegalAction" && game.obs && !game.obs.result) {
      // The engine refused (AC-4): say why and give the turn back, nothing changed.
      announce(error.message);
      yourTurn(game.obs);
    } else {
      fail(error);
    }
  }
}

async function begin(state, { level, levelUsed = level, aiSeed = 0 }) {
  game.generation += 1;
  game.state = state;
  game.level = level;
  game.levelUsed = levelUsed;
  game.aiSeed = aiSeed;
  game.obs = null;
  features.began(state); // web/features.js: the game's mode (ranked/practice) and history
  setBusy(true);
  news("");
  const obs = await call("observation", { state, player: ME });
  game.family = setup.gameOf(obs.profile);
  setup.show(false);
  drawOpponentLabel();
  await advance(null);
}

async function startNew() {
  game.generation += 1; // a computer move under way stops here
  setBusy(true);
  const choice = setup.values();
  store(STORAGE.setup, choice);
  features.newGame(); // web/features.js: the mode chosen on the set-up screen
  const seed = crypto.getRandomValues(new Uint32Array(1))[0];
  const args = { profile: choice.profile, options: choice.options, seed };
  try {
    const state = await call(choice.length === "deal" ? "new_deal" : "new_match", args);
    await begin(state, { level: choice.level, aiSeed: seed });
  } catch (error) {
    fail(error);
  }
}

function offerResume() {
  const button = $("[data-ui='resume']");
  button.hidden = !game.state && !load(STORAGE.game, null);
  button.textContent = t(game.state ? "setup.back" : "setup.resume");
}

async function resume() {
  if (game.state) {
    setup.show(false);
    if (game.statusBeforeSetup) setStatus(...game.statusBeforeSetup);
    return;
  }
  const saved = load(STORAGE.game, null);
  if (!saved) return;
  try {
    await begin(saved.state, saved);
  } catch (error) {
    store(STORAGE.game, null);
    setup.show(true);
    fail(error);
  }
}

// ---------------------------------------------------------------------------------------------
// Languages, practice, statistics, sound: web/features.js (docs/UI-HOOKS.md). Start of block.

let features = { newGame() {}, began() {}, beforeAction() {}, observed() {} };
const featuresBridge = {
  call,
  state: () => game.state,
  obs: () => game.obs,
  busy: () => game.busy,
  level: () => game.level,
  levelUsed: () => game.levelUsed,
  aiSeed: () => game.aiSeed,
  settings: () => settings,
  restore: (state, { aiSeed }) => begin(state, { level: game.level, levelUsed: game.levelUsed, aiSeed }).catch(fail),
  redraw: () => redrawAll(),
  announce: (text) => announce(text),
};

/** The status line's sentence for a status keyword, in the current language (null: keep). */
function statusText(kind) {
  const obs = game.obs;
  if (kind === "setup") return t("status.pickGame");
  if (kind === "opponent-turn") return t("status.thinking");
  if (kind === "your-turn" && obs) {
    if (obs.pending_marriage) return marriageStatus(obs);
    return t(obs.trick.length ? "status.yourTurnAnswer" : "status.yourTurnLead");
  }
  if ((kind === "deal-over" || kind === "match-over") && obs && obs.result) return resultText(obs);
  return null;
}

/** After a language switch: every string on the page again, the table included. */
function redrawAll() {
  document.title = t("app.title");
  applyStatic();
  for (const option of setup.level.options) option.textContent = levelName(option.value);
  setup.render();
  $("[data-ui='resume']").textContent = t(game.state ? "setup.back" : "setup.resume");
  if (html.dataset.engine === "ready") els.progressLabel.textContent = t("engine.ready");
  drawOpponentLabel();
  news("");
  if (game.obs) drawTable(game.obs, { interactive: !game.busy });
  else drawSheet(null);
  const text = statusText(els.status.dataset.status);
  if (text !== null) els.status.textContent = text;
  if (game.statusBeforeSetup) {
    const before = statusText(game.statusBeforeSetup[0]);
    if (before !== null) game.statusBeforeSetup[1] = before;
  }
}
// End of the block of web/features.js.

// ---------------------------------------------------------------------------------------------
// Settings and dialogs

function openDialog(name) {
  const dialog = $(`dialog[data-dialog='${name}']`);
  if (!dialog.open) dialog.showModal();
  return dialog;
}

function drawPreview() {
  const preview = $("[data-card-preview]");
  preview.replaceChildren(...["AH", "KS", "QD", "JC"].map((c) => faceCard(c, settings, { label: false })));
}

function initSettings() {
  for (const input of document.querySelectorAll("[data-setting]")) {
    const name = input.dataset.setting;
    if (input.type === "checkbox") input.checked = Boolean(settings[name]);
    else input.value = settings[name];
    input.addEventListener("change", () => {
      settings[name] = input.type === "checkbox" ? input.checked : input.value;
      store(STORAGE.settings, settings);
      applySettings();
      if (game.obs) {
        drawTable(game.obs, { interactive: !game.busy });
        if (name === "autoClaim" && !game.busy && game.obs.to_move === ME && !game.obs.result) yourTurn(game.obs);
      }
    });
  }
  $("[data-reduced-motion-note]").hidden = !prefersReducedMotion();
  applySettings();
}

function applySettings() {
  html.dataset.deck = settings.deckStyle;
  html.dataset.fourColour = String(Boolean(settings.fourColour));
  drawPreview();
}

function onClick(event) {
  const target = event.target.closest("button");
  if (!target || target.disabled) return;
  const action = target.dataset.action;
  const ui = target.dataset.ui;
  if (action === "start") startNew();
  else if (action) act(action);
  else if (ui === "new-game") {
    game.statusBeforeSetup = [els.status.dataset.status, els.status.textContent];
    offerResume();
    setup.show(true);
    setStatus("setup", t("status.pickGame"));
    setup.root.querySelector("[aria-pressed='true']")?.focus();
  } else if (ui === "resume") resume();
  else if (ui === "settings") openDialog("settings");
  else if (ui === "rules") openDialog("rules");
  else if (ui === "sheet") openDialog("sheet");
  else if (ui === "review" && game.review) {
    fillReview(openDialog("review"), game.review, ME, settings);
  }
}

function onKey(event) {
  // Digits and arrows choose a card from anywhere on the page (not inside form fields).
  if (event.defaultPrevented || event.target.closest("input, select, textarea, dialog")) return;
  if (!setup.root.hidden) return;
  if (/^[1-9]$/.test(event.key) || event.key === "ArrowLeft" || event.key === "ArrowRight") {
    if (!hand.container.contains(event.target)) hand.onKey(event);
  }
}

// ---------------------------------------------------------------------------------------------
// Boot

async function boot() {
  els = {
    table: $("#table"),
    status: $("[data-status]"),
    announce: $("[data-announce]"),
    progress: $("[data-engine-progress] progress"),
    progressLabel: $("[data-engine-label]"),
    opponentLabel: $("[data-opponent-label]"),
    opponentHand: $("[data-zone='opponent-hand']"),
    talon: $("[data-zone='talon']"),
    trick: $("[data-zone='trick']"),
    scores: $("[data-zone='scores']"),
    myPile: $("[data-zone='player-pile']"),
    oppPile: $("[data-zone='opponent-pile']"),
    reviewButton: $("[data-ui='review']"),
    actions: $("[data-zone='actions']"),
    news: $("[data-news]"),
    summary: $(".match-summary"),
  };
  startEngine();
  await loadLanguage(chosenLanguage()).catch(() => loadLanguage("en")); // web/lang.js: remembered or the browser's
  document.title = t("app.title");
  applyStatic();
  hand = new HandView($("[data-zone='hand']"), announce);
  hand.onPlay = (card) => act(card);
  setup = new SetupView($("[data-zone='setup']"), load(STORAGE.setup, {}));
  setup.setReady(engine.state === "ready" && html.dataset.engine === "ready");
  features = installFeatures(featuresBridge); // web/features.js (before initSettings: it adds the sound setting)
  initSettings();
  drawSheet(null);
  setup.show(true);
  setStatus("setup", t("status.pickGame"));
  document.addEventListener("click", onClick);
  document.addEventListener("keydown", onKey);
  document.addEventListener("keydown", () => { usingKeyboard = true; }, true);
  document.addEventListener("pointerdown", () => { usingKeyboard = false; }, true);
  html.dataset.table = "drawn";
}

uiReady = boot();
uiReady.catch((error) => {
  html.dataset.engine = html.dataset.engine === "ready" ? "ready" : "error";
  const status = $("[data-status]");
  if (status) status.textContent = error.message;
});
