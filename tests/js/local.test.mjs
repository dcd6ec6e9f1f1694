// The local table's page parts that touch no DOM: the rule keys typed for a new match.

import assert from "node:assert/strict";
import { test } from "node:test";

import { readKeys } from "../../src/scala40/server/static/js/local/rulekeys.js";

test("rule keys typed as key=value become the setup's changes", () => {
  assert.deepEqual(readKeys("  elimination=201   jokers=4 "), { elimination: "201", jokers: "4" });
  assert.deepEqual(readKeys(""), {});
});

test("a key not written key=value is refused whole", () => {
  assert.equal(readKeys("elimination 201"), null);
  assert.equal(readKeys("=201"), null);
  assert.equal(readKeys("elimination="), null);
});
