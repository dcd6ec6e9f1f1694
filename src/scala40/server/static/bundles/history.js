// Made by scripts/build_pages.py from static/js/ (esbuild): edit those, not this.
import {
  locale
} from "./chunk-PMAJHZDT.js";
import {
  $,
  api,
  apiErrorText,
  applyI18n,
  installable,
  languageSwitch,
  recordSeatName,
  t
} from "./chunk-RCI7G432.js";

// history.js
var matches = [];
function when(value) {
  if (value === null || value === void 0) return "";
  const ms = typeof value === "number" ? value > 1e12 ? value : value * 1e3 : Date.parse(value);
  if (Number.isNaN(ms)) return String(value);
  return new Date(ms).toLocaleString(locale());
}
function playerName(m, seat) {
  return recordSeatName(m.players, m.seat_kinds, seat);
}
function playerNames(m) {
  return (m.players || []).map((_, seat) => playerName(m, seat)).join(", ");
}
function winnerName(m) {
  const w = m.winner;
  if (w === null || w === void 0) return "\u2013";
  const seat = m.winner_seat;
  if (typeof w === "string" && typeof seat === "number" && Number.isInteger(seat) && (m.players || [])[seat] === w) return playerName(m, seat);
  if (typeof w === "string") return w;
  if (typeof w === "number") {
    return playerName(m, w);
  }
  return w.name || "";
}
function render() {
  const body = (
    /** @type {HTMLTableSectionElement} */
    document.querySelector("#matches tbody")
  );
  body.replaceChildren();
  $("none").hidden = matches.length > 0;
  for (const m of matches) {
    const tr = body.insertRow();
    tr.dataset.table = m.table_id;
    tr.insertCell().textContent = when(m.finished);
    tr.insertCell().textContent = playerNames(m);
    tr.insertCell().textContent = winnerName(m);
    const links = tr.insertCell();
    const replay = document.createElement("a");
    replay.href = `/replay/${encodeURIComponent(m.table_id)}`;
    replay.textContent = t("hist.replay");
    const record = document.createElement("a");
    record.href = `/api/tables/${encodeURIComponent(m.table_id)}/record`;
    record.textContent = t("hist.record");
    record.setAttribute("download", `scala40-${m.table_id}.json`);
    links.append(replay, document.createTextNode(" \xB7 "), record);
  }
}
async function start() {
  applyI18n();
  languageSwitch($("lang"), render);
  try {
    const data = await api("/api/history");
    matches = data.matches || [];
  } catch (err) {
    $("error").textContent = t("err.generic", { message: apiErrorText(err) });
  }
  render();
}
start();
installable();
