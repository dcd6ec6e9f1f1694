// A rating in the page's words (static/js/rating.js): provisional with the matches played,
// never a negative first figure; the number once placed; the match-end change signed.

import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { freshStorage, speak } from "./support.mjs";
import { ratingChangeWords, ratingWords } from "../../src/scala40/server/static/js/rating.js";

beforeEach(() => {
  freshStorage();
});

test("a new player's rating after one loss is provisional, not -1.8", () => {
  speak("en");
  assert.equal(ratingWords({ rating: -1.8, matches: 1, provisional: true }), "provisional · 1 match");
  assert.equal(ratingWords({ rating: -3.1, matches: 2, provisional: true }), "provisional · 2 matches");
  speak("it");
  assert.equal(ratingWords({ rating: -1.8, matches: 1, provisional: true }), "provvisorio · 1 partita");
  assert.equal(ratingWords({ rating: -3.1, matches: 2, provisional: true }), "provvisorio · 2 partite");
  // A history line carries no count: the caller says which match it was.
  assert.equal(ratingWords({ rating: 0.4, provisional: true }, { matches: 3 }), "provvisorio · 3 partite");
  assert.equal(ratingWords({ rating: -1.8, matches: 1, provisional: true }, { short: true }), "provvisorio");
});

test("a placed rating is its number, in the page's language", () => {
  speak("en");
  assert.equal(ratingWords({ rating: 12.25, matches: 9, provisional: false }), "12.3");
  speak("it");
  assert.equal(ratingWords({ rating: 12.25, matches: 9, provisional: false }), "12,3");
  // An older server sends no provisional flag: its number as before.
  assert.equal(ratingWords({ rating: -2, matches: 9 }), "-2,0");
});

test("the match end shows the change signed, or provisional", () => {
  speak("en");
  const c = (change, matches, provisional) => ({ before: 10, after: 10 + change, change, matches, provisional });
  assert.equal(ratingChangeWords(c(0.8, 7, false)), "+0.8");
  assert.equal(ratingChangeWords(c(-1.2, 7, false)), "-1.2");
  assert.equal(ratingChangeWords(c(0, 7, false)), "0.0");
  assert.equal(ratingChangeWords(c(-1.8, 1, true)), "provisional · 1 match");
  speak("it");
  assert.equal(ratingChangeWords(c(0.8, 7, false)), "+0,8");
  assert.equal(ratingChangeWords(c(-1.8, 1, true)), "provvisorio · 1 partita");
});
