// The HTTP side of docs/protocol.md: JSON in, JSON out, errors as readable messages.

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export async function api(path, { method = "GET", body } = {}) {
  const init = { method, headers: { Accept: "application/json" } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
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
    throw new ApiError(res.status, err.code || String(res.status), err.message || detail || res.statusText);
  }
  return data;
}

/** The seat token this browser holds for a table (localStorage["scala40:" + id]). */
export function seatToken(tableId) {
  return localStorage.getItem("scala40:" + tableId);
}

export function saveSeatToken(tableId, token) {
  localStorage.setItem("scala40:" + tableId, token);
}

export function forgetSeatToken(tableId) {
  localStorage.removeItem("scala40:" + tableId);
}

/** The nickname last typed, to fill the forms. */
export function lastNickname() {
  return localStorage.getItem("scala40:nickname") || "";
}

export function saveNickname(name) {
  localStorage.setItem("scala40:nickname", name);
}

/**
 * The player identity this browser keeps for a rating (localStorage "scala40:player":
 * {key, player_id, nickname}), or null. The key is the player's secret: it is sent only
 * to this server, with the create and join requests and to sign in.
 */
export function playerIdentity() {
  try {
    const id = JSON.parse(localStorage.getItem("scala40:player") || "null");
    return id && typeof id.key === "string" && id.key && typeof id.nickname === "string" ? id : null;
  } catch {
    return null;
  }
}

export function savePlayerIdentity({ key, player_id, nickname }) {
  localStorage.setItem("scala40:player", JSON.stringify({ key, player_id, nickname }));
}

export function forgetPlayerIdentity() {
  localStorage.removeItem("scala40:player");
}

/** A fresh seat token made by this browser: 32 random bytes, URL-safe base64 (43 chars). */
export function newSeatToken() {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * Take a seat at a table. The token is made here and sent along, so when the answer is
 * lost (the server restarted, the network dropped) asking again with the same token gets
 * the same seat instead of a second one or "table full". With `playerKey` (a stored
 * identity's key) the seat is that player's, rated.
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
 */
export function leagueInvite(leagueId) {
  return localStorage.getItem("scala40:league-invite:" + leagueId);
}

export function saveLeagueInvite(leagueId, code) {
  localStorage.setItem("scala40:league-invite:" + leagueId, code);
}

export function forgetLeagueInvite(leagueId) {
  localStorage.removeItem("scala40:league-invite:" + leagueId);
}
