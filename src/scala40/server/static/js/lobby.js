// @ts-check
// The lobby: create a table (seats, rules preset plus any rule key in plain words), share
// its link, and join an open table.

import { api, identityLeagues, lastNickname, newSeatToken, playerIdentity, saveNickname, saveSeatToken, seatToken, takeSeat } from "./api.js";
import { TableConnection } from "./connection.js";
import { BOT_LEVELS, apiErrorText, applyI18n, languageSwitch, rulesSummary, seatNameMarked, t, tn } from "./i18n.js";
import { $, $input, $select, copyField } from "./dom.js";
import { ratingWords } from "./rating.js";
import { installable } from "./installable.js";
import { RulesForm } from "./rulesform.js";

/** @typedef {import("./types.js").Json} Json */
/** @typedef {import("./types.js").RulesCatalogue} RulesCatalogue */
/**
 * A table of GET /api/tables (docs/protocol.md).
 * @typedef {object} TableSummary
 * @property {string} table_id
 * @property {import("./types.js").SeatSummary[]} seats
 * @property {string} [rules_summary]
 * @property {import("./types.js").RulesFacts | null} [rules_facts]
 * @property {"waiting" | "playing" | "over"} status
 * @property {{league_id: string, name: string} | null} [league]
 * @property {boolean} [rated]
 */
/** @typedef {{tables: TableSummary[], total: number, offset: number, limit: number, next_offset: number | null}} TablesPage */

/** @param {string} id */
const button = (id) => /** @type {HTMLButtonElement} */ ($(id));

const BOTS = BOT_LEVELS; // the built-in levels offered, weakest first
/** @type {string[]} */
let PROGRAMS = []; // bots this server runs over the bot protocol (GET /api/bots)
/** @type {{name: string, seating: string, owner: string | null}[]} */
let REMOTE = []; // remote bot accounts connected now (GET /api/bots)
/** @type {RulesCatalogue} */
let RULES = { presets: { fisca: {}, house: {} }, keys: [] };
/** The preset and every rule key, drawn from RULES (rulesform.js, shared with /play). */
const rulesForm = new RulesForm($select("preset"), $("rules"), {
  helpLink: (key) => `/rules#${encodeURIComponent(key)}`,
});
/** @type {{league_id: string, name: string}[]} */
let LEAGUES = []; // the identity's leagues (the sign-in answer), asked on each visit
/** The identity's rating (its line of GET /api/players/NICKNAME), asked on each visit.
 * @type {import("./rating.js").Rated | null} */
let RATING = null;
let leagueWanted = new URLSearchParams(location.search).get("league") || ""; // the chosen one
/** @type {string | null} */
let joining = null;
/** @type {TableConnection | null} */
let presence = null;
/** @type {number | null} */
let seatsFree = null;

function renderShareWait() {
  $("share-wait").hidden = seatsFree === null;
  if (seatsFree !== null) $("share-wait").textContent = tn("lobby.waitingFor", seatsFree);
}

/** While the share panel is open the creator is at the table: a socket with the seat's
 * token holds the seat as connected (so no stand-in takes it when the last friend sits),
 * tells how many seats are still free, and takes the creator to the table once the match
 * starts.
 * @param {string} tableId
 * @param {string} token
 * @param {string} tableUrl */
function holdSeat(tableId, token, tableUrl) {
  if (presence) presence.close();
  const conn = new TableConnection(tableId, token, {
    onMessage: (msg) => {
      if (msg.type !== "state" || !msg.view) return;
      const view = msg.view;
      const free = view.players.filter((p) => p.kind === "human" && p.taken === false).length;
      seatsFree = free;
      renderShareWait();
      if (view.status !== "waiting") {
        conn.close();
        location.href = tableUrl;
      }
    },
    onStatus: () => {},
  });
  presence = conn;
  conn.connect();
}

/** A player who keeps a rating plays under their identity's nickname: the name fields
 * hold it, read-only, with a note saying so; the create and join requests send the key. */
