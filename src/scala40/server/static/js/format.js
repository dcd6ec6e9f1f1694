// @ts-check
// Numbers and dates in the page's language (the ratings' and the leagues' pages). Nothing
// here touches the page: tests/js runs it under Node.

import { getLang } from "./i18n.js";

/** The locale the page's language writes numbers and dates in (British English for
 * English: day before month, as the rest of Europe reads dates).
 * @returns {string} */
export function locale() {
  const lang = getLang();
  return lang === "en" ? "en-GB" : lang;
}

/** A number with `digits` decimals ("12.5", "12,5"); "—" for none.
 * @param {unknown} value
 * @param {number} [digits]
 * @returns {string} */
export function number(value, digits = 1) {
  if (value === null || value === undefined || Number.isNaN(Number(value))) return "—";
  return Number(value).toLocaleString(locale(), { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** A count as it is; "—" for none.
 * @param {unknown} value
 * @returns {string} */
export function count(value) {
  return value === null || value === undefined ? "—" : String(value);
}

/** A day ("3 May 2026", "3 mag 2026") from an ISO 8601 moment; what cannot be read, as it
 * is ("" for nothing).
 * @param {unknown} value
 * @returns {string} */
export function shortDate(value) {
  const ms = Date.parse(/** @type {string} */ (value));
  if (Number.isNaN(ms)) return value ? String(value) : "";
  return new Date(ms).toLocaleDateString(locale(), { day: "numeric", month: "short", year: "numeric" });
}
