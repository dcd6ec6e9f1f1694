// @ts-check
// What calls the player back while the table's page is hidden (notify.js): their turn
// come, a rematch asked by another player, a player sitting down at their table. Read from
// the VIEW and the event the server sent, compared with the VIEW before: the page decides
// nothing about the game.

import { t } from "../i18n.js";
import { callBack } from "../notify.js";
import { myTurn, playerName } from "./facts.js";
import { S } from "./state.js";

/** @typedef {import("../types.js").GameEvent} GameEvent */

/**
 * What the last VIEW said, taken before the next one is drawn.
 * @typedef {object} Before
 * @property {boolean} mine whether it was my turn
 * @property {number[]} asked the seats that had asked for a rematch
 */

/** @returns {Before} */
export function beforeCallBacks() {
  return { mine: S.wasMyTurn, asked: S.rematchInfo ? [...S.rematchInfo.asked] : [] };
}

/**
 * After a VIEW is drawn: call the player back for what it brings that `before` had not.
 * @param {Before} before
 * @param {GameEvent | null | undefined} event the move or table event that made the VIEW
 */
export function callBacks(before, event) {
  const view = S.view;
  if (S.watching || !view) return;
  if (view.status !== "over" && myTurn() && !before.mine) {
    void callBack("turn", t("notify.turn"), t("notify.turnBody", { n: view.hand_number || 1 }));
  }
  const asked = S.rematchInfo ? S.rematchInfo.asked : [];
  const newly = asked.filter((seat) => seat !== view.seat && !before.asked.includes(seat));
  if (newly.length > 0) {
    const names = newly.map(playerName).join(", ");
    void callBack("rematch", t("notify.rematch", { name: names }), t("notify.rematchBody"));
  }
  if (event && event.type === "join" && event.seat !== undefined && event.seat !== view.seat) {
    void callBack("join", t("notify.joined", { name: playerName(event.seat) }), t("notify.joinedBody"));
  }
}
