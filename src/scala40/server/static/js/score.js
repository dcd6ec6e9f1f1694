// @ts-check
// The score sheet of a game played with real cards (/score), phone first.
// Everything that is scored comes from the server (/api/scoresheets), which scores with
// the engine; this page only collects each hand and draws the standing it gets back.
//
// Who may change a sheet: the phone that started it. The server answers a new sheet with
// a secret keeper token, which only this browser keeps (localStorage[SHEETS], {id: token})
// and sends as "Authorization: Bearer" on every change. Anyone else with the sheet's id
// (the share link /score?view=ID) sees it read-only, refreshed every few seconds, and may
// keep a copy of their own.
//
// A sheet kept at the terminal (`scala40 score`, same data folder) comes with a keeper link
// /score?id=ID#keeper=TOKEN: the page asks the server whether that token keeps the sheet
// and, if so, keeps it like one it started. The token rides in the fragment, which the
// browser never sends, and is taken off the address at once.

import { api } from "./api.js";
import { SUIT_SYMBOL, SUITS } from "./cards.js";
import { $, $input, $select, el } from "./dom.js";
import { applyI18n, getLang, hasString, languageSwitch, t, tn } from "./i18n.js";
import { installable } from "./installable.js";

const SHEETS = "scala40:sheets";
const FOLLOW_MS = 10000; // how often a read-only sheet asks the server for news
const MAX_LISTED = 100; // the server lists at most this many ids at once

// What /api/scoresheets answers (src/scala40/server/http/scoresheets.py, storage/sheets.py), as this page reads it.

/**
 * The rules a sheet scores by (the setup form's choices).
 * @typedef {object} SheetRules
 * @property {number} [elimination]
 * @property {boolean} [reentry]
 * @property {number | "any"} [reentry_limit]
 * @property {number} [target_total]
 * @property {number} [fixed_hands]
 * @property {boolean} [single_hand]
 * @property {string} [unopened_penalty]
 * @property {boolean} [chiusura_in_mano_double]
 * @property {boolean} [partnerships]
 * @property {string} [team_score]
 */

/**
 * A sheet: its players in seating order, its rules and the hands entered so far.
 * @typedef {object} Sheet
 * @property {string[]} players
 * @property {SheetRules} [rules]
 * @property {unknown[]} hands
 */

/**
 * A player, or a team of partners, in the standing.
 * @typedef {object} Unit
 * @property {string} name
 * @property {number[]} seats
 * @property {number} total
 * @property {boolean} winner
 * @property {boolean} eliminated
 * @property {number | null} distance points left before the limit
 * @property {number[]} reentered_at
 * @property {number} reentries
 * @property {number | null} reentries_left
 */

/**
 * One scored hand of the standing.
 * @typedef {object} Line
 * @property {number} number
 * @property {(number | null)[]} penalties by seat (null: sat out)
 * @property {number | null} [went_out]
 * @property {boolean} [chiusura]
 * @property {boolean} [doubled]
 * @property {boolean} [playoff]
 * @property {number[]} [eliminated] units
 * @property {{[unit: string]: number}} [reentered]
 */

/**
 * The hand to enter next.
 * @typedef {object} NextHand
 * @property {number} number
 * @property {number} dealer
 * @property {number[]} seats who plays it
 * @property {boolean} counted false: a play-off hand, nothing is counted
 * @property {number[] | null} playoff the tied units, in a play-off
 */

/**
 * The standing the server scores from the sheet.
 * @typedef {object} Standing
 * @property {Unit[]} units
 * @property {Line[]} lines
 * @property {boolean} over
 * @property {number} winner the winning unit, once over
 * @property {NextHand} next
 * @property {{kind: string, value: number | null}} limit
 * @property {number | null} hands_left
 * @property {{double_out: boolean, flat_unopened: boolean}} flags
 */

/**
 * The server's answer about one sheet.
 * @typedef {object} SheetAnswer
 * @property {string} id
 * @property {boolean} has_keeper
 * @property {Sheet} sheet
 * @property {Standing} standing
 * @property {string} [token] only in the answer that made the sheet
 * @property {boolean} [kept] whether the token sent keeps the sheet
 * @property {string} [created]
 * @property {string | null} [finished]
 */

