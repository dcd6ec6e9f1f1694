// @ts-check
// A rating in the page's words (docs/server.md, "Ratings: what the pages show"): its number
// once the player is placed; before that "provisional" and the rated matches played, never
// a figure that tells the model's doubt more than the play. The server says whether a
// rating is provisional; the page only words it. Nothing here touches the page.

import { locale, number } from "./format.js";
import { tn } from "./i18n.js";

/** A rating as the API sends it (a leaderboard line, a profile, a history line).
 * @typedef {{rating: number, matches?: number, provisional?: boolean}} Rated */

/** "12.3", or "provisional · 2 matches" ("provvisorio · 2 partite").
 * @param {Rated} r
 * @param {number} [matches] the rated matches when `r` does not carry them (a history line)
 * @returns {string} */
export function ratingWords(r, matches) {
  if (r.provisional) return tn("rating.provisional", Number(r.matches ?? matches ?? 0));
  return number(r.rating);
}

/** What a finished match did to a seat's rating, for the match-end summary: "+0.8",
 * "−1.2", "0.0", or "provisional · 1 match" while it still is.
 * @param {import("./types.js").RatingChange} c
 * @returns {string} */
export function ratingChangeWords(c) {
  if (c.provisional) return tn("rating.provisional", c.matches);
  return Number(c.change).toLocaleString(locale(), {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    signDisplay: "exceptZero",
  });
}
