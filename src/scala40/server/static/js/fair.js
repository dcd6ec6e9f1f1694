// @ts-check
// The verifiable shuffle at the table and in the replay (docs/fair-deal.md).
//
// At the table: remember the commitment each hand was shown with before it was dealt
// (the first one seen is kept, so a commitment changed later cannot replace it), and add
// this browser's own randomness to the next hand's shuffle, once per hand. In the replay:
// show whether the server found every deck to be the committed one, and compare the
// record's commitments with the ones this browser remembers.

import { t } from "./i18n.js";

/** @typedef {import("./types.js").FairView} FairView */
/** @typedef {import("./types.js").FairCheck} FairCheck */
/** What a browser remembers of a table's shuffles.
 * @typedef {{seen: {[hand: string]: string}, given: number[]}} Memory */

/** @param {string} tableId */
const key = (tableId) => `scala40:fair:${tableId}`;

/** What this browser remembers of a table's shuffles: {seen: {hand: commitment}, given: [hands]}.
 * @param {string} tableId
 * @returns {Memory} */
export function remembered(tableId) {
  try {
    const data = JSON.parse(localStorage.getItem(key(tableId)) || "{}");
    return { seen: data.seen || {}, given: data.given || [] };
  } catch {
    return { seen: {}, given: [] };
  }
}

/** @param {string} tableId @param {Memory} data */
function store(tableId, data) {
  try {
    localStorage.setItem(key(tableId), JSON.stringify(data));
  } catch {
    // A full or disabled storage only loses the comparison in the replay.
  }
}

/** @param {number} bytes @returns {string} */
function randomHex(bytes) {
  const data = new Uint8Array(bytes);
  crypto.getRandomValues(data);
  return Array.from(data, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Called with every VIEW: keep the commitments, and send entropy for the next hand
 * (``send`` is null for a spectator, who gives none).
 * @param {string} tableId
 * @param {FairView | null | undefined} fair
 * @param {((msg: {type: "entropy", hand: number, data: string}) => unknown) | null} send */
export function onFair(tableId, fair, send) {
  if (!fair) return;
  const data = remembered(tableId);
  /** @type {[number, string][]} */
  const shown = [
    [fair.hand, fair.commitment],
    [fair.next.hand, fair.next.commitment],
  ];
  for (const [hand, commitment] of shown) {
    if (!(String(hand) in data.seen)) data.seen[String(hand)] = commitment;
  }
  if (send && fair.next.open && !data.given.includes(fair.next.hand)) {
    data.given.push(fair.next.hand);
    send({ type: "entropy", hand: fair.next.hand, data: randomHex(16) });
  }
  store(tableId, data);
}

/** The table's header mark: this hand was dealt from a committed secret.
 * @param {HTMLElement | null} el
 * @param {FairView | null | undefined} fair */
export function renderFairMark(el, fair) {
  if (!el) return;
  el.hidden = !fair;
  if (!fair) return;
  el.textContent = t("fair.mark");
  el.title = t("fair.markTitle", { n: fair.hand, commitment: fair.commitment.slice(0, 16) });
}

/** The replay's badge: the server's check of every deck, and this browser's memory.
 * @param {HTMLElement | null} el
 * @param {string} tableId
 * @param {FairCheck | null | undefined} fair
 * @param {{number: number, fair?: {commitment: string}}[]} hands */
export function renderFairBadge(el, tableId, fair, hands) {
  if (!el) return;
  el.hidden = !fair || fair.verified === null;
  if (!fair || fair.verified === null) return;
  const seen = remembered(tableId).seen;
  const differs = hands
    .filter((h) => h.fair && String(h.number) in seen && seen[String(h.number)] !== h.fair.commitment)
    .map((h) => h.number);
  el.classList.toggle("bad", !fair.verified || differs.length > 0);
  if (differs.length > 0) {
    el.textContent = t("fair.differs", { hands: differs.join(", ") });
  } else if (fair.verified) {
    el.textContent = t("fair.verified");
    el.title = t("fair.verifiedTitle", { n: fair.hands });
  } else {
    const why = t(`fair.problem.${fair.problem}`, { n: fair.hand ?? "" });
    el.textContent = t("fair.failed", { why });
    el.title = fair.why || "";
  }
}