/**
 * A saved game as the list of saved games shows it.
 * @typedef {object} SavedSheet
 * @property {string} id
 * @property {string[]} players
 * @property {number} hands
 * @property {string | null} winner
 * @property {string} [updated]
 */

/** A row of the hand form: a seat's inputs, and how to redraw its "pays a flat 100".
 * @typedef {HTMLDivElement & {refreshFlat: () => void}} LeftRow */

// Sheets this browser keeps: {id: token}, oldest first. The token is the only proof that
// this phone started the sheet; it is never shown and never leaves but to change the sheet.
/** @returns {{[id: string]: unknown}} */
function keptSheets() {
  try {
    const kept = JSON.parse(localStorage.getItem(SHEETS) || "{}");
    return kept && typeof kept === "object" && !Array.isArray(kept) ? kept : {};
  } catch {
    return {};
  }
}

/** @param {string} id @returns {string | null} */
function tokenOf(id) {
  const token = keptSheets()[id];
  return typeof token === "string" ? token : null;
}

/** @param {string} id @param {string | undefined} token (always sent with a new sheet) */
function keepSheet(id, token) {
  const kept = keptSheets();
  delete kept[id]; // re-added last: past MAX_LISTED, the oldest drop off the list first
  kept[id] = token;
  localStorage.setItem(SHEETS, JSON.stringify(kept));
}

/** @param {string} id */
function dropSheet(id) {
  const kept = keptSheets();
  delete kept[id];
  localStorage.setItem(SHEETS, JSON.stringify(kept));
}

/** An error in the page's language when its code has a fixed meaning; otherwise the
 * server's sentence, which names the cards or the hand at fault.
 * @param {unknown} err
 * @returns {string} */
function errorText(err) {
  const { code, message, facts } = /** @type {{code?: string, message?: string, facts?: {[name: string]: unknown} | null}} */ (err || {});
  const key = `score.error.${code}`;
  if (code && hasString(key)) return t(key, facts || {});
  if (err instanceof TypeError) return t("score.error.network");
  return String(message || err);
}

/** Show an error (an ApiError, a TypeError, a sentence) above the page; null hides it.
 * @param {unknown} err */
function showError(err) {
  const box = $("error");
  box.textContent = err ? errorText(err) : "";
  box.hidden = !err;
  if (err) box.scrollIntoView({ block: "nearest" });
}

/** The "Undo last hand" button. */
const undoButton = () => /** @type {HTMLButtonElement} */ ($("undo"));

// A new game -----------------------------------------------------------------------------

/** @param {string} [value] */
function nameRow(value = "") {
  const input = el("input", { type: "text", value, maxlength: "40", required: true, class: "score-name" });
  input.addEventListener("input", refreshDealers);
  const remove = el("button", { type: "button", class: "score-remove", "aria-label": t("score.setup.remove") }, "×");
  const row = el("li", {}, input, remove);
  remove.addEventListener("click", () => {
    if ($("names").children.length > 2) {
      row.remove();
      refreshDealers();
    }
  });
  return row;
}

function names() {
  return [...document.querySelectorAll("#names input")].map((i) => /** @type {HTMLInputElement} */ (i).value.trim());
}

function refreshDealers() {
  const select = $select("dealer");
  const keep = select.value;
  select.replaceChildren(...names().map((n, i) => el("option", { value: String(i) }, n || `${i + 1}`)));
  if (keep && Number(keep) < names().length) select.value = keep;
  document.querySelectorAll("#names input").forEach((input, i) => {
    input.setAttribute("aria-label", t("score.setup.name", { n: i + 1 }));
  });
  const n = names().length;
  $("partners-row").hidden = !(n === 4 || n === 6);
  if ($("partners-row").hidden) $input("partners").checked = false;
  $("team-row").hidden = !$input("partners").checked;
  refreshEnd();
}