/** The connected remote bots this visitor may seat: those open to anyone, and their own
 * (the server checks again).
 * @returns {string[]} */
function seatableRemote() {
  const id = playerIdentity();
  return REMOTE.filter((b) => b.seating === "anyone" || (id && b.owner === id.nickname)).map(
    (b) => b.name,
  );
}

function applyIdentity() {
  const id = playerIdentity();
  for (const [input, note] of [
    ["nickname", "nickname-note"],
    ["join-name", "join-name-note"],
  ]) {
    $input(input).readOnly = Boolean(id);
    $(note).hidden = !id;
    if (!id) continue;
    $input(input).value = id.nickname;
    $(note).textContent = RATING
      ? t("lobby.ratedAsWith", { name: id.nickname, rating: ratingWords(RATING) })
      : t("lobby.ratedAs", { name: id.nickname });
  }
}

/** The identity's rating, to show beside its name (provisional at first: rating.js). */
async function loadRating() {
  const id = playerIdentity();
  if (!id) return;
  try {
    const p = await api(`/api/players/${encodeURIComponent(id.nickname)}`);
    RATING = Number(p.matches) > 0 ? p : null; // no rated match yet: no figure to show
  } catch {
    RATING = null; // the note names the identity without its rating
  }
}

/** The identity's leagues, asked of the server with its key (the sign-in answer). */
async function loadLeagues() {
  const id = playerIdentity();
  if (!id) return;
  try {
    LEAGUES = await identityLeagues(id.key);
  } catch {
    LEAGUES = []; // a key the server does not know: the create request says so
  }
}

/** "Count for league": no league, or one of the identity's, first the one the address
 * names (/?league=ID, the league page's "Play a league match"). */
function renderLeagueChoice() {
  const select = $select("league");
  $("league-choice").hidden = !playerIdentity() || LEAGUES.length === 0;
  // Rated is the creator's choice, shown to whoever joins; ticked for a rated player.
  $input("rated").checked = Boolean(playerIdentity());
  select.replaceChildren();
  select.add(new Option(t("lobby.noLeague"), ""));
  for (const league of LEAGUES) select.add(new Option(league.name, league.league_id));
  select.value = LEAGUES.some((l) => l.league_id === leagueWanted) ? leagueWanted : "";
}

/** A league table's line in the list names its league ("League: Thursday cards").
 * @param {{league_id: string, name: string}} league */
function leagueLine(league) {
  const span = document.createElement("span");
  span.className = "league-note";
  span.textContent = t("lobby.leagueLine", { name: league.name });
  return span;
}

/** The request's body with the stored identity's key, when there is one.
 * @template {object} B
 * @param {B} body
 * @returns {B | B & {player_key: string}} */
function withPlayerKey(body) {
  const id = playerIdentity();
  return id ? { ...body, player_key: id.key } : body;
}

/** What seat i is set to ("human", "bot:LEVEL"), or null past the seats.
 * @param {number} i
 * @returns {string | null} */
function seatValue(i) {
  /** @type {HTMLSelectElement | null} */
  const el = document.querySelector(`#seats select[data-seat="${i}"]`);
  return el ? el.value : null;
}

function renderSeats() {
  const n = Number($select("seat-count").value);
  /** @type {(string | null)[]} */
  const before = [];
  for (let i = 0; i < 8; i++) before.push(seatValue(i));
  const box = $("seats");
  box.replaceChildren();
  for (let i = 0; i < n; i++) {
    const label = document.createElement("label");
    const span = document.createElement("span");
    span.textContent = t("lobby.seat", { n: i + 1 });
    const select = document.createElement("select");
    select.dataset.seat = String(i);
    select.name = `seat-${i}`;
    /** @type {string[][]} */
    const options = [
      ["human", t("lobby.human")],
      ...BOTS.map((b) => [`bot:${b}`, t(`lobby.bot.${b}`)]),
      ...PROGRAMS.map((name) => [`bot:${name}`, t("lobby.bot.program", { name })]),
      ...seatableRemote().map((name) => [`bot:remote:${name}`, t("lobby.bot.remote", { name })]),
    ];
    for (const [value, text] of options) select.add(new Option(text, value));
    select.value = before[i] || (i === 0 ? "human" : "bot:club");
    label.append(span, select);
    box.append(label);
  }
}

