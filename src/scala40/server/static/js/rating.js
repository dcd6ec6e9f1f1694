// @ts-check
// A rating in the page's words (docs/server.md, "Ratings: what the pages show"): its number
// once the player is placed; before that "provisional" and the rated matches played, never
// a figure that tells the model's doubt more than the play. The server says whether a
// rating is provisional; the page only words it. Nothing here touches the page.

import { locale, number } from "./format.js";
import { t, tn } from "./i18n.js";

/** A rating as the API sends it (a leaderboard line, a profile, a history line).
 * @typedef {{rating: number, matches?: number, provisional?: boolean}} Rated */

/** "12.3", or "provisional · 2 matches" ("provvisorio · 2 partite"); where the matches
 * are shown beside it already (the leaderboard) or room is short (a seat), ``short``:
 * "provisional" alone.
 * @param {Rated} r
 * @param {{matches?: number, short?: boolean}} [options] ``matches``: the rated matches
 *   when `r` does not carry them (a history line)
 * @returns {string} */
export function ratingWords(r, { matches, short = false } = {}) {
  if (!r.provisional) return number(r.rating);
  if (short) return t("rating.provisional");
  return tn("rating.provisional", Number(r.matches ?? matches ?? 0));
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
