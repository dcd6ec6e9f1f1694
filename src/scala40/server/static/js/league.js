// @ts-check
// A league: a named group of rated players whose league matches count in its standings.
//   /leagues/ID                 the standings and the league's matches; for a member the
//                               way to a league match and, when known, the invitation link
//   /leagues/ID#invite=CODE     an invitation: a rated player joins with one button
// The invitation code is known only to whoever started the league or was given the link:
// this browser keeps it (localStorage "scala40:league-invite:ID") so the invitation box
// shows again, and so an invited visitor who first keeps a rating can come back and join.
// Which leagues this browser's identity belongs to is asked of the server (the sign-in
// answer) each time, never kept here.

import { api, ApiError, forgetLeagueInvite, identityLeagues, leagueInvite, playerIdentity, saveLeagueInvite } from "./api.js";
import { apiErrorText, applyI18n, languageSwitch, seatName, t } from "./i18n.js";
import { $, $input, copyField, link } from "./dom.js";
import { count, number, shortDate } from "./format.js";
import { installable } from "./installable.js";

/**
 * GET /api/leagues/ID (docs/protocol.md, Leagues).
 * @typedef {object} League
 * @property {string} league_id
 * @property {string} name
 * @property {string} [created]
 * @property {{nickname: string, matches: number, wins: number, points: number, average_penalty: number | null}[]} [members] standings order
 * @property {{table_id: string, finished: string, counted?: boolean, results?: LeagueResult[]}[]} [matches] newest first
 */
/** @typedef {{name: string, place: number, seat?: number, kind?: string}} LeagueResult */
/** @typedef {import("./api.js").LeagueRef} LeagueRef */

/**
 * @type {{id: string, league: League | null, error: unknown, leagues: LeagueRef[] | null,
 *   signinError: unknown, invite: string | null, joining: boolean, joinError: unknown, copied: boolean}}
 */
const S = {
  id: "", // the league's id, from the address
  league: null, // GET /api/leagues/ID, once loaded
  error: null, // its error
  leagues: null, // the identity's leagues (the sign-in answer), null until known
  signinError: null,
  invite: null, // the invitation code this browser knows, or null
  joining: false,
  joinError: null,
  copied: false,
};

// The invitation link ---------------------------------------------------------------------

/** @param {string} leagueId @param {string} code */
function inviteUrl(leagueId, code) {
  return `${location.origin}/leagues/${encodeURIComponent(leagueId)}#invite=${encodeURIComponent(code)}`;
}

// Words and numbers in the page's language ---------------------------------------------

/** A seat's name in a league match's results: as the server gives it, or in the page's
 * words when the result says it was a bot's seat (its kind and seat number).
 * @param {LeagueResult} r
 * @returns {string} */
function resultName(r) {
  const kind = String(r.kind || "");
  if (kind.startsWith("bot:") && typeof r.seat === "number" && Number.isInteger(r.seat)) return seatName({ seat: r.seat, kind });
  return r.name;
}

function isMember() {
  return Boolean(S.leagues && S.leagues.some((l) => l.league_id === S.id));
}

// The page --------------------------------------------------------------------------------

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
    error = apiErrorText(S.joinError); // the invitation was refused: its box is gone
  }
  $("league-error").textContent = error;
}

function renderBoxes() {
  const L = S.league;
  const me = playerIdentity();
  const member = Boolean(L) && isMember();
  const known = S.leagues !== null;
  // A member: a league match from the lobby, and the invitation link when it is known.
  $("play-box").hidden = !member;
  /** @type {HTMLAnchorElement} */ ($("play-link")).href = `/?league=${encodeURIComponent(S.id)}`;
  $("invite-box").hidden = !(member && S.invite);
  if (member && S.invite) $input("invite-url").value = inviteUrl(S.id, S.invite);
  $("invite-copy").textContent = t(S.copied ? "league.copied" : "league.copy");
  // An invitation for a rated player who is not in the league yet.
  $("join-box").hidden = !(L && S.invite && me && known && !member);
  if (L) $("join-intro").textContent = t("league.joinIntro", { name: L.name });
  /** @type {HTMLButtonElement} */ ($("join-league")).disabled = S.joining;
  $("join-error").textContent = S.joinError ? apiErrorText(S.joinError) : "";
  // An invitation and no identity: keep a rating first (the invitation stays here).
  $("need-identity").hidden = !(L && S.invite && !me);
  if (L) $("need-identity-text").textContent = t("league.needIdentity", { name: L.name });
}

function renderStandings() {
  const L = S.league;
  $("standings-panel").hidden = !L;
  const body = /** @type {HTMLTableSectionElement} */ (document.querySelector("#standings tbody"));
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
    // Each seat's result kept on one line; " · " between them.
    [...(m.results || [])]
      .sort((a, b) => a.place - b.place)
      .forEach((r, i) => {
        if (i) results.append(" · ");
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

// Loading and joining ---------------------------------------------------------------------

async function loadLeague() {
  try {
    S.league = await api(`/api/leagues/${encodeURIComponent(S.id)}`);
    S.error = null;
  } catch (err) {
    S.league = null;
    S.error = err;
    // An invitation to a league that is not there leads nowhere.
    if (err instanceof ApiError && err.code === "no_such_league") forgetLeagueInvite(S.id);
  }
}

/** The identity's leagues, asked of the server with its key (nothing of it is kept). */
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

/** The invitation leaves the address once it has done its work (this browser keeps it). */
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
      body: { invite: S.invite, player_key: me.key },
    });
    dropFragment();
    await Promise.all([loadLeague(), loadMembership()]);
  } catch (err) {
    S.joinError = err;
    if (err instanceof ApiError && err.code === "bad_invite") {
      // A code the league does not take: forgotten, and the refusal said above.
      forgetLeagueInvite(S.id);
      S.invite = null;
    }
  } finally {
    S.joining = false;
  }
  render();
}

async function copyInvite() {
  if (!(await copyField($input("invite-url")))) return;
  S.copied = true;
  $("invite-copy").textContent = t("league.copied");
}

function leagueId() {
  const m = location.pathname.replace(/\/+$/, "").match(/^\/leagues\/([^/]+)$/);
  if (!m) return "";
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return m[1]; // a malformed address: asked for as it is, the server says there is none
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
  // A member has nothing more to do with an invitation in the address.
  if (S.league && isMember()) dropFragment();
  render();
}

start();
installable();
