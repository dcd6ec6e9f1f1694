// @ts-check
// Rematch: once the match is over each player may ask to play again with the same seats
// and rules; when every human seat has asked, the server makes the new table and sends each
// connected seat its new token (docs/protocol.md). The token is kept the way the lobby keeps
// one (api.js saveSeatToken) and the page moves to the new table. A page that missed its
// token opens the new seat with its old one, once (POST /api/tables/{id}/rematch).

import { announce } from "./announce.js";
import { api, saveSeatToken, seatToken } from "./api.js";
import { apiErrorText, seatName, t } from "./i18n.js";

/** @typedef {import("./types.js").RematchInfo} RematchInfo */

/** @type {{info: RematchInfo | null, going: boolean, error: "" | (() => string)}} */
const R = {
  info: null, // {asked: [seats], table_id} from the last state of a finished table
  going: false, // the page is on its way to the rematch
  error: "", // () => words of the last failure, re-worded on a language switch
};

/** The rematch part of a `state` message (absent while the match is being played).
 * @param {RematchInfo | null | undefined} info */
export function onRematchInfo(info) {
  R.info = info || null;
}

/** The server's `rematch` message: this seat's new token, for this page alone.
 * @param {{table_id: string, token: string}} msg */
export function onRematchToken(msg) {
  saveSeatToken(msg.table_id, msg.token);
  go(msg.table_id);
}

/** @param {string} newId */
function go(newId) {
  if (R.going) return;
  R.going = true;
  location.assign(`/t/${encodeURIComponent(newId)}`);
}

/** Open the rematch seat with this browser's old token, once; true when it is ours.
 * @param {string} oldId
 * @param {string} newId
 * @returns {Promise<boolean>} */
async function claim(oldId, newId) {
  if (seatToken(newId)) return true;
  const old = seatToken(oldId);
  if (!old) return false;
  /** @type {{table_id: string, seat: number, token: string}} */
  const res = await api(`/api/tables/${encodeURIComponent(oldId)}/rematch`, { method: "POST", body: { token: old } });
  saveSeatToken(res.table_id, res.token);
  return true;
}

/**
 * Draw the rematch panel of a finished table: the button (until this seat has asked), who
 * has asked and who is still awaited. Once the rematch exists, go there (opening the seat
 * with the old token when the new one never arrived).
 * @param {HTMLElement} box
 * @param {import("./types.js").View | null} view
 * @param {string} tableId
 * @param {(msg: {type: "rematch"}) => boolean} send
 */
export function renderRematch(box, view, tableId, send) {
  const info = view && view.status === "over" ? R.info : null;
  box.hidden = !info;
  if (!view || !info) return;
  const button = /** @type {HTMLButtonElement} */ (box.querySelector("#rematch-btn"));
  const status = /** @type {HTMLElement} */ (box.querySelector("#rematch-status"));
  const newId = info.table_id;
  if (newId) {
    button.hidden = true;
    status.textContent = R.error ? R.error() : t("rematch.going");
    if (!R.going && !R.error) {
      claim(tableId, newId)
        .then((ours) => {
          if (ours) go(newId);
        })
        .catch((err) => {
          const said = () => apiErrorText(err);
          R.error = said;
          status.textContent = said();
        });
    }
    return;
  }
  const asked = new Set(info.asked || []);
  const humans = view.players.filter((p) => p.kind === "human");
  /** @param {import("./types.js").ViewPlayer[]} list */
  const names = (list) => list.map((p) => (p.seat === view.seat ? t("rematch.you") : seatName(p))).join(", ");
  button.hidden = asked.has(view.seat);
  button.onclick = () => {
    if (send({ type: "rematch" })) button.disabled = true;
  };
  button.disabled = false;
  /** @type {string[]} */
  const lines = [];
  if (asked.size) lines.push(t("rematch.askedBy", { names: names(humans.filter((p) => asked.has(p.seat))) }));
  // Only those still here are waited for; a player who left keeps a seat at the rematch.
  const missing = humans.filter((p) => !asked.has(p.seat) && p.connected !== false);
  const gone = humans.filter((p) => !asked.has(p.seat) && p.connected === false);
  if (asked.size && missing.length) lines.push(t("rematch.waitingFor", { names: names(missing) }));
  if (gone.length) lines.push(t("rematch.kept", { names: names(gone) }));
  const said = lines.join(" · ");
  // Who asked for a rematch is said once as it changes (the panel is drawn on every patch).
  if (said !== status.textContent) announce(said);
  status.textContent = said;
}

/**
 * A table the server has let go (finished a while ago, or before a restart): when it led
 * to a rematch, a link to it, opening this browser's seat there with the old token if the
 * page never got the new one.
 * @param {string} tableId
 * @param {HTMLElement} box
 */
export async function offerRematch(tableId, box) {
  /** @type {string} */
  let newId;
  try {
    newId = (await api(`/api/tables/${encodeURIComponent(tableId)}/rematch`)).table_id;
  } catch {
    return; // no rematch: nothing to offer
  }
  const p = document.createElement("p");
  p.className = "rematch-link";
  try {
    if (!(await claim(tableId, newId))) return;
    const a = document.createElement("a");
    a.href = `/t/${encodeURIComponent(newId)}`;
    a.id = "rematch-link";
    a.dataset.i18n = "rematch.link";
    a.textContent = t("rematch.link");
    p.append(a);
  } catch (err) {
    p.textContent = apiErrorText(err);
  }
  box.prepend(p);
}
