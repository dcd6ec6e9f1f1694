// Made by scripts/build_pages.py from static/js/ (esbuild): edit those, not this.
import {
  RulesForm,
  TableConnection
} from "./chunk-OC2QPMI7.js";
import {
  onFair,
  renderFairMark
} from "./chunk-L7UARKUG.js";
import {
  SUITS,
  actionCards,
  cardBack,
  cardButton,
  cardElement,
  cardText,
  parseCard,
  prettyCard,
  prettyCards,
  rankWord,
  sameCard,
  selectionKey,
  sortKey
} from "./chunk-MMSY7H4E.js";
import {
  ratingChangeWords,
  ratingWords
} from "./chunk-F44VH76G.js";
import {
  renderScores
} from "./chunk-JKOAVRW4.js";
import "./chunk-PMAJHZDT.js";
import {
  $,
  $input,
  ApiError,
  BOT_LEVELS,
  api,
  apiErrorText,
  applyI18n,
  botLevelWords,
  forgetSeatToken,
  getLang,
  installable,
  languageSwitch,
  lastNickname,
  offerInstall,
  playerIdentity,
  refusal,
  rulesSummary,
  saveNickname,
  saveSeatToken,
  seatName,
  seatNameMarked,
  seatToken,
  t,
  takeSeat,
  tn
} from "./chunk-RCI7G432.js";

// announce.js
var timer = 0;
function announce(text) {
  if (!text) return;
  const region = $("announce");
  clearTimeout(timer);
  region.textContent = "";
  timer = window.setTimeout(() => {
    region.textContent = text;
  }, 60);
}
function silence() {
  clearTimeout(timer);
  $("announce").textContent = "";
}

// chat.js
var PHRASES = ["hello", "gg", "nice", "oops", "thanks", "hurry"];
var EMOTES = { thumbs: "\u{1F44D}", smile: "\u{1F604}", wow: "\u{1F62E}", sad: "\u{1F622}" };
var KEPT = 50;
var MAX_TEXT = 120;
var C = {
  tableId: "",
  send: () => false,
  messages: [],
  // [{seat, phrase} | {seat, text}], oldest first
  view: null,
  error: null
  // {code, message} of the last refusal, re-worded on a language switch
};
var muteKey = () => `scala40:mute:${C.tableId}`;
function muted() {
  try {
    const names = JSON.parse(localStorage.getItem(muteKey()) || "[]");
    return new Set(Array.isArray(names) ? names : []);
  } catch {
    return /* @__PURE__ */ new Set();
  }
}
function setMuted(name, on) {
  const names = muted();
  if (on) names.add(name);
  else names.delete(name);
  localStorage.setItem(muteKey(), JSON.stringify([...names]));
}
function keyName(seat) {
  const p = C.view && C.view.players.find((x) => x.seat === seat);
  return p ? p.name : "";
}
function words(m) {
  if (m.text !== void 0) return m.text;
  if (m.phrase !== void 0 && EMOTES[m.phrase]) return EMOTES[m.phrase];
  return t(`chat.phrase.${m.phrase}`);
}
function setupChat(tableId2, send) {
  C.tableId = tableId2;
  C.send = send;
  const box = $("chat-phrases");
  for (const code of [...PHRASES, ...Object.keys(EMOTES)]) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = EMOTES[code] ? "emote" : "phrase";
    b.dataset.phrase = code;
    b.addEventListener("click", () => say({ phrase: code }));
    box.append(b);
  }
  $("chat-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const input = $input("chat-text");
    const text = input.value.trim().slice(0, MAX_TEXT);
    if (text && say({ text })) input.value = "";
  });
}
function say(body) {
  C.error = null;
  return C.send({ type: "chat", ...body });
}
function onChat(msg) {
  const seat = (
    /** @type {number} */
    msg.seat
  );
  C.messages.push(msg.text !== void 0 ? { seat, text: String(msg.text) } : { seat, phrase: String(msg.phrase) });
  C.messages.splice(0, Math.max(0, C.messages.length - KEPT));
  renderChat(C.view);
  const line = (
    /** @type {HTMLElement | null} */
    $("chat-log").lastElementChild
  );
  if (line && line.dataset.seat === String(seat)) announce(line.textContent ?? "");
  return !muted().has(keyName(seat));
}
function onChatError(msg) {
  C.error = { code: msg.code ?? "", message: msg.message ?? "" };
  renderChat(C.view);
}
function renderChat(view) {
  C.view = view;
  if (!view) return;
  for (
    const b of
    /** @type {NodeListOf<HTMLButtonElement>} */
    document.querySelectorAll("#chat-phrases button")
  ) {
    const code = b.dataset.phrase ?? "";
    b.textContent = words({ phrase: code });
    if (EMOTES[code]) {
      b.title = t(`chat.emote.${code}`);
      b.setAttribute("aria-label", b.title);
    }
  }
  const hidden = muted();
  const log = $("chat-log");
  log.replaceChildren();
  for (const m of C.messages) {
    if (hidden.has(keyName(m.seat))) continue;
    const li = document.createElement("li");
    li.dataset.seat = String(m.seat);
    const who = document.createElement("b");
    const p = view.players.find((x) => x.seat === m.seat);
    const you = t("table.you");
    const name = m.seat === view.seat ? you.charAt(0).toUpperCase() + you.slice(1) : seatName(p) || "?";
    who.textContent = `${name}:`;
    const said = document.createElement("span");
    said.className = m.text !== void 0 ? "said text" : "said phrase";
    said.textContent = words(m);
    li.append(who, " ", said);
    log.append(li);
  }
  log.scrollTop = log.scrollHeight;
  const err = $("chat-error");
  err.textContent = C.error ? refusal(C.error.code, C.error.message) : "";
  const mutes = $("chat-mute");
  mutes.replaceChildren();
  for (const p of view.players) {
    if (p.seat === view.seat || p.kind !== "human" || !p.name) continue;
    const on = hidden.has(p.name);
    const b = document.createElement("button");
    b.type = "button";
    b.className = "mute";
    b.dataset.seat = String(p.seat);
    b.setAttribute("aria-pressed", String(on));
    b.textContent = t(on ? "chat.unmute" : "chat.mute", { name: p.name });
    b.addEventListener("click", () => {
      setMuted(p.name, !on);
      renderChat(C.view);
    });
    mutes.append(b);
  }
}

// notify.js
var KEY = "scala40:notify";
var BUZZ = [180, 90, 180];
function canNotify() {
  return "Notification" in window && "serviceWorker" in navigator;
}
function notifyOn() {
  return canNotify() && localStorage.getItem(KEY) === "on" && Notification.permission === "granted";
}
function bell(on) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("width", "18");
  svg.setAttribute("height", "18");
  svg.setAttribute("aria-hidden", "true");
  const paths = ["M6 16V11a6 6 0 0 1 12 0v5l2 2H4z", "M10 20a2 2 0 0 0 4 0"];
  if (!on) paths.push("M3 3l18 18");
  for (const d of paths) {
    const el = document.createElementNS(ns, "path");
    el.setAttribute("d", d);
    el.setAttribute("fill", "none");
    el.setAttribute("stroke", "currentColor");
    el.setAttribute("stroke-width", "2");
    el.setAttribute("stroke-linecap", "round");
    el.setAttribute("stroke-linejoin", "round");
    svg.append(el);
  }
  return svg;
}
function wordNotifyToggle(button) {
  const on = notifyOn();
  const blocked = canNotify() && Notification.permission === "denied";
  const words2 = blocked ? t("notify.blocked") : on ? t("notify.on") : t("notify.off");
  button.title = words2;
  button.setAttribute("aria-label", words2);
}
function initNotifyToggle(button) {
  if (!canNotify()) {
    button.hidden = true;
    return;
  }
  const show = () => {
    const on = notifyOn();
    button.replaceChildren(bell(on));
    button.setAttribute("aria-pressed", String(on));
    button.dataset.notify = on ? "on" : "off";
    wordNotifyToggle(button);
  };
  show();
  button.addEventListener("click", async () => {
    if (notifyOn()) {
      localStorage.setItem(KEY, "off");
    } else {
      const answer = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
      localStorage.setItem(KEY, answer === "granted" ? "on" : "off");
    }
    show();
  });
}
async function callBack(kind, title, body) {
  if (!notifyOn() || document.visibilityState !== "hidden") return false;
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return false;
  const options = {
    body,
    tag: `scala40-${kind}-${location.pathname}`,
    renotify: true,
    icon: "/static/icons/icon-192.png",
    badge: "/static/icons/icon-48.png",
    lang: document.documentElement.lang,
    vibrate: BUZZ,
    data: { url: location.pathname + location.search }
  };
  await registration.showNotification(title, options);
  try {
    if (navigator.vibrate) navigator.vibrate(BUZZ);
  } catch {
  }
  return true;
}

// keys.js
var BUTTONS = {
  d: "btn-draw",
  p: "btn-pozzo",
  a: "btn-add",
  o: "btn-open",
  m: "btn-meld",
  l: "btn-layoff",
  s: "btn-swap",
  x: "btn-discard",
  t: "btn-takeback",
  h: "btn-hint",
  g: "sort-group"
};
var SHORTCUTS = [
  ["D", "keys.draw"],
  ["P", "keys.pozzo"],
  ["\u2190 \u2192", "keys.move"],
  ["keys.space", "keys.select"],
  ["A", "keys.add"],
  ["O", "keys.open"],
  ["M", "keys.meld"],
  ["L", "keys.layoff"],
  ["S", "keys.swap"],
  ["X", "keys.discard"],
  ["T", "keys.takeback"],
  ["H", "keys.hint"],
  ["G", "keys.group"],
  ["Esc", "keys.clear"],
  ["?", "keys.help"]
];
var cursor = { id: void 0, index: 0, active: false };
function typing(target) {
  if (!target || !(target instanceof Element)) return false;
  return !!target.closest("input, textarea, select, [contenteditable=''], [contenteditable='true']");
}
function dialogOpen() {
  return [.../** @type {NodeListOf<HTMLElement>} */
  document.querySelectorAll(".overlay")].some((o) => !o.hidden && o.id !== "keys-help");
}
function handCards() {
  return [.../** @type {NodeListOf<HTMLElement>} */
  document.querySelectorAll("#hand .card")];
}
function moveCursor(index2) {
  const cards = handCards();
  if (!cards.length) return;
  cursor.index = Math.max(0, Math.min(cards.length - 1, index2));
  cursor.id = cards[cursor.index].dataset.id;
  cursor.active = true;
  showCursor(true);
}
function showCursor(focus) {
  const cards = handCards();
  for (const c of cards) c.classList.remove("kbd-cursor");
  if (!cursor.active || !cards.length) return;
  let i = cards.findIndex((c) => c.dataset.id === cursor.id);
  if (i < 0) i = Math.min(cursor.index, cards.length - 1);
  cursor.index = i;
  cursor.id = cards[i].dataset.id;
  cards[i].classList.add("kbd-cursor");
  const lost = !document.activeElement || document.activeElement === document.body;
  if (focus || lost) cards[i].focus({ preventScroll: !focus });
}
function helpOpen() {
  return !$("keys-help").hidden;
}
function toggleHelp(show = !helpOpen()) {
  $("keys-help").hidden = !show;
  if (show) $("keys-close").focus();
  else $("keys-btn").focus();
}
function buildHelp() {
  const list = $("keys-list");
  list.replaceChildren();
  for (const [key, what] of SHORTCUTS) {
    const dt = document.createElement("dt");
    const kbd = document.createElement("kbd");
    if (key.startsWith("keys.")) kbd.dataset.i18n = key;
    else kbd.textContent = key;
    dt.append(kbd);
    const dd = document.createElement("dd");
    dd.dataset.i18n = what;
    list.append(dt, dd);
  }
}
function initKeys({ select, words: words2 }) {
  buildHelp();
  words2();
  $("keys-btn").addEventListener("click", () => toggleHelp());
  $("keys-close").addEventListener("click", () => toggleHelp(false));
  $("keys-help").addEventListener("click", (ev) => {
    if (ev.target === $("keys-help")) toggleHelp(false);
  });
  window.addEventListener(
    "keydown",
    (ev) => {
      if (ev.key === "Escape" && helpOpen()) {
        ev.stopImmediatePropagation();
        toggleHelp(false);
      }
    },
    true
  );
  document.addEventListener("pointerdown", () => {
    cursor.active = false;
    showCursor(false);
  });
  $("hand").addEventListener("focusin", (ev) => {
    const card = (
      /** @type {HTMLElement} */
      ev.target
    );
    if (!card.classList.contains("card") || !card.matches(":focus-visible")) return;
    cursor.id = card.dataset.id;
    cursor.index = handCards().indexOf(card);
    cursor.active = true;
    for (const c of handCards()) c.classList.toggle("kbd-cursor", c === card);
  });
  new MutationObserver(() => showCursor(false)).observe($("hand"), { childList: true });
  document.addEventListener("keydown", (ev) => {
    if (ev.defaultPrevented || ev.ctrlKey || ev.metaKey || ev.altKey || typing(ev.target)) return;
    if (ev.key === "?") {
      ev.preventDefault();
      toggleHelp();
      return;
    }
    if (helpOpen() || dialogOpen() || $("game").hidden) return;
    const key = ev.key.length === 1 ? ev.key.toLowerCase() : ev.key;
    if (BUTTONS[key]) {
      const b = $(BUTTONS[key]);
      if (b && !b.hidden && b.offsetParent !== null) {
        ev.preventDefault();
        b.click();
      }
      return;
    }
    if (key === "ArrowLeft" || key === "ArrowRight") {
      ev.preventDefault();
      const step = key === "ArrowLeft" ? -1 : 1;
      moveCursor(cursor.active ? cursor.index + step : step > 0 ? 0 : handCards().length - 1);
      return;
    }
    const target = (
      /** @type {Partial<Element> | null} */
      ev.target
    );
    if ((key === " " || key === "Enter") && cursor.active && !target?.closest?.("button, a")) {
      ev.preventDefault();
      select(Number(cursor.id));
    }
  });
}

