// @ts-check
// Every string the pages show, in each language of the catalogue, and the language switch.
// Pages mark static text with data-i18n="key" (text) or data-i18n-title / -placeholder.

/** A language of the catalogue ("en", "it", ...). @typedef {string} Lang */
/** @typedef {import("./types.js").Json} Json */

// The messages come from the project's gettext catalogue (src/scala40/locale), exported
// for the pages as strings.js: a language is one catalogue file, not code here.
import { STRINGS } from "./strings.js";

const KEY = "scala40:lang";

export const LANGUAGES = Object.keys(STRINGS);

/** A copy of one language's strings (the tests check both languages say everything).
 * @param {string} lang
 * @returns {{[key: string]: string}} */
export function dictionary(lang) {
  return { ...STRINGS[lang] };
}

/** The page's language: the one chosen here last, else the first of the browser's that
 * the catalogue has, else English.
 * @returns {Lang} */
export function getLang() {
  const saved = localStorage.getItem(KEY);
  if (saved !== null && LANGUAGES.includes(saved)) return saved;
  const asked = typeof navigator === "undefined" ? [] : navigator.languages || [navigator.language || ""];
  for (const tag of asked) {
    const lang = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES.includes(lang)) return lang;
  }
  return "en";
}

/** A member the server gives in every language of the catalogue (``text_en``, ``text_it``,
 * ...: a section's paragraphs): the page's language's, else the English one. Named by the
 * language, never by a test of it, so a third language's member is read with no change here.
 * @param {{[field: string]: unknown}} entry
 * @param {string} name
 * @returns {unknown} */
export function memberInLang(entry, name) {
  return entry[`${name}_${getLang()}`] ?? entry[`${name}_en`];
}

/** A field given in every language by the server (``label_en``, ``label_it``, ...): the
 * page's language's, else the English one.
 * @param {{[field: string]: unknown}} entry
 * @param {string} name
 * @returns {string | undefined} */
export function inLang(entry, name) {
  const own = memberInLang(entry, name);
  return own === undefined || own === null ? undefined : String(own);
}

/** @param {Lang} lang */
export function setLang(lang) {
  localStorage.setItem(KEY, lang);
  document.documentElement.lang = lang;
}

/** Whether the current language (or English) has a string for key.
 * @param {string} key
 * @returns {boolean} */
export function hasString(key) {
  return STRINGS[getLang()][key] !== undefined || STRINGS.en[key] !== undefined;
}

/** The string for key in the current language, with {name} placeholders filled in.
 * @param {string} key
 * @param {{[name: string]: unknown}} [params]
 * @returns {string} */
export function t(key, params = {}) {
  const lang = getLang();
  let text = STRINGS[lang][key] ?? STRINGS.en[key] ?? key;
  for (const [name, value] of Object.entries(params)) {
    text = text.split("{" + name + "}").join(String(value));
  }
  return text;
}

/**
 * A counted string: key + ".one" when n is 1, key + ".other" otherwise (both languages
 * say "1 carta" / "2 carte" this way), with {n} and the other placeholders filled in.
 * @param {string} key
 * @param {number | string} n
 * @param {{[name: string]: unknown}} [params]
 * @returns {string}
 */
export function tn(key, n, params = {}) {
  return t(`${key}.${Number(n) === 1 ? "one" : "other"}`, { n, ...params });
}

/** The bot levels the lobby offers, weakest first (the server also takes "search"). */
export const BOT_LEVELS = ["beginner", "easy", "club", "expert", "master"];

/** Old level names, still found in stored tables and records: old name -> level.
 * @type {{[old: string]: string}} */
export const BOT_ALIASES = { random: "beginner", greedy: "easy", heuristic: "club", strong: "master" };

/** A bot level in the page's words ("Club player"); an old name ("heuristic") as its level
 * by `aliases`, a registered program's name as it is.
 * @param {string} level
 * @param {{[old: string]: string}} [aliases]
 * @returns {string} */
