// @ts-check
// The guided first hand: a banner on the table that explains the step the newcomer is at.
// It is driven by the VIEW the seat already gets (whose turn, the phase, the legal moves,
// whether the seat has opened, the cards in hand), never by rules of its own, and each
// explanation links the section of the rules page (/rules#anchor) that says more.
// The lobby marks a guided table in localStorage ("scala40:guide:" + table id).

import { announce } from "./announce.js";
import { t } from "./i18n.js";

const MARK = "scala40:guide:";

/** @typedef {import("./types.js").View} View */
/** A step of the guide: the explanation's key, its blanks, and [anchor, label key] links.
 * @typedef {{key: string, params: {[name: string]: unknown}, links: [string, string][]}} GuideStep */

/** @param {string} tableId @returns {boolean} */
export function isGuided(tableId) {
  return localStorage.getItem(MARK + tableId) === "1";
}

/** @param {string} tableId */
function stopGuide(tableId) {
  localStorage.removeItem(MARK + tableId);
}

/**
 * The step a view is at: {key, params, links} where key names the explanation (i18n
 * "guide." + key) and links are [anchor, label key] pairs into the rules page; null when
 * there is nothing to explain (the table is waiting, or the seat is a spectator).
 * @param {View | null | undefined} view
 * @returns {GuideStep | null}
 */
export function guideStep(view) {
  if (!view || view.spectator || view.status === "waiting") return null;
  const buttons = { draw: t("table.draw"), add: t("table.addMeld"), open: t("table.open"), discard: t("table.discard") };
  const n = view.rules?.opening_points;
  /** @type {Partial<import("./types.js").ViewPlayer>} */
  const me = (view.players || []).find((p) => p.seat === view.seat) || {};
  if (view.status === "over" || view.phase === "over" || (view.hand_number || 1) > 1) {
    return { key: "handOver", params: {}, links: [["scoring", "guide.link.scoring"]] };
  }
  if (!view.my_turn) return { key: "wait", params: {}, links: [["turn", "guide.link.turn"]] };
  const legal = view.legal || {};
  const hand = view.hand || [];
  if (view.phase === "draw") {
    if (legal.pozzo) return { key: "drawPozzo", params: buttons, links: [["pozzo", "guide.link.pozzo"]] };
    if (!(view.pozzo || []).length) return { key: "draw", params: buttons, links: [["turn", "guide.link.turn"]] };
    if (!me.opened) return { key: "pozzoBarred", params: buttons, links: [["open_from_pozzo", "guide.link.pozzo"]] };
    return { key: "pozzoUnusable", params: buttons, links: [["pozzo", "guide.link.pozzo"]] };
  }
  if (!me.opened) {
    if (legal.can_open) return { key: "canOpen", params: { ...buttons, n }, links: [["opening", "guide.link.opening"]] };
    return {
      key: "cannotOpen",
      params: { ...buttons, n },
      links: [["opening", "guide.link.opening"], ["fit_discard_ban", "guide.link.fit"]],
    };
  }
  if (hand.length === 1 && (legal.discard || []).length) {
    return { key: "lastCard", params: buttons, links: [["going-out", "guide.link.goingOut"]] };
  }
  return {
    key: "opened",
    params: buttons,
    links: [["discarding", "guide.link.discard"], ["going-out", "guide.link.goingOut"]],
  };
}

let shownStep = "";
/** The step the live region said last (each step said once, not on every patch). */
let saidStep = "";

/**
 * Draw the banner into box for view (hidden when the table is not guided), and ask for a
 * hint when a new step of the seat's own turn begins: a guided table plays with hints on.
 * askHint is called only when canHint() says a hint may be asked now.
 * @param {HTMLElement} box
 * @param {string} tableId
 * @param {View} view
 * @param {{askHint: () => void, canHint: () => boolean}} hints
 */
export function renderGuide(box, tableId, view, { askHint, canHint }) {
  const step = isGuided(tableId) ? guideStep(view) : null;
  box.hidden = !step;
  if (!step) {
    box.replaceChildren();
    return;
  }
  box.dataset.step = step.key;
  const head = document.createElement("div");
  head.className = "guide-head";
  const title = document.createElement("span");
  title.textContent = t("guide.title");
  const close = document.createElement("button");
  close.type = "button";
  close.textContent = t("guide.close");
  close.addEventListener("click", () => {
    stopGuide(tableId);
    box.hidden = true;
  });
  head.append(title, close);
  const text = document.createElement("p");
  text.className = "guide-text";
  text.textContent = t(`guide.${step.key}`, step.params);
  const links = document.createElement("div");
  links.className = "guide-links";
  for (const [anchor, label] of step.links) {
    const a = document.createElement("a");
    a.href = `/rules#${anchor}`;
    a.target = "_blank";
    a.rel = "noopener";
    a.textContent = t(label);
    links.append(a);
  }
  box.replaceChildren(head, text, links);
  const id = `${view.hand_number}:${view.turns_done}:${step.key}`;
  if (id === shownStep) return;
  if (step.key !== saidStep) announce(text.textContent ?? ""); // a new step, said once
  saidStep = step.key;
  if (!(view.my_turn && view.phase === "play")) {
    shownStep = id;
  } else if (canHint()) {
    shownStep = id;
    askHint();
  }
}
