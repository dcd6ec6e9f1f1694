// @ts-check
// The ratings of the rated players at the table, shown on their seats: each asked once of
// the server (GET /api/players/NAME) and again when the match is over (it moved them).
// The words are rating.js's: "provisional · 2 matches" until a player is placed.

import { api } from "../api.js";
import { ratingWords } from "../rating.js";

/** @type {Map<string, import("../rating.js").Rated | null>} by name and status: null while asked */
const known = new Map();

/**
 * The words of a rated seat's rating ("12.3", "provisional · 1 match"), or "" while it is
 * asked (``onLoaded`` is called when it comes) or when the seat is not rated.
 * @param {import("../types.js").ViewPlayer} p
 * @param {string} status the table's status: an ended match asks again
 * @param {() => void} onLoaded
 * @returns {string}
 */
export function seatRating(p, status, onLoaded) {
  if (!p.rated || !p.name) return "";
  const key = `${p.name}\n${status === "over" ? "over" : "play"}`;
  if (!known.has(key)) {
    known.set(key, null);
    api(`/api/players/${encodeURIComponent(p.name)}`)
      .then((line) => {
        known.set(key, line);
        onLoaded();
      })
      .catch(() => {}); // no rating shown: the seat is drawn as before
    return "";
  }
  const line = known.get(key);
  return line && Number(line.matches) > 0 ? ratingWords(line, { short: true }) : "";
}
