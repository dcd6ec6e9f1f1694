// @ts-check
// The turn timer: the VIEW's deadline read as a time, and what the turn line says of the
// seconds left. No DOM and no page state.

/** Seconds before the turn timer runs out that the warning shows. */
export const STAND_IN_WARNING = 10;

/** The deadline in milliseconds since the epoch: the VIEW sends Unix seconds (or, from an
 * older server, milliseconds or an ISO time); null when no timer runs.
 * @param {number | string | null | undefined} value
 * @returns {number | null} */
export function parseDeadline(value) {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "number") return value > 1e12 ? value : value * 1000;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/** The whole seconds left until `deadline` (never below 0), and whether the last seconds
 * of my own turn have come: a bot is about to play it.
 * @param {number} deadline
 * @param {number} now
 * @param {boolean} mine
 * @returns {{s: number, hurry: boolean}} */
export function countdown(deadline, now, mine) {
  const s = Math.max(0, Math.round((deadline - now) / 1000));
  return { s, hurry: mine && s <= STAND_IN_WARNING };
}