// sound.js
var KEY2 = "scala40:sound";
var audio = null;
var touched = false;
var SOUNDS = {
  turn: { wave: "sine", gain: 0.18, notes: [[660, 0, 0.14], [880, 0.12, 0.22]] },
  draw: { wave: "triangle", gain: 0.12, notes: [[520, 0, 0.07]] },
  discard: { wave: "sine", gain: 0.2, notes: [[220, 0, 0.12]], drop: 0.6 },
  meld: { wave: "triangle", gain: 0.14, notes: [[523, 0, 0.1], [659, 0.08, 0.1], [784, 0.16, 0.16]] },
  out: {
    wave: "triangle",
    gain: 0.16,
    notes: [[523, 0, 0.12], [659, 0.11, 0.12], [784, 0.22, 0.12], [1047, 0.33, 0.35]]
  }
};
function soundOn() {
  return localStorage.getItem(KEY2) !== "off";
}
function setSoundOn(on) {
  localStorage.setItem(KEY2, on ? "on" : "off");
}
function speaker(on) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("width", "18");
  svg.setAttribute("height", "18");
  svg.setAttribute("aria-hidden", "true");
  const parts = [["path", { d: "M3 9h4l5-4v14l-5-4H3z", fill: "currentColor" }]];
  if (on) parts.push(["path", { d: "M15.5 8.5a5 5 0 0 1 0 7M18 6a8.5 8.5 0 0 1 0 12", fill: "none" }]);
  else parts.push(["path", { d: "M16 9l6 6M22 9l-6 6", fill: "none" }]);
  for (const [tag, attrs] of parts) {
    const el = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    el.setAttribute("stroke", "currentColor");
    el.setAttribute("stroke-width", "2");
    el.setAttribute("stroke-linecap", "round");
    svg.append(el);
  }
  return svg;
}
function initSound(button) {
  const show = () => {
    const on = soundOn();
    button.replaceChildren(speaker(on));
    button.setAttribute("aria-pressed", String(on));
    button.dataset.sound = on ? "on" : "off";
  };
  show();
  button.addEventListener("click", () => {
    setSoundOn(!soundOn());
    show();
  });
  const unlock = () => {
    touched = true;
    if (!audio) {
      const Ctx = window.AudioContext || /** @type {{webkitAudioContext?: typeof AudioContext}} */
      window.webkitAudioContext;
      if (Ctx) audio = new Ctx();
    }
    if (audio && audio.state === "suspended") audio.resume().catch(() => {
    });
  };
  for (const kind of ["pointerdown", "keydown"]) document.addEventListener(kind, unlock, { capture: true });
}
function playSound(name) {
  const s = SOUNDS[name];
  if (!s || !soundOn() || !touched || !audio || audio.state !== "running") return;
  const now = audio.currentTime;
  for (const [freq, start2, length] of s.notes) {
    const osc = audio.createOscillator();
    const env = audio.createGain();
    osc.type = s.wave;
    const t0 = now + start2;
    osc.frequency.setValueAtTime(freq, t0);
    if (s.drop) osc.frequency.exponentialRampToValueAtTime(freq * s.drop, t0 + length);
    env.gain.setValueAtTime(1e-4, t0);
    env.gain.exponentialRampToValueAtTime(s.gain, t0 + 0.01);
    env.gain.exponentialRampToValueAtTime(1e-4, t0 + length);
    osc.connect(env).connect(audio.destination);
    osc.start(t0);
    osc.stop(t0 + length + 0.02);
  }
}
function soundFor(ev) {
  switch (ev && ev.type) {
    case "draw":
    case "pozzo":
      return "draw";
    case "discard":
      return "discard";
    case "open":
    case "meld":
    case "layoff":
    case "swap":
      return "meld";
    default:
      return null;
  }
}

// table/choices.js
function meldOptionsFor(melds, cards) {
  const key = selectionKey(cards);
  return melds.filter((m) => selectionKey(m.cards) === key).sort((a, b) => b.points - a.points);
}
function isSwap(m, card, swaps, listed) {
  const joker = parseCard(card).joker;
  return swaps.some((x) => x.target === m.id && sameCard(x.card, card)) || !joker && !listed.length && m.cards.includes("JK=" + parseCard(card).text);
}
function layoffChoices(m, card, listed) {
  const joker = parseCard(card).joker;
  const ends = [...new Set(listed.map((x) => x.end).filter((x) => !!x))].map(String);
  let options = ends.map((end) => ({
    end,
    declared: null,
    as: joker && m.kind === "run" ? cardText(end === "low" ? (m.lo ?? 0) - 1 : (m.hi ?? 0) + 1, m.suit ?? "") : null
  }));
  if (joker && m.kind === "set" && m.cards.length < 4) {
    const shown = m.cards.map((c) => parseCard(c)).map((c) => c.joker ? c.declared?.suit : c.suit);
    options = SUITS.filter((x) => !shown.includes(x)).map((x) => ({ end: null, declared: cardText(m.rank ?? 0, x) }));
  }
  return { ends, options };
}

// local/connection.js
var LocalConnection = class {
  /**
   * @param {Worker} worker the Worker, loaded, its match started or resumed
   * @param {ConnectionHandlers} handlers
   */
  constructor(worker, { onMessage: onMessage2, onStatus: onStatus2 }) {
    this.worker = worker;
    this.onMessage = onMessage2;
    this.onStatus = onStatus2;
    this.ws = null;
    this.stopped = false;
    worker.addEventListener("message", (ev) => {
      if (ev.data && ev.data.kind === "message") this.onMessage(ev.data.msg);
    });
  }
  connect() {
    this.onStatus("open");
    this.send({ type: "sync" });
  }
  /** Send a message to the local table; always true (the Worker is always there).
   * @param {{type: string, [field: string]: unknown}} msg
   * @returns {boolean} */
  send(msg) {
    this.worker.postMessage({ kind: "send", msg });
    return true;
  }
  close() {
    this.stopped = true;
  }
};

// local/setup.js
function localFiles() {
  const meta = document.querySelector('meta[name="scala40-local"]');
  if (!meta) return null;
  return JSON.parse(meta.getAttribute("content") || "{}");
}
function absolute(files) {
  const abs = (u) => new URL(u, document.baseURI).href;
  const sizes = {};
  for (const [u, n] of Object.entries(files.sizes)) sizes[abs(u)] = n;
  return { pyodide: abs(files.pyodide), wheel: abs(files.wheel), rules: abs(files.rules), sizes };
}
function newSeed() {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return bytes.reduce((n, b) => n * 256 + b, 0);
}
var rulesForm = null;
function drawSetup() {
  drawBotChoices();
  if (rulesForm) rulesForm.draw();
}
async function loadCatalogue(url) {
  const answer = await fetch(url);
  if (!answer.ok) throw new Error(`${url}: ${answer.status}`);
  return answer.json();
}
function drawBotChoices() {
  const row = $("local-bots");
  const chosen = [...row.querySelectorAll("select")].map((el) => el.value);
  row.replaceChildren();
  for (let seat = 2; seat <= 6; seat++) {
    const label = document.createElement("label");
    const words2 = document.createElement("span");
    words2.textContent = t("local.bot", { n: seat });
    const select = document.createElement("select");
    select.id = `local-bot-${seat}`;
    const options = seat === 2 ? [...BOT_LEVELS] : ["", ...BOT_LEVELS];
    for (const level of options) {
      const option = document.createElement("option");
      option.value = level;
      option.textContent = level ? botLevelWords(level) : t("local.noBot");
      select.append(option);
    }
    select.value = chosen.length ? chosen[seat - 2] : seat <= 4 ? "club" : "";
    label.append(words2, select);
    row.append(label);
  }
}
function download(text, name) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1e4);
}
function keepOffline() {
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register(new URL("sw.js", document.baseURI).href).catch(() => {
    });
  }
}
function startLocal(files, handlers, attach) {
  document.body.classList.add("local");
  const load = $("local-load");
  const bar = (
    /** @type {HTMLProgressElement} */
    $("local-progress")
  );
  const said = $("local-load-said");
  const form = (
    /** @type {HTMLFormElement} */
    $("local-setup")
  );
  const error = $("local-error");
  load.hidden = false;
  said.textContent = t("local.starting");
  const where = absolute(files);
  const catalogue = loadCatalogue(where.rules);
  catalogue.catch(() => {
  });
  const showSetup = async () => {
    try {
      const rules = await catalogue;
      rulesForm = new RulesForm(
        /** @type {HTMLSelectElement} */
        $("local-preset"),
        $("local-rules")
      );
      rulesForm.draw(rules);
    } catch (err) {
      load.hidden = false;
      said.textContent = t("local.failed", { why: String(err) });
      return;
    }
    load.hidden = true;
    drawBotChoices();
    form.hidden = false;
  };
  const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  let dealing = false;
  const connect2 = () => {
    form.hidden = true;
    $("local-bar").hidden = false;
    const conn = new LocalConnection(worker, handlers);
    attach(conn);
    conn.connect();
  };
  worker.addEventListener("message", (ev) => {
    const m = ev.data;
    if (m.kind === "progress") {
      const mb = (n) => (n / 1e6).toFixed(1);
      bar.max = m.total;
      bar.value = m.done;
      said.textContent = t("local.loading", { done: mb(m.done), total: mb(m.total) });
    } else if (m.kind === "ready") {
      keepOffline();
      if (m.kept) {
        load.hidden = true;
        worker.postMessage({ kind: "resume" });
        connect2();
      } else {
        showSetup();
      }
    } else if (m.kind === "message" && dealing) {
      dealing = false;
      connect2();
    } else if (m.kind === "refused") {
      dealing = false;
      error.textContent = m.reason;
    } else if (m.kind === "failed") {
      load.hidden = false;
      said.textContent = t("local.failed", { why: m.reason });
    } else if (m.kind === "forgotten") {
      location.reload();
    } else if (m.kind === "record") {
      download(m.text, `scala40-local-${(/* @__PURE__ */ new Date()).toISOString().slice(0, 10)}.json`);
    }
  });
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    if (!rulesForm) return;
    const bots = [2, 3, 4, 5, 6].map((seat) => (
      /** @type {HTMLSelectElement} */
      $(`local-bot-${seat}`).value
    )).filter(Boolean);
    error.textContent = "";
    dealing = true;
    worker.postMessage({
      kind: "start",
      setup: {
        nickname: (
          /** @type {HTMLInputElement} */
          $("local-name").value
        ),
        bots,
        preset: rulesForm.preset,
        changes: rulesForm.changes(),
        seed: newSeed(),
        first_dealer: Math.floor(Math.random() * (bots.length + 1)),
        bot_pace: (
          /** @type {HTMLSelectElement} */
          $("local-pace").value
        )
      }
    });
  });
  $("local-record").addEventListener("click", () => worker.postMessage({ kind: "record" }));
  $("local-new").addEventListener("click", () => {
    if (!confirm(t("local.newConfirm"))) return;
    worker.postMessage({ kind: "forget" });
  });
  worker.postMessage({ kind: "load", pyodide: where.pyodide, wheel: where.wheel, sizes: where.sizes });
}

// table/state.js
var LOCAL_FILES = localFiles();
var tableId = LOCAL_FILES ? "local" : decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
var WATCH_ASKED = new URLSearchParams(location.search).has("watch");
var S = {
  view: null,
  v: 0,
  hand: [],
  nextId: 1,
  fresh: /* @__PURE__ */ new Set(),
  selected: /* @__PURE__ */ new Set(),
  staged: [],
  checks: /* @__PURE__ */ new Map(),
  sort: (
    /** @type {SortBy} */
    localStorage.getItem("scala40:sort") || "suit"
  ),
  groupEnds: /* @__PURE__ */ new Set(),
  sent: null,
  hint: null,
  hinted: /* @__PURE__ */ new Set(),
  log: [],
  conn_status: null,
  joinReason: null,
  missing: false,
  pending: false,
  pendingTimer: void 0,
  dragging: null,
  conn: null,
  message: "",
  messageIsError: false,
  messageWords: null,
  refused: null,
  summaryOpen: false,
  lastSummary: null,
  wasMyTurn: false,
  turnSaid: "",
  deadlineTimer: void 0,
  away: null,
  retired: null,
  watching: false,
  syncAsked: false,
  rematchInfo: null
};

// table/facts.js
function me() {
  const v = S.view;
  return v ? v.players.find((p) => p.seat === v.seat) : null;
}
function playerName(seat) {
  const p = S.view?.players.find((x) => x.seat === seat);
  return p ? seatName(p) : `#${seat}`;
}
function legal() {
  return S.view && S.view.legal || {};
}
function myTurn() {
  return !!(S.view && S.view.my_turn && S.view.status === "playing");
}
function limits() {
  return S.view?.rules?.limits || {};
}
function openingNeed() {
  return limits().opening_points ?? S.view?.rules?.opening_points;
}
function meldOptions(entries) {
  return meldOptionsFor(legal().melds || [], entries.map((e) => e.card));
}
function why() {
  return legal().why || {};
}
function barredWhy(card) {
  return (why().discard || {})[card] || null;
}

