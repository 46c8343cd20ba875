// stats.js — the statistics dialog (dialog[data-dialog="stats"], opened by button[data-ui="stats"]
// in the top bar): one section per game and computer level, export as JSON (a Blob download),
// reset after a confirmation. What is counted and how the file is kept: web/saving/stats-data.js
// (ranked play only, each deal once, decks the engine shuffled; recorded on the controller's
// "dealEnded").
import { t, has } from "./i18n.js";
import { label } from "./lang.js";
import { recordDeal } from "./saving/stats-data.js";

// Games against the computer: one section per game and level; pass and play (two people at this
// device): a heading of its own, one section per pair of names (never mixed with the others).

// ---------------------------------------------------------------------------------------------
// The dialog

function name(prefix, id) {
  return has(`${prefix}.${id}`) ? t(`${prefix}.${id}`) : id;
}

function renderList(list, storage, familyOf) {
  const { entries, friends = [] } = storage.read("stats");
  const keys = Object.keys(entries).sort();
  if (!keys.length && !friends.length) {
    list.replaceChildren(label("p", "stats.empty", { "data-stats-empty": "" }));
    return;
  }
  const sections = keys.map((key) => {
    const [profile, level] = key.split("|");
    const e = entries[key];
    const section = document.createElement("section");
    section.className = "stats-entry";
    section.dataset.statsEntry = key;
    const h = document.createElement("h3");
    h.textContent = t("stats.entry", { game: name("profile", `${profile}.name`), level: name("level", level) });
    const dl = document.createElement("dl");
    const rows = [
      ["deals", "stats.deals", `${e.dealsWon} – ${e.dealsLost}`],
      ["points", "stats.points", `${e.pointsWon} – ${e.pointsLost}`],
      ["matches", "stats.matches", `${e.matchesWon} – ${e.matchesLost}`],
      ["streak", "stats.streak", `${e.streak} / ${e.bestStreak}`],
      ["matchStreak", "stats.matchStreak", `${e.matchStreak} / ${e.bestMatchStreak}`],
    ];
    const family = familyOf(profile);   // the engine's profiles(); Bummerls belong to Schnapsen
    if (family === "schnapsen" || (!family && e.bummerlsWon + e.bummerlsLost > 0)) {
      rows.splice(3, 0, ["bummerls", "stats.bummerls", `${e.bummerlsWon} – ${e.bummerlsLost}`]);
    }
    for (const [field, key2, value] of rows) {
      const dt = document.createElement("dt");
      dt.textContent = t(key2);
      const dd = document.createElement("dd");
      dd.dataset.stat = field;
      dd.textContent = value;
      dl.append(dt, dd);
    }
    section.append(h, dl);
    return section;
  });
  const here = friends.filter((f) => f.device !== "remote");
  const away = friends.filter((f) => f.device === "remote");
  list.replaceChildren(...sections, ...(here.length ? [friendsList(here, "local.stats.heading", "")] : []),
    ...(away.length ? [friendsList(away, "local.stats.headingRemote", "remote")] : []));
}

/** Friends: "Anna 3 – 2 Ben" for the deals, the matches and the game points of each pair
 * (`device` "remote": a friend on another device, "You 3 – 2 Friend"). */
function friendsList(friends, heading, device) {
  const wrap = document.createElement("div");
  wrap.className = "stats-friends";
  wrap.dataset.statsFriends = device;
  wrap.appendChild(label("h3", heading));
  for (const f of friends) {
    const [first, second] = device === "remote" ? [t("local.stats.you"), t("local.stats.friend")] : f.names;
    const section = document.createElement("section");
    section.className = "stats-entry";
    section.dataset.statsPair = f.names.join("|");
    const h = document.createElement("h4");
    h.textContent = t("local.stats.pair", { first, second });
    h.hidden = device === "remote";
    const dl = document.createElement("dl");
    for (const [field, key, pair] of [["dealsWon", "local.stats.dealsWon", f.dealsWon],
      ["matchesWon", "local.stats.matchesWon", f.matchesWon], ["pointsWon", "local.stats.points", f.pointsWon]]) {
      const dt = document.createElement("dt");
      dt.textContent = t(key);
      const dd = document.createElement("dd");
      dd.dataset.stat = field;
      dd.textContent = t("local.stats.score", { first, a: pair[0], b: pair[1], second });
      dl.append(dt, dd);
    }
    section.append(h, dl);
    wrap.appendChild(section);
  }
  return wrap;
}

function button(ui, key, className = "") {
  const node = label("button", key, { type: "button", "data-ui": ui });
  if (className) node.className = className;
  return node;
}

/** `profiles()`: the engine's list once it answered (for each profile's game family). */
export function installStats({ table, storage, profiles }) {
  const familyOf = (id) => (profiles().find((p) => p.id === id) || {}).game || null;
  const draw = () => renderList(list, storage, familyOf);
  const dialog = document.createElement("dialog");
  dialog.className = "dialog stats-dialog";
  dialog.dataset.dialog = "stats";
  dialog.setAttribute("aria-labelledby", "stats-title");
  const title = label("h2", "stats.title", { id: "stats-title" });
  const note = label("p", "stats.note", { class: "note" });
  const list = document.createElement("div");
  list.dataset.statsList = "";
  const exportButton = button("stats-export", "stats.export");
  const resetButton = button("stats-reset", "stats.reset");
  const confirm = document.createElement("div");
  confirm.className = "stats-confirm";
  confirm.dataset.statsConfirm = "";
  confirm.setAttribute("role", "alertdialog");
  confirm.hidden = true;
  const yes = button("stats-reset-yes", "stats.resetYes", "danger");
  const no = button("stats-reset-no", "stats.resetNo");
  confirm.append(label("p", "stats.resetConfirm"), yes, no);
  const done = document.createElement("p");
  done.className = "note";
  done.dataset.statsMessage = "";
  done.setAttribute("aria-live", "polite");
  const row = document.createElement("div");
  row.className = "stats-buttons";
  row.append(exportButton, resetButton);
  const form = document.createElement("form");
  form.method = "dialog";
  form.appendChild(label("button", "action.close.dialog", { type: "submit" }));
  dialog.append(title, note, list, row, confirm, done, form);
  document.body.appendChild(dialog);

  const open = document.createElement("button");
  open.type = "button";
  open.dataset.ui = "stats";
  open.dataset.i18n = "stats.open";
  open.textContent = t("stats.open");
  const menu = document.querySelector(".menu");
  const settingsButton = menu && menu.querySelector("[data-ui='settings']");
  if (menu) menu.insertBefore(open, settingsButton);

  open.addEventListener("click", () => {
    confirm.hidden = true;
    done.textContent = "";
    draw();
    if (!dialog.open) dialog.showModal();
  });
  exportButton.addEventListener("click", () => {
    const data = { ...storage.read("stats"), exported: new Date().toISOString() };
    const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = "kaffeehaus-statistics.json";
    link.hidden = true;
    dialog.appendChild(link);
    link.click();
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), 10000);
  });
  resetButton.addEventListener("click", () => {
    confirm.hidden = false;
    no.focus();
  });
  no.addEventListener("click", () => {
    confirm.hidden = true;
    resetButton.focus();
  });
  yes.addEventListener("click", () => {
    storage.remove("stats");
    confirm.hidden = true;
    draw();
    done.textContent = t("stats.cleared");
    resetButton.focus();
  });
  document.addEventListener("kaffeehaus:language", () => {
    if (dialog.open) draw();
  });
  table.on("dealEnded", (deal) => {
    if (recordDeal(storage, deal) && dialog.open) draw();
  });
}
