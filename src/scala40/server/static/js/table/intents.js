// @ts-check
// Sending intents: a move goes to the server with the version it was made on, and the page
// waits (pending) for the answer; a card that may not go says why instead.

import { $ } from "../dom.js";
import { t } from "../i18n.js";
import { renderButtons } from "./actions.js";
import { barredWhy } from "./facts.js";
import { selectedEntries } from "./hand.js";
import { explain, showMessage } from "./say.js";
import { S } from "./state.js";

/** @typedef {import("../arrange.js").HandEntry} HandEntry */
/** @typedef {import("./state.js").Action} Action */

/** The page waits for the server's answer (at most 6 seconds): the buttons say so.
 * @param {boolean} on */
export function setPending(on) {
  S.pending = on;
  clearTimeout(S.pendingTimer);
  if (on) S.pendingTimer = setTimeout(() => setPending(false), 6000);
  $("game").dataset.pending = String(on);
  renderButtons();
}

/** Send a move made on the VIEW held (or say the page is still connecting).
 * @param {Action} action */
export function sendAction(action) {
  S.sent = action;
  if (!S.conn || !S.conn.send({ type: "action", v: S.v, action })) {
    showMessage(() => t("table.connecting"), true);
    return;
  }
  setPending(true);
}

export function draw() {
  sendAction({ type: "draw" });
}

export function takePozzo() {
  sendAction({ type: "pozzo" });
}

/** The one card selected, or null (and the player told to select one).
 * @returns {HandEntry | null} */
export function singleSelected() {
  const entries = selectedEntries();
  if (entries.length !== 1) {
    showMessage(() => t("table.selectOne"), true);
    return null;
  }
  return entries[0];
}

/** @param {HandEntry | null} [e] the card to discard: the one selected unless given */
export function discard(e = singleSelected()) {
  if (!e) return;
  sendAction({ type: "discard", card: e.card });
}

/** Discard a card, or say why it may not go.
 * @param {HandEntry} e */
export function discardOrExplain(e) {
  const reason = barredWhy(e.card);
  if (reason) explain(reason);
  else discard(e);
}

export function askHint() {
  if (S.conn && S.conn.send({ type: "hint" })) setPending(true);
}

export function playHint() {
  if (S.hint && S.hint.action) sendAction(S.hint.action);
}
