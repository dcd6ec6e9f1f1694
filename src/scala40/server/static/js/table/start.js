// @ts-check
// Start: a seat token means connect; a `?watch` address watches; otherwise the join form.
// Then the connection's state, and the whole page worded again on a language switch.

import { forgetSeatToken, seatToken } from "../api.js";
import { setupChat } from "../chat.js";
import { TableConnection } from "../connection.js";
import { $ } from "../dom.js";
import { silence } from "../announce.js";
import { applyI18n, languageSwitch, t } from "../i18n.js";
import { installable, offerInstall } from "../installable.js";
import { wordNotifyToggle } from "../notify.js";
import { wireControls } from "./controls.js";
import { showGone, showRetired } from "./ended.js";
import { setPending } from "./intents.js";
import { showJoin, showMissing } from "./join.js";
import { onMessage } from "./messages.js";
import { render } from "./render.js";
import { showMessage } from "./say.js";
import { drawSetup, startLocal } from "../local/setup.js";
import { LOCAL_FILES, S, tableId, WATCH_ASKED } from "./state.js";
import { showSummary } from "./summary.js";
import { connWords } from "./wording.js";

/** @typedef {import("./state.js").ConnectionStatus} ConnectionStatus */

/** The page's start (table.js calls it once). */
export function start() {
  applyI18n();
  languageSwitch(/** @type {HTMLButtonElement} */ ($("lang")), onLanguage);
  if (LOCAL_FILES) {
    // A local table: the Worker is the table (local/setup.js), nothing reaches a server.
    wireControls();
    offerInstall(); // the exported site installs as an app (its manifest; local/sw.js keeps it)
    startLocal(LOCAL_FILES, { onMessage, onStatus }, (conn) => {
      $("game").hidden = false;
      S.conn = conn;
    });
    return;
  }
  installable();
  if (!tableId) {
    showMessage(() => t("err.noTableId"), true);
    return;
  }
  wireControls();
  setupChat(tableId, (m) => !!S.conn && S.conn.send(m));
  const token = seatToken(tableId);
  if (token) connect(token);
  else if (WATCH_ASKED) watch();
  else showJoin();
}

/** Watch the table: connect without a seat; the page hides what only a player uses. */
function watch() {
  S.watching = true;
  document.body.classList.add("watching");
  connect(null);
}

/** The page in the other language: every part drawn from words again. */
function onLanguage() {
  silence();
  renderConn();
  wordNotifyToggle($("notify"));
  if (LOCAL_FILES && !$("local-setup").hidden) drawSetup();
  if (S.missing) showMissing();
  else if (!$("join").hidden) showJoin(S.joinReason, { keepName: true });
  render();
  if (S.summaryOpen && S.lastSummary) showSummary(S.lastSummary);
  if (S.retired) showRetired();
}

/** Connect to the table with a seat's token (null: as a spectator).
 * @param {string | null} token */
export function connect(token) {
  $("game").hidden = false;
  // Patches: after the first VIEW the server sends only what changed (onPatch).
  const conn = new TableConnection(tableId, token, { onMessage, onStatus, patches: true });
  S.conn = conn;
  conn.connect();
  window.addEventListener("online", () => {
    if (S.conn && !S.conn.ws && !S.conn.stopped) S.conn.connect();
  });
}

/** The connection's state in the page's language (kept to re-word it on a switch). */
function renderConn() {
  const el = $("conn");
  if (!S.conn_status) {
    if ($("game").hidden) el.textContent = "";
    return;
  }
  const [kind, detail] = S.conn_status;
  el.textContent = LOCAL_FILES && kind === "open" ? t("local.status") : connWords(kind, detail);
}

/** The connection's state changed (connection.js).
 * @param {ConnectionStatus} kind
 * @param {string | number} [detail] */
function onStatus(kind, detail) {
  const el = $("conn");
  el.classList.toggle("bad", kind !== "open");
  S.conn_status = [kind, detail];
  renderConn();
  if (kind === "open" || kind === "connecting" || kind === "retry") {
    // drawn by renderConn
  } else if (kind === "refused") {
    el.textContent = "";
    forgetSeatToken(tableId);
    showJoin(() => t("table.badToken")); // the close reason (detail) is the server's English
  } else if (kind === "replaced") {
    el.textContent = t("table.replaced");
    showMessage(() => t("table.replaced"), true);
  } else if (kind === "gone") {
    el.textContent = t("table.gone");
    showGone();
  } else if (kind === "crowded") {
    showMessage(() => t("watch.crowded"), true);
  }
  if (kind !== "open") setPending(false);
}
