// jsconfig.json checks every static module (checkJs on, strict): nothing is excluded and
// every module, the table page's parts in static/js/table/ too, also says `// @ts-check`
// on its first line, so an editor opening one file alone checks it the same way.

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { test } from "node:test";

const JS = new URL("../../src/scala40/server/static/js/", import.meta.url);
const NOT_YET_TYPED = []; // every module is typed: keep it empty

/** Every .js file under static/js, as a path relative to it ("table/state.js"). */
function modules() {
  return readdirSync(JS, { recursive: true })
    .map(String)
    .filter((name) => name.endsWith(".js"))
    .sort();
}

/** jsconfig.json read as JSON (its // comment lines dropped). */
function jsconfig() {
  const text = readFileSync(new URL("../../jsconfig.json", import.meta.url), "utf8");
  return JSON.parse(text.replace(/^\/\/.*$/gm, ""));
}

test("every static module starts with // @ts-check", () => {
  const all = modules();
  assert.ok(all.length > 40);
  assert.ok(all.includes("table.js") && all.includes("table/state.js") && all.includes("cards.js"));
  const unchecked = all.filter(
    (name) => !NOT_YET_TYPED.includes(name) && readFileSync(new URL(name, JS), "utf8").split("\n")[0] !== "// @ts-check",
  );
  assert.deepEqual(unchecked, []);
  assert.deepEqual(NOT_YET_TYPED, []);
});

test("jsconfig.json checks every module: checkJs and strict on, every folder included, nothing excluded", () => {
  const config = jsconfig();
  assert.equal(config.compilerOptions.checkJs, true);
  assert.equal(config.compilerOptions.strict, true);
  assert.deepEqual(config.include, ["src/scala40/server/static/js/**/*.js"]);
  assert.equal(config.exclude, undefined);
});