function refreshEnd() {
  const end = $select("end").value;
  const limit = $input("limit");
  $("limit-row").hidden = end === "single";
  // Teams never re-enter (the engine's rule), so re-entry is asked of players alone.
  $("reentry-row").hidden = end !== "elimination" || $input("partners").checked;
  /** @type {{[end: string]: string}} */
  const labels = { elimination: "score.setup.limit", target: "score.limit.target", fixed: "score.limit.fixed" };
  const label = labels[end];
  if (label) $("limit-label").dataset.i18n = label;
  $("limit-label").textContent = t(label || "score.setup.limit");
  /** @type {{[end: string]: string}} */
  const defaults = { elimination: $input("partners").checked ? "201" : "101", target: "1000", fixed: "10" };
  if (defaults[end] && !limit.dataset.touched) limit.value = defaults[end];
}

/** @returns {SheetRules} */
function rulesFromForm() {
  /** @type {SheetRules} */
  const rules = {};
  const end = $select("end").value;
  const value = Number($input("limit").value);
  if (end === "elimination") {
    rules.elimination = value;
    const again = $input("partners").checked ? "no" : $select("reentry").value;
    if (again !== "no") {
      rules.reentry = true;
      rules.reentry_limit = again === "any" ? "any" : Number(again);
    } else {
      rules.reentry = false;
    }
  } else if (end === "target") rules.target_total = value;
  else if (end === "fixed") rules.fixed_hands = value;
  else rules.single_hand = true;
  rules.unopened_penalty = $select("unopened").value;
  rules.chiusura_in_mano_double = $input("chiusura-double").checked;
  if ($input("partners").checked) {
    rules.partnerships = true;
    rules.team_score = $select("team-score").value;
  }
  return rules;
}

function showSetup() {
  $("setup").hidden = false;
  $("history").hidden = false;
  $("game").hidden = true;
  const list = $("names");
  if (!list.children.length) for (let i = 0; i < 3; i++) list.append(nameRow());
  refreshDealers();
  refreshEnd();
  loadHistory();
}

async function loadHistory() {
  const ids = Object.keys(keptSheets()).slice(-MAX_LISTED);
  try {
    /** @type {{sheets: SavedSheet[]}} */
    const data = ids.length
      ? await api(`/api/scoresheets?ids=${ids.map(encodeURIComponent).join(",")}`)
      : { sheets: [] };
    const list = $("saved");
    list.replaceChildren(
      ...data.sheets.map((s) =>
        el(
          "li",
          {},
          el("a", { href: `/score?id=${encodeURIComponent(s.id)}` }, s.players.join(", ")),
          el("span", { class: "score-note" }, ` · ${tn("score.history.hands", s.hands)} · ${s.winner ? t("score.result.wins", { name: s.winner }) : (s.updated || "").slice(0, 10)}`),
          " ",
          el("a", { href: `/api/scoresheets/${encodeURIComponent(s.id)}/csv`, download: true }, "CSV"),
        ),
      ),
    );
    $("none").hidden = data.sheets.length > 0;
  } catch (err) {
    showError(err);
  }
}

// A game --------------------------------------------------------------------------------

/** @type {SheetAnswer | null} */
let state = null; // the last answer of the server: {id, has_keeper, sheet, standing}
/** @type {number | null | undefined} */
let wentOut = undefined; // seat, null for nobody, undefined until chosen
/** @type {ReturnType<typeof setInterval> | null} */
let following = null; // the refresh timer of a read-only sheet

/** The open sheet. Only a page showing one draws it, enters hands or shares it: these
 * run with a sheet open, so `state` is not null there.
 * @returns {SheetAnswer} */
function sheetNow() {
  return /** @type {SheetAnswer} */ (state);
}

// Whether this phone may change the open sheet: it holds the sheet's keeper token.
function mine() {
  return Boolean(state && state.has_keeper && tokenOf(state.id));
}

/** @param {Unit} unit @param {Standing} standing @returns {string} */
function unitStatus(unit, standing) {
  const parts = [];
  if (unit.winner) parts.push(t("score.unit.winner"));
  else if (unit.eliminated) parts.push(t("score.unit.out"));
  else if (unit.distance !== null && standing.limit.value) {
    parts.push(tn("score.unit.to", unit.distance));
  }
  if (unit.reentered_at.length) parts.push(t("score.unit.reentered", { at: unit.reentered_at.join(", ") }));
  if (unit.reentries_left !== 0 && unit.reentries_left !== null && unit.reentries > 0) {
    parts.push(t("score.unit.reentriesLeft", { n: unit.reentries_left }));
  }
  return parts.join(" · ");
}

