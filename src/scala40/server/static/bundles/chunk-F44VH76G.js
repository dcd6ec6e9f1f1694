// Made by scripts/build_pages.py from static/js/ (esbuild): edit those, not this.
import {
  locale,
  number
} from "./chunk-PMAJHZDT.js";
import {
  t,
  tn
} from "./chunk-RCI7G432.js";

// rating.js
function ratingWords(r, { matches, short = false } = {}) {
  if (!r.provisional) return number(r.rating);
  if (short) return t("rating.provisional");
  return tn("rating.provisional", Number(r.matches ?? matches ?? 0));
}
function ratingChangeWords(c) {
  if (c.provisional) return tn("rating.provisional", c.matches);
  return Number(c.change).toLocaleString(locale(), {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    signDisplay: "exceptZero"
  });
}

export {
  ratingWords,
  ratingChangeWords
};
