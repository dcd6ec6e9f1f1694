// @ts-check
// The rules form: the preset choice and a control for every rule key, drawn from the
// rules catalogue (scala40.rulebook.labels.rules_catalogue(): `GET /api/rules` for the
// lobby, the exported `rules.json` for a local table), so each key's words, choices and
// defaults are written once, in Python. The lobby's form and the local table's setup draw
// it alike; what the player changed from the preset is sent as the rules' `changes`, and
// the engine judges them (a refused combination comes back with its reason).

import { inLang, ruleValueWords, t } from "./i18n.js";

/** @typedef {import("./types.js").Json} Json */
/** @typedef {import("./types.js").RuleKey} RuleKey */
/** @typedef {import("./types.js").RulesCatalogue} RulesCatalogue */

/** Keys the form leaves out: the seats decide the players. */
export const SEATED_KEYS = new Set(["players"]);

/** The changes a preset makes: {key: value} (the catalogue gives {label_en, label_it, ...,
 * changes}; an older one the changes alone).
 * @param {RulesCatalogue} catalogue
 * @param {string} name
 * @returns {{[key: string]: Json | undefined}} */
export function presetChanges(catalogue, name) {
  const preset = catalogue.presets[name] || {};
  const changes = preset.changes;
  return changes && typeof changes === "object" && !Array.isArray(changes) ? changes : preset;
}

/** A key's value under a preset: the preset's change, else the key's default.
 * @param {RulesCatalogue} catalogue
 * @param {string} preset
 * @param {RuleKey} key
 * @returns {Json | undefined} */
export function presetValue(catalogue, preset, key) {
  const changes = presetChanges(catalogue, preset);
  return key.key in changes ? changes[key.key] : key.default;
}

/** The keys whose value differs from the preset's: what the rules' `changes` send.
 * @param {RulesCatalogue} catalogue
 * @param {string} preset
 * @param {{[key: string]: Json}} values each key's value as the form holds it
 * @returns {{[key: string]: Json}} */
export function changesFrom(catalogue, preset, values) {
  /** @type {{[key: string]: Json}} */
  const changes = {};
  for (const key of catalogue.keys) {
    if (!(key.key in values)) continue;
    const value = values[key.key];
    if (JSON.stringify(value) !== JSON.stringify(presetValue(catalogue, preset, key))) changes[key.key] = value;
  }
  return changes;
}

/** What a control holds, as a rule value: a choice's JSON (a select's value), or the text
 * typed — a whole number as a number, empty as null (the key's "none"), other text as it is
 * (the engine says what is wrong with it).
 * @param {boolean} chosen the control is a select of JSON choices
 * @param {string} text
 * @returns {Json} */
export function controlValue(chosen, text) {
  if (chosen) return JSON.parse(text);
  const typed = text.trim();
  if (typed === "") return null;
  return /^\d+$/.test(typed) ? Number(typed) : typed;
}

/** A key's choices as [{value, label}] in the page's language; booleans as no/yes; null
 * for a key typed as a number.
 * @param {RuleKey} key
 * @returns {{value: Json, label: string}[] | null} */
export function keyChoices(key) {
  if (key.choices) {
    return key.choices.map((c) =>
      c !== null && typeof c === "object" && !Array.isArray(c) && "value" in c
        ? { value: c.value, label: inLang(c, "label") || ruleValueWords(c.value) }
        : { value: c, label: ruleValueWords(c) },
    );
  }
  if (String(key.type || "").startsWith("bool")) {
    return [false, true].map((value) => ({ value, label: ruleValueWords(value) }));
  }
  return null;
}

/** A key's words in the page's language (its name when the catalogue has none).
 * @param {RuleKey} key */
export function keyLabel(key) {
  return inLang(key, "label") || key.key;
}

/** A preset's words in the page's language.
 * @param {RulesCatalogue} catalogue
 * @param {string} name */
export function presetLabel(catalogue, name) {
  const p = catalogue.presets[name] || {};
  const words = inLang(p, "label");
  if (words) return words;
  const known = `lobby.preset.${name}`;
  return t(known) === known ? name : t(known);
}

