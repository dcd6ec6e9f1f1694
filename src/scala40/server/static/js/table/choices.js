// @ts-check
// Which of the moves the engine lists fit what the player picked (a selection, a card on a
// meld): the page looks them up, it judges no meld. No DOM and no page state.

import { cardText, parseCard, sameCard, selectionKey, SUITS } from "../cards.js";

/** @typedef {import("../types.js").Card} Card */
/** @typedef {import("../types.js").MeldOption} MeldOption */
/** @typedef {import("../types.js").TableMeld} TableMeld */
/** @typedef {import("../types.js").CardOnMeld} CardOnMeld */

/** A way to lay a card on a meld: the run's end, and what a joker stands for there (`as`
 * on a run, `declared` on a set).
 * @typedef {{end: string | null, declared: Card | null, as?: Card | null}} LayoffChoice */

/**
 * The engine's ways to lay `cards` as a new meld: the entries of legal.melds that lay
 * exactly these cards, the most points first; [] when the engine does not take them for a
 * meld.
 * @param {MeldOption[]} melds legal.melds
 * @param {Card[]} cards
 * @returns {MeldOption[]}
 */
export function meldOptionsFor(melds, cards) {
  const key = selectionKey(cards);
  return melds.filter((m) => selectionKey(m.cards) === key).sort((a, b) => b.points - a.points);
}

/** Whether laying `card` on meld `m` is a joker swap: one the engine lists, or (no lay-off
 * listed) the swap the card's place on the meld names ("JK=7D" for the 7♦), sent so the
 * engine answers, with its reason if refused.
 * @param {TableMeld} m
 * @param {Card} card
 * @param {CardOnMeld[]} swaps legal.swap
 * @param {CardOnMeld[]} listed the lay-offs of this card on this meld
 * @returns {boolean} */
export function isSwap(m, card, swaps, listed) {
  const joker = parseCard(card).joker;
  return swaps.some((x) => x.target === m.id && sameCard(x.card, card))
    || (!joker && !listed.length && m.cards.includes("JK=" + parseCard(card).text));
}

/**
 * The ways to lay `card` off on meld `m`: the run ends the server lists (their lo and hi
 * name what a joker stands for there); a joker on a set stands for a suit the set does not
 * show. `ends` are the listed ends alone.
 * @param {TableMeld} m
 * @param {Card} card
 * @param {CardOnMeld[]} listed the lay-offs of this card on this meld (legal.layoff)
 * @returns {{ends: string[], options: LayoffChoice[]}}
 */
export function layoffChoices(m, card, listed) {
  const joker = parseCard(card).joker;
  const ends = [...new Set(listed.map((x) => x.end).filter((x) => !!x))].map(String);
  /** @type {LayoffChoice[]} */
  let options = ends.map((end) => ({
    end,
    declared: null,
    as: joker && m.kind === "run" ? cardText(end === "low" ? (m.lo ?? 0) - 1 : (m.hi ?? 0) + 1, m.suit ?? "") : null,
  }));
  if (joker && m.kind === "set" && m.cards.length < 4) {
    const shown = m.cards.map((c) => parseCard(c)).map((c) => (c.joker ? c.declared?.suit : c.suit));
    options = SUITS.filter((x) => !shown.includes(x)).map((x) => ({ end: null, declared: cardText(m.rank ?? 0, x) }));
  }
  return { ends, options };
}
