// The score sheet of a game played with real cards (/score), phone first.
// Everything that is scored comes from the server (/api/scoresheets), which scores with
// the engine; this page only collects each hand and draws the standing it gets back.
//
// Who may change a sheet: the phone that started it. The server answers a new sheet with
// a secret keeper token, which only this browser keeps (localStorage[SHEETS], {id: token})
// and sends as "Authorization: Bearer" on every change. Anyone else with the sheet's id
// (the share link /score?view=ID) sees it read-only, refreshed every few seconds, and may
// keep a copy of their own.
//
// A sheet kept at the terminal (`scala40 score`, same data folder) comes with a keeper link
// /score?id=ID#keeper=TOKEN: the page asks the server whether that token keeps the sheet
// and, if so, keeps it like one it started. The token rides in the fragment, which the
// browser never sends, and is taken off the address at once.

const KEY = "scala40:lang";
const SHEETS = "scala40:sheets";
const FOLLOW_MS = 10000; // how often a read-only sheet asks the server for news
const MAX_LISTED = 100; // the server lists at most this many ids at once

const STRINGS = {
  en: {
    title: "Score sheet",
    "page.title": "Scala 40 — score sheet",
    "nav.lobby": "Lobby",
    "lang.switch": "Italiano",
    "setup.title": "New game",
    "setup.players": "Players, in seating order",
    "setup.add": "+ Player",
    "setup.remove": "Remove",
    "setup.name": "Name of player {n}",
    "setup.rules": "Rules",
    "setup.preset": "Start from",
    "preset.fisca": "FISCA",
    "preset.house": "House rules",
    "setup.end": "The game ends",
    "end.elimination": "by elimination",
    "end.target": "at a target total",
    "end.fixed": "after a number of hands",
    "end.single": "after one hand (single game)",
    "setup.limit": "Elimination at",
    "limit.target": "Target total",
    "limit.fixed": "Hands to play",
    "setup.reentry": "Re-entry",
    "reentry.no": "no",
    "reentry.once": "once",
    "reentry.twice": "twice",
    "reentry.three": "three times",
    "reentry.any": "any number of times",
    "setup.unopened": "Not opened pays",
    "unopened.count": "the cards",
    "unopened.flat100": "a flat 100",
    "unopened.double": "the cards, doubled",
    "setup.chiusuraDouble": "Chiusura in mano: who had opened pays double",
    "setup.partners": "Partnerships (partners sit alternately)",
    "setup.teamScore": "Team score",
    "team.sum": "sum of the partners",
    "team.worst": "the worst partner",
    "setup.dealer": "First dealer",
    "setup.start": "Start",
    "hand.title": "Hand {n} — {dealer} deals",
    "hand.playoffTitle": "Play-off hand {n} — {dealer} deals",
    "hand.wentOut": "Who went out?",
    "hand.nobody": "Nobody (stock ran out)",
    "hand.chiusura": "Chiusura in mano (all cards at once)",
    "hand.doubled": "Went out without discarding (others pay double)",
    "hand.points": "points",
    "hand.cards": "or cards: JK KH 4C",
    "hand.notOpened": "had not opened",
    "hand.flat": "pays a flat 100",
    "hand.enter": "Enter hand",
    "hand.undo": "Undo last hand",
    "hand.playoffNote": "Play-off hand: whoever goes out wins, nothing is counted.",
    "hand.pickOut": "Say who went out (or nobody).",
    "hand.undoConfirm": "Take the last hand off the sheet?",
    "unit.to": "{n} points left",
    "unit.to.one": "1 point left",
    "unit.out": "out",
    "unit.winner": "winner",
    "unit.reentered": "re-entered at {at}",
    "unit.reentriesLeft": "re-entries left: {n}",
    "result.wins": "{name} wins!",
    "result.tie": "Tie between {names}: single hands decide, first to go out wins.",
    "result.handsLeft": "{n} of {of} hands left",
    "result.handsLeft.one": "1 of {of} hands left",
    "sheet.title": "Hands",
    "sheet.hand": "Hand",
    "sheet.notes": "Notes",
    "note.playoff": "play-off",
    "note.stockOut": "stock ran out",
    "note.wentOut": "{name} went out",
    "note.chiusura": "{name} went out (chiusura in mano)",
    "note.doubled": "doubled",
    "note.out": "{name} is out",
    "note.reenters": "{name} re-enters at {n}",
    "error.no_such_sheet": "There is no such score sheet (it may have been deleted).",
    "error.sheet_has_no_keeper": "This sheet was saved before sheets had a keeper, so nobody can change it: keep a copy to go on scoring.",
    "error.sheet_token_needed": "Only the phone that started this sheet can change it.",
    "error.not_sheet_keeper": "Only the phone that started this sheet can change it.",
    "error.sheet_changed": "The sheet changed meanwhile: reload it.",
    "error.too_many_ids": "Too many saved games to list at once.",
    "error.broken_sheet": "This saved sheet cannot be read.",
    "error.network": "The server cannot be reached: check the connection and try again.",
    "sheet.total": "Total",
    "sheet.csv": "Download CSV",
    "sheet.print": "Print",
    "sheet.started": "Started {date}",
    "sheet.finished": "Started {date}, finished {end}",
    "claim.done": "This sheet is now kept in this browser too: hands entered here go on the same sheet.",
    "error.bad_keeper_link": "This keeper link does not belong to this sheet (or it was deleted): the sheet is shown read-only.",
    "sheet.new": "New game",
    "sheet.delete": "Delete game",
    "sheet.deleteConfirm": "Delete this game for good? The other players will not see it any more either.",
    "share.button": "Share with the players",
    "share.copied": "Link copied: send it to the other players to follow the score.",
    "share.manual": "Send this link to the other players to follow the score:",
    "follow.shared": "You are following this game: only the phone that started it enters the hands. The score updates by itself.",
    "follow.legacy": "This sheet was saved before sheets had a keeper, so nobody can change it any more. Keep a copy to go on scoring.",
    "follow.copy": "Keep a copy",
    "follow.copyConfirm": "Make a copy of this sheet on this phone? Hands entered on the copy are not seen on the original.",
    "history.title": "Saved games",
    "history.none": "No games started on this phone yet.",
    "history.hands": "{n} hands",
    "history.hands.one": "1 hand",
    "history.open": "Open",
  },
  it: {
    title: "Segnapunti",
    "page.title": "Scala 40 — segnapunti",
    "nav.lobby": "Sala",
    "lang.switch": "English",
    "setup.title": "Nuova partita",
    "setup.players": "Giocatori, nell'ordine in cui siedono",
    "setup.add": "+ Giocatore",
    "setup.remove": "Togli",
    "setup.name": "Nome del giocatore {n}",
    "setup.rules": "Regole",
    "setup.preset": "Si parte da",
    "preset.fisca": "FISCA",
    "preset.house": "Regole di casa",
    "setup.end": "La partita finisce",
    "end.elimination": "per eliminazione",
    "end.target": "a un totale prefissato",
    "end.fixed": "dopo un numero di mani",
    "end.single": "dopo una mano (partita secca)",
    "setup.limit": "Eliminazione a",
    "limit.target": "Totale da raggiungere",
    "limit.fixed": "Mani da giocare",
    "setup.reentry": "Rientro",
    "reentry.no": "no",
    "reentry.once": "una volta",
    "reentry.twice": "due volte",
    "reentry.three": "tre volte",
    "reentry.any": "senza limite",
    "setup.unopened": "Chi non ha aperto paga",
    "unopened.count": "le carte",
    "unopened.flat100": "100 fissi",
    "unopened.double": "le carte, doppie",
    "setup.chiusuraDouble": "Chiusura in mano: chi aveva aperto paga doppio",
    "setup.partners": "A coppie (i compagni siedono alternati)",
    "setup.teamScore": "Punteggio della coppia",
    "team.sum": "somma dei compagni",
    "team.worst": "il compagno peggiore",
    "setup.dealer": "Primo mazziere",
    "setup.start": "Inizia",
    "hand.title": "Mano {n} — distribuisce {dealer}",
    "hand.playoffTitle": "Spareggio, mano {n} — distribuisce {dealer}",
    "hand.wentOut": "Chi ha chiuso?",
    "hand.nobody": "Nessuno (finito il tallone)",
    "hand.chiusura": "Chiusura in mano (tutte le carte in una volta)",
    "hand.doubled": "Chiuso senza scartare (gli altri pagano doppio)",
    "hand.points": "punti",
    "hand.cards": "o carte: JK KH 4C",
    "hand.notOpened": "non aveva aperto",
    "hand.flat": "paga 100 fissi",
    "hand.enter": "Registra la mano",
    "hand.undo": "Annulla l'ultima mano",
    "hand.playoffNote": "Spareggio: vince chi chiude, non si contano punti.",
    "hand.pickOut": "Indica chi ha chiuso (o nessuno).",
    "hand.undoConfirm": "Togliere l'ultima mano dal foglio?",
    "unit.to": "mancano {n} punti",
    "unit.to.one": "manca 1 punto",
    "unit.out": "eliminato",
    "unit.winner": "vincitore",
    "unit.reentered": "rientrato a {at}",
    "unit.reentriesLeft": "rientri rimasti: {n}",
    "result.wins": "Vince {name}!",
    "result.tie": "Parità tra {names}: si gioca a chi chiude per primo.",
    "result.handsLeft": "mancano {n} mani su {of}",
    "result.handsLeft.one": "manca 1 mano su {of}",
    "sheet.title": "Mani",
    "sheet.hand": "Mano",
    "sheet.notes": "Note",
    "note.playoff": "spareggio",
    "note.stockOut": "tallone finito",
    "note.wentOut": "{name} ha chiuso",
    "note.chiusura": "{name} ha chiuso in mano",
    "note.doubled": "punti doppi",
    "note.out": "{name} eliminato",
    "note.reenters": "{name} rientra a {n}",
    "error.no_such_sheet": "Questo segnapunti non esiste (forse è stato eliminato).",
    "error.sheet_has_no_keeper": "Questo foglio è stato salvato prima che i fogli avessero un custode, quindi nessuno può modificarlo: tienine una copia per continuare a segnare.",
    "error.sheet_token_needed": "Solo il telefono che ha iniziato questo foglio può modificarlo.",
    "error.not_sheet_keeper": "Solo il telefono che ha iniziato questo foglio può modificarlo.",
    "error.sheet_changed": "Il foglio è cambiato nel frattempo: ricaricalo.",
    "error.too_many_ids": "Troppe partite salvate da elencare insieme.",
    "error.broken_sheet": "Questo foglio salvato non si riesce a leggere.",
    "error.network": "Il server non risponde: controlla la connessione e riprova.",
    "sheet.total": "Totale",
    "sheet.csv": "Scarica CSV",
    "sheet.print": "Stampa",
    "sheet.started": "Iniziata il {date}",
    "sheet.finished": "Iniziata il {date}, finita il {end}",
    "claim.done": "Ora questo foglio è tenuto anche in questo browser: le mani registrate qui vanno sullo stesso foglio.",
    "error.bad_keeper_link": "Questo link del custode non è di questo foglio (o il foglio è stato eliminato): il foglio si vede in sola lettura.",
    "sheet.new": "Nuova partita",
    "sheet.delete": "Elimina la partita",
    "sheet.deleteConfirm": "Eliminare per sempre questa partita? Non la vedranno più nemmeno gli altri giocatori.",
    "share.button": "Condividi con i giocatori",
    "share.copied": "Link copiato: mandalo agli altri giocatori per seguire il punteggio.",
    "share.manual": "Manda questo link agli altri giocatori per seguire il punteggio:",
    "follow.shared": "Stai seguendo questa partita: le mani le registra solo il telefono che l'ha iniziata. Il punteggio si aggiorna da solo.",
    "follow.legacy": "Questo foglio è stato salvato prima che i fogli avessero un custode, quindi nessuno può più modificarlo. Tienine una copia per continuare a segnare.",
    "follow.copy": "Tieni una copia",
    "follow.copyConfirm": "Fare una copia di questo foglio su questo telefono? Le mani registrate sulla copia non si vedono sull'originale.",
    "history.title": "Partite salvate",
    "history.none": "Nessuna partita iniziata su questo telefono.",
    "history.hands": "{n} mani",
    "history.hands.one": "1 mano",
    "history.open": "Apri",
  },
};

