// @ts-check
// The page's sentences for what the server sends (events, a refusal's facts, the engine's
// reasons, a hint's move, the connection's state), in the page's language. No DOM and no
// page state: a seat's name comes from the caller.

import { parseCard, prettyCard, prettyCards, rankWord } from "../cards.js";
import { refusal, t } from "../i18n.js";

/** @typedef {import("../types.js").Card} Card */
/** @typedef {import("../types.js").GameEvent} GameEvent */
/** @typedef {import("../types.js").Reason} Reason */
/** @typedef {(seat: number) => string} NameOf a seat's player's name */
/** @typedef {{[name: string]: unknown}} Facts */

/** One event of the log in the page's language ("" for a kind the page does not word).
 * @param {GameEvent} ev
 * @param {NameOf} nameOf
 * @returns {string} */
export function eventLine(ev, nameOf) {
  const name = ev.seat !== undefined && ev.seat !== null ? nameOf(ev.seat) : "";
  const cards = ev.melds ? ev.melds.map((m) => prettyCards(m)).join(" | ") : ev.cards ? prettyCards(ev.cards) : "";
  const key = `ev.${ev.type}`;
  // A seat changing hands names both: the newcomer (ev.name, or the seat's name once it
  // is theirs) and the bot it replaces (the seat's name until then, or ev.was).
  const who = ev.name ?? name;
  const was = ev.was ?? name;
  const text = t(key, { name: who, was, card: ev.card ? prettyCard(ev.card) : "", cards });
  return text === key ? "" : text;
}

/** A refusal's facts ready for the page's sentences: cards as the page shows them, a seat
 * as its player's name, numbers as they are.
 * @param {Facts | null | undefined} facts
 * @param {NameOf} nameOf
 * @returns {Facts | null} */
export function factWords(facts, nameOf) {
  if (!facts || typeof facts !== "object") return null;
  /** @type {Facts} */
  const out = { ...facts };
  /** @param {Card} c */
  const one = (c) => (parseCard(c).joker && !parseCard(c).declared ? t("card.joker") : prettyCard(c));
  if (typeof facts.card === "string") out.card = one(facts.card);
  if (Array.isArray(facts.cards)) out.cards = prettyCards(facts.cards);
  if (Number.isInteger(facts.seat)) out.name = nameOf(Number(facts.seat));
  return out;
}

/** Words for one of the engine's reasons sent with the view: for a reason about a card,
 * the page's sentence for the code naming that card as the page shows cards ("Joker",
 * "10♥", not the engine's "JK"); otherwise the refusal words for the code (the engine's
 * own sentence in English).
 * @param {Reason & {facts?: Facts | null}} reason
 * @param {NameOf} nameOf
 * @returns {string} */
export function reasonWords(reason, nameOf) {
  const key = `why.${reason.code}`;
  if (reason.card || reason.taken) {
    /** @param {Card | undefined} c */
    const name = (c) => (!c ? "" : parseCard(c).joker ? t("card.joker") : prettyCard(c));
    const text = t(key, { card: name(reason.card), taken: name(reason.taken) });
    if (text !== key) return text;
  }
  return refusal(reason.code, reason.message, factWords(reason.facts, nameOf));
}

/** The hint's move in the page's language (the server explains it in English).
 * @param {import("./state.js").Action | null | undefined} a
 * @returns {string} */
export function hintHeadline(a) {
  if (!a) return "";
  const cards = a.melds ? a.melds.map(prettyCards).join(" | ") : a.cards ? prettyCards(a.cards) : "";
  const card = a.card ? prettyCard(a.declared ? `JK=${a.declared}` : a.card) : "";
  const key = `hint.${a.type}`;
  const text = t(key, { card, cards, target: a.target !== undefined ? a.target + 1 : "" });
  return text === key ? "" : text;
}

/** The connection's state in the page's language ("" for none to show).
 * @param {import("./state.js").ConnectionStatus} kind
 * @param {string | number} [detail] the seconds before a retry
 * @returns {string} */
export function connWords(kind, detail) {
  if (kind === "open") return t("table.connected");
  if (kind === "connecting") return t("table.connecting");
  if (kind === "retry") return t("table.reconnecting", { s: detail });
  if (kind === "replaced") return t("table.replaced");
  if (kind === "gone") return t("table.gone");
  if (kind === "crowded") return t("watch.crowded");
  return "";
}

/** One of the hint's reasons in the page's language, with the reasons under it: the
 * server sends facts (a code and the cards, melds and number it names), never words.
 * @param {import("../types.js").HintReason} r
 * @returns {string} */
export function reasonText(r) {
  const key = r.code === "waits_set" && !(r.cards || []).length ? "hintwhy.waits_set_none" : `hintwhy.${r.code}`;
  const text = t(key, {
    card: r.card ? (parseCard(r.card).joker ? t("card.joker") : prettyCard(r.card)) : "",
    cards: (r.cards || []).map(prettyCard).join(", "),
    melds: (r.melds || []).map(prettyCards).join(" + "),
    n: r.number ?? "",
    rank: r.number ? rankWord("many", r.number) : "",
    because: (r.because || []).map(reasonText).join(t("hintwhy.and")),
  });
  return text === key ? "" : text;
}

/** A hint's reasons, one per step of the turn, in the page's language ("" for none).
 * @param {import("../types.js").HintReason[] | undefined} reasons
 * @returns {string} */
export function hintReasonsText(reasons) {
  return (reasons || []).map(reasonText).filter((x) => x).join(t("hintwhy.then"));
}
