// @ts-check
// What a screen reader says for a meld on the table, in the page's language ("scala di
// cuori da tre a sei", "tris di re"); a card's own name is cards.js's cardName. A meld is
// named from the VIEW's own fields (kind, suit, lo, hi, rank): nothing is judged here.

import { rankWord } from "./cards.js";
import { t } from "./i18n.js";

/** @typedef {import("./types.js").TableMeld} TableMeld */

/** What a meld on the table is: "run of hearts from three to six", "set of three kings".
 * @param {TableMeld} m
 * @returns {string} */
export function meldWhat(m) {
  if (m.kind === "run") {
    return t("say.run", { suit: t(`say.suit.${m.suit ?? ""}`), lo: rankWord("rank", m.lo ?? 0), hi: rankWord("rank", m.hi ?? 0) });
  }
  return t(m.cards.length >= 4 ? "say.set4" : "say.set3", { many: rankWord("many", m.rank ?? 0) });
}

/** A meld's spoken name with its number and points, as its tag shows them ("Meld 2: set of
 * three kings, 30 points").
 * @param {TableMeld} m
 * @returns {string} */
export function meldName(m) {
  return t("say.meld", { n: m.id + 1, what: meldWhat(m), points: m.points ?? 0 });
}