function lang() {
  const saved = localStorage.getItem(KEY);
  if (saved === "en" || saved === "it") return saved;
  return (navigator.language || "en").toLowerCase().startsWith("it") ? "it" : "en";
}

function t(key, params = {}) {
  let text = STRINGS[lang()][key] ?? STRINGS.en[key] ?? key;
  for (const [name, value] of Object.entries(params)) text = text.split(`{${name}}`).join(String(value));
  return text;
}

/** A counted string: key + ".one" for 1 (when the language has one), key otherwise. */
function tn(key, n, params = {}) {
  const one = `${key}.one`;
  return t(Number(n) === 1 && STRINGS[lang()][one] !== undefined ? one : key, { n, ...params });
}

function translate() {
  document.documentElement.lang = lang();
  for (const el of document.querySelectorAll("[data-s]")) el.textContent = t(el.dataset.s);
  $("#lang").textContent = t("lang.switch");
}

const $ = (sel) => document.querySelector(sel);

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== false && v !== null && v !== undefined) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) node.append(c);
  return node;
}

// Sheets this browser keeps: {id: token}, oldest first. The token is the only proof that
// this phone started the sheet; it is never shown and never leaves but to change the sheet.
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
  delete kept[id]; // re-added last: past MAX_LISTED, the oldest drop off the list first
  kept[id] = token;
  localStorage.setItem(SHEETS, JSON.stringify(kept));
}

