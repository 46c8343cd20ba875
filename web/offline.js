// offline.js — registers the service worker (sw.js at the site root) and tells the player when
// a new version is ready. See docs/OFFLINE-LINKS.md.
//
//   startOffline(storage)  call once the engine has booted (or failed): the service worker then
//                   precaches files the page has just downloaded, mostly from the HTTP cache.
//                   (storage: web/saving/storage.js, for the flag that continues the game after a reload)
//
// Hooks on <html> (for tests):
//   data-offline = "unsupported" | "installing" | "ready" | "error"
//       "ready": a service worker of this site is active and its cache complete, so the next
//       visit works without a network.
//   data-update  = "ready" while a new version waits; a notice (data-notice="update") offers
//       data-ui="reload-update", which lets it take over and reloads the page.
import { t } from "./i18n.js";
import { notify } from "./notices.js";
import { reloadAndResume } from "./saves.js";

const html = document.documentElement;
// assets/<hash>/offline.js → the site root, where build.py puts sw.js (its scope must be "/").
const SW_URL = new URL("../../sw.js", import.meta.url);

let reloading = false;
let shownGame = () => null;   // the id of the game this tab plays (startOffline's argument)

function offerUpdate(registration, storage) {
  const waiting = registration.waiting;
  if (!waiting || !navigator.serviceWorker.controller) return;  // first install: nothing to replace
  html.dataset.update = "ready";
  notify("update", () => t("update.ready"), {
    sticky: true,
    buttons: [
      { ui: "reload-update", label: () => t("update.reload"), primary: true, onClick: () => {
        // The saved game is in localStorage after every action: reloading loses nothing, and
        // the reloaded page continues it (web/saves.js).
        reloadAndResume(storage, shownGame(), () => waiting.postMessage({ type: "skip-waiting" }));
      } },
      { ui: "later-update", label: () => t("update.later") },
    ],
  });
}

function watch(registration, storage) {
  offerUpdate(registration, storage);
  registration.addEventListener("updatefound", () => {
    const installing = registration.installing;
    if (!installing) return;
    installing.addEventListener("statechange", () => {
      if (installing.state === "installed") offerUpdate(registration, storage);
      // a failed precache (a download broke): the old version, if any, stays in charge
      if (installing.state === "redundant" && html.dataset.offline === "installing") html.dataset.offline = "error";
    });
  });
}

/** `gameShown()`: the id of the game this tab plays (null: none, or another tab plays it). */
export async function startOffline(storage, gameShown = () => null) {
  shownGame = gameShown;
  if (!("serviceWorker" in navigator) || !window.isSecureContext) {
    html.dataset.offline = "unsupported";
    return;
  }
  html.dataset.offline = "installing";
  const hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    // A new version took over (the player asked for it, here or in another tab): this page's
    // assets belong to the old build, whose cache is gone, so load the new page and continue
    // the saved game there. (The first install also changes the controller: nothing to do.)
    if (hadController && !reloading) {
      reloading = true;
      reloadAndResume(storage, shownGame());
    }
  });
  try {
    const registration = await navigator.serviceWorker.register(SW_URL);
    watch(registration, storage);
    await navigator.serviceWorker.ready;
    html.dataset.offline = "ready";
  } catch (error) {
    html.dataset.offline = "error";
    // Not fatal: the game runs, it just will not work without a network.
    console.warn(`service worker: ${error.message}`);
  }
}
