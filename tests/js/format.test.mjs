// static/js/format.js: numbers and dates in the page's language (the ratings' and the
// leagues' pages), and "—" for what is not there.

import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { freshStorage, speak } from "./support.mjs";
import { count, locale, number, shortDate } from "../../src/scala40/server/static/js/format.js";

beforeEach(() => {
  freshStorage();
  speak("en");
});

test("the locale follows the page's language", () => {
  assert.equal(locale(), "en-GB");
  speak("it");
  assert.equal(locale(), "it"); // Intl's Italian: the same as it-IT
  assert.equal(new Date(Date.UTC(2026, 11, 6)).toLocaleDateString(locale(), { timeZone: "UTC" }), "06/12/2026"); // as it-IT writes it
});

test("a number with its decimals, in the language's way", () => {
  assert.equal(number(12.345), "12.3");
  assert.equal(number(3, 0), "3");
  assert.equal(number("7.25", 2), "7.25");
  speak("it");
  assert.equal(number(12.345), "12,3");
});

test("nothing, or what is no number, is a dash", () => {
  assert.equal(number(null), "—");
  assert.equal(number(undefined), "—");
  assert.equal(number("abc"), "—");
  assert.equal(count(null), "—");
  assert.equal(count(undefined), "—");
  assert.equal(count(0), "0");
  assert.equal(count(12), "12");
});

test("a day from an ISO moment; what cannot be read, as it is", () => {
  assert.equal(shortDate("2026-05-03T10:00:00Z"), "3 May 2026");
  speak("it");
  assert.equal(shortDate("2026-05-03T10:00:00Z"), "3 mag 2026");
  assert.equal(shortDate("not a date"), "not a date");
  assert.equal(shortDate(""), "");
  assert.equal(shortDate(null), "");
});
