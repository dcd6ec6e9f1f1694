// @ts-check
// The table's one live region (#announce, role=status): what a screen reader says
// unasked. Only events are said — a turn passing to another player, a refusal, a word
// about the player's own click, a chat line, a step of the guide — once each: the table is
// drawn again on every patch (and the turn line ticks every second), and a live region
// redrawn would say it all again.

import { $ } from "./dom.js";

/** Pending words (a refusal said twice in a row is said twice: the region is emptied,
 * then filled a moment later, so the reader hears a change). */
let timer = 0;

/** Say `text` through the live region (nothing for empty words).
 * @param {string} text */
export function announce(text) {
  if (!text) return;
  const region = $("announce");
  clearTimeout(timer);
  region.textContent = "";
  timer = window.setTimeout(() => {
    region.textContent = text;
  }, 60);
}

/** Empty the live region (the page switched language: what it said last is in the other
 * one, and the player hears the page's words anew as they read on). */
export function silence() {
  clearTimeout(timer);
  $("announce").textContent = "";
}
