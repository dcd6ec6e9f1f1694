// @ts-check
// "Group my combinations": an arrangement of the hand for the eye, nothing more. Cards that
// look like melds (runs of one suit, sets of one rank, a joker filling a gap or a third
// place) come first, each group together, then the rest by suit. The view does not list
// candidate melds, so the grouping is worked out here by simple adjacency; whether a meld
// is legal (joker limits, opening points, the table's rules) stays the server's to say
// when the cards are laid.

import { parseCard, sortKey } from "./cards.js";

const SUIT_ORDER = ["S", "H", "D", "C"];

/** A card of the hand as the table page keeps it: its own id and its notation text.
 * @typedef {{id: number, card: string}} HandEntry */
/** A hand entry with its card read.
 * @typedef {{e: HandEntry, c: ReturnType<typeof parseCard>}} Item */

/**
 * Arrange hand entries ([{id, card}]) so likely melds come first.
 * Returns {order: entries in their new order, groups: [[id, ...], ...] the groups found}.
 * @param {HandEntry[]} entries
 * @returns {{order: HandEntry[], groups: number[][]}}
 */
export function groupCombinations(entries) {
  /** @type {Item[]} */
  const items = entries.map((e) => ({ e, c: parseCard(e.card) }));
  /** @type {Set<number>} */
  const used = new Set();
  /** @type {HandEntry[][]} */
  const groups = [];
  /** @param {Item[]} list */
  const take = (list) => {
    for (const x of list) used.add(x.e.id);
    groups.push(list.map((x) => x.e));
  };
  const free = () => items.filter((x) => !used.has(x.e.id));
  const jokers = () => free().filter((x) => x.c.joker);

  // Runs of three or more naturals in a row, longest first (an ace may sit above the king).
  for (;;) {
    const best = longestRun(free().filter((x) => !x.c.joker), 0);
    if (!best || best.length < 3) break;
    take(/** @type {Item[]} */ (best)); // no gaps allowed: naturals only
  }
  // Sets: one card of a rank in each of three or four suits.
  for (const group of setsOf(free().filter((x) => !x.c.joker), 3)) take(group);
  // With a joker: a run of two with a gap (or an end) to fill, then a pair of a rank.
  for (;;) {
    const joker = jokers()[0];
    if (!joker) break;
    const run = longestRun(free().filter((x) => !x.c.joker), 1);
    if (run && run.length >= 2) {
      take(/** @type {Item[]} */ (insertJoker(run, joker))); // the joker fills the gap
      continue;
    }
    const pair = setsOf(free().filter((x) => !x.c.joker), 2)[0];
    if (!pair) break;
    take([...pair, joker]);
  }
  const rest = free()
    .map((x) => x.e)
    .sort((a, b) => sortKey(a.card, "suit") - sortKey(b.card, "suit"));
  return { order: groups.flat().concat(rest), groups: groups.map((g) => g.map((e) => e.id)) };
}

/** The longest sequence of one suit with at most `gaps` single missing ranks (each gap
 * for a joker), as items in rank order with null where the joker would go.
 * @param {Item[]} naturals
 * @param {number} gaps
 * @returns {(Item | null)[] | null} */
function longestRun(naturals, gaps) {
  /** @type {(Item | null)[] | null} */
  let best = null;
  for (const suit of SUIT_ORDER) {
    /** @type {Map<number, Item>} */
    const bySuit = new Map();
    for (const x of naturals.filter((n) => n.c.suit === suit)) {
      if (!bySuit.has(x.c.rank)) bySuit.set(x.c.rank, x);
      if (x.c.rank === 1 && !bySuit.has(14)) bySuit.set(14, x); // the ace above the king
    }
    for (let lo = 1; lo <= 14; lo++) {
      if (!bySuit.has(lo)) continue;
      /** @type {(Item | null)[]} */
      const run = [];
      let missing = 0;
      for (let r = lo; r <= 14; r++) {
        const x = bySuit.get(r);
        if (x && run.some((y) => y && y.e.id === x.e.id)) break; // the ace counted once
        if (x) run.push(x);
        else if (missing < gaps && bySuit.has(r + 1)) {
          missing++;
          run.push(null);
        } else break;
      }
      const naturalsIn = run.filter(Boolean).length;
      if (!best || naturalsIn > best.filter(Boolean).length) best = run;
    }
  }
  if (!best) return null;
  const naturalsIn = best.filter(Boolean);
  // A run of naturals only is returned without gap markers; a joker run keeps its gap.
  return gaps === 0 ? naturalsIn : naturalsIn.length >= 2 ? best : null;
}

/** A run with a gap marker gets the joker in the gap; one without, at its end.
 * @param {(Item | null)[]} run
 * @param {Item} joker
 * @returns {(Item | null)[]} */
function insertJoker(run, joker) {
  const at = run.indexOf(null);
  if (at < 0) return [...run, joker];
  const out = [...run];
  out[at] = joker;
  return out;
}

/** Groups of one rank in `size` or more different suits (one card a suit).
 * @param {Item[]} naturals
 * @param {number} size
 * @returns {Item[][]} */
function setsOf(naturals, size) {
  /** @type {Map<number, Map<string, Item>>} */
  const byRank = new Map();
  for (const x of naturals) {
    const key = x.c.rank;
    let suits = byRank.get(key);
    if (!suits) byRank.set(key, (suits = new Map()));
    if (!suits.has(x.c.suit)) suits.set(x.c.suit, x);
  }
  /** @type {Item[][]} */
  const out = [];
  for (const suits of byRank.values()) {
    const cards = [...suits.values()];
    if (cards.length >= size) out.push(cards.slice(0, 4));
  }
  return out;
}
