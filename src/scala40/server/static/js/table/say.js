// @ts-check
// The line under the table: the page's messages and the engine's refusals (with the "why?"
// link to the rule), kept as words so a language switch says them again; and the log.

import { $ } from "../dom.js";
import { refusal, t } from "../i18n.js";
import { showWhy } from "../rulelinks.js";
import { announce } from "../announce.js";
import { playerName } from "./facts.js";
import { S } from "./state.js";
import { eventLine, factWords, reasonWords } from "./wording.js";

/** @typedef {import("../types.js").GameEvent} GameEvent */
/** @typedef {import("../types.js").Reason} Reason */
/** @typedef {import("./wording.js").Facts} Facts */

/** Whether the message is only said again (the table drawn anew, the language switched):
 * the live region has said it already. */
let rewording = false;

/** Show the message held again, unsaid by the live region (render.js).
 * @param {() => void} show */
export function reword(show) {
  rewording = true;
  try {
    show();
  } finally {
    rewording = false;
  }
}

/** The "why?" link under the message. */
const whyLink = () => /** @type {HTMLAnchorElement} */ ($("why"));

/** Say something under the table; text may be a function giving the words, so a language
 * switch can say it again in the other language.
 * @param {string | import("./state.js").Words} text
 * @param {boolean} [isError] */
export function showMessage(text, isError = false) {
  S.messageWords = typeof text === "function" ? text : null;
  const words = S.messageWords ? S.messageWords() : /** @type {string} */ (text);
  S.message = words;
  S.messageIsError = isError && !!words;
  S.refused = null;
  showWhy(whyLink(), null);
  const el = $("message");
  if (el.textContent !== words) el.textContent = words;
  el.classList.toggle("error", S.messageIsError);
  if (!rewording) announce(words);
}

/** The card of a refused move, for the page's own sentence naming it (why.CODE), when
 * the move sent named one: never the engine's English beside a translated sentence.
 * @param {{code?: string, message?: string}} msg
 * @returns {Reason | null} */
export function cardReason(msg) {
  const card = S.sent?.card;
  const key = `why.${msg.code}`;
  if (!card || t(key) === key) return null;
  return { code: String(msg.code), message: msg.message ?? "", card, taken: S.view?.pozzo_card || undefined };
}

/** A refused move in the page's language, its specifics (``facts``: cards, numbers, a
 * seat) worded too (see i18n.js).
 * @param {string} code
 * @param {string} message
 * @param {Reason | null} [reason]
 * @param {Facts | null} [facts] */
export function showRefusal(code, message, reason = null, facts = null) {
  const text = reason ? reasonWords(reason, playerName) : refusal(code, message, factWords(facts, playerName));
  showMessage(text, true);
  S.refused = { code, message, why: reason, facts };
  showWhy(whyLink(), code);
}

/** Say why a move is not possible, before it is tried: the engine's reason, in the
 * page's language (the card it names shown as a card).
 * @param {Reason} reason */
export function explain(reason) {
  showRefusal(reason.code, reason.message, reason);
}

/** One event of the log in the page's language, its players named as the VIEW names them.
 * @param {GameEvent} ev
 * @returns {string} */
export function eventLineHere(ev) {
  return eventLine(ev, playerName);
}

/** Keep an event for the log (the newest 40 the page words).
 * @param {GameEvent} ev */
export function logEvent(ev) {
  if (!eventLineHere(ev)) return;
  S.log.unshift(ev);
  S.log.length = Math.min(S.log.length, 40);
}