// arrange.js
var SUIT_ORDER = ["S", "H", "D", "C"];
function groupCombinations(entries) {
  const items = entries.map((e) => ({ e, c: parseCard(e.card) }));
  const used = /* @__PURE__ */ new Set();
  const groups = [];
  const take = (list) => {
    for (const x of list) used.add(x.e.id);
    groups.push(list.map((x) => x.e));
  };
  const free = () => items.filter((x) => !used.has(x.e.id));
  const jokers = () => free().filter((x) => x.c.joker);
  for (; ; ) {
    const best = longestRun(free().filter((x) => !x.c.joker), 0);
    if (!best || best.length < 3) break;
    take(
      /** @type {Item[]} */
      best
    );
  }
  for (const group of setsOf(free().filter((x) => !x.c.joker), 3)) take(group);
  for (; ; ) {
    const joker = jokers()[0];
    if (!joker) break;
    const run = longestRun(free().filter((x) => !x.c.joker), 1);
    if (run && run.length >= 2) {
      take(
        /** @type {Item[]} */
        insertJoker(run, joker)
      );
      continue;
    }
    const pair = setsOf(free().filter((x) => !x.c.joker), 2)[0];
    if (!pair) break;
    take([...pair, joker]);
  }
  const rest = free().map((x) => x.e).sort((a, b) => sortKey(a.card, "suit") - sortKey(b.card, "suit"));
  return { order: groups.flat().concat(rest), groups: groups.map((g) => g.map((e) => e.id)) };
}
function longestRun(naturals, gaps) {
  let best = null;
  for (const suit of SUIT_ORDER) {
    const bySuit = /* @__PURE__ */ new Map();
    for (const x of naturals.filter((n) => n.c.suit === suit)) {
      if (!bySuit.has(x.c.rank)) bySuit.set(x.c.rank, x);
      if (x.c.rank === 1 && !bySuit.has(14)) bySuit.set(14, x);
    }
    for (let lo = 1; lo <= 14; lo++) {
      if (!bySuit.has(lo)) continue;
      const run = [];
      let missing = 0;
      for (let r = lo; r <= 14; r++) {
        const x = bySuit.get(r);
        if (x && run.some((y) => y && y.e.id === x.e.id)) break;
        if (x) run.push(x);
        else if (missing < gaps && bySuit.has(r + 1)) {
          missing++;
          run.push(null);
        } else break;
      }
      const naturalsIn2 = run.filter(Boolean).length;
      if (!best || naturalsIn2 > best.filter(Boolean).length) best = run;
    }
  }
  if (!best) return null;
  const naturalsIn = best.filter(Boolean);
  return gaps === 0 ? naturalsIn : naturalsIn.length >= 2 ? best : null;
}
function insertJoker(run, joker) {
  const at = run.indexOf(null);
  if (at < 0) return [...run, joker];
  const out = [...run];
  out[at] = joker;
  return out;
}
function setsOf(naturals, size) {
  const byRank = /* @__PURE__ */ new Map();
  for (const x of naturals) {
    const key = x.c.rank;
    let suits = byRank.get(key);
    if (!suits) byRank.set(key, suits = /* @__PURE__ */ new Map());
    if (!suits.has(x.c.suit)) suits.set(x.c.suit, x);
  }
  const out = [];
  for (const suits of byRank.values()) {
    const cards = [...suits.values()];
    if (cards.length >= size) out.push(cards.slice(0, 4));
  }
  return out;
}

// table/order.js
function reconcileCards(hand, cards, nextId) {
  const pool = [...cards];
  const kept = [];
  for (const e of hand) {
    const i = pool.indexOf(e.card);
    if (i >= 0) {
      kept.push(e);
      pool.splice(i, 1);
    }
  }
  const fresh = pool.map((card) => ({ id: nextId++, card }));
  return { hand: kept.concat(fresh), fresh, nextId };
}
function orderHand(hand, by) {
  if (by === "custom") return { hand, groupEnds: null };
  if (by === "group") {
    const arranged = groupCombinations(hand);
    return { hand: arranged.order, groupEnds: new Set(arranged.groups.map((g) => g[g.length - 1])) };
  }
  return { hand: [...hand].sort((a, b) => sortKey(a.card, by) - sortKey(b.card, by)), groupEnds: null };
}
function entriesHolding(hand, texts) {
  const used = /* @__PURE__ */ new Set();
  for (const text of texts) {
    const e = hand.find((x) => !used.has(x.id) && sameCard(x.card, text));
    if (e) used.add(e.id);
  }
  return used;
}

// table/hand.js
function reconcileHand(cards, sameHand) {
  const next = reconcileCards(S.hand, cards, S.nextId);
  S.nextId = next.nextId;
  S.fresh = new Set(sameHand && next.fresh.length <= 2 ? next.fresh.map((e) => e.id) : []);
  S.hand = next.hand;
  const ids = new Set(S.hand.map((e) => e.id));
  for (const id of [...S.selected]) if (!ids.has(id)) S.selected.delete(id);
  S.staged = S.staged.filter((m) => m.ids.every((id) => ids.has(id)));
  if (S.sort !== "custom") sortHand(S.sort);
}
function sortHand(by) {
  S.sort = by;
  localStorage.setItem("scala40:sort", by);
  const sorted = orderHand(S.hand, by);
  S.hand = sorted.hand;
  if (sorted.groupEnds) S.groupEnds = sorted.groupEnds;
}
function entry(id) {
  return S.hand.find((e) => e.id === id);
}
function stagedIds() {
  return new Set(S.staged.flatMap((m) => m.ids));
}
function selectedEntries() {
  return S.hand.filter((e) => S.selected.has(e.id));
}

// rulelinks.js
var anchors = null;
function refusalAnchors() {
  if (!anchors) {
    anchors = api("/api/rulebook").then((book) => book.refusals || {}).catch(() => {
      anchors = null;
      return {};
    });
  }
  return anchors;
}
var shownCode = null;
async function showWhy(link, code) {
  shownCode = code;
  if (!code) {
    link.hidden = true;
    return;
  }
  const anchor = (await refusalAnchors())[code];
  if (shownCode !== code) return;
  link.hidden = !anchor;
  if (!anchor) return;
  link.href = `/rules#${anchor}`;
  link.textContent = t("table.why");
  link.title = t("table.whyTitle");
}

// table/wording.js
function eventLine(ev, nameOf) {
  const name = ev.seat !== void 0 && ev.seat !== null ? nameOf(ev.seat) : "";
  const cards = ev.melds ? ev.melds.map((m) => prettyCards(m)).join(" | ") : ev.cards ? prettyCards(ev.cards) : "";
  const key = `ev.${ev.type}`;
  const who = ev.name ?? name;
  const was = ev.was ?? name;
  const text = t(key, { name: who, was, card: ev.card ? prettyCard(ev.card) : "", cards });
  return text === key ? "" : text;
}
function factWords(facts, nameOf) {
  if (!facts || typeof facts !== "object") return null;
  const out = { ...facts };
  const one = (c) => parseCard(c).joker && !parseCard(c).declared ? t("card.joker") : prettyCard(c);
  if (typeof facts.card === "string") out.card = one(facts.card);
  if (Array.isArray(facts.cards)) out.cards = prettyCards(facts.cards);
  if (Number.isInteger(facts.seat)) out.name = nameOf(Number(facts.seat));
  return out;
}
function reasonWords(reason, nameOf) {
  const key = `why.${reason.code}`;
  if (reason.card || reason.taken) {
    const name = (c) => !c ? "" : parseCard(c).joker ? t("card.joker") : prettyCard(c);
    const text = t(key, { card: name(reason.card), taken: name(reason.taken) });
    if (text !== key) return text;
  }
  return refusal(reason.code, reason.message, factWords(reason.facts, nameOf));
}
function hintHeadline(a) {
  if (!a) return "";
  const cards = a.melds ? a.melds.map(prettyCards).join(" | ") : a.cards ? prettyCards(a.cards) : "";
  const card = a.card ? prettyCard(a.declared ? `JK=${a.declared}` : a.card) : "";
  const key = `hint.${a.type}`;
  const text = t(key, { card, cards, target: a.target !== void 0 ? a.target + 1 : "" });
  return text === key ? "" : text;
}
function connWords(kind, detail) {
  if (kind === "open") return t("table.connected");
  if (kind === "connecting") return t("table.connecting");
  if (kind === "retry") return t("table.reconnecting", { s: detail });
  if (kind === "replaced") return t("table.replaced");
  if (kind === "gone") return t("table.gone");
  if (kind === "crowded") return t("watch.crowded");
  return "";
}
function reasonText(r) {
  const key = r.code === "waits_set" && !(r.cards || []).length ? "hintwhy.waits_set_none" : `hintwhy.${r.code}`;
  const text = t(key, {
    card: r.card ? parseCard(r.card).joker ? t("card.joker") : prettyCard(r.card) : "",
    cards: (r.cards || []).map(prettyCard).join(", "),
    melds: (r.melds || []).map(prettyCards).join(" + "),
    n: r.number ?? "",
    rank: r.number ? rankWord("many", r.number) : "",
    because: (r.because || []).map(reasonText).join(t("hintwhy.and"))
  });
  return text === key ? "" : text;
}
function hintReasonsText(reasons) {
  return (reasons || []).map(reasonText).filter((x) => x).join(t("hintwhy.then"));
}

// table/say.js
var rewording = false;
function reword(show) {
  rewording = true;
  try {
    show();
  } finally {
    rewording = false;
  }
}
var whyLink = () => (
  /** @type {HTMLAnchorElement} */
  $("why")
);
function showMessage(text, isError = false) {
  S.messageWords = typeof text === "function" ? text : null;
  const words2 = S.messageWords ? S.messageWords() : (
    /** @type {string} */
    text
  );
  S.message = words2;
  S.messageIsError = isError && !!words2;
  S.refused = null;
  showWhy(whyLink(), null);
  const el = $("message");
  if (el.textContent !== words2) el.textContent = words2;
  el.classList.toggle("error", S.messageIsError);
  if (!rewording) announce(words2);
}
function cardReason(msg) {
  const card = S.sent?.card;
  const key = `why.${msg.code}`;
  if (!card || t(key) === key) return null;
  return { code: String(msg.code), message: msg.message ?? "", card, taken: S.view?.pozzo_card || void 0 };
}
function showRefusal(code, message, reason = null, facts = null) {
  const text = reason ? reasonWords(reason, playerName) : refusal(code, message, factWords(facts, playerName));
  showMessage(text, true);
  S.refused = { code, message, why: reason, facts };
  showWhy(whyLink(), code);
}
function explain(reason) {
  showRefusal(reason.code, reason.message, reason);
}
function eventLineHere(ev) {
  return eventLine(ev, playerName);
}
function logEvent(ev) {
  if (!eventLineHere(ev)) return;
  S.log.unshift(ev);
  S.log.length = Math.min(S.log.length, 40);
}

// table/intents.js
function setPending(on) {
  S.pending = on;
  clearTimeout(S.pendingTimer);
  if (on) S.pendingTimer = setTimeout(() => setPending(false), 6e3);
  $("game").dataset.pending = String(on);
  renderButtons();
}
function sendAction(action) {
  S.sent = action;
  if (!S.conn || !S.conn.send({ type: "action", v: S.v, action })) {
    showMessage(() => t("table.connecting"), true);
    return;
  }
  setPending(true);
}
function draw() {
  sendAction({ type: "draw" });
}
function takePozzo() {
  sendAction({ type: "pozzo" });
}
function singleSelected() {
  const entries = selectedEntries();
  if (entries.length !== 1) {
    showMessage(() => t("table.selectOne"), true);
    return null;
  }
  return entries[0];
}
function discard(e = singleSelected()) {
  if (!e) return;
  sendAction({ type: "discard", card: e.card });
}
function discardOrExplain(e) {
  const reason = barredWhy(e.card);
  if (reason) explain(reason);
  else discard(e);
}
function askHint() {
  if (S.conn && S.conn.send({ type: "hint" })) setPending(true);
}
function playHint() {
  if (S.hint && S.hint.action) sendAction(S.hint.action);
}

// table/actions.js
var offReasons = /* @__PURE__ */ new Map();
function renderButtons() {
  const v = S.view;
  if (!v) return;
  const L = legal();
  const turn = myTurn();
  const drawing = turn && v.phase === "draw";
  const play = turn && v.phase === "play";
  const sel = selectedEntries();
  const one = sel.length === 1 ? sel[0] : null;
  const opened = !!me()?.opened;
  const layoffs = L.layoff || [];
  const swaps = L.swap || [];
  const selectCards = () => showMessage(() => t("table.selectCards"));
  const selectOne = () => showMessage(() => t("table.selectOne"));
  offReasons.clear();
  const set = (id, shown, enabled, reason = null, highlight2 = true) => {
    const b = (
      /** @type {HTMLButtonElement} */
      $(id)
    );
    b.hidden = !shown;
    b.disabled = shown && S.pending;
    const off = shown && !enabled;
    b.setAttribute("aria-disabled", String(off));
    b.classList.toggle("legal", shown && enabled && highlight2 && !S.pending);
    if (off && reason) offReasons.set(id, reason);
  };
  set("btn-draw", drawing, !!L.draw, () => explainIf(why().draw));
  set("btn-pozzo", drawing, !!L.pozzo, () => explainIf(why().pozzo));
  const opening = play && !opened && L.can_open !== false;
  set("btn-add", opening, sel.length >= 3, selectCards, false);
  set("btn-open", opening, S.staged.length > 0 || sel.length >= 3, selectCards);
  set("btn-meld", play && opened && L.can_meld !== false, sel.length >= 3 || S.staged.length > 0, selectCards);
  const fits = !!one && layoffs.some((x) => sameCard(x.card, one.card));
  set("btn-layoff", play && layoffs.length > 0, fits, one ? () => showMessage(() => t("table.whyNoLayoff")) : selectOne);
  const swapsOne = !!one && !parseCard(one.card).joker && swaps.some((x) => sameCard(x.card, one.card));
  set("btn-swap", play && opened && swaps.length > 0, swapsOne, one ? () => showMessage(() => t("table.whyNoSwap")) : selectOne);
  const barred = one ? barredWhy(one.card) : null;
  const discardable = !!one && (L.discard || []).some((d) => sameCard(d, one.card));
  set("btn-discard", play, discardable, barred ? () => explain(barred) : one ? null : selectOne);
  set("btn-takeback", turn && !!L.takeback, true, null, false);
  set("btn-hint", turn, true, null, false);
}
function explainIf(reason) {
  if (reason) explain(reason);
}
function explainSelection() {
  const sel = selectedEntries();
  const reason = sel.length === 1 && myTurn() && S.view?.phase === "play" ? barredWhy(sel[0].card) : null;
  if (reason) explain(reason);
  else if (S.refused?.why) showMessage("");
}
function pozzoTapped() {
  if (!myTurn() || S.pending) return;
  if (S.view?.phase === "draw") {
    const barred = why().pozzo;
    if (legal().pozzo) takePozzo();
    else if (barred) explain(barred);
    return;
  }
  const sel = selectedEntries();
  if (sel.length !== 1) showMessage(() => t("table.selectOne"));
  else discardOrExplain(sel[0]);
}

