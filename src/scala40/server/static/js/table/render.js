// @ts-check
// Drawing: the whole table from the VIEW held and the player's state, part by part (each
// part in its own module), after every message and every click that changes S.

import { renderAway, resultOf } from "../away.js";
import { renderChat } from "../chat.js";
import { $ } from "../dom.js";
import { renderFairMark } from "../fair.js";
import { renderGuide } from "../guide.js";
import { seatName, t } from "../i18n.js";
import { renderRematch } from "../rematch.js";
import { renderScores } from "../scores.js";
import { renderButtons } from "./actions.js";
import { renderHand, renderMelds, renderPiles, renderStaging } from "./board.js";
import { renderTabs } from "./drawer.js";
import { limits, myTurn } from "./facts.js";
import { renderHint } from "./hint.js";
import { askHint } from "./intents.js";
import { eventLineHere, reword, showMessage, showRefusal } from "./say.js";
import { renderPlayers, renderTurn } from "./seats.js";
import { renderInvite, renderWatching } from "./share.js";
import { S, tableId } from "./state.js";
import { renderSummaryPause } from "./summary.js";

/** Draw the table (nothing before the first VIEW). */
export function render() {
  const v = S.view;
  if (!v) return;
  // What a script (or a test) can wait on: the version, the phase, whose turn.
  const game = $("game");
  game.dataset.v = String(S.v);
  game.dataset.phase = v.phase || "";
  game.dataset.myTurn = String(myTurn());
  game.dataset.pending = String(S.pending);
  game.dataset.hand = String(v.hand_number || 0);
  const hand = v.hand_number ? t("table.hand", { n: v.hand_number }) : "";
  // Rated or not is shown to everyone at the table, spectators too (docs/server.md).
  $("hand-number").textContent = v.rated ? `${hand} · ${t("table.rated")}` : hand;
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

/** Coming back: the moves a bot made for me and, if the match ended, its result. */
export function renderAwayReport() {
  const away = S.away;
  // A hand that ended while the bot played opens the summary over the table; the report
  // then sits inside that dialog, so the player reads both and the dialog hides neither.
  const box = $("away");
  if (S.summaryOpen) $("summary-dialog").insertBefore(box, $("summary-close"));
  else if (box.parentElement !== $("turnbar").parentElement) $("turnbar").after(box);
  const players = S.view ? S.view.players : [];
  renderAway($("away"), away ? away.moves : [], away ? resultOf(away.summary, players) : null, eventLineHere, () => {
    S.away = null;
    render();
  });
}

/** The log: the newest 40 events the page words. */
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