/** The guided first hand: two players, the newcomer against an easy bot, FISCA rules; the
 * table page sees the mark left here and explains each step of the first hand. */
async function startGuide() {
  $("create-error").textContent = "";
  // A newcomer need not think of a nickname before the first hand: an empty field plays
  // as "Player" in the page's language (a typed one must still be a valid nickname).
  const typed = $input("nickname").value.trim();
  if (typed && !$input("nickname").reportValidity()) return;
  const nickname = typed || t("lobby.guideName");
  button("guide-btn").disabled = true;
  try {
    /** @type {{table_id: string, token: string, share_url?: string}} */
    const res = await api("/api/tables", {
      method: "POST",
      body: withPlayerKey({
        seats: ["human", "bot:easy"],
        rules: { preset: "fisca", changes: {} },
        nickname,
        turn_seconds: null,
      }),
    });
    saveNickname(nickname);
    saveSeatToken(res.table_id, res.token);
    localStorage.setItem(`scala40:guide:${res.table_id}`, "1");
    location.href = `/t/${encodeURIComponent(res.table_id)}`;
  } catch (err) {
    $("create-error").textContent = t("lobby.error", { message: apiErrorText(err) });
    button("guide-btn").disabled = false;
  }
}

/** The token of the Play now click in flight: a second click (or a retry after a lost
 * answer) sends the same one, so the server finds the seat the first took. */
let quickToken = "";

/** Play now: a seat at once at a quick-play table (docs/protocol.md), then the table. */
async function playNow() {
  $("quick-error").textContent = "";
  if (!$input("quick-name").reportValidity()) return;
  const nickname = $input("quick-name").value.trim();
  quickToken = quickToken || newSeatToken();
  button("quick-btn").disabled = true;
  try {
    /** @type {{table_id: string, seat: number, token: string, seated: boolean}} */
    const res = await api("/api/quickplay", {
      method: "POST",
      body: withPlayerKey({ nickname, players: Number($select("quick-count").value), token: quickToken }),
    });
    saveNickname(nickname);
    saveSeatToken(res.table_id, res.token);
    location.href = `/t/${encodeURIComponent(res.table_id)}`;
  } catch (err) {
    $("quick-error").textContent = t("lobby.error", { message: apiErrorText(err) });
    button("quick-btn").disabled = false;
  }
}

/** Is the page opened at this machine's own address (a link nobody else can open)? */
function atLoopback() {
  const host = location.hostname.replace(/^\[|\]$/g, "");
  return host === "localhost" || host === "::1" || host.startsWith("127.");
}

/** The share panel's link: at a loopback address, the machine's network addresses the
 * server tells (a friend's phone cannot open 127.0.0.1), or how to start the server so
 * that it has some; and a QR code of the link, so a phone in the room joins by scanning.
 * @param {string} link the invitation as the server made it */
async function offerLink(link) {
  const url = new URL(link, location.origin);
  let shown = url.href;
  $("share-lan").hidden = true;
  if (atLoopback()) {
    try {
      /** @type {{addresses: string[], how: string | null}} */
      const told = await api("/api/invite");
      const links = told.addresses.map((a) => a + url.pathname + url.search);
      $("share-lan").hidden = false;
      $("share-lan-note").textContent = links.length ? t("lobby.lanNote") : t("lobby.lanHow");
      $("share-addresses").replaceChildren(
        ...links.map((l) => {
          const li = document.createElement("li");
          const a = document.createElement("a");
          a.href = l;
          a.textContent = l;
          li.append(a);
          return li;
        }),
      );
      if (links.length) shown = links[0];
    } catch {
      // No addresses to offer: the link as it is.
    }
  }
  $input("share-url").value = shown;
  const qr = /** @type {HTMLImageElement} */ ($("share-qr"));
  qr.alt = t("lobby.qrAlt");
  qr.src = `/api/qr.svg?link=${encodeURIComponent(shown)}`;
  qr.hidden = false;
}

