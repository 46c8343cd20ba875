// stats.js — statistics of ranked play, per profile and computer level, kept in
// localStorage["kaffeehaus.stats"] = {"format": "kaffeehaus-stats/1", "entries": {"<profile>|<level>": {
//   deals, dealsWon, dealsLost, pointsWon, pointsLost, matches, matchesWon, matchesLost,
//   bummerlsWon, bummerlsLost, streak, bestStreak, matchStreak, bestMatchStreak }}}
// (streak: deals won in a row; matchStreak: whole matches won in a row; a field missing from
// an older save counts 0). A deal counts when it ends during play (not when a finished
// game is merely shown again); practice games are not counted. The dialog
// dialog[data-dialog="stats"] is opened by button[data-ui="stats"] in the top bar; it exports
// the JSON (a Blob download) and resets after a confirmation.
import { t, has } from "./table/i18n.js";
import { label } from "./lang.js";

export const STATS_KEY = "kaffeehaus.stats";
const FORMAT = "kaffeehaus-stats/1";
const FIELDS = ["deals", "dealsWon", "dealsLost", "pointsWon", "pointsLost", "matches", "matchesWon",
  "matchesLost", "bummerlsWon", "bummerlsLost", "streak", "bestStreak", "matchStreak", "bestMatchStreak"];

function empty() {
  return Object.fromEntries(FIELDS.map((f) => [f, 0]));
}

export function loadStats() {
  try {
    const data = JSON.parse(localStorage.getItem(STATS_KEY) || "null");
    if (!data || data.format !== FORMAT || typeof data.entries !== "object" || !data.entries) throw new Error();
    const entries = {};
    for (const [key, value] of Object.entries(data.entries)) {
      if (!/^[a-z-]{1,40}\|[a-z]{1,20}$/.test(key) || !value || typeof value !== "object") continue;
      entries[key] = empty();
      for (const f of FIELDS) entries[key][f] = Number.isSafeInteger(value[f]) && value[f] >= 0 ? value[f] : 0;
    }
    return { format: FORMAT, entries };
  } catch {
    return { format: FORMAT, entries: {} };
  }
}

function saveStats(data) {
  try {
    localStorage.setItem(STATS_KEY, JSON.stringify(data));
  } catch { /* storage full or off: the game goes on */ }
}

/** Count one step of ranked play: `prev` → `obs` (the player's observations). */
export function recordStats(prev, obs, level) {
  if (!prev || prev.result || !obs.result) return false;
  const data = loadStats();
  const key = `${obs.profile}|${level}`;
  const entry = data.entries[key] || empty();
  const r = obs.result;
  entry.deals += 1;
  if (r.winner === 0) {
    entry.dealsWon += 1;
    entry.pointsWon += r.game_points;
    entry.streak += 1;
    entry.bestStreak = Math.max(entry.bestStreak, entry.streak);
  } else {
    if (r.winner === 1) {
      entry.dealsLost += 1;
      entry.pointsLost += r.game_points;
    }
    entry.streak = 0;
  }
  const match = obs.match;
  if (match && Array.isArray(match.bummerls)) {
    const before = (prev.match && prev.match.bummerls) || [0, 0];
    entry.bummerlsWon += Math.max(0, match.bummerls[0] - before[0]);
    entry.bummerlsLost += Math.max(0, match.bummerls[1] - before[1]);
  }
  if (match && match.over && !(prev.match && prev.match.over)) {
    entry.matches += 1;
    if (match.winner === 0) {
      entry.matchesWon += 1;
      entry.matchStreak += 1;
      entry.bestMatchStreak = Math.max(entry.bestMatchStreak, entry.matchStreak);
    } else {
      if (match.winner === 1) entry.matchesLost += 1;
      entry.matchStreak = 0;  // a drawn session ends a run of wins too
    }
  }
  data.entries[key] = entry;
  saveStats(data);
  return true;
}

// ---------------------------------------------------------------------------------------------
// The dialog

function name(prefix, id) {
  return has(`${prefix}.${id}`) ? t(`${prefix}.${id}`) : id;
}

function renderList(list) {
  const { entries } = loadStats();
  const keys = Object.keys(entries).sort();
  if (!keys.length) {
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
    if (!profile.startsWith("schneider")) rows.splice(3, 0, ["bummerls", "stats.bummerls", `${e.bummerlsWon} – ${e.bummerlsLost}`]);
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
  list.replaceChildren(...sections);
}

function button(ui, key, className = "") {
  const node = label("button", key, { type: "button", "data-ui": ui });
  if (className) node.className = className;
  return node;
}

export function installStats() {
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
    renderList(list);
    if (!dialog.open) dialog.showModal();
  });
  exportButton.addEventListener("click", () => {
    const data = { ...loadStats(), exported: new Date().toISOString() };
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
    try {
      localStorage.removeItem(STATS_KEY);
    } catch { /* nothing stored */ }
    confirm.hidden = true;
    renderList(list);
    done.textContent = t("stats.cleared");
    resetButton.focus();
  });
  document.addEventListener("kaffeehaus:language", () => {
    if (dialog.open) renderList(list);
  });

  return {
    observed(prev, obs, { mode, level }) {
      if (mode !== "ranked") return;
      if (recordStats(prev, obs, level) && dialog.open) renderList(list);
    },
  };
}
