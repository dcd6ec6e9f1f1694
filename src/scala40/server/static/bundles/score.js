// Made by scripts/build_pages.py from static/js/ (esbuild): edit those, not this.
import {
  SUITS,
  SUIT_SYMBOL
} from "./chunk-MMSY7H4E.js";
import {
  $,
  $input,
  $select,
  api,
  applyI18n,
  el,
  getLang,
  hasString,
  installable,
  languageSwitch,
  t,
  tn
} from "./chunk-RCI7G432.js";

// score.js
var SHEETS = "scala40:sheets";
var FOLLOW_MS = 1e4;
var MAX_LISTED = 100;
function keptSheets() {
  try {
    const kept = JSON.parse(localStorage.getItem(SHEETS) || "{}");
    return kept && typeof kept === "object" && !Array.isArray(kept) ? kept : {};
  } catch {
    return {};
  }
}
function tokenOf(id) {
  const token = keptSheets()[id];
  return typeof token === "string" ? token : null;
}
function keepSheet(id, token) {
  const kept = keptSheets();
  delete kept[id];
  kept[id] = token;
  localStorage.setItem(SHEETS, JSON.stringify(kept));
}
function dropSheet(id) {
  const kept = keptSheets();
  delete kept[id];
  localStorage.setItem(SHEETS, JSON.stringify(kept));
}
function errorText(err) {
  const { code, message, facts } = (
    /** @type {{code?: string, message?: string, facts?: {[name: string]: unknown} | null}} */
    err || {}
  );
  const key = `score.error.${code}`;
  if (code && hasString(key)) return t(key, facts || {});
  if (err instanceof TypeError) return t("score.error.network");
  return String(message || err);
}
function showError(err) {
  const box = $("error");
  box.textContent = err ? errorText(err) : "";
  box.hidden = !err;
  if (err) box.scrollIntoView({ block: "nearest" });
}
var undoButton = () => (
  /** @type {HTMLButtonElement} */
  $("undo")
);
function nameRow(value = "") {
  const input = el("input", { type: "text", value, maxlength: "40", required: true, class: "score-name" });
  input.addEventListener("input", refreshDealers);
  const remove = el("button", { type: "button", class: "score-remove", "aria-label": t("score.setup.remove") }, "\xD7");
  const row = el("li", {}, input, remove);
  remove.addEventListener("click", () => {
    if ($("names").children.length > 2) {
      row.remove();
      refreshDealers();
    }
  });
  return row;
}
function names() {
  return [...document.querySelectorAll("#names input")].map((i) => (
    /** @type {HTMLInputElement} */
    i.value.trim()
  ));
}
function refreshDealers() {
  const select = $select("dealer");
  const keep = select.value;
  select.replaceChildren(...names().map((n2, i) => el("option", { value: String(i) }, n2 || `${i + 1}`)));
  if (keep && Number(keep) < names().length) select.value = keep;
  document.querySelectorAll("#names input").forEach((input, i) => {
    input.setAttribute("aria-label", t("score.setup.name", { n: i + 1 }));
  });
  const n = names().length;
  $("partners-row").hidden = !(n === 4 || n === 6);
  if ($("partners-row").hidden) $input("partners").checked = false;
  $("team-row").hidden = !$input("partners").checked;
  refreshEnd();
}
function refreshEnd() {
  const end = $select("end").value;
  const limit = $input("limit");
  $("limit-row").hidden = end === "single";
  $("reentry-row").hidden = end !== "elimination" || $input("partners").checked;
  const labels = { elimination: "score.setup.limit", target: "score.limit.target", fixed: "score.limit.fixed" };
  const label = labels[end];
  if (label) $("limit-label").dataset.i18n = label;
  $("limit-label").textContent = t(label || "score.setup.limit");
  const defaults = { elimination: $input("partners").checked ? "201" : "101", target: "1000", fixed: "10" };
  if (defaults[end] && !limit.dataset.touched) limit.value = defaults[end];
}
function rulesFromForm() {
  const rules = {};
  const end = $select("end").value;
  const value = Number($input("limit").value);
  if (end === "elimination") {
    rules.elimination = value;
    const again = $input("partners").checked ? "no" : $select("reentry").value;
    if (again !== "no") {
      rules.reentry = true;
      rules.reentry_limit = again === "any" ? "any" : Number(again);
    } else {
      rules.reentry = false;
    }
  } else if (end === "target") rules.target_total = value;
  else if (end === "fixed") rules.fixed_hands = value;
  else rules.single_hand = true;
  rules.unopened_penalty = $select("unopened").value;
  rules.chiusura_in_mano_double = $input("chiusura-double").checked;
  if ($input("partners").checked) {
    rules.partnerships = true;
    rules.team_score = $select("team-score").value;
  }
  return rules;
}
function showSetup() {
  $("setup").hidden = false;
  $("history").hidden = false;
  $("game").hidden = true;
  const list = $("names");
  if (!list.children.length) for (let i = 0; i < 3; i++) list.append(nameRow());
  refreshDealers();
  refreshEnd();
  loadHistory();
}
async function loadHistory() {
  const ids = Object.keys(keptSheets()).slice(-MAX_LISTED);
  try {
    const data = ids.length ? await api(`/api/scoresheets?ids=${ids.map(encodeURIComponent).join(",")}`) : { sheets: [] };
    const list = $("saved");
    list.replaceChildren(
      ...data.sheets.map(
        (s) => el(
          "li",
          {},
          el("a", { href: `/score?id=${encodeURIComponent(s.id)}` }, s.players.join(", ")),
          el("span", { class: "score-note" }, ` \xB7 ${tn("score.history.hands", s.hands)} \xB7 ${s.winner ? t("score.result.wins", { name: s.winner }) : (s.updated || "").slice(0, 10)}`),
          " ",
          el("a", { href: `/api/scoresheets/${encodeURIComponent(s.id)}/csv`, download: true }, "CSV")
        )
      )
    );
    $("none").hidden = data.sheets.length > 0;
  } catch (err) {
    showError(err);
  }
}
var state = null;
var wentOut = void 0;
var following = null;
function sheetNow() {
  return (
    /** @type {SheetAnswer} */
    state
  );
}
function mine() {
  return Boolean(state && state.has_keeper && tokenOf(state.id));
}
function unitStatus(unit, standing) {
  const parts = [];
  if (unit.winner) parts.push(t("score.unit.winner"));
  else if (unit.eliminated) parts.push(t("score.unit.out"));
  else if (unit.distance !== null && standing.limit.value) {
    parts.push(tn("score.unit.to", unit.distance));
  }
  if (unit.reentered_at.length) parts.push(t("score.unit.reentered", { at: unit.reentered_at.join(", ") }));
  if (unit.reentries_left !== 0 && unit.reentries_left !== null && unit.reentries > 0) {
    parts.push(t("score.unit.reentriesLeft", { n: unit.reentries_left }));
  }
  return parts.join(" \xB7 ");
}
function drawUnits(standing) {
  const limit = standing.limit;
  $("units").replaceChildren(
    ...standing.units.map((u) => {
      const share2 = limit.value && (limit.kind === "elimination" || limit.kind === "target") ? Math.min(100, Math.round(100 * u.total / /** @type {number} */
      limit.value)) : 0;
      const card = el(
        "div",
        { class: "score-unit" + (u.eliminated ? " out" : "") + (u.winner ? " winner" : "") },
        el("div", { class: "score-unit-name" }, u.name),
        el("div", { class: "score-unit-total" }, String(u.total)),
        el("div", { class: "score-unit-status" }, unitStatus(u, standing))
      );
      if (share2) {
        const fill = el("span");
        fill.style.width = `${share2}%`;
        card.append(el("div", { class: "score-bar" }, fill));
      }
      return card;
    })
  );
  let result = "";
  if (standing.over) result = t("score.result.wins", { name: standing.units[standing.winner].name });
  else if (standing.next.playoff) {
    result = t("score.result.tie", { names: standing.next.playoff.map((u) => standing.units[u].name).join(", ") });
  } else if (standing.hands_left !== null) {
    result = tn("score.result.handsLeft", standing.hands_left, { of: standing.limit.value });
  }
  $("result").textContent = result;
}
function lineNotes(sheet, standing, line) {
  const unitName = (u) => standing.units[u]?.name ?? String(u);
  const parts = [];
  if (line.playoff && !(sheet.rules && sheet.rules.single_hand)) parts.push(t("score.note.playoff"));
  if (line.went_out === null || line.went_out === void 0) parts.push(t("score.note.stockOut"));
  else parts.push(t(line.chiusura ? "score.note.chiusura" : "score.note.wentOut", { name: sheet.players[line.went_out] }));
  if (line.doubled) parts.push(t("score.note.doubled"));
  for (const u of line.eliminated || []) parts.push(t("score.note.out", { name: unitName(u) }));
  for (const [u, total] of Object.entries(line.reentered || {})) parts.push(t("score.note.reenters", { name: unitName(Number(u)), n: total }));
  return parts.join("; ");
}
function drawLines(sheet, standing) {
  const head = el("tr", {}, el("th", {}, "#"), ...sheet.players.map((p) => el("th", {}, p)), el("th", {}, t("score.sheet.notes")));
  const rows = standing.lines.map(
    (line) => el(
      "tr",
      {},
      el("td", {}, String(line.number)),
      ...line.penalties.map((p, seat) => el("td", { class: seat === line.went_out ? "score-out" : "" }, p === null ? "\u2013" : String(p))),
      el("td", { class: "score-notes" }, lineNotes(sheet, standing, line))
    )
  );
  const totals = sheet.players.map((_, seat) => {
    const unit = standing.units.findIndex((u) => u.seats.includes(seat));
    return el("td", {}, String(standing.units[unit].total));
  });
  const foot = el("tr", { class: "score-total" }, el("th", {}, t("score.sheet.total")), ...totals, el("td", {}, ""));
  $("lines").replaceChildren(el("thead", {}, head), el("tbody", {}, ...rows), el("tfoot", {}, foot));
}
function typeSuit(box, symbol) {
  const at = box.selectionStart ?? box.value.length;
  const end = box.selectionEnd ?? at;
  box.value = box.value.slice(0, at) + symbol + box.value.slice(end);
  box.setSelectionRange(at + symbol.length, at + symbol.length);
  box.focus();
  box.dispatchEvent(new Event("input"));
}
function leftRow(seat, name, flags) {
  const points = el("input", { type: "number", inputmode: "numeric", min: "0", value: "", class: "score-points", "aria-label": `${name} ${t("score.hand.points")}` });
  const cards = el("input", { type: "text", class: "score-cards", placeholder: t("score.hand.cards"), "aria-label": `${name} ${t("score.hand.cards")}`, autocapitalize: "characters", spellcheck: "false" });
  const counted = el("output", { class: "score-counted" });
  const add = (n) => {
    points.value = String((Number(points.value) || 0) + n);
    cards.value = "";
    counted.textContent = "";
  };
  const quick = el(
    "div",
    { class: "score-quick" },
    ...[5, 10, 25].map((n) => el("button", { type: "button", onclick: () => add(n) }, `+${n}`)),
    el("button", { type: "button", onclick: () => {
      points.value = "0";
      cards.value = "";
    } }, "0")
  );
  let timer = void 0;
  cards.addEventListener("input", () => {
    clearTimeout(timer);
    const text = cards.value.trim();
    if (!text) {
      counted.textContent = "";
      return;
    }
    timer = setTimeout(async () => {
      try {
        const res = await api(`/api/scoresheets/${sheetNow().id}/count`, { method: "POST", body: { cards: text, lang: getLang() } });
        points.value = String(res.points);
        counted.textContent = res.cards ? `${res.cards} = ${res.points}` : `= ${res.points}`;
        counted.classList.remove("bad");
      } catch (err) {
        counted.textContent = errorText(err);
        counted.classList.add("bad");
      }
    }, 250);
  });
  const suits = el(
    "div",
    { class: "score-suits" },
    ...SUITS.map((s) => el("button", {
      type: "button",
      class: `score-suit suit-${s}`,
      "data-suit": s,
      "aria-label": `${name}: ${t(`say.suit.${s}`)}`,
      onclick: () => typeSuit(cards, SUIT_SYMBOL[s])
    }, SUIT_SYMBOL[s]))
  );
  const unopened = el("input", { type: "checkbox", class: "score-unopened" });
  const flat = el("span", { class: "score-note score-flat", hidden: true }, t("score.hand.flat"));
  const row = (
    /** @type {LeftRow} */
    el(
      "div",
      { class: "score-left", "data-seat": String(seat) },
      el("div", { class: "score-left-head" }, el("strong", {}, name), el("label", { class: "score-check" }, unopened, el("span", {}, t("score.hand.notOpened"))), flat),
      el("div", { class: "score-left-inputs" }, points, quick),
      el("div", { class: "score-left-cards" }, cards, suits, counted)
    )
  );
  const refreshFlat = () => {
    const isFlat = unopened.checked && wentOut !== null && wentOut !== void 0 && ($input("chiusura").checked || flags.flat_unopened);
    flat.hidden = !isFlat;
    row.classList.toggle("flat", isFlat);
  };
  unopened.addEventListener("change", refreshFlat);
  row.refreshFlat = refreshFlat;
  return row;
}
function drawHandForm() {
  const { sheet, standing } = sheetNow();
  const form = $("hand-form");
  form.hidden = standing.over || !mine();
  if (form.hidden) return;
  const next = standing.next;
  const key = next.playoff ? "score.hand.playoffTitle" : "score.hand.title";
  $("hand-title").textContent = t(key, { n: next.number, dealer: sheet.players[next.dealer] });
  const choices = next.seats.map(
    (seat) => el("button", { type: "button", role: "radio", "aria-checked": String(wentOut === seat), class: "score-choice", onclick: () => chooseOut(seat) }, sheet.players[seat])
  );
  choices.push(el("button", { type: "button", role: "radio", "aria-checked": String(wentOut === null), class: "score-choice", onclick: () => chooseOut(null) }, t("score.hand.nobody")));
  $("went-out").replaceChildren(...choices);
  $("playoff-note").hidden = next.counted;
  $("hand-flags").hidden = !next.counted || wentOut === null || wentOut === void 0;
  $("doubled-row").hidden = !standing.flags.double_out;
  const rows = next.counted ? next.seats.filter((s) => s !== wentOut).map((s) => leftRow(s, sheet.players[s], standing.flags)) : [];
  $("left-rows").replaceChildren(...rows);
  $("cards-help").hidden = !rows.length;
  undoButton().disabled = sheet.hands.length === 0;
}
function chooseOut(seat) {
  wentOut = seat;
  const keep = collectRows();
  drawHandForm();
  restoreRows(keep);
}
function leftRows() {
  return [.../** @type {NodeListOf<LeftRow>} */
  document.querySelectorAll(".score-left")].map((row) => ({
    row,
    seat: row.dataset.seat ?? "",
    points: (
      /** @type {HTMLInputElement} */
      row.querySelector(".score-points")
    ),
    cards: (
      /** @type {HTMLInputElement} */
      row.querySelector(".score-cards")
    ),
    unopened: (
      /** @type {HTMLInputElement} */
      row.querySelector(".score-unopened")
    )
  }));
}
function collectRows() {
  const out = {};
  for (const { seat, points, cards, unopened } of leftRows()) {
    out[seat] = { points: points.value, cards: cards.value, unopened: unopened.checked };
  }
  return out;
}
function restoreRows(saved) {
  for (const { row, seat, points, cards, unopened } of leftRows()) {
    const s = saved[seat];
    if (!s) continue;
    points.value = s.points;
    cards.value = s.cards;
    unopened.checked = s.unopened;
    row.refreshFlat();
  }
}
function drawDates() {
  const state2 = sheetNow();
  const day = (stamp) => new Date(stamp).toLocaleString(getLang(), { dateStyle: "medium", timeStyle: "short" });
  const line = $("sheet-date");
  line.hidden = !state2.created;
  if (!state2.created) return;
  line.textContent = state2.finished ? t("score.sheet.finished", { date: day(state2.created), end: day(state2.finished) }) : t("score.sheet.started", { date: day(state2.created) });
}
function drawGame() {
  const { id, sheet, standing } = sheetNow();
  $("setup").hidden = true;
  $("history").hidden = true;
  $("game").hidden = false;
  drawUnits(standing);
  drawDates();
  drawHandForm();
  drawLines(sheet, standing);
  drawKeeper();
  $("csv").href = `/api/scoresheets/${encodeURIComponent(id)}/csv`;
  undoButton().disabled = sheet.hands.length === 0;
}
function drawKeeper() {
  const keeper = mine();
  $("share-row").hidden = !keeper;
  $("delete-sheet").hidden = !keeper;
  $("follow").hidden = keeper;
  const note = $("follow-note");
  const { has_keeper } = sheetNow();
  const says = has_keeper ? "score.follow.shared" : "score.follow.legacy";
  note.dataset.i18n = says;
  note.textContent = t(says);
  $("copy-sheet").classList.toggle("primary", !has_keeper);
  if (keeper) stopFollowing();
  else startFollowing();
}
function shareUrl(id) {
  return `${location.origin}/score?view=${encodeURIComponent(id)}`;
}
async function share() {
  const url = shareUrl(sheetNow().id);
  const box = $input("share-url");
  box.value = url;
  box.style.width = "100%";
  $("share-box").hidden = false;
  let copied = false;
  try {
    await navigator.clipboard.writeText(url);
    copied = true;
  } catch {
    copied = false;
  }
  const note = $("share-note");
  const says = copied ? "score.share.copied" : "score.share.manual";
  note.dataset.i18n = says;
  note.textContent = t(says);
  if (!copied) {
    box.focus();
    box.select();
  }
}
function startFollowing() {
  if (following === null) following = setInterval(follow, FOLLOW_MS);
}
function stopFollowing() {
  clearInterval(following ?? void 0);
  following = null;
}
var followFailed = false;
async function follow() {
  if (document.hidden || !state) return;
  const id = state.id;
  try {
    const fresh = await api(`/api/scoresheets/${encodeURIComponent(id)}`);
    if (followFailed) showError(null);
    followFailed = false;
    const now = sheetNow();
    if (now.id !== id || mine()) return;
    if (JSON.stringify(fresh.sheet) !== JSON.stringify(now.sheet) || fresh.has_keeper !== now.has_keeper) {
      state = fresh;
      drawGame();
    }
  } catch (err) {
    followFailed = true;
    showError(err);
  }
}
async function keepCopy() {
  if (!window.confirm(t("score.follow.copyConfirm"))) return;
  showError(null);
  try {
    const made = await api("/api/scoresheets", { method: "POST", body: { sheet: sheetNow().sheet } });
    keepSheet(made.id, made.token);
    state = made;
    history.replaceState(null, "", `/score?id=${encodeURIComponent(made.id)}`);
    wentOut = void 0;
    drawGame();
  } catch (err) {
    showError(err);
  }
}
async function deleteSheet() {
  if (!window.confirm(t("score.sheet.deleteConfirm"))) return;
  showError(null);
  try {
    const { id } = sheetNow();
    await api(`/api/scoresheets/${encodeURIComponent(id)}`, { method: "DELETE", body: {}, token: tokenOf(id) });
    dropSheet(id);
    location.assign("/score");
  } catch (err) {
    showError(err);
  }
}
function handBody() {
  const { sheet, standing } = sheetNow();
  const body = { hands: sheet.hands.length, went_out: wentOut, left: {}, not_opened: [], lang: getLang() };
  body.chiusura = wentOut !== null && $input("chiusura").checked;
  body.doubled = wentOut !== null && standing.flags.double_out && $input("doubled").checked;
  for (const row of leftRows()) {
    const seat = row.seat;
    const cards = row.cards.value.trim();
    const points = row.points.value.trim();
    if (row.unopened.checked) body.not_opened.push(Number(seat));
    if (cards) body.left[seat] = cards;
    else if (points !== "") body.left[seat] = Number(points);
  }
  return body;
}
async function openSheet(id) {
  state = await api(`/api/scoresheets/${encodeURIComponent(id)}`);
  wentOut = void 0;
  drawGame();
}
async function claimSheet(id, token) {
  const answer = await api(`/api/scoresheets/${encodeURIComponent(id)}`, { token });
  if (answer.kept) {
    keepSheet(id, token);
    $("claim-note").hidden = false;
  } else {
    showError(t("score.error.bad_keeper_link"));
  }
}
function wire() {
  languageSwitch($("lang"), () => {
    if (state) drawGame();
    else {
      refreshDealers();
      refreshEnd();
      loadHistory();
    }
  });
  $("add-name").addEventListener("click", () => {
    if ($("names").children.length < 8) {
      $("names").append(nameRow());
      refreshDealers();
    }
  });
  $select("end").addEventListener("change", refreshEnd);
  $input("limit").addEventListener("input", () => {
    $input("limit").dataset.touched = "1";
  });
  $input("partners").addEventListener("change", refreshDealers);
  $select("preset").addEventListener("change", () => {
    if ($select("preset").value === "house") {
      $select("unopened").value = "flat100";
      $select("reentry").value = "1";
    } else {
      $select("unopened").value = "count";
      $select("reentry").value = "no";
    }
  });
  $("setup-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    showError(null);
    try {
      const body = { players: names(), preset: $select("preset").value, rules: rulesFromForm(), first_dealer: Number($select("dealer").value || 0) };
      const made = await api("/api/scoresheets", { method: "POST", body });
      state = made;
      keepSheet(made.id, made.token);
      history.replaceState(null, "", `/score?id=${encodeURIComponent(made.id)}`);
      wentOut = void 0;
      drawGame();
    } catch (err) {
      showError(err);
    }
  });
  $input("chiusura").addEventListener("change", () => leftRows().forEach(({ row }) => row.refreshFlat()));
  $("hand-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    showError(null);
    if (wentOut === void 0) {
      showError(t("score.hand.pickOut"));
      return;
    }
    try {
      const { id } = sheetNow();
      state = await api(`/api/scoresheets/${encodeURIComponent(id)}/hands`, { method: "POST", body: handBody(), token: tokenOf(id) });
      wentOut = void 0;
      $input("chiusura").checked = false;
      $input("doubled").checked = false;
      drawGame();
    } catch (err) {
      showError(err);
    }
  });
  undoButton().addEventListener("click", async () => {
    if (!window.confirm(t("score.hand.undoConfirm"))) return;
    showError(null);
    try {
      const { id, sheet } = sheetNow();
      state = await api(`/api/scoresheets/${encodeURIComponent(id)}/hands/last`, { method: "DELETE", body: { hands: sheet.hands.length }, token: tokenOf(id) });
      wentOut = void 0;
      drawGame();
    } catch (err) {
      showError(err);
    }
  });
  $("share").addEventListener("click", share);
  $("copy-sheet").addEventListener("click", keepCopy);
  $("delete-sheet").addEventListener("click", deleteSheet);
  $("print").addEventListener("click", () => window.print());
}
async function start() {
  applyI18n();
  wire();
  const params = new URLSearchParams(location.search);
  const id = params.get("id") || params.get("view");
  const claim = new URLSearchParams(location.hash.slice(1)).get("keeper");
  if (location.hash) history.replaceState(null, "", location.pathname + location.search);
  if (id) {
    try {
      if (claim) await claimSheet(id, claim);
      await openSheet(id);
      return;
    } catch (err) {
      showError(err);
    }
  }
  showSetup();
}
start();
installable();
