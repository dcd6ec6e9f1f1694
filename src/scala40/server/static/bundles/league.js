// Made by scripts/build_pages.py from static/js/ (esbuild): edit those, not this.
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
  copyField,
  forgetLeagueInvite,
  identityLeagues,
  installable,
  languageSwitch,
  leagueInvite,
  link,
  playerIdentity,
  saveLeagueInvite,
  seatName,
  t
} from "./chunk-RCI7G432.js";

// league.js
var S = {
  id: "",
  // the league's id, from the address
  league: null,
  // GET /api/leagues/ID, once loaded
  error: null,
  // its error
  leagues: null,
  // the identity's leagues (the sign-in answer), null until known
  signinError: null,
  invite: null,
  // the invitation code this browser knows, or null
  joining: false,
  joinError: null,
  copied: false
};
function inviteUrl(leagueId2, code) {
  return `${location.origin}/leagues/${encodeURIComponent(leagueId2)}#invite=${encodeURIComponent(code)}`;
}
function resultName(r) {
  const kind = String(r.kind || "");
  if (kind.startsWith("bot:") && typeof r.seat === "number" && Number.isInteger(r.seat)) return seatName({ seat: r.seat, kind });
  return r.name;
}
function isMember() {
  return Boolean(S.leagues && S.leagues.some((l) => l.league_id === S.id));
}
function renderHead() {
  const L = S.league;
  $("league-name").textContent = L ? L.name : "";
  $("league-since").textContent = L && L.created ? t("league.since", { date: shortDate(L.created) }) : "";
  document.title = L ? t("page.leagueOf", { name: L.name }) : t("page.league");
  let error = "";
  if (S.error) {
    const missing = S.error instanceof ApiError && S.error.code === "no_such_league";
    error = missing ? apiErrorText(S.error) : t("err.generic", { message: apiErrorText(S.error) });
  } else if (S.signinError) {
    error = apiErrorText(S.signinError);
  } else if (S.joinError && !S.invite) {
    error = apiErrorText(S.joinError);
  }
  $("league-error").textContent = error;
}
function renderBoxes() {
  const L = S.league;
  const me = playerIdentity();
  const member = Boolean(L) && isMember();
  const known = S.leagues !== null;
  $("play-box").hidden = !member;
  $("play-link").href = `/?league=${encodeURIComponent(S.id)}`;
  $("invite-box").hidden = !(member && S.invite);
  if (member && S.invite) $input("invite-url").value = inviteUrl(S.id, S.invite);
  $("invite-copy").textContent = t(S.copied ? "league.copied" : "league.copy");
  $("join-box").hidden = !(L && S.invite && me && known && !member);
  if (L) $("join-intro").textContent = t("league.joinIntro", { name: L.name });
  $("join-league").disabled = S.joining;
  $("join-error").textContent = S.joinError ? apiErrorText(S.joinError) : "";
  $("need-identity").hidden = !(L && S.invite && !me);
  if (L) $("need-identity-text").textContent = t("league.needIdentity", { name: L.name });
}
function renderStandings() {
  const L = S.league;
  $("standings-panel").hidden = !L;
  const body = (
    /** @type {HTMLTableSectionElement} */
    document.querySelector("#standings tbody")
  );
  body.replaceChildren();
  if (!L) return;
  const me = playerIdentity();
  (L.members || []).forEach((m, i) => {
    const tr = body.insertRow();
    tr.dataset.nickname = m.nickname;
    if (me && m.nickname === me.nickname) tr.classList.add("me");
    tr.insertCell().textContent = String(i + 1);
    const name = tr.insertCell();
    name.className = "name";
    name.append(link(`/players/${encodeURIComponent(m.nickname)}`, m.nickname));
    tr.insertCell().textContent = count(m.matches);
    tr.insertCell().textContent = count(m.wins);
    const points = tr.insertCell();
    points.className = "points";
    points.textContent = count(m.points);
    tr.insertCell().textContent = number(m.average_penalty);
  });
}
function renderMatches() {
  const L = S.league;
  $("matches-panel").hidden = !L;
  const list = $("league-matches");
  list.replaceChildren();
  if (!L) return;
  const matches = L.matches || [];
  $("matches-none").hidden = matches.length > 0;
  for (const m of matches) {
    const li = document.createElement("li");
    li.dataset.table = m.table_id;
    const date = link(`/replay/${encodeURIComponent(m.table_id)}`, shortDate(m.finished));
    date.className = "when";
    date.title = t("prof.replay");
    const results = document.createElement("span");
    results.className = "results";
    [...m.results || []].sort((a, b) => a.place - b.place).forEach((r, i) => {
      if (i) results.append(" \xB7 ");
      const one = document.createElement("span");
      one.className = r.place === 1 ? "result won" : "result";
      one.textContent = t("league.result", { place: r.place, name: resultName(r) });
      results.append(one);
    });
    li.append(date, results);
    if (m.counted === false) {
      const note = document.createElement("span");
      note.className = "muted not-counted";
      note.textContent = ` (${t("league.notCounted")})`;
      li.append(note);
    }
    list.append(li);
  }
}
function render() {
  renderHead();
  renderBoxes();
  renderStandings();
  renderMatches();
}
async function loadLeague() {
  try {
    S.league = await api(`/api/leagues/${encodeURIComponent(S.id)}`);
    S.error = null;
  } catch (err) {
    S.league = null;
    S.error = err;
    if (err instanceof ApiError && err.code === "no_such_league") forgetLeagueInvite(S.id);
  }
}
async function loadMembership() {
  const me = playerIdentity();
  if (!me) {
    S.leagues = null;
    return;
  }
  try {
    S.leagues = await identityLeagues(me.key);
    S.signinError = null;
  } catch (err) {
    S.leagues = null;
    S.signinError = err;
  }
}
function dropFragment() {
  if (location.hash) history.replaceState(null, "", location.pathname + location.search);
}
async function joinLeague() {
  const me = playerIdentity();
  if (!me || !S.invite) return;
  S.joining = true;
  S.joinError = null;
  renderBoxes();
  try {
    await api(`/api/leagues/${encodeURIComponent(S.id)}/members`, {
      method: "POST",
      body: { invite: S.invite, player_key: me.key }
    });
    dropFragment();
    await Promise.all([loadLeague(), loadMembership()]);
  } catch (err) {
    S.joinError = err;
    if (err instanceof ApiError && err.code === "bad_invite") {
      forgetLeagueInvite(S.id);
      S.invite = null;
    }
  } finally {
    S.joining = false;
  }
  render();
}
async function copyInvite() {
  if (!await copyField($input("invite-url"))) return;
  S.copied = true;
  $("invite-copy").textContent = t("league.copied");
}
function leagueId() {
  const m = location.pathname.replace(/\/+$/, "").match(/^\/leagues\/([^/]+)$/);
  if (!m) return "";
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return m[1];
  }
}
async function start() {
  applyI18n();
  S.id = leagueId();
  const code = new URLSearchParams(location.hash.slice(1)).get("invite");
  if (code) saveLeagueInvite(S.id, code);
  S.invite = leagueInvite(S.id);
  languageSwitch($("lang"), render);
  $("join-league").addEventListener("click", joinLeague);
  $("invite-copy").addEventListener("click", copyInvite);
  render();
  await Promise.all([loadLeague(), loadMembership()]);
  if (S.league && isMember()) dropFragment();
  render();
}
start();
installable();
