// @ts-check
// Cards as the notation writes them ("7H", "10H", "JK", "JK=7D"): reading, drawing and
// sorting. No rule lives here: what makes a meld and what it is worth come from the
// server's VIEW (legal.melds, each table meld's points), decided by the engine.

import { t } from "./i18n.js";

/** @typedef {import("./types.js").Card} Card */

/**
 * A card read: its text, joker or not, rank (1..13, 0 for a joker), suit ("H".."S" or "")
 * and, for a joker that stands for a card, that card read.
 * @typedef {object} ParsedCard
 * @property {string} text
 * @property {boolean} joker
 * @property {number} rank
 * @property {string} suit
 * @property {ParsedCard | null} declared
 */

export const SUITS = ["H", "D", "C", "S"]; // the engine's suit order
/** @type {{[suit: string]: string}} */
export const SUIT_SYMBOL = { H: "♥", D: "♦", C: "♣", S: "♠" };
/** @type {{[rank: string]: number}} */
const RANK_OF = { A: 1, J: 11, Q: 12, K: 13, T: 10 };
const RANK_TEXT = ["", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];

/** {text, joker, rank (1..13, 0 for a joker), suit ("H".."S" or ""), declared (card or null)}
 * @param {Card} text
 * @returns {ParsedCard} */
export function parseCard(text) {
  const raw = String(text).trim().toUpperCase();
  if (raw.startsWith("JK")) {
    const declared = raw.includes("=") ? parseCard(raw.split("=")[1]) : null;
    return { text: raw, joker: true, rank: 0, suit: "", declared };
  }
  const suit = raw.slice(-1);
  const r = raw.slice(0, -1);
  const rank = RANK_OF[r] ?? Number.parseInt(r, 10);
  return { text: raw, joker: false, rank, suit, declared: null };
}

/** The text of the card of this rank and suit ("10H").
 * @param {number} rank
 * @param {string} suit
 * @returns {Card} */
export function cardText(rank, suit) {
  return RANK_TEXT[rank] + suit;
}

/** "7♥", "JK", "JK(7♦)" for people.
 * @param {Card} text
 * @returns {string} */
export function prettyCard(text) {
  const c = parseCard(text);
  if (c.joker) return c.declared ? `JK(${prettyCard(c.declared.text)})` : "JK";
  return RANK_TEXT[c.rank] + SUIT_SYMBOL[c.suit];
}

/** Cards for people, one space between them.
 * @param {Card[]} texts
 * @returns {string} */
export function prettyCards(texts) {
  return texts.map(prettyCard).join(" ");
}

/** A rank's spoken word (1..13; 14, the ace above the king, is the ace).
 * @param {"rank" | "the" | "many"} form "rank" alone, "the" for "the seven" / "del sette", "many" for a set
 * @param {number} rank
 * @returns {string} */
export function rankWord(form, rank) {
  return t(`say.${form}.${rank === 14 ? 1 : rank}`);
}

/** A card's spoken name: "two of hearts", "joker", "joker standing for the seven of clubs".
 * @param {Card} text
 * @returns {string} */
export function cardName(text) {
  const c = parseCard(text);
  if (c.joker) {
    const d = c.declared;
    return d ? t("say.jokerFor", { the: rankWord("the", d.rank), suit: t(`say.suit.${d.suit}`) }) : t("say.joker");
  }
  return t("say.card", { rank: rankWord("rank", c.rank), suit: t(`say.suit.${c.suit}`) });
}

/** A card drawn as HTML: rank and suit in the corner, a big suit in the middle. Its
 * glyphs are hidden from a screen reader, which hears its name instead (role img; a card
 * of the hand is made a button by cardButton).
 * @param {Card} text
 * @param {{small?: boolean}} [options]
 * @returns {HTMLElement} */
