// app.js — boot and wiring only. The game on the table lives behind one table controller
// (web/play/table.js, DOM-free: the computer, a friend at this device and a friend on another
// device are its opponents), the table draws its events (web/table/view.js), every stored key
// goes through web/storage.js, and each feature module subscribes to the table controller.
import { createEngine } from "./engine-client.js";
import { createStorage, checkSetup, NEWEST } from "./storage.js";
import { TableController } from "./play/table.js";
import { Emitter } from "./play/events.js";
import { loadLanguage, applyStatic, t, has } from "./table/i18n.js";
import { SetupView, fillReview } from "./table/dialogs.js";
import { TableView, levelName, failureText } from "./table/view.js";
import { prefersReducedMotion } from "./table/animate.js";
import { faceCard } from "./table/cardview.js";
import { chosenLanguage, installLanguage } from "./lang.js";
import { installPractice } from "./practice.js";
import { installStats } from "./stats.js";
import { installSound } from "./sound.js";
import { checkSavedGames, installSaves, showProblem, resumeAsked } from "./saves.js";
import { installLinks, openLinkFromLocation, openShare } from "./links.js";
import { installDaily } from "./daily.js";
import { startOffline } from "./offline.js";
import { installTabs } from "./tabs.js";
import { OpponentChoice } from "./opponent.js";
import { installLocal } from "./local.js";
import { installDuel } from "./duel/ui.js";

const html = document.documentElement;
const $ = (selector) => document.querySelector(selector);
const area = (name) => { try { return window[name]; } catch { return null; } };   // disabled storage throws

const storage = createStorage({ local: area("localStorage"), session: area("sessionStorage") });
const settings = storage.read("settings");
const ui = new Emitter();   // the page's own moments: "setup" {shown}
let profiles = [];