function dropSheet(id) {
  const kept = keptSheets();
  delete kept[id];
  localStorage.setItem(SHEETS, JSON.stringify(kept));
}

// Every request but a GET sends a JSON body ({} when there is nothing to say), so the
// server can refuse anything else; `token` is the keeper token of the sheet it changes.
async function api(path, { method = "GET", body, token } = {}) {
  const init = { method, headers: { Accept: "application/json" } };
  if (method !== "GET") {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body === undefined ? {} : body);
  }
  if (token) init.headers.Authorization = `Bearer ${token}`;
  const res = await fetch(path, init);
  const text = await res.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    const err = new Error((data && data.error && data.error.message) || res.statusText);
    err.code = data && data.error ? data.error.code : undefined;
    throw err;
  }
  return data;
}

/** An error in the page's language when its code has a fixed meaning; otherwise the
 * server's sentence, which names the cards or the hand at fault. */
function errorText(err) {
  const key = `error.${err && err.code}`;
  if (err && err.code && STRINGS[lang()][key] !== undefined) return t(key);
  if (err instanceof TypeError) return t("error.network");
  return String((err && err.message) || err);
}

function showError(err) {
  const box = $("#error");
  box.textContent = err ? errorText(err) : "";
  box.hidden = !err;
  if (err) box.scrollIntoView({ block: "nearest" });
}

