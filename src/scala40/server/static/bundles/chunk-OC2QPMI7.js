// Made by scripts/build_pages.py from static/js/ (esbuild): edit those, not this.
import {
  inLang,
  ruleValueWords,
  t
} from "./chunk-RCI7G432.js";

// connection.js
var CLOSE_BAD_TOKEN = 4401;
var CLOSE_NO_TABLE = 4404;
var CLOSE_REPLACED = 4e3;
var CLOSE_WATCHERS_FULL = 4429;
var CLOSE_ELSEWHERE = 4307;
var MAX_HOPS = 3;
function nodeAddress(reason, page) {
  let url;
  try {
    url = new URL(reason);
  } catch {
    return null;
  }
  const scheme = page.protocol === "https:" ? "wss:" : "ws:";
  if (url.protocol !== scheme || url.host !== page.host || url.search || url.hash) return null;
  return reason.replace(/\/+$/, "");
}
var TableConnection = class {
  /**
   * tableId, token; handlers: onMessage(msg), onStatus(kind, detail) where kind is
   * "connecting" | "open" | "retry" (detail = seconds) | "refused" (bad token), "gone" (no
   * such table), "replaced" (the seat connected elsewhere) or "crowded" (no room for one
   * more spectator), detail = the reason. patches: ask for `patch` messages after the
   * first `state` (docs/protocol.md); onMessage then gets them as they come.
   * @param {string} tableId
   * @param {string | null} token null: a spectator's connection
   * @param {ConnectionHandlers} handlers
   */
  constructor(tableId, token, { onMessage, onStatus, patches = false }) {
    this.tableId = tableId;
    this.token = token;
    this.patches = patches;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.delay = 0.5;
    this.ws = null;
    this.stopped = false;
    this.pinger = void 0;
    this.base = null;
    this.hops = 0;
  }
  url() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const q = new URLSearchParams(this.token ? { token: this.token } : { watch: "1" });
    if (this.patches) q.set("patches", "1");
    if (this.hops < MAX_HOPS) q.set("direct", "1");
    const base = this.base ?? `${proto}//${location.host}`;
    return `${base}/ws/${encodeURIComponent(this.tableId)}?${q}`;
  }
  connect() {
    if (this.stopped) return;
    this.onStatus("connecting");
    let ws;
    try {
      ws = new WebSocket(this.url());
    } catch {
      this.base = null;
      this.hops = MAX_HOPS;
      this.retry();
      return;
    }
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.delay = 0.5;
      this.hops = 0;
      this.onStatus("open");
      this.send({ type: "sync" });
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.send({ type: "ping" }), 25e3);
    });
    ws.addEventListener("message", (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      this.onMessage(msg);
    });
    ws.addEventListener("close", (ev) => {
      clearInterval(this.pinger);
      if (this.ws !== ws) return;
      this.ws = null;
      if (ev.code === CLOSE_ELSEWHERE) {
        const there = nodeAddress(ev.reason, location);
        this.hops = there === null ? MAX_HOPS : this.hops + 1;
        this.base = this.hops < MAX_HOPS ? there : null;
        this.connect();
        return;
      }
      this.base = null;
      if (ev.code === CLOSE_BAD_TOKEN || ev.code === CLOSE_NO_TABLE) {
        this.stopped = true;
        this.onStatus(ev.code === CLOSE_BAD_TOKEN ? "refused" : "gone", ev.reason || String(ev.code));
        return;
      }
      if (ev.code === CLOSE_REPLACED || ev.code === CLOSE_WATCHERS_FULL) {
        this.stopped = true;
        this.onStatus(ev.code === CLOSE_REPLACED ? "replaced" : "crowded", ev.reason);
        return;
      }
      this.retry();
    });
  }
  retry() {
    if (this.stopped) return;
    const wait = this.delay * (0.8 + Math.random() * 0.4);
    this.delay = Math.min(this.delay * 2, 15);
    this.onStatus("retry", Math.max(1, Math.round(wait)));
    setTimeout(() => this.connect(), wait * 1e3);
  }
  /** Send a message; false if the socket is not open (the caller keeps its state).
   * @param {{type: string, [field: string]: unknown}} msg
   * @returns {boolean} */
  send(msg) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }
  close() {
    this.stopped = true;
    if (this.ws) this.ws.close();
  }
};

// rulesform.js
var SEATED_KEYS = /* @__PURE__ */ new Set(["players"]);
function presetChanges(catalogue, name) {
  const preset = catalogue.presets[name] || {};
  const changes = preset.changes;
  return changes && typeof changes === "object" && !Array.isArray(changes) ? changes : preset;
}
function presetValue(catalogue, preset, key) {
  const changes = presetChanges(catalogue, preset);
  return key.key in changes ? changes[key.key] : key.default;
}
function changesFrom(catalogue, preset, values) {
  const changes = {};
  for (const key of catalogue.keys) {
    if (!(key.key in values)) continue;
    const value = values[key.key];
    if (JSON.stringify(value) !== JSON.stringify(presetValue(catalogue, preset, key))) changes[key.key] = value;
  }
  return changes;
}
function controlValue(chosen, text) {
  if (chosen) return JSON.parse(text);
  const typed = text.trim();
  if (typed === "") return null;
  return /^\d+$/.test(typed) ? Number(typed) : typed;
}
function keyChoices(key) {
  if (key.choices) {
    return key.choices.map(
      (c) => c !== null && typeof c === "object" && !Array.isArray(c) && "value" in c ? { value: c.value, label: inLang(c, "label") || ruleValueWords(c.value) } : { value: c, label: ruleValueWords(c) }
    );
  }
  if (String(key.type || "").startsWith("bool")) {
    return [false, true].map((value) => ({ value, label: ruleValueWords(value) }));
  }
  return null;
}
function keyLabel(key) {
  return inLang(key, "label") || key.key;
}
function presetLabel(catalogue, name) {
  const p = catalogue.presets[name] || {};
  const words = inLang(p, "label");
  if (words) return words;
  const known = `lobby.preset.${name}`;
  return t(known) === known ? name : t(known);
}
var RulesForm = class {
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
    this.catalogue = { presets: {}, keys: [] };
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
    const values = {};
    for (
      const el of
      /** @type {NodeListOf<HTMLSelectElement | HTMLInputElement>} */
      this.box.querySelectorAll("[data-key]")
    ) {
      values[el.dataset.key || ""] = readControl(el);
    }
    return changesFrom(this.catalogue, this.preset, values);
  }
};
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
  input.value = value === null || value === void 0 ? "" : String(value);
  const none = inLang(key, "none_label") || t("lobby.none_value");
  input.placeholder = value === null || value === void 0 ? none : "";
  return input;
}
function readControl(el) {
  return controlValue(el.tagName === "SELECT", el.value);
}
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

export {
  TableConnection,
  RulesForm
};