export function cardElement(text, { small = false } = {}) {
  const c = parseCard(text);
  const el = document.createElement("div");
  el.className = "card" + (small ? " small" : "");
  el.dataset.card = c.text;
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", cardName(c.text));
  if (c.joker) {
    el.classList.add("joker");
    const star = document.createElement("span");
    star.className = "pip";
    star.textContent = "★";
    const word = document.createElement("span");
    word.className = "corner";
    word.textContent = "JK";
    for (const glyph of [star, word]) glyph.setAttribute("aria-hidden", "true");
    el.append(word, star);
    if (c.declared) {
      const as = document.createElement("span");
      as.setAttribute("aria-hidden", "true");
      as.className = "as " + (isRed(c.declared) ? "red" : "black");
      as.textContent = "=" + RANK_TEXT[c.declared.rank] + SUIT_SYMBOL[c.declared.suit];
      el.append(as);
    }
    el.title = c.declared ? t("card.jokerAs", { card: prettyCard(c.declared.text) }) : t("card.joker");
    return el;
  }
  el.classList.add(isRed(c) ? "red" : "black");
  const corner = document.createElement("span");
  corner.className = "corner";
  corner.innerHTML = `${RANK_TEXT[c.rank]}<br>${SUIT_SYMBOL[c.suit]}`;
  const pip = document.createElement("span");
  pip.className = "pip";
  pip.textContent = SUIT_SYMBOL[c.suit];
  for (const glyph of [corner, pip]) glyph.setAttribute("aria-hidden", "true");
  el.append(corner, pip);
  el.title = prettyCard(c.text);
  return el;
}

/** Make a drawn card a toggle button (a card of the hand): its name moves from the card to
 * its corner, drawn as a picture of the card, so the button is named by its content ("due
 * di cuori", pressed or not) and no visible text is missing from that name.
 * @param {HTMLElement} el a card from cardElement
 * @param {boolean} pressed selected */
export function cardButton(el, pressed) {
  const face = /** @type {HTMLElement} */ (el.querySelector(".corner"));
  face.removeAttribute("aria-hidden");
  face.setAttribute("role", "img");
  face.setAttribute("aria-label", el.getAttribute("aria-label") ?? "");
  el.removeAttribute("aria-label");
  el.setAttribute("role", "button");
  el.setAttribute("aria-pressed", String(pressed));
  el.tabIndex = 0;
}

/** A face-down card (the stock).
 * @param {{small?: boolean}} [options]
 * @returns {HTMLElement} */
export function cardBack({ small = false } = {}) {
  const el = document.createElement("div");
  el.className = "card back" + (small ? " small" : "");
  el.setAttribute("aria-hidden", "true"); // its pile says what it is
  return el;
}

/** @param {ParsedCard} c */
function isRed(c) {
  return c.suit === "H" || c.suit === "D";
}

/** Sort key: by suit (suit, then rank) or by rank (rank, then suit); jokers last.
 * @param {Card} text
 * @param {string} by "suit" or "rank"
 * @returns {number} */
export function sortKey(text, by) {
  const c = parseCard(text);
  if (c.joker) return 1000;
  const s = SUITS.indexOf(c.suit);
  return by === "rank" ? c.rank * 4 + s : s * 20 + c.rank;
}

/**
 * The cards a selection holds, as one text: card texts sorted, every joker "JK" whatever
 * it stands for. A selection and a meld the server lists (legal.melds) lay the same cards
 * exactly when their keys are equal: the page looks the selection up, it does not judge it.
 * @param {Card[]} texts
 * @returns {string}
 */
export function selectionKey(texts) {
  return texts.map((x) => (parseCard(x).joker ? "JK" : parseCard(x).text)).sort().join(" ");
}

/** Every card text an action names (to highlight a hint's cards).
 * @param {{card?: Card, cards?: Card[], melds?: Card[][]} | null | undefined} action
 * @returns {Card[]} */
export function actionCards(action) {
  if (!action) return [];
  /** @param {Card} t */
  const strip = (t) => (t.startsWith("JK") ? "JK" : t);
  if (action.melds) return action.melds.flat().map(strip);
  if (action.cards) return action.cards.map(strip);
  if (action.card) return [strip(action.card)];
  return [];
}

/** Whether two card texts are the same card (a joker is a joker, whatever it stands for).
 * @param {Card} a
 * @param {Card} b
 * @returns {boolean} */
export function sameCard(a, b) {
  const x = parseCard(a);
  const y = parseCard(b);
  return x.joker ? y.joker : !y.joker && x.rank === y.rank && x.suit === y.suit;
}