/** @param {Standing} standing */
function drawUnits(standing) {
  const limit = standing.limit;
  $("units").replaceChildren(
    ...standing.units.map((u) => {
      const share = limit.value && (limit.kind === "elimination" || limit.kind === "target")
        ? Math.min(100, Math.round((100 * u.total) / /** @type {number} */ (limit.value))) : 0;
      const card = el(
        "div",
        { class: "score-unit" + (u.eliminated ? " out" : "") + (u.winner ? " winner" : "") },
        el("div", { class: "score-unit-name" }, u.name),
        el("div", { class: "score-unit-total" }, String(u.total)),
        el("div", { class: "score-unit-status" }, unitStatus(u, standing)),
      );
      if (share) {
        const fill = el("span");
        fill.style.width = `${share}%`; // a CSSOM property, allowed where style="" is not
        card.append(el("div", { class: "score-bar" }, fill));
      }
      return card;
    }),
  );
  let result = "";
  if (standing.over) result = t("score.result.wins", { name: standing.units[standing.winner].name });
  else if (standing.next.playoff) {
    result = t("score.result.tie", { names: standing.next.playoff.map((u) => standing.units[u].name).join(", ") });
  } else if (standing.hands_left !== null) {
    result = tn("score.result.handsLeft", standing.hands_left, { of: standing.limit.value });
  }
  $("result").textContent = result;
}

/** What happened in a hand besides the penalties, in the page's language (the server's
 * "notes" are English; the line's own fields say the same).
 * @param {Sheet} sheet
 * @param {Standing} standing
 * @param {Line} line
 * @returns {string} */
function lineNotes(sheet, standing, line) {
  /** @param {number} u */
  const unitName = (u) => standing.units[u]?.name ?? String(u);
  const parts = [];
  if (line.playoff && !(sheet.rules && sheet.rules.single_hand)) parts.push(t("score.note.playoff"));
  if (line.went_out === null || line.went_out === undefined) parts.push(t("score.note.stockOut"));
  else parts.push(t(line.chiusura ? "score.note.chiusura" : "score.note.wentOut", { name: sheet.players[line.went_out] }));
  if (line.doubled) parts.push(t("score.note.doubled"));
  for (const u of line.eliminated || []) parts.push(t("score.note.out", { name: unitName(u) }));
  for (const [u, total] of Object.entries(line.reentered || {})) parts.push(t("score.note.reenters", { name: unitName(Number(u)), n: total }));
  return parts.join("; ");
}

/** @param {Sheet} sheet @param {Standing} standing */
function drawLines(sheet, standing) {
  const head = el("tr", {}, el("th", {}, "#"), ...sheet.players.map((p) => el("th", {}, p)), el("th", {}, t("score.sheet.notes")));
  const rows = standing.lines.map((line) =>
    el(
      "tr",
      {},
      el("td", {}, String(line.number)),
      ...line.penalties.map((p, seat) => el("td", { class: seat === line.went_out ? "score-out" : "" }, p === null ? "–" : String(p))),
      el("td", { class: "score-notes" }, lineNotes(sheet, standing, line)),
    ),
  );
  const totals = sheet.players.map((_, seat) => {
    const unit = standing.units.findIndex((u) => u.seats.includes(seat));
    return el("td", {}, String(standing.units[unit].total));
  });
  const foot = el("tr", { class: "score-total" }, el("th", {}, t("score.sheet.total")), ...totals, el("td", {}, ""));
  $("lines").replaceChildren(el("thead", {}, head), el("tbody", {}, ...rows), el("tfoot", {}, foot));
}

/** A suit symbol typed into a cards box at its caret, right after the rank typed last
 * ("4" then ♥ makes "4♥"), and the box told, so the count follows.
 * @param {HTMLInputElement} box
 * @param {string} symbol */
