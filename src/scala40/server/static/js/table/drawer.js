// @ts-check
// The drawer under the table: the score sheet, the log, the chat and the spectators' link
// behind a bar of tabs, so that on a phone the table itself (seats, piles, melds, hand and
// actions) fits one screen. A tab opens its panel over the table and closes it again; the
// chat tab counts the messages not read yet. On a wide screen the CSS docks the drawer
// beside the table and shows the log when no tab is chosen; the same tabs choose the panel.

import { $ } from "../dom.js";
import { S } from "./state.js";

/** @typedef {"scores" | "log" | "chat" | "share"} Tab */

/** @type {{open: Tab | null, unread: number}} */
const D = { open: null, unread: 0 };

/** The tab open now (null: only the table is shown). */
export function openTab() {
  return D.open;
}

/** Open a tab's panel over the table, or (null) close the drawer. The open tab is written
 * on #game (data-tab) for the CSS, and on each tab button (aria-expanded).
 * @param {Tab | null} tab */
export function showTab(tab) {
  D.open = tab;
  const game = $("game");
  if (tab) game.dataset.tab = tab;
  else delete game.dataset.tab;
  for (const b of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#tabs .tab"))) {
    b.setAttribute("aria-expanded", String(b.dataset.tab === tab));
  }
  if (tab === "chat") D.unread = 0;
  renderUnread();
  if (tab === "chat") {
    const log = $("chat-log");
    log.scrollTop = log.scrollHeight;
  }
}

/** Wire the tabs once: a tab opens its panel (a second tap closes it), ✕ and Esc close. */
export function wireDrawer() {
  for (const b of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#tabs .tab"))) {
    const tab = /** @type {Tab} */ (b.dataset.tab);
    b.addEventListener("click", () => showTab(D.open === tab ? null : tab));
  }
  $("sheet-close").addEventListener("click", () => showTab(null));
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && D.open && $("choice").hidden) showTab(null);
  });
}

/** A chat line was shown: counted as unread while the chat's panel is closed (one's own
 * lines are read already).
 * @param {number} seat */
export function noteChatLine(seat) {
  if (D.open === "chat" || seat === S.view?.seat) return;
  D.unread += 1;
  renderUnread();
}

/** The tabs a seat uses: a spectator neither chats nor shares the spectators' link, and a
 * finished match has no spectators to invite. A hidden tab's panel is closed. */
export function renderTabs() {
  const v = S.view;
  if (!v) return;
  $("tab-chat").hidden = S.watching;
  $("tab-share").hidden = S.watching || v.status === "over";
  if (D.open && $(`tab-${D.open}`).hidden) showTab(null);
}

/** The count of unread chat lines on the chat tab (none: no badge). */
function renderUnread() {
  const badge = $("chat-unread");
  badge.hidden = D.unread === 0;
  badge.textContent = D.unread > 9 ? "9+" : String(D.unread);
}
