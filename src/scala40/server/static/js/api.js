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