function typeSuit(box, symbol) {
  const at = box.selectionStart ?? box.value.length;
  const end = box.selectionEnd ?? at;
  box.value = box.value.slice(0, at) + symbol + box.value.slice(end);
  box.setSelectionRange(at + symbol.length, at + symbol.length);
  box.focus();
  box.dispatchEvent(new Event("input"));
}

/**
 * The inputs of a seat that did not go out: its points (or its cards, counted by the
 * server) and whether it had opened.
 * @param {number} seat
 * @param {string} name
 * @param {Standing["flags"]} flags
 * @returns {LeftRow}
 */
function leftRow(seat, name, flags) {
  const points = el("input", { type: "number", inputmode: "numeric", min: "0", value: "", class: "score-points", "aria-label": `${name} ${t("score.hand.points")}` });
  const cards = el("input", { type: "text", class: "score-cards", placeholder: t("score.hand.cards"), "aria-label": `${name} ${t("score.hand.cards")}`, autocapitalize: "characters", spellcheck: "false" });
  const counted = el("output", { class: "score-counted" });
  /** @param {number} n */
  const add = (n) => {
    points.value = String((Number(points.value) || 0) + n);
    cards.value = "";
    counted.textContent = "";
  };
  const quick = el(
    "div",
    { class: "score-quick" },
    ...[5, 10, 25].map((n) => el("button", { type: "button", onclick: () => add(n) }, `+${n}`)),
    el("button", { type: "button", onclick: () => { points.value = "0"; cards.value = ""; } }, "0"),
  );
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer = undefined;
  cards.addEventListener("input", () => {
    clearTimeout(timer);
    const text = cards.value.trim();
    if (!text) {
      counted.textContent = "";
      return;
    }
    timer = setTimeout(async () => {
      try {
        /** @type {{points: number, cards?: string}} */
        // The page's language decides the suit letters (Italian C Q F P: cuori, quadri,
        // fiori, picche); the server reads them, the page guesses nothing.
        const res = await api(`/api/scoresheets/${sheetNow().id}/count`, { method: "POST", body: { cards: text, lang: getLang() } });
        points.value = String(res.points);
        counted.textContent = res.cards ? `${res.cards} = ${res.points}` : `= ${res.points}`;
        counted.classList.remove("bad");
      } catch (err) {
        counted.textContent = errorText(err);
        counted.classList.add("bad");
      }
    }, 250);
  });
  // The suits as buttons: a phone keyboard has no ♥♦♣♠, and a symbol reads the same in
  // every language.
  const suits = el(
    "div",
    { class: "score-suits" },
    ...SUITS.map((s) => el("button", {
      type: "button",
      class: `score-suit suit-${s}`,
      "data-suit": s,
      "aria-label": `${name}: ${t(`say.suit.${s}`)}`,
      onclick: () => typeSuit(cards, SUIT_SYMBOL[s]),
    }, SUIT_SYMBOL[s])),
  );
  const unopened = el("input", { type: "checkbox", class: "score-unopened" });
  const flat = el("span", { class: "score-note score-flat", hidden: true }, t("score.hand.flat"));
  const row = /** @type {LeftRow} */ (el(
    "div",
    { class: "score-left", "data-seat": String(seat) },
    el("div", { class: "score-left-head" }, el("strong", {}, name), el("label", { class: "score-check" }, unopened, el("span", {}, t("score.hand.notOpened"))), flat),
    el("div", { class: "score-left-inputs" }, points, quick),
    el("div", { class: "score-left-cards" }, cards, suits, counted),
  ));
  const refreshFlat = () => {
    const isFlat = unopened.checked && wentOut !== null && wentOut !== undefined && ($input("chiusura").checked || flags.flat_unopened);
    flat.hidden = !isFlat;
    row.classList.toggle("flat", isFlat);
  };
  unopened.addEventListener("change", refreshFlat);
  row.refreshFlat = refreshFlat;
  return row;
}