async function boot() {
  const progress = $("[data-engine-progress] progress");
  const progressLabel = $("[data-engine-label]");
  const engine = createEngine({
    onProgress(value, stage) {
      progress.value = value;
      const key = `engine.stage.${stage}`;
      progressLabel.textContent = t("engine.loadingStep", { step: has(key) ? t(key) : stage });
    },
  });
  let view = null;
  // every opponent (the computer, a friend here, a friend on another device) behind one interface
  const table = new TableController({ call: (cmd, args, options) => engine.call(cmd, args, options), storage,
    autoClaim: () => settings.autoClaim, pointsSetting: () => settings.points, profiles: () => profiles,
    confirmClaim: (obs) => view.confirmClaim(obs) });
  table.games.list();   // older saves migrated, damaged records set aside
  storage.checkAll();        // every other key read through its loader once
  await loadLanguage(chosenLanguage(storage)).catch(() => loadLanguage("en"));
  document.title = t("app.title");
  applyStatic();
  for (const problem of storage.problems) showProblem(problem);   // values set aside while booting
  storage.onProblem = showProblem;

  // a first visit (no set-up stored yet) is told which defaults it got and where to change them
  $("[data-setup-first]").hidden = storage.text("setup") !== null;
  const setup = new SetupView($("[data-zone='setup']"), storage.read("setup"));
  const opponent = new OpponentChoice($("[data-setup-opponent]"), storage.read("opponent"), setup);
  setup.onShow = (shown) => ui.emit("setup", { shown });
  view = new TableView({ table, settings, setup });
  const duelUi = installDuel({ table, view, setup, storage, ui, ready: engine.ready });
  const fail = (error) => {
    html.dataset.busy = "false";
    view.setStatus("error", t("status.error", { message: failureText(error) }));
  };
  installLocal({ table, view, settings });   // before the language listener below: the hand-off redraws first
  installLanguage({ storage, table });
  installPractice({ table, settings, ui, announce: (text) => view.announce(text) });
  installStats({ table, storage, profiles: () => profiles });
  installSound({ table, settings });   // before the settings are bound: it adds the sound checkbox
  installSaves({ table, storage });
  installTabs({ table });
  bindSettings(table, view);

  const offerResume = () => {
    const button = $("[data-ui='resume']");
    button.hidden = !table.state && !table.games.list().length;
    button.textContent = t(table.state ? "setup.back" : "setup.resume");
  };
  const resume = () => (table.state ? view.backToTable() : table.resume());
  const newGame = () => {
    offerResume();
    view.showSetup();
    setup.root.querySelector("[aria-pressed='true']")?.focus();
  };
  view.onNewGame = newGame;

  document.addEventListener("click", (event) => {
    const target = event.target.closest("button");
    if (!target || target.disabled) return;
    const { action, ui: name } = target.dataset;
    if (action === "start") {
      const choice = { ...setup.values(), ...opponent.values() };
      storage.write("setup", { profile: choice.profile, options: choice.options, level: choice.level,
        length: choice.length, mode: choice.mode });
      storage.write("opponent", opponent.stored());
      $("[data-setup-first]").hidden = true;
      table.start(choice);   // choice.opponent: the computer, "local" or "remote")
    } else if (action) table.act(action);
    else if (name === "new-game") newGame();
    else if (name === "resume") resume();
    else if (["settings", "rules", "sheet"].includes(name)) openDialog(name);
    else if (name === "review" && view.review) fillReview(openDialog("review"), view.review, 0, settings);
  });
  document.addEventListener("keydown", (event) => {
    // digits and arrows choose a card from anywhere on the page (not inside form fields)
    if (event.defaultPrevented || event.target.closest("input, select, textarea, dialog") || !setup.root.hidden) return;
    if (/^[1-9]$/.test(event.key) || event.key === "ArrowLeft" || event.key === "ArrowRight") {
      if (!view.hand.container.contains(event.target)) view.hand.onKey(event);
    }
  });
  document.addEventListener("kaffeehaus:language", () => {
    document.title = t("app.title");
    applyStatic();
    for (const option of setup.level.options) option.textContent = levelName(option.value);
    setup.render();
    opponent.redraw();
    offerResume();
    if (html.dataset.engine === "ready") progressLabel.textContent = t("engine.ready");
    view.redraw();
  });

  view.drawSheet(null);
  view.showSetup();
  html.dataset.table = "drawn";

  try {
    await engine.ready;
    profiles = await engine.call("profiles");
  } catch (error) {
    html.dataset.engine = "error";
    progressLabel.textContent = `${t("engine.error", { message: failureText(error) })} ${t("engine.retry")}`;
    view.setStatus("error", t("engine.error", { message: failureText(error) }));
    return;
  }
  html.dataset.engine = "ready";
  progress.value = 1;
  progressLabel.textContent = t("engine.ready");
  const wrong = checkSetup(storage.read("setup"), profiles);   // a game or option this engine does not know
  if (wrong) storage.setAside("setup", wrong);
  setup.setProfiles(profiles);
  if (wrong) setup.reset();
  setup.setReady(true);
  await checkSavedGames(table);   // a damaged save is set aside before "Continue" is offered
  offerResume();
  startOffline(storage, () => (table.readOnly || table.kind === "remote" ? null : table.id));
  const daily = installDaily({ table, storage, setup, fail, share: () => openShare(links, { withMoves: true }) });
  const links = { table, setup, daily, fail };
  installLinks(links);
  // a link in the URL comes first; else a reload that asked for it continues the saved game
  if (await duelUi.openFromLocation()) return;   // a friend's invitation or move (#duel=)
  const hasLink = /[#&]s=|[?&]deal=/.test(window.location.hash + window.location.search);
  const resumeId = hasLink ? null : resumeAsked(storage);
  if (resumeId) {
    html.dataset.link = "none";
    const record = resumeId === NEWEST ? table.games.list()[0] : table.games.get(resumeId);
    if (record) await table.resume(record);
    return;
  }
  await openLinkFromLocation(links).catch(fail);
}

function openDialog(name) {
  const dialog = $(`dialog[data-dialog='${name}']`);
  if (!dialog.open) dialog.showModal();
  return dialog;
}

function bindSettings(table, view) {
  const apply = () => {
    html.dataset.deck = settings.deckStyle;
    html.dataset.fourColour = String(Boolean(settings.fourColour));
    $("[data-card-preview]").replaceChildren(...["AH", "KS", "QD", "JC"].map((c) => faceCard(c, settings, { label: false })));
  };
  for (const input of document.querySelectorAll("[data-setting]")) {
    const name = input.dataset.setting;
    if (input.type === "checkbox") input.checked = Boolean(settings[name]);
    else input.value = settings[name];
    input.addEventListener("change", () => {
      settings[name] = input.type === "checkbox" ? input.checked : input.value;
      storage.write("settings", settings);
      apply();
      if (table.obs) view.drawTable(table.obs, { interactive: !table.busy });
      if (table.obs && table.obs.result) view.panel.refresh(table.obs);
      if (name === "autoClaim") table.recheck();
    });
  }
  $("[data-reduced-motion-note]").hidden = !prefersReducedMotion();
  apply();
}

boot().catch((error) => {
  html.dataset.engine = html.dataset.engine === "ready" ? "ready" : "error";
  const status = $("[data-status]");
  if (status) status.textContent = error.message;
});
