// @ts-check
// Where a refusal's "why?" points: the rules page section (/rules#anchor) the server maps
// each refusal code to (rule_book.REFUSAL_ANCHORS, in GET /api/rulebook). The map is asked
// for once, the first time a refusal is shown.

import { api } from "./api.js";
import { t } from "./i18n.js";

/** @typedef {{[code: string]: string}} Anchors refusal code -> rules page anchor */

/** @type {Promise<Anchors> | null} */
let anchors = null;

/** @returns {Promise<Anchors>} */
function refusalAnchors() {
  if (!anchors) {
    anchors = api("/api/rulebook")
      .then((book) => book.refusals || {})
      .catch(() => {
        anchors = null; // asked again next time
        return {};
      });
  }
  return anchors;
}

/** @type {string | null} */
let shownCode = null;

/** Show link as "why?" for code (hidden when the code concerns no rule); null hides it.
 * @param {HTMLAnchorElement} link
 * @param {string | null} code */
export async function showWhy(link, code) {
  shownCode = code;
  if (!code) {
    link.hidden = true;
    return;
  }
  const anchor = (await refusalAnchors())[code];
  if (shownCode !== code) return; // another message replaced this one meanwhile
  link.hidden = !anchor;
  if (!anchor) return;
  link.href = `/rules#${anchor}`;
  link.textContent = t("table.why");
  link.title = t("table.whyTitle");
}
