// Cards as the notation writes them ("7H", "10H", "JK", "JK=7D"): reading, drawing,
// sorting, and the points of a meld (RULES.md §2) so the opening total shows before sending.

import { t } from "./i18n.js";

export const SUITS = ["H", "D", "C", "S"]; // the engine's suit order
export const SUIT_SYMBOL = { H: "♥", D: "♦", C: "♣", S: "♠" };
const RANK_OF = { A: 1, J: 11, Q: 12, K: 13, T: 10 };
const RANK_TEXT = ["", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];

/** {text, joker, rank (1..13, 0 for a joker), suit ("H".."S" or ""), declared (card or null)} */
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

export function cardText(rank, suit) {
  return RANK_TEXT[rank] + suit;
}

/** "7♥", "JK", "JK(7♦)" for people. */
export function prettyCard(text) {
  const c = parseCard(text);
  if (c.joker) return c.declared ? `JK(${prettyCard(c.declared.text)})` : "JK";
  return RANK_TEXT[c.rank] + SUIT_SYMBOL[c.suit];
}

export function prettyCards(texts) {
  return texts.map(prettyCard).join(" ");
}

/** A card drawn as HTML: rank and suit in the corner, a big suit in the middle. */
export function cardElement(text, { small = false } = {}) {
  const c = parseCard(text);
  const el = document.createElement("div");
  el.className = "card" + (small ? " small" : "");
  el.dataset.card = c.text;
  if (c.joker) {
    el.classList.add("joker");
    const star = document.createElement("span");
    star.className = "pip";
    star.textContent = "★";
    const word = document.createElement("span");
    word.className = "corner";
    word.textContent = "JK";
    el.append(word, star);
    if (c.declared) {
      const as = document.createElement("span");
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
  el.append(corner, pip);
  el.title = prettyCard(c.text);
  return el;
}

/** A face-down card (the stock). */
export function cardBack({ small = false } = {}) {
  const el = document.createElement("div");
  el.className = "card back" + (small ? " small" : "");
  return el;
}

function isRed(c) {
  return c.suit === "H" || c.suit === "D";
}

/** Value of a rank on the table; rank 14 is an ace above the king (RULES.md §2). */
export function rankValue(rank, faceValues = "standard") {
  if (faceValues === "high") return rank;
  if (rank === 1) return 1;
  if (rank === 14) return 11;
  return Math.min(rank, 10);
}

/** What a card left in hand costs at the end of a hand. */
export function penalty(text, faceValues = "standard") {
  const c = parseCard(text);
  if (c.joker) return faceValues === "high" ? 14 : 25;
  return rankValue(c.rank === 1 ? 14 : c.rank, faceValues);
}

/** Sort key: by suit (suit, then rank) or by rank (rank, then suit); jokers last. */
export function sortKey(text, by) {
  const c = parseCard(text);
  if (c.joker) return 1000;
  const s = SUITS.indexOf(c.suit);
  return by === "rank" ? c.rank * 4 + s : s * 20 + c.rank;
}

/**
 * Read the cards of a table meld ("JS", "QS", "JK=KS" in table order) as
 * {kind: "run"|"set", suit, lo, hi, rank, slots: [{text, joker, rank, suit}]}
 * where a run's ranks go lo..hi (an ace on top is 14) and each joker shows what it is.
 */
export function readTableMeld(meld) {
  const cards = meld.cards.map(parseCard);
  const idents = cards.map((c) => (c.joker ? c.declared : c));
  if (meld.kind === "set") {
    const known = idents.find((x) => x);
    return { kind: "set", rank: known ? known.rank : 0, cards, idents };
  }
  const suit = (idents.find((x) => x) || {}).suit || "";
  const ranks = idents.map((x) => (x ? x.rank : 0));
  // Ranks ascend in table order; an ace after a king (or at the end of a long run) is 14.
  let lo = ranks[0];
  if (lo === 1 && ranks.length > 1 && ranks[1] !== 2) lo = 14;
  const n = cards.length;
  if (lo === 14) lo = 14 - n + 1;
  if (!lo) lo = (ranks[1] || 2) - 1;
  return { kind: "run", suit, lo, hi: lo + n - 1, cards, idents };
}

/** Points of a meld already laid out as table-order texts with every joker declared. */
export function meldPoints(texts, faceValues = "standard") {
  const plan = readTableMeld({ kind: guessKind(texts), cards: texts });
  if (plan.kind === "set") {
    return texts.length * rankValue(plan.rank === 1 ? 14 : plan.rank, faceValues);
  }
  let sum = 0;
  for (let r = plan.lo; r <= plan.hi; r++) sum += rankValue(r, faceValues);
  return sum;
}

function guessKind(texts) {
  const ids = texts.map(parseCard).map((c) => (c.joker ? c.declared : c)).filter(Boolean);
  return new Set(ids.map((c) => c.rank)).size === 1 && ids.length > 1 ? "set" : "run";
}

/**
 * Arrange cards chosen from the hand into a new meld the engine reads unambiguously.
 * Returns {ok: true, kind, options: [[texts...], ...]} (one option per way the jokers
 * can be read; several only when the player must choose, e.g. which end of a run a spare
 * joker goes to, or which suit a joker is in a set of three) or {ok: false, why}.
 * Every joker in an option carries its identity ("JK=6S").
 */
export function planMeld(texts, { maxJokers = 1 } = {}) {
  const cards = texts.map(parseCard);
  const naturals = cards.filter((c) => !c.joker);
  const jokers = cards.length - naturals.length;
  if (cards.length < 3) return { ok: false, code: "too_few", why: "a meld needs at least 3 cards" };
  if (!naturals.length) return { ok: false, code: "only_jokers", why: "a meld of only jokers is never legal" };
  if (jokers > maxJokers) return { ok: false, code: "too_many_jokers", n: maxJokers, why: `at most ${maxJokers} joker(s) per meld` };
  const ranks = new Set(naturals.map((c) => c.rank));
  const suits = new Set(naturals.map((c) => c.suit));
  if (ranks.size === 1 && (naturals.length > 1 || jokers === 0)) {
    return planSet(naturals, jokers);
  }
  if (suits.size === 1) return planRun(naturals, jokers);
  if (ranks.size === 1) return planSet(naturals, jokers);
  return { ok: false, code: "neither", why: "neither a run (one suit, in sequence) nor a set (one rank)" };
}

function planSet(naturals, jokers) {
  const rank = naturals[0].rank;
  const have = naturals.map((c) => c.suit);
  if (new Set(have).size !== have.length) {
    return { ok: false, code: "set_suits", why: "a set needs cards of different suits" };
  }
  if (have.length + jokers > 4) return { ok: false, code: "set_size", why: "a set holds at most 4 cards" };
  const missing = SUITS.filter((s) => !have.includes(s));
  const base = naturals.map((c) => c.text);
  if (!jokers) return { ok: true, kind: "set", options: [base] };
  const options = combos(missing, jokers).map((suitsFor) => [
    ...base,
    ...suitsFor.map((s) => "JK=" + cardText(rank, s)),
  ]);
  return { ok: true, kind: "set", options };
}

function combos(items, k) {
  if (k === 0) return [[]];
  const out = [];
  items.forEach((x, i) => {
    for (const rest of combos(items.slice(i + 1), k - 1)) out.push([x, ...rest]);
  });
  return out;
}

function planRun(naturals, jokers) {
  const suit = naturals[0].suit;
  const out = [];
  const aceOptions = naturals.some((c) => c.rank === 1) ? [1, 14] : [1];
  for (const ace of aceOptions) {
    const ranks = naturals.map((c) => (c.rank === 1 ? ace : c.rank)).sort((a, b) => a - b);
    if (new Set(ranks).size !== ranks.length) continue;
    const lo = ranks[0];
    const hi = ranks[ranks.length - 1];
    const gaps = hi - lo + 1 - ranks.length;
    if (gaps > jokers) continue;
    const spare = jokers - gaps;
    const n = ranks.length + jokers;
    // Spare jokers go below or above; every split that stays within A..A(14) is an option.
    for (let below = spare; below >= 0; below--) {
      const start = lo - below;
      const end = start + n - 1;
      if (start < 1 || end > 14) continue;
      const texts = [];
      for (let r = start; r <= end; r++) {
        const natural = ranks.includes(r);
        texts.push(natural ? cardText(r, suit) : "JK=" + cardText(r, suit));
      }
      const key = texts.join(" ");
      if (!out.some((o) => o.join(" ") === key)) out.push(texts);
    }
  }
  if (!out.length) return { ok: false, code: "run_gap", why: "a run needs consecutive cards of one suit" };
  // Prefer spare jokers on top (the usual way to lay them); the caller asks only if several.
  out.sort((a, b) => meldPoints(b) - meldPoints(a));
  return { ok: true, kind: "run", options: out };
}

/**
 * Where `text` can go on a table meld: a list of {end, declared} choices ([] = nowhere).
 * Used only to ask "low or high end?" or "which suit?" when the answer is not forced.
 */
export function layoffChoices(meld, text) {
  const m = readTableMeld(meld);
  const c = parseCard(text);
  if (m.kind === "set") {
    if (m.cards.length >= 4) return [];
    const present = m.idents.filter(Boolean).map((x) => x.suit);
    const missing = SUITS.filter((s) => !present.includes(s));
    if (c.joker) return missing.map((s) => ({ end: null, declared: cardText(m.rank, s) }));
    return c.rank === m.rank && missing.includes(c.suit) ? [{ end: null, declared: null }] : [];
  }
  const out = [];
  if (c.joker) {
    if (m.lo > 1) out.push({ end: "low", declared: null, as: cardText(m.lo - 1, m.suit) });
    if (m.hi < 14) out.push({ end: "high", declared: null, as: cardText(m.hi + 1, m.suit) });
    return out;
  }
  if (c.suit !== m.suit) return [];
  if (c.rank === m.lo - 1) out.push({ end: "low", declared: null });
  if (c.rank === m.hi + 1 || (c.rank === 1 && m.hi === 13)) out.push({ end: "high", declared: null });
  return out;
}

/** True when `text` is the natural card one of the meld's jokers stands for (a swap). */
export function swapsJoker(meld, text) {
  const c = parseCard(text);
  if (c.joker) return false;
  return meld.cards.some((t) => {
    const x = parseCard(t);
    return x.joker && x.declared && x.declared.rank === c.rank && x.declared.suit === c.suit;
  });
}

/** Every card text an action names (to highlight a hint's cards). */
export function actionCards(action) {
  if (!action) return [];
  const strip = (t) => (t.startsWith("JK") ? "JK" : t);
  if (action.melds) return action.melds.flat().map(strip);
  if (action.cards) return action.cards.map(strip);
  if (action.card) return [strip(action.card)];
  return [];
}
