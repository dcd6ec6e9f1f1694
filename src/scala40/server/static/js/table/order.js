// @ts-check
// The hand's order, kept across updates: which cards stay where the player put them, which
// are new, how a sort arranges them. No DOM and no page state, so Node can test it.

import { groupCombinations } from "../arrange.js";
import { sameCard, sortKey } from "../cards.js";

/** @typedef {import("../types.js").Card} Card */
/** @typedef {import("../arrange.js").HandEntry} HandEntry */

/**
 * The hand after a VIEW: the entries whose cards are still held keep their place (and
 * id), each card new to the hand comes at the end with the next id.
 * @param {HandEntry[]} hand the hand as shown
 * @param {Card[]} cards the VIEW's hand
 * @param {number} nextId the id the next new card takes
 * @returns {{hand: HandEntry[], fresh: HandEntry[], nextId: number}}
 */
export function reconcileCards(hand, cards, nextId) {
  const pool = [...cards];
  /** @type {HandEntry[]} */
  const kept = [];
  for (const e of hand) {
    const i = pool.indexOf(e.card);
    if (i >= 0) {
      kept.push(e);
      pool.splice(i, 1);
    }
  }
  const fresh = pool.map((card) => ({ id: nextId++, card }));
  return { hand: kept.concat(fresh), fresh, nextId };
}

/**
 * The hand sorted `by` suit or rank (jokers last), or grouped into likely melds
 * (arrange.js: then `groupEnds` holds the last id of each group); "custom" keeps it.
 * @param {HandEntry[]} hand
 * @param {import("./state.js").SortBy} by
 * @returns {{hand: HandEntry[], groupEnds: Set<number> | null}} groupEnds null: unchanged
 */
export function orderHand(hand, by) {
  if (by === "custom") return { hand, groupEnds: null };
  if (by === "group") {
    const arranged = groupCombinations(hand);
    return { hand: arranged.order, groupEnds: new Set(arranged.groups.map((g) => g[g.length - 1])) };
  }
  return { hand: [...hand].sort((a, b) => sortKey(a.card, by) - sortKey(b.card, by)), groupEnds: null };
}

/** The ids of the hand's entries that hold `texts` (a hint's cards), one entry a card.
 * @param {HandEntry[]} hand
 * @param {Card[]} texts
 * @returns {Set<number>} */
export function entriesHolding(hand, texts) {
  /** @type {Set<number>} */
  const used = new Set();
  for (const text of texts) {
    const e = hand.find((x) => !used.has(x.id) && sameCard(x.card, text));
    if (e) used.add(e.id);
  }
  return used;
}
