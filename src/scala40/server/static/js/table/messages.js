// @ts-check
// Messages from the server: a VIEW (whole, or a patch of the one held) is drawn, a refusal
// said, a hint shown, a hand's summary opened. Nothing here changes the game: the server
// is the authority.

import { rememberSeen } from "../away.js";
import { onChat, onChatError } from "../chat.js";
import { onFair } from "../fair.js";
import { animateEvent, clearLaid } from "../motion.js";
import { onRematchInfo, onRematchToken } from "../rematch.js";
import { playSound, soundFor } from "../sound.js";
import { beforeCallBacks, callBacks } from "./callbacks.js";
import { onCheck } from "./checks.js";
import { myTurn, playerName } from "./facts.js";
import { noteChatLine } from "./drawer.js";
import { reconcileHand } from "./hand.js";
import { clearHint, onHint } from "./hint.js";
import { setPending } from "./intents.js";
import { render } from "./render.js";
import { cardReason, logEvent, showMessage, showRefusal } from "./say.js";
import { S, tableId } from "./state.js";
import { showSummary } from "./summary.js";
import { patchedView } from "./sync.js";

/** @typedef {import("../types.js").ServerMessage} ServerMessage */
/** @typedef {import("../types.js").GameEvent} GameEvent */
/** @typedef {import("../types.js").TableMeld} TableMeld */

/** What the table's socket hands over (connection.js).
 * @param {ServerMessage} msg */
export function onMessage(msg) {
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
        onChatError(msg); // said in the chat panel, not over the game
      } else if (msg.code === "entropy_refused") {
        // The hand was dealt before this browser's randomness arrived: nothing to show.
      } else if (msg.code === "stale_version") {
        // The table moved on while the click travelled: fetch the present and let the
        // player look again (nothing was done).
        S.conn?.send({ type: "sync" });
      } else {
        showRefusal(String(msg.code), msg.message ?? "", cardReason(msg), msg.facts || null);
      }
      break;
    case "hint":
      onHint(/** @type {import("./state.js").Hint} */ (/** @type {unknown} */ (msg)));
      break;
    case "hand_over":
      playSound("out");
      showSummary(msg.summary);
      break;
    case "chat":
      if (onChat(msg)) noteChatLine(/** @type {number} */ (msg.seat));
      break;
    case "check":
      onCheck(msg);
      render();
      break;
    case "rematch":
      onRematchToken(/** @type {{table_id: string, token: string}} */ (msg));
      break;
    default:
      break;
  }
}

/** A `patch`: the changes from the VIEW of version `from`. Applied to the VIEW held, if
 * that is the one, it makes the new VIEW, drawn as a `state` would be; otherwise (or if it
 * does not apply) the page asks for the whole VIEW and drops the patch.
 * @param {ServerMessage} msg */
function onPatch(msg) {
  const view = patchedView(S.view, S.v, msg);
  if (!view) {
    // One ask until the whole VIEW comes: the patches on the way meanwhile miss too.
    if (!S.syncAsked) S.syncAsked = !!S.conn?.send({ type: "sync" });
    return;
  }
  onState({ type: "state", v: msg.v, view, event: msg.event ?? null, rematch: msg.rematch });
}

/** A whole VIEW (or one a patch made): the hand kept in the player's order, the table
 * drawn, the move just made felt.
 * @param {ServerMessage} msg */
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
  // A spectator remembers the commitments too (to check the deals), but gives no entropy.
  onFair(tableId, view.fair, S.watching ? null : (m) => S.conn?.send(m));
  setPending(false);
  if (msg.event) logEvent(msg.event);
  const sameHand = prevHand === view.hand_number;
  if (!sameHand) {
    clearLaid(); // the last hand's "who laid it" frames are not the new table's
    S.staged = [];
    S.selected.clear();
  }
  reconcileHand(view.hand || [], sameHand);
  clearHint();
  if (msg.event && msg.event.seat === view.seat) {
    // My move went through: start the next one from a clean slate.
    showMessage("");
    S.selected.clear();
  }
  if (!S.watching) rememberSeen(tableId, v, view.seat);
  onRematchInfo(msg.rematch);
  S.rematchInfo = msg.rematch || null;
  if (msg.away) {
    S.away = msg.away;
    if (msg.away.summary) S.lastSummary = msg.away.summary; // the turn line names the winner
  }
  render();
  if (before) feel(msg.event, before);
  callBacks(was, msg.event);
  if (gap) S.conn?.send({ type: "sync" });
}

/** After the table is drawn: animate the move just made and play its sound (motion.js,
 * sound.js); a turn that has just become mine rings.
 * @param {GameEvent | null | undefined} ev
 * @param {{table: TableMeld[], mine: boolean}} before */
function feel(ev, before) {
  const view = S.view;
  if (ev && view) {
    const name = () => (ev.seat !== undefined && ev.seat !== null ? playerName(ev.seat) : "");
    animateEvent(ev, view, { mySeat: view.seat, name, prevTable: before.table || [] });
  }
  const sound = soundFor(ev);
  if (myTurn() && !before.mine) playSound("turn");
  else if (sound) playSound(sound);
}
