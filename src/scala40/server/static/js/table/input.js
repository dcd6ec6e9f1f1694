// @ts-check
// Input: click a card to select it, drag it to reorder, onto a meld (lay off or swap) or
// onto the pozzo (discard). Pointer events serve mouse and touch alike.

import { $ } from "../dom.js";
import { explainSelection } from "./actions.js";
import { myTurn } from "./facts.js";
import { entry, sortHand } from "./hand.js";
import { discardOrExplain } from "./intents.js";
import { playOnMeld } from "./melding.js";
import { render } from "./render.js";
import { showMessage } from "./say.js";
import { S } from "./state.js";

/** Where a drag ends: a table meld, the pozzo, a card of the hand or the hand itself.
 * @typedef {{kind: "meld" | "card", el: HTMLElement, id: number} | {kind: "pozzo" | "hand", el: HTMLElement}} DropTarget */

/** Select a card of the hand, or release it.
 * @param {number} id */
export function toggleSelect(id) {
  if (S.selected.has(id)) S.selected.delete(id);
  else S.selected.add(id);
  if (S.message && !S.messageIsError) showMessage("");
  explainSelection();
  render();
}

/** What lies under the pointer that a card may be dropped on.
 * @param {number} x
 * @param {number} y
 * @returns {DropTarget | null} */
function dropTargetAt(x, y) {
  const el = document.elementFromPoint(x, y);
  if (!el) return null;
  const meld = /** @type {HTMLElement | null} */ (el.closest(".meld"));
  if (meld) return { kind: "meld", el: meld, id: Number(meld.dataset.id) };
  const pozzo = /** @type {HTMLElement | null} */ (el.closest("#pozzo"));
  if (pozzo) return { kind: "pozzo", el: pozzo };
  const card = /** @type {HTMLElement | null} */ (el.closest("#hand .card"));
  if (card) return { kind: "card", el: card, id: Number(card.dataset.id) };
  if (el.closest("#hand")) return { kind: "hand", el: $("hand") };
  return null;
}

/** @param {PointerEvent} ev */
export function onPointerDown(ev) {
  const cardEl = /** @type {HTMLElement | null} */ (/** @type {Element} */ (ev.target).closest(".card"));
  if (!cardEl || ev.button > 0) return;
  S.dragging = { id: Number(cardEl.dataset.id), x: ev.clientX, y: ev.clientY, el: cardEl, moved: false, ghost: null, over: null };
  cardEl.setPointerCapture(ev.pointerId);
}

/** @param {PointerEvent} ev */
export function onPointerMove(ev) {
  const d = S.dragging;
  if (!d) return;
  if (!d.moved && Math.hypot(ev.clientX - d.x, ev.clientY - d.y) < 8) return;
  if (!d.moved) {
    d.moved = true;
    d.ghost = /** @type {HTMLElement} */ (d.el.cloneNode(true));
    d.ghost.classList.add("drag-ghost");
    d.ghost.classList.remove("selected");
    document.body.append(d.ghost);
    d.el.classList.add("dragging");
  }
  const ghost = /** @type {HTMLElement} */ (d.ghost);
  ghost.style.left = `${ev.clientX - 20}px`;
  ghost.style.top = `${ev.clientY - 30}px`;
  const target = dropTargetAt(ev.clientX, ev.clientY);
  if (d.over && d.over !== target?.el) d.over.classList.remove("drop-hover");
  if (target && (target.kind === "meld" || target.kind === "pozzo")) {
    target.el.classList.add("drop-hover");
    d.over = target.el;
  }
}

/** @param {PointerEvent} ev */
export function onPointerUp(ev) {
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
    // Before or after the card: by the half of it that shows (the next card in a phone's
    // fan covers the rest of it).
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

export function onPointerCancel() {
  const d = S.dragging;
  S.dragging = null;
  if (d?.ghost) d.ghost.remove();
  render();
}
