// static/js/api.js against a stand-in fetch: what each request sends (JSON, a keeper's
// token), how answers and refusals come back, and the browser's keys and seat tokens.

import assert from "node:assert/strict";
import { afterEach, beforeEach, test } from "node:test";

import { freshStorage } from "./support.mjs";
import {
  ApiError,
  api,
  forgetSeatToken,
  identityLeagues,
  newSeatToken,
  playerIdentity,
  savePlayerIdentity,
  saveSeatToken,
  seatToken,
  takeSeat,
} from "../../src/scala40/server/static/js/api.js";

const realFetch = globalThis.fetch;
let asked = [];

/** fetch answers with these (status, body text) in turn, and records what it was asked. */
function answers(...replies) {
  asked = [];
  globalThis.fetch = async (path, init) => {
    asked.push({ path, ...init });
    const [status, text] = replies.shift();
    return new Response(text, { status, statusText: status === 200 ? "OK" : "Not OK" });
  };
}

beforeEach(() => freshStorage());
afterEach(() => {
  globalThis.fetch = realFetch;
});

test("a GET asks for JSON and sends no body", async () => {
  answers([200, '{"tables": []}']);
  assert.deepEqual(await api("/api/tables"), { tables: [] });
  assert.equal(asked[0].path, "/api/tables");
  assert.equal(asked[0].method, "GET");
  assert.deepEqual(asked[0].headers, { Accept: "application/json" });
  assert.equal(asked[0].body, undefined);
});

test("a body goes as JSON with its content type; a token as a Bearer", async () => {
  answers([200, '{"id": "s1"}']);
  await api("/api/scoresheets/s1", { method: "DELETE", body: {}, token: "k".repeat(43) });
  assert.equal(asked[0].method, "DELETE");
  assert.equal(asked[0].body, "{}");
  assert.deepEqual(asked[0].headers, {
    Accept: "application/json",
    "Content-Type": "application/json",
    Authorization: `Bearer ${"k".repeat(43)}`,
  });
});

test("no token, no Authorization", async () => {
  answers([200, "{}"]);
  await api("/x", { method: "POST", body: { a: 1 }, token: null });
  assert.equal(asked[0].headers.Authorization, undefined);
  assert.equal(asked[0].body, '{"a":1}');
});

test("an empty answer is null", async () => {
  answers([200, ""]);
  assert.equal(await api("/api/x"), null);
});

test("a refusal throws an ApiError with the server's code and message", async () => {
  answers([409, '{"error": {"code": "sheet_changed", "message": "the sheet changed"}}']);
  await assert.rejects(api("/api/x", { method: "POST", body: {} }), (err) => {
    assert.ok(err instanceof ApiError);
    assert.equal(err.status, 409);
    assert.equal(err.code, "sheet_changed");
    assert.equal(err.message, "the sheet changed");
    return true;
  });
});

test("a refusal without an error object: the status as its code, the detail or the status text", async () => {
  answers([422, '{"detail": "bad field"}'], [502, "<html>bad gateway</html>"]);
  await assert.rejects(api("/a"), { code: "422", message: "bad field" });
  await assert.rejects(api("/b"), { code: "502", message: "Not OK" });
});

test("no answer at all is fetch's TypeError, as it came", async () => {
  globalThis.fetch = async () => {
    throw new TypeError("Failed to fetch");
  };
  await assert.rejects(api("/a"), TypeError);
});

test("a seat token: 32 random bytes in URL-safe base64", () => {
  const a = newSeatToken();
  assert.match(a, /^[A-Za-z0-9_-]{43}$/);
  assert.notEqual(newSeatToken(), a);
});

test("taking a seat sends a token made here and keeps the one answered", async () => {
  answers([200, '{"seat": 1, "token": "answered"}']);
  assert.deepEqual(await takeSeat("ab 12", "Bea"), { seat: 1, token: "answered" });
  assert.equal(asked[0].path, "/api/tables/ab%2012/join");
  const body = JSON.parse(asked[0].body);
  assert.equal(body.nickname, "Bea");
  assert.equal(body.seat, null);
  assert.match(body.token, /^[A-Za-z0-9_-]{43}$/);
  assert.equal(body.player_key, undefined);
  assert.equal(seatToken("ab 12"), "answered");
});

test("a lost answer is asked again with the same token; a refusal is not", async () => {
  answers([503, '{"error": {"code": "server_full", "message": "full"}}'], [200, '{"seat": 0, "token": "t"}']);
  await takeSeat("t1", "Anna", 0, "key");
  assert.equal(asked.length, 2);
  assert.equal(JSON.parse(asked[1].body).token, JSON.parse(asked[0].body).token);
  assert.equal(JSON.parse(asked[0].body).player_key, "key");
  answers([409, '{"error": {"code": "table_full", "message": "full"}}']);
  await assert.rejects(takeSeat("t2", "Anna"), { code: "table_full" });
  assert.equal(asked.length, 1);
  assert.equal(seatToken("t2"), null);
});

test("seat tokens are kept by table", () => {
  saveSeatToken("t1", "one");
  assert.equal(seatToken("t1"), "one");
  assert.equal(seatToken("t2"), null);
  forgetSeatToken("t1");
  assert.equal(seatToken("t1"), null);
});

test("a player identity is read back only when it is whole", () => {
  assert.equal(playerIdentity(), null);
  savePlayerIdentity({ key: "secret", player_id: "p1", nickname: "Anna" });
  assert.deepEqual(playerIdentity(), { key: "secret", player_id: "p1", nickname: "Anna" });
  localStorage.setItem("scala40:player", '{"key": "", "nickname": "Anna"}');
  assert.equal(playerIdentity(), null);
  localStorage.setItem("scala40:player", "not json");
  assert.equal(playerIdentity(), null);
});

test("an identity's leagues come from the sign-in answer, asked with its key", async () => {
  answers([200, '{"player_id": "p1", "nickname": "Anna", "leagues": [{"league_id": "l1", "name": "Thursday"}]}'], [200, '{"player_id": "p1"}']);
  assert.deepEqual(await identityLeagues("secret"), [{ league_id: "l1", name: "Thursday" }]);
  assert.equal(asked[0].path, "/api/players/signin");
  assert.equal(asked[0].method, "POST");
  assert.equal(asked[0].body, '{"key":"secret"}');
  assert.deepEqual(await identityLeagues("secret"), []); // an older server names none
  answers([403, '{"error": {"code": "bad_key", "message": "no such key"}}']);
  await assert.rejects(identityLeagues("wrong"), { code: "bad_key" });
});