// A new game -----------------------------------------------------------------------------

function nameRow(value = "") {
  const input = el("input", { type: "text", value, maxlength: "40", required: true, class: "score-name" });
  input.addEventListener("input", refreshDealers);
  const remove = el("button", { type: "button", class: "score-remove", "aria-label": t("setup.remove") }, "×");
  const row = el("li", {}, input, remove);
  remove.addEventListener("click", () => {
    if ($("#names").children.length > 2) {
      row.remove();
      refreshDealers();
    }
  });
  return row;
}

function names() {
  return [...document.querySelectorAll("#names input")].map((i) => i.value.trim());
}

function refreshDealers() {
  const select = $("#dealer");
  const keep = select.value;
  select.replaceChildren(...names().map((n, i) => el("option", { value: String(i) }, n || `${i + 1}`)));
  if (keep && Number(keep) < names().length) select.value = keep;
  document.querySelectorAll("#names input").forEach((input, i) => {
    input.setAttribute("aria-label", t("setup.name", { n: i + 1 }));
  });
  const n = names().length;
  $("#partners-row").hidden = !(n === 4 || n === 6);
  if ($("#partners-row").hidden) $("#partners").checked = false;
  $("#team-row").hidden = !$("#partners").checked;
  refreshEnd();
}

function refreshEnd() {
  const end = $("#end").value;
  const limit = $("#limit");
  $("#limit-row").hidden = end === "single";
  // Teams never re-enter (the engine's rule), so re-entry is asked of players alone.
  $("#reentry-row").hidden = end !== "elimination" || $("#partners").checked;
  const label = { elimination: "setup.limit", target: "limit.target", fixed: "limit.fixed" }[end];
  if (label) $("#limit-label").dataset.s = label;
  $("#limit-label").textContent = t(label || "setup.limit");
  const defaults = { elimination: $("#partners").checked ? "201" : "101", target: "1000", fixed: "10" };
  if (defaults[end] && !limit.dataset.touched) limit.value = defaults[end];
}

function rulesFromForm() {
  const rules = {};
  const end = $("#end").value;
  const value = Number($("#limit").value);
  if (end === "elimination") {
    rules.elimination = value;
    const again = $("#partners").checked ? "no" : $("#reentry").value;
    if (again !== "no") {
      rules.reentry = true;
      rules.reentry_limit = again === "any" ? "any" : Number(again);
    } else {
      rules.reentry = false;
    }
  } else if (end === "target") rules.target_total = value;
  else if (end === "fixed") rules.fixed_hands = value;
  else rules.single_hand = true;
  rules.unopened_penalty = $("#unopened").value;
  rules.chiusura_in_mano_double = $("#chiusura-double").checked;
  if ($("#partners").checked) {
    rules.partnerships = true;
    rules.team_score = $("#team-score").value;
  }
  return rules;
}