export function botLevelWords(level, aliases = BOT_ALIASES) {
  const name = Object.hasOwn(aliases, level) ? aliases[level] : level;
  const key = `bot.level.${name}`;
  const words = t(key);
  return words === key ? level : words;
}

/** The words for a seat's name: a bot's name in the page's language, a person's as typed.
 * @param {{seat?: number, name?: string, kind?: string} | null | undefined} seat
 * @returns {string} */
export function seatName(seat) {
  if (!seat) return "";
  const kind = String(seat.kind || "");
  if (kind.startsWith("bot:")) {
    return t("bot.name", { n: Number(seat.seat) + 1, level: botLevelWords(kind.slice(4)) });
  }
  return seat.name || kind;
}

/** A seat's name where the page shows who sits (the table's seats, the lobby's tables):
 * marked "(guest)" when the server says no rated identity sits there, so a guest "Anna"
 * is not taken for the rated one.
 * @param {{seat?: number, name?: string, kind?: string, guest?: boolean} | null | undefined} seat
 * @returns {string} */
export function seatNameMarked(seat) {
  const name = seatName(seat);
  return seat && seat.guest === true && seat.name ? t("seat.guest", { name }) : name;
}

/**
 * A seat's name in a finished match (GET /api/history, a replay), from the names and the
 * kinds it lists by seat: a bot's in the page's words, a person's as stored ("#N" when
 * the list has none; older servers sent {name} objects).
 * @param {(string | {name: string})[] | undefined} names
 * @param {string[] | undefined} kinds "human" or "bot:LEVEL"
 * @param {number} seat
 * @returns {string}
 */
export function recordSeatName(names, kinds, seat) {
  const s = (names || [])[seat];
  const kind = (kinds || [])[seat];
  if (kind && kind !== "human") return seatName({ seat, kind });
  return s === undefined ? `#${seat + 1}` : typeof s === "string" ? s : s.name;
}

/**
 * The sentence for an error the HTTP API answered ({code, message} in an ApiError): the
 * page's own words for a known code (a table refusal or a lobby error), the server's
 * English only for a code it does not know.
 * @param {unknown} err an ApiError, fetch's TypeError, or anything thrown
 * @returns {string}
 */
export function apiErrorText(err) {
  const { code: rawCode, message } = /** @type {{code?: unknown, message?: string}} */ (err || {});
  const code = rawCode ? String(rawCode) : "";
  const lang = getLang();
  for (const key of [`refuse.${code}`, `api.${code}`]) {
    if (code && STRINGS[lang][key] !== undefined) return t(key);
  }
  if (err instanceof TypeError) return t("api.network"); // fetch failed: no answer at all
  return message || code;
}

/**
 * The words for a refused move. With its ``facts`` (the engine's specifics, cards and
 * players already worded by the caller) the page's own sentence for that very problem
 * (``refuse.CODE.PROBLEM`` or ``refuse.CODE.facts``), in either language. Without them:
 * in English the engine's reason (the most specific), in another language the sentence
 * for the code — never English beside it. A code without words falls back to the
 * engine's text.
 * @param {string} code
 * @param {string} [message]
 * @param {{problem?: string, [name: string]: unknown} | null} [facts]
 * @returns {string}
 */
export function refusal(code, message = "", facts = null) {
  const lang = getLang();
  if (facts) {
    const key = `refuse.${code}.${facts.problem || "facts"}`;
    if (STRINGS[lang][key] !== undefined) return t(key, facts);
  }
  const own = STRINGS[lang]["refuse." + code];
  if (own === undefined) return message || code;
  if (lang === "en" && message) return message[0].toUpperCase() + message.slice(1);
  return own;
}

/** Plain words for a rule value (true/false, a choice, none, any).
 * @param {unknown} value
 * @returns {string} */
