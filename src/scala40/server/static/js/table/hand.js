// @ts-check
// The hand as the player keeps it: the order across updates (new cards at the end, or into
// place when sorted by suit or rank), the selection and the melds put aside.

import { orderHand, reconcileCards } from "./order.js";
import { S } from "./state.js";

/** @typedef {import("../types.js").Card} Card */
/** @typedef {import("../arrange.js").HandEntry} HandEntry */

/** The hand after a VIEW: the player's order kept, the selection and the melds put aside
 * dropped where their cards are gone.
 * @param {Card[]} cards the VIEW's hand
 * @param {boolean} sameHand the same deal as the VIEW before */
export function reconcileHand(cards, sameHand) {
  const next = reconcileCards(S.hand, cards, S.nextId);
  S.nextId = next.nextId;
  // A card or two arriving in the same hand were just drawn (or taken back); a new deal is not.
  S.fresh = new Set(sameHand && next.fresh.length <= 2 ? next.fresh.map((e) => e.id) : []);
  S.hand = next.hand;
  const ids = new Set(S.hand.map((e) => e.id));
  for (const id of [...S.selected]) if (!ids.has(id)) S.selected.delete(id);
  S.staged = S.staged.filter((m) => m.ids.every((id) => ids.has(id)));
  if (S.sort !== "custom") sortHand(S.sort);
}

/** Order the hand `by` suit, rank, group or the player's own order (remembered).
 * @param {import("./state.js").SortBy} by */
export function sortHand(by) {
  S.sort = by;
  localStorage.setItem("scala40:sort", by);
  const sorted = orderHand(S.hand, by);
  S.hand = sorted.hand;
  if (sorted.groupEnds) S.groupEnds = sorted.groupEnds;
}

/** The hand's entry with this id.
 * @param {number} id
 * @returns {HandEntry | undefined} */
export function entry(id) {
  return S.hand.find((e) => e.id === id);
}

/** The ids of the cards put aside for the opening. */
export function stagedIds() {
  return new Set(S.staged.flatMap((m) => m.ids));
}

/** The selected entries, in the hand's order. */
export function selectedEntries() {
  return S.hand.filter((e) => S.selected.has(e.id));
}
