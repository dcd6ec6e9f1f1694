// The pause after a hand in the page's words (static/js/table/pause.js): the seconds left
// to the VIEW's `until`, and whom the table still waits for, in both languages.

import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { freshStorage, speak } from "./support.mjs";
import { pauseWords } from "../../src/scala40/server/static/js/table/pause.js";

beforeEach(() => {
  freshStorage();
});

const nameOf = (seat) => ["Anna", "Bruno", "Carla"][seat] ?? `#${seat}`;
const now = 1_733_300_000_000;
const pause = (waiting, seconds) => ({ hand: 3, until: now / 1000 + seconds, waiting });

test("the summary counts down to the next hand and names who is still reading", () => {
  speak("en");
  assert.equal(pauseWords(pause([0], 24), now, nameOf, 2), "Next hand in 24 s — waiting for Anna");
  assert.equal(pauseWords(pause([0, 1], 1), now, nameOf, 2), "Next hand in 1 s — waiting for Anna and Bruno");
  speak("it");
  assert.equal(pauseWords(pause([0], 24), now, nameOf, 2), "Prossima mano tra 24 s — in attesa di Anna");
  assert.equal(pauseWords(pause([0, 1], 1), now, nameOf, 2), "Prossima mano tra 1 s — in attesa di Anna e Bruno");
});

test("the viewer still reading is named first, as you", () => {
  speak("en");
  assert.equal(pauseWords(pause([0, 2], 10), now, nameOf, 2), "Next hand in 10 s — waiting for you and Anna");
  speak("it");
  assert.equal(pauseWords(pause([0, 2], 10), now, nameOf, 2), "Prossima mano tra 10 s — in attesa di te e Anna");
  // A spectator (-1) is never "you".
  speak("en");
  assert.equal(pauseWords(pause([0, 2], 10), now, nameOf, -1), "Next hand in 10 s — waiting for Anna and Carla");
});

test("past its end the countdown says 0, never a negative number", () => {
  speak("en");
  assert.equal(pauseWords(pause([1], -3), now, nameOf, 0), "Next hand in 0 s — waiting for Bruno");
  assert.equal(pauseWords(pause([], 5), now, nameOf, 0), "Next hand in 5 s");
});
