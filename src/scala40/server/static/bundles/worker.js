// Made by scripts/build_pages.py from static/js/ (esbuild): edit those, not this.

// local/keep.js
var DB = "scala40-local";
var STORE = "matches";
var KEY = "current";
function open() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}
async function onStore(mode, act) {
  const db = await open();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = act(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}
async function keptMatch() {
  const value = await onStore("readonly", (s) => s.get(KEY));
  return typeof value === "string" ? value : null;
}
async function keepMatch(text) {
  await onStore("readwrite", (s) => s.put(text, KEY));
}
async function forgetMatch() {
  await onStore("readwrite", (s) => s.delete(KEY));
}

// local/worker.js
var scope = (
  /** @type {{postMessage(m: unknown): void, addEventListener(t: "message", l: (e: MessageEvent) => void): void}} */
  /** @type {unknown} */
  self
);
var py = null;
var timer;
function post(m) {
  scope.postMessage(m);
}
async function fetchCounted(url, count) {
  const response = await fetch(url);
  if (!response.ok || !response.body) throw new Error(`${url}: ${response.status}`);
  const reader = response.body.getReader();
  const parts = [];
  for (; ; ) {
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
var PREFETCH = "scala40-local-prefetch";
async function load(where) {
  const count = { done: 0, total: Object.values(where.sizes).reduce((a, b) => a + b, 0) };
  const urls = Object.keys(where.sizes);
  const bodies = await Promise.all(urls.map((u) => fetchCounted(u, count)));
  const fetched = new Map(urls.map((u, i) => [u, bodies[i]]));
  const type = (u) => u.endsWith(".wasm") ? "application/wasm" : "application/octet-stream";
  const kept = self.caches && (await caches.keys()).some((n) => n.startsWith("scala40-local-") && n !== PREFETCH);
  if (self.caches && !kept) {
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
  py = /** @type {LocalPython} */
  pyodide.pyimport("scala40.offline.worker");
}
function pass(answer) {
  for (const msg of JSON.parse(answer)) post({ kind: "message", msg });
}
async function changed() {
  if (!py) return;
  await keepMatch(py.saved());
  schedule();
}
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
  }, table.pace() * 1e3);
}
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
      post({ kind: "ready", kept: await keptMatch() !== null });
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
