// @ts-check
// The cards on the board: the stock and the pozzo, the melds on the table, my hand (what
// the engine allows marked on each card) and the melds put aside for the opening.

import { cardBack, cardButton, cardElement, sameCard } from "../cards.js";
import { $ } from "../dom.js";
import { meldName } from "../cardnames.js";
import { t, tn } from "../i18n.js";
import { markLaid } from "../motion.js";
import { notMeldWords } from "./checks.js";
import { barredWhy, legal, me, meldOptions, myTurn, openingNeed, why } from "./facts.js";
import { selectedEntries, stagedIds } from "./hand.js";
import { render } from "./render.js";
import { S } from "./state.js";

/** The stock (face down, its count) and the pozzo (its top card, the five under it). */
export function renderPiles() {
  const v = S.view;
  if (!v) return;
  const stock = $("stock-slot");
  stock.replaceChildren();
  if (v.stock > 0) {
    const back = cardBack();
    const count = document.createElement("span");
    count.className = "count";
    count.textContent = String(v.stock);
    count.setAttribute("aria-hidden", "true");
    stock.append(back, count);
  } else {
    const empty = document.createElement("div");
    empty.className = "empty-slot";
    stock.append(empty);
  }
  stock.setAttribute("role", "img");
  stock.setAttribute("aria-label", t("say.stock", { n: v.stock }));
  $("stock").classList.toggle("drop-ok", !!legal().draw && myTurn());
  const hinted = S.hint?.action?.type;
  $("stock").classList.toggle("hinted", hinted === "draw");
  $("pozzo").classList.toggle("hinted", hinted === "pozzo" || hinted === "discard");
  const pozzo = v.pozzo || [];
  const top = $("pozzo-slot");
  top.replaceChildren();
  if (pozzo.length) top.append(cardElement(pozzo[pozzo.length - 1]));
  else {
    const empty = document.createElement("div");
    empty.className = "empty-slot";
    top.append(empty);
  }
  const under = $("pozzo-under");
  under.replaceChildren();
  for (const c of pozzo.slice(-6, -1).reverse()) under.append(cardElement(c, { small: true }));
  const one = selectedEntries();
  const discardable = v.phase === "play" && one.length === 1 && !barredWhy(one[0].card);
  $("pozzo").classList.toggle("drop-ok", myTurn() && (!!legal().pozzo || discardable));
  $("pozzo").classList.toggle("barred", myTurn() && v.phase === "draw" && !!why().pozzo);
}

/** The melds on the table; the ones the card selected may go on are marked. */
export function renderMelds() {
  const v = S.view;
  if (!v) return;
  const box = $("melds");
  box.replaceChildren();
  if (!v.table || !v.table.length) {
    const none = document.createElement("span");
    none.className = "muted";
    none.style.color = "#fff";
    none.textContent = t("table.noMelds");
    box.append(none);
    drawnMelds = new Set();
    return;
  }
  const sel = selectedEntries();
  const one = sel.length === 1 ? sel[0] : null;
  const layoffs = legal().layoff || [];
  const swaps = legal().swap || [];
  const hintTarget = S.hint?.action?.target;
  for (const m of v.table) {
    const el = document.createElement("div");
    el.className = "meld";
    el.dataset.id = String(m.id);
    // Heard by its name ("run of hearts from three to six"), its cards one by one after.
    el.setAttribute("role", "group");
    el.setAttribute("aria-label", meldName(m));
    const tag = document.createElement("span");
    tag.className = "tag";
    tag.setAttribute("aria-hidden", "true");
    tag.textContent = `${m.id + 1} · ${m.points}`;
    el.append(tag);
    for (const c of m.cards) el.append(cardElement(c, { small: false }));
    if (one) {
      /** @param {import("../types.js").CardOnMeld} x */
      const here = (x) => x.target === m.id && sameCard(x.card, one.card);
      if (layoffs.some(here) || swaps.some(here)) el.classList.add("target");
    }
    if (hintTarget === m.id) el.classList.add("hinted");
    markLaid(el, m.id);
    box.append(el);
  }
  showNewest(v.table.map((m) => m.id));
}

/** The melds drawn last time, by id: a meld not among them is new on the table. */
let drawnMelds = new Set();