export function ruleValueWords(value) {
  if (value === true) return t("lobby.yes");
  if (value === false) return t("lobby.no");
  if (value === null || value === undefined) return t("lobby.none_value");
  if (value === "any") return t("lobby.any");
  const key = `choice.${String(value)}`;
  return hasString(key) ? t(key) : String(value);
}

/**
 * A table's rules in one line of the page's language, from the server's ``rules_facts``
 * (preset, opening points, how the match ends, the keys changed from the preset) and the
 * catalogue of GET /api/rules (the keys' labels and values in every language). Null when
 * there are no facts (an older server): the caller shows its English ``rules_summary``.
 * @param {import("./types.js").RulesFacts | null | undefined} facts
 * @param {import("./types.js").RulesCatalogue | null | undefined} catalogue
 * @returns {string | null}
 */
export function rulesSummary(facts, catalogue) {
  if (!facts || typeof facts !== "object") return null;
  const preset = (catalogue && catalogue.presets && catalogue.presets[facts.preset]) || {};
  const presetKey = `lobby.preset.${facts.preset}`;
  const presetWords = inLang(preset, "label") || (t(presetKey) === presetKey ? facts.preset : t(presetKey));
  const parts = [presetWords, tn("rules.opening", facts.opening_points)];
  if (facts.single_hand) parts.push(t("rules.singleHand"));
  else if (facts.target_total !== null && facts.target_total !== undefined) parts.push(t("rules.target", { n: facts.target_total }));
  else if (facts.fixed_hands !== null && facts.fixed_hands !== undefined) parts.push(tn("rules.fixedHands", facts.fixed_hands));
  else parts.push(t("rules.elimination", { n: facts.elimination }));
  const keys = (catalogue && catalogue.keys) || [];
  for (const [name, value] of Object.entries(facts.changes || {})) {
    /** @type {Partial<import("./types.js").RuleKey>} */
    const key = keys.find((k) => k.key === name) || {};
    const label = inLang(key, "label") || name;
    const choice = /** @type {import("./types.js").RuleChoice | undefined} */ (
      (key.choices || []).find((c) => c && typeof c === "object" && !Array.isArray(c) && c.value === value)
    );
    let words = choice ? inLang(choice, "label") : undefined;
    if (!words && value === null) words = inLang(key, "none_label");
    parts.push(`${label}: ${words || ruleValueWords(value)}`);
  }
  return parts.join("; ");
}

/** Fill every data-i18n element under root with its string.
 * @param {ParentNode} [root] */
export function applyI18n(root = document) {
  document.documentElement.lang = getLang();
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(data(el, "i18n"));
  for (const el of root.querySelectorAll("[data-i18n-title]")) /** @type {HTMLElement} */ (el).title = t(data(el, "i18nTitle"));
  for (const el of root.querySelectorAll("[data-i18n-aria]")) el.setAttribute("aria-label", t(data(el, "i18nAria")));
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) {
    /** @type {HTMLInputElement} */ (el).placeholder = t(data(el, "i18nPlaceholder"));
  }
}

/** An element's data-* attribute by its dataset name ("" when it has none).
 * @param {Element} el
 * @param {string} name
 * @returns {string} */
function data(el, name) {
  return /** @type {HTMLElement} */ (el).dataset[name] ?? "";
}

/** Wire a button that flips the language and calls onChange to redraw dynamic parts.
 * @param {HTMLElement} button
 * @param {() => void} [onChange] */
export function languageSwitch(button, onChange) {
  /** The language the button switches to: the next one of the catalogue, round. */
  const nextLang = () => LANGUAGES[(LANGUAGES.indexOf(getLang()) + 1) % LANGUAGES.length];
  const label = () => {
    button.textContent = STRINGS[nextLang()]["lang.name"];
  };
  label();
  button.addEventListener("click", () => {
    setLang(nextLang());
    applyI18n();
    label();
    if (onChange) onChange();
  });
}