/** The form's drawing on a page: a preset select and a box of rule controls. */
export class RulesForm {
  /**
   * @param {HTMLSelectElement} presetSelect the preset choice (its options drawn here)
   * @param {HTMLElement} box where the rule controls go (`.rules-grid`)
   * @param {{helpLink?: ((key: string) => string) | null}} [options] the address of a
   *   key's section of the rules page, for the "?" beside it (none where no rules page is
   *   at hand: an exported site)
   */
  constructor(presetSelect, box, { helpLink = null } = {}) {
    this.presetSelect = presetSelect;
    this.box = box;
    this.helpLink = helpLink;
    /** @type {RulesCatalogue} */
    this.catalogue = { presets: {}, keys: [] };
    // Another preset: every key back to that preset's value.
    presetSelect.addEventListener("change", () => this.drawRules({}));
  }

  /** The chosen preset's name. */
  get preset() {
    return this.presetSelect.value;
  }

  /** Draw the form from a catalogue (the one already held, on a language switch); the
   * preset chosen and the keys changed are kept.
   * @param {RulesCatalogue} [catalogue] */
  draw(catalogue) {
    const kept = this.catalogue.keys.length ? this.changes() : {};
    if (catalogue) this.catalogue = catalogue;
    this.drawPresets();
    this.drawRules(kept);
  }

  /** The preset choice, the one chosen kept (FISCA at first). */
  drawPresets() {
    const select = this.presetSelect;
    const names = Object.keys(this.catalogue.presets);
    const current = select.value || "fisca";
    select.replaceChildren(...names.map((name) => new Option(presetLabel(this.catalogue, name), name)));
    select.value = names.includes(current) ? current : names[0] || "";
  }

  /** A control for every key (but the seats'), at the preset's value or the one kept.
   * @param {{[key: string]: Json}} kept */
  drawRules(kept) {
    this.box.replaceChildren();
    for (const key of this.catalogue.keys) {
      if (SEATED_KEYS.has(key.key)) continue;
      const label = document.createElement("label");
      label.title = key.key;
      const span = document.createElement("span");
      span.textContent = keyLabel(key);
      const row = document.createElement("span");
      row.className = "label-row";
      row.append(span);
      if (this.helpLink) row.append(helpAnchor(this.helpLink(key.key)));
      const start = key.key in kept ? kept[key.key] : presetValue(this.catalogue, this.preset, key);
      const control = ruleControl(key, start);
      control.dataset.key = key.key;
      control.name = `rule-${key.key}`;
      const mark = () => {
        const changed = JSON.stringify(readControl(control)) !== JSON.stringify(presetValue(this.catalogue, this.preset, key));
        label.classList.toggle("changed", changed);
      };
      control.addEventListener("change", mark);
      mark();
      label.append(row, control);
      this.box.append(label);
    }
  }

  /** The keys the player changed from the chosen preset.
   * @returns {{[key: string]: Json}} */
  changes() {
    /** @type {{[key: string]: Json}} */
    const values = {};
    for (const el of /** @type {NodeListOf<HTMLSelectElement | HTMLInputElement>} */ (this.box.querySelectorAll("[data-key]"))) {
      values[el.dataset.key || ""] = readControl(el);
    }
    return changesFrom(this.catalogue, this.preset, values);
  }
}

/** A control for one rule key at a value; read back with readControl.
 * @param {RuleKey} key
 * @param {Json | undefined} value
 * @returns {HTMLSelectElement | HTMLInputElement} */
function ruleControl(key, value) {
  const choices = keyChoices(key);
  if (choices) {
    const select = document.createElement("select");
    for (const c of choices) select.add(new Option(c.label, JSON.stringify(c.value)));
    select.value = JSON.stringify(value);
    return select;
  }
  const input = document.createElement("input");
  input.type = "text";
  input.inputMode = "numeric";
  input.size = 6;
  input.value = value === null || value === undefined ? "" : String(value);
  // An empty field means the key's "none", worded as its label words it ("empty: two per
  // deck"), so the placeholder never says something else.
  const none = inLang(key, "none_label") || t("lobby.none_value");
  input.placeholder = value === null || value === undefined ? none : "";
  return input;
}

/** A rule control's value (controlValue of what it holds).
 * @param {HTMLSelectElement | HTMLInputElement} el
 * @returns {Json} */
function readControl(el) {
  return controlValue(el.tagName === "SELECT", el.value);
}

/** The small "?" beside a rule key: its section of the rules page, in a new tab so the
 * form being filled stays as it is.
 * @param {string} href */
function helpAnchor(href) {
  const a = document.createElement("a");
  a.className = "rule-help";
  a.href = href;
  a.target = "_blank";
  a.rel = "noopener";
  a.textContent = "?";
  a.title = t("lobby.ruleHelp");
  a.setAttribute("aria-label", t("lobby.ruleHelp"));
  return a;
}
