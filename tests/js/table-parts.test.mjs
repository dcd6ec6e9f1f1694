// The table page's parts that touch no DOM and no page state (static/js/table/): the hand's
// order across updates, the engine's listed moves looked up for a selection or a card, the
// page's sentences for what the server sends, the turn timer and a patch's VIEW.

import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { freshStorage, speak } from "./support.mjs";
import { sameCard } from "../../src/scala40/server/static/js/cards.js";
import { t } from "../../src/scala40/server/static/js/i18n.js";
import { isSwap, layoffChoices, meldOptionsFor } from "../../src/scala40/server/static/js/table/choices.js";
import { countdown, parseDeadline, STAND_IN_WARNING } from "../../src/scala40/server/static/js/table/clock.js";
import { entriesHolding, orderHand, reconcileCards } from "../../src/scala40/server/static/js/table/order.js";
import { patchedView } from "../../src/scala40/server/static/js/table/sync.js";
import {
  connWords, eventLine, factWords, hintHeadline, hintReasonsText, reasonWords,
} from "../../src/scala40/server/static/js/table/wording.js";

beforeEach(() => {
  freshStorage();
  speak("en");
});

const hand = (...cards) => cards.map((card, i) => ({ id: i + 1, card }));
const cardsOf = (entries) => entries.map((e) => e.card);
const nameOf = (seat) => ["Anna", "Bruno"][seat] ?? `#${seat}`;

test("a new VIEW keeps the hand's order and ids; new cards come last with new ids", () => {
  const before = hand("KS", "7H", "JK", "7H");
  const next = reconcileCards(before, ["7H", "JK", "2C", "KS"], 10);
  assert.deepEqual(next.hand, [
    { id: 1, card: "KS" },
    { id: 2, card: "7H" },
    { id: 3, card: "JK" },
    { id: 10, card: "2C" },
  ]);
  assert.deepEqual(next.fresh, [{ id: 10, card: "2C" }]);
  assert.equal(next.nextId, 11);
  // The held hand is not changed: the page decides what to keep.
  assert.equal(before.length, 4);
});

test("a card held twice keeps one entry per copy, the first ones kept", () => {
  const next = reconcileCards(hand("7H", "7H", "8H"), ["7H", "8H"], 4);
  assert.deepEqual(next.hand.map((e) => e.id), [1, 3]);
  assert.deepEqual(reconcileCards([], ["AS", "AS"], 1).hand, [{ id: 1, card: "AS" }, { id: 2, card: "AS" }]);
});

test("the hand sorted by suit or rank (jokers last), grouped, or kept as the player put it", () => {
  const cards = hand("JK", "3D", "AH", "3H", "KS");
  assert.deepEqual(cardsOf(orderHand(cards, "suit").hand), ["AH", "3H", "3D", "KS", "JK"]);
  assert.deepEqual(cardsOf(orderHand(cards, "rank").hand), ["AH", "3H", "3D", "KS", "JK"]);
  const custom = orderHand(cards, "custom");
  assert.equal(custom.hand, cards);
  assert.equal(custom.groupEnds, null);
  assert.equal(orderHand(cards, "suit").groupEnds, null);
  assert.deepEqual(cardsOf(cards), ["JK", "3D", "AH", "3H", "KS"]); // sorting copies
});

test("by rank: rank first, then the engine's suit order", () => {
  const sorted = orderHand(hand("5S", "5H", "2C", "5D"), "rank").hand;
  assert.deepEqual(cardsOf(sorted), ["2C", "5H", "5D", "5S"]);
});

test("grouped: likely melds first, each group's last card marked", () => {
  const grouped = orderHand(hand("2C", "7H", "9S", "8H", "6H", "KD"), "group");
  assert.deepEqual(cardsOf(grouped.hand).slice(0, 3), ["6H", "7H", "8H"]);
  assert.deepEqual([...grouped.groupEnds], [4]); // the 8♥ ends the run
});

test("a hint's cards are marked once each, a joker whatever it stands for", () => {
  const cards = hand("7H", "7H", "JK", "8C");
  assert.deepEqual([...entriesHolding(cards, ["7H", "JK"])], [1, 3]);
  assert.deepEqual([...entriesHolding(cards, ["7H", "7H", "7H"])], [1, 2]);
  assert.deepEqual([...entriesHolding(cards, ["QS"])], []);
});

test("the same card: rank and suit, any joker for a joker", () => {
  assert.ok(sameCard("10H", "10h"));
  assert.ok(sameCard("JK", "JK=7D"));
  assert.ok(!sameCard("JK", "7D"));
  assert.ok(!sameCard("7D", "7H"));
});

