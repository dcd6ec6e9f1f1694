// What a screen reader says for a card (cards.js cardName) and for a meld on the table
// (cardnames.js), in both languages, from the VIEW's own fields.

import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { freshStorage, speak } from "./support.mjs";
import { cardName } from "../../src/scala40/server/static/js/cards.js";
import { meldName, meldWhat } from "../../src/scala40/server/static/js/cardnames.js";

beforeEach(() => {
  freshStorage();
  speak("en");
});

test("a card by its rank and suit, the ranks in words", () => {
  assert.equal(cardName("2H"), "two of hearts");
  assert.equal(cardName("10D"), "ten of diamonds");
  assert.equal(cardName("QS"), "queen of spades");
  assert.equal(cardName("AC"), "ace of clubs");
  speak("it");
  assert.equal(cardName("2H"), "due di cuori");
  assert.equal(cardName("JD"), "fante di quadri");
  assert.equal(cardName("KS"), "re di picche");
});

test("a joker alone, and a joker in a meld by the card it stands for", () => {
  assert.equal(cardName("JK"), "joker");
  assert.equal(cardName("JK=7C"), "joker standing for the seven of clubs");
  speak("it");
  assert.equal(cardName("JK"), "jolly");
  assert.equal(cardName("JK=7C"), "jolly al posto del sette di fiori");
  assert.equal(cardName("JK=AH"), "jolly al posto dell'asso di cuori");
  assert.equal(cardName("JK=QD"), "jolly al posto della donna di quadri");
});

test("a run by its suit and ends (the ace above the king is an ace), a set by its rank", () => {
  const run = { id: 0, kind: "run", cards: ["3H", "4H", "JK=5H", "6H"], suit: "H", lo: 3, hi: 6, points: 18 };
  const high = { id: 1, kind: "run", cards: ["QS", "KS", "AS"], suit: "S", lo: 12, hi: 14, points: 31 };
  const set = { id: 2, kind: "set", cards: ["KH", "KD", "KC"], rank: 13, points: 30 };
  const four = { id: 3, kind: "set", cards: ["7H", "7D", "7C", "JK=7S"], rank: 7, points: 28 };
  assert.equal(meldWhat(run), "run of hearts from three to six");
  assert.equal(meldWhat(high), "run of spades from queen to ace");
  assert.equal(meldWhat(set), "set of three kings");
  assert.equal(meldName(four), "Meld 4: set of four sevens, 28 points");
  speak("it");
  assert.equal(meldWhat(run), "scala di cuori da tre a sei");
  assert.equal(meldWhat(set), "tris di re");
  assert.equal(meldName(four), "Combinazione 4: poker di sette, 28 punti");
});
