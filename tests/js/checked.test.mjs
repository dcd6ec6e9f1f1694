// jsconfig.json checks only the modules that say `// @ts-check` (checkJs is off while
// table.js and cards.js are not typed): a module without it would silently go unchecked.

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { test } from "node:test";

const JS = new URL("../../src/scala40/server/static/js/", import.meta.url);
const NOT_YET_TYPED = ["cards.js", "table.js"]; // excluded in jsconfig.json too, for now

test("every static module but the ones not yet typed starts with // @ts-check", () => {
  const modules = readdirSync(JS).filter((name) => name.endsWith(".js"));
  assert.ok(modules.length > 20);
  const unchecked = modules.filter(
    (name) => !NOT_YET_TYPED.includes(name) && readFileSync(new URL(name, JS), "utf8").split("\n")[0] !== "// @ts-check",
  );
  assert.deepEqual(unchecked, []);
});

test("jsconfig.json excludes exactly the modules not yet typed", () => {
  const text = readFileSync(new URL("../../jsconfig.json", import.meta.url), "utf8");
  const exclude = JSON.parse(text.replace(/^\/\/.*$/gm, "")).exclude.map((path) => path.split("/").pop());
  assert.deepEqual(exclude.sort(), NOT_YET_TYPED);
});
