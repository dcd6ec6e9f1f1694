// @ts-check
// The HTTP side of docs/protocol.md: JSON in, JSON out, errors as readable messages.

/**
 * The rating identity a browser keeps (localStorage "scala40:player").
 * @typedef {object} PlayerIdentity
 * @property {string} key the player's secret
 * @property {string} [player_id]
 * @property {string} nickname
 */

/** An HTTP error answer: its status, the error's code (the status as text when the answer
 * names none) and its message. */
export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {string} code
   * @param {string} message
   * @param {{[name: string]: unknown} | null} [facts] what the message names (a card), for the page's own words
   */
  constructor(status, code, message, facts = null) {
    super(message);
    this.status = status;
    this.code = code;
    this.facts = facts;
  }
}

/**
 * @typedef {object} ApiOptions
 * @property {string} [method] "GET" unless said
 * @property {unknown} [body] sent as JSON (with its Content-Type) when given
 * @property {string | null} [token] a secret sent as "Authorization: Bearer TOKEN"
 */

/**
 * Ask the server; the answer's JSON (null for an empty one). A refusal throws an ApiError;
 * no answer at all (the network), fetch's TypeError. The answer is whatever the server
 * sends: the caller says what it reads (`any`, as JSON.parse gives).
 * @param {string} path
 * @param {ApiOptions} [options]
 * @returns {Promise<any>}
 */
export async function api(path, { method = "GET", body, token } = {}) {
  /** @type {Record<string, string>} */
  const headers = { Accept: "application/json" };
  /** @type {RequestInit} */
  const init = { method, headers };
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(path, init);
  let data = null;
  const text = await res.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!res.ok) {
    const err = data && data.error ? data.error : {};
    const detail = data && typeof data.detail === "string" ? data.detail : null;
    throw new ApiError(res.status, err.code || String(res.status), err.message || detail || res.statusText, err.facts || null);
  }
  return data;
}

/** The seat token this browser holds for a table (localStorage["scala40:" + id]).
 * @param {string} tableId
 * @returns {string | null} */
export function seatToken(tableId) {
  return localStorage.getItem("scala40:" + tableId);
}

/** @param {string} tableId @param {string} token */
export function saveSeatToken(tableId, token) {
  localStorage.setItem("scala40:" + tableId, token);
}

/** @param {string} tableId */
export function forgetSeatToken(tableId) {
  localStorage.removeItem("scala40:" + tableId);
}

/** The nickname last typed, to fill the forms.
 * @returns {string} */
export function lastNickname() {
  return localStorage.getItem("scala40:nickname") || "";
}

/** @param {string} name */
export function saveNickname(name) {
  localStorage.setItem("scala40:nickname", name);
}

/**
 * The player identity this browser keeps for a rating (localStorage "scala40:player":
 * {key, player_id, nickname}), or null. The key is the player's secret: it is sent only
 * to this server, with the create and join requests and to sign in.
 * @returns {PlayerIdentity | null}
 */
export function playerIdentity() {
  try {
    const id = JSON.parse(localStorage.getItem("scala40:player") || "null");
    return id && typeof id.key === "string" && id.key && typeof id.nickname === "string" ? id : null;
  } catch {
    return null;
  }
}

/** @param {PlayerIdentity} identity */
export function savePlayerIdentity({ key, player_id, nickname }) {
  localStorage.setItem("scala40:player", JSON.stringify({ key, player_id, nickname }));
}

export function forgetPlayerIdentity() {
  localStorage.removeItem("scala40:player");
}

/** @typedef {{league_id: string, name: string}} LeagueRef */

/**
 * The leagues an identity belongs to, from the sign-in answer (POST /api/players/signin
 * with its key): asked each time, never kept. A refused key throws the ApiError.
 * @param {string} key
 * @returns {Promise<LeagueRef[]>}
 */
export async function identityLeagues(key) {
  const res = await api("/api/players/signin", { method: "POST", body: { key } });
  return Array.isArray(res.leagues) ? res.leagues : [];
}

/** A fresh seat token made by this browser: 32 random bytes, URL-safe base64 (43 chars).
 * @returns {string} */
export function newSeatToken() {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * Take a seat at a table. The token is made here and sent along, so when the answer is
 * lost (the server restarted, the network dropped) asking again with the same token gets
 * the same seat instead of a second one or "table full". With `playerKey` (a stored
 * identity's key) the seat is that player's, rated.
 * @param {string} tableId
 * @param {string} nickname
 * @param {number | null} [seat] null: the first free human seat
 * @param {string | null} [playerKey]
 * @returns {Promise<{seat: number, token: string}>}
 */
export async function takeSeat(tableId, nickname, seat = null, playerKey = null) {
  const token = newSeatToken();
  const path = `/api/tables/${encodeURIComponent(tableId)}/join`;
  // With a player's key the seat is that player's (and rated), named by their nickname.
  const body = playerKey ? { nickname, seat, token, player_key: playerKey } : { nickname, seat, token };
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await api(path, { method: "POST", body });
      saveSeatToken(tableId, res.token);
      return res;
    } catch (err) {
      const retry = !(err instanceof ApiError) || err.status >= 500;
      if (!retry || attempt >= 4) throw err;
      await new Promise((done) => setTimeout(done, 500 * 2 ** attempt));
    }
  }
}

/**
 * The invitation code of a league this browser knows (localStorage
 * "scala40:league-invite:" + id): kept when the league is started here or opened with its
 * invitation link, so the league's page can show the link to its members and an invited
 * visitor who first keeps a rating can come back and join.
 * @param {string} leagueId
 * @returns {string | null}
 */
export function leagueInvite(leagueId) {
  return localStorage.getItem("scala40:league-invite:" + leagueId);
}

/** @param {string} leagueId @param {string} code */
export function saveLeagueInvite(leagueId, code) {
  localStorage.setItem("scala40:league-invite:" + leagueId, code);
}

/** @param {string} leagueId */
export function forgetLeagueInvite(leagueId) {
  localStorage.removeItem("scala40:league-invite:" + leagueId);
}
