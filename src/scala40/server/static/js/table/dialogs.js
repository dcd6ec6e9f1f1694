// @ts-check
// The choice dialog: a question with one button an answer (a joker's identity, a run's
// end), answered by a click or cancelled.

import { $ } from "../dom.js";

/**
 * Ask `title` with a button for each option; resolves to the value clicked, or null when
 * cancelled. A button names what it lays (data-cards, or data-end and data-declared) for
 * scripts and tests.
 * @template T
 * @param {string} title
 * @param {{label: string, value: T}[]} options
 * @returns {Promise<T | null>}
 */
export function choose(title, options) {
  return new Promise((resolve) => {
    $("choice-title").textContent = title;
    const box = $("choice-buttons");
    box.replaceChildren();
    // The keyboard lands on the first answer; Esc cancels; the focus goes back where it was.
    const before = /** @type {HTMLElement | null} */ (document.activeElement);
    /** @param {KeyboardEvent} ev */
    const onKey = (ev) => {
      if (ev.key !== "Escape") return;
      ev.preventDefault();
      ev.stopImmediatePropagation();
      done(null);
    };
    /** @param {T | null} value */
    const done = (value) => {
      $("choice").hidden = true;
      window.removeEventListener("keydown", onKey, true);
      if (before && before.isConnected) before.focus();
      resolve(value);
    };
    for (const o of options) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = o.label;
      if (Array.isArray(o.value)) b.dataset.cards = o.value.join(" ");
      else if (o.value && typeof o.value === "object") {
        const lay = /** @type {{end?: string | null, declared?: string | null}} */ (o.value);
        b.dataset.end = lay.end || "";
        b.dataset.declared = lay.declared || "";
      }
      b.addEventListener("click", () => done(o.value));
      box.append(b);
    }
    $("choice-cancel").onclick = () => done(null);
    $("choice").hidden = false;
    window.addEventListener("keydown", onKey, true);
    /** @type {HTMLElement} */ (box.firstElementChild ?? $("choice-cancel")).focus();
  });
}
