// The pure part of static/js/i18n.js: the dictionary, the lookups with their blanks and
// counts, and the words made from codes (bots, seats, errors, refusals, rule values).

import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { freshStorage, speak } from "./support.mjs";
import {
  LANGUAGES,
  apiErrorText,
  botLevelWords,
  dictionary,
  getLang,
  hasString,
  refusal,
  recordSeatName,
  ruleValueWords,
  rulesSummary,
  seatName,
  seatNameMarked,
  t,
  tn,
} from "../../src/scala40/server/static/js/i18n.js";
import { ApiError } from "../../src/scala40/server/static/js/api.js";

beforeEach(() => {
  freshStorage();
  speak("en");
});

const blanks = (text) => (text.match(/\{\w+\}/g) || []).sort();

test("English and Italian have the same keys, each with the same blanks", () => {
  assert.deepEqual(LANGUAGES, ["en", "it"]);
  const en = dictionary("en");
  const it = dictionary("it");
  assert.deepEqual(Object.keys(it).sort(), Object.keys(en).sort());
  for (const key of Object.keys(en)) assert.deepEqual(blanks(it[key]), blanks(en[key]), key);
});

test("dictionary gives a copy", () => {
  const en = dictionary("en");
  en["nav.lobby"] = "changed";
  assert.equal(dictionary("en")["nav.lobby"], "Lobby");
});

test("the score sheet's words are in the dictionary, as the page always said them", () => {
  assert.equal(t("score.title"), "Score sheet");
  assert.equal(t("score.hand.title", { n: 3, dealer: "Bea" }), "Hand 3 — Bea deals");
  assert.equal(tn("score.unit.to", 1), "1 point left");
  assert.equal(tn("score.unit.to", 12), "12 points left");
  assert.equal(tn("score.result.handsLeft", 1, { of: 10 }), "1 of 10 hands left");
  speak("it");
  assert.equal(t("page.score"), "Scala 40 — segnapunti");
  assert.equal(tn("score.history.hands", 1), "1 mano");
  assert.equal(tn("score.history.hands", 4), "4 mani");
  assert.equal(t("score.result.wins", { name: "Anna" }), "Vince Anna!");
});

test("t fills every blank, in the chosen language", () => {
  assert.equal(getLang(), "en");
  assert.equal(t("score.note.reenters", { name: "Anna", n: 75 }), "Anna re-enters at 75");
  speak("it");
  assert.equal(getLang(), "it");
  assert.equal(t("score.note.reenters", { name: "Anna", n: 75 }), "Anna rientra a 75");
  assert.equal(t("nav.lobby"), "Sala");
});

test("a blank left unfilled stays as written; one filled twice is filled everywhere", () => {
  assert.equal(t("score.hand.title", { n: 1 }), "Hand 1 — {dealer} deals");
  assert.equal(t("score.sheet.finished", { date: "1 May", end: "1 May" }), "Started 1 May, finished 1 May");
});

test("an unknown key is shown as itself; hasString tells", () => {
  assert.equal(t("no.such.key"), "no.such.key");
  assert.equal(hasString("no.such.key"), false);
  assert.equal(hasString("score.error.sheet_changed"), true);
});

test("a language other than en and it falls back to the browser's, then English", () => {
  speak("fr");
  Object.defineProperty(globalThis, "navigator", { value: { language: "it-IT" }, configurable: true, writable: true });
  assert.equal(getLang(), "it");
  Object.defineProperty(globalThis, "navigator", { value: { language: "de" }, configurable: true, writable: true });
  assert.equal(getLang(), "en");
});

test("tn picks .one for 1 and .other for anything else", () => {
  assert.equal(tn("score.unit.to", "1"), "1 point left");
  assert.equal(tn("score.unit.to", 0), "0 points left");
});

test("bot levels in words, old names as their levels, a program's name as it is", () => {
  assert.equal(botLevelWords("club"), t("bot.level.club"));
  assert.equal(botLevelWords("heuristic"), t("bot.level.club"));
  assert.equal(botLevelWords("my-program"), "my-program");
});

test("a seat's name: a bot's in the page's words, a person's as typed", () => {
  assert.equal(seatName({ seat: 2, name: "whatever", kind: "bot:easy" }), t("bot.name", { n: 3, level: t("bot.level.easy") }));
  assert.equal(seatName({ seat: 0, name: "Anna", kind: "human" }), "Anna");
  assert.equal(seatName({ seat: 0, name: "", kind: "human" }), "human");
  assert.equal(seatName(null), "");
});

