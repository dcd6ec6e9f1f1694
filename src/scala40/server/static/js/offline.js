// @ts-check
// The offline page (offline.html), which the service worker shows for a page asked for
// without a connection: it says that the table needs the connection, lists the pages this
// device has kept (the rules, the score sheet) and tries again by itself once the
// connection is back.

import { $ } from "./dom.js";
import { applyI18n, languageSwitch } from "./i18n.js";

/** The pages the offline page may offer, by the id of their line. */
const KEPT = { "offline-rules": "/rules", "offline-score": "/score" };

/** Show the line of each page kept in the service worker's cache. */
async function listKept() {
  let any = false;
  for (const [id, path] of Object.entries(KEPT)) {
    const kept = "caches" in window && !!(await caches.match(path));
    $(id).hidden = !kept;
    any = any || kept;
  }
  $("offline-nothing").hidden = any;
}

function start() {
  applyI18n();
  languageSwitch(/** @type {HTMLButtonElement} */ ($("lang")));
  $("retry").addEventListener("click", () => location.reload());
  window.addEventListener("online", () => location.reload());
  void listKept();
}

start();
