// Made by scripts/build_pages.py from static/js/ (esbuild): edit those, not this.
import {
  RulesForm,
  TableConnection
} from "./chunk-OC2QPMI7.js";
import {
  ratingWords
} from "./chunk-F44VH76G.js";
import "./chunk-PMAJHZDT.js";
import {
  $,
  $input,
  $select,
  BOT_LEVELS,
  api,
  apiErrorText,
  applyI18n,
  copyField,
  identityLeagues,
  installable,
  languageSwitch,
  lastNickname,
  newSeatToken,
  playerIdentity,
  rulesSummary,
  saveNickname,
  saveSeatToken,
  seatNameMarked,
  seatToken,
  t,
  takeSeat,
  tn
} from "./chunk-RCI7G432.js";

// lobby.js
var button = (id) => (
  /** @type {HTMLButtonElement} */
  $(id)
);
var BOTS = BOT_LEVELS;
var PROGRAMS = [];
var REMOTE = [];
var RULES = { presets: { fisca: {}, house: {} }, keys: [] };
var rulesForm = new RulesForm($select("preset"), $("rules"), {
  helpLink: (key) => `/rules#${encodeURIComponent(key)}`
});
var LEAGUES = [];
var RATING = null;
var leagueWanted = new URLSearchParams(location.search).get("league") || "";
var joining = null;
var presence = null;
var seatsFree = null;
function renderShareWait() {
  $("share-wait").hidden = seatsFree === null;
  if (seatsFree !== null) $("share-wait").textContent = tn("lobby.waitingFor", seatsFree);
}
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
    onStatus: () => {
    }
  });
  presence = conn;
  conn.connect();
}
function seatableRemote() {
  const id = playerIdentity();
  return REMOTE.filter((b) => b.seating === "anyone" || id && b.owner === id.nickname).map(
    (b) => b.name
  );
}
function applyIdentity() {
  const id = playerIdentity();
  for (const [input, note] of [
    ["nickname", "nickname-note"],
    ["join-name", "join-name-note"]
  ]) {
    $input(input).readOnly = Boolean(id);
    $(note).hidden = !id;
    if (!id) continue;
    $input(input).value = id.nickname;
    $(note).textContent = RATING ? t("lobby.ratedAsWith", { name: id.nickname, rating: ratingWords(RATING) }) : t("lobby.ratedAs", { name: id.nickname });
  }
}
async function loadRating() {
  const id = playerIdentity();
  if (!id) return;
  try {
    const p = await api(`/api/players/${encodeURIComponent(id.nickname)}`);
    RATING = Number(p.matches) > 0 ? p : null;
  } catch {
    RATING = null;
  }
}
async function loadLeagues() {
  const id = playerIdentity();
  if (!id) return;
  try {
    LEAGUES = await identityLeagues(id.key);
  } catch {
    LEAGUES = [];
  }
}
function renderLeagueChoice() {
  const select = $select("league");
  $("league-choice").hidden = !playerIdentity() || LEAGUES.length === 0;
  $input("rated").checked = Boolean(playerIdentity());
  select.replaceChildren();
  select.add(new Option(t("lobby.noLeague"), ""));
  for (const league of LEAGUES) select.add(new Option(league.name, league.league_id));
  select.value = LEAGUES.some((l) => l.league_id === leagueWanted) ? leagueWanted : "";
}
function leagueLine(league) {
  const span = document.createElement("span");
  span.className = "league-note";
  span.textContent = t("lobby.leagueLine", { name: league.name });
  return span;
}
function withPlayerKey(body) {
  const id = playerIdentity();
  return id ? { ...body, player_key: id.key } : body;
}
function seatValue(i) {
  const el = document.querySelector(`#seats select[data-seat="${i}"]`);
  return el ? el.value : null;
}
function renderSeats() {
  const n = Number($select("seat-count").value);
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
    const options = [
      ["human", t("lobby.human")],
      ...BOTS.map((b) => [`bot:${b}`, t(`lobby.bot.${b}`)]),
      ...PROGRAMS.map((name) => [`bot:${name}`, t("lobby.bot.program", { name })]),
      ...seatableRemote().map((name) => [`bot:remote:${name}`, t("lobby.bot.remote", { name })])
    ];
    for (const [value, text] of options) select.add(new Option(text, value));
    select.value = before[i] || (i === 0 ? "human" : "bot:club");
    label.append(span, select);
    box.append(label);
  }
}
async function startGuide() {
  $("create-error").textContent = "";
  const typed = $input("nickname").value.trim();
  if (typed && !$input("nickname").reportValidity()) return;
  const nickname = typed || t("lobby.guideName");
  button("guide-btn").disabled = true;
  try {
    const res = await api("/api/tables", {
      method: "POST",
      body: withPlayerKey({
        seats: ["human", "bot:easy"],
        rules: { preset: "fisca", changes: {} },
        nickname,
        turn_seconds: null
      })
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
var quickToken = "";
async function playNow() {
  $("quick-error").textContent = "";
  if (!$input("quick-name").reportValidity()) return;
  const nickname = $input("quick-name").value.trim();
  quickToken = quickToken || newSeatToken();
  button("quick-btn").disabled = true;
  try {
    const res = await api("/api/quickplay", {
      method: "POST",
      body: withPlayerKey({ nickname, players: Number($select("quick-count").value), token: quickToken })
    });
    saveNickname(nickname);
    saveSeatToken(res.table_id, res.token);
    location.href = `/t/${encodeURIComponent(res.table_id)}`;
  } catch (err) {
    $("quick-error").textContent = t("lobby.error", { message: apiErrorText(err) });
    button("quick-btn").disabled = false;
  }
}
function atLoopback() {
  const host = location.hostname.replace(/^\[|\]$/g, "");
  return host === "localhost" || host === "::1" || host.startsWith("127.");
}
async function offerLink(link) {
  const url = new URL(link, location.origin);
  let shown = url.href;
  $("share-lan").hidden = true;
  if (atLoopback()) {
    try {
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
        })
      );
      if (links.length) shown = links[0];
    } catch {
    }
  }
  $input("share-url").value = shown;
  const qr = (
    /** @type {HTMLImageElement} */
    $("share-qr")
  );
  qr.alt = t("lobby.qrAlt");
  qr.src = `/api/qr.svg?link=${encodeURIComponent(shown)}`;
  qr.hidden = false;
}
var createToken = "";
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
  const body = {
    seats,
    rules: { preset: rulesForm.preset, changes: rulesForm.changes() },
    nickname,
    turn_seconds: $select("turn-seconds").value ? Number($select("turn-seconds").value) : null,
    bot_pace: $select("bot-pace").value,
    rated: $input("rated").checked,
    private: $input("private").checked,
    token: createToken = createToken || newSeatToken()
  };
  if (!$("league-choice").hidden && $select("league").value) body.league = $select("league").value;
  button("create-btn").disabled = true;
  try {
    const res = await api("/api/tables", { method: "POST", body: withPlayerKey(body) });
    createToken = "";
    saveNickname(nickname);
    saveSeatToken(res.table_id, res.token);
    const tableUrl = `/t/${encodeURIComponent(res.table_id)}`;
    if (seats.filter((x) => x === "human").length === 1) {
      location.href = tableUrl;
      return;
    }
    const share = res.share_url || `/t/${res.table_id}?join`;
    await offerLink(share);
    $("go-table").href = tableUrl;
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
var tablesOffset = 0;
function pager(data) {
  const li = document.createElement("li");
  li.className = "muted pager";
  const last = data.offset + data.tables.length;
  li.append(t("lobby.page", { from: data.offset + 1, to: last, total: data.total }));
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
  if (data.next_offset !== null && data.next_offset !== void 0) turn("lobby.older", data.next_offset);
  return li;
}
async function loadTables() {
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
    tablesOffset = 0;
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
    const names = table.seats.map((s) => s.taken || s.kind !== "human" ? seatNameMarked(s) : `(${t("lobby.free")})`);
    who.textContent = `${names.join(", ")} \xB7 ${t(`lobby.status.${table.status}`)}`;
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
  setInterval(loadTables, 5e3);
}
start();
installable();
