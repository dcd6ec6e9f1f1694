// @ts-check
// Finished matches (GET /api/history), each with its replay and its game record.

import { api } from "./api.js";
import { apiErrorText, applyI18n, languageSwitch, recordSeatName, t } from "./i18n.js";
import { $ } from "./dom.js";
import { installable } from "./installable.js";
import { locale } from "./format.js";

/**
 * A finished match of GET /api/history. Its players are names (older servers sent
 * {name} objects, and the winner as a seat or a {name}).
 * @typedef {object} FinishedMatch
 * @property {string} table_id
 * @property {(string | {name: string})[]} [players]
 * @property {string[]} [seat_kinds]
 * @property {string | number | {name?: string} | null} [winner]
 * @property {number | null} [winner_seat]
 * @property {string | number | null} [finished] ISO 8601 (or Unix seconds or ms)
 */

/** @type {FinishedMatch[]} */
let matches = [];

/** A moment in the page's language's way.
 * @param {string | number | null | undefined} value
 * @returns {string} */
function when(value) {
  if (value === null || value === undefined) return "";
  const ms = typeof value === "number" ? (value > 1e12 ? value : value * 1000) : Date.parse(value);
  if (Number.isNaN(ms)) return String(value);
  return new Date(ms).toLocaleString(locale());
}

/** A player's name: a bot's in the page's words (seat_kinds), a person's as typed.
 * @param {FinishedMatch} m
 * @param {number} seat
 * @returns {string} */
function playerName(m, seat) {
  return recordSeatName(m.players, m.seat_kinds, seat);
}

/** @param {FinishedMatch} m */
function playerNames(m) {
  return (m.players || []).map((_, seat) => playerName(m, seat)).join(", ");
}

/** @param {FinishedMatch} m @returns {string} */
function winnerName(m) {
  const w = m.winner;
  if (w === null || w === undefined) return "–";
  const seat = m.winner_seat;
  if (typeof w === "string" && typeof seat === "number" && Number.isInteger(seat) && (m.players || [])[seat] === w) return playerName(m, seat);
  if (typeof w === "string") return w;
  if (typeof w === "number") {
    return playerName(m, w);
  }
  return w.name || "";
}

function render() {
  const body = /** @type {HTMLTableSectionElement} */ (document.querySelector("#matches tbody"));
  body.replaceChildren();
  $("none").hidden = matches.length > 0;
  for (const m of matches) {
    const tr = body.insertRow();
    tr.dataset.table = m.table_id;
    tr.insertCell().textContent = when(m.finished);
    tr.insertCell().textContent = playerNames(m);
    tr.insertCell().textContent = winnerName(m);
    const links = tr.insertCell();
    const replay = document.createElement("a");
    replay.href = `/replay/${encodeURIComponent(m.table_id)}`;
    replay.textContent = t("hist.replay");
    const record = document.createElement("a");
    record.href = `/api/tables/${encodeURIComponent(m.table_id)}/record`;
    record.textContent = t("hist.record");
    record.setAttribute("download", `scala40-${m.table_id}.json`);
    links.append(replay, document.createTextNode(" · "), record);
  }
}

async function start() {
  applyI18n();
  languageSwitch($("lang"), render);
  try {
    const data = await api("/api/history");
    matches = data.matches || [];
  } catch (err) {
    $("error").textContent = t("err.generic", { message: apiErrorText(err) });
  }
  render();
}

start();
installable();
