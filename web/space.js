// space.js — the player is told when the browser refuses a write (web/saving/storage.js holds it), and
// the held writes land as soon as there is room again.
//
//   installSpace({ storage, backups, freeable })
//     storage.onWrites → the notice data-notice="storage-full" (storage full: what to do, and
//       button data-ui="storage-free", which deletes what the page can spare: the backups of
//       set-aside data and the games that are over, `freeable()`), or "storage-off" (the
//       browser keeps nothing for this site). Play goes on meanwhile; the held writes are
//       tried again every few seconds, on another tab's write and after "storage-free". When
//       all have landed the notice is replaced by data-notice="storage-saved".
//   html[data-storage] = "held" while a write is held, "ok" once everything is stored again.
import { t } from "./i18n.js";
import { notify, dismiss } from "./notices.js";

const RETRY_MS = 3000;
const html = document.documentElement;

export function installSpace({ storage, backups, freeable = () => 0 }) {
  let timer = null;
  let told = false;   // the player was told a write is held

  function retry() {
    if (storage.flush()) stopRetrying();
  }

  function stopRetrying() {
    if (timer !== null) window.clearInterval(timer);
    timer = null;
  }

  /** Delete what can go without losing a game in progress; true when it freed anything. */
  function free() {
    const before = backups.list().length;
    backups.clear();
    for (let i = localStorage.length - 1; i >= 0; i -= 1) {
      const key = localStorage.key(i);
      if (key && key.startsWith("kaffeehaus.") && key.endsWith(".damaged")) localStorage.removeItem(key);
    }
    const games = freeable();
    retry();
    return before + games > 0;
  }

  function show(held) {
    if (!held.size) {
      html.dataset.storage = "ok";
      stopRetrying();
      if (told) {
        dismiss("storage-full");
        dismiss("storage-off");
        notify("storage-saved", () => t("storage.saved"));
      }
      told = false;
      return;
    }
    html.dataset.storage = "held";
    told = true;
    const full = [...held.values()].some((w) => w.full);
    if (full) {
      notify("storage-full", () => t("storage.full"), {
        alert: true,
        sticky: true,
        buttons: [{ ui: "storage-free", label: () => t("storage.free"), primary: true,
          onClick: () => {
            if (!free() || storage.held.size) show(storage.held);   // still full: the notice stays
          } }],
      });
    } else {
      notify("storage-off", () => t("storage.off"), { alert: true });
    }
    if (timer === null) timer = window.setInterval(retry, RETRY_MS);
  }

  storage.onWrites = show;
  window.addEventListener("storage", retry);   // another tab may have freed space
  if (storage.held.size) show(storage.held);
  else html.dataset.storage = "ok";
  return { free, retry };
}

/** Settings: [data-backups-note] says how many backups are kept; data-ui="backups-export"
 * downloads them all, whole, as JSON (a Blob link). */
export function bindBackupsExport(backups) {
  const note = document.querySelector("[data-backups-note]");
  const button = document.querySelector("[data-ui='backups-export']");
  if (!note || !button) return;
  const write = () => {
    const count = backups.list().length;
    note.textContent = count ? t("backups.some", { count }) : t("backups.none");
    button.disabled = count === 0;
  };
  document.querySelector("[data-ui='settings']")?.addEventListener("click", write);
  document.addEventListener("kaffeehaus:language", write);
  write();
  button.addEventListener("click", () => {
    const data = { format: "kaffeehaus-backups/1", exported: new Date().toISOString(), backups: backups.list() };
    const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = "kaffeehaus-backups.json";
    link.hidden = true;
    button.after(link);
    link.click();
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), 10000);
  });
}
