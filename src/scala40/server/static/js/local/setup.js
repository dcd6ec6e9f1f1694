// @ts-check
// The table page in local mode (an exported site, or a server's /play): Python loads in a
// Web Worker with a progress bar, then the kept match resumes or the setup form deals a
// new one; the record downloads. The page's table code then runs as for a served table,
// through a LocalConnection (connection.js) instead of the socket.

import { $ } from "../dom.js";
import { BOT_LEVELS, botLevelWords, t } from "../i18n.js";
import { RulesForm } from "../rulesform.js";
import { LocalConnection } from "./connection.js";

/** @typedef {import("../connection.js").ConnectionHandlers} ConnectionHandlers */
/** @typedef {import("../types.js").RulesCatalogue} RulesCatalogue */

/**
 * Where the local table's files are, written by the export in the page's
 * `<meta name="scala40-local">` (relative to the page): Pyodide's folder, the wheel, the
 * rules catalogue (the lobby's `GET /api/rules`, written as a file), and the size of each
 * file fetched at start (for the progress bar).
 * @typedef {{pyodide: string, wheel: string, rules: string, sizes: {[url: string]: number}}} LocalFiles
 */

/** The local files named by the page, or null: a served table's page.
 * @returns {LocalFiles | null} */
export function localFiles() {
  const meta = document.querySelector('meta[name="scala40-local"]');
  if (!meta) return null;
  return JSON.parse(meta.getAttribute("content") || "{}");
}

/** Each address made absolute (a Worker resolves against its own script, not the page).
 * @param {LocalFiles} files
 * @returns {LocalFiles} */
function absolute(files) {
  const abs = (/** @type {string} */ u) => new URL(u, document.baseURI).href;
  /** @type {{[url: string]: number}} */
  const sizes = {};
  for (const [u, n] of Object.entries(files.sizes)) sizes[abs(u)] = n;
  return { pyodide: abs(files.pyodide), wheel: abs(files.wheel), rules: abs(files.rules), sizes };
}

/** A seed for a new match: 48 random bits (a JSON number keeps it exactly). */
function newSeed() {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return bytes.reduce((n, b) => n * 256 + b, 0);
}

/** The setup's rules form (the lobby's, rulesform.js), once the page has its catalogue.
 * @type {RulesForm | null} */
let rulesForm = null;

/** The setup form in the page's language: the seats and the rules, the choices made kept
 * (drawn again on a language switch). */
export function drawSetup() {
  drawBotChoices();
  if (rulesForm) rulesForm.draw();
}

/** The rules catalogue the export wrote beside the page (kept offline by the service
 * worker like every file of the site).
 * @param {string} url
 * @returns {Promise<RulesCatalogue>} */
async function loadCatalogue(url) {
  const answer = await fetch(url);
  if (!answer.ok) throw new Error(`${url}: ${answer.status}`);
  return answer.json();
}

/** The seat selects of the setup form: seat 2 holds a bot, seats 3–6 may. Drawn again in
 * the page's language on a switch (the choices made are kept). */
function drawBotChoices() {
  const row = $("local-bots");
  const chosen = [...row.querySelectorAll("select")].map((el) => el.value);
  row.replaceChildren();
  for (let seat = 2; seat <= 6; seat++) {
    const label = document.createElement("label");
    const words = document.createElement("span");
    words.textContent = t("local.bot", { n: seat });
    const select = document.createElement("select");
    select.id = `local-bot-${seat}`;
    const options = seat === 2 ? [...BOT_LEVELS] : ["", ...BOT_LEVELS];
    for (const level of options) {
      const option = document.createElement("option");
      option.value = level;
      option.textContent = level ? botLevelWords(level) : t("local.noBot");
      select.append(option);
    }
    select.value = chosen.length ? chosen[seat - 2] : seat <= 4 ? "club" : "";
    label.append(words, select);
    row.append(label);
  }
}

/** Save a text as a file the browser downloads.
 * @param {string} text
 * @param {string} name */
