// @ts-check
// Brief animations that show who did what: a card flying from the stock or the pozzo to
// the player's seat, from the seat to the pozzo, and a highlight naming the player on a
// meld just laid or laid off on. The table is drawn first; these are ghost elements over
// it, so they never delay or block what the state shows; the highlight is a frame on the
// meld itself (board.js draws it while it lasts). With prefers-reduced-motion nothing
// moves: only the (still) highlight on the melds is shown.

import { cardBack, cardElement } from "./cards.js";

const FLIGHT_MS = 350;
const HIGHLIGHT_MS = 1500;

/** Whether the player asked for less motion.
 * @returns {boolean} */
export function reducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * Animate one event the server sent with a state (drawn already).
 * ctx: {mySeat, name: () => the player's name in the page's language, prevTable: the
 * melds before the event}.
 * @param {import("./types.js").GameEvent | null | undefined} ev
 * @param {import("./types.js").View} view
 * @param {{mySeat: number, name: () => string, prevTable?: import("./types.js").TableMeld[]}} ctx
 */
export function animateEvent(ev, view, ctx) {
  if (!ev || ev.seat === undefined || ev.seat === null) return;
  const seatBox = ev.seat === ctx.mySeat ? document.getElementById("hand") : seatElement(ev.seat);
  const stock = document.getElementById("stock-slot");
  const pozzo = document.getElementById("pozzo-slot");
  switch (ev.type) {
    case "draw":
      fly(cardBack(), stock, seatBox, ev.type);
      break;
    case "pozzo":
      fly(ev.card ? cardElement(ev.card) : cardBack(), pozzo, seatBox, ev.type);
      break;
    case "discard":
      fly(ev.card ? cardElement(ev.card) : cardBack(), seatBox, pozzo, ev.type);
      break;
    case "open":
    case "meld": {
      const before = new Set((ctx.prevTable || []).map((m) => m.id));
      for (const m of view.table || []) if (!before.has(m.id)) highlight(m.id, ctx.name, ev.type);
      break;
    }
    case "layoff":
    case "swap":
      if (ev.target !== undefined && ev.target !== null) highlight(ev.target, ctx.name, ev.type);
      break;
    default:
      break;
  }
}

/** @param {number} seat @returns {HTMLElement | null} */
function seatElement(seat) {
  return document.querySelector(`#players .player[data-seat="${seat}"]`);
}

/** A ghost card from one element's place to another's (nothing when either is not shown
 * or motion is reduced).
 * @param {HTMLElement} card
 * @param {HTMLElement | null} from
 * @param {HTMLElement | null} to
 * @param {string} kind */
function fly(card, from, to, kind) {
  if (reducedMotion() || !from || !to || typeof card.animate !== "function") return;
  const a = from.getBoundingClientRect();
  const b = to.getBoundingClientRect();
  if (!a.width || !b.width) return;
  card.classList.add("motion-ghost");
  card.dataset.motion = kind;
  card.setAttribute("aria-hidden", "true");
  card.style.left = `${a.left}px`;
  card.style.top = `${a.top}px`;
  document.body.append(card);
  const w = card.offsetWidth || 40;
  const h = card.offsetHeight || 56;
  const dx = b.left + b.width / 2 - (a.left + w / 2);
  const dy = b.top + b.height / 2 - (a.top + h / 2);
  const anim = card.animate(
    [
      { transform: "translate(0, 0) scale(1)", opacity: 1 },
      { transform: `translate(${dx}px, ${dy}px) scale(0.8)`, opacity: 0.85 },
    ],
    { duration: FLIGHT_MS, easing: "cubic-bezier(.3,.7,.4,1)" },
  );
  const done = () => card.remove();
  anim.onfinish = done;
  anim.oncancel = done;
  setTimeout(done, FLIGHT_MS + 200); // a tab in the background may never finish it
}

/** The melds just laid or laid on, by id: who did it (in the page's language) and how.
 * Kept here, not on the element, because the table is drawn again meanwhile (board.js
 * marks each meld it draws from this).
 * @type {Map<number, {name: () => string, kind: string}>} */
const laid = new Map();

/** A gold frame on a meld with the player's name, for a moment. The name sits on the lower
 * half of the cards, inside the meld: the meld's tag (number and points) stays readable,
 * and the frame moves with the meld when the melds' area scrolls.
 * @param {number} meldId
 * @param {() => string} name
 * @param {string} kind */
function highlight(meldId, name, kind) {
  const entry = { name, kind };
  laid.set(meldId, entry);
  const el = /** @type {HTMLElement | null} */ (document.querySelector(`#melds .meld[data-id="${meldId}"]`));
  if (el) {
    markLaid(el, meldId);
    el.scrollIntoView({ block: "nearest", inline: "nearest" });
    if (!reducedMotion() && typeof el.animate === "function") {
      el.animate([{ transform: "scale(1.08)" }, { transform: "scale(1)" }], { duration: 250, easing: "ease-out" });
    }
  }
  setTimeout(() => {
    if (laid.get(meldId) !== entry) return; // laid on again meanwhile: that one's moment
    laid.delete(meldId);
    const now = document.querySelector(`#melds .meld[data-id="${meldId}"]`);
    if (now) unmark(/** @type {HTMLElement} */ (now));
  }, HIGHLIGHT_MS);
}

/** Frame a meld drawn now if it was laid or laid on a moment ago (board.js asks for each).
 * @param {HTMLElement} el
 * @param {number} meldId */
export function markLaid(el, meldId) {
  const entry = laid.get(meldId);
  if (!entry) return;
  unmark(el);
  el.classList.add("laid");
  const label = document.createElement("span");
  label.className = "motion-meld";
  label.dataset.motion = entry.kind;
  label.dataset.meld = String(meldId);
  label.setAttribute("aria-hidden", "true");
  label.textContent = entry.name();
  el.append(label);
}

/** @param {HTMLElement} el */
function unmark(el) {
  el.classList.remove("laid");
  for (const label of el.querySelectorAll(".motion-meld")) label.remove();
}

/** A new hand is dealt: no frame from the last hand is left on the new table. */
export function clearLaid() {
  laid.clear();
  for (const el of document.querySelectorAll("#melds .meld.laid")) unmark(/** @type {HTMLElement} */ (el));
}
