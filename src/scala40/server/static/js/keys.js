// @ts-check
// Keyboard play for the table: every move a click makes. Each key presses the same button a
// click would (so a greyed move says why, a move to confirm asks the same question): D draw,
// P take the pozzo, A put the selection aside for the opening, O open, M meld, L lay off, S
// swap a joker (with several melds possible, a dialog names them), X discard, T take back,
// H hint, G group the combinations; ←/→ move a cursor over the hand (or Tab to a card),
// Space or Enter selects the card under it, Esc clears the selection (controls.js); ? shows
// the list. Never while typing in a field or with a dialog open.

import { $ } from "./dom.js";

/** @type {{[key: string]: string}} */
const BUTTONS = {
  d: "btn-draw",
  p: "btn-pozzo",
  a: "btn-add",
  o: "btn-open",
  m: "btn-meld",
  l: "btn-layoff",
  s: "btn-swap",
  x: "btn-discard",
  t: "btn-takeback",
  h: "btn-hint",
  g: "sort-group",
};

// The list shown by "?": [key words (a string key of i18n.js, or the key itself), what it does].
/** @type {[string, string][]} */
export const SHORTCUTS = [
  ["D", "keys.draw"],
  ["P", "keys.pozzo"],
  ["← →", "keys.move"],
  ["keys.space", "keys.select"],
  ["A", "keys.add"],
  ["O", "keys.open"],
  ["M", "keys.meld"],
  ["L", "keys.layoff"],
  ["S", "keys.swap"],
  ["X", "keys.discard"],
  ["T", "keys.takeback"],
  ["H", "keys.hint"],
  ["G", "keys.group"],
  ["Esc", "keys.clear"],
  ["?", "keys.help"],
];

/** The card under the keyboard's cursor: its id (data-id) and its place in the hand.
 * @type {{id: string | undefined, index: number, active: boolean}} */
const cursor = { id: undefined, index: 0, active: false };

/** @param {EventTarget | null} target @returns {boolean} */
function typing(target) {
  if (!target || !(target instanceof Element)) return false;
  return !!target.closest("input, textarea, select, [contenteditable=''], [contenteditable='true']");
}

function dialogOpen() {
  return [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".overlay"))].some((o) => !o.hidden && o.id !== "keys-help");
}

/** @returns {HTMLElement[]} */
function handCards() {
  return [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#hand .card"))];
}

/** Put the cursor on the card at `index` of the hand (clamped), focused.
 * @param {number} index */
function moveCursor(index) {
  const cards = handCards();
  if (!cards.length) return;
  cursor.index = Math.max(0, Math.min(cards.length - 1, index));
  cursor.id = cards[cursor.index].dataset.id;
  cursor.active = true;
  showCursor(true);
}

/** Mark the cursor's card (the hand is drawn again after every change: find it anew).
 * @param {boolean} focus */
function showCursor(focus) {
  const cards = handCards();
  for (const c of cards) c.classList.remove("kbd-cursor");
  if (!cursor.active || !cards.length) return;
  let i = cards.findIndex((c) => c.dataset.id === cursor.id);
  if (i < 0) i = Math.min(cursor.index, cards.length - 1); // its card left the hand
  cursor.index = i;
  cursor.id = cards[i].dataset.id;
  cards[i].classList.add("kbd-cursor");
  const lost = !document.activeElement || document.activeElement === document.body;
  if (focus || lost) cards[i].focus({ preventScroll: !focus });
}

/** Whether the list of shortcuts is shown. */
export function helpOpen() {
  return !$("keys-help").hidden;
}

/** @param {boolean} [show] */
function toggleHelp(show = !helpOpen()) {
  $("keys-help").hidden = !show;
  if (show) $("keys-close").focus();
  else $("keys-btn").focus();
}

/** Fill the list of shortcuts (worded by applyI18n through data-i18n, so a switch of
 * language re-words it). */
function buildHelp() {
  const list = $("keys-list");
  list.replaceChildren();
  for (const [key, what] of SHORTCUTS) {
    const dt = document.createElement("dt");
    const kbd = document.createElement("kbd");
    if (key.startsWith("keys.")) kbd.dataset.i18n = key;
    else kbd.textContent = key;
    dt.append(kbd);
    const dd = document.createElement("dd");
    dd.dataset.i18n = what;
    list.append(dt, dd);
  }
}

/** Wire the shortcuts; `select(id)` selects or releases a card of the hand, `words()`
 * words the help list in the page's language (applyI18n).
 * @param {{select: (id: number) => void, words: () => void}} table */
export function initKeys({ select, words }) {
  buildHelp();
  words();
  $("keys-btn").addEventListener("click", () => toggleHelp());
  $("keys-close").addEventListener("click", () => toggleHelp(false));
  $("keys-help").addEventListener("click", (ev) => {
    if (ev.target === $("keys-help")) toggleHelp(false);
  });
  // Esc closes the list before the table's own Esc (clear the selection) sees it.
  window.addEventListener(
    "keydown",
    (ev) => {
      if (ev.key === "Escape" && helpOpen()) {
        ev.stopImmediatePropagation();
        toggleHelp(false);
      }
    },
    true,
  );
  document.addEventListener("pointerdown", () => {
    cursor.active = false;
    showCursor(false);
  });
  // A card reached with Tab is the cursor's card: a selection redraws the hand, and the
  // focus stays on that card.
  $("hand").addEventListener("focusin", (ev) => {
    const card = /** @type {HTMLElement} */ (ev.target);
    // A tap or a click focuses the card too: only the keyboard's focus moves the cursor.
    if (!card.classList.contains("card") || !card.matches(":focus-visible")) return;
    cursor.id = card.dataset.id;
    cursor.index = handCards().indexOf(card);
    cursor.active = true;
    for (const c of handCards()) c.classList.toggle("kbd-cursor", c === card);
  });
  new MutationObserver(() => showCursor(false)).observe($("hand"), { childList: true });
  document.addEventListener("keydown", (ev) => {
    if (ev.defaultPrevented || ev.ctrlKey || ev.metaKey || ev.altKey || typing(ev.target)) return;
    if (ev.key === "?") {
      ev.preventDefault();
      toggleHelp();
      return;
    }
    if (helpOpen() || dialogOpen() || $("game").hidden) return;
    const key = ev.key.length === 1 ? ev.key.toLowerCase() : ev.key;
    if (BUTTONS[key]) {
      const b = $(BUTTONS[key]);
      if (b && !b.hidden && b.offsetParent !== null) {
        ev.preventDefault();
        b.click();
      }
      return;
    }
    if (key === "ArrowLeft" || key === "ArrowRight") {
      ev.preventDefault();
      const step = key === "ArrowLeft" ? -1 : 1;
      moveCursor(cursor.active ? cursor.index + step : step > 0 ? 0 : handCards().length - 1);
      return;
    }
    const target = /** @type {Partial<Element> | null} */ (ev.target);
    if ((key === " " || key === "Enter") && cursor.active && !target?.closest?.("button, a")) {
      ev.preventDefault();
      select(Number(cursor.id));
    }
  });
}
