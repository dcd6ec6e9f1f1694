// Made by scripts/build_pages.py from static/js/ (esbuild): edit those, not this.
import {
  $,
  api,
  apiErrorText,
  applyI18n,
  el,
  inLang,
  installable,
  languageSwitch,
  memberInLang,
  ruleValueWords,
  t
} from "./chunk-RCI7G432.js";

// rules.js
var BOOK = null;
function words(entry, name) {
  return inLang(entry, name) ?? "";
}
function paragraphs(entry, name) {
  const own = memberInLang(entry, name);
  return Array.isArray(own) ? own.map(String) : [];
}
function valueWords(key, value) {
  const choice = (key.choices || []).find((c) => JSON.stringify(c.value) === JSON.stringify(value));
  if (choice) return words(choice, "label");
  const none = value === null ? inLang(key, "none_label") : void 0;
  if (none) return none;
  if (typeof value === "number") return String(value);
  return ruleValueWords(value);
}
function rangeWords(key) {
  const parts = [
    key.max === null || key.max === void 0 ? t("book.atLeast", { n: key.min }) : t("book.between", { low: key.min, high: key.max })
  ];
  for (const [decks, top] of Object.entries(key.max_with_decks || {})) {
    parts.push(t("book.withDecks", { n: top, decks }));
  }
  const type = String(key.type || "");
  if (type.includes("_or_null")) parts.push(t("book.orNone", { none: inLang(key, "none_label") || t("lobby.none_value") }));
  if (type.includes("_or_any")) parts.push(t("book.orAny", { any: t("lobby.any") }));
  return parts.join("; ");
}
function example(text) {
  const p = el("p", { class: "example" });
  p.append(el("strong", {}, `${t("book.example")}: `), text);
  return p;
}
function sectionBlock(s) {
  const box = el("section", { class: "panel rule" });
  box.id = s.anchor;
  box.append(el("h2", {}, words(s, "title")));
  for (const para of paragraphs(s, "text")) box.append(el("p", {}, para));
  box.append(example(words(s, "example")), topLink());
  return box;
}
function topLink() {
  const a = el("a", { class: "top" }, t("book.top"));
  a.href = "#contents";
  return a;
}
function keyBlock(key, presets) {
  const box = el("article", { class: "rule-key" });
  box.id = key.key;
  const head = el("h4");
  head.append(el("span", {}, words(key, "label")), " ");
  const name = el("code", { class: "key-name" }, key.key);
  name.setAttribute("translate", "no");
  head.append(name);
  box.append(head);
  const facts = el("dl", { class: "facts" });
  facts.append(el("dt", {}, t("book.default")), el("dd", {}, valueWords(key, key.default)));
  facts.append(el("dt", {}, t("book.values")));
  const values = el("dd");
  if (key.choices) {
    const ul = el("ul", { class: "choices" });
    for (const c of key.choices) ul.append(el("li", {}, words(c, "label")));
    values.append(ul);
  } else if (String(key.type || "").startsWith("bool")) {
    values.textContent = [ruleValueWords(false), ruleValueWords(true)].join(", ");
  } else {
    values.textContent = rangeWords(key);
  }
  facts.append(values);
  for (const preset of Object.values(presets)) {
    const changes = preset.changes || {};
    if (!(key.key in changes)) continue;
    facts.append(
      el("dt", {}, words(preset, "label")),
      el("dd", {}, valueWords(key, changes[key.key]))
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
    const li2 = el("li");
    const a2 = el("a", {}, words(s, "title"));
    a2.href = `#${s.anchor}`;
    li2.append(a2);
    toc.append(li2);
    book.append(sectionBlock(s));
  }
  const keys = el("section", { class: "panel rule" });
  keys.id = "keys";
  keys.append(el("h2", {}, t("book.keys")), el("p", { class: "muted" }, t("book.keysIntro", { panel: t("lobby.moreRules") })));
  const li = el("li");
  const a = el("a", {}, t("book.keys"));
  a.href = "#keys";
  li.append(a);
  const sub = el("ol");
  for (const g of BOOK.groups) {
    const group = el("div", { class: "key-group" });
    group.id = g.anchor;
    group.append(el("h3", {}, words(g, "title")));
    for (const key of g.keys) group.append(keyBlock(key, BOOK.presets || {}));
    keys.append(group);
    const gi = el("li");
    const ga = el("a", {}, words(g, "title"));
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
installable();
