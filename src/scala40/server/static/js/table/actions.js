// @ts-check
// The action bar and the piles as buttons: only the moves this moment of the turn offers; a
// move offered but not possible yet stays greyed and, tapped, says why.

import { parseCard, sameCard } from "../cards.js";
import { $ } from "../dom.js";
import { t } from "../i18n.js";
import { barredWhy, legal, me, myTurn, why } from "./facts.js";
import { selectedEntries } from "./hand.js";
import { discardOrExplain, takePozzo } from "./intents.js";
import { explain, showMessage } from "./say.js";
import { S } from "./state.js";

/** What each greyed action button says when tapped (filled by renderButtons).
 * @type {Map<string, () => unknown>} */
export const offReasons = new Map();

/**
 * The action bar: only the moves this moment of the turn offers (nothing while another
 * player moves). A move offered but not possible yet stays greyed (aria-disabled, so a tap
 * still reaches it) and a tap says why: the engine's reason sent with the view, or what to
 * select first.
 */
export function renderButtons() {
  const v = S.view;
  if (!v) return;
  const L = legal();
  const turn = myTurn();
  const drawing = turn && v.phase === "draw";
  const play = turn && v.phase === "play";
  const sel = selectedEntries();
  const one = sel.length === 1 ? sel[0] : null;
  const opened = !!me()?.opened;
  const layoffs = L.layoff || [];
  const swaps = L.swap || [];
  // What to select first is guidance, not a refusal: it goes with the next selection.
  const selectCards = () => showMessage(() => t("table.selectCards"));
  const selectOne = () => showMessage(() => t("table.selectOne"));
  offReasons.clear();
  /**
   * @param {string} id
   * @param {boolean} shown
   * @param {boolean} enabled
   * @param {(() => unknown) | null} [reason]
   * @param {boolean} [highlight]
   */
  const set = (id, shown, enabled, reason = null, highlight = true) => {
    const b = /** @type {HTMLButtonElement} */ ($(id));
    b.hidden = !shown;
    b.disabled = shown && S.pending;
    const off = shown && !enabled;
    b.setAttribute("aria-disabled", String(off));
    b.classList.toggle("legal", shown && enabled && highlight && !S.pending);
    if (off && reason) offReasons.set(id, reason);
  };
  set("btn-draw", drawing, !!L.draw, () => explainIf(why().draw));
  set("btn-pozzo", drawing, !!L.pozzo, () => explainIf(why().pozzo));
  const opening = play && !opened && L.can_open !== false;
  set("btn-add", opening, sel.length >= 3, selectCards, false);
  set("btn-open", opening, S.staged.length > 0 || sel.length >= 3, selectCards);
  set("btn-meld", play && opened && L.can_meld !== false, sel.length >= 3 || S.staged.length > 0, selectCards);
  const fits = !!one && layoffs.some((x) => sameCard(x.card, one.card));
  set("btn-layoff", play && layoffs.length > 0, fits, one ? () => showMessage(() => t("table.whyNoLayoff")) : selectOne);
  const swapsOne = !!one && !parseCard(one.card).joker && swaps.some((x) => sameCard(x.card, one.card));
  set("btn-swap", play && opened && swaps.length > 0, swapsOne, one ? () => showMessage(() => t("table.whyNoSwap")) : selectOne);
  const barred = one ? barredWhy(one.card) : null;
  const discardable = !!one && (L.discard || []).some((d) => sameCard(d, one.card));
  set("btn-discard", play, discardable, barred ? () => explain(barred) : one ? null : selectOne);
  set("btn-takeback", turn && !!L.takeback, true, null, false);
  set("btn-hint", turn, true, null, false);
}

/** Say the engine's reason, if it gave one.
 * @param {import("../types.js").Reason | undefined} reason */
function explainIf(reason) {
  if (reason) explain(reason);
}

/** A card selected alone that may not be discarded says why at once; the words go when
 * the selection changes. */
export function explainSelection() {
  const sel = selectedEntries();
  const reason = sel.length === 1 && myTurn() && S.view?.phase === "play" ? barredWhy(sel[0].card) : null;
  if (reason) explain(reason);
  else if (S.refused?.why) showMessage("");
}

/** A tap on the pozzo: take it at the draw (or say why not); later, discard the selected
 * card (or say why it may not go). */
export function pozzoTapped() {
  if (!myTurn() || S.pending) return;
  if (S.view?.phase === "draw") {
    const barred = why().pozzo;
    if (legal().pozzo) takePozzo();
    else if (barred) explain(barred);
    return;
  }
  const sel = selectedEntries();
  if (sel.length !== 1) showMessage(() => t("table.selectOne"));
  else discardOrExplain(sel[0]);
}
