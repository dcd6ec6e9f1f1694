// The table page's helpers that read a VIEW or an EVENT and touch no DOM: the guided first
// hand's step (guide.js), the sound of an event (sound.js), the result told on coming back
// (away.js) and the shuffle commitments a browser remembers (fair.js).

import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { freshStorage, speak } from "./support.mjs";
import { resultOf } from "../../src/scala40/server/static/js/away.js";
import { onFair, remembered } from "../../src/scala40/server/static/js/fair.js";
import { guideStep, isGuided } from "../../src/scala40/server/static/js/guide.js";
import { t } from "../../src/scala40/server/static/js/i18n.js";
import { soundFor } from "../../src/scala40/server/static/js/sound.js";

beforeEach(() => {
  freshStorage();
  speak("en");
});

/** A guided seat's VIEW at its turn, hand 1: draw phase, not opened. */
function view(changes = {}) {
  return {
    seat: 0,
    status: "playing",
    players: [
      { seat: 0, name: "Anna", kind: "human", opened: false },
      { seat: 1, name: "", kind: "bot:easy", opened: false },
    ],
    hand: ["7H", "7D", "JK"],
    pozzo: ["5C"],
    phase: "draw",
    my_turn: true,
    hand_number: 1,
    legal: { draw: true, pozzo: false },
    rules: { preset: "fisca", changes: {}, opening_points: 40 },
    ...changes,
  };
}

const key = (v) => guideStep(v)?.key ?? null;

test("the guide says nothing while the table waits, or to a spectator", () => {
  assert.equal(guideStep(null), null);
  assert.equal(guideStep(view({ status: "waiting" })), null);
  assert.equal(guideStep(view({ spectator: true })), null);
});

test("the draw: the pozzo offered, the stock only, or the pozzo barred before opening", () => {
  assert.equal(key(view({ legal: { draw: true, pozzo: true } })), "drawPozzo");
  assert.equal(key(view({ pozzo: [] })), "draw");
  assert.equal(key(view()), "pozzoBarred");
  const opened = view({ players: [{ seat: 0, name: "Anna", kind: "human", opened: true }] });
  assert.equal(key(opened), "pozzoUnusable");
});

test("after the draw: open, cannot open yet, opened, last card", () => {
  const play = { phase: "play", legal: { discard: ["7H"] } };
  const step = guideStep(view({ ...play, legal: { can_open: true } }));
  assert.equal(step.key, "canOpen");
  assert.equal(step.params.n, 40);
  assert.equal(step.params.open, t("table.open"));
  assert.deepEqual(step.links, [["opening", "guide.link.opening"]]);
  assert.equal(key(view(play)), "cannotOpen");
  const me = [{ seat: 0, name: "Anna", kind: "human", opened: true }];
  assert.equal(key(view({ ...play, players: me })), "opened");
  assert.equal(key(view({ ...play, players: me, hand: ["7H"] })), "lastCard");
});

test("someone else's turn, and the end of the first hand", () => {
  assert.equal(key(view({ my_turn: false })), "wait");
  assert.equal(key(view({ hand_number: 2 })), "handOver");
  assert.equal(key(view({ status: "over" })), "handOver");
});

test("a table is guided when the lobby marked it", () => {
  assert.equal(isGuided("t1"), false);
  localStorage.setItem("scala40:guide:t1", "1");
  assert.equal(isGuided("t1"), true);
});

test("each event has its sound, or none", () => {
  assert.equal(soundFor({ type: "draw", seat: 1 }), "draw");
  assert.equal(soundFor({ type: "pozzo", seat: 1, card: "9D" }), "draw");
  assert.equal(soundFor({ type: "discard", seat: 1, card: "7H" }), "discard");
  for (const type of ["open", "meld", "layoff", "swap"]) assert.equal(soundFor({ type, seat: 0 }), "meld");
  assert.equal(soundFor({ type: "join", seat: 2 }), null);
  assert.equal(soundFor(null), null);
});

test("the result told on coming back: only once the match is over, names by seat", () => {
  const players = [
    { seat: 0, name: "Anna", kind: "human" },
    { seat: 1, name: "", kind: "bot:club" },
  ];
  const summary = { match_over: true, match_winner: 0, totals: { 0: 12, 1: 101 } };
  assert.deepEqual(resultOf(summary, players), {
    winner: "Anna",
    totals: [
      ["Anna", 12],
      [t("bot.name", { n: 2, level: t("bot.level.club") }), 101],
    ],
  });
  assert.equal(resultOf({ ...summary, match_over: false }, players), null);
  assert.equal(resultOf(null, players), null);
  assert.equal(resultOf({ ...summary, match_winner: null }, players).winner, null);
  assert.equal(resultOf({ ...summary, totals: { 5: 0 } }, players).totals[0][0], "#5");
});

test("the first commitment seen for a hand is kept; entropy is given once a hand", () => {
  const sent = [];
  const send = (msg) => sent.push(msg);
  const fair = { hand: 1, commitment: "c1", next: { hand: 2, commitment: "c2", open: true } };
  onFair("t1", fair, send);
  onFair("t1", { ...fair, commitment: "changed" }, send);
  assert.deepEqual(remembered("t1"), { seen: { 1: "c1", 2: "c2" }, given: [2] });
  assert.equal(sent.length, 1);
  assert.equal(sent[0].type, "entropy");
  assert.equal(sent[0].hand, 2);
  assert.match(sent[0].data, /^[0-9a-f]{32}$/);
  onFair("t2", fair, null); // a spectator remembers but gives nothing
  assert.deepEqual(remembered("t2"), { seen: { 1: "c1", 2: "c2" }, given: [] });
  localStorage.setItem("scala40:fair:t3", "not json");
  assert.deepEqual(remembered("t3"), { seen: {}, given: [] });
});