function showSetup() {
  $("#setup").hidden = false;
  $("#history").hidden = false;
  $("#game").hidden = true;
  const list = $("#names");
  if (!list.children.length) for (let i = 0; i < 3; i++) list.append(nameRow());
  refreshDealers();
  refreshEnd();
  loadHistory();
}

async function loadHistory() {
  const ids = Object.keys(keptSheets()).slice(-MAX_LISTED);
  try {
    const data = ids.length
      ? await api(`/api/scoresheets?ids=${ids.map(encodeURIComponent).join(",")}`)
      : { sheets: [] };
    const list = $("#saved");
    list.replaceChildren(
      ...data.sheets.map((s) =>
        el(
          "li",
          {},
          el("a", { href: `/score?id=${encodeURIComponent(s.id)}` }, s.players.join(", ")),
          el("span", { class: "score-note" }, ` · ${tn("history.hands", s.hands)} · ${s.winner ? t("result.wins", { name: s.winner }) : (s.updated || "").slice(0, 10)}`),
          " ",
          el("a", { href: `/api/scoresheets/${encodeURIComponent(s.id)}/csv`, download: true }, "CSV"),
        ),
      ),
    );
    $("#none").hidden = data.sheets.length > 0;
  } catch (err) {
    showError(err);
  }
}

// A game --------------------------------------------------------------------------------

let state = null; // the last answer of the server: {id, has_keeper, sheet, standing}
let wentOut = undefined; // seat, null for nobody, undefined until chosen
let following = null; // the refresh timer of a read-only sheet

// Whether this phone may change the open sheet: it holds the sheet's keeper token.
function mine() {
  return Boolean(state && state.has_keeper && tokenOf(state.id));
}

function unitStatus(unit, standing) {
  const parts = [];
  if (unit.winner) parts.push(t("unit.winner"));
  else if (unit.eliminated) parts.push(t("unit.out"));
  else if (unit.distance !== null && standing.limit.value) {
    parts.push(tn("unit.to", unit.distance));
  }
  if (unit.reentered_at.length) parts.push(t("unit.reentered", { at: unit.reentered_at.join(", ") }));
  if (unit.reentries_left !== 0 && unit.reentries_left !== null && unit.reentries > 0) {
    parts.push(t("unit.reentriesLeft", { n: unit.reentries_left }));
  }
  return parts.join(" · ");
}

function drawUnits(standing) {
  const limit = standing.limit;
  $("#units").replaceChildren(
    ...standing.units.map((u) => {
      const share = limit.value && (limit.kind === "elimination" || limit.kind === "target")
        ? Math.min(100, Math.round((100 * u.total) / limit.value)) : 0;
      const card = el(
        "div",
        { class: "score-unit" + (u.eliminated ? " out" : "") + (u.winner ? " winner" : "") },
        el("div", { class: "score-unit-name" }, u.name),
        el("div", { class: "score-unit-total" }, String(u.total)),
        el("div", { class: "score-unit-status" }, unitStatus(u, standing)),
      );
      if (share) {
        const fill = el("span");
        fill.style.width = `${share}%`; // a CSSOM property, allowed where style="" is not
        card.append(el("div", { class: "score-bar" }, fill));
      }
      return card;
    }),
  );
  let result = "";
  if (standing.over) result = t("result.wins", { name: standing.units[standing.winner].name });
  else if (standing.next.playoff) {
    result = t("result.tie", { names: standing.next.playoff.map((u) => standing.units[u].name).join(", ") });
  } else if (standing.hands_left !== null) {
    result = tn("result.handsLeft", standing.hands_left, { of: standing.limit.value });
  }
  $("#result").textContent = result;
}

/** What happened in a hand besides the penalties, in the page's language (the server's
 * "notes" are English; the line's own fields say the same). */
function lineNotes(sheet, standing, line) {
  const unitName = (u) => standing.units[u]?.name ?? String(u);
  const parts = [];
  if (line.playoff && !(sheet.rules && sheet.rules.single_hand)) parts.push(t("note.playoff"));
  if (line.went_out === null || line.went_out === undefined) parts.push(t("note.stockOut"));
  else parts.push(t(line.chiusura ? "note.chiusura" : "note.wentOut", { name: sheet.players[line.went_out] }));
  if (line.doubled) parts.push(t("note.doubled"));
  for (const u of line.eliminated || []) parts.push(t("note.out", { name: unitName(u) }));
  for (const [u, total] of Object.entries(line.reentered || {})) parts.push(t("note.reenters", { name: unitName(Number(u)), n: total }));
  return parts.join("; ");
}

