// The rules form's logic (static/js/rulesform.js), shared by the lobby and the local
// table's setup: a key's value under a preset, what is sent as the changes, what a control
// holds, and the words of keys, choices and presets in each language.

import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { freshStorage, speak } from "./support.mjs";
import {
  changesFrom,
  controlValue,
  keyChoices,
  keyLabel,
  presetLabel,
  presetValue,
} from "../../src/scala40/server/static/js/rulesform.js";

/** A catalogue shaped as rules_catalogue() writes it (two presets, three kinds of key). */
const CATALOGUE = {
  presets: {
    fisca: { label_en: "FISCA rules", label_it: "Regolamento FISCA", changes: {} },
    house: { label_en: "House rules", label_it: "Regole di casa", changes: { reentry: true } },
  },
  keys: [
    { key: "elimination", default: 101, label_en: "Out at", label_it: "Eliminato a" },
    { key: "reentry", default: false, type: "boolean", label_en: "Re-entry", label_it: "Rientro" },
    {
      key: "stock_out",
      default: "reshuffle",
      label_en: "Stock runs out",
      label_it: "Fine del tallone",
      choices: [
        { value: "reshuffle", label_en: "reshuffle the pozzo", label_it: "si rimescola il pozzo" },
        { value: "end_hand", label_en: "the hand ends", label_it: "la mano finisce" },
      ],
    },
    { key: "fixed_hands", default: null, label_en: "Hands", label_it: "Mani" },
  ],
};
const key = (/** @type {string} */ name) => CATALOGUE.keys.find((k) => k.key === name);

beforeEach(() => {
  freshStorage();
  speak("en");
});

test("a key's value is the preset's change, else the key's default", () => {
  assert.equal(presetValue(CATALOGUE, "house", key("reentry")), true);
  assert.equal(presetValue(CATALOGUE, "fisca", key("reentry")), false);
  assert.equal(presetValue(CATALOGUE, "house", key("elimination")), 101);
  assert.equal(presetValue(CATALOGUE, "no such preset", key("elimination")), 101);
});

test("only the keys that differ from the chosen preset are sent as changes", () => {
  const values = { elimination: 201, reentry: true, stock_out: "reshuffle", fixed_hands: null };
  assert.deepEqual(changesFrom(CATALOGUE, "house", values), { elimination: 201 });
  assert.deepEqual(changesFrom(CATALOGUE, "fisca", values), { elimination: 201, reentry: true });
  assert.deepEqual(changesFrom(CATALOGUE, "fisca", { fixed_hands: 1 }), { fixed_hands: 1 });
  assert.deepEqual(changesFrom(CATALOGUE, "fisca", { unknown_key: 3 }), {});
});

test("a control's text becomes a rule value: choices as JSON, whole numbers, empty as none", () => {
  assert.equal(controlValue(true, '"end_hand"'), "end_hand");
  assert.equal(controlValue(true, "true"), true);
  assert.equal(controlValue(false, " 201 "), 201);
  assert.equal(controlValue(false, "  "), null);
  assert.equal(controlValue(false, "many"), "many", "left for the engine to refuse by name");
});

test("keys, choices and presets are worded in the page's language", () => {
  assert.equal(keyLabel(key("stock_out")), "Stock runs out");
  assert.deepEqual(
    keyChoices(key("stock_out"))?.map((c) => c.label),
    ["reshuffle the pozzo", "the hand ends"],
  );
  assert.deepEqual(keyChoices(key("reentry"))?.map((c) => c.value), [false, true]);
  assert.equal(keyChoices(key("elimination")), null, "a number is typed");
  assert.equal(presetLabel(CATALOGUE, "house"), "House rules");
  speak("it");
  assert.equal(keyLabel(key("stock_out")), "Fine del tallone");
  assert.equal(keyChoices(key("stock_out"))?.[1].label, "la mano finisce");
  assert.equal(presetLabel(CATALOGUE, "house"), "Regole di casa");
  assert.equal(keyLabel({ key: "unworded", default: 1 }), "unworded");
});

test("words a catalogue lacks in the page's language are the English ones", () => {
  // The server gives label_<lang> for every language of the gettext catalogue; the form
  // reads the page's language by name, so an entry without it (an older server, a
  // language added to the pages first) still reads in English, never as a key name.
  speak("it");
  assert.equal(keyLabel({ key: "new_key", default: 1, label_en: "A new rule" }), "A new rule");
  assert.deepEqual(
    keyChoices({ key: "k", default: "a", choices: [{ value: "a", label_en: "Aye" }] })?.map((c) => c.label),
    ["Aye"],
  );
  const catalogue = { presets: { club: { label_en: "Club rules", changes: {} } }, keys: [] };
  assert.equal(presetLabel(catalogue, "club"), "Club rules");
});
