// static/js/connection.js against a stand-in WebSocket: the page's table socket asks to be
// sent to the node that plays its table (direct=1), follows a close 4307 there at once,
// goes back to the site after any other end, and after three hops in a row (or an address
// off the page's own origin, or one the browser refuses) lets the site relay it.

import assert from "node:assert/strict";
import { afterEach, beforeEach, mock, test } from "node:test";

import { TableConnection, nodeAddress } from "../../src/scala40/server/static/js/connection.js";

/** Every socket the connection opens, newest last. */
let sockets = [];

class FakeSocket {
  static OPEN = 1;
  /** Addresses whose sockets the browser refuses at once (a content policy). */
  static refuse = "";

  constructor(url) {
    if (FakeSocket.refuse && url.startsWith(FakeSocket.refuse)) {
      throw new DOMException("Refused to connect: content security policy", "SecurityError");
    }
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
  FakeSocket.refuse = "";
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
  sockets[0].closed(4307, "ws://cards.example.org/n/node2");
  assert.equal(sockets.length, 2, "reconnected without waiting");
  const url = last();
  assert.equal(`${url.origin}${url.pathname}`, "ws://cards.example.org/n/node2/ws/T1");
  assert.equal(url.searchParams.get("direct"), "1");
  sockets[1].opened();
  assert.deepEqual(sockets[1].sent, [{ type: "sync" }]);
  assert.ok(!statuses.includes("gone") && !statuses.includes("retry"));
  conn.close();
});

test("after any other end the socket goes back to the site, which finds the table", () => {
  const { conn } = table();
  sockets[0].closed(4307, "ws://cards.example.org/n/node2");
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
  sockets[0].closed(4307, "ws://cards.example.org/n/node2");
  sockets[1].closed(4307, "ws://cards.example.org/n/node3");
  sockets[2].closed(4307, "ws://cards.example.org/n/node2");
  assert.equal(sockets.length, 4);
  assert.equal(last().origin, "ws://cards.example.org");
  assert.equal(last().searchParams.get("direct"), null);
  sockets[3].opened();
  sockets[3].closed(1012);
  mock.timers.tick(1000);
  assert.equal(last().searchParams.get("direct"), "1", "asks again once a socket opened");
  conn.close();
});

test("an address off the page's own origin is not followed: the site relays the socket", () => {
  page("https:");
  const { conn } = table();
  assert.equal(last().origin, "wss://cards.example.org");
  sockets[0].closed(4307, "wss://node2.example.org"); // another origin
  assert.equal(sockets.length, 2);
  assert.equal(last().origin, "wss://cards.example.org");
  assert.equal(last().searchParams.get("direct"), null);
  conn.close();
});

test("a socket the browser refuses at once is tried again through the site, relayed", () => {
  const { conn, statuses } = table();
  FakeSocket.refuse = "ws://cards.example.org/n/node2";
  sockets[0].closed(4307, "ws://cards.example.org/n/node2");
  assert.equal(sockets.length, 1, "the refused socket never opened");
  assert.equal(statuses[statuses.length - 1], "retry");
  mock.timers.tick(1000);
  assert.equal(sockets.length, 2);
  assert.equal(last().origin, "ws://cards.example.org");
  assert.equal(last().pathname, "/ws/T1");
  assert.equal(last().searchParams.get("direct"), null);
  conn.close();
});

test("a node's address is followed only on the page's own origin, with no query", () => {
  const http = { protocol: "http:", host: "cards.example.org" };
  const https = { protocol: "https:", host: "cards.example.org" };
  assert.equal(nodeAddress("wss://cards.example.org/n/node2/", https), "wss://cards.example.org/n/node2");
  assert.equal(nodeAddress("ws://cards.example.org/n/node2", http), "ws://cards.example.org/n/node2");
  assert.equal(nodeAddress("ws://cards.example.org/n/node2", https), null);
  assert.equal(nodeAddress("wss://cards.example.org/n/node2", http), null);
  assert.equal(nodeAddress("wss://node2.example.org", https), null);
  assert.equal(nodeAddress("wss://cards.example.org:8443/n/node2", https), null);
  assert.equal(nodeAddress("https://cards.example.org/n/node2", https), null);
  assert.equal(nodeAddress("wss://cards.example.org/n/node2?x=1", https), null);
  assert.equal(nodeAddress("javascript:alert(1)", http), null);
  assert.equal(nodeAddress("", http), null);
});