// table/drawer.js
var D = { open: null, unread: 0 };
function showTab(tab) {
  D.open = tab;
  const game = $("game");
  if (tab) game.dataset.tab = tab;
  else delete game.dataset.tab;
  for (
    const b of
    /** @type {NodeListOf<HTMLElement>} */
    document.querySelectorAll("#tabs .tab")
  ) {
    b.setAttribute("aria-expanded", String(b.dataset.tab === tab));
  }
  if (tab === "chat") D.unread = 0;
  renderUnread();
  if (tab === "chat") {
    const log = $("chat-log");
    log.scrollTop = log.scrollHeight;
  }
}
function wireDrawer() {
  for (
    const b of
    /** @type {NodeListOf<HTMLElement>} */
    document.querySelectorAll("#tabs .tab")
  ) {
    const tab = (
      /** @type {Tab} */
      b.dataset.tab
    );
    b.addEventListener("click", () => showTab(D.open === tab ? null : tab));
  }
  $("sheet-close").addEventListener("click", () => showTab(null));
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && D.open && $("choice").hidden) showTab(null);
  });
}
function noteChatLine(seat) {
  if (D.open === "chat" || seat === S.view?.seat) return;
  D.unread += 1;
  renderUnread();
}
function renderTabs() {
  const v = S.view;
  if (!v) return;
  $("tab-chat").hidden = S.watching;
  $("tab-share").hidden = S.watching || v.status === "over";
  if (D.open && $(`tab-${D.open}`).hidden) showTab(null);
}
function renderUnread() {
  const badge = $("chat-unread");
  badge.hidden = D.unread === 0;
  badge.textContent = D.unread > 9 ? "9+" : String(D.unread);
}

// cardnames.js
function meldWhat(m) {
  if (m.kind === "run") {
    return t("say.run", { suit: t(`say.suit.${m.suit ?? ""}`), lo: rankWord("rank", m.lo ?? 0), hi: rankWord("rank", m.hi ?? 0) });
  }
  return t(m.cards.length >= 4 ? "say.set4" : "say.set3", { many: rankWord("many", m.rank ?? 0) });
}
function meldName(m) {
  return t("say.meld", { n: m.id + 1, what: meldWhat(m), points: m.points ?? 0 });
}

// table/checks.js
var KEPT2 = 200;
function checkOf(cards) {
  const key = selectionKey(cards);
  if (S.checks.has(key)) return S.checks.get(key) ?? null;
  if (S.checks.size >= KEPT2) S.checks.clear();
  S.checks.set(key, null);
  S.conn?.send({ type: "check", cards });
  return null;
}
function onCheck(msg) {
  S.checks.set(selectionKey(msg.cards || []), {
    ok: !!msg.ok,
    code: msg.code,
    message: msg.message,
    facts: msg.facts
  });
}
function notMeld(cards) {
  const answer = checkOf(cards);
  if (!answer || answer.ok || !answer.code) return { code: "invalid_meld", message: "", facts: null };
  return { code: answer.code, message: answer.message ?? "", facts: answer.facts ?? null };
}
function notMeldWords(cards) {
  const why2 = notMeld(cards);
  return refusal(why2.code, why2.message, factWords(why2.facts, playerName));
}

// table/dialogs.js
function choose(title, options) {
  return new Promise((resolve) => {
    $("choice-title").textContent = title;
    const box = $("choice-buttons");
    box.replaceChildren();
    const before = (
      /** @type {HTMLElement | null} */
      document.activeElement
    );
    const onKey = (ev) => {
      if (ev.key !== "Escape") return;
      ev.preventDefault();
      ev.stopImmediatePropagation();
      done(null);
    };
    const done = (value) => {
      $("choice").hidden = true;
      window.removeEventListener("keydown", onKey, true);
      if (before && before.isConnected) before.focus();
      resolve(value);
    };
    for (const o of options) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = o.label;
      if (Array.isArray(o.value)) b.dataset.cards = o.value.join(" ");
      else if (o.value && typeof o.value === "object") {
        const lay = (
          /** @type {{end?: string | null, declared?: string | null}} */
          o.value
        );
        b.dataset.end = lay.end || "";
        b.dataset.declared = lay.declared || "";
      }
      b.addEventListener("click", () => done(o.value));
      box.append(b);
    }
    $("choice-cancel").onclick = () => done(null);
    $("choice").hidden = false;
    window.addEventListener("keydown", onKey, true);
    (box.firstElementChild ?? $("choice-cancel")).focus();
  });
}

// away.js
var SEEN = (tableId2) => `scala40:seen:${tableId2}`;
function rememberSeen(tableId2, v, seat) {
  try {
    localStorage.setItem(SEEN(tableId2), JSON.stringify({ v, seat }));
  } catch {
  }
}
function lastSeen(tableId2) {
  try {
    const seen = JSON.parse(localStorage.getItem(SEEN(tableId2)) || "null");
    return seen && Number.isInteger(seen.v) && Number.isInteger(seen.seat) ? seen : null;
  } catch {
    return null;
  }
}
function renderAway(box, moves, result, lineOf, onClose) {
  box.replaceChildren();
  const lines = (
    /** @type {string[]} */
    moves.map((ev) => lineOf(ev)).filter(Boolean)
  );
  box.hidden = !lines.length && !result;
  if (box.hidden) return;
  if (result) {
    const h = document.createElement("h2");
    h.className = "away-result";
    h.textContent = result.winner === null ? t("table.matchOver") : t("sum.matchOver", { name: result.winner });
    box.append(h);
    const table = document.createElement("table");
    table.className = "summary-table away-totals";
    const head = table.createTHead().insertRow();
    for (const key of ["sum.player", "sum.total"]) {
      const th = document.createElement("th");
      th.textContent = t(key);
      head.append(th);
    }
    const body = table.createTBody();
    for (const [name, total] of result.totals) {
      const tr = body.insertRow();
      tr.insertCell().textContent = name;
      const cell = tr.insertCell();
      cell.className = "num";
      cell.textContent = String(total);
    }
    box.append(table);
  }
  if (lines.length) {
    const p = document.createElement("p");
    p.className = "away-title";
    p.textContent = tn("away.title", lines.length);
    const ul = document.createElement("ol");
    ul.className = "away-moves";
    for (const line of lines) {
      const li = document.createElement("li");
      li.textContent = line;
      ul.append(li);
    }
    box.append(p, ul);
  }
  if (onClose) {
    const close = document.createElement("button");
    close.type = "button";
    close.className = "away-close";
    close.textContent = t("away.close");
    close.addEventListener("click", onClose);
    box.append(close);
  }
}
function resultOf(summary, players) {
  if (!summary || !summary.match_over) return null;
  const nameOf = (seat) => seatName(players.find((p) => p.seat === seat) || { name: `#${seat}` });
  const totals = Object.entries(summary.totals || {}).map(([unit, total]) => [nameOf(Number(unit)), total]);
  const winner = summary.match_winner === null || summary.match_winner === void 0 ? null : nameOf(summary.match_winner);
  return { winner, totals };
}
async function retiredReport(tableId2) {
  const replay = await api(`/api/tables/${encodeURIComponent(tableId2)}/replay`);
  const players = (
    /** @type {string[]} */
    (replay.seats || []).map((name, seat) => ({ seat, name, kind: (replay.seat_kinds || [])[seat] }))
  );
  const seen = lastSeen(tableId2);
  const moves = [];
  let version = 0;
  let before = null;
  let summary = null;
  for (const step of replay.steps || []) {
    if (step.action) {
      version += 1;
      if (seen && step.seat === seen.seat && version > seen.v) {
        const ev = { ...step.action, seat: step.seat };
        const pozzo = before?.state?.pozzo || [];
        if (ev.type === "pozzo" && pozzo.length) ev.card = pozzo[pozzo.length - 1];
        moves.push(ev);
      }
    }
    if (step.summary) summary = step.summary;
    before = step;
  }
  return { moves, result: resultOf(summary, players), players };
}

// guide.js
var MARK = "scala40:guide:";
function isGuided(tableId2) {
  return localStorage.getItem(MARK + tableId2) === "1";
}
function stopGuide(tableId2) {
  localStorage.removeItem(MARK + tableId2);
}
function guideStep(view) {
  if (!view || view.spectator || view.status === "waiting") return null;
  const buttons = { draw: t("table.draw"), add: t("table.addMeld"), open: t("table.open"), discard: t("table.discard") };
  const n = view.rules?.opening_points;
  const me2 = (view.players || []).find((p) => p.seat === view.seat) || {};
  if (view.status === "over" || view.phase === "over" || (view.hand_number || 1) > 1) {
    return { key: "handOver", params: {}, links: [["scoring", "guide.link.scoring"]] };
  }
  if (!view.my_turn) return { key: "wait", params: {}, links: [["turn", "guide.link.turn"]] };
  const legal2 = view.legal || {};
  const hand = view.hand || [];
  if (view.phase === "draw") {
    if (legal2.pozzo) return { key: "drawPozzo", params: buttons, links: [["pozzo", "guide.link.pozzo"]] };
    if (!(view.pozzo || []).length) return { key: "draw", params: buttons, links: [["turn", "guide.link.turn"]] };
    if (!me2.opened) return { key: "pozzoBarred", params: buttons, links: [["open_from_pozzo", "guide.link.pozzo"]] };
    return { key: "pozzoUnusable", params: buttons, links: [["pozzo", "guide.link.pozzo"]] };
  }
  if (!me2.opened) {
    if (legal2.can_open) return { key: "canOpen", params: { ...buttons, n }, links: [["opening", "guide.link.opening"]] };
    return {
      key: "cannotOpen",
      params: { ...buttons, n },
      links: [["opening", "guide.link.opening"], ["fit_discard_ban", "guide.link.fit"]]
    };
  }
  if (hand.length === 1 && (legal2.discard || []).length) {
    return { key: "lastCard", params: buttons, links: [["going-out", "guide.link.goingOut"]] };
  }
  return {
    key: "opened",
    params: buttons,
    links: [["discarding", "guide.link.discard"], ["going-out", "guide.link.goingOut"]]
  };
}
var shownStep = "";
var saidStep = "";
function renderGuide(box, tableId2, view, { askHint: askHint2, canHint }) {
  const step = isGuided(tableId2) ? guideStep(view) : null;
  box.hidden = !step;
  if (!step) {
    box.replaceChildren();
    return;
  }
  box.dataset.step = step.key;
  const head = document.createElement("div");
  head.className = "guide-head";
  const title = document.createElement("span");
  title.textContent = t("guide.title");
  const close = document.createElement("button");
  close.type = "button";
  close.textContent = t("guide.close");
  close.addEventListener("click", () => {
    stopGuide(tableId2);
    box.hidden = true;
  });
  head.append(title, close);
  const text = document.createElement("p");
  text.className = "guide-text";
  text.textContent = t(`guide.${step.key}`, step.params);
  const links = document.createElement("div");
  links.className = "guide-links";
  for (const [anchor, label] of step.links) {
    const a = document.createElement("a");
    a.href = `/rules#${anchor}`;
    a.target = "_blank";
    a.rel = "noopener";
    a.textContent = t(label);
    links.append(a);
  }
  box.replaceChildren(head, text, links);
  const id = `${view.hand_number}:${view.turns_done}:${step.key}`;
  if (id === shownStep) return;
  if (step.key !== saidStep) announce(text.textContent ?? "");
  saidStep = step.key;
  if (!(view.my_turn && view.phase === "play")) {
    shownStep = id;
  } else if (canHint()) {
    shownStep = id;
    askHint2();
  }
}

// rematch.js
var R = {
  info: null,
  // {asked: [seats], table_id} from the last state of a finished table
  going: false,
  // the page is on its way to the rematch
  error: ""
  // () => words of the last failure, re-worded on a language switch
};
function onRematchInfo(info) {
  R.info = info || null;
}
function onRematchToken(msg) {
  saveSeatToken(msg.table_id, msg.token);
  go(msg.table_id);
}
function go(newId) {
  if (R.going) return;
  R.going = true;
  location.assign(`/t/${encodeURIComponent(newId)}`);
}
async function claim(oldId, newId) {
  if (seatToken(newId)) return true;
  const old = seatToken(oldId);
  if (!old) return false;
  const res = await api(`/api/tables/${encodeURIComponent(oldId)}/rematch`, { method: "POST", body: { token: old } });
  saveSeatToken(res.table_id, res.token);
  return true;
}
function renderRematch(box, view, tableId2, send) {
  const info = view && view.status === "over" ? R.info : null;
  box.hidden = !info;
  if (!view || !info) return;
  const button = (
    /** @type {HTMLButtonElement} */
    box.querySelector("#rematch-btn")
  );
  const status = (
    /** @type {HTMLElement} */
    box.querySelector("#rematch-status")
  );
  const newId = info.table_id;
  if (newId) {
    button.hidden = true;
    status.textContent = R.error ? R.error() : t("rematch.going");
    if (!R.going && !R.error) {
      claim(tableId2, newId).then((ours) => {
        if (ours) go(newId);
      }).catch((err) => {
        const said2 = () => apiErrorText(err);
        R.error = said2;
        status.textContent = said2();
      });
    }
    return;
  }
  const asked = new Set(info.asked || []);
  const humans = view.players.filter((p) => p.kind === "human");
  const names = (list) => list.map((p) => p.seat === view.seat ? t("rematch.you") : seatName(p)).join(", ");
  button.hidden = asked.has(view.seat);
  button.onclick = () => {
    if (send({ type: "rematch" })) button.disabled = true;
  };
  button.disabled = false;
  const lines = [];
  if (asked.size) lines.push(t("rematch.askedBy", { names: names(humans.filter((p) => asked.has(p.seat))) }));
  const missing = humans.filter((p) => !asked.has(p.seat) && p.connected !== false);
  const gone = humans.filter((p) => !asked.has(p.seat) && p.connected === false);
  if (asked.size && missing.length) lines.push(t("rematch.waitingFor", { names: names(missing) }));
  if (gone.length) lines.push(t("rematch.kept", { names: names(gone) }));
  const said = lines.join(" \xB7 ");
  if (said !== status.textContent) announce(said);
  status.textContent = said;
}
async function offerRematch(tableId2, box) {
  let newId;
  try {
    newId = (await api(`/api/tables/${encodeURIComponent(tableId2)}/rematch`)).table_id;
  } catch {
    return;
  }
  const p = document.createElement("p");
  p.className = "rematch-link";
  try {
    if (!await claim(tableId2, newId)) return;
    const a = document.createElement("a");
    a.href = `/t/${encodeURIComponent(newId)}`;
    a.id = "rematch-link";
    a.dataset.i18n = "rematch.link";
    a.textContent = t("rematch.link");
    p.append(a);
  } catch (err) {
    p.textContent = apiErrorText(err);
  }
  box.prepend(p);
}

