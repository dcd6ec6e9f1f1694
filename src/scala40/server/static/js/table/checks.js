// @ts-check
// Why selected cards make no meld, in the engine's words. legal.melds lists what the hand
// can lay, not why the rest cannot: the page asks the server once per selection (a
// `check`, docs/protocol.md) and keeps the answer, so it judges nothing itself.

import { selectionKey } from "../cards.js";
import { refusal } from "../i18n.js";
import { playerName } from "./facts.js";
import { S } from "./state.js";
import { factWords } from "./wording.js";

/** @typedef {import("../types.js").Card} Card */
/** @typedef {import("../types.js").CheckAnswer} CheckAnswer */
/** @typedef {import("../types.js").ServerMessage} ServerMessage */

/** Answers kept at most (a table's selections; the list starts again when full). */
const KEPT = 200;

/** The engine's answer for these cards, asked for once (null until it comes).
 * @param {Card[]} cards
 * @returns {CheckAnswer | null} */
export function checkOf(cards) {
  const key = selectionKey(cards);
  if (S.checks.has(key)) return S.checks.get(key) ?? null;
  if (S.checks.size >= KEPT) S.checks.clear();
  S.checks.set(key, null);
  S.conn?.send({ type: "check", cards });
  return null;
}

/** A `check` answer: kept by its cards (the caller draws the page again).
 * @param {ServerMessage} msg */
export function onCheck(msg) {
  S.checks.set(selectionKey(msg.cards || []), {
    ok: !!msg.ok,
    code: msg.code,
    message: msg.message,
    facts: msg.facts,
  });
}

/** Why these cards are no meld: the engine's refusal of them once it has answered, its
 * general one meanwhile.
 * @param {Card[]} cards
 * @returns {{code: string, message: string, facts: {[name: string]: unknown} | null}} */
export function notMeld(cards) {
  const answer = checkOf(cards);
  if (!answer || answer.ok || !answer.code) return { code: "invalid_meld", message: "", facts: null };
  return { code: answer.code, message: answer.message ?? "", facts: answer.facts ?? null };
}

/** The words of :func:`notMeld`, in the page's language.
 * @param {Card[]} cards
 * @returns {string} */
export function notMeldWords(cards) {
  const why = notMeld(cards);
  return refusal(why.code, why.message, factWords(why.facts, playerName));
}
