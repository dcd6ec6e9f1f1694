// Made by scripts/build_pages.py from static/js/ (esbuild): edit those, not this.
import {
  getLang
} from "./chunk-RCI7G432.js";

// format.js
function locale() {
  const lang = getLang();
  return lang === "en" ? "en-GB" : lang;
}
function number(value, digits = 1) {
  if (value === null || value === void 0 || Number.isNaN(Number(value))) return "\u2014";
  return Number(value).toLocaleString(locale(), { minimumFractionDigits: digits, maximumFractionDigits: digits });
}
function count(value) {
  return value === null || value === void 0 ? "\u2014" : String(value);
}
function shortDate(value) {
  const ms = Date.parse(
    /** @type {string} */
    value
  );
  if (Number.isNaN(ms)) return value ? String(value) : "";
  return new Date(ms).toLocaleDateString(locale(), { day: "numeric", month: "short", year: "numeric" });
}

export {
  locale,
  number,
  count,
  shortDate
};