// motion.js
var FLIGHT_MS = 350;
var HIGHLIGHT_MS = 1500;
function reducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}
function animateEvent(ev, view, ctx) {
  if (!ev || ev.seat === void 0 || ev.seat === null) return;
  const seatBox = ev.seat === ctx.mySeat ? document.getElementById("hand") : seatElement(ev.seat);
  const stock = document.getElementById("stock-slot");
  const pozzo = document.getElementById("pozzo-slot");
  switch (ev.type) {
    case "draw":
      fly(cardBack(), stock, seatBox, ev.type);
      break;
    case "pozzo":
      fly(ev.card ? cardElement(ev.card) : cardBack(), pozzo, seatBox, ev.type);
      break;
    case "discard":
      fly(ev.card ? cardElement(ev.card) : cardBack(), seatBox, pozzo, ev.type);
      break;
    case "open":
    case "meld": {
      const before = new Set((ctx.prevTable || []).map((m) => m.id));
      for (const m of view.table || []) if (!before.has(m.id)) highlight(m.id, ctx.name, ev.type);
      break;
    }
    case "layoff":
    case "swap":
      if (ev.target !== void 0 && ev.target !== null) highlight(ev.target, ctx.name, ev.type);
      break;
    default:
      break;
  }
}
function seatElement(seat) {
  return document.querySelector(`#players .player[data-seat="${seat}"]`);
}
function fly(card, from, to, kind) {
  if (reducedMotion() || !from || !to || typeof card.animate !== "function") return;
  const a = from.getBoundingClientRect();
  const b = to.getBoundingClientRect();
  if (!a.width || !b.width) return;
  card.classList.add("motion-ghost");
  card.dataset.motion = kind;
  card.setAttribute("aria-hidden", "true");
  card.style.left = `${a.left}px`;
  card.style.top = `${a.top}px`;
  document.body.append(card);
  const w = card.offsetWidth || 40;
  const h = card.offsetHeight || 56;
  const dx = b.left + b.width / 2 - (a.left + w / 2);
  const dy = b.top + b.height / 2 - (a.top + h / 2);
  const anim = card.animate(
    [
      { transform: "translate(0, 0) scale(1)", opacity: 1 },
      { transform: `translate(${dx}px, ${dy}px) scale(0.8)`, opacity: 0.85 }
    ],
    { duration: FLIGHT_MS, easing: "cubic-bezier(.3,.7,.4,1)" }
  );
  const done = () => card.remove();
  anim.onfinish = done;
  anim.oncancel = done;
  setTimeout(done, FLIGHT_MS + 200);
}
var laid = /* @__PURE__ */ new Map();
function highlight(meldId, name, kind) {
  const entry2 = { name, kind };
  laid.set(meldId, entry2);
  const el = (
    /** @type {HTMLElement | null} */
    document.querySelector(`#melds .meld[data-id="${meldId}"]`)
  );
  if (el) {
    markLaid(el, meldId);
    el.scrollIntoView({ block: "nearest", inline: "nearest" });
    if (!reducedMotion() && typeof el.animate === "function") {
      el.animate([{ transform: "scale(1.08)" }, { transform: "scale(1)" }], { duration: 250, easing: "ease-out" });
    }
  }
  setTimeout(() => {
    if (laid.get(meldId) !== entry2) return;
    laid.delete(meldId);
    const now = document.querySelector(`#melds .meld[data-id="${meldId}"]`);
    if (now) unmark(
      /** @type {HTMLElement} */
      now
    );
  }, HIGHLIGHT_MS);
}
function markLaid(el, meldId) {
  const entry2 = laid.get(meldId);
  if (!entry2) return;
  unmark(el);
  el.classList.add("laid");
  const label = document.createElement("span");
  label.className = "motion-meld";
  label.dataset.motion = entry2.kind;
  label.dataset.meld = String(meldId);
  label.setAttribute("aria-hidden", "true");
  label.textContent = entry2.name();
  el.append(label);
}
function unmark(el) {
  el.classList.remove("laid");
  for (const label of el.querySelectorAll(".motion-meld")) label.remove();
}
function clearLaid() {
  laid.clear();
  for (const el of document.querySelectorAll("#melds .meld.laid")) unmark(
    /** @type {HTMLElement} */
    el
  );
}

// table/board.js
function renderPiles() {
  const v = S.view;
  if (!v) return;
  const stock = $("stock-slot");
  stock.replaceChildren();
  if (v.stock > 0) {
    const back = cardBack();
    const count = document.createElement("span");
    count.className = "count";
    count.textContent = String(v.stock);
    count.setAttribute("aria-hidden", "true");
    stock.append(back, count);
  } else {
    const empty = document.createElement("div");
    empty.className = "empty-slot";
    stock.append(empty);
  }
  stock.setAttribute("role", "img");
  stock.setAttribute("aria-label", t("say.stock", { n: v.stock }));
  $("stock").classList.toggle("drop-ok", !!legal().draw && myTurn());
  const hinted = S.hint?.action?.type;
  $("stock").classList.toggle("hinted", hinted === "draw");
  $("pozzo").classList.toggle("hinted", hinted === "pozzo" || hinted === "discard");
  const pozzo = v.pozzo || [];
  const top = $("pozzo-slot");
  top.replaceChildren();
  if (pozzo.length) top.append(cardElement(pozzo[pozzo.length - 1]));
  else {
    const empty = document.createElement("div");
    empty.className = "empty-slot";
    top.append(empty);
  }
  const under = $("pozzo-under");
  under.replaceChildren();
  for (const c of pozzo.slice(-6, -1).reverse()) under.append(cardElement(c, { small: true }));
  const one = selectedEntries();
  const discardable = v.phase === "play" && one.length === 1 && !barredWhy(one[0].card);
  $("pozzo").classList.toggle("drop-ok", myTurn() && (!!legal().pozzo || discardable));
  $("pozzo").classList.toggle("barred", myTurn() && v.phase === "draw" && !!why().pozzo);
}
function renderMelds() {
  const v = S.view;
  if (!v) return;
  const box = $("melds");
  box.replaceChildren();
  if (!v.table || !v.table.length) {
    const none = document.createElement("span");
    none.className = "muted";
    none.style.color = "#fff";
    none.textContent = t("table.noMelds");
    box.append(none);
    drawnMelds = /* @__PURE__ */ new Set();
    return;
  }
  const sel = selectedEntries();
  const one = sel.length === 1 ? sel[0] : null;
  const layoffs = legal().layoff || [];
  const swaps = legal().swap || [];
  const hintTarget = S.hint?.action?.target;
  for (const m of v.table) {
    const el = document.createElement("div");
    el.className = "meld";
    el.dataset.id = String(m.id);
    el.setAttribute("role", "group");
    el.setAttribute("aria-label", meldName(m));
    const tag = document.createElement("span");
    tag.className = "tag";
    tag.setAttribute("aria-hidden", "true");
    tag.textContent = `${m.id + 1} \xB7 ${m.points}`;
    el.append(tag);
    for (const c of m.cards) el.append(cardElement(c, { small: false }));
    if (one) {
      const here = (x) => x.target === m.id && sameCard(x.card, one.card);
      if (layoffs.some(here) || swaps.some(here)) el.classList.add("target");
    }
    if (hintTarget === m.id) el.classList.add("hinted");
    markLaid(el, m.id);
    box.append(el);
  }
  showNewest(v.table.map((m) => m.id));
}
var drawnMelds = /* @__PURE__ */ new Set();
function showNewest(ids) {
  const added = ids.filter((id) => !drawnMelds.has(id));
  drawnMelds = new Set(ids);
  if (!added.length) return;
  const newest = Math.max(...added);
  requestAnimationFrame(() => {
    document.querySelector(`#melds .meld[data-id="${newest}"]`)?.scrollIntoView({ block: "nearest", inline: "nearest" });
  });
}
function renderHand() {
  const v = S.view;
  if (!v) return;
  const box = $("hand");
  box.replaceChildren();
  const staged = stagedIds();
  const discards = myTurn() && v.phase === "play" ? legal().discard || [] : [];
  const layoffCards = (legal().layoff || []).map((x) => x.card);
  const shown = S.hand.filter((e) => !staged.has(e.id));
  box.style.setProperty("--n", String(shown.length));
  box.style.setProperty("--ends", String(S.sort === "group" ? shown.filter((e) => S.groupEnds.has(e.id)).length : 0));
  for (const e of shown) {
    const el = cardElement(e.card);
    el.dataset.id = String(e.id);
    cardButton(el, S.selected.has(e.id));
    if (S.selected.has(e.id)) el.classList.add("selected");
    if (S.sort === "group" && S.groupEnds.has(e.id)) el.classList.add("group-end");
    if (discards.some((d) => sameCard(d, e.card))) el.classList.add("legal-discard");
    else if (myTurn() && v.phase === "play" && barredWhy(e.card)) el.classList.add("barred");
    if (layoffCards.some((d) => sameCard(d, e.card))) el.classList.add("legal-layoff");
    if (S.hinted.has(e.id)) el.classList.add("hinted");
    if (S.fresh.has(e.id) && myTurn()) el.classList.add("drew");
    if (myTurn() && v.pozzo_card && !v.pozzo_used && sameCard(v.pozzo_card, e.card) && S.fresh.has(e.id)) {
      el.classList.add("from-pozzo");
    }
    box.append(el);
  }
}
function renderStaging() {
  const box = $("staging");
  box.replaceChildren();
  S.staged.forEach((m, i) => {
    const el = document.createElement("div");
    el.className = "staged";
    for (const c of m.cards) el.append(cardElement(c, { small: true }));
    const pts = document.createElement("span");
    pts.className = "pts";
    pts.textContent = tn("table.meldPoints", m.points);
    const back = document.createElement("button");
    back.type = "button";
    back.textContent = "\u2715";
    back.title = t("table.remove");
    back.setAttribute("aria-label", t("table.remove"));
    back.addEventListener("click", () => {
      S.staged.splice(i, 1);
      render();
    });
    el.append(pts, back);
    box.append(el);
  });
  const opening = $("opening");
  const opened = me()?.opened;
  let points = S.staged.reduce((a, m) => a + m.points, 0);
  const sel = selectedEntries();
  let whyNot = "";
  if (sel.length >= 3) {
    const options = meldOptions(sel);
    if (options.length) points += options[0].points;
    else whyNot = notMeldWords(sel.map((e) => e.card));
  }
  const show = myTurn() && (!opened && (S.staged.length > 0 || sel.length >= 3) || !!whyNot);
  opening.hidden = !show;
  if (show && whyNot) {
    opening.className = "opening short";
    opening.textContent = whyNot;
  } else if (show) {
    const need = openingNeed() ?? 0;
    const ok = points >= need;
    opening.className = "opening " + (ok ? "ok" : "short");
    opening.textContent = `${tn("table.opening", need, { points, need })} \u2014 ${ok ? t("table.openingOk") : tn("table.openingShort", need - points)}`;
  }
}

