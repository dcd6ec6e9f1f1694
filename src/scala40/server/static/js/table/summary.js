// @ts-check
// The hand's summary over the table: why it ended, each player's penalty (and total), the
// cards left in every hand, who is out or back in, and whether the match is over.

import { cardElement } from "../cards.js";
import { $ } from "../dom.js";
import { seatName, t } from "../i18n.js";
import { limits, playerName } from "./facts.js";
import { renderAwayReport } from "./render.js";
import { S } from "./state.js";

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
  for (const key of single ? ["sum.player", "sum.penalty"] : ["sum.player", "sum.penalty", "sum.total"]) {
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
    // The cards left in hand, revealed, on a row of their own under the player.
    const left = sum.hands?.[seat] || [];
    if (left.length) {
      const row = body.insertRow();
      row.className = "cards-row";
      row.dataset.seat = seat;
      const cell = row.insertCell();
      cell.colSpan = single ? 2 : 3;
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
  renderAwayReport();
  $("summary-close").focus(); // the keyboard goes on from the dialog, Enter for the next hand
}
