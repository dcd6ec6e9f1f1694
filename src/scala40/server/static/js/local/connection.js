// @ts-check
// The table page's transport to a local table: the Web Worker (worker.js) instead of the
// server's WebSocket. It has the WebSocket connection's shape (connect, send, close and
// the same handlers), so the table page draws, sends and asks in one way whichever table
// is behind it: the Worker speaks the server's messages (docs/protocol.md).

/** @typedef {import("../connection.js").ConnectionHandlers} ConnectionHandlers */

export class LocalConnection {
  /**
   * @param {Worker} worker the Worker, loaded, its match started or resumed
   * @param {ConnectionHandlers} handlers
   */
  constructor(worker, { onMessage, onStatus }) {
    this.worker = worker;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    /** Never a socket: `ws` is null and `stopped` false, so nothing reconnects it. */
    this.ws = null;
    this.stopped = false;
    worker.addEventListener("message", (ev) => {
      if (ev.data && ev.data.kind === "message") this.onMessage(ev.data.msg);
    });
  }

  connect() {
    this.onStatus("open");
    this.send({ type: "sync" });
  }

  /** Send a message to the local table; always true (the Worker is always there).
   * @param {{type: string, [field: string]: unknown}} msg
   * @returns {boolean} */
  send(msg) {
    this.worker.postMessage({ kind: "send", msg });
    return true;
  }

  close() {
    this.stopped = true;
  }
}