// table/hint.js
function onHint(msg) {
  setPending(false);
  if (msg.v !== void 0 && msg.v !== null && msg.v !== S.v) return;
  S.hint = msg;
  S.hinted = entriesHolding(S.hand, actionCards(msg.action));
  render();
  announce($("hint-text").textContent ?? "");
}
function clearHint() {
  S.hint = null;
  S.hinted = /* @__PURE__ */ new Set();
}
function renderHint() {
  const box = $("hintbox");
  if (!S.hint) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  box.dataset.action = S.hint.action ? S.hint.action.type : "";
  box.dataset.end = S.hint.action?.end || "";
  box.dataset.declared = S.hint.action?.declared || "";
  const why2 = hintReasonsText(S.hint.reasons);
  const head = hintHeadline(S.hint.action);
  $("hint-text").textContent = why2 ? capitalized(why2) : head || t("table.hintNone");
  const a = S.hint.action;
  const groups = !a ? [] : a.melds || (a.cards ? [a.cards] : []);
  const melds = $("hint-melds");
  melds.replaceChildren();
  for (const g of groups) {
    const el = document.createElement("span");
    el.className = "hint-meld";
    el.dataset.cards = g.join(" ");
    el.append(...g.map((c) => cardElement(c, { small: true })));
    melds.append(el);
  }
  const play = (
    /** @type {HTMLButtonElement} */
    $("btn-playhint")
  );
  play.hidden = !S.hint.action;
  play.disabled = !myTurn() || S.pending;
}
function capitalized(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// table/clock.js
var STAND_IN_WARNING = 10;
function parseDeadline(value) {
  if (value === null || value === void 0 || value === "") return null;
  if (typeof value === "number") return value > 1e12 ? value : value * 1e3;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}
function countdown(deadline, now, mine) {
  const s = Math.max(0, Math.round((deadline - now) / 1e3));
  return { s, hurry: mine && s <= STAND_IN_WARNING };
}

// table/ended.js
async function showGone() {
  let over = false;
  try {
    const info = await api(`/api/tables/${encodeURIComponent(tableId)}`);
    over = info.status === "over";
  } catch {
    over = false;
  }
  if (S.view) {
    showMessage(over ? "" : () => t("table.gone"), !over);
    return;
  }
  $("game").hidden = true;
  $("ended").hidden = false;
  $("ended-title").textContent = over ? t("table.matchOver") : t("table.gone");
  if (over) {
    retiredReport(tableId).then((report) => {
      S.retired = report;
      showRetired();
    }).catch(() => {
    });
  }
  const links = $("ended-links");
  links.replaceChildren();
  for (const [href, key] of over ? matchLinks() : matchLinks().slice(-1)) {
    const a = document.createElement("a");
    a.href = href;
    a.textContent = t(key);
    links.append(a, document.createElement("br"));
  }
  if (over) offerRematch(tableId, links);
}
function showRetired() {
  if (!S.retired) return;
  const { moves, result, players } = S.retired;
  const nameOf = (seat) => seatName(players.find((p) => p.seat === seat) || { name: `#${seat}` });
  $("ended-title").textContent = t("table.matchOver");
  renderAway($("ended-away"), moves, result, (ev) => eventLine(ev, nameOf), void 0);
  if (result) $("ended-title").hidden = true;
}
function matchLinks() {
  const id = encodeURIComponent(tableId);
  return [
    [`/api/tables/${id}/record`, "table.recordLink"],
    [`/replay/${id}`, "table.replayLink"],
    ["/", "table.lobbyLink"]
  ];
}

// table/pause.js
function pauseWords(pause, now, nameOf, me2) {
  const until = parseDeadline(pause.until);
  const when = tn("pause.next", until === null ? 0 : countdown(until, now, false).s);
  const seats = [...pause.waiting || []].sort((a, b) => a === me2 ? -1 : b === me2 ? 1 : a - b);
  const names = seats.map((seat) => seat === me2 ? t("pause.you") : nameOf(seat));
  if (!names.length) return when;
  const list = new Intl.ListFormat(getLang(), { type: "conjunction" }).format(names);
  return `${when} \u2014 ${t("pause.waiting", { names: list })}`;
}

// table/ratings.js
var known = /* @__PURE__ */ new Map();
function seatRating(p, status, onLoaded) {
  if (!p.rated || !p.name) return "";
  const key = `${p.name}
${status === "over" ? "over" : "play"}`;
  if (!known.has(key)) {
    known.set(key, null);
    api(`/api/players/${encodeURIComponent(p.name)}`).then((line2) => {
      known.set(key, line2);
      onLoaded();
    }).catch(() => {
    });
    return "";
  }
  const line = known.get(key);
  return line && Number(line.matches) > 0 ? ratingWords(line, { short: true }) : "";
}

// table/seats.js
function renderPlayers() {
  const v = S.view;
  if (!v) return;
  const box = $("players");
  box.replaceChildren();
  for (const p of v.players) {
    const el = document.createElement("div");
    el.className = "player";
    el.dataset.seat = String(p.seat);
    if (p.seat === v.current && v.status === "playing") el.classList.add("turn");
    if (p.seat === v.seat) el.classList.add("me");
    if (p.eliminated) el.classList.add("out");
    const name = document.createElement("div");
    name.className = "name";
    name.textContent = p.taken === false ? `(${t("lobby.free")})` : seatNameMarked(p);
    const badges = [];
    if (p.seat === v.seat) badges.push([t("table.you"), ""]);
    if (p.kind && p.kind !== "human") badges.push([t("table.bot"), ""]);
    else if (p.stand_in) badges.push([t("table.away"), ""]);
    else if (p.seat !== v.seat && p.taken !== false && p.connected === false) {
      badges.push([t("table.offline"), ""]);
    }
    if (p.seat === v.dealer) badges.push([t("table.dealer"), ""]);
    if (p.opened) badges.push([t("table.opened"), "opened"]);
    if (p.eliminated) badges.push([t("table.out"), ""]);
    for (const [text, cls] of badges) {
      const b = document.createElement("span");
      b.className = "badge " + cls;
      b.textContent = text;
      name.append(b);
    }
    const meta = document.createElement("div");
    meta.className = "meta";
    meta.textContent = p.taken === false ? t("lobby.status.waiting") : `${tn("table.cards", p.cards)} \xB7 ${t("table.total", { n: p.total ?? 0 })}`;
    el.append(name, meta);
    const rating = seatRating(p, v.status, renderPlayers);
    if (rating) {
      const line = document.createElement("div");
      line.className = "meta rating";
      line.textContent = t("table.rating", { rating });
      el.append(line);
    }
    if (p.known && p.known.length) {
      const known2 = document.createElement("div");
      known2.className = "known";
      known2.title = t("table.known");
      for (const c of p.known) known2.append(cardElement(c, { small: true }));
      el.append(known2);
    }
    box.append(el);
  }
}
function renderTurn() {
  const v = S.view;
  if (!v) return;
  const bar = $("turnbar");
  bar.classList.toggle("mine", myTurn());
  let text = "";
  if (v.status === "playing" && S.watching) {
    text = `${t("watch.line")} \u2014 ${t("table.turnOf", { name: playerName(v.current) })}`;
  } else if (v.status === "playing" && v.spectator && v.seat < 0) {
    text = `${t("table.seatNextHand")} \u2014 ${t("table.turnOf", { name: playerName(v.current) })}`;
  } else if (v.status === "playing" && v.spectator) {
    text = `${t("table.out")} \u2014 ${t("table.turnOf", { name: playerName(v.current) })}`;
  } else if (v.status === "playing") {
    if (!myTurn()) text = t("table.turnOf", { name: playerName(v.current) });
    else if (v.phase === "draw") text = t(legal().pozzo ? "table.yourTurnDraw" : "table.yourTurnDrawStock");
    else text = playLine();
    if (myTurn() && v.phase === "play" && v.pozzo_card && !v.pozzo_used) {
      text += " \xB7 " + t("table.usePozzo", { card: prettyCard(v.pozzo_card) });
    }
  } else if (v.status === "over") {
    const sum = S.lastSummary;
    text = sum && sum.match_over && sum.match_winner !== null && sum.match_winner !== void 0 ? t("sum.matchOver", { name: playerName(sum.match_winner) }) : t("table.matchOver");
  } else {
    text = t("lobby.status.waiting");
  }
  bar.textContent = text;
  const turn = `${v.status}|${v.hand_number}|${v.status === "playing" ? v.current : ""}`;
  if (turn !== S.turnSaid) {
    S.turnSaid = turn;
    announce(text);
  }
  document.title = myTurn() ? `\u25B6 ${t("table.yourTurn")} \u2014 Scala 40` : `Scala 40 \u2014 ${t("table.hand", { n: v.hand_number || 1 })}`;
  if (myTurn() && !S.wasMyTurn && navigator.vibrate) navigator.vibrate(120);
  S.wasMyTurn = myTurn();
  clearInterval(S.deadlineTimer);
  bar.classList.remove("hurry");
  const deadline = parseDeadline(v.turn_deadline);
  const pause = v.status === "playing" ? v.pause : null;
  bar.classList.toggle("paused", !!pause);
  if (pause) {
    const me2 = S.watching ? -1 : v.seat;
    const tick = () => {
      bar.textContent = `${t("pause.line")} \xB7 ${pauseWords(pause, Date.now(), playerName, me2)}`;
    };
    tick();
    S.deadlineTimer = setInterval(tick, 1e3);
  } else if (deadline && v.status === "playing") {
    const tick = () => {
      const { s, hurry } = countdown(deadline, Date.now(), myTurn());
      bar.classList.toggle("hurry", hurry);
      bar.textContent = `${text} \xB7 ${hurry ? tn("table.standInSoon", s) : tn("table.deadline", s)}`;
    };
    tick();
    S.deadlineTimer = setInterval(tick, 1e3);
  }
  const over = v.status === "over";
  const links = $("links");
  links.replaceChildren();
  if (over) {
    for (const [href, key] of matchLinks()) {
      const a = document.createElement("a");
      a.href = href;
      a.textContent = t(key);
      links.append(a, document.createElement("br"));
    }
    const next = S.watching ? S.rematchInfo?.table_id : null;
    if (next) {
      const a = document.createElement("a");
      a.href = `/t/${encodeURIComponent(next)}?watch`;
      a.textContent = t("watch.rematch");
      links.append(a, document.createElement("br"));
    }
  }
}
function playLine() {
  const L = legal();
  if (!me()?.opened) {
    return L.can_open ? t("table.yourTurnOpen", { need: openingNeed() }) : t("table.yourTurnDiscard");
  }
  const layoff = (L.layoff || []).length > 0;
  if (L.can_meld && layoff) return t("table.yourTurnPlay");
  if (L.can_meld) return t("table.yourTurnPlayMeld");
  if (layoff) return t("table.yourTurnPlayLayoff");
  return t("table.yourTurnDiscard");
}

// table/share.js
async function copyInvite() {
  try {
    await navigator.clipboard.writeText($input("invite-url").value);
    $("invite-copy").textContent = t("lobby.copied");
    setTimeout(() => {
      $("invite-copy").textContent = t("lobby.copy");
    }, 2e3);
  } catch {
    $input("invite-url").select();
  }
}
function renderInvite() {
  const waiting = S.view?.status === "waiting" && !S.watching;
  $("invite").hidden = !waiting;
  if (waiting) $input("invite-url").value = `${location.origin}/t/${encodeURIComponent(tableId)}?join`;
}
function renderWatching() {
  const v = S.view;
  if (!v) return;
  const box = $("watching");
  box.hidden = !S.watching;
  if (S.watching) {
    box.replaceChildren(t("watch.banner"));
    if (v.players.some((p) => p.kind === "human" && p.taken === false)) {
      const a = document.createElement("a");
      a.href = `/t/${encodeURIComponent(tableId)}?join`;
      a.textContent = t("watch.sit");
      box.append(" ", a);
    }
  }
  $("watch-share").hidden = S.watching || v.status === "over";
}
async function copyWatchLink() {
  const url = `${location.origin}/t/${encodeURIComponent(tableId)}?watch`;
  const said = $("watch-said");
  try {
    await navigator.clipboard.writeText(url);
    said.textContent = t("watch.copied");
  } catch {
    said.textContent = url;
  }
}

// table/summary.js
var pauseTimer;
function showSummary(sum) {
  if (!sum || !S.view) return;
  S.lastSummary = sum;
  const players = S.view.players;
  $("summary-title").textContent = t("sum.title", { n: sum.hand });
  let reason = "";
  if (sum.winner !== null && sum.winner !== void 0) {
    reason = t(sum.chiusura_in_mano ? "sum.chiusura" : "sum.went_out", { name: playerName(sum.winner) });
  } else {
    reason = t(sum.reason === "reshuffle_limit" ? "sum.reshuffle_limit" : "sum.stock_out");
  }
  $("summary-reason").textContent = reason;
  const table = (
    /** @type {HTMLTableElement} */
    $("summary-table")
  );
  table.replaceChildren();
  const head = table.createTHead().insertRow();
  const single = !!limits().single_hand;
  const ratings = sum.match_over && sum.ratings && Object.keys(sum.ratings).length ? sum.ratings : null;
  const keys = single ? ["sum.player", "sum.penalty"] : ["sum.player", "sum.penalty", "sum.total"];
  if (ratings) keys.push("sum.rating");
  for (const key of keys) {
    const th = document.createElement("th");
    th.textContent = t(key);
    head.append(th);
  }
  const body = table.createTBody();
  for (const p of players) {
    const seat = String(p.seat);
    if (!(seat in (sum.penalties || {})) && !(seat in (sum.hands || {}))) continue;
    const tr = body.insertRow();
    tr.dataset.seat = seat;
    tr.className = sum.winner === p.seat ? "player-row winner" : "player-row";
    tr.insertCell().textContent = seatName(p);
    const pen = tr.insertCell();
    pen.className = "num penalty";
    pen.textContent = String(sum.penalties?.[seat] ?? 0);
    if (!single) {
      const tot = tr.insertCell();
      tot.className = "num";
      tot.textContent = String(sum.totals?.[seat] ?? "");
    }
    if (ratings) {
      const rated = tr.insertCell();
      rated.className = "num rating-change";
      rated.textContent = ratings[seat] ? ratingChangeWords(ratings[seat]) : "\u2014";
    }
    const left = sum.hands?.[seat] || [];
    if (left.length) {
      const row = body.insertRow();
      row.className = "cards-row";
      row.dataset.seat = seat;
      const cell = row.insertCell();
      cell.colSpan = keys.length;
      const cards = document.createElement("div");
      cards.className = "cards";
      cards.setAttribute("aria-label", t("sum.cards"));
      for (const c of left) cards.append(cardElement(c, { small: true }));
      cell.append(cards);
    }
  }
  const extra = [];
  if (sum.eliminated?.length) extra.push(t("sum.eliminated", { names: sum.eliminated.map(playerName).join(", ") }));
  const back = Object.keys(sum.reentered || {});
  if (back.length) extra.push(t("sum.reentered", { names: back.map((s) => playerName(Number(s))).join(", ") }));
  if (sum.match_over) extra.push(t("sum.matchOver", { name: playerName(
    /** @type {number} */
    sum.match_winner
  ) }));
  $("summary-extra").textContent = extra.join(" \xB7 ");
  $("summary-close").textContent = t(sum.match_over ? "sum.close" : "sum.next");
  $("summary").hidden = false;
  S.summaryOpen = true;
  renderSummaryPause();
  renderAwayReport();
  $("summary-close").focus();
}
function renderSummaryPause() {
  let line = document.getElementById("summary-pause");
  if (!line) {
    line = document.createElement("p");
    line.id = "summary-pause";
    line.className = "summary-pause";
    line.setAttribute("role", "timer");
    $("summary-dialog").insertBefore(line, $("summary-close"));
  }
  clearInterval(pauseTimer);
  const pause = S.view?.pause;
  const sum = S.lastSummary;
  const shown = !!(S.summaryOpen && pause && sum && pause.hand === sum.hand);
  line.hidden = !shown;
  if (!shown || !pause || !S.view) return;
  const box = line;
  const me2 = S.watching ? -1 : S.view.seat;
  const tick = () => {
    box.textContent = pauseWords(pause, Date.now(), playerName, me2);
  };
  tick();
  pauseTimer = setInterval(tick, 1e3);
}
function closeSummary() {
  $("summary").hidden = true;
  S.summaryOpen = false;
  clearInterval(pauseTimer);
  const sum = S.lastSummary;
  if (sum && !sum.match_over && !S.watching) S.conn?.send({ type: "summary_closed", hand: sum.hand });
}

// table/render.js
function render() {
  const v = S.view;
  if (!v) return;
  const game = $("game");
  game.dataset.v = String(S.v);
  game.dataset.phase = v.phase || "";
  game.dataset.myTurn = String(myTurn());
  game.dataset.pending = String(S.pending);
  game.dataset.hand = String(v.hand_number || 0);
  const hand = v.hand_number ? t("table.hand", { n: v.hand_number }) : "";
  $("hand-number").textContent = v.rated ? `${hand} \xB7 ${t("table.rated")}` : hand;
  renderFairMark($("fair"), v.fair);
  renderInvite();
  renderAwayReport();
  renderSummaryPause();
  renderPlayers();
  renderTurn();
  renderPiles();
  renderMelds();
  if (!S.dragging) renderHand();
  renderStaging();
  renderButtons();
  renderHint();
  renderGuide($("guide"), tableId, v, { askHint, canHint: () => myTurn() && !S.pending });
  const named = v.players.map((p) => ({ ...p, name: p.taken === false ? `(${t("lobby.free")})` : seatName(p) }));
  renderScores($("scores"), $("chart"), named, v.scores || [], v.elimination, { single: !!limits().single_hand });
  renderLog();
  if (S.watching) $("rematch").hidden = true;
  else renderRematch($("rematch"), v, tableId, (m) => !!S.conn?.send(m));
  renderChat(v);
  renderWatching();
  renderTabs();
  for (const b of document.querySelectorAll(".sortbtn")) b.classList.toggle("active", b.id === `sort-${S.sort}`);
  const refused = S.refused;
  if (refused) reword(() => showRefusal(refused.code, refused.message, refused.why, refused.facts));
  else if (S.message) reword(() => showMessage(S.messageWords || S.message, S.messageIsError));
}
function renderAwayReport() {
  const away = S.away;
  const box = $("away");
  if (S.summaryOpen) $("summary-dialog").insertBefore(box, $("summary-close"));
  else if (box.parentElement !== $("turnbar").parentElement) $("turnbar").after(box);
  const players = S.view ? S.view.players : [];
  renderAway($("away"), away ? away.moves : [], away ? resultOf(away.summary, players) : null, eventLineHere, () => {
    S.away = null;
    render();
  });
}
function renderLog() {
  const ul = $("log");
  ul.replaceChildren();
  for (const ev of S.log.slice(0, 40)) {
    const line = eventLineHere(ev);
    if (!line) continue;
    const li = document.createElement("li");
    li.textContent = line;
    ul.append(li);
  }
}

// table/melding.js
async function chooseMeldOption(options) {
  if (options.length === 1) return options[0];
  const buttons = options.map((o) => {
    const jokers = o.cards.filter((c) => c.startsWith("JK="));
    const label = jokers.map((j) => t("table.jokerAs", { card: prettyCard(j.slice(3)) })).join(", ");
    return { label: `${label} (${o.points})`, value: o.cards, option: o };
  });
  const title = options.every((o) => o.kind === "set") ? t("table.chooseSuit") : t("table.chooseEnd");
  const cards = await choose(title, buttons);
  return cards ? buttons.find((b) => b.value === cards)?.option ?? null : null;
}
async function planSelected() {
  const entries = selectedEntries();
  if (entries.length < 3) {
    showMessage(() => t("table.selectCards"), true);
    return null;
  }
  const options = meldOptions(entries);
  if (!options.length) {
    const why2 = notMeld(entries.map((e) => e.card));
    showRefusal(why2.code, why2.message, null, why2.facts);
    return null;
  }
  const picked = await chooseMeldOption(options);
  if (!picked) return null;
  return { ids: entries.map((e) => e.id), cards: picked.cards, points: picked.points };
}
async function addMeld() {
  const m = await planSelected();
  if (!m) return;
  S.staged.push(m);
  S.selected.clear();
  showMessage("");
  render();
}
async function openWithStaged() {
  if (S.selected.size >= 3) {
    const m = await planSelected();
    if (!m) return;
    S.staged.push(m);
    S.selected.clear();
  }
  if (!S.staged.length) {
    showMessage(() => t("table.selectCards"), true);
    render();
    return;
  }
  render();
  sendAction({ type: "open", melds: S.staged.map((m) => m.cards) });
}
async function meld() {
  if (S.selected.size) {
    const m = await planSelected();
    if (!m) return;
    sendAction({ type: "meld", cards: m.cards });
    return;
  }
  if (S.staged.length) {
    sendAction({ type: "meld", cards: S.staged[0].cards });
    return;
  }
  showMessage(() => t("table.selectCards"), true);
}
async function playOnMeld(e, target) {
  const m = S.view?.table.find((x) => x.id === target);
  if (!m) return;
  const listed = (legal().layoff || []).filter((x) => x.target === target && sameCard(x.card, e.card));
  if (isSwap(m, e.card, legal().swap || [], listed)) {
    sendAction({ type: "swap", card: e.card, target });
    return;
  }
  const { ends, options } = layoffChoices(m, e.card, listed);
  let pick = options[0] || { end: null, declared: null };
  if (options.length > 1) {
    const isSet = m.kind === "set";
    pick = await choose(isSet ? t("table.chooseSuit") : t("table.chooseEnd"), options.map((o) => ({
      label: isSet ? t("table.jokerAs", { card: prettyCard(o.declared ?? "") }) : `${o.end === "low" ? t("table.low") : t("table.high")}${o.as ? " \u2014 " + t("table.jokerAs", { card: prettyCard(o.as) }) : ""}`,
      value: o
    })));
    if (!pick) return;
  }
  const action = { type: "layoff", card: parseCard(e.card).joker ? "JK" : e.card, target };
  if (pick.end && (ends.length || options.length > 1)) action.end = pick.end;
  if (pick.declared) action.declared = pick.declared;
  sendAction(action);
}
function layoffButton() {
  const e = singleSelected();
  if (!e) return;
  const targets = [...new Set((legal().layoff || []).filter((x) => sameCard(x.card, e.card)).map((x) => x.target))];
  if (targets.length === 1) playOnMeld(e, targets[0]);
  else if (targets.length > 1) {
    chooseMeld(targets).then((target) => {
      if (target !== null) playOnMeld(e, target);
    });
  } else showMessage(() => t("table.clickMeld"));
}
function chooseMeld(targets) {
  const melds = (S.view?.table || []).filter((m) => targets.includes(m.id));
  return choose(t("say.chooseMeld"), melds.map((m) => ({ label: meldName(m), value: m.id })));
}
function swapButton() {
  const e = singleSelected();
  if (!e) return;
  const targets = [...new Set((legal().swap || []).filter((x) => sameCard(x.card, e.card)).map((x) => x.target))];
  if (targets.length === 1) sendAction({ type: "swap", card: e.card, target: targets[0] });
  else if (targets.length > 1) {
    chooseMeld(targets).then((target) => {
      if (target !== null) sendAction({ type: "swap", card: e.card, target });
    });
  } else showMessage(() => t("table.clickMeld"));
}

// table/input.js
function toggleSelect(id) {
  if (S.selected.has(id)) S.selected.delete(id);
  else S.selected.add(id);
  if (S.message && !S.messageIsError) showMessage("");
  explainSelection();
  render();
}
function dropTargetAt(x, y) {
  const el = document.elementFromPoint(x, y);
  if (!el) return null;
  const meld2 = (
    /** @type {HTMLElement | null} */
    el.closest(".meld")
  );
  if (meld2) return { kind: "meld", el: meld2, id: Number(meld2.dataset.id) };
  const pozzo = (
    /** @type {HTMLElement | null} */
    el.closest("#pozzo")
  );
  if (pozzo) return { kind: "pozzo", el: pozzo };
  const card = (
    /** @type {HTMLElement | null} */
    el.closest("#hand .card")
  );
  if (card) return { kind: "card", el: card, id: Number(card.dataset.id) };
  if (el.closest("#hand")) return { kind: "hand", el: $("hand") };
  return null;
}
function onPointerDown(ev) {
  const cardEl = (
    /** @type {HTMLElement | null} */
    /** @type {Element} */
    ev.target.closest(".card")
  );
  if (!cardEl || ev.button > 0) return;
  S.dragging = { id: Number(cardEl.dataset.id), x: ev.clientX, y: ev.clientY, el: cardEl, moved: false, ghost: null, over: null };
  cardEl.setPointerCapture(ev.pointerId);
}
function onPointerMove(ev) {
  const d = S.dragging;
  if (!d) return;
  if (!d.moved && Math.hypot(ev.clientX - d.x, ev.clientY - d.y) < 8) return;
  if (!d.moved) {
    d.moved = true;
    d.ghost = /** @type {HTMLElement} */
    d.el.cloneNode(true);
    d.ghost.classList.add("drag-ghost");
    d.ghost.classList.remove("selected");
    document.body.append(d.ghost);
    d.el.classList.add("dragging");
  }
  const ghost = (
    /** @type {HTMLElement} */
    d.ghost
  );
  ghost.style.left = `${ev.clientX - 20}px`;
  ghost.style.top = `${ev.clientY - 30}px`;
  const target = dropTargetAt(ev.clientX, ev.clientY);
  if (d.over && d.over !== target?.el) d.over.classList.remove("drop-hover");
  if (target && (target.kind === "meld" || target.kind === "pozzo")) {
    target.el.classList.add("drop-hover");
    d.over = target.el;
  }
}
function onPointerUp(ev) {
  const d = S.dragging;
  if (!d) return;
  S.dragging = null;
  if (d.ghost) d.ghost.remove();
  if (d.over) d.over.classList.remove("drop-hover");
  d.el.classList.remove("dragging");
  if (!d.moved) {
    toggleSelect(d.id);
    return;
  }
  const e = entry(d.id);
  const target = dropTargetAt(ev.clientX, ev.clientY);
  if (!e || !target) {
    render();
    return;
  }
  if (target.kind === "meld" && myTurn()) playOnMeld(e, target.id);
  else if (target.kind === "pozzo" && myTurn()) discardOrExplain(e);
  else if (target.kind === "card" && target.id !== d.id) {
    const rect = target.el.getBoundingClientRect();
    const next = target.el.nextElementSibling;
    const right = next ? Math.min(rect.right, next.getBoundingClientRect().left) : rect.right;
    const after = ev.clientX > (rect.left + right) / 2;
    S.hand = S.hand.filter((x) => x.id !== d.id);
    const at = S.hand.findIndex((x) => x.id === target.id) + (after ? 1 : 0);
    S.hand.splice(at, 0, e);
    sortHand("custom");
  }
  render();
}
function onPointerCancel() {
  const d = S.dragging;
  S.dragging = null;
  if (d?.ghost) d.ghost.remove();
  render();
}

// table/join.js
var rulesCatalogue = null;
async function showJoin(reason, { keepName = false } = {}) {
  S.joinReason = typeof reason === "function" ? reason : reason ? () => reason : null;
  const name = $input("join-name");
  const button = (
    /** @type {HTMLButtonElement} */
    $("join-btn")
  );
  $("game").hidden = true;
  $("conn").textContent = "";
  $("join").hidden = false;
  if (!keepName) name.value = lastNickname();
  const identity = playerIdentity();
  if (identity) name.value = identity.nickname;
  name.readOnly = Boolean(identity);
  $("join-name-note").hidden = !identity;
  if (identity) $("join-name-note").textContent = t("lobby.ratedAs", { name: identity.nickname });
  $("join-error").textContent = S.joinReason ? S.joinReason() : "";
  try {
    const info = await api(`/api/tables/${encodeURIComponent(tableId)}`);
    if (!rulesCatalogue && info.rules_facts) rulesCatalogue = await api("/api/rules").catch(() => null);
    const names = info.seats.map((s) => s.taken || s.kind !== "human" ? seatNameMarked(s) : `(${t("lobby.free")})`).join(", ");
    const rules = rulesSummary(info.rules_facts, rulesCatalogue) ?? (info.rules_summary || "");
    $("join-info").textContent = `${names} \u2014 ${rules}`;
    $("join-league").hidden = !info.league && !info.rated;
    const notes = [];
    if (info.league) notes.push(t("lobby.leagueLine", { name: info.league.name }));
    if (info.rated) notes.push(t("lobby.ratedLine"));
    $("join-league").textContent = notes.join(" \xB7 ");
    if (info.status === "over") {
      button.disabled = true;
      $("join-error").textContent = t("table.matchOver");
      const links = document.createElement("p");
      for (const [href, key] of matchLinks()) {
        const a = document.createElement("a");
        a.href = href;
        a.textContent = t(key);
        links.append(a, document.createElement("br"));
      }
      $("join-error").append(links);
      return;
    }
    const free = info.seats.some((s) => s.kind === "human" && !s.taken);
    if (!free) {
      $("join-error").textContent = t("table.full");
      button.disabled = true;
    }
    $("join-watch").hidden = info.status !== "playing";
    $("join-watch-link").href = `/t/${encodeURIComponent(tableId)}?watch`;
  } catch (err) {
    if (err instanceof ApiError && err.code === "no_such_table") {
      S.missing = true;
      showMissing();
      return;
    }
    $("join-error").textContent = t("err.generic", { message: apiErrorText(err) });
  }
}
function showMissing() {
  $("join").hidden = true;
  $("ended").hidden = false;
  $("ended-title").textContent = t("api.no_such_table");
  const lobby = document.createElement("a");
  lobby.href = "/";
  lobby.textContent = t("table.lobbyLink");
  $("ended-links").replaceChildren(lobby);
}
async function join(ev) {
  ev.preventDefault();
  const nickname = $input("join-name").value.trim();
  if (!nickname) return;
  try {
    const res = await takeSeat(tableId, nickname, null, playerIdentity()?.key ?? null);
    saveNickname(nickname);
    $("join").hidden = true;
    connect(res.token);
  } catch (err) {
    const why2 = () => {
      const text = apiErrorText(err);
      if (err instanceof ApiError && err.status === 409) return text === err.message ? t("table.full") : text;
      return t("lobby.error", { message: text });
    };
    S.joinReason = why2;
    $("join-error").textContent = why2();
  }
}

// table/controls.js
var targetOf = (ev) => (
  /** @type {Element} */
  ev.target
);
function wireControls() {
  $("join").addEventListener("submit", join);
  $("invite-copy").addEventListener("click", copyInvite);
  const hand = $("hand");
  hand.addEventListener("pointerdown", onPointerDown);
  hand.addEventListener("pointermove", onPointerMove);
  hand.addEventListener("pointerup", onPointerUp);
  hand.addEventListener("pointercancel", onPointerCancel);
  hand.addEventListener("keydown", (ev) => {
    const card = (
      /** @type {HTMLElement | null} */
      targetOf(ev).closest(".card")
    );
    if (card && (ev.key === "Enter" || ev.key === " ")) {
      ev.preventDefault();
      toggleSelect(Number(card.dataset.id));
    }
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && $("choice").hidden && S.selected.size) {
      S.selected.clear();
      render();
    }
  });
  $("melds").addEventListener("click", (ev) => {
    const m = (
      /** @type {HTMLElement | null} */
      targetOf(ev).closest(".meld")
    );
    if (!m || !myTurn()) return;
    const sel = selectedEntries();
    if (sel.length === 1) playOnMeld(sel[0], Number(m.dataset.id));
  });
  $("stock-slot").addEventListener("click", () => {
    if (!myTurn() || S.pending) return;
    const barred = why().draw;
    if (legal().draw) draw();
    else if (barred) explain(barred);
  });
  $("pozzo-slot").addEventListener("click", pozzoTapped);
  $("actions").addEventListener("click", (ev) => {
    const b = targetOf(ev).closest("button");
    if (!b || b.getAttribute("aria-disabled") !== "true") return;
    ev.stopPropagation();
    ev.preventDefault();
    const reason = offReasons.get(b.id);
    if (reason) reason();
  }, true);
  $("btn-draw").addEventListener("click", draw);
  $("btn-pozzo").addEventListener("click", takePozzo);
  $("btn-add").addEventListener("click", addMeld);
  $("btn-open").addEventListener("click", openWithStaged);
  $("btn-meld").addEventListener("click", meld);
  $("btn-layoff").addEventListener("click", layoffButton);
  $("btn-swap").addEventListener("click", swapButton);
  $("btn-discard").addEventListener("click", () => discard());
  $("btn-takeback").addEventListener("click", () => sendAction({ type: "takeback" }));
  $("btn-hint").addEventListener("click", askHint);
  $("btn-playhint").addEventListener("click", playHint);
  $("sort-suit").addEventListener("click", () => {
    sortHand("suit");
    render();
  });
  $("sort-rank").addEventListener("click", () => {
    sortHand("rank");
    render();
  });
  $("sort-group").addEventListener("click", () => {
    sortHand("group");
    render();
  });
  initSound(
    /** @type {HTMLButtonElement} */
    $("sound")
  );
  initNotifyToggle($("notify"));
  initKeys({ select: toggleSelect, words: applyI18n });
  $("watch-copy").addEventListener("click", copyWatchLink);
  wireDrawer();
  $("summary-close").addEventListener("click", () => {
    closeSummary();
    renderAwayReport();
  });
}

