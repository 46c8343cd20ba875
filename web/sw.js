// sw.js — the service worker: offline play once the site has been visited (docs/OFFLINE-LINKS.md).
//
// build.py copies this file to the site root and puts one line above it:
//     const PRECACHE = {"version": "<hash of the build>", "files": ["./", "assets/…", …]};
// so every build gives a different sw.js (the browser's update check compares bytes) and the
// service worker knows exactly what to cache without a second request.
//
// - install: every file of the build goes into the cache "kaffeehaus-<version>" (all or nothing:
//   a failed download fails the install, and the old version stays in charge).
// - The new version does not take over a page that is open: it waits, the page shows "a new
//   version is ready" (web/offline.js), and the player's "reload" posts {type: "skip-waiting"}.
//   With every tab closed, the browser activates it on the next visit by itself.
// - activate: caches of older builds are deleted; "kaffeehaus-engine-snapshot" (the worker's
//   memory snapshot of the interpreter, docs/WEB.md) and other sites' caches are left alone.
// - fetch: same-origin GETs are answered from this build's cache, else from the network.
//   The page ("./" or index.html) gets the cached page shell whatever its query string (share
//   links may use one): the shell and its assets belong to the same build.
/* global PRECACHE */

const PREFIX = "kaffeehaus-";
const SNAPSHOT_CACHE = "kaffeehaus-engine-snapshot";
const CACHE = `${PREFIX}${PRECACHE.version}`;
const SCOPE = new URL("./", self.location.href).href;
const SHELL = SCOPE;  // the "./" entry of the precache list

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const requests = PRECACHE.files.map((file) => new Request(new URL(file, SCOPE).href,
      // The page shell must be this build's, never a stale copy; hashed files may come from
      // the HTTP cache (the page has usually just downloaded them).
      { cache: file === "./" ? "no-cache" : "default" }));
    await cache.addAll(requests);
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE && name !== SNAPSHOT_CACHE) {
        await caches.delete(name);
      }
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "skip-waiting") self.skipWaiting();
  else if (data.type === "version" && event.ports[0]) {
    event.ports[0].postMessage({ version: PRECACHE.version });
  }
});

const SHELL_PATHS = [new URL(SCOPE).pathname, new URL("index.html", SCOPE).pathname];

/** The page itself, with any query string (other pages of the origin, e.g. tests', are not). */
function isShell(url) {
  return SHELL_PATHS.includes(url.pathname);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = isShell(url)
      ? await cache.match(SHELL)
      : await cache.match(request, { ignoreVary: true });
    if (hit) return hit;
    return fetch(request);
  })());
});
