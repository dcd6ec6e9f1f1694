// @ts-check
// The hint: the server's suggested move for this position, its cards marked in the hand and
// its melds shown under the table until the next VIEW.

import { announce } from "../announce.js";
import { actionCards, cardElement } from "../cards.js";
import { $ } from "../dom.js";
import { t } from "../i18n.js";
import { myTurn } from "./facts.js";
import { setPending } from "./intents.js";
import { entriesHolding } from "./order.js";
import { render } from "./render.js";
import { S } from "./state.js";
import { hintHeadline, hintReasonsText } from "./wording.js";

/** A `hint` from the server: kept (unless it is for a past position) and its cards marked.
 * @param {import("./state.js").Hint} msg */
export function onHint(msg) {
  setPending(false);
  if (msg.v !== undefined && msg.v !== null && msg.v !== S.v) return; // for a past position
  S.hint = msg;
  S.hinted = entriesHolding(S.hand, actionCards(msg.action));
  render();
  announce($("hint-text").textContent ?? ""); // asked for: said once, as it comes
}

/** No hint shown (a new VIEW came). */
export function clearHint() {
  S.hint = null;
  S.hinted = new Set();
}

/** The hint box: the move in words, its melds as cards, the button that plays it. */
export function renderHint() {
  const box = $("hintbox");
  if (!S.hint) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  box.dataset.action = S.hint.action ? S.hint.action.type : "";
  box.dataset.end = S.hint.action?.end || "";
  box.dataset.declared = S.hint.action?.declared || "";
  // The server sends the hint's reasons as facts; every language words them alike (the
  // move in words when there is no reason to give).
  const why = hintReasonsText(S.hint.reasons);
  const head = hintHeadline(S.hint.action);
  $("hint-text").textContent = why ? capitalized(why) : head || t("table.hintNone");
  // The melds the hint lays, as cards (an opening may be several).
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
  const play = /** @type {HTMLButtonElement} */ ($("btn-playhint"));
  play.hidden = !S.hint.action;
  play.disabled = !myTurn() || S.pending;
}

/** A sentence starts with a capital letter.
 * @param {string} text */
function capitalized(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