/** The form for the next hand, for the sheet's keeper while the game goes on. */
function drawHandForm() {
  const { sheet, standing } = sheetNow();
  const form = $("hand-form");
  form.hidden = standing.over || !mine();
  if (form.hidden) return;
  const next = standing.next;
  const key = next.playoff ? "score.hand.playoffTitle" : "score.hand.title";
  $("hand-title").textContent = t(key, { n: next.number, dealer: sheet.players[next.dealer] });
  const choices = next.seats.map((seat) =>
    el("button", { type: "button", role: "radio", "aria-checked": String(wentOut === seat), class: "score-choice", onclick: () => chooseOut(seat) }, sheet.players[seat]),
  );
  choices.push(el("button", { type: "button", role: "radio", "aria-checked": String(wentOut === null), class: "score-choice", onclick: () => chooseOut(null) }, t("score.hand.nobody")));
  $("went-out").replaceChildren(...choices);
  $("playoff-note").hidden = next.counted;
  $("hand-flags").hidden = !next.counted || wentOut === null || wentOut === undefined;
  $("doubled-row").hidden = !standing.flags.double_out;
  const rows = next.counted ? next.seats.filter((s) => s !== wentOut).map((s) => leftRow(s, sheet.players[s], standing.flags)) : [];
  $("left-rows").replaceChildren(...rows);
  $("cards-help").hidden = !rows.length;
  undoButton().disabled = sheet.hands.length === 0;
}

/** @param {number | null} seat null: nobody (the stock ran out) */
function chooseOut(seat) {
  wentOut = seat;
  const keep = collectRows();
  drawHandForm();
  restoreRows(keep);
}

/** The hand form's rows, with their inputs.
 * @returns {{row: LeftRow, seat: string, points: HTMLInputElement, cards: HTMLInputElement, unopened: HTMLInputElement}[]} */
function leftRows() {
  return [.../** @type {NodeListOf<LeftRow>} */ (document.querySelectorAll(".score-left"))].map((row) => ({
    row,
    seat: row.dataset.seat ?? "",
    points: /** @type {HTMLInputElement} */ (row.querySelector(".score-points")),
    cards: /** @type {HTMLInputElement} */ (row.querySelector(".score-cards")),
    unopened: /** @type {HTMLInputElement} */ (row.querySelector(".score-unopened")),
  }));
}

/** @typedef {{points: string, cards: string, unopened: boolean}} RowInput */

/** What the rows say, by seat, to be put back once the form is drawn again.
 * @returns {{[seat: string]: RowInput}} */
function collectRows() {
  /** @type {{[seat: string]: RowInput}} */
  const out = {};
  for (const { seat, points, cards, unopened } of leftRows()) {
    out[seat] = { points: points.value, cards: cards.value, unopened: unopened.checked };
  }
  return out;
}

/** @param {{[seat: string]: RowInput}} saved */
function restoreRows(saved) {
  for (const { row, seat, points, cards, unopened } of leftRows()) {
    const s = saved[seat];
    if (!s) continue;
    points.value = s.points;
    cards.value = s.cards;
    unopened.checked = s.unopened;
    row.refreshFlat();
  }
}

/** When the sheet was started (and finished), as the page's language writes dates. */
function drawDates() {
  const state = sheetNow();
  /** @param {string} stamp */
  const day = (stamp) => new Date(stamp).toLocaleString(getLang(), { dateStyle: "medium", timeStyle: "short" });
  const line = $("sheet-date");
  line.hidden = !state.created;
  if (!state.created) return;
  line.textContent = state.finished
    ? t("score.sheet.finished", { date: day(state.created), end: day(state.finished) })
    : t("score.sheet.started", { date: day(state.created) });
}

function drawGame() {
  const { id, sheet, standing } = sheetNow();
  $("setup").hidden = true;
  $("history").hidden = true;
  $("game").hidden = false;
  drawUnits(standing);
  drawDates();
  drawHandForm();
  drawLines(sheet, standing);
  drawKeeper();
  /** @type {HTMLAnchorElement} */ ($("csv")).href = `/api/scoresheets/${encodeURIComponent(id)}/csv`;
  undoButton().disabled = sheet.hands.length === 0;
}

