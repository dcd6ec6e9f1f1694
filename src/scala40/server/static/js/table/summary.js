// @ts-check
// The hand's summary over the table: why it ended, each player's penalty (and total), the
// cards left in every hand, who is out or back in, and whether the match is over. While it
// is open the table waits (the VIEW's pause): the dialog counts down and names whom it
// waits for, and closing it tells the server this person has read it.

import { cardElement } from "../cards.js";
import { $ } from "../dom.js";
import { seatName, t } from "../i18n.js";
import { ratingChangeWords } from "../rating.js";
import { limits, playerName } from "./facts.js";
import { pauseWords } from "./pause.js";
import { renderAwayReport } from "./render.js";
import { S } from "./state.js";

/** The summary's countdown, ticking each second while the table waits.
 * @type {ReturnType<typeof setInterval> | undefined} */
let pauseTimer;

/** Open the summary of a hand over (kept, to word it again on a language switch).
 * @param {import("../types.js").Summary | null | undefined} sum */
export function showSummary(sum) {
  if (!sum || !S.view) return;
  S.lastSummary = sum;
  const players = S.view.players;
  $("summary-title").textContent = t("sum.title", { n: sum.hand });
  let reason = "";
  if (sum.winner !== null && sum.winner !== undefined) {
    reason = t(sum.chiusura_in_mano ? "sum.chiusura" : "sum.went_out", { name: playerName(sum.winner) });
  } else {
    reason = t(sum.reason === "reshuffle_limit" ? "sum.reshuffle_limit" : "sum.stock_out");
  }
  $("summary-reason").textContent = reason;
  const table = /** @type {HTMLTableElement} */ ($("summary-table"));
  table.replaceChildren();
  const head = table.createTHead().insertRow();
  // A one-hand match keeps no running total: the hand's penalties are the result.
  const single = !!limits().single_hand;
  // The match's end: what it did to each rated seat's rating (docs/server.md).
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
      rated.textContent = ratings[seat] ? ratingChangeWords(ratings[seat]) : "—";
    }
    // The cards left in hand, revealed, on a row of their own under the player.
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
  if (sum.match_over) extra.push(t("sum.matchOver", { name: playerName(/** @type {number} */ (sum.match_winner)) }));
  $("summary-extra").textContent = extra.join(" · ");
  $("summary-close").textContent = t(sum.match_over ? "sum.close" : "sum.next");
  $("summary").hidden = false;
  S.summaryOpen = true;
  renderSummaryPause();
  renderAwayReport();
  $("summary-close").focus(); // the keyboard goes on from the dialog, Enter for the next hand
}

/** The line under the summary while the table waits for it to be read ("Next hand in
 * 24 s — waiting for Anna"), drawn from the VIEW's pause of this summary's hand; hidden
 * when the table plays on. Made here, once, so the dialog's markup need not know it. */
export function renderSummaryPause() {
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
  const me = S.watching ? -1 : S.view.seat;
  const tick = () => {
    box.textContent = pauseWords(pause, Date.now(), playerName, me);
  };
  tick();
  pauseTimer = setInterval(tick, 1000);
}

/** Close the summary; a player (not a spectator) tells the table they have read it, so
 * it need not wait for them (docs/protocol.md, "The pause after a hand"). */
export function closeSummary() {
  $("summary").hidden = true;
  S.summaryOpen = false;
  clearInterval(pauseTimer);
  const sum = S.lastSummary;
  if (sum && !sum.match_over && !S.watching) S.conn?.send({ type: "summary_closed", hand: sum.hand });
}