function drawLines(sheet, standing) {
  const head = el("tr", {}, el("th", {}, "#"), ...sheet.players.map((p) => el("th", {}, p)), el("th", {}, t("sheet.notes")));
  const rows = standing.lines.map((line) =>
    el(
      "tr",
      {},
      el("td", {}, String(line.number)),
      ...line.penalties.map((p, seat) => el("td", { class: seat === line.went_out ? "score-out" : "" }, p === null ? "–" : String(p))),
      el("td", { class: "score-notes" }, lineNotes(sheet, standing, line)),
    ),
  );
  const totals = sheet.players.map((_, seat) => {
    const unit = standing.units.findIndex((u) => u.seats.includes(seat));
    return el("td", {}, String(standing.units[unit].total));
  });
  const foot = el("tr", { class: "score-total" }, el("th", {}, t("sheet.total")), ...totals, el("td", {}, ""));
  $("#lines").replaceChildren(el("thead", {}, head), el("tbody", {}, ...rows), el("tfoot", {}, foot));
}

function leftRow(seat, name, flags) {
  const points = el("input", { type: "number", inputmode: "numeric", min: "0", value: "", class: "score-points", "aria-label": `${name} ${t("hand.points")}` });
  const cards = el("input", { type: "text", class: "score-cards", placeholder: t("hand.cards"), "aria-label": `${name} ${t("hand.cards")}`, autocapitalize: "characters", spellcheck: "false" });
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
    el("button", { type: "button", onclick: () => { points.value = "0"; cards.value = ""; } }, "0"),
  );
  let timer = null;
  cards.addEventListener("input", () => {
    clearTimeout(timer);
    const text = cards.value.trim();
    if (!text) {
      counted.textContent = "";
      return;
    }
    timer = setTimeout(async () => {
      try {
        const res = await api(`/api/scoresheets/${state.id}/count`, { method: "POST", body: { cards: text } });
        points.value = String(res.points);
        counted.textContent = res.cards ? `${res.cards} = ${res.points}` : `= ${res.points}`;
        counted.classList.remove("bad");
      } catch (err) {
        counted.textContent = err.message;
        counted.classList.add("bad");
      }
    }, 250);
  });
  const unopened = el("input", { type: "checkbox", class: "score-unopened" });
  const flat = el("span", { class: "score-note score-flat", hidden: true }, t("hand.flat"));
  const row = el(
    "div",
    { class: "score-left", "data-seat": String(seat) },
    el("div", { class: "score-left-head" }, el("strong", {}, name), el("label", { class: "score-check" }, unopened, el("span", {}, t("hand.notOpened"))), flat),
    el("div", { class: "score-left-inputs" }, points, quick),
    el("div", { class: "score-left-cards" }, cards, counted),
  );
  const refreshFlat = () => {
    const isFlat = unopened.checked && wentOut !== null && wentOut !== undefined && ($("#chiusura").checked || flags.flat_unopened);
    flat.hidden = !isFlat;
    row.classList.toggle("flat", isFlat);
  };
  unopened.addEventListener("change", refreshFlat);
  row.refreshFlat = refreshFlat;
  return row;
}

function drawHandForm() {
  const { sheet, standing } = state;
  const form = $("#hand-form");
  form.hidden = standing.over || !mine();
  if (form.hidden) return;
  const next = standing.next;
  const key = next.playoff ? "hand.playoffTitle" : "hand.title";
  $("#hand-title").textContent = t(key, { n: next.number, dealer: sheet.players[next.dealer] });
  const choices = next.seats.map((seat) =>
    el("button", { type: "button", role: "radio", "aria-checked": String(wentOut === seat), class: "score-choice", onclick: () => chooseOut(seat) }, sheet.players[seat]),
  );
  choices.push(el("button", { type: "button", role: "radio", "aria-checked": String(wentOut === null), class: "score-choice", onclick: () => chooseOut(null) }, t("hand.nobody")));
  $("#went-out").replaceChildren(...choices);
  $("#playoff-note").hidden = next.counted;
  $("#hand-flags").hidden = !next.counted || wentOut === null || wentOut === undefined;
  $("#doubled-row").hidden = !standing.flags.double_out;
  const rows = next.counted ? next.seats.filter((s) => s !== wentOut).map((s) => leftRow(s, sheet.players[s], standing.flags)) : [];
  $("#left-rows").replaceChildren(...rows);
  $("#undo").disabled = sheet.hands.length === 0;
}

function chooseOut(seat) {
  wentOut = seat;
  const keep = collectRows();
  drawHandForm();
  restoreRows(keep);
}

