// @ts-check
// What a player learns on coming back: the moves a bot made for them while they were
// gone and, when the match ended meanwhile, who won and the final totals. Everything is
// drawn with textContent from codes and the page's words, never inserted as HTML.

import { api } from "./api.js";
import { seatName, t, tn } from "./i18n.js";

/** @typedef {import("./types.js").GameEvent} GameEvent */
/** @typedef {import("./types.js").Summary} Summary */
/** What renderAway shows of a finished match: the winner's name (null: none) and the
 * final totals by name.
 * @typedef {{winner: string | null, totals: [string, number][]}} AwayResult */

/** @param {string} tableId */
const SEEN = (tableId) => `scala40:seen:${tableId}`;

/** Remember the last version this browser saw at the table, and its seat, so a page that
 * comes back after the table was retired can tell which moves were made without it.
 * @param {string} tableId
 * @param {number} v
 * @param {number} seat */
export function rememberSeen(tableId, v, seat) {
  try {
    localStorage.setItem(SEEN(tableId), JSON.stringify({ v, seat }));
  } catch {
    // storage full or disabled: the report after a retirement is only shorter
  }
}

/** @param {string} tableId @returns {{v: number, seat: number} | null} */
function lastSeen(tableId) {
  try {
    const seen = JSON.parse(localStorage.getItem(SEEN(tableId)) || "null");
    return seen && Number.isInteger(seen.v) && Number.isInteger(seen.seat) ? seen : null;
  } catch {
    return null;
  }
}

/**
 * Fill ``box`` with the report: ``moves`` are EVENTs (worded by ``lineOf``), ``result`` is
 * null or {winner: name, totals: [[name, total], ...]}; ``onClose``, when given, is called
 * by the report's button. An empty report hides the box.
 * @param {HTMLElement} box
 * @param {GameEvent[]} moves
 * @param {AwayResult | null} result
 * @param {(ev: GameEvent) => string | null | undefined} lineOf
 * @param {() => void} [onClose]
 */
export function renderAway(box, moves, result, lineOf, onClose) {
  box.replaceChildren();
  const lines = /** @type {string[]} */ (moves.map((ev) => lineOf(ev)).filter(Boolean));
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

/** The result of a finished match as renderAway shows it, from its SUMMARY and the
 * players ({seat, name, kind}).
 * @param {Summary | null | undefined} summary
 * @param {{seat: number, name: string, kind?: string}[]} players
 * @returns {AwayResult | null} */
export function resultOf(summary, players) {
  if (!summary || !summary.match_over) return null;
  /** @param {number} seat */
  const nameOf = (seat) => seatName(players.find((p) => p.seat === seat) || { name: `#${seat}` });
  /** @type {[string, number][]} */
  const totals = Object.entries(summary.totals || {}).map(([unit, total]) => [nameOf(Number(unit)), total]);
  const winner = summary.match_winner === null || summary.match_winner === undefined ? null : nameOf(summary.match_winner);
  return { winner, totals };
}

/**
 * The report for a table already retired (the match is over and the server let it go):
 * read from its replay, the moves made for this browser's seat after the last version it
 * saw, and the result. Null when there is nothing to say.
 * @param {string} tableId
 * @returns {Promise<{moves: GameEvent[], result: AwayResult | null, players: {seat: number, name: string, kind?: string}[]}>}
 */
export async function retiredReport(tableId) {
  /** @type {import("./types.js").Replay} */
  const replay = await api(`/api/tables/${encodeURIComponent(tableId)}/replay`);
  // This server's replays name the seats as text (only very old ones sent {name}).
  const players = (/** @type {string[]} */ (replay.seats) || []).map((name, seat) => ({ seat, name, kind: (replay.seat_kinds || [])[seat] }));
  const seen = lastSeen(tableId);
  /** @type {GameEvent[]} */
  const moves = [];
  let version = 0;
  /** @type {import("./types.js").ReplayStep | null} */
  let before = null;
  /** @type {Summary | null} */
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
