// @ts-check
// The service worker, served as /sw.js (scala40/server/http/installable.py), which writes
// `self.scala40Shell` in front of this file: the static files' version and the app shell.
//
// - install: keep the shell (every stylesheet, script and icon under /static/VERSION/, the
//   offline page, the rules page with its rule book, the score sheet page) in a cache named
//   after the version; a new server version is a new sw.js, a new cache, and on activation
//   the old caches are deleted.
// - a page asked for (a navigation): from the network; without one, the page as it was
//   last seen if it was kept, else the offline page. The table needs its connection, so its
//   page is never kept: offline it opens the offline page, which says so.
// - /static/VERSION/...: from the cache (such a file never changes), else fetched and kept.
// - the answers the rules and score sheet pages read (GET /api/rulebook, /api/scoresheets):
//   from the network, kept for when there is none.
// Everything else (the other API calls, the WebSocket) goes to the server untouched.

/**
 * What the server writes in front of this file.
 * @typedef {object} SwShell
 * @property {string} version the static files' version (a content hash)
 * @property {string[]} files the addresses kept at install
 * @property {string} offline the offline page's address
 */

/**
 * The parts of a service worker's events this file uses (lib.dom does not type them).
 * @typedef {Event & {waitUntil(p: Promise<unknown>): void}} SwExtendableEvent
 * @typedef {SwExtendableEvent & {request: Request, preloadResponse?: Promise<Response | undefined>, respondWith(r: Promise<Response> | Response): void}} SwFetchEvent
 * @typedef {SwExtendableEvent & {notification: Notification & {data: unknown}}} SwNotificationEvent
 * @typedef {{url: string, focused: boolean, focus(): Promise<unknown>, navigate(url: string): Promise<unknown>}} SwWindowClient
 * @typedef {object} SwScope
 * @property {SwShell} scala40Shell
 * @property {() => Promise<void>} skipWaiting
 * @property {{claim(): Promise<void>, matchAll(o: {type: "window", includeUncontrolled: boolean}): Promise<SwWindowClient[]>, openWindow(url: string): Promise<unknown>}} clients
 * @property {{scope: string, navigationPreload?: {enable(): Promise<void>}}} registration
 * @property {(type: string, listener: (event: any) => void) => void} addEventListener
 */

const sw = /** @type {SwScope} */ (/** @type {unknown} */ (self));
const SHELL = sw.scala40Shell;
const CACHE = `scala40-${SHELL.version}`;
const KEPT_PAGES = ["/rules", "/score"];
const KEPT_ANSWERS = ["/api/rulebook", "/api/scoresheets"];

sw.addEventListener("install", (/** @type {SwExtendableEvent} */ event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => Promise.all(SHELL.files.map((file) => keep(cache, file))))
      .then(() => sw.skipWaiting()),
  );
});

/** Fetch one file of the shell into cache. A versioned file is kept only when the server
 * says it is that version's (immutable): in a cluster being upgraded, a node still on the
 * other version answers it with its own file, `no-cache`, which must not stay here.
 * @param {Cache} cache
 * @param {string} file
 * @returns {Promise<void>} */
async function keep(cache, file) {
  const response = await fetch(file);
  if (!response.ok) throw new Error(`${file}: ${response.status}`);
  if (file.startsWith("/static/") && !immutable(response)) return;
  await cache.put(file, response);
}

/** @param {Response} response */
function immutable(response) {
  return (response.headers.get("Cache-Control") || "").includes("immutable");
}

sw.addEventListener("activate", (/** @type {SwExtendableEvent} */ event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith("scala40-") && n !== CACHE).map((n) => caches.delete(n))))
      // A page's request leaves while the worker wakes up, not after (navigation preload).
      .then(() => sw.registration.navigationPreload?.enable())
      .then(() => sw.clients.claim()),
  );
});

sw.addEventListener("fetch", (/** @type {SwFetchEvent} */ event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(pageOrOffline(request, url, event.preloadResponse));
  } else if (url.pathname.startsWith(`/static/${SHELL.version}/`)) {
    event.respondWith(keptFile(request));
  } else if (KEPT_ANSWERS.some((p) => url.pathname.startsWith(p))) {
    event.respondWith(freshAnswer(request));
  }
});

/** A page: the network's answer (kept when it is one of KEPT_PAGES); offline, the kept copy
 * or the offline page.
 * @param {Request} request
 * @param {URL} url
 * @param {Promise<Response | undefined> | undefined} preloaded the answer already on its way
 * @returns {Promise<Response>} */
async function pageOrOffline(request, url, preloaded) {
  const keep = KEPT_PAGES.includes(url.pathname);
  try {
    const response = (await preloaded) || (await fetch(request));
    if (keep && response.ok) await (await caches.open(CACHE)).put(url.pathname, response.clone());
    return response;
  } catch (err) {
    const cache = await caches.open(CACHE);
    const copy = keep ? await cache.match(url.pathname) : undefined;
    const offline = copy || (await cache.match(SHELL.offline));
    if (offline) return offline;
    throw err;
  }
}

/** A versioned static file: from the cache, else from the network and kept.
 * @param {Request} request
 * @returns {Promise<Response>} */
async function keptFile(request) {
  const cache = await caches.open(CACHE);
  const copy = await cache.match(request);
  if (copy) return copy;
  const response = await fetch(request);
  if (response.ok && immutable(response)) await cache.put(request, response.clone());
  return response;
}

/** An answer the offline pages read: from the network and kept, else the kept copy.
 * @param {Request} request
 * @returns {Promise<Response>} */
async function freshAnswer(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (err) {
    const copy = await cache.match(request);
    if (copy) return copy;
    throw err;
  }
}

// A notification of the table (notify.js) was tapped: bring its table's tab forward, or
// open the table if the tab was closed.
sw.addEventListener("notificationclick", (/** @type {SwNotificationEvent} */ event) => {
  event.notification.close();
  const data = /** @type {{url?: string}} */ (event.notification.data || {});
  const target = new URL(data.url || "/", sw.registration.scope).href;
  event.waitUntil(
    sw.clients.matchAll({ type: "window", includeUncontrolled: true }).then((tabs) => {
      const tab = tabs.find((c) => c.url === target) || tabs.find((c) => new URL(c.url).pathname === new URL(target).pathname);
      return tab ? tab.focus() : sw.clients.openWindow(target);
    }),
  );
});