// The keeper gets Share and Delete; anyone else a note saying why the sheet is read-only
// and a way to keep a copy, while the score follows the keeper's phone.
function drawKeeper() {
  const keeper = mine();
  $("share-row").hidden = !keeper;
  $("delete-sheet").hidden = !keeper;
  $("follow").hidden = keeper;
  const note = $("follow-note");
  const { has_keeper } = sheetNow();
  const says = has_keeper ? "score.follow.shared" : "score.follow.legacy";
  note.dataset.i18n = says; // said again in the other language when it is switched
  note.textContent = t(says);
  // A copy is the way on for a sheet nobody keeps; beside a live shared one it is a side road.
  $("copy-sheet").classList.toggle("primary", !has_keeper);
  if (keeper) stopFollowing();
  else startFollowing();
}

/** @param {string} id */
function shareUrl(id) {
  return `${location.origin}/score?view=${encodeURIComponent(id)}`;
}

// Copy the read-only link; where the clipboard is out of reach (plain http on a home
// network), the link is shown selected for the phone's own copy menu.
async function share() {
  const url = shareUrl(sheetNow().id);
  const box = $input("share-url");
  box.value = url;
  box.style.width = "100%"; // the whole link in view (a CSSOM property: fine under the CSP)
  $("share-box").hidden = false;
  let copied = false;
  try {
    await navigator.clipboard.writeText(url);
    copied = true;
  } catch {
    copied = false;
  }
  const note = $("share-note");
  const says = copied ? "score.share.copied" : "score.share.manual";
  note.dataset.i18n = says;
  note.textContent = t(says);
  if (!copied) {
    box.focus();
    box.select();
  }
}

function startFollowing() {
  if (following === null) following = setInterval(follow, FOLLOW_MS);
}

function stopFollowing() {
  clearInterval(following ?? undefined);
  following = null;
}

// One refresh of a read-only sheet: redrawn only when the keeper changed something.
let followFailed = false;
async function follow() {
  if (document.hidden || !state) return;
  const id = state.id;
  try {
    /** @type {SheetAnswer} */
    const fresh = await api(`/api/scoresheets/${encodeURIComponent(id)}`);
    if (followFailed) showError(null);
    followFailed = false;
    const now = sheetNow();
    if (now.id !== id || mine()) return; // a copy was kept meanwhile: this news is stale
    if (JSON.stringify(fresh.sheet) !== JSON.stringify(now.sheet) || fresh.has_keeper !== now.has_keeper) {
      state = fresh;
      drawGame();
    }
  } catch (err) {
    followFailed = true;
    showError(err);
  }
}

async function keepCopy() {
  if (!window.confirm(t("score.follow.copyConfirm"))) return;
  showError(null);
  try {
    /** @type {SheetAnswer} */
    const made = await api("/api/scoresheets", { method: "POST", body: { sheet: sheetNow().sheet } });
    keepSheet(made.id, made.token);
    state = made;
    history.replaceState(null, "", `/score?id=${encodeURIComponent(made.id)}`);
    wentOut = undefined;
    drawGame();
  } catch (err) {
    showError(err);
  }
}

async function deleteSheet() {
  if (!window.confirm(t("score.sheet.deleteConfirm"))) return;
  showError(null);
  try {
    const { id } = sheetNow();
    // Every change sends a JSON body, {} when there is nothing to say (the server refuses
    // a change sent as anything else).
    await api(`/api/scoresheets/${encodeURIComponent(id)}`, { method: "DELETE", body: {}, token: tokenOf(id) });
    dropSheet(id);
    location.assign("/score");
  } catch (err) {
    showError(err);
  }
}

/** The hand the form says, as POST /api/scoresheets/ID/hands takes it. */
function handBody() {
  const { sheet, standing } = sheetNow();
  /** @type {{hands: number, went_out: number | null | undefined, left: {[seat: string]: string | number}, not_opened: number[], chiusura?: boolean, doubled?: boolean, lang: string}} */
  const body = { hands: sheet.hands.length, went_out: wentOut, left: {}, not_opened: [], lang: getLang() };
  body.chiusura = wentOut !== null && $input("chiusura").checked;
  body.doubled = wentOut !== null && standing.flags.double_out && $input("doubled").checked;
  for (const row of leftRows()) {
    const seat = row.seat;
    const cards = row.cards.value.trim();
    const points = row.points.value.trim();
    if (row.unopened.checked) body.not_opened.push(Number(seat));
    if (cards) body.left[seat] = cards;
    else if (points !== "") body.left[seat] = Number(points);
  }
  return body;
}