function collectRows() {
  const out = {};
  for (const row of document.querySelectorAll(".score-left")) {
    out[row.dataset.seat] = {
      points: row.querySelector(".score-points").value,
      cards: row.querySelector(".score-cards").value,
      unopened: row.querySelector(".score-unopened").checked,
    };
  }
  return out;
}

function restoreRows(saved) {
  for (const row of document.querySelectorAll(".score-left")) {
    const s = saved[row.dataset.seat];
    if (!s) continue;
    row.querySelector(".score-points").value = s.points;
    row.querySelector(".score-cards").value = s.cards;
    row.querySelector(".score-unopened").checked = s.unopened;
    row.refreshFlat();
  }
}

/** When the sheet was started (and finished), as the page's language writes dates. */
function drawDates() {
  const day = (stamp) => new Date(stamp).toLocaleString(lang(), { dateStyle: "medium", timeStyle: "short" });
  const line = $("#sheet-date");
  line.hidden = !state.created;
  if (!state.created) return;
  line.textContent = state.finished
    ? t("sheet.finished", { date: day(state.created), end: day(state.finished) })
    : t("sheet.started", { date: day(state.created) });
}

function drawGame() {
  const { id, sheet, standing } = state;
  $("#setup").hidden = true;
  $("#history").hidden = true;
  $("#game").hidden = false;
  drawUnits(standing);
  drawDates();
  drawHandForm();
  drawLines(sheet, standing);
  drawKeeper();
  $("#csv").href = `/api/scoresheets/${encodeURIComponent(id)}/csv`;
  $("#undo").disabled = sheet.hands.length === 0;
}

// The keeper gets Share and Delete; anyone else a note saying why the sheet is read-only
// and a way to keep a copy, while the score follows the keeper's phone.
function drawKeeper() {
  const keeper = mine();
  $("#share-row").hidden = !keeper;
  $("#delete-sheet").hidden = !keeper;
  $("#follow").hidden = keeper;
  const note = $("#follow-note");
  note.dataset.s = state.has_keeper ? "follow.shared" : "follow.legacy";
  note.textContent = t(note.dataset.s);
  // A copy is the way on for a sheet nobody keeps; beside a live shared one it is a side road.
  $("#copy-sheet").classList.toggle("primary", !state.has_keeper);
  if (keeper) stopFollowing();
  else startFollowing();
}

function shareUrl(id) {
  return `${location.origin}/score?view=${encodeURIComponent(id)}`;
}

// Copy the read-only link; where the clipboard is out of reach (plain http on a home
// network), the link is shown selected for the phone's own copy menu.
async function share() {
  const url = shareUrl(state.id);
  const box = $("#share-url");
  box.value = url;
  box.style.width = "100%"; // the whole link in view (a CSSOM property: fine under the CSP)
  $("#share-box").hidden = false;
  let copied = false;
  try {
    await navigator.clipboard.writeText(url);
    copied = true;
  } catch {
    copied = false;
  }
  const note = $("#share-note");
  note.dataset.s = copied ? "share.copied" : "share.manual";
  note.textContent = t(note.dataset.s);
  if (!copied) {
    box.focus();
    box.select();
  }
}

function startFollowing() {
  if (following === null) following = setInterval(follow, FOLLOW_MS);
}

function stopFollowing() {
  clearInterval(following);
  following = null;
}

// One refresh of a read-only sheet: redrawn only when the keeper changed something.
let followFailed = false;
async function follow() {
  if (document.hidden || !state) return;
  const id = state.id;
  try {
    const fresh = await api(`/api/scoresheets/${encodeURIComponent(id)}`);
    if (followFailed) showError(null);
    followFailed = false;
    if (state.id !== id || mine()) return; // a copy was kept meanwhile: this news is stale
    if (JSON.stringify(fresh.sheet) !== JSON.stringify(state.sheet) || fresh.has_keeper !== state.has_keeper) {
      state = fresh;
      drawGame();
    }
  } catch (err) {
    followFailed = true;
    showError(err);
  }
}

async function keepCopy() {
  if (!window.confirm(t("follow.copyConfirm"))) return;
  showError(null);
  try {
    const made = await api("/api/scoresheets", { method: "POST", body: { sheet: state.sheet } });
    keepSheet(made.id, made.token);
    state = made;
    history.replaceState(null, "", `/score?id=${encodeURIComponent(made.id)}`);
    wentOut = undefined;
    drawGame();
  } catch (err) {
    showError(err);
  }
}