test("a selection is looked up in legal.melds, the most points first; none: no meld", () => {
  const melds = [
    { kind: "run", cards: ["5H", "6H", "JK=7H"], points: 18 },
    { kind: "run", cards: ["JK=4H", "5H", "6H"], points: 15 },
    { kind: "set", cards: ["9C", "9D", "9S"], points: 27 },
  ];
  const found = meldOptionsFor(melds, ["6H", "JK", "5H"]);
  assert.deepEqual(found.map((m) => m.points), [18, 15]);
  assert.deepEqual(meldOptionsFor(melds, ["6H", "5H", "4H"]), []);
  assert.deepEqual(meldOptionsFor([], ["9C", "9D", "9S"]), []);
});

test("a card on a meld is a swap when listed, or when it is the card the meld's joker names", () => {
  const run = { id: 2, kind: "run", cards: ["5D", "6D", "JK=7D"], lo: 5, hi: 7, suit: "D" };
  assert.ok(isSwap(run, "7D", [], []));
  assert.ok(!isSwap(run, "7D", [], [{ card: "7D", target: 2 }]));
  assert.ok(!isSwap(run, "8D", [], []));
  assert.ok(isSwap(run, "8D", [{ card: "8D", target: 2 }], []));
  assert.ok(!isSwap(run, "JK", [], []));
});

test("a joker laid on a run: one choice per listed end, naming the card it stands for", () => {
  const run = { id: 0, kind: "run", cards: ["5D", "6D", "7D"], lo: 5, hi: 7, suit: "D" };
  const listed = [{ card: "JK", target: 0, end: "low" }, { card: "JK", target: 0, end: "high" }];
  assert.deepEqual(layoffChoices(run, "JK", listed), {
    ends: ["low", "high"],
    options: [
      { end: "low", declared: null, as: "4D" },
      { end: "high", declared: null, as: "8D" },
    ],
  });
  // A natural card: the end the server lists, nothing to stand for.
  const one = layoffChoices(run, "8D", [{ card: "8D", target: 0, end: "high" }]);
  assert.deepEqual(one, { ends: ["high"], options: [{ end: "high", declared: null, as: null }] });
  assert.deepEqual(layoffChoices(run, "8D", [{ card: "8D", target: 0 }]), { ends: [], options: [] });
});

test("a joker laid on a set stands for a suit the set does not show", () => {
  const set = { id: 1, kind: "set", cards: ["9C", "JK=9D", "9S"], rank: 9 };
  assert.deepEqual(layoffChoices(set, "JK", [{ card: "JK", target: 1 }]).options, [
    { end: null, declared: "9H" },
  ]);
  const full = { id: 1, kind: "set", cards: ["9C", "9D", "9S", "9H"], rank: 9 };
  assert.deepEqual(layoffChoices(full, "JK", []).options, []);
});

test("an event in the page's words, its player named by the caller; unknown kinds say nothing", () => {
  assert.equal(eventLine({ type: "discard", seat: 1, card: "10H" }, nameOf), t("ev.discard", { name: "Bruno", card: "10♥", cards: "" }));
  assert.match(eventLine({ type: "open", seat: 0, melds: [["5H", "6H", "7H"], ["9C", "9D", "9S"]] }, nameOf), /5♥ 6♥ 7♥ \| 9♣ 9♦ 9♠/);
  assert.equal(eventLine({ type: "no_such_kind", seat: 0 }, nameOf), "");
  speak("it");
  assert.equal(eventLine({ type: "draw", seat: 0 }, nameOf), t("ev.draw", { name: "Anna" }));
});

test("a refusal's facts: cards as the page shows them, a seat as its player's name", () => {
  assert.equal(factWords(null, nameOf), null);
  assert.deepEqual(factWords({ card: "JK", cards: ["7H", "JK=8H"], seat: 1, points: 30 }, nameOf), {
    card: t("card.joker"),
    cards: "7♥ JK(8♥)",
    seat: 1,
    name: "Bruno",
    points: 30,
  });
  assert.equal(factWords({ card: "JK=8H" }, nameOf).card, "JK(8♥)");
});