function download(text, name) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

/** Keep the site for offline use: its service worker (sw.js beside the page). */
function keepOffline() {
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register(new URL("sw.js", document.baseURI).href).catch(() => {});
  }
}

/**
 * Start the local table: load, then resume or set up, then `attach` the connection.
 * @param {LocalFiles} files
 * @param {ConnectionHandlers} handlers
 * @param {(conn: LocalConnection) => void} attach the table page takes the connection
 */
export function startLocal(files, handlers, attach) {
  document.body.classList.add("local");
  const load = $("local-load");
  const bar = /** @type {HTMLProgressElement} */ ($("local-progress"));
  const said = $("local-load-said");
  const form = /** @type {HTMLFormElement} */ ($("local-setup"));
  const error = $("local-error");
  load.hidden = false;
  said.textContent = t("local.starting");
  const where = absolute(files);
  const catalogue = loadCatalogue(where.rules);
  catalogue.catch(() => {}); // its failure is told when the form would show
  const showSetup = async () => {
    try {
      const rules = await catalogue;
      rulesForm = new RulesForm(/** @type {HTMLSelectElement} */ ($("local-preset")), $("local-rules"));
      rulesForm.draw(rules);
    } catch (err) {
      load.hidden = false;
      said.textContent = t("local.failed", { why: String(err) });
      return;
    }
    load.hidden = true;
    drawBotChoices();
    form.hidden = false;
  };
  const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  let dealing = false;
  const connect = () => {
    form.hidden = true;
    $("local-bar").hidden = false;
    const conn = new LocalConnection(worker, handlers);
    attach(conn);
    conn.connect();
  };
  worker.addEventListener("message", (ev) => {
    const m = ev.data;
    if (m.kind === "progress") {
      const mb = (/** @type {number} */ n) => (n / 1e6).toFixed(1);
      bar.max = m.total;
      bar.value = m.done;
      said.textContent = t("local.loading", { done: mb(m.done), total: mb(m.total) });
    } else if (m.kind === "ready") {
      // Kept for offline use once Python runs: the service worker copies what the
      // Worker fetched rather than fetching it alongside.
      keepOffline();
      if (m.kept) {
        load.hidden = true;
        worker.postMessage({ kind: "resume" });
        connect();
      } else {
        showSetup();
      }
    } else if (m.kind === "message" && dealing) {
      dealing = false;
      connect();
    } else if (m.kind === "refused") {
      dealing = false;
      error.textContent = m.reason;
    } else if (m.kind === "failed") {
      load.hidden = false;
      said.textContent = t("local.failed", { why: m.reason });
    } else if (m.kind === "forgotten") {
      location.reload();
    } else if (m.kind === "record") {
      download(m.text, `scala40-local-${new Date().toISOString().slice(0, 10)}.json`);
    }
  });
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    if (!rulesForm) return; // the form shows once it has its rules
    const bots = [2, 3, 4, 5, 6]
      .map((seat) => /** @type {HTMLSelectElement} */ ($(`local-bot-${seat}`)).value)
      .filter(Boolean);
    error.textContent = "";
    dealing = true;
    worker.postMessage({
      kind: "start",
      setup: {
        nickname: /** @type {HTMLInputElement} */ ($("local-name")).value,
        bots,
        preset: rulesForm.preset,
        changes: rulesForm.changes(),
        seed: newSeed(),
        first_dealer: Math.floor(Math.random() * (bots.length + 1)),
        bot_pace: /** @type {HTMLSelectElement} */ ($("local-pace")).value,
      },
    });
  });
  $("local-record").addEventListener("click", () => worker.postMessage({ kind: "record" }));
  $("local-new").addEventListener("click", () => {
    if (!confirm(t("local.newConfirm"))) return;
    worker.postMessage({ kind: "forget" }); // answered "forgotten": the page starts again
  });
  worker.postMessage({ kind: "load", pyodide: where.pyodide, wheel: where.wheel, sizes: where.sizes });
}
