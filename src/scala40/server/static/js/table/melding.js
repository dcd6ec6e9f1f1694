// @ts-check
// Laying cards: the selection as a new meld (put aside for the opening, or melded), a card
// on a table meld (a lay-off or a joker swap), with a choice asked only when the engine
// lists several.

import { parseCard, prettyCard, sameCard } from "../cards.js";
import { meldName } from "../cardnames.js";
import { t } from "../i18n.js";
import { isSwap, layoffChoices } from "./choices.js";
import { notMeld } from "./checks.js";
import { choose } from "./dialogs.js";
import { legal, meldOptions } from "./facts.js";
import { selectedEntries } from "./hand.js";
import { sendAction, singleSelected } from "./intents.js";
import { render } from "./render.js";
import { showMessage, showRefusal } from "./say.js";
import { S } from "./state.js";

/** @typedef {import("../types.js").MeldOption} MeldOption */
/** @typedef {import("../arrange.js").HandEntry} HandEntry */
/** @typedef {import("./state.js").StagedMeld} StagedMeld */
/** @typedef {import("./state.js").Action} Action */
/** @typedef {import("./choices.js").LayoffChoice} LayoffChoice */

/** One of the engine's options for the selection: asked only when there are several.
 * @param {MeldOption[]} options
 * @returns {Promise<MeldOption | null>} */
async function chooseMeldOption(options) {
  if (options.length === 1) return options[0];
  const buttons = options.map((o) => {
    const jokers = o.cards.filter((c) => c.startsWith("JK="));
    const label = jokers.map((j) => t("table.jokerAs", { card: prettyCard(j.slice(3)) })).join(", ");
    return { label: `${label} (${o.points})`, value: o.cards, option: o };
  });
  const title = options.every((o) => o.kind === "set") ? t("table.chooseSuit") : t("table.chooseEnd");
  const cards = await choose(title, buttons);
  return cards ? buttons.find((b) => b.value === cards)?.option ?? null : null;
}

/** The selection as a meld the engine lists (its jokers' identities chosen), or null
 * (and the player told why).
 * @returns {Promise<StagedMeld | null>} */
async function planSelected() {
  const entries = selectedEntries();
  if (entries.length < 3) {
    showMessage(() => t("table.selectCards"), true);
    return null;
  }
  const options = meldOptions(entries);
  if (!options.length) {
    const why = notMeld(entries.map((e) => e.card));
    showRefusal(why.code, why.message, null, why.facts);
    return null;
  }
  const picked = await chooseMeldOption(options);
  if (!picked) return null;
  return { ids: entries.map((e) => e.id), cards: picked.cards, points: picked.points };
}

/** Put the selection aside for the opening. */
export async function addMeld() {
  const m = await planSelected();
  if (!m) return;
  S.staged.push(m);
  S.selected.clear();
  showMessage("");
  render();
}

/** Open with the melds put aside (and the selection, if it makes one). */
export async function openWithStaged() {
  if (S.selected.size >= 3) {
    const m = await planSelected();
    if (!m) return;
    S.staged.push(m);
    S.selected.clear();
  }
  if (!S.staged.length) {
    showMessage(() => t("table.selectCards"), true);
    render();
    return;
  }
  render();
  sendAction({ type: "open", melds: S.staged.map((m) => m.cards) });
}

/** Lay the selection (or the first meld put aside) as a new meld, once opened. */
export async function meld() {
  if (S.selected.size) {
    const m = await planSelected();
    if (!m) return;
    sendAction({ type: "meld", cards: m.cards });
    return;
  }
  if (S.staged.length) {
    sendAction({ type: "meld", cards: S.staged[0].cards });
    return;
  }
  showMessage(() => t("table.selectCards"), true);
}

/** A card dropped or played on table meld `target`: a joker swap or a lay-off.
 * @param {HandEntry} e
 * @param {number} target */
export async function playOnMeld(e, target) {
  const m = S.view?.table.find((x) => x.id === target);
  if (!m) return;
  const listed = (legal().layoff || []).filter((x) => x.target === target && sameCard(x.card, e.card));
  // A swap the engine lists, or (nothing listed) the swap the card's place on the meld
  // names ("JK=7D" for the 7♦): sent so the engine answers, with its reason if refused.
  if (isSwap(m, e.card, legal().swap || [], listed)) {
    sendAction({ type: "swap", card: e.card, target });
    return;
  }
  // The server lists the legal lay-offs, with the run end where it is a choice (its lo
  // and hi name what a joker stands for there); a joker on a set stands for a suit the
  // set does not show.
  const { ends, options } = layoffChoices(m, e.card, listed);
  /** @type {LayoffChoice | null} */
  let pick = options[0] || { end: null, declared: null };
  if (options.length > 1) {
    const isSet = m.kind === "set";
    pick = await choose(isSet ? t("table.chooseSuit") : t("table.chooseEnd"), options.map((o) => ({
      label: isSet
        ? t("table.jokerAs", { card: prettyCard(o.declared ?? "") })
        : `${o.end === "low" ? t("table.low") : t("table.high")}${o.as ? " — " + t("table.jokerAs", { card: prettyCard(o.as) }) : ""}`,
      value: o,
    })));
    if (!pick) return;
  }
  /** @type {Action} */
  const action = { type: "layoff", card: parseCard(e.card).joker ? "JK" : e.card, target };
  if (pick.end && (ends.length || options.length > 1)) action.end = pick.end;
  if (pick.declared) action.declared = pick.declared;
  sendAction(action);
}

/** Lay off the card selected: on its one meld, or the player picks the meld. */
export function layoffButton() {
  const e = singleSelected();
  if (!e) return;
  const targets = [...new Set((legal().layoff || []).filter((x) => sameCard(x.card, e.card)).map((x) => x.target))];
  if (targets.length === 1) playOnMeld(e, targets[0]);
  else if (targets.length > 1) {
    chooseMeld(targets).then((target) => {
      if (target !== null) playOnMeld(e, target);
    });
  }
  else showMessage(() => t("table.clickMeld"));
}

/** Which of the melds `targets` (the engine's listed targets for the card), asked by their
 * names: a keyboard or a screen reader picks one as a tap on the table would.
 * @param {number[]} targets
 * @returns {Promise<number | null>} */
function chooseMeld(targets) {
  const melds = (S.view?.table || []).filter((m) => targets.includes(m.id));
  return choose(t("say.chooseMeld"), melds.map((m) => ({ label: meldName(m), value: m.id })));
}

/** Swap the card selected for a joker: on its one meld, or the player picks the meld. */
export function swapButton() {
  const e = singleSelected();
  if (!e) return;
  const targets = [...new Set((legal().swap || []).filter((x) => sameCard(x.card, e.card)).map((x) => x.target))];
  if (targets.length === 1) sendAction({ type: "swap", card: e.card, target: targets[0] });
  else if (targets.length > 1) {
    chooseMeld(targets).then((target) => {
      if (target !== null) sendAction({ type: "swap", card: e.card, target });
    });
  }
  else showMessage(() => t("table.clickMeld"));
}