// table/callbacks.js
function beforeCallBacks() {
  return { mine: S.wasMyTurn, asked: S.rematchInfo ? [...S.rematchInfo.asked] : [] };
}
function callBacks(before, event) {
  const view = S.view;
  if (S.watching || !view) return;
  if (view.status !== "over" && myTurn() && !before.mine) {
    void callBack("turn", t("notify.turn"), t("notify.turnBody", { n: view.hand_number || 1 }));
  }
  const asked = S.rematchInfo ? S.rematchInfo.asked : [];
  const newly = asked.filter((seat) => seat !== view.seat && !before.asked.includes(seat));
  if (newly.length > 0) {
    const names = newly.map(playerName).join(", ");
    void callBack("rematch", t("notify.rematch", { name: names }), t("notify.rematchBody"));
  }
  if (event && event.type === "join" && event.seat !== void 0 && event.seat !== view.seat) {
    void callBack("join", t("notify.joined", { name: playerName(event.seat) }), t("notify.joinedBody"));
  }
}

// patch.js
var PatchError = class extends Error {
};
function tokens(path) {
  if (typeof path !== "string" || path !== "" && !path.startsWith("/")) {
    throw new PatchError(`a patch path is a JSON pointer, not ${JSON.stringify(path)}`);
  }
  if (path === "") return [];
  return path.slice(1).split("/").map((t2) => t2.replace(/~1/g, "/").replace(/~0/g, "~"));
}
var isObject = (x) => x !== null && typeof x === "object" && !Array.isArray(x);
var own = (obj, key) => Object.prototype.hasOwnProperty.call(obj, key);
function index(list, token, { add }) {
  if (add && token === "-") return list.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new PatchError(`${JSON.stringify(token)} is no list index`);
  const i = Number(token);
  if (add ? i > list.length : i >= list.length) throw new PatchError(`index ${i} is out of range`);
  return i;
}
function applyPatch(doc, ops) {
  if (!Array.isArray(ops)) throw new PatchError("a patch is a list of ops");
  for (const op of ops) {
    if (!isObject(op)) throw new PatchError("a patch op is an object");
    const kind = op.op;
    const value = own(op, "value") ? op.value : null;
    if (kind !== "add" && kind !== "replace" && kind !== "remove") {
      throw new PatchError(`unsupported patch op ${JSON.stringify(kind)}`);
    }
    if (kind !== "remove" && !own(op, "value")) throw new PatchError(`"${kind}" without a value`);
    const path = tokens(op.path);
    if (path.length === 0) {
      if (kind === "remove") throw new PatchError("the whole document cannot be removed");
      doc = /** @type {T} */
      value;
      continue;
    }
    const last = (
      /** @type {string} */
      path.pop()
    );
    let target = doc;
    for (const token of path) {
      if (Array.isArray(target)) target = target[index(target, token, { add: false })];
      else if (isObject(target) && own(target, token)) target = target[token];
      else throw new PatchError(`${op.path} leads nowhere`);
    }
    if (Array.isArray(target)) {
      const i = index(target, last, { add: kind === "add" });
      if (kind === "add") target.splice(i, 0, value);
      else if (kind === "replace") target[i] = value;
      else target.splice(i, 1);
    } else if (isObject(target)) {
      if (kind !== "add" && !own(target, last)) throw new PatchError(`nothing at ${op.path} to ${kind}`);
      if (kind === "remove") delete target[last];
      else Object.defineProperty(target, last, { value, writable: true, enumerable: true, configurable: true });
    } else {
      throw new PatchError(`${op.path} does not lead into an object or a list`);
    }
  }
  return doc;
}

