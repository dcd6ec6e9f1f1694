// static/js/connection.js against a stand-in WebSocket: the page's table socket asks to be
// sent to the node that plays its table (direct=1), follows a close 4307 there at once,
// goes back to the site after any other end, and after three hops in a row (or an address
// it may not use) lets the site relay it.

import assert from "node:assert/strict";
import { afterEach, beforeEach, mock, test } from "node:test";

import { TableConnection, nodeAddress } from "../../src/scala40/server/static/js/connection.js";

/** Every socket the connection opens, newest last. */
let sockets = [];

class FakeSocket {
  static OPEN = 1;

  constructor(url) {
    this.url = url;
    this.readyState = 0;
    this.sent = [];
    this.listeners = {};
    sockets.push(this);
  }

  addEventListener(kind, fn) {
    (this.listeners[kind] ??= []).push(fn);
  }

  send(text) {
    this.sent.push(JSON.parse(text));
  }

  close() {}

  /** The server opens the socket. */
  opened() {
    this.readyState = FakeSocket.OPEN;
    for (const fn of this.listeners.open ?? []) fn({});
  }

  /** The server closes the socket with ``code`` and ``reason``. */
  closed(code, reason = "") {
    this.readyState = 3;
    for (const fn of this.listeners.close ?? []) fn({ code, reason });
  }
}

const realSocket = globalThis.WebSocket;

function page(protocol = "http:", host = "cards.example.org") {
  globalThis.location = { protocol, host };
}

function table(token = "tok") {
  const statuses = [];
  const conn = new TableConnection("T1", token, {
    onMessage: () => {},
    onStatus: (kind) => statuses.push(kind),
    patches: true,
  });
  conn.connect();
  return { conn, statuses };
}

function last() {
  return new URL(sockets[sockets.length - 1].url);
}

beforeEach(() => {
  sockets = [];
  globalThis.WebSocket = FakeSocket;
  mock.timers.enable({ apis: ["setTimeout", "setInterval"] });
  page();
});

afterEach(() => {
  mock.timers.reset();
  globalThis.WebSocket = realSocket;
  delete globalThis.location;
});

test("the first socket goes to the site and asks to be sent to the table's node", () => {
  const { conn } = table();
  const url = last();
  assert.equal(url.origin, "ws://cards.example.org");
  assert.equal(url.pathname, "/ws/T1");
  assert.equal(url.searchParams.get("direct"), "1");
  assert.equal(url.searchParams.get("token"), "tok");
  assert.equal(url.searchParams.get("patches"), "1");
  conn.close();
});

test("a 4307 sends the socket to the node it names at once, where it plays", () => {
  const { conn, statuses } = table();
  sockets[0].closed(4307, "ws://10.0.0.2:8001/n/node2");
  assert.equal(sockets.length, 2, "reconnected without waiting");
  const url = last();
  assert.equal(`${url.origin}${url.pathname}`, "ws://10.0.0.2:8001/n/node2/ws/T1");
  assert.equal(url.searchParams.get("direct"), "1");
  sockets[1].opened();
  assert.deepEqual(sockets[1].sent, [{ type: "sync" }]);
  assert.ok(!statuses.includes("gone") && !statuses.includes("retry"));
  conn.close();
});

test("after any other end the socket goes back to the site, which finds the table", () => {
  const { conn } = table();
  sockets[0].closed(4307, "ws://10.0.0.2:8001");
  sockets[1].opened();
  sockets[1].closed(1012, "the table moved to another server node");
  mock.timers.tick(1000);
  assert.equal(sockets.length, 3);
  assert.equal(last().origin, "ws://cards.example.org");
  assert.equal(last().searchParams.get("direct"), "1");
  conn.close();
});

test("three hops in a row, and the site is asked to relay the socket instead", () => {
  const { conn } = table();
  sockets[0].closed(4307, "ws://10.0.0.2:8001");
  sockets[1].closed(4307, "ws://10.0.0.3:8001");
  sockets[2].closed(4307, "ws://10.0.0.2:8001");
  assert.equal(sockets.length, 4);
  assert.equal(last().origin, "ws://cards.example.org");
  assert.equal(last().searchParams.get("direct"), null);
  sockets[3].opened();
  sockets[3].closed(1012);
  mock.timers.tick(1000);
  assert.equal(last().searchParams.get("direct"), "1", "asks again once a socket opened");
  conn.close();
});

test("an address the page may not use is not followed: the site relays the socket", () => {
  page("https:");
  const { conn } = table();
  assert.equal(last().origin, "wss://cards.example.org");
  sockets[0].closed(4307, "ws://10.0.0.2:8001"); // ws:// from an https page
  assert.equal(sockets.length, 2);
  assert.equal(last().origin, "wss://cards.example.org");
  assert.equal(last().searchParams.get("direct"), null);
  conn.close();
});

test("a node's address is a ws(s):// address with no query, and wss:// only from https", () => {
  assert.equal(nodeAddress("wss://cards.example.org/n/node2/", "https:"), "wss://cards.example.org/n/node2");
  assert.equal(nodeAddress("ws://127.0.0.1:8001", "http:"), "ws://127.0.0.1:8001");
  assert.equal(nodeAddress("wss://cards.example.org", "http:"), "wss://cards.example.org");
  assert.equal(nodeAddress("ws://127.0.0.1:8001", "https:"), null);
  assert.equal(nodeAddress("https://cards.example.org", "https:"), null);
  assert.equal(nodeAddress("wss://cards.example.org/?x=1", "https:"), null);
  assert.equal(nodeAddress("javascript:alert(1)", "http:"), null);
  assert.equal(nodeAddress("", "http:"), null);
});
