// @ts-check
// A table no longer in play (finished, or unknown): what is left of it — its result, the
// moves made for me since I last saw it, the record, the replay and a rematch.

import { api } from "../api.js";
import { renderAway, retiredReport } from "../away.js";
import { $ } from "../dom.js";
import { seatName, t } from "../i18n.js";
import { offerRematch } from "../rematch.js";
import { showMessage } from "./say.js";
import { S, tableId } from "./state.js";
import { eventLine } from "./wording.js";

/** The table is not in play (finished, or unknown): say so and link what is left of it. */
export async function showGone() {
  let over = false;
  try {
    /** @type {{status: string}} */
    const info = await api(`/api/tables/${encodeURIComponent(tableId)}`);
    over = info.status === "over";
  } catch {
    over = false;
  }
  if (S.view) {
    // The last state stays on screen; the links under the log lead on.
    showMessage(over ? "" : () => t("table.gone"), !over);
    return;
  }
  $("game").hidden = true;
  $("ended").hidden = false;
  $("ended-title").textContent = over ? t("table.matchOver") : t("table.gone");
  if (over) {
    retiredReport(tableId)
      .then((report) => {
        S.retired = report;
        showRetired();
      })
      .catch(() => {}); // the links below still lead to the replay
  }
  const links = $("ended-links");
  links.replaceChildren();
  for (const [href, key] of over ? matchLinks() : matchLinks().slice(-1)) {
    const a = document.createElement("a");
    a.href = href;
    a.textContent = t(key);
    links.append(a, document.createElement("br"));
  }
  if (over) offerRematch(tableId, links);
}

/** A retired table's result, and the moves made for me since I last saw it. */
export function showRetired() {
  if (!S.retired) return;
  const { moves, result, players } = S.retired;
  /** @param {number} seat */
  const nameOf = (seat) => seatName(players.find((p) => p.seat === seat) || { name: `#${seat}` });
  $("ended-title").textContent = t("table.matchOver");
  renderAway($("ended-away"), moves, result, (ev) => eventLine(ev, nameOf), undefined);
  if (result) $("ended-title").hidden = true; // the report's own heading names the winner
}

/** The links a finished match leaves: its record, its replay, the lobby (key: its words).
 * @returns {[string, string][]} */
export function matchLinks() {
  const id = encodeURIComponent(tableId);
  return [
    [`/api/tables/${id}/record`, "table.recordLink"],
    [`/replay/${id}`, "table.replayLink"],
    ["/", "table.lobbyLink"],
  ];
}