/** The token of the Create click in flight, sent until it is answered: a second submit
 * (a double click) finds the table the first made instead of making another. */
let createToken = "";

/** @param {Event} ev */
async function createTable(ev) {
  ev.preventDefault();
  $("create-error").textContent = "";
  const n = Number($select("seat-count").value);
  const seats = [];
  for (let i = 0; i < n; i++) seats.push(seatValue(i));
  if (!seats.includes("human")) {
    $("create-error").textContent = t("lobby.needHuman");
    return;
  }
  const nickname = $input("nickname").value.trim();
  /** @type {{seats: (string | null)[], rules: {preset: string, changes: {[key: string]: Json}}, nickname: string, turn_seconds: number | null, bot_pace: string, rated: boolean, private: boolean, token: string, league?: string}} */
  const body = {
    seats,
    rules: { preset: rulesForm.preset, changes: rulesForm.changes() },
    nickname,
    turn_seconds: $select("turn-seconds").value ? Number($select("turn-seconds").value) : null,
    bot_pace: $select("bot-pace").value,
    rated: $input("rated").checked,
    private: $input("private").checked,
    token: (createToken = createToken || newSeatToken()),
  };
  if (!$("league-choice").hidden && $select("league").value) body.league = $select("league").value;
  button("create-btn").disabled = true;
  try {
    /** @type {{table_id: string, token: string, share_url?: string}} */
    const res = await api("/api/tables", { method: "POST", body: withPlayerKey(body) });
    createToken = ""; // answered: the next click is another table
    saveNickname(nickname);
    saveSeatToken(res.table_id, res.token);
    const tableUrl = `/t/${encodeURIComponent(res.table_id)}`;
    if (seats.filter((x) => x === "human").length === 1) {
      // Nobody to invite: straight to the table.
      location.href = tableUrl;
      return;
    }
    const share = res.share_url || `/t/${res.table_id}?join`;
    await offerLink(share);
    /** @type {HTMLAnchorElement} */ ($("go-table")).href = tableUrl;
    $("share").hidden = false;
    $("share").scrollIntoView({ block: "nearest" });
    holdSeat(res.table_id, res.token, tableUrl);
    loadTables();
  } catch (err) {
    $("create-error").textContent = t("lobby.error", { message: apiErrorText(err) });
  } finally {
    button("create-btn").disabled = false;
  }
}

let tablesOffset = 0;

/** A row under the list to page through it (the server sends the tables in pages).
 * @param {TablesPage} data */
function pager(data) {
  const li = document.createElement("li");
  li.className = "muted pager";
  const last = data.offset + data.tables.length;
  li.append(t("lobby.page", { from: data.offset + 1, to: last, total: data.total }));
  /** @param {string} label @param {number} offset */
  const turn = (label, offset) => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = t(label);
    b.addEventListener("click", () => {
      tablesOffset = offset;
      loadTables();
    });
    li.append(" ", b);
  };
  if (data.offset > 0) turn("lobby.newest", 0);
  if (data.next_offset !== null && data.next_offset !== undefined) turn("lobby.older", data.next_offset);
  return li;
}