/** The newest meld added since the last drawing is scrolled into the melds' own area
 * (the page itself never scrolls), so a player sees what was just laid.
 * @param {number[]} ids */
function showNewest(ids) {
  const added = ids.filter((id) => !drawnMelds.has(id));
  drawnMelds = new Set(ids);
  if (!added.length) return;
  const newest = Math.max(...added);
  // Once the whole table is drawn: the hand drawn after the melds may resize their area.
  requestAnimationFrame(() => {
    document.querySelector(`#melds .meld[data-id="${newest}"]`)?.scrollIntoView({ block: "nearest", inline: "nearest" });
  });
}

/** My hand in the player's order (the cards put aside left out), each card marked with
 * what the engine allows for it now. */
export function renderHand() {
  const v = S.view;
  if (!v) return;
  const box = $("hand");
  box.replaceChildren();
  const staged = stagedIds();
  const discards = myTurn() && v.phase === "play" ? legal().discard || [] : [];
  const layoffCards = (legal().layoff || []).map((x) => x.card);
  const shown = S.hand.filter((e) => !staged.has(e.id));
  // How many cards and group gaps share the row: the CSS overlaps the cards to fit them.
  box.style.setProperty("--n", String(shown.length));
  box.style.setProperty("--ends", String(S.sort === "group" ? shown.filter((e) => S.groupEnds.has(e.id)).length : 0));
  for (const e of shown) {
    const el = cardElement(e.card);
    el.dataset.id = String(e.id);
    cardButton(el, S.selected.has(e.id));
    if (S.selected.has(e.id)) el.classList.add("selected");
    if (S.sort === "group" && S.groupEnds.has(e.id)) el.classList.add("group-end");
    if (discards.some((d) => sameCard(d, e.card))) el.classList.add("legal-discard");
    else if (myTurn() && v.phase === "play" && barredWhy(e.card)) el.classList.add("barred");
    if (layoffCards.some((d) => sameCard(d, e.card))) el.classList.add("legal-layoff");
    if (S.hinted.has(e.id)) el.classList.add("hinted");
    if (S.fresh.has(e.id) && myTurn()) el.classList.add("drew");
    if (myTurn() && v.pozzo_card && !v.pozzo_used && sameCard(v.pozzo_card, e.card) && S.fresh.has(e.id)) {
      el.classList.add("from-pozzo");
    }
    box.append(el);
  }
}

/** The melds put aside for the opening (each can go back) and the points the opening
 * would make against the points it needs; or why the selection is no meld. */
export function renderStaging() {
  const box = $("staging");
  box.replaceChildren();
  S.staged.forEach((m, i) => {
    const el = document.createElement("div");
    el.className = "staged";
    for (const c of m.cards) el.append(cardElement(c, { small: true }));
    const pts = document.createElement("span");
    pts.className = "pts";
    pts.textContent = tn("table.meldPoints", m.points);
    const back = document.createElement("button");
    back.type = "button";
    back.textContent = "✕";
    back.title = t("table.remove");
    back.setAttribute("aria-label", t("table.remove"));
    back.addEventListener("click", () => {
      S.staged.splice(i, 1);
      render();
    });
    el.append(pts, back);
    box.append(el);
  });
  const opening = $("opening");
  const opened = me()?.opened;
  let points = S.staged.reduce((a, m) => a + m.points, 0);
  const sel = selectedEntries();
  let whyNot = "";
  if (sel.length >= 3) {
    const options = meldOptions(sel);
    if (options.length) points += options[0].points;
    else whyNot = notMeldWords(sel.map((e) => e.card));
  }
  const show = myTurn() && ((!opened && (S.staged.length > 0 || sel.length >= 3)) || !!whyNot);
  opening.hidden = !show;
  if (show && whyNot) {
    opening.className = "opening short";
    opening.textContent = whyNot;
  } else if (show) {
    const need = openingNeed() ?? 0;
    const ok = points >= need;
    opening.className = "opening " + (ok ? "ok" : "short");
    opening.textContent = `${tn("table.opening", need, { points, need })} — ${ok ? t("table.openingOk") : tn("table.openingShort", need - points)}`;
  }
}

