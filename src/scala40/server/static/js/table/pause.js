// @ts-check
// The pause after a hand (docs/protocol.md, "The pause after a hand"): the VIEW says until
// when the table waits for its people to close the hand's summary, and for whom; this
// words it. No DOM and no page state: the summary dialog and the turn line show it.

import { getLang, t, tn } from "../i18n.js";
import { countdown, parseDeadline } from "./clock.js";

/** @typedef {import("../types.js").HandPause} HandPause */

/**
 * "Next hand in 24 s — waiting for Anna": the whole seconds left at `now` (ms since the
 * epoch) and the names of the seats still reading the summary (`me`: "you").
 * @param {HandPause} pause
 * @param {number} now
 * @param {(seat: number) => string} nameOf
 * @param {number} me the viewer's seat (-1: a spectator)
 * @returns {string}
 */
export function pauseWords(pause, now, nameOf, me) {
  const until = parseDeadline(pause.until);
  const when = tn("pause.next", until === null ? 0 : countdown(until, now, false).s);
  const seats = [...(pause.waiting || [])].sort((a, b) => (a === me ? -1 : b === me ? 1 : a - b));
  const names = seats.map((seat) => (seat === me ? t("pause.you") : nameOf(seat)));
  if (!names.length) return when;
  const list = new Intl.ListFormat(getLang(), { type: "conjunction" }).format(names);
  return `${when} — ${t("pause.waiting", { names: list })}`;
}