/** @param {string} id */
async function openSheet(id) {
  state = await api(`/api/scoresheets/${encodeURIComponent(id)}`);
  wentOut = undefined;
  drawGame();
}

// A keeper link from the terminal: kept here only once the server says the token keeps
// the sheet, so a mistyped link never makes the page offer changes it cannot make.
/** @param {string} id @param {string} token */
async function claimSheet(id, token) {
  /** @type {SheetAnswer} */
  const answer = await api(`/api/scoresheets/${encodeURIComponent(id)}`, { token });
  if (answer.kept) {
    keepSheet(id, token);
    $("claim-note").hidden = false;
  } else {
    showError(t("score.error.bad_keeper_link"));
  }
}

// Wiring ---------------------------------------------------------------------------------

function wire() {
  languageSwitch($("lang"), () => {
    if (state) drawGame();
    else {
      refreshDealers();
      refreshEnd();
      loadHistory();
    }
  });
  $("add-name").addEventListener("click", () => {
    if ($("names").children.length < 8) {
      $("names").append(nameRow());
      refreshDealers();
    }
  });
  $select("end").addEventListener("change", refreshEnd);
  $input("limit").addEventListener("input", () => { $input("limit").dataset.touched = "1"; });
  $input("partners").addEventListener("change", refreshDealers);
  $select("preset").addEventListener("change", () => {
    if ($select("preset").value === "house") {
      $select("unopened").value = "flat100";
      $select("reentry").value = "1";
    } else {
      $select("unopened").value = "count";
      $select("reentry").value = "no";
    }
  });
  $("setup-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    showError(null);
    try {
      const body = { players: names(), preset: $select("preset").value, rules: rulesFromForm(), first_dealer: Number($select("dealer").value || 0) };
      /** @type {SheetAnswer} */
      const made = await api("/api/scoresheets", { method: "POST", body });
      state = made;
      keepSheet(made.id, made.token);
      history.replaceState(null, "", `/score?id=${encodeURIComponent(made.id)}`);
      wentOut = undefined;
      drawGame();
    } catch (err) {
      showError(err);
    }
  });
  $input("chiusura").addEventListener("change", () => leftRows().forEach(({ row }) => row.refreshFlat()));
  $("hand-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    showError(null);
    if (wentOut === undefined) {
      showError(t("score.hand.pickOut"));
      return;
    }
    try {
      const { id } = sheetNow();
      state = await api(`/api/scoresheets/${encodeURIComponent(id)}/hands`, { method: "POST", body: handBody(), token: tokenOf(id) });
      wentOut = undefined;
      $input("chiusura").checked = false;
      $input("doubled").checked = false;
      drawGame();
    } catch (err) {
      showError(err);
    }
  });
  undoButton().addEventListener("click", async () => {
    if (!window.confirm(t("score.hand.undoConfirm"))) return;
    showError(null);
    try {
      const { id, sheet } = sheetNow();
      state = await api(`/api/scoresheets/${encodeURIComponent(id)}/hands/last`, { method: "DELETE", body: { hands: sheet.hands.length }, token: tokenOf(id) });
      wentOut = undefined;
      drawGame();
    } catch (err) {
      showError(err);
    }
  });
  $("share").addEventListener("click", share);
  $("copy-sheet").addEventListener("click", keepCopy);
  $("delete-sheet").addEventListener("click", deleteSheet);
  $("print").addEventListener("click", () => window.print());
}

async function start() {
  applyI18n();
  wire();
  // ?id= is the keeper's own address, ?view= the link shared with the others; either
  // opens read-only unless this browser holds the sheet's token.
  const params = new URLSearchParams(location.search);
  const id = params.get("id") || params.get("view");
  const claim = new URLSearchParams(location.hash.slice(1)).get("keeper");
  if (location.hash) history.replaceState(null, "", location.pathname + location.search);
  if (id) {
    try {
      if (claim) await claimSheet(id, claim);
      await openSheet(id);
      return;
    } catch (err) {
      showError(err);
    }
  }
  showSetup();
}

start();
installable();
