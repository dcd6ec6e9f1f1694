// @ts-check
// The service worker of a local table's site (scala40 export-web, or a server's /play):
// it keeps every file of the site — the page, its scripts, Pyodide and the wheel — so the
// site opens and plays with no connection after the first visit. The export writes
// `self.scala40Local` in front of this file: the site's version (a hash of its files) and
// the files, relative to this worker. A new export is a new version, a new cache; the
// old caches are deleted when it takes over.

/**
 * @typedef {object} LocalShell
 * @property {string} version
 * @property {string[]} files relative to the worker's scope
 */

/**
 * @typedef {Event & {waitUntil(p: Promise<unknown>): void}} LocalSwEvent
 * @typedef {LocalSwEvent & {request: Request, respondWith(r: Promise<Response> | Response): void}} LocalSwFetchEvent
 * @typedef {object} LocalSwScope
 * @property {LocalShell} scala40Local
 * @property {() => Promise<void>} skipWaiting
 * @property {{claim(): Promise<void>}} clients
 * @property {{scope: string}} registration
 * @property {(type: string, listener: (event: any) => void) => void} addEventListener
 */

const localSw = /** @type {LocalSwScope} */ (/** @type {unknown} */ (self));
const LOCAL_SHELL = localSw.scala40Local;
const LOCAL_CACHE = `scala40-local-${LOCAL_SHELL.version}`;
/** The page's Worker leaves the big files it fetched here (local/worker.js). */
const LOCAL_PREFETCH = "scala40-local-prefetch";

/** A file's address in the cache: absolute, under the worker's scope.
 * @param {string} file */
const address = (file) => new URL(file, localSw.registration.scope).href;

localSw.addEventListener("install", (/** @type {LocalSwEvent} */ event) => {
  event.waitUntil(keepAll().then(() => localSw.skipWaiting()));
});

/** Keep every file of the site: those the page's Worker fetched already (left in its
 * prefetch cache) are copied, the others fetched. */
async function keepAll() {
  const cache = await caches.open(LOCAL_CACHE);
  const fetched = await caches.open(LOCAL_PREFETCH);
  await Promise.all(
    LOCAL_SHELL.files.map(async (file) => {
      const url = address(file);
      const copy = await fetched.match(url);
      if (copy) await cache.put(url, copy);
      else await cache.add(url);
    }),
  );
}

localSw.addEventListener("activate", (/** @type {LocalSwEvent} */ event) => {
  event.waitUntil(
    caches
      .keys()
      // The old versions' caches go, and the Worker's prefetch (copied at install).
      .then((names) => Promise.all(names.filter((n) => n.startsWith("scala40-local-") && n !== LOCAL_CACHE).map((n) => caches.delete(n))))
      .then(() => localSw.clients.claim()),
  );
});

localSw.addEventListener("fetch", (/** @type {LocalSwFetchEvent} */ event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(localSw.registration.scope)) return;
  event.respondWith(kept(request));
});

/** A file of the site from the cache (a page asked for: the site's page), else from the
 * network.
 * @param {Request} request
 * @returns {Promise<Response>} */
async function kept(request) {
  const cache = await caches.open(LOCAL_CACHE);
  const url = new URL(request.url);
  url.search = "";
  const key = request.mode === "navigate" ? address("index.html") : url.href;
  const copy = (await cache.match(key)) || (request.mode === "navigate" ? await cache.match(address("")) : undefined);
  return copy || fetch(request);
}
