// @ts-check
// Table chat: quick phrases and emotes travel as codes and are worded in the reader's own
// language; free text (120 characters at most) is shown as typed, always as text
// (textContent), never as HTML. Each player may mute another player's chat: the muted names
// are kept in localStorage per table, and their messages are not shown. Nothing of the chat
// is stored on the server: a reload starts with an empty chat (docs/protocol.md).

import { announce } from "./announce.js";
import { $, $input } from "./dom.js";
import { refusal, seatName, t } from "./i18n.js";

/** @typedef {import("./types.js").View} View */
/** A chat message as shown: a quick phrase's (or an emote's) code, or free text.
 * @typedef {{seat: number, phrase: string, text?: undefined} | {seat: number, text: string, phrase?: undefined}} ChatLine */
/** @typedef {(msg: {type: "chat", phrase?: string, text?: string}) => boolean} Send */

const PHRASES = ["hello", "gg", "nice", "oops", "thanks", "hurry"];
/** @type {{[code: string]: string}} */
const EMOTES = { thumbs: "👍", smile: "😄", wow: "😮", sad: "😢" };
const KEPT = 50; // messages kept on screen
const MAX_TEXT = 120;

/** @type {{tableId: string, send: Send, messages: ChatLine[], view: View | null, error: {code: string, message: string} | null}} */
const C = {
  tableId: "",
  send: () => false,
  messages: [], // [{seat, phrase} | {seat, text}], oldest first
  view: null,
  error: null, // {code, message} of the last refusal, re-worded on a language switch
};

const muteKey = () => `scala40:mute:${C.tableId}`;

/** The names whose chat this browser hides at this table.
 * @returns {Set<string>} */
function muted() {
  try {
    const names = JSON.parse(localStorage.getItem(muteKey()) || "[]");
    return new Set(Array.isArray(names) ? names : []);
  } catch {
    return new Set();
  }
}

/** @param {string} name @param {boolean} on */
function setMuted(name, on) {
  const names = muted();
  if (on) names.add(name);
  else names.delete(name);
  localStorage.setItem(muteKey(), JSON.stringify([...names]));
}

/** A seat's name as the mute list keeps it: what the player typed (bots do not chat).
 * @param {number} seat */
function keyName(seat) {
  const p = C.view && C.view.players.find((x) => x.seat === seat);
  return p ? p.name : "";
}

/** @param {{phrase?: string, text?: string}} m @returns {string} */
function words(m) {
  if (m.text !== undefined) return m.text;
  if (m.phrase !== undefined && EMOTES[m.phrase]) return EMOTES[m.phrase];
  return t(`chat.phrase.${m.phrase}`);
}

/** Wire the chat panel once: the phrase and emote buttons and the free-text form.
 * @param {string} tableId
 * @param {Send} send */
export function setupChat(tableId, send) {
  C.tableId = tableId;
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

/** @param {{phrase: string} | {text: string}} body */
function say(body) {
  C.error = null;
  return C.send({ type: "chat", ...body });
}

/** A `chat` message from the server: {seat, phrase} or {seat, text}. Whether it is shown
 * (a muted player's is not), so the chat tab counts only what there is to read.
 * @param {import("./types.js").ServerMessage} msg
 * @returns {boolean} */
export function onChat(msg) {
  const seat = /** @type {number} */ (msg.seat);
  C.messages.push(msg.text !== undefined ? { seat, text: String(msg.text) } : { seat, phrase: String(msg.phrase) });
  C.messages.splice(0, Math.max(0, C.messages.length - KEPT));
  renderChat(C.view);
  // Said once by the live region (the panel is drawn again on every patch); a muted
  // player's line is neither shown nor said.
  const line = /** @type {HTMLElement | null} */ ($("chat-log").lastElementChild);
  if (line && line.dataset.seat === String(seat)) announce(line.textContent ?? "");
  return !muted().has(keyName(seat));
}

/** A refused chat message (a `chat_*` error): said in the panel, in the page's language.
 * @param {import("./types.js").ServerMessage} msg */
export function onChatError(msg) {
  C.error = { code: msg.code ?? "", message: msg.message ?? "" };
  renderChat(C.view);
}

/** Draw the panel again (a new view, a message, a language switch, a mute).
 * @param {View | null} view */
export function renderChat(view) {
  C.view = view;
  if (!view) return;
  for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll("#chat-phrases button"))) {
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
    said.className = m.text !== undefined ? "said text" : "said phrase";
    said.textContent = words(m);
    li.append(who, " ", said);
    log.append(li);
  }
  log.scrollTop = log.scrollHeight;
  const err = $("chat-error");
  err.textContent = C.error ? refusal(C.error.code, C.error.message) : "";
  // One switch for each other human player: their chat shown or muted.
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