test("the engine's reason about a card names it as the page does; otherwise its refusal", () => {
  const reason = { code: "pozzo_discard", message: "not the card taken", card: "JK" };
  assert.equal(reasonWords(reason, nameOf), "The Joker you took from the pozzo cannot be this turn's discard.".replace("Joker", t("card.joker")));
  const unused = { code: "pozzo_unused", message: "use it", card: "7D", taken: "10H" };
  assert.equal(reasonWords(unused, nameOf), t("why.pozzo_unused", { card: "7♦", taken: "10♥" }));
  // No card: the refusal's words, the engine's sentence in English, the page's otherwise.
  assert.equal(reasonWords({ code: "not_your_turn", message: "it is not seat 1's turn" }, nameOf), "It is not seat 1's turn");
  speak("it");
  assert.equal(reasonWords({ code: "not_your_turn", message: "it is not seat 1's turn" }, nameOf), t("refuse.not_your_turn"));
  assert.equal(reasonWords({ code: "not_a_code_at_all", message: "plain english" }, nameOf), "plain english");
});

test("a hint's move in the page's words: its cards, its meld counted from 1", () => {
  assert.equal(hintHeadline(null), "");
  assert.equal(hintHeadline({ type: "layoff", card: "JK", declared: "8H", target: 0 }), t("hint.layoff", { card: "JK(8♥)", cards: "", target: 1 }));
  assert.equal(hintHeadline({ type: "no_such_move" }), "");
});

test("the connection's state in words; a refused token says nothing there", () => {
  assert.equal(connWords("open"), t("table.connected"));
  assert.equal(connWords("retry", 4), t("table.reconnecting", { s: 4 }));
  assert.equal(connWords("crowded"), t("watch.crowded"));
  assert.equal(connWords("refused"), "");
});

test("the turn timer: Unix seconds, milliseconds or a date; the warning in the last seconds of my turn", () => {
  assert.equal(parseDeadline(null), null);
  assert.equal(parseDeadline(""), null);
  assert.equal(parseDeadline(1_700_000_000), 1_700_000_000_000);
  assert.equal(parseDeadline(1_700_000_000_123), 1_700_000_000_123);
  assert.equal(parseDeadline("2026-01-01T00:00:00Z"), Date.UTC(2026, 0, 1));
  assert.equal(parseDeadline("soon"), null);
  const now = 1_000_000;
  assert.deepEqual(countdown(now + 30_000, now, true), { s: 30, hurry: false });
  assert.deepEqual(countdown(now + STAND_IN_WARNING * 1000, now, true), { s: STAND_IN_WARNING, hurry: true });
  assert.deepEqual(countdown(now + 5_000, now, false), { s: 5, hurry: false });
  assert.deepEqual(countdown(now - 5_000, now, true), { s: 0, hurry: true });
});

test("a patch makes a new VIEW from the one it was made for, the held one untouched", () => {
  const held = { v: 1, stock: 40, pozzo: ["7H"] };
  const view = patchedView(held, 3, { from: 3, ops: [{ op: "replace", path: "/stock", value: 39 }] });
  assert.deepEqual(view, { v: 1, stock: 39, pozzo: ["7H"] });
  assert.equal(held.stock, 40);
  assert.equal(patchedView(held, 3, { from: 2, ops: [] }), null); // for another version
  assert.equal(patchedView(null, 0, { from: 0, ops: [] }), null);
  assert.equal(patchedView(held, 3, { from: 3, ops: [{ op: "move", path: "/stock" }] }), null);
  assert.equal(patchedView(held, 3, { from: 3 }), null); // no ops: not a patch
  assert.equal(patchedView(held, 3, { from: 3, ops: [{ op: "replace", path: "", value: 7 }] }), null);
});

test("a hint's reasons are worded from their facts in each language, the same facts in both", () => {
  const reasons = [
    { code: "open", melds: [["10H", "JH", "QH"], ["JC", "QC", "JK=KC"]], number: 60 },
    {
      code: "discard", card: "3C",
      because: [{ code: "waits_run", cards: ["4C"], number: 2 }, { code: "next_not_picked", number: 3 }],
    },
  ];
  const en = hintReasonsText(reasons);
  assert.equal(en, "open with 10♥ J♥ Q♥ + J♣ Q♣ JK(K♣) = 60; then discard the 3♣: it only waits on 4♣ (2 unseen)"
    + " and the next player has picked up no threes");
  speak("it");
  const it = hintReasonsText(reasons);
  assert.match(it, /^apri con 10♥ J♥ Q♥ \+ J♣ Q♣ JK\(K♣\) = 60; poi scarta la carta 3♣: /);
  for (const fact of ["4♣", "(2 ", "tre"]) assert.ok(it.includes(fact), `${fact} in ${it}`);
  assert.equal(hintReasonsText([{ code: "no_such_reason" }]), "");
  assert.equal(hintReasonsText(undefined), "");
});