test("where the page shows who sits, a guest's name is marked in its language; a rated player's and a bot's are not", () => {
  assert.equal(seatNameMarked({ seat: 0, name: "Anna", kind: "human", guest: true }), "Anna (guest)");
  assert.equal(seatName({ seat: 0, name: "Anna", kind: "human", guest: true }), "Anna"); // in a sentence, the name
  assert.equal(seatNameMarked({ seat: 0, name: "Anna", kind: "human", guest: false }), "Anna");
  assert.equal(seatNameMarked({ seat: 1, name: "", kind: "human", guest: true }), "human");
  speak("it");
  assert.equal(seatNameMarked({ seat: 0, name: "Anna", kind: "human", guest: true }), "Anna (ospite)");
  assert.equal(seatNameMarked({ seat: 2, name: "x", kind: "bot:club", guest: false }), "Bot 3 (Giocatore di circolo)");
});

test("a seat's name in a finished match: a bot's in the page's words, a person's as stored", () => {
  const names = ["Anna", "Bot 2", { name: "Carla" }];
  const kinds = ["human", "bot:club", "human"];
  assert.equal(recordSeatName(names, kinds, 0), "Anna");
  assert.equal(recordSeatName(names, kinds, 1), t("bot.name", { n: 2, level: t("bot.level.club") }));
  assert.equal(recordSeatName(names, kinds, 2), "Carla"); // an older server's {name}
  assert.equal(recordSeatName(names, kinds, 3), "#4");
  assert.equal(recordSeatName(names, undefined, 1), "Bot 2"); // no kinds: the names as they are
  assert.equal(recordSeatName(undefined, undefined, 0), "#1");
});

test("an API error: the page's words for a known code, the server's otherwise", () => {
  assert.equal(apiErrorText(new ApiError(409, "table_full", "the table is full")), t("refuse.table_full"));
  assert.equal(apiErrorText(new ApiError(418, "teapot", "I am a teapot")), "I am a teapot");
  assert.equal(apiErrorText(new ApiError(500, "500", "")), "500");
  assert.equal(apiErrorText(new TypeError("Failed to fetch")), t("api.network"));
  assert.equal(apiErrorText(null), "");
});

test("a refusal: its facts in the page's words; without them English's reason, Italian's own sentence", () => {
  assert.equal(
    refusal("below_opening", "an opening needs 40 points; these melds make 33", { need: 40, points: 33 }),
    "An opening needs 40 points: these melds make 33.",
  );
  assert.equal(refusal("not_your_turn", "it is Bea's turn"), "It is Bea's turn");
  assert.equal(refusal("no_such_code", "the engine's words"), "the engine's words");
  speak("it");
  assert.equal(refusal("not_your_turn", "it is Bea's turn"), t("refuse.not_your_turn"));
  assert.notEqual(t("refuse.not_your_turn"), "refuse.not_your_turn");
});

test("rule values in plain words", () => {
  assert.equal(ruleValueWords(true), t("lobby.yes"));
  assert.equal(ruleValueWords(false), t("lobby.no"));
  assert.equal(ruleValueWords(null), t("lobby.none_value"));
  assert.equal(ruleValueWords("any"), t("lobby.any"));
  assert.equal(ruleValueWords("flat100"), "flat 100");
  assert.equal(ruleValueWords(7), "7");
  speak("it");
  assert.equal(ruleValueWords("flat100"), "100 fissi");
});

test("a table's rules in one line, from rules_facts and the catalogue", () => {
  const catalogue = {
    presets: { fisca: { label_en: "FISCA rules", label_it: "Regole FISCA" } },
    keys: [
      { key: "pozzo", default: "unopened_only", choices: [{ value: "always", label_en: "always open", label_it: "sempre aperto" }] },
      { key: "joker_limit", default: 1, none_label_en: "no limit", none_label_it: "senza limite" },
    ],
  };
  const facts = { preset: "fisca", opening_points: 40, elimination: 101, changes: { pozzo: "always", joker_limit: null, other: true } };
  assert.equal(
    rulesSummary(facts, catalogue),
    `FISCA rules; ${tn("rules.opening", 40)}; ${t("rules.elimination", { n: 101 })}; pozzo: always open; joker_limit: no limit; other: ${t("lobby.yes")}`,
  );
  assert.equal(rulesSummary({ ...facts, changes: {}, single_hand: true }, catalogue), `FISCA rules; ${tn("rules.opening", 40)}; ${t("rules.singleHand")}`);
  assert.equal(rulesSummary(null, catalogue), null);
  speak("it");
  assert.match(rulesSummary(facts, catalogue), /^Regole FISCA; .*pozzo: sempre aperto; joker_limit: senza limite/);
});