async function deleteSheet() {
  if (!window.confirm(t("sheet.deleteConfirm"))) return;
  showError(null);
  try {
    await api(`/api/scoresheets/${encodeURIComponent(state.id)}`, { method: "DELETE", token: tokenOf(state.id) });
    dropSheet(state.id);
    location.assign("/score");
  } catch (err) {
    showError(err);
  }
}

function handBody() {
  const body = { hands: state.sheet.hands.length, went_out: wentOut, left: {}, not_opened: [] };
  body.chiusura = wentOut !== null && $("#chiusura").checked;
  body.doubled = wentOut !== null && state.standing.flags.double_out && $("#doubled").checked;
  for (const row of document.querySelectorAll(".score-left")) {
    const seat = row.dataset.seat;
    const cards = row.querySelector(".score-cards").value.trim();
    const points = row.querySelector(".score-points").value.trim();
    if (row.querySelector(".score-unopened").checked) body.not_opened.push(Number(seat));
    if (cards) body.left[seat] = cards;
    else if (points !== "") body.left[seat] = Number(points);
  }
  return body;
}

async function openSheet(id) {
  state = await api(`/api/scoresheets/${encodeURIComponent(id)}`);
  wentOut = undefined;
  drawGame();
}

// A keeper link from the terminal: kept here only once the server says the token keeps
// the sheet, so a mistyped link never makes the page offer changes it cannot make.
async function claimSheet(id, token) {
  const answer = await api(`/api/scoresheets/${encodeURIComponent(id)}`, { token });
  if (answer.kept) {
    keepSheet(id, token);
    $("#claim-note").hidden = false;
  } else {
    showError(t("error.bad_keeper_link"));
  }
}

// Wiring ---------------------------------------------------------------------------------

function wire() {
  $("#lang").addEventListener("click", () => {
    localStorage.setItem(KEY, lang() === "it" ? "en" : "it");
    translate();
    if (state) drawGame();
    else {
      refreshDealers();
      refreshEnd();
      loadHistory();
    }
  });
  $("#add-name").addEventListener("click", () => {
    if ($("#names").children.length < 8) {
      $("#names").append(nameRow());
      refreshDealers();
    }
  });
  $("#end").addEventListener("change", refreshEnd);
  $("#limit").addEventListener("input", () => { $("#limit").dataset.touched = "1"; });
  $("#partners").addEventListener("change", refreshDealers);
  $("#preset").addEventListener("change", () => {
    if ($("#preset").value === "house") {
      $("#unopened").value = "flat100";
      $("#reentry").value = "1";
    } else {
      $("#unopened").value = "count";
      $("#reentry").value = "no";
    }
  });
  $("#setup-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    showError(null);
    try {
      const body = { players: names(), preset: $("#preset").value, rules: rulesFromForm(), first_dealer: Number($("#dealer").value || 0) };
      state = await api("/api/scoresheets", { method: "POST", body });
      keepSheet(state.id, state.token);
      history.replaceState(null, "", `/score?id=${encodeURIComponent(state.id)}`);
      wentOut = undefined;
      drawGame();
    } catch (err) {
      showError(err);
    }
  });
  $("#chiusura").addEventListener("change", () => document.querySelectorAll(".score-left").forEach((r) => r.refreshFlat()));
  $("#hand-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    showError(null);
    if (wentOut === undefined) {
      showError(t("hand.pickOut"));
      return;
    }
    try {
      state = await api(`/api/scoresheets/${encodeURIComponent(state.id)}/hands`, { method: "POST", body: handBody(), token: tokenOf(state.id) });
      wentOut = undefined;
      $("#chiusura").checked = false;
      $("#doubled").checked = false;
      drawGame();
    } catch (err) {
      showError(err);
    }
  });
  $("#undo").addEventListener("click", async () => {
    if (!window.confirm(t("hand.undoConfirm"))) return;
    showError(null);
    try {
      state = await api(`/api/scoresheets/${encodeURIComponent(state.id)}/hands/last`, { method: "DELETE", body: { hands: state.sheet.hands.length }, token: tokenOf(state.id) });
      wentOut = undefined;
      drawGame();
    } catch (err) {
      showError(err);
    }
  });
  $("#share").addEventListener("click", share);
  $("#copy-sheet").addEventListener("click", keepCopy);
  $("#delete-sheet").addEventListener("click", deleteSheet);
  $("#print").addEventListener("click", () => window.print());
}

async function start() {
  translate();
  wire();
  // ?id= is the keeper's own address, ?view= the link shared with the others; either
  // opens read-only unless this browser holds the sheet's token.
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
