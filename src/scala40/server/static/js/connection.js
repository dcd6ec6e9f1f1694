// @ts-check
// The table's WebSocket: connects with the seat token, reconnects with backoff when the
// socket drops, keeps the link alive with pings, and hands every message to onMessage.
// On a cluster whose nodes give their own addresses, a socket that reached a node other
// than the table's is sent to the one that plays it (close 4307), and connects there.

const CLOSE_BAD_TOKEN = 4401;
const CLOSE_NO_TABLE = 4404;
const CLOSE_REPLACED = 4000; // another tab or device took this seat's connection
const CLOSE_WATCHERS_FULL = 4429; // the table has as many spectators as it allows
const CLOSE_ELSEWHERE = 4307; // another node plays the table: the reason is its address
/** Times in a row a socket follows 4307; then it asks the site to relay it (no direct=1). */
const MAX_HOPS = 3;

/** The node's WebSocket address a 4307 names, if this page follows it: on the page's own
 * origin (a path the site's proxy sends to that node, docs/deploy.md), ws:// from an http
 * page and wss:// from an https one. Another origin is not followed: the page's content
 * policy allows sockets to its own origin only, and the seat's token stays on the site.
 * @param {string} reason
 * @param {{protocol: string, host: string}} page location
 * @returns {string | null} */
export function nodeAddress(reason, page) {
  let url;
  try {
    url = new URL(reason);
  } catch {
    return null;
  }
  const scheme = page.protocol === "https:" ? "wss:" : "ws:";
  if (url.protocol !== scheme || url.host !== page.host || url.search || url.hash) return null;
  return reason.replace(/\/+$/, "");
}

/** @typedef {"connecting" | "open" | "retry" | "refused" | "gone" | "replaced" | "crowded"} ConnectionStatus */

/**
 * @typedef {object} ConnectionHandlers
 * @property {(msg: import("./types.js").ServerMessage) => void} onMessage
 * @property {(kind: ConnectionStatus, detail?: string | number) => void} onStatus
 * @property {boolean} [patches]
 */

export class TableConnection {
  /**
   * tableId, token; handlers: onMessage(msg), onStatus(kind, detail) where kind is
   * "connecting" | "open" | "retry" (detail = seconds) | "refused" (bad token), "gone" (no
   * such table), "replaced" (the seat connected elsewhere) or "crowded" (no room for one
   * more spectator), detail = the reason. patches: ask for `patch` messages after the
   * first `state` (docs/protocol.md); onMessage then gets them as they come.
   * @param {string} tableId
   * @param {string | null} token null: a spectator's connection
   * @param {ConnectionHandlers} handlers
   */
  constructor(tableId, token, { onMessage, onStatus, patches = false }) {
    this.tableId = tableId;
    this.token = token;
    this.patches = patches;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.delay = 0.5;
    /** @type {WebSocket | null} */
    this.ws = null;
    this.stopped = false;
    /** @type {ReturnType<typeof setInterval> | undefined} */
    this.pinger = undefined;
    /** The address of the node that plays the table, when one sent the socket there;
     * null: the site's own (any node of it).
     * @type {string | null} */
    this.base = null;
    /** 4307s followed since the last socket that opened (at MAX_HOPS: relayed instead). */
    this.hops = 0;
  }

  url() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    // No token: a spectator's connection (the public view only).
    const q = new URLSearchParams(this.token ? { token: this.token } : { watch: "1" });
    if (this.patches) q.set("patches", "1");
    // This page follows a 4307 to the node that plays the table, unless that failed.
    if (this.hops < MAX_HOPS) q.set("direct", "1");
    const base = this.base ?? `${proto}//${location.host}`;
    return `${base}/ws/${encodeURIComponent(this.tableId)}?${q}`;
  }

  connect() {
    if (this.stopped) return;
    this.onStatus("connecting");
    let ws;
    try {
      ws = new WebSocket(this.url());
    } catch {
      // Refused before it began (an address the browser will not connect to): the site's
      // own address, relayed, after the usual wait.
      this.base = null;
      this.hops = MAX_HOPS;
      this.retry();
      return;
    }
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.delay = 0.5;
      this.hops = 0;
      this.onStatus("open");
      this.send({ type: "sync" });
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.send({ type: "ping" }), 25000);
    });
    ws.addEventListener("message", (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      this.onMessage(msg);
    });
    ws.addEventListener("close", (ev) => {
      clearInterval(this.pinger);
      if (this.ws !== ws) return;
      this.ws = null;
      if (ev.code === CLOSE_ELSEWHERE) {
        // At once: the table is there, not gone. An address this page cannot use, or
        // one hop too many, and the site relays the socket instead.
        const there = nodeAddress(ev.reason, location);
        this.hops = there === null ? MAX_HOPS : this.hops + 1;
        this.base = this.hops < MAX_HOPS ? there : null;
        this.connect();
        return;
      }
      // Any other end (the table moved, the node went away): back to the site, which
      // finds the table wherever it is played now.
      this.base = null;
      if (ev.code === CLOSE_BAD_TOKEN || ev.code === CLOSE_NO_TABLE) {
        this.stopped = true;
        this.onStatus(ev.code === CLOSE_BAD_TOKEN ? "refused" : "gone", ev.reason || String(ev.code));
        return;
      }
      if (ev.code === CLOSE_REPLACED || ev.code === CLOSE_WATCHERS_FULL) {
        this.stopped = true;
        this.onStatus(ev.code === CLOSE_REPLACED ? "replaced" : "crowded", ev.reason);
        return;
      }
      this.retry();
    });
  }

  retry() {
    if (this.stopped) return;
    const wait = this.delay * (0.8 + Math.random() * 0.4);
    this.delay = Math.min(this.delay * 2, 15);
    this.onStatus("retry", Math.max(1, Math.round(wait)));
    setTimeout(() => this.connect(), wait * 1000);
  }

  /** Send a message; false if the socket is not open (the caller keeps its state).
   * @param {{type: string, [field: string]: unknown}} msg
   * @returns {boolean} */
  send(msg) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  close() {
    this.stopped = true;
    if (this.ws) this.ws.close();
  }
}
