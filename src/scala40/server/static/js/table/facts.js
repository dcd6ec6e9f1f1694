// @ts-check
// Facts about the VIEW held: my seat, whose turn, what the engine allows (legal.*) and why
// not, the table's limits. The page asks these; it keeps no rule of its own.

import { seatName } from "../i18n.js";
import { meldOptionsFor } from "./choices.js";
import { S } from "./state.js";

/** @typedef {import("../types.js").Card} Card */
/** @typedef {import("../types.js").Legal} Legal */
/** @typedef {import("../types.js").Reason} Reason */
/** @typedef {import("../arrange.js").HandEntry} HandEntry */

/** My seat's player, when I hold a seat. */
export function me() {
  const v = S.view;
  return v ? v.players.find((p) => p.seat === v.seat) : null;
}

/** A seat's player's name in the page's language ("#3" for a seat the VIEW does not list).
 * @param {number} seat
 * @returns {string} */
export function playerName(seat) {
  const p = S.view?.players.find((x) => x.seat === seat);
  return p ? seatName(p) : `#${seat}`;
}

/** What I may do now (legal of the view; {} without one).
 * @returns {Legal} */
export function legal() {
  return (S.view && S.view.legal) || {};
}

/** @returns {boolean} */
export function myTurn() {
  return !!(S.view && S.view.my_turn && S.view.status === "playing");
}

/** The rule limits of the table, resolved by the engine's Rules (rules.limits).
 * @returns {Partial<import("../types.js").RuleLimits>} */
export function limits() {
  return S.view?.rules?.limits || {};
}

/** The points an opening needs. */
export function openingNeed() {
  return limits().opening_points ?? S.view?.rules?.opening_points;
}

/**
 * The engine's ways to lay the selected cards as a new meld: the entries of legal.melds
 * (each an option of the jokers' identities, its cards in table order and its points)
 * that lay exactly these cards, the most points first; [] when the engine does not take
 * them for a meld. The page asks this list; it does not judge a meld itself.
 * @param {HandEntry[]} entries
 */
export function meldOptions(entries) {
  return meldOptionsFor(legal().melds || [], entries.map((e) => e.card));
}

/** The engine's reasons for the moves not possible now (legal.why of the view). */
export function why() {
  return legal().why || {};
}

/** The engine's reason why `card` may not be discarded now, or null.
 * @param {Card} card
 * @returns {Reason | null} */
export function barredWhy(card) {
  return (why().discard || {})[card] || null;
}
