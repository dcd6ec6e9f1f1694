// Made by scripts/build_pages.py from static/js/ (esbuild): edit those, not this.
import {
  t
} from "./chunk-RCI7G432.js";

// cards.js
var SUITS = ["H", "D", "C", "S"];
var SUIT_SYMBOL = { H: "\u2665", D: "\u2666", C: "\u2663", S: "\u2660" };
var RANK_OF = { A: 1, J: 11, Q: 12, K: 13, T: 10 };
var RANK_TEXT = ["", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
function parseCard(text) {
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
function cardText(rank, suit) {
  return RANK_TEXT[rank] + suit;
}
function prettyCard(text) {
  const c = parseCard(text);
  if (c.joker) return c.declared ? `JK(${prettyCard(c.declared.text)})` : "JK";
  return RANK_TEXT[c.rank] + SUIT_SYMBOL[c.suit];
}
function prettyCards(texts) {
  return texts.map(prettyCard).join(" ");
}
function rankWord(form, rank) {
  return t(`say.${form}.${rank === 14 ? 1 : rank}`);
}
function cardName(text) {
  const c = parseCard(text);
  if (c.joker) {
    const d = c.declared;
    return d ? t("say.jokerFor", { the: rankWord("the", d.rank), suit: t(`say.suit.${d.suit}`) }) : t("say.joker");
  }
  return t("say.card", { rank: rankWord("rank", c.rank), suit: t(`say.suit.${c.suit}`) });
}
function cardElement(text, { small = false } = {}) {
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
    star.textContent = "\u2605";
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
function cardButton(el, pressed) {
  const face = (
    /** @type {HTMLElement} */
    el.querySelector(".corner")
  );
  face.removeAttribute("aria-hidden");
  face.setAttribute("role", "img");
  face.setAttribute("aria-label", el.getAttribute("aria-label") ?? "");
  el.removeAttribute("aria-label");
  el.setAttribute("role", "button");
  el.setAttribute("aria-pressed", String(pressed));
  el.tabIndex = 0;
}
function cardBack({ small = false } = {}) {
  const el = document.createElement("div");
  el.className = "card back" + (small ? " small" : "");
  el.setAttribute("aria-hidden", "true");
  return el;
}
function isRed(c) {
  return c.suit === "H" || c.suit === "D";
}
function sortKey(text, by) {
  const c = parseCard(text);
  if (c.joker) return 1e3;
  const s = SUITS.indexOf(c.suit);
  return by === "rank" ? c.rank * 4 + s : s * 20 + c.rank;
}
function selectionKey(texts) {
  return texts.map((x) => parseCard(x).joker ? "JK" : parseCard(x).text).sort().join(" ");
}
function actionCards(action) {
  if (!action) return [];
  const strip = (t2) => t2.startsWith("JK") ? "JK" : t2;
  if (action.melds) return action.melds.flat().map(strip);
  if (action.cards) return action.cards.map(strip);
  if (action.card) return [strip(action.card)];
  return [];
}
function sameCard(a, b) {
  const x = parseCard(a);
  const y = parseCard(b);
  return x.joker ? y.joker : !y.joker && x.rank === y.rank && x.suit === y.suit;
}

export {
  SUITS,
  SUIT_SYMBOL,
  parseCard,
  cardText,
  prettyCard,
  prettyCards,
  rankWord,
  cardElement,
  cardButton,
  cardBack,
  sortKey,
  selectionKey,
  actionCards,
  sameCard
};
