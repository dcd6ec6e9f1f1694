// @ts-check
// The page's controls wired once at the start: the join form, the hand's pointer and keys,
// the melds and the piles, the action bar, the sort buttons, sound, shortcuts and dialogs.

import { $ } from "../dom.js";
import { applyI18n } from "../i18n.js";
import { initKeys } from "../keys.js";
import { initNotifyToggle } from "../notify.js";
import { initSound } from "../sound.js";
import { offReasons, pozzoTapped } from "./actions.js";
import { wireDrawer } from "./drawer.js";
import { legal, myTurn, why } from "./facts.js";
import { selectedEntries, sortHand } from "./hand.js";
import { onPointerCancel, onPointerDown, onPointerMove, onPointerUp, toggleSelect } from "./input.js";
import { askHint, discard, draw, playHint, sendAction, takePozzo } from "./intents.js";
import { join } from "./join.js";
import { addMeld, layoffButton, meld, openWithStaged, playOnMeld, swapButton } from "./melding.js";
import { render, renderAwayReport } from "./render.js";
import { explain } from "./say.js";
import { copyInvite, copyWatchLink } from "./share.js";
import { S } from "./state.js";
import { closeSummary } from "./summary.js";

/** The element an event happened on, as an Element (the page's events come from its markup).
 * @param {Event} ev */
const targetOf = (ev) => /** @type {Element} */ (ev.target);

export function wireControls() {
  $("join").addEventListener("submit", join);
  $("invite-copy").addEventListener("click", copyInvite);
  const hand = $("hand");
  hand.addEventListener("pointerdown", onPointerDown);
  hand.addEventListener("pointermove", onPointerMove);
  hand.addEventListener("pointerup", onPointerUp);
  hand.addEventListener("pointercancel", onPointerCancel);
  hand.addEventListener("keydown", (ev) => {
    const card = /** @type {HTMLElement | null} */ (targetOf(ev).closest(".card"));
    if (card && (ev.key === "Enter" || ev.key === " ")) {
      ev.preventDefault();
      toggleSelect(Number(card.dataset.id));
    }
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && $("choice").hidden && S.selected.size) {
      S.selected.clear();
      render();
    }
  });
  $("melds").addEventListener("click", (ev) => {
    const m = /** @type {HTMLElement | null} */ (targetOf(ev).closest(".meld"));
    if (!m || !myTurn()) return;
    const sel = selectedEntries();
    if (sel.length === 1) playOnMeld(sel[0], Number(m.dataset.id));
  });
  $("stock-slot").addEventListener("click", () => {
    if (!myTurn() || S.pending) return;
    const barred = why().draw;
    if (legal().draw) draw();
    else if (barred) explain(barred);
  });
  $("pozzo-slot").addEventListener("click", pozzoTapped);
  // A greyed action says why it is off instead of doing nothing (caught before its own
  // listener runs; aria-disabled keeps it focusable and clickable).
  $("actions").addEventListener("click", (ev) => {
    const b = targetOf(ev).closest("button");
    if (!b || b.getAttribute("aria-disabled") !== "true") return;
    ev.stopPropagation();
    ev.preventDefault();
    const reason = offReasons.get(b.id);
    if (reason) reason();
  }, true);
  $("btn-draw").addEventListener("click", draw);
  $("btn-pozzo").addEventListener("click", takePozzo);
  $("btn-add").addEventListener("click", addMeld);
  $("btn-open").addEventListener("click", openWithStaged);
  $("btn-meld").addEventListener("click", meld);
  $("btn-layoff").addEventListener("click", layoffButton);
  $("btn-swap").addEventListener("click", swapButton);
  $("btn-discard").addEventListener("click", () => discard());
  $("btn-takeback").addEventListener("click", () => sendAction({ type: "takeback" }));
  $("btn-hint").addEventListener("click", askHint);
  $("btn-playhint").addEventListener("click", playHint);
  $("sort-suit").addEventListener("click", () => {
    sortHand("suit");
    render();
  });
  $("sort-rank").addEventListener("click", () => {
    sortHand("rank");
    render();
  });
  $("sort-group").addEventListener("click", () => {
    sortHand("group");
    render();
  });
  initSound(/** @type {HTMLButtonElement} */ ($("sound")));
  initNotifyToggle($("notify"));
  initKeys({ select: toggleSelect, words: applyI18n });
  $("watch-copy").addEventListener("click", copyWatchLink);
  wireDrawer();
  $("summary-close").addEventListener("click", () => {
    closeSummary();
    renderAwayReport();
  });
}