async function loadTables() {
  /** @type {TablesPage} */
  let data;
  try {
    data = await api(`/api/tables?offset=${tablesOffset}`);
  } catch {
    return;
  }
  const ul = $("tables");
  ul.replaceChildren();
  const tables = (data.tables || []).filter((x) => x.status !== "over");
  if (!tables.length && tablesOffset > 0 && data.total > 0) {
    tablesOffset = 0; // the tables on this page ended meanwhile
    loadTables();
    return;
  }
  if (!tables.length) {
    const li = document.createElement("li");
    li.className = "muted";
    li.textContent = t("lobby.none");
    ul.append(li);
    return;
  }
  if (data.total > tables.length) ul.append(pager(data));
  for (const table of tables) {
    const li = document.createElement("li");
    li.dataset.table = table.table_id;
    const who = document.createElement("span");
    who.className = "who";
    const names = table.seats.map((s) => (s.taken || s.kind !== "human" ? seatNameMarked(s) : `(${t("lobby.free")})`));
    who.textContent = `${names.join(", ")} · ${t(`lobby.status.${table.status}`)}`;
    const rules = document.createElement("span");
    rules.className = "muted";
    rules.textContent = rulesSummary(table.rules_facts, RULES) ?? (table.rules_summary || "");
    li.append(who);
    if (table.league) li.append(leagueLine(table.league));
    if (table.rated) {
      const rated = document.createElement("span");
      rated.className = "league-note";
      rated.textContent = t("lobby.ratedLine");
      li.append(rated);
    }
    li.append(rules);
    if (seatToken(table.table_id)) {
      const a = document.createElement("a");
      a.href = `/t/${encodeURIComponent(table.table_id)}`;
      a.textContent = t("lobby.watchMine");
      li.append(a);
    } else if (table.seats.some((s) => s.kind === "human" && !s.taken)) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "join";
      b.textContent = t("lobby.join");
      b.addEventListener("click", () => {
        joining = table.table_id;
        $("join").hidden = false;
        li.after($("join"));
        $input("join-name").value = lastNickname();
        applyIdentity();
        $input("join-name").focus();
      });
      li.append(b);
    }
    if (table.status === "playing" && !seatToken(table.table_id)) {
      const a = document.createElement("a");
      a.className = "watch";
      a.href = `/t/${encodeURIComponent(table.table_id)}?watch`;
      a.textContent = t("lobby.watch");
      li.append(a);
    }
    ul.append(li);
  }
}

/** @param {Event} ev */
async function joinTable(ev) {
  ev.preventDefault();
  if (!joining) return;
  const nickname = $input("join-name").value.trim();
  try {
    await takeSeat(joining, nickname, null, playerIdentity()?.key ?? null);
    saveNickname(nickname);
    location.href = `/t/${encodeURIComponent(joining)}`;
  } catch (err) {
    $("join-error").textContent = t("lobby.error", { message: apiErrorText(err) });
  }
}

async function start() {
  applyI18n();
  languageSwitch($("lang"), () => {
    renderShareWait();
    applyIdentity();
    renderSeats();
    rulesForm.draw();
    renderLeagueChoice();
    loadTables();
  });
  $input("nickname").value = lastNickname();
  $input("quick-name").value = playerIdentity()?.nickname ?? lastNickname();
  applyIdentity();
  renderLeagueChoice();
  loadLeagues().then(renderLeagueChoice);
  loadRating().then(applyIdentity);
  try {
    RULES = await api("/api/rules");
    const bots = await api("/api/bots");
    PROGRAMS = bots.programs || [];
    REMOTE = bots.remote || [];
  } catch (err) {
    $("create-error").textContent = t("lobby.error", { message: apiErrorText(err) });
  }
  rulesForm.draw(RULES);
  renderSeats();
  $select("seat-count").addEventListener("change", renderSeats);
  $select("league").addEventListener("change", () => {
    leagueWanted = $select("league").value;
  });
  $("create").addEventListener("submit", createTable);
  $("guide-btn").addEventListener("click", startGuide);
  $("quick-btn").addEventListener("click", playNow);
  $("join").addEventListener("submit", joinTable);
  $("copy").addEventListener("click", async () => {
    if (await copyField($input("share-url"))) $("copy").textContent = t("lobby.copied");
  });
  loadTables();
  setInterval(loadTables, 5000);
}

start();
installable();
