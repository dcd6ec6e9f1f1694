// Made by scripts/build_pages.py from static/js/ (esbuild): edit those, not this.
import {
  ratingWords
} from "./chunk-F44VH76G.js";
import {
  svg
} from "./chunk-JKOAVRW4.js";
import {
  count,
  number,
  shortDate
} from "./chunk-PMAJHZDT.js";
import {
  $,
  $input,
  ApiError,
  api,
  apiErrorText,
  applyI18n,
  botLevelWords,
  copyField,
  forgetPlayerIdentity,
  identityLeagues,
  installable,
  languageSwitch,
  link,
  playerIdentity,
  saveLeagueInvite,
  saveNickname,
  savePlayerIdentity,
  t
} from "./chunk-RCI7G432.js";

// players.js
var LEADERBOARD_SIZE = 50;
var button = (id) => (
  /** @type {HTMLButtonElement} */
  $(id)
);
var details = (id) => (
  /** @type {HTMLDetailsElement} */
  $(id)
);
var S = {
  view: "board",
  // "board" | "profile" | "signin"
  board: null,
  // GET /api/leaderboard's players, once loaded
  boardError: null,
  profileName: null,
  profile: null,
  profileError: null,
  signin: null,
  // {state: "busy" | "done" | "bad" | "nokey" | "error", nickname, err}
  justMade: false,
  // an identity made on this page just now: its link is shown at once
  leagues: null,
  // the identity's leagues (the sign-in answer), asked each time, never kept
  leaguesError: null
};
function ordinal(n) {
  const form = new Intl.PluralRules("en", { type: "ordinal" }).select(Number(n));
  return t(`ordinal.${form}`, { n });
}
var RATED_ALIASES = { random: "beginner", greedy: "easy", heuristic: "club", strong: "search" };
function playerName(p) {
  const kind = String(p.kind || "human");
  if (!kind.startsWith("bot:")) return p.nickname;
  return t("bot.rated", { level: botLevelWords(kind.slice(4), RATED_ALIASES) });
}
function isBot(p) {
  return String(p.kind || "").startsWith("bot:");
}
function profileHref(nickname) {
  return `/players/${encodeURIComponent(nickname)}`;
}
function signInUrl(key) {
  return `${location.origin}/me#key=${encodeURIComponent(key)}`;
}
function renderYou() {
  const id = playerIdentity();
  $("identity-form").hidden = Boolean(id);
  $("identity").hidden = !id;
  if (!id) return;
  $("you-name").textContent = t("you.are", { name: id.nickname });
  $("you-page").href = profileHref(id.nickname);
  $input("key-url").value = signInUrl(id.key);
  $("key-keep").hidden = !S.justMade;
  $("key-keep").textContent = t("you.keep", { name: id.nickname });
  if (S.justMade) details("key-link").open = true;
  renderLeagues();
}
function leagueHref(leagueId) {
  return `/leagues/${encodeURIComponent(leagueId)}`;
}
function renderLeagues() {
  const list = $("league-list");
  list.replaceChildren();
  $("leagues-error").textContent = S.leaguesError ? apiErrorText(S.leaguesError) : "";
  const leagues = S.leagues || [];
  $("league-none").hidden = S.leagues === null || leagues.length > 0;
  for (const league of leagues) {
    const li = document.createElement("li");
    li.dataset.league = league.league_id;
    li.append(link(leagueHref(league.league_id), league.name));
    list.append(li);
  }
}
async function loadLeagues() {
  const id = playerIdentity();
  if (!id) return;
  try {
    S.leagues = await identityLeagues(id.key);
    S.leaguesError = null;
  } catch (err) {
    S.leagues = null;
    S.leaguesError = err;
  }
  renderLeagues();
}
async function startLeague(ev) {
  ev.preventDefault();
  const id = playerIdentity();
  $("league-error").textContent = "";
  const name = $input("league-name").value.trim();
  if (!id || !name) return;
  button("league-btn").disabled = true;
  try {
    const res = await api("/api/leagues", { method: "POST", body: { name, player_key: id.key } });
    if (res.invite) saveLeagueInvite(res.league_id, res.invite);
    location.href = leagueHref(res.league_id);
  } catch (err) {
    $("league-error").textContent = apiErrorText(err);
    button("league-btn").disabled = false;
  }
}
async function makeBot(ev) {
  ev.preventDefault();
  const id = playerIdentity();
  $("bot-error").textContent = "";
  const name = $input("bot-name").value.trim();
  if (!id || !name) return;
  const seating = $input("bot-anyone").checked ? "anyone" : "owner";
  button("bot-btn").disabled = true;
  try {
    const res = await api("/api/bots/accounts", {
      method: "POST",
      body: { name, seating, player_key: id.key }
    });
    $("bot-made").hidden = false;
    $input("bot-command").value = `SCALA40_BOT_KEY=${res.key} scala40 bot-connect ${location.origin} -- python my_bot.py`;
    $input("bot-command").select();
  } catch (err) {
    $("bot-error").textContent = apiErrorText(err);
  } finally {
    button("bot-btn").disabled = false;
  }
}
async function makeIdentity(ev) {
  ev.preventDefault();
  $("identity-error").textContent = "";
  const nickname = $input("identity-name").value.trim();
  if (!nickname) return;
  button("identity-btn").disabled = true;
  try {
    const res = await api("/api/players", { method: "POST", body: { nickname } });
    savePlayerIdentity({ key: res.key, player_id: res.player_id, nickname: res.nickname || nickname });
    saveNickname(res.nickname || nickname);
    S.justMade = true;
    S.leagues = [];
    S.leaguesError = null;
    renderYou();
    renderBoard();
    $input("key-url").focus();
    $input("key-url").select();
  } catch (err) {
    $("identity-error").textContent = apiErrorText(err);
  } finally {
    button("identity-btn").disabled = false;
  }
}
async function copyKeyLink() {
  if (await copyField($input("key-url"))) $("key-copy").textContent = t("you.copied");
}
function signOut() {
  if (!window.confirm(t("you.signOutConfirm"))) return;
  forgetPlayerIdentity();
  S.justMade = false;
  S.leagues = null;
  S.leaguesError = null;
  details("key-link").open = false;
  renderYou();
  renderBoard();
}
function renderBoard() {
  const body = (
    /** @type {HTMLTableSectionElement} */
    document.querySelector("#leaderboard tbody")
  );
  body.replaceChildren();
  $("board-error").textContent = S.boardError ? t("err.generic", { message: apiErrorText(S.boardError) }) : "";
  if (S.board === null) {
    $("board-none").hidden = true;
    return;
  }
  const board = S.board;
  $("board-none").hidden = board.length > 0;
  $("leaderboard").hidden = board.length === 0;
  const me = playerIdentity();
  board.forEach((p, i) => {
    const tr = body.insertRow();
    tr.dataset.nickname = p.nickname;
    if (me && !isBot(p) && p.nickname === me.nickname) tr.classList.add("me");
    tr.insertCell().textContent = String(i + 1);
    const name = tr.insertCell();
    name.className = "name";
    if (isBot(p)) {
      name.textContent = playerName(p);
      name.classList.add("bot");
    } else {
      name.append(link(profileHref(p.nickname), p.nickname));
    }
    const rating = tr.insertCell();
    rating.textContent = ratingWords(p, { short: true });
    if (p.provisional) rating.className = "provisional";
    tr.insertCell().textContent = count(p.matches);
    tr.insertCell().textContent = count(p.wins);
  });
}
async function loadBoard() {
  try {
    const data = await api(`/api/leaderboard?limit=${LEADERBOARD_SIZE}`);
    S.board = data.players || [];
    S.boardError = null;
  } catch (err) {
    S.board = [];
    S.boardError = err;
  }
  renderBoard();
}
function stat(list, label, value) {
  const box = document.createElement("div");
  const dt = document.createElement("dt");
  dt.textContent = t(label);
  const dd = document.createElement("dd");
  dd.textContent = value;
  box.append(dt, dd);
  list.append(box);
}
function renderProfile() {
  $("profile-error").textContent = "";
  const p = S.profile;
  if (!p) {
    $("profile-name").textContent = S.profileName || "";
    $("stats").replaceChildren();
    $("profile-none").hidden = true;
    $("rating-chart").replaceChildren();
    $("profile-matches").hidden = true;
    if (S.profileError) {
      const err = S.profileError;
      $("profile-error").textContent = err instanceof ApiError && err.code === "no_such_player" ? apiErrorText(err) : t("err.generic", { message: apiErrorText(err) });
    }
    return;
  }
  const me = playerIdentity();
  const mine = me && !isBot(p) && me.nickname === p.nickname;
  $("profile-name").textContent = mine ? `${playerName(p)} ${t("prof.you")}` : playerName(p);
  document.title = t("page.profile", { name: playerName(p) });
  const history2 = p.history || [];
  const rated = Number(p.matches) > 0 || history2.length > 0;
  const list = $("stats");
  list.replaceChildren();
  stat(list, "prof.rating", rated ? ratingWords(p) : "\u2014");
  stat(list, "prof.matches", count(p.matches));
  stat(list, "prof.wins", count(p.wins));
  stat(list, "prof.hands", count(p.hands));
  stat(list, "prof.penalty", number(p.average_penalty));
  stat(list, "prof.opening", number(p.opening_turn));
  $("profile-none").hidden = history2.length > 0;
  drawChart();
  $("profile-matches").hidden = history2.length === 0;
  const body = (
    /** @type {HTMLTableSectionElement} */
    document.querySelector("#player-matches tbody")
  );
  body.replaceChildren();
  for (const [i, m] of [...history2.entries()].reverse()) {
    const tr = body.insertRow();
    tr.dataset.table = m.table_id;
    const replay = link(`/replay/${encodeURIComponent(m.table_id)}`, shortDate(m.finished));
    replay.title = t("prof.replay");
    tr.insertCell().append(replay);
    const place = tr.insertCell();
    place.textContent = t("prof.placeOf", { place: ordinal(m.place), players: m.players });
    if (m.place === 1) place.classList.add("won");
    tr.insertCell().textContent = ratingWords(m, { matches: i + 1 });
  }
}
function drawChart() {
  const host = $("rating-chart");
  host.replaceChildren();
  const all = S.profile && S.profile.history || [];
  const history2 = all.filter((m) => !m.provisional);
  if (!history2.length) return;
  const width = Math.round(Math.max(280, Math.min(640, host.clientWidth || 480)));
  host.append(ratingChart(history2, width, all.length - history2.length + 1));
}
function niceStep(lo, hi, want) {
  const raw = Math.max((hi - lo) / want, 1e-9);
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * power >= raw) return m * power;
  return 10 * power;
}
function ratingChart(history2, W, first = 1) {
  const H = 220;
  const pad = { l: 46, r: 14, t: 12, b: 40 };
  const values = history2.map((m) => Number(m.rating));
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  if (hi - lo < 2) {
    lo -= 1;
    hi += 1;
  }
  const step = niceStep(lo, hi, 4);
  lo = Math.floor(lo / step) * step;
  hi = Math.ceil(hi / step) * step;
  const n = history2.length;
  const x = (i) => pad.l + (n === 1 ? (W - pad.l - pad.r) / 2 : (W - pad.l - pad.r) * i / (n - 1));
  const y = (v) => H - pad.b - (H - pad.t - pad.b) * (v - lo) / (hi - lo);
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": t("prof.chart") });
  root.append(svg("rect", { x: 0, y: 0, width: W, height: H, fill: "#fbfbf8" }));
  const decimals = step < 1 ? 1 : 0;
  for (let v = lo; v <= hi + step / 2; v += step) {
    root.append(svg("line", { x1: pad.l, y1: y(v), x2: W - pad.r, y2: y(v), stroke: Math.abs(v) < step / 2 ? "#bbb" : "#e3e3e3" }));
    root.append(svg("text", { x: pad.l - 5, y: y(v) + 4, "font-size": 11, "text-anchor": "end", fill: "#666" }, number(v, decimals)));
  }
  root.append(svg("line", { x1: pad.l, y1: pad.t, x2: pad.l, y2: H - pad.b, stroke: "#999" }));
  root.append(svg("line", { x1: pad.l, y1: H - pad.b, x2: W - pad.r, y2: H - pad.b, stroke: "#999" }));
  const every = Math.max(1, Math.ceil(n / 10));
  for (let i = 0; i < n; i++) {
    if (i % every && i !== n - 1) continue;
    root.append(svg("text", { x: x(i), y: H - pad.b + 15, "font-size": 11, "text-anchor": "middle", fill: "#666" }, i + first));
  }
  root.append(svg("text", { x: (pad.l + W - pad.r) / 2, y: H - 6, "font-size": 12, "text-anchor": "middle", fill: "#333", class: "axis-label" }, t("prof.axisX")));
  root.append(svg("text", {
    x: 0,
    y: 0,
    "font-size": 12,
    "text-anchor": "middle",
    fill: "#333",
    class: "axis-label",
    transform: `translate(13 ${(pad.t + H - pad.b) / 2}) rotate(-90)`
  }, t("prof.axisY")));
  const pts = values.map((v, i) => [x(i), y(v)]);
  root.append(svg("polyline", { points: pts.map((q) => q.join(",")).join(" "), fill: "none", stroke: "#2f6fde", "stroke-width": 2.5 }));
  pts.forEach(([cx, cy], i) => {
    const dot = svg("circle", { cx, cy, r: 3.5, fill: history2[i].place === 1 ? "#2b8a3e" : "#2f6fde", class: "point" });
    dot.append(svg("title", {}, `${i + first}: ${number(values[i])}`));
    root.append(dot);
  });
  return root;
}
async function loadProfile() {
  try {
    S.profile = await api(`/api/players/${encodeURIComponent(
      /** @type {string} */
      S.profileName
    )}`);
    S.profileError = null;
  } catch (err) {
    S.profile = null;
    S.profileError = err;
  }
  renderProfile();
}
function renderSignin() {
  const s = S.signin || { state: "busy" };
  const status = $("signin-status");
  status.className = s.state === "bad" || s.state === "nokey" || s.state === "error" ? "error" : "";
  if (s.state === "busy") status.textContent = t("me.signing");
  else if (s.state === "done") status.textContent = t("me.signedIn", { name: s.nickname });
  else if (s.state === "bad") status.textContent = t("me.bad");
  else if (s.state === "nokey") status.textContent = t("me.noKey");
  else status.textContent = t("err.generic", { message: apiErrorText(s.err) });
  $("signin-links").hidden = s.state !== "done";
  if (s.state === "done") $("signin-page").href = profileHref(
    /** @type {string} */
    s.nickname
  );
}
async function signIn() {
  const key = new URLSearchParams(location.hash.slice(1)).get("key");
  history.replaceState(null, "", location.pathname + location.search);
  if (!key) {
    S.signin = { state: "nokey" };
    renderSignin();
    return;
  }
  S.signin = { state: "busy" };
  renderSignin();
  try {
    const res = await api("/api/players/signin", { method: "POST", body: { key } });
    savePlayerIdentity({ key, player_id: res.player_id, nickname: res.nickname });
    saveNickname(res.nickname);
    S.signin = { state: "done", nickname: res.nickname };
  } catch (err) {
    const bad = err instanceof ApiError && (err.code === "bad_key" || err.status === 403);
    S.signin = bad ? { state: "bad" } : { state: "error", err };
  }
  renderSignin();
}
function render() {
  if (S.view === "signin") renderSignin();
  if (S.view === "board") {
    renderYou();
    renderBoard();
  }
  if (S.view === "profile") renderProfile();
}
function route() {
  const path = location.pathname.replace(/\/+$/, "");
  if (path === "/me") return { view: "signin" };
  const m = path.match(/^\/players\/(.+)$/);
  if (m) {
    let name = m[1];
    try {
      name = decodeURIComponent(name);
    } catch {
    }
    return { view: "profile", name };
  }
  return { view: "board" };
}
function start() {
  applyI18n();
  const where = route();
  S.view = where.view;
  S.profileName = where.name || null;
  if (S.view === "signin") document.title = t("page.me");
  languageSwitch($("lang"), () => {
    if (S.view === "signin") document.title = t("page.me");
    if (S.view === "profile" && S.profile) document.title = t("page.profile", { name: playerName(S.profile) });
    $("key-copy").textContent = t("you.copy");
    render();
  });
  $("signin").hidden = S.view !== "signin";
  $("you").hidden = S.view !== "board";
  $("board").hidden = S.view !== "board";
  $("profile").hidden = S.view !== "profile";
  $("identity-form").addEventListener("submit", makeIdentity);
  $("key-copy").addEventListener("click", copyKeyLink);
  $("sign-out").addEventListener("click", signOut);
  $("league-form").addEventListener("submit", startLeague);
  $("bot-form").addEventListener("submit", makeBot);
  render();
  let resizing = void 0;
  window.addEventListener("resize", () => {
    clearTimeout(resizing);
    resizing = setTimeout(() => S.view === "profile" && drawChart(), 150);
  });
  if (S.view === "signin") signIn();
  else if (S.view === "profile") loadProfile();
  else {
    loadBoard();
    loadLeagues();
  }
}
start();
installable();
