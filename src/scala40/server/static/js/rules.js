// The rules page: the rule book of GET /api/rulebook drawn in the page's language.
// Every section and every rule key gets an anchor (/rules#opening, /rules#fit_discard_ban)
// that the lobby's "?" links, the table's "why?" links and the guided first hand use.
// Nothing here restates a rule: the words, defaults and values all come from the server.

import { api } from "./api.js";
import { apiErrorText, applyI18n, getLang, languageSwitch, ruleValueWords, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
let BOOK = null;

/** The English or Italian member of a {name_en, name_it} pair. */
function words(entry, name) {
  return entry[`${name}_${getLang() === "it" ? "it" : "en"}`] ?? entry[`${name}_en`] ?? "";
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A value of a key in plain words: its choice's label, a number, yes/no, none's meaning. */
function valueWords(key, value) {
  const choice = (key.choices || []).find((c) => JSON.stringify(c.value) === JSON.stringify(value));
  if (choice) return words(choice, "label");
  if (value === null && key[`none_label_${getLang()}`]) return key[`none_label_${getLang()}`];
  if (typeof value === "number") return String(value);
  return ruleValueWords(value);
}

/** What values a number key takes, from its bounds (the engine's NUMBER_RANGES). */
function rangeWords(key) {
  const parts = [
    key.max === null || key.max === undefined
      ? t("book.atLeast", { n: key.min })
      : t("book.between", { low: key.min, high: key.max }),
  ];
  for (const [decks, top] of Object.entries(key.max_with_decks || {})) {
    parts.push(t("book.withDecks", { n: top, decks }));
  }
  const type = String(key.type || "");
  if (type.includes("_or_null")) parts.push(t("book.orNone", { none: key[`none_label_${getLang()}`] || t("lobby.none_value") }));
  if (type.includes("_or_any")) parts.push(t("book.orAny", { any: t("lobby.any") }));
  return parts.join("; ");
}

function example(text) {
  const p = el("p", "example");
  p.append(el("strong", "", `${t("book.example")}: `), text);
  return p;
}

function sectionBlock(s) {
  const box = el("section", "panel rule");
  box.id = s.anchor;
  box.append(el("h2", "", words(s, "title")));
  for (const para of words(s, "text")) box.append(el("p", "", para));
  box.append(example(words(s, "example")), topLink());
  return box;
}

function topLink() {
  const a = el("a", "top", t("book.top"));
  a.href = "#contents";
  return a;
}

function keyBlock(key, presets) {
  const box = el("article", "rule-key");
  box.id = key.key;
  const head = el("h4");
  head.append(el("span", "", words(key, "label")), " ");
  const name = el("code", "key-name", key.key);
  name.setAttribute("translate", "no"); // a name typed after --rule, not words to translate
  head.append(name);
  box.append(head);
  const facts = el("dl", "facts");
  facts.append(el("dt", "", t("book.default")), el("dd", "", valueWords(key, key.default)));
  facts.append(el("dt", "", t("book.values")));
  const values = el("dd");
  if (key.choices) {
    const ul = el("ul", "choices");
    for (const c of key.choices) ul.append(el("li", "", words(c, "label")));
    values.append(ul);
  } else if (String(key.type || "").startsWith("bool")) {
    values.textContent = [ruleValueWords(false), ruleValueWords(true)].join(", ");
  } else {
    values.textContent = rangeWords(key);
  }
  facts.append(values);
  for (const preset of Object.values(presets)) {
    if (!(key.key in (preset.changes || {}))) continue;
    facts.append(
      el("dt", "", words(preset, "label")),
      el("dd", "", valueWords(key, preset.changes[key.key])),
    );
  }
  box.append(facts, example(words(key, "example")));
  return box;
}

function render() {
  if (!BOOK) return;
  const toc = $("toc");
  toc.replaceChildren();
  const book = $("book");
  book.replaceChildren();
  for (const s of BOOK.sections) {
    const li = el("li");
    const a = el("a", "", words(s, "title"));
    a.href = `#${s.anchor}`;
    li.append(a);
    toc.append(li);
    book.append(sectionBlock(s));
  }
  const keys = el("section", "panel rule");
  keys.id = "keys";
  keys.append(el("h2", "", t("book.keys")), el("p", "muted", t("book.keysIntro", { panel: t("lobby.moreRules") })));
  const li = el("li");
  const a = el("a", "", t("book.keys"));
  a.href = "#keys";
  li.append(a);
  const sub = el("ol");
  for (const g of BOOK.groups) {
    const group = el("div", "key-group");
    group.id = g.anchor;
    group.append(el("h3", "", words(g, "title")));
    for (const key of g.keys) group.append(keyBlock(key, BOOK.presets || {}));
    keys.append(group);
    const gi = el("li");
    const ga = el("a", "", words(g, "title"));
    ga.href = `#${g.anchor}`;
    gi.append(ga);
    sub.append(gi);
  }
  keys.append(topLink());
  li.append(sub);
  toc.append(li);
  book.append(keys);
  showTarget();
}

/** The part the address names, scrolled to and marked (it is drawn after the page loads,
 * so the browser's own jump to the anchor found nothing yet). */
function showTarget() {
  for (const old of document.querySelectorAll(".targeted")) old.classList.remove("targeted");
  const id = decodeURIComponent(location.hash.slice(1));
  const target = id ? document.getElementById(id) : null;
  if (!target) return;
  target.classList.add("targeted");
  target.scrollIntoView({ block: "start" });
}

async function start() {
  applyI18n();
  languageSwitch($("lang"), render);
  window.addEventListener("hashchange", showTarget);
  try {
    BOOK = await api("/api/rulebook");
  } catch (err) {
    $("error").textContent = t("lobby.error", { message: apiErrorText(err) });
    return;
  }
  render();
  document.body.dataset.ready = "true";
}

start();
