// applyPatch (static/js/patch.js): the JSON Patch ops docs/protocol.md says the server
// sends ("add", "replace", "remove" on JSON Pointers, "" for the whole VIEW), applied to a
// VIEW, and the refusals that make the page ask for the whole VIEW again (`sync`).

import assert from "node:assert/strict";
import { test } from "node:test";

import { applyPatch, PatchError } from "../../src/scala40/server/static/js/patch.js";

/** A VIEW as docs/protocol.md shows it (trimmed to what the tests touch). */
function view() {
  return {
    table_id: "ab12",
    seat: 0,
    status: "playing",
    players: [
      { seat: 0, name: "Anna", kind: "human", connected: true, cards: 13, opened: false, known: [], total: 0 },
      { seat: 1, name: "", kind: "bot:club", connected: true, cards: 13, opened: false, known: ["5C"], total: 0 },
    ],
    hand: ["7H", "7D", "JK"],
    table: [{ id: 0, kind: "run", cards: ["JS", "QS", "JK=KS"] }],
    pozzo: ["5C", "9D"],
    stock: 60,
    current: 1,
    phase: "draw",
    my_turn: false,
    legal: {},
    rules: { preset: "fisca", changes: {}, opening_points: 40 },
    turn_deadline: null,
  };
}

test("replace changes a value in place: the protocol's own example", () => {
  const doc = view();
  const out = applyPatch(doc, [{ op: "replace", path: "/current", value: 0 }]);
  assert.equal(out, doc); // changed where it can be, and returned
  assert.equal(out.current, 0);
});

test("a move's patch: the turn passes, a card goes to the pozzo, the legal moves change", () => {
  const out = applyPatch(view(), [
    { op: "replace", path: "/current", value: 0 },
    { op: "replace", path: "/my_turn", value: true },
    { op: "add", path: "/pozzo/-", value: "KH" },
    { op: "replace", path: "/players/1/cards", value: 12 },
    { op: "add", path: "/legal/draw", value: true },
    { op: "replace", path: "/turn_deadline", value: 1700000000.5 },
  ]);
  assert.deepEqual(out.pozzo, ["5C", "9D", "KH"]);
  assert.equal(out.players[1].cards, 12);
  assert.deepEqual(out.legal, { draw: true });
  assert.equal(out.my_turn, true);
  assert.equal(out.turn_deadline, 1700000000.5);
});

test("add into a list inserts at the index; remove takes the item out", () => {
  const out = applyPatch(view(), [
    { op: "add", path: "/hand/1", value: "8H" },
    { op: "remove", path: "/hand/0" },
    { op: "add", path: "/players/0/known/0", value: "9D" },
    { op: "remove", path: "/players/1/known/0" },
  ]);
  assert.deepEqual(out.hand, ["8H", "7D", "JK"]);
  assert.deepEqual(out.players[0].known, ["9D"]);
  assert.deepEqual(out.players[1].known, []);
});

test("a list that changes length is replaced whole; a meld, added and removed by key", () => {
  const out = applyPatch(view(), [
    { op: "replace", path: "/table", value: [{ id: 0, kind: "run", cards: ["10S", "JS", "QS", "JK=KS"] }] },
    { op: "add", path: "/rules/changes/elimination", value: 201 },
    { op: "remove", path: "/rules/changes/elimination" },
    { op: "add", path: "/rules/changes/pozzo", value: "always" },
  ]);
  assert.deepEqual(out.table[0].cards, ["10S", "JS", "QS", "JK=KS"]);
  assert.deepEqual(out.rules.changes, { pozzo: "always" });
});

test('the path "" replaces the whole VIEW: a new value is returned', () => {
  const next = { ...view(), hand_number: 2 };
  const doc = view();
  const out = applyPatch(doc, [{ op: "replace", path: "", value: next }]);
  assert.equal(out, next);
  assert.equal(doc.hand_number, undefined);
});

test("~1 and ~0 in a pointer are / and ~ in the key", () => {
  const doc = { legal: { why: { discard: {} } } };
  applyPatch(doc, [
    { op: "add", path: "/legal/why/discard/a~1b", value: 1 },
    { op: "add", path: "/legal/why/discard/c~0d", value: 2 },
    { op: "add", path: "/legal/why/discard/~01", value: 3 },
  ]);
  assert.deepEqual(doc.legal.why.discard, { "a/b": 1, "c~d": 2, "~1": 3 });
});

test('"__proto__" is a plain key, as in JSON', () => {
  const doc = JSON.parse('{"changes": {}}');
  applyPatch(doc, [{ op: "add", path: "/changes/__proto__", value: { polluted: true } }]);
  assert.deepEqual(Object.keys(doc.changes), ["__proto__"]);
  assert.equal({}.polluted, undefined);
  assert.equal(Object.getPrototypeOf(doc.changes), Object.prototype);
});

test("ops apply in order, each on the result of the one before", () => {
  const out = applyPatch(view(), [
    { op: "add", path: "/pozzo/-", value: "KH" },
    { op: "replace", path: "/pozzo/2", value: "KS" },
    { op: "remove", path: "/pozzo/0" },
  ]);
  assert.deepEqual(out.pozzo, ["9D", "KS"]);
});

/** The patch throws a PatchError (the page then sends `sync`). */
function refused(ops, doc = view()) {
  assert.throws(() => applyPatch(doc, ops), PatchError);
}

test("anything but add, replace and remove is refused", () => {
  refused([{ op: "move", from: "/hand/0", path: "/hand/1" }]);
  refused([{ op: "copy", from: "/hand/0", path: "/hand/1" }]);
  refused([{ op: "test", path: "/stock", value: 60 }]);
  refused([{ path: "/stock", value: 1 }]);
});

test("a malformed patch is refused", () => {
  refused({ op: "replace", path: "/stock", value: 1 }); // not a list
  refused(["replace"]); // an op that is no object
  refused([{ op: "replace", path: "/stock" }]); // no value
  refused([{ op: "add", path: "/pozzo/-" }]);
  refused([{ op: "replace", path: "stock", value: 1 }]); // not a pointer
  refused([{ op: "replace", path: 3, value: 1 }]);
  refused([{ op: "remove", path: "" }]); // the whole VIEW cannot go
});

test("a path that leads nowhere is refused", () => {
  refused([{ op: "replace", path: "/nothing/here", value: 1 }]);
  refused([{ op: "replace", path: "/nothing", value: 1 }]); // replace needs the key
  refused([{ op: "remove", path: "/nothing" }]);
  refused([{ op: "replace", path: "/stock/x", value: 1 }]); // into a number
  refused([{ op: "replace", path: "/hand/3", value: "KH" }]); // past the end
  refused([{ op: "add", path: "/hand/4", value: "KH" }]); // add may go one past, no further
  refused([{ op: "remove", path: "/hand/-" }]); // "-" is for add only
  refused([{ op: "replace", path: "/hand/01", value: "KH" }]); // no leading zero
  refused([{ op: "replace", path: "/hand/-1", value: "KH" }]);
  refused([{ op: "replace", path: "/players/x/cards", value: 1 }]);
});

test("add at the end of a list by index works like -", () => {
  const out = applyPatch(view(), [{ op: "add", path: "/hand/3", value: "KH" }]);
  assert.deepEqual(out.hand, ["7H", "7D", "JK", "KH"]);
});
