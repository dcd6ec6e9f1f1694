// @ts-check
// The local table's Web Worker: Python (Pyodide) with this project's wheel, running the
// local table (scala40/offline/table.py) that the page speaks to as to the server's
// socket. Nothing here knows a rule: every message goes to Python and every answer comes
// back from it, as JSON text. The match is kept in IndexedDB after every change (the
// setup and the moves; Python replays them) so a closed page resumes it.
//
// The page sends:   {kind: "load", pyodide, wheel, sizes}   where Pyodide and the wheel are
//                   {kind: "resume"} | {kind: "start", setup} | {kind: "send", msg}
//                   {kind: "record"} | {kind: "forget"} | {kind: "bench", levels, decisions}
// The Worker sends: {kind: "progress", done, total} while the files come,
//                   {kind: "ready", kept} once Python runs (kept: a match is kept here),
//                   {kind: "message", msg} as the server's socket would,
//                   {kind: "record", text}, {kind: "forgotten"} (the kept match is gone),
//                   {kind: "refused", reason} (a bad setup), {kind: "failed", reason},
//                   {kind: "bench", figures} (each level's decision times, p50 and p95)

import { forgetMatch, keepMatch, keptMatch } from "./keep.js";

/**
 * The Python functions of scala40.offline.worker, as Pyodide hands them over.
 * @typedef {object} LocalPython
 * @property {(setup: string) => string} start
 * @property {(saved: string) => string} resume
 * @property {(message: string) => string} receive
 * @property {() => boolean} bot_due
 * @property {() => string} bot_move
 * @property {() => number} pace
 * @property {() => string} saved
 * @property {() => string} record
 * @property {() => boolean} over
 * @property {(levels: string, decisions: number) => string} bench
 */

/** The Worker's side of postMessage (lib.dom types `self` as a window). */
const scope = /** @type {{postMessage(m: unknown): void, addEventListener(t: "message", l: (e: MessageEvent) => void): void}} */ (
  /** @type {unknown} */ (self)
);

/** @type {LocalPython | null} */
let py = null;
/** @type {ReturnType<typeof setTimeout> | undefined} */
let timer;

/** @param {unknown} m */
function post(m) {
  scope.postMessage(m);
}

/** Fetch a file whole, telling the page how many bytes of all came so far.
 * @param {string} url
 * @param {{done: number, total: number}} count
 * @returns {Promise<ArrayBuffer>} */
async function fetchCounted(url, count) {
  const response = await fetch(url);
  if (!response.ok || !response.body) throw new Error(`${url}: ${response.status}`);
  const reader = response.body.getReader();
  /** @type {Uint8Array[]} */
  const parts = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    count.done += value.length;
    post({ kind: "progress", done: count.done, total: count.total });
  }
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out.buffer;
}

/** Where the Worker leaves the files it fetched, for the service worker to keep without
 * fetching them again (local/sw.js reads it at install, then deletes it). */
const PREFETCH = "scala40-local-prefetch";

/** Load Pyodide and the wheel. The big files are fetched here first, counted for the
 * progress bar; Pyodide's own requests for them are then answered from memory (`fetch` is
 * wrapped), and a copy is left for the service worker: each byte travels once.
 * @param {{pyodide: string, wheel: string, sizes: {[url: string]: number}}} where */
async function load(where) {
  const count = { done: 0, total: Object.values(where.sizes).reduce((a, b) => a + b, 0) };
  const urls = Object.keys(where.sizes);
  const bodies = await Promise.all(urls.map((u) => fetchCounted(u, count)));
  /** @type {Map<string, ArrayBuffer>} */
  const fetched = new Map(urls.map((u, i) => [u, bodies[i]]));
  const type = (/** @type {string} */ u) => (u.endsWith(".wasm") ? "application/wasm" : "application/octet-stream");
  const kept = self.caches && (await caches.keys()).some((n) => n.startsWith("scala40-local-") && n !== PREFETCH);
  if (self.caches && !kept) {
    // The first visit: the service worker, about to keep the site, finds these here.
    const cache = await caches.open(PREFETCH);
    await Promise.all(urls.map((u) => cache.put(u, new Response(fetched.get(u), { headers: { "Content-Type": type(u) } }))));
  }
  const network = self.fetch.bind(self);
  self.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), where.pyodide).href;
    const body = fetched.get(url);
    return body ? Promise.resolve(new Response(body, { headers: { "Content-Type": type(url) } })) : network(input, init);
  };
  const { loadPyodide } = await import(where.pyodide + "pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL: where.pyodide });
  pyodide.unpackArchive(fetched.get(where.wheel), "wheel");
  self.fetch = network;
  py = /** @type {LocalPython} */ (pyodide.pyimport("scala40.offline.worker"));
}

/** The messages Python answered, to the page.
 * @param {string} answer JSON: a list of messages */
function pass(answer) {
  for (const msg of JSON.parse(answer)) post({ kind: "message", msg });
}

/** Keep the match (after every change), then let a bot play if one is to. */
async function changed() {
  if (!py) return;
  await keepMatch(py.saved());
  schedule();
}

/** A bot to move plays after the match's pace; the person's turn, or the pause while
 * they read a hand's summary, is looked at again every half second. */
function schedule() {
  clearTimeout(timer);
  const table = py;
  if (!table || table.over()) return;
  if (!table.bot_due()) {
    timer = setTimeout(schedule, 500);
    return;
  }
  timer = setTimeout(() => {
    if (!table.bot_due()) return schedule();
    pass(table.bot_move());
    changed();
  }, table.pace() * 1000);
}

/** A Python error's own last line (its message), not the whole traceback.
 * @param {unknown} err */
function reason(err) {
  const text = String(err instanceof Error ? err.message : err).trim();
  const last = text.split("\n").pop() || text;
  return last.replace(/^[\w.]+Error: /, "");
}

scope.addEventListener("message", async (event) => {
  const m = event.data;
  try {
    if (m.kind === "load") {
      await load(m);
      post({ kind: "ready", kept: (await keptMatch()) !== null });
      return;
    }
    if (!py) throw new Error("the game is not loaded yet");
    if (m.kind === "resume") {
      const kept = await keptMatch();
      if (kept === null) throw new Error("no match is kept on this device");
      pass(py.resume(kept));
      schedule();
    } else if (m.kind === "start") {
      try {
        pass(py.start(JSON.stringify(m.setup)));
      } catch (err) {
        post({ kind: "refused", reason: reason(err) });
        return;
      }
      await changed();
    } else if (m.kind === "send") {
      pass(py.receive(JSON.stringify(m.msg)));
      if (m.msg.type === "action" || m.msg.type === "summary_closed") await changed();
    } else if (m.kind === "record") {
      post({ kind: "record", text: py.record() });
    } else if (m.kind === "bench") {
      // The bots' decision times in this browser (scripts/measure_offline.py asks).
      post({ kind: "bench", figures: JSON.parse(py.bench(JSON.stringify(m.levels), m.decisions)) });
    } else if (m.kind === "forget") {
      clearTimeout(timer);
      await forgetMatch();
      post({ kind: "forgotten" });
    }
  } catch (err) {
    post({ kind: "failed", reason: reason(err) });
  }
});