// table/sync.js
function patchedView(held, v, msg) {
  if (!held || msg.from !== v) return null;
  let view;
  try {
    view = applyPatch(
      /** @type {Json} */
      /** @type {unknown} */
      structuredClone(held),
      msg.ops
    );
  } catch {
    return null;
  }
  return view && typeof view === "object" ? (
    /** @type {View} */
    /** @type {unknown} */
    view
  ) : null;
}

// table/messages.js
function onMessage(msg) {
  switch (msg.type) {
    case "state":
      onState(msg);
      break;
    case "patch":
      onPatch(msg);
      break;
    case "error":
      setPending(false);
      if (String(msg.code).startsWith("chat_")) {
        onChatError(msg);
      } else if (msg.code === "entropy_refused") {
      } else if (msg.code === "stale_version") {
        S.conn?.send({ type: "sync" });
      } else {
        showRefusal(String(msg.code), msg.message ?? "", cardReason(msg), msg.facts || null);
      }
      break;
    case "hint":
      onHint(
        /** @type {import("./state.js").Hint} */
        /** @type {unknown} */
        msg
      );
      break;
    case "hand_over":
      playSound("out");
      showSummary(msg.summary);
      break;
    case "chat":
      if (onChat(msg)) noteChatLine(
        /** @type {number} */
        msg.seat
      );
      break;
    case "check":
      onCheck(msg);
      render();
      break;
    case "rematch":
      onRematchToken(
        /** @type {{table_id: string, token: string}} */
        msg
      );
      break;
    default:
      break;
  }
}
function onPatch(msg) {
  const view = patchedView(S.view, S.v, msg);
  if (!view) {
    if (!S.syncAsked) S.syncAsked = !!S.conn?.send({ type: "sync" });
    return;
  }
  onState({ type: "state", v: msg.v, view, event: msg.event ?? null, rematch: msg.rematch });
}
function onState(msg) {
  const view = msg.view;
  const v = msg.v ?? 0;
  if (!view) return;
  S.syncAsked = false;
  const gap = S.v && v > S.v + 1;
  const before = S.view && v === S.v + 1 ? { table: S.view.table, mine: S.wasMyTurn } : null;
  const prevHand = S.view ? S.view.hand_number : null;
  const was = beforeCallBacks();
  S.v = v;
  S.view = view;
  onFair(tableId, view.fair, S.watching ? null : (m) => S.conn?.send(m));
  setPending(false);
  if (msg.event) logEvent(msg.event);
  const sameHand = prevHand === view.hand_number;
  if (!sameHand) {
    clearLaid();
    S.staged = [];
    S.selected.clear();
  }
  reconcileHand(view.hand || [], sameHand);
  clearHint();
  if (msg.event && msg.event.seat === view.seat) {
    showMessage("");
    S.selected.clear();
  }
  if (!S.watching) rememberSeen(tableId, v, view.seat);
  onRematchInfo(msg.rematch);
  S.rematchInfo = msg.rematch || null;
  if (msg.away) {
    S.away = msg.away;
    if (msg.away.summary) S.lastSummary = msg.away.summary;
  }
  render();
  if (before) feel(msg.event, before);
  callBacks(was, msg.event);
  if (gap) S.conn?.send({ type: "sync" });
}
function feel(ev, before) {
  const view = S.view;
  if (ev && view) {
    const name = () => ev.seat !== void 0 && ev.seat !== null ? playerName(ev.seat) : "";
    animateEvent(ev, view, { mySeat: view.seat, name, prevTable: before.table || [] });
  }
  const sound = soundFor(ev);
  if (myTurn() && !before.mine) playSound("turn");
  else if (sound) playSound(sound);
}

// table/start.js
function start() {
  applyI18n();
  languageSwitch(
    /** @type {HTMLButtonElement} */
    $("lang"),
    onLanguage
  );
  if (LOCAL_FILES) {
    wireControls();
    offerInstall();
    startLocal(LOCAL_FILES, { onMessage, onStatus }, (conn) => {
      $("game").hidden = false;
      S.conn = conn;
    });
    return;
  }
  installable();
  if (!tableId) {
    showMessage(() => t("err.noTableId"), true);
    return;
  }
  wireControls();
  setupChat(tableId, (m) => !!S.conn && S.conn.send(m));
  const token = seatToken(tableId);
  if (token) connect(token);
  else if (WATCH_ASKED) watch();
  else showJoin();
}
function watch() {
  S.watching = true;
  document.body.classList.add("watching");
  connect(null);
}
function onLanguage() {
  silence();
  renderConn();
  wordNotifyToggle($("notify"));
  if (LOCAL_FILES && !$("local-setup").hidden) drawSetup();
  if (S.missing) showMissing();
  else if (!$("join").hidden) showJoin(S.joinReason, { keepName: true });
  render();
  if (S.summaryOpen && S.lastSummary) showSummary(S.lastSummary);
  if (S.retired) showRetired();
}
function connect(token) {
  $("game").hidden = false;
  const conn = new TableConnection(tableId, token, { onMessage, onStatus, patches: true });
  S.conn = conn;
  conn.connect();
  window.addEventListener("online", () => {
    if (S.conn && !S.conn.ws && !S.conn.stopped) S.conn.connect();
  });
}
function renderConn() {
  const el = $("conn");
  if (!S.conn_status) {
    if ($("game").hidden) el.textContent = "";
    return;
  }
  const [kind, detail] = S.conn_status;
  el.textContent = LOCAL_FILES && kind === "open" ? t("local.status") : connWords(kind, detail);
}
function onStatus(kind, detail) {
  const el = $("conn");
  el.classList.toggle("bad", kind !== "open");
  S.conn_status = [kind, detail];
  renderConn();
  if (kind === "open" || kind === "connecting" || kind === "retry") {
  } else if (kind === "refused") {
    el.textContent = "";
    forgetSeatToken(tableId);
    showJoin(() => t("table.badToken"));
  } else if (kind === "replaced") {
    el.textContent = t("table.replaced");
    showMessage(() => t("table.replaced"), true);
  } else if (kind === "gone") {
    el.textContent = t("table.gone");
    showGone();
  } else if (kind === "crowded") {
    showMessage(() => t("watch.crowded"), true);
  }
  if (kind !== "open") setPending(false);
}

// table.js
start();
