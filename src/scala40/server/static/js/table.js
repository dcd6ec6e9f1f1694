// The table page: draws what the server sends (VIEW, events, hints, hand summaries) and
// turns clicks and drags into intents. The server is the authority: nothing here changes
// the game until the next `state` message arrives.

import { api, ApiError, forgetSeatToken, lastNickname, playerIdentity, saveNickname, seatToken, takeSeat } from "./api.js";
import {
  actionCards, cardBack, cardElement, cardText, parseCard, prettyCard, prettyCards, selectionKey, SUITS,
  sortKey,
} from "./cards.js";
import { rememberSeen, renderAway, resultOf, retiredReport } from "./away.js";
import { TableConnection } from "./connection.js";
import {
  apiErrorText, applyI18n, getLang, languageSwitch, refusal, rulesSummary, seatName, t, tn,
} from "./i18n.js";
import { onFair, renderFairMark } from "./fair.js";
import { groupCombinations } from "./arrange.js";
import { renderGuide } from "./guide.js";
import { onChat, onChatError, renderChat, setupChat } from "./chat.js";
import { offerRematch, onRematchInfo, onRematchToken, renderRematch } from "./rematch.js";
import { initKeys } from "./keys.js";
import { animateEvent } from "./motion.js";
import { applyPatch } from "./patch.js";
import { showWhy } from "./rulelinks.js";
import { renderScores } from "./scores.js";
import { initSound, playSound, soundFor } from "./sound.js";

const $ = (id) => document.getElementById(id);
const STAND_IN_WARNING = 10; // seconds before the turn timer runs out that the warning shows
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
/** `/t/ID?watch`: a spectator's page, the public view only (a player who holds a seat here
 * is taken to it instead). */
const WATCH_ASKED = new URLSearchParams(location.search).has("watch");

const S = {
  view: null,
  v: 0,
  hand: [], // [{id, card}] in display order
  nextId: 1,
  fresh: new Set(), // ids that arrived with the last view (the drawn card)
  selected: new Set(),
  staged: [], // [{ids, cards, points}] melds waiting for Open
  sort: localStorage.getItem("scala40:sort") || "suit",
  groupEnds: new Set(), // the last card of each group of "Combinations" (arrange.js)
  sent: null, // the last action sent: a refusal of it names its card in the page's words
  hint: null,
  hinted: new Set(),
  log: [], // the events, newest first, worded in the page's language when drawn
  conn_status: null, // [kind, detail] of the connection, re-worded on a language switch
  joinReason: null, // () => the words under the join form, re-worded on a language switch
  missing: false, // no table at this address (the join form is not offered)
  pending: false,
  pendingTimer: null,
  dragging: null,
  conn: null,
  message: "",
  messageIsError: false,
  messageWords: null, // () => the message in the page's language, when it is ours
  refused: null, // {code, message} of the last refusal shown, re-worded on a language switch
  summaryOpen: false,
  lastSummary: null,
  wasMyTurn: false,
  deadlineTimer: null,
  away: null, // {moves, summary}: what a bot played for me while I was gone, until read
  retired: null, // the same report for a table the server has let go (see showGone)
  watching: false, // a spectator: no seat, the public view, nothing to play
  syncAsked: false, // a patch did not fit: the whole VIEW is asked for (onPatch)
};

// ---------------------------------------------------------------------------------------
// Start: a seat token means connect; otherwise the nickname form.

function start() {
  applyI18n();
  languageSwitch($("lang"), onLanguage);
  if (!tableId) {
    showMessage(() => t("err.noTableId"), true);
    return;
  }
  wireControls();
  setupChat(tableId, (m) => !!S.conn && S.conn.send(m));
  const token = seatToken(tableId);
  if (token) connect(token);
  else if (WATCH_ASKED) watch();
  else showJoin();
}

/** Watch the table: connect without a seat; the page hides what only a player uses. */
function watch() {
  S.watching = true;
  document.body.classList.add("watching");
  connect(null);
}

/** The page in the other language: every part drawn from words again. */
function onLanguage() {
  renderConn();
  if (S.missing) showMissing();
  else if (!$("join").hidden) showJoin(S.joinReason, { keepName: true });
  render();
  if (S.summaryOpen && S.lastSummary) showSummary(S.lastSummary);
  if (S.retired) showRetired();
}

let rulesCatalogue = null;

async function showJoin(reason, { keepName = false } = {}) {
  S.joinReason = typeof reason === "function" ? reason : reason ? () => reason : null;
  $("game").hidden = true;
  $("conn").textContent = "";
  $("join").hidden = false;
  if (!keepName) $("join-name").value = lastNickname();
  // A player who keeps a rating sits down under the identity's nickname.
  const identity = playerIdentity();
  if (identity) $("join-name").value = identity.nickname;
  $("join-name").readOnly = Boolean(identity);
  $("join-name-note").hidden = !identity;
  if (identity) $("join-name-note").textContent = t("lobby.ratedAs", { name: identity.nickname });
  $("join-error").textContent = S.joinReason ? S.joinReason() : "";
  try {
    const info = await api(`/api/tables/${encodeURIComponent(tableId)}`);
    if (!rulesCatalogue && info.rules_facts) rulesCatalogue = await api("/api/rules").catch(() => null);
    const names = info.seats
      .map((s) => (s.taken || s.kind !== "human" ? seatName(s) : `(${t("lobby.free")})`))
      .join(", ");
    const rules = rulesSummary(info.rules_facts, rulesCatalogue) ?? (info.rules_summary || "");
    $("join-info").textContent = `${names} — ${rules}`;
    // A league table seats the league's members only: its note names the league.
    $("join-league").hidden = !info.league;
    if (info.league) $("join-league").textContent = t("lobby.leagueLine", { name: info.league.name });
    if (info.status === "over") {
      // A finished match has no seat to take: offer its replay and record instead.
      $("join-btn").disabled = true;
      $("join-error").textContent = t("table.matchOver");
      const links = document.createElement("p");
      for (const [href, key] of matchLinks()) {
        const a = document.createElement("a");
        a.href = href;
        a.textContent = t(key);
        links.append(a, document.createElement("br"));
      }
      $("join-error").append(links);
      return;
    }
    const free = info.seats.some((s) => s.kind === "human" && !s.taken);
    if (!free) {
      $("join-error").textContent = t("table.full");
      $("join-btn").disabled = true;
    }
    $("join-watch").hidden = info.status !== "playing";
    $("join-watch-link").href = `/t/${encodeURIComponent(tableId)}?watch`;
  } catch (err) {
    if (err instanceof ApiError && err.code === "no_such_table") {
      S.missing = true;
      showMissing();
      return;
    }
    $("join-error").textContent = t("err.generic", { message: apiErrorText(err) });
  }
}

/** No table at this address: no seat to offer, the words for it and the way back to the
 * lobby (drawn again on a language switch). */
function showMissing() {
  $("join").hidden = true;
  $("ended").hidden = false;
  $("ended-title").textContent = t("api.no_such_table");
  const lobby = document.createElement("a");
  lobby.href = "/";
  lobby.textContent = t("table.lobbyLink");
  $("ended-links").replaceChildren(lobby);
}

async function join(ev) {
  ev.preventDefault();
  const nickname = $("join-name").value.trim();
  if (!nickname) return;
  try {
    const res = await takeSeat(tableId, nickname, null, playerIdentity()?.key ?? null);
    saveNickname(nickname);
    $("join").hidden = true;
    connect(res.token);
  } catch (err) {
    const why = () => {
      const text = apiErrorText(err);
      if (err instanceof ApiError && err.status === 409) return text === err.message ? t("table.full") : text;
      return t("lobby.error", { message: text });
    };
    S.joinReason = why;
    $("join-error").textContent = why();
  }
}

function connect(token) {
  $("game").hidden = false;
  // Patches: after the first VIEW the server sends only what changed (onPatch).
  S.conn = new TableConnection(tableId, token, { onMessage, onStatus, patches: true });
  S.conn.connect();
  window.addEventListener("online", () => {
    if (S.conn && !S.conn.ws && !S.conn.stopped) S.conn.connect();
  });
}

/** The connection's state in the page's language (kept to re-word it on a switch). */
function renderConn() {
  const el = $("conn");
  if (!S.conn_status) {
    if ($("game").hidden) el.textContent = "";
    return;
  }
  const [kind, detail] = S.conn_status;
  if (kind === "open") el.textContent = t("table.connected");
  else if (kind === "connecting") el.textContent = t("table.connecting");
  else if (kind === "retry") el.textContent = t("table.reconnecting", { s: detail });
  else if (kind === "replaced") el.textContent = t("table.replaced");
  else if (kind === "gone") el.textContent = t("table.gone");
  else if (kind === "crowded") el.textContent = t("watch.crowded");
  else el.textContent = "";
}

function onStatus(kind, detail) {
  const el = $("conn");
  el.classList.toggle("bad", kind !== "open");
  S.conn_status = [kind, detail];
  renderConn();
  if (kind === "open" || kind === "connecting" || kind === "retry") {
    // drawn by renderConn
  } else if (kind === "refused") {
    el.textContent = "";
    forgetSeatToken(tableId);
    showJoin(() => t("table.badToken")); // the close reason (detail) is the server's English
  } else if (kind === "replaced") {
    el.textContent = t("table.replaced");
    showMessage(() => t("table.replaced"), true);
  } else if (kind === "gone") {
    el.textContent = t("table.gone");
    showGone();
  } else if (kind === "crowded") {
    showMessage(() => t("watch.crowded"), true);
  }
  if (kind !== "open") setPending(false);
}

/** The table is not in play (finished, or unknown): say so and link what is left of it. */
async function showGone() {
  let over = false;
  try {
    const info = await api(`/api/tables/${encodeURIComponent(tableId)}`);
    over = info.status === "over";
  } catch {
    over = false;
  }
  if (S.view) {
    // The last state stays on screen; the links under the log lead on.
    showMessage(over ? "" : () => t("table.gone"), !over);
    return;
  }
  $("game").hidden = true;
  $("ended").hidden = false;
  $("ended-title").textContent = over ? t("table.matchOver") : t("table.gone");
  if (over) {
    retiredReport(tableId)
      .then((report) => {
        S.retired = report;
        showRetired();
      })
      .catch(() => {}); // the links below still lead to the replay
  }
  const links = $("ended-links");
  links.replaceChildren();
  for (const [href, key] of over ? matchLinks() : matchLinks().slice(-1)) {
    const a = document.createElement("a");
    a.href = href;
    a.textContent = t(key);
    links.append(a, document.createElement("br"));
  }
  if (over) offerRematch(tableId, links);
}

/** A retired table's result, and the moves made for me since I last saw it. */
function showRetired() {
  const { moves, result, players } = S.retired;
  const nameOf = (seat) => seatName(players.find((p) => p.seat === seat) || { name: `#${seat}` });
  $("ended-title").textContent = t("table.matchOver");
  renderAway($("ended-away"), moves, result, (ev) => eventLine(ev, nameOf), null);
  if (result) $("ended-title").hidden = true; // the report's own heading names the winner
}

function matchLinks() {
  const id = encodeURIComponent(tableId);
  return [
    [`/api/tables/${id}/record`, "table.recordLink"],
    [`/replay/${id}`, "table.replayLink"],
    ["/", "table.lobbyLink"],
  ];
}

// ---------------------------------------------------------------------------------------
// Messages from the server.

function onMessage(msg) {
  switch (msg.type) {
    case "state":
      onState(msg);
      break;
    case "patch":
      onPatch(msg);
      break;
    case "error":
      setPending(false);
      if (String(msg.code).startsWith("chat_")) {
        onChatError(msg); // said in the chat panel, not over the game
      } else if (msg.code === "entropy_refused") {
        // The hand was dealt before this browser's randomness arrived: nothing to show.
      } else if (msg.code === "stale_version") {
        // The table moved on while the click travelled: fetch the present and let the
        // player look again (nothing was done).
        S.conn.send({ type: "sync" });
      } else {
        showRefusal(msg.code, msg.message, cardReason(msg), msg.facts || null);
      }
      break;
    case "hint":
      onHint(msg);
      break;
    case "hand_over":
      playSound("out");
      showSummary(msg.summary);
      break;
    case "chat":
      onChat(msg);
      break;
    case "rematch":
      onRematchToken(msg);
      break;
    default:
      break;
  }
}

/** A `patch`: the changes from the VIEW of version `from`. Applied to the VIEW held, if
 * that is the one, it makes the new VIEW, drawn as a `state` would be; otherwise (or if it
 * does not apply) the page asks for the whole VIEW and drops the patch. */
function onPatch(msg) {
  let view = null;
  if (S.view && msg.from === S.v) {
    try {
      view = applyPatch(structuredClone(S.view), msg.ops);
    } catch {
      view = null;
    }
  }
  if (!view || typeof view !== "object") {
    // One ask until the whole VIEW comes: the patches on the way meanwhile miss too.
    if (!S.syncAsked) S.syncAsked = S.conn.send({ type: "sync" });
    return;
  }
  onState({ type: "state", v: msg.v, view, event: msg.event ?? null, rematch: msg.rematch });
}

function onState(msg) {
  S.syncAsked = false;
  const gap = S.v && msg.v > S.v + 1;
  const before = S.view && msg.v === S.v + 1 ? { table: S.view.table, mine: S.wasMyTurn } : null;
  const prevHand = S.view ? S.view.hand_number : null;
  S.v = msg.v;
  S.view = msg.view;
  // A spectator remembers the commitments too (to check the deals), but gives no entropy.
  onFair(tableId, msg.view.fair, S.watching ? null : (m) => S.conn.send(m));
  setPending(false);
  if (msg.event) logEvent(msg.event);
  const sameHand = prevHand === msg.view.hand_number;
  if (!sameHand) {
    S.staged = [];
    S.selected.clear();
  }
  reconcileHand(msg.view.hand || [], sameHand);
  clearHint();
  if (msg.event && msg.event.seat === S.view.seat) {
    // My move went through: start the next one from a clean slate.
    showMessage("");
    S.selected.clear();
  }
  if (!S.watching) rememberSeen(tableId, msg.v, msg.view.seat);
  onRematchInfo(msg.rematch);
  S.rematchInfo = msg.rematch || null;
  if (msg.away) {
    S.away = msg.away;
    if (msg.away.summary) S.lastSummary = msg.away.summary; // the turn line names the winner
  }
  render();
  if (before) feel(msg.event, before);
  if (gap) S.conn.send({ type: "sync" });
}

/** After the table is drawn: animate the move just made and play its sound (motion.js,
 * sound.js); a turn that has just become mine rings. */
function feel(ev, before) {
  if (ev) {
    const name = () => (ev.seat !== undefined && ev.seat !== null ? playerName(ev.seat) : "");
    animateEvent(ev, S.view, { mySeat: S.view.seat, name, prevTable: before.table || [] });
  }
  const sound = soundFor(ev);
  if (myTurn() && !before.mine) playSound("turn");
  else if (sound) playSound(sound);
}

function onHint(msg) {
  setPending(false);
  if (msg.v !== undefined && msg.v !== null && msg.v !== S.v) return; // for a past position
  S.hint = msg;
  S.hinted = new Set();
  const want = actionCards(msg.action);
  const used = new Set();
  for (const text of want) {
    const e = S.hand.find((x) => !used.has(x.id) && sameCard(x.card, text));
    if (e) {
      used.add(e.id);
      S.hinted.add(e.id);
    }
  }
  render();
}

function sameCard(a, b) {
  const x = parseCard(a);
  const y = parseCard(b);
  return x.joker ? y.joker : !y.joker && x.rank === y.rank && x.suit === y.suit;
}

function clearHint() {
  S.hint = null;
  S.hinted = new Set();
}

// ---------------------------------------------------------------------------------------
// The hand: keep the player's order across updates; new cards go to the end (or into place
// when sorting by suit or rank).

function reconcileHand(cards, sameHand) {
  const pool = [...cards];
  const kept = [];
  for (const e of S.hand) {
    const i = pool.indexOf(e.card);
    if (i >= 0) {
      kept.push(e);
      pool.splice(i, 1);
    }
  }
  const fresh = pool.map((card) => ({ id: S.nextId++, card }));
  // A card or two arriving in the same hand were just drawn (or taken back); a new deal is not.
  S.fresh = new Set(sameHand && fresh.length <= 2 ? fresh.map((e) => e.id) : []);
  S.hand = kept.concat(fresh);
  const ids = new Set(S.hand.map((e) => e.id));
  for (const id of [...S.selected]) if (!ids.has(id)) S.selected.delete(id);
  S.staged = S.staged.filter((m) => m.ids.every((id) => ids.has(id)));
  if (S.sort !== "custom") sortHand(S.sort);
}

function sortHand(by) {
  S.sort = by;
  localStorage.setItem("scala40:sort", by);
  if (by === "custom") return;
  if (by === "group") {
    const arranged = groupCombinations(S.hand);
    S.hand = arranged.order;
    S.groupEnds = new Set(arranged.groups.map((g) => g[g.length - 1]));
    return;
  }
  S.hand.sort((a, b) => sortKey(a.card, by) - sortKey(b.card, by));
}

function entry(id) {
  return S.hand.find((e) => e.id === id);
}

function stagedIds() {
  return new Set(S.staged.flatMap((m) => m.ids));
}

function selectedEntries() {
  return S.hand.filter((e) => S.selected.has(e.id));
}

// ---------------------------------------------------------------------------------------
// Facts about the view.

function me() {
  const v = S.view;
  return v ? v.players.find((p) => p.seat === v.seat) : null;
}

function playerName(seat) {
  const p = S.view?.players.find((x) => x.seat === seat);
  return p ? seatName(p) : `#${seat}`;
}

function legal() {
  return (S.view && S.view.legal) || {};
}

function myTurn() {
  return !!(S.view && S.view.my_turn && S.view.status === "playing");
}

/** The rule limits of the table, resolved by the engine's Rules (rules.limits). */
function limits() {
  return S.view?.rules?.limits || {};
}

function openingNeed() {
  return limits().opening_points ?? S.view?.rules?.opening_points;
}

/**
 * The engine's ways to lay the selected cards as a new meld: the entries of legal.melds
 * (each an option of the jokers' identities, its cards in table order and its points)
 * that lay exactly these cards, the most points first; [] when the engine does not take
 * them for a meld. The page asks this list; it does not judge a meld itself.
 */
function meldOptions(entries) {
  const key = selectionKey(entries.map((e) => e.card));
  return (legal().melds || [])
    .filter((m) => selectionKey(m.cards) === key)
    .sort((a, b) => b.points - a.points);
}

/** The words for a selection the engine does not take for a meld: its own refusal. */
function notMeldWords() {
  return refusal("invalid_meld");
}

// ---------------------------------------------------------------------------------------
// Sending intents.

function setPending(on) {
  S.pending = on;
  clearTimeout(S.pendingTimer);
  if (on) S.pendingTimer = setTimeout(() => setPending(false), 6000);
  $("game").dataset.pending = String(on);
  renderButtons();
}

function sendAction(action) {
  S.sent = action;
  if (!S.conn || !S.conn.send({ type: "action", v: S.v, action })) {
    showMessage(() => t("table.connecting"), true);
    return;
  }
  setPending(true);
}

function draw() {
  sendAction({ type: "draw" });
}

function takePozzo() {
  sendAction({ type: "pozzo" });
}

/** One of the engine's options for the selection: asked only when there are several. */
async function chooseMeldOption(options) {
  if (options.length === 1) return options[0];
  const buttons = options.map((o) => {
    const jokers = o.cards.filter((c) => c.startsWith("JK="));
    const label = jokers.map((j) => t("table.jokerAs", { card: prettyCard(j.slice(3)) })).join(", ");
    return { label: `${label} (${o.points})`, value: o.cards, option: o };
  });
  const title = options.every((o) => o.kind === "set") ? t("table.chooseSuit") : t("table.chooseEnd");
  const cards = await choose(title, buttons);
  return cards ? buttons.find((b) => b.value === cards).option : null;
}

async function planSelected() {
  const entries = selectedEntries();
  if (entries.length < 3) {
    showMessage(() => t("table.selectCards"), true);
    return null;
  }
  const options = meldOptions(entries);
  if (!options.length) {
    showRefusal("invalid_meld", "");
    return null;
  }
  const picked = await chooseMeldOption(options);
  if (!picked) return null;
  return { ids: entries.map((e) => e.id), cards: picked.cards, points: picked.points };
}

async function addMeld() {
  const m = await planSelected();
  if (!m) return;
  S.staged.push(m);
  S.selected.clear();
  showMessage("");
  render();
}

async function openWithStaged() {
  if (S.selected.size >= 3) {
    const m = await planSelected();
    if (!m) return;
    S.staged.push(m);
    S.selected.clear();
  }
  if (!S.staged.length) {
    showMessage(() => t("table.selectCards"), true);
    render();
    return;
  }
  render();
  sendAction({ type: "open", melds: S.staged.map((m) => m.cards) });
}

async function meld() {
  if (S.selected.size) {
    const m = await planSelected();
    if (!m) return;
    sendAction({ type: "meld", cards: m.cards });
    return;
  }
  if (S.staged.length) {
    sendAction({ type: "meld", cards: S.staged[0].cards });
    return;
  }
  showMessage(() => t("table.selectCards"), true);
}

function singleSelected() {
  const entries = selectedEntries();
  if (entries.length !== 1) {
    showMessage(() => t("table.selectOne"), true);
    return null;
  }
  return entries[0];
}

function discard(e = singleSelected()) {
  if (!e) return;
  sendAction({ type: "discard", card: e.card });
}

/** A card dropped or played on table meld `target`: a joker swap or a lay-off. */
async function playOnMeld(e, target) {
  const m = S.view.table.find((x) => x.id === target);
  if (!m) return;
  const joker = parseCard(e.card).joker;
  const listed = (legal().layoff || []).filter((x) => x.target === target && sameCard(x.card, e.card));
  // A swap the engine lists, or (nothing listed) the swap the card's place on the meld
  // names ("JK=7D" for the 7♦): sent so the engine answers, with its reason if refused.
  const swap = (legal().swap || []).some((x) => x.target === target && sameCard(x.card, e.card))
    || (!joker && !listed.length && m.cards.includes("JK=" + parseCard(e.card).text));
  if (swap) {
    sendAction({ type: "swap", card: e.card, target });
    return;
  }
  // The server lists the legal lay-offs, with the run end where it is a choice (its lo
  // and hi name what a joker stands for there); a joker on a set stands for a suit the
  // set does not show.
  const ends = [...new Set(listed.map((x) => x.end).filter(Boolean))];
  let options = ends.map((end) => ({
    end,
    declared: null,
    as: joker && m.kind === "run" ? cardText(end === "low" ? m.lo - 1 : m.hi + 1, m.suit) : null,
  }));
  if (joker && m.kind === "set" && m.cards.length < 4) {
    const shown = m.cards.map((c) => parseCard(c)).map((c) => (c.joker ? c.declared?.suit : c.suit));
    options = SUITS.filter((x) => !shown.includes(x)).map((x) => ({ end: null, declared: cardText(m.rank, x) }));
  }
  let pick = options[0] || { end: null, declared: null };
  if (options.length > 1) {
    const isSet = m.kind === "set";
    pick = await choose(isSet ? t("table.chooseSuit") : t("table.chooseEnd"), options.map((o) => ({
      label: isSet
        ? t("table.jokerAs", { card: prettyCard(o.declared) })
        : `${o.end === "low" ? t("table.low") : t("table.high")}${o.as ? " — " + t("table.jokerAs", { card: prettyCard(o.as) }) : ""}`,
      value: o,
    })));
    if (!pick) return;
  }
  const action = { type: "layoff", card: parseCard(e.card).joker ? "JK" : e.card, target };
  if (pick.end && (ends.length || options.length > 1)) action.end = pick.end;
  if (pick.declared) action.declared = pick.declared;
  sendAction(action);
}

function layoffButton() {
  const e = singleSelected();
  if (!e) return;
  const targets = [...new Set((legal().layoff || []).filter((x) => sameCard(x.card, e.card)).map((x) => x.target))];
  if (targets.length === 1) playOnMeld(e, targets[0]);
  else showMessage(() => t("table.clickMeld"));
}

function swapButton() {
  const e = singleSelected();
  if (!e) return;
  const targets = [...new Set((legal().swap || []).filter((x) => sameCard(x.card, e.card)).map((x) => x.target))];
  if (targets.length === 1) sendAction({ type: "swap", card: e.card, target: targets[0] });
  else showMessage(() => t("table.clickMeld"));
}

function askHint() {
  if (S.conn && S.conn.send({ type: "hint" })) setPending(true);
}

function playHint() {
  if (S.hint && S.hint.action) sendAction(S.hint.action);
}

// ---------------------------------------------------------------------------------------
// Dialogs.

function choose(title, options) {
  return new Promise((resolve) => {
    $("choice-title").textContent = title;
    const box = $("choice-buttons");
    box.replaceChildren();
    const done = (value) => {
      $("choice").hidden = true;
      resolve(value);
    };
    for (const o of options) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = o.label;
      if (Array.isArray(o.value)) b.dataset.cards = o.value.join(" ");
      else if (o.value && typeof o.value === "object") {
        b.dataset.end = o.value.end || "";
        b.dataset.declared = o.value.declared || "";
      }
      b.addEventListener("click", () => done(o.value));
      box.append(b);
    }
    $("choice-cancel").onclick = () => done(null);
    $("choice").hidden = false;
  });
}

function showSummary(sum) {
  if (!sum || !S.view) return;
  S.lastSummary = sum;
  const players = S.view.players;
  $("summary-title").textContent = t("sum.title", { n: sum.hand });
  let reason = "";
  if (sum.winner !== null && sum.winner !== undefined) {
    reason = t(sum.chiusura_in_mano ? "sum.chiusura" : "sum.went_out", { name: playerName(sum.winner) });
  } else {
    reason = t(sum.reason === "reshuffle_limit" ? "sum.reshuffle_limit" : "sum.stock_out");
  }
  $("summary-reason").textContent = reason;
  const table = $("summary-table");
  table.replaceChildren();
  const head = table.createTHead().insertRow();
  // A one-hand match keeps no running total: the hand's penalties are the result.
  const single = !!limits().single_hand;
  for (const key of single ? ["sum.player", "sum.penalty"] : ["sum.player", "sum.penalty", "sum.total"]) {
    const th = document.createElement("th");
    th.textContent = t(key);
    head.append(th);
  }
  const body = table.createTBody();
  for (const p of players) {
    const seat = String(p.seat);
    if (!(seat in (sum.penalties || {})) && !(seat in (sum.hands || {}))) continue;
    const tr = body.insertRow();
    tr.dataset.seat = seat;
    tr.className = sum.winner === p.seat ? "player-row winner" : "player-row";
    tr.insertCell().textContent = seatName(p);
    const pen = tr.insertCell();
    pen.className = "num penalty";
    pen.textContent = String(sum.penalties?.[seat] ?? 0);
    if (!single) {
      const tot = tr.insertCell();
      tot.className = "num";
      tot.textContent = String(sum.totals?.[seat] ?? "");
    }
    // The cards left in hand, revealed, on a row of their own under the player.
    const left = sum.hands?.[seat] || [];
    if (left.length) {
      const row = body.insertRow();
      row.className = "cards-row";
      row.dataset.seat = seat;
      const cell = row.insertCell();
      cell.colSpan = single ? 2 : 3;
      const cards = document.createElement("div");
      cards.className = "cards";
      cards.setAttribute("aria-label", t("sum.cards"));
      for (const c of left) cards.append(cardElement(c, { small: true }));
      cell.append(cards);
    }
  }
  const extra = [];
  if (sum.eliminated?.length) extra.push(t("sum.eliminated", { names: sum.eliminated.map(playerName).join(", ") }));
  const back = Object.keys(sum.reentered || {});
  if (back.length) extra.push(t("sum.reentered", { names: back.map((s) => playerName(Number(s))).join(", ") }));
  if (sum.match_over) extra.push(t("sum.matchOver", { name: playerName(sum.match_winner) }));
  $("summary-extra").textContent = extra.join(" · ");
  $("summary-close").textContent = t(sum.match_over ? "sum.close" : "sum.next");
  $("summary").hidden = false;
  S.summaryOpen = true;
  renderAwayReport();
}

/** Say something under the table; text may be a function giving the words, so a language
 * switch can say it again in the other language. */
function showMessage(text, isError = false) {
  S.messageWords = typeof text === "function" ? text : null;
  if (S.messageWords) text = S.messageWords();
  S.message = text;
  S.messageIsError = isError && !!text;
  S.refused = null;
  showWhy($("why"), null);
  const el = $("message");
  el.textContent = text;
  el.classList.toggle("error", S.messageIsError);
}

/** The card of a refused move, for the page's own sentence naming it (why.CODE), when
 * the move sent named one: never the engine's English beside a translated sentence. */
function cardReason(msg) {
  const card = S.sent?.card;
  const key = `why.${msg.code}`;
  if (!card || t(key) === key) return null;
  return { code: msg.code, message: msg.message, card, taken: S.view?.pozzo_card || null };
}

/** A refused move in the page's language, its specifics (``facts``: cards, numbers, a
 * seat) worded too (see i18n.js). */
function showRefusal(code, message, reason = null, facts = null) {
  const text = reason ? reasonWords(reason) : refusal(code, message, factWords(facts));
  showMessage(text, true);
  S.refused = { code, message, why: reason, facts };
  showWhy($("why"), code);
}

/** A refusal's facts ready for the page's sentences: cards as the page shows them, a seat
 * as its player's name, numbers as they are. */
function factWords(facts) {
  if (!facts || typeof facts !== "object") return null;
  const out = { ...facts };
  const one = (c) => (parseCard(c).joker && !parseCard(c).declared ? t("card.joker") : prettyCard(c));
  if (typeof facts.card === "string") out.card = one(facts.card);
  if (Array.isArray(facts.cards)) out.cards = prettyCards(facts.cards);
  if (Number.isInteger(facts.seat)) out.name = playerName(facts.seat);
  return out;
}

/** One event of the log in the page's language ("" for a kind the page does not word). */
function eventLine(ev, nameOf = playerName) {
  const name = ev.seat !== undefined && ev.seat !== null ? nameOf(ev.seat) : "";
  const cards = ev.melds ? ev.melds.map((m) => prettyCards(m)).join(" | ") : ev.cards ? prettyCards(ev.cards) : "";
  const key = `ev.${ev.type}`;
  const text = t(key, { name, card: ev.card ? prettyCard(ev.card) : "", cards });
  return text === key ? "" : text;
}

function logEvent(ev) {
  if (!eventLine(ev)) return;
  S.log.unshift(ev);
  S.log.length = Math.min(S.log.length, 40);
}

// ---------------------------------------------------------------------------------------
// Drawing.

function render() {
  const v = S.view;
  if (!v) return;
  // What a script (or a test) can wait on: the version, the phase, whose turn.
  const game = $("game");
  game.dataset.v = String(S.v);
  game.dataset.phase = v.phase || "";
  game.dataset.myTurn = String(myTurn());
  game.dataset.pending = String(S.pending);
  game.dataset.hand = String(v.hand_number || 0);
  $("hand-number").textContent = v.hand_number ? t("table.hand", { n: v.hand_number }) : "";
  renderFairMark($("fair"), v.fair);
  renderInvite();
  renderAwayReport();
  renderPlayers();
  renderTurn();
  renderPiles();
  renderMelds();
  if (!S.dragging) renderHand();
  renderStaging();
  renderButtons();
  renderHint();
  renderGuide($("guide"), tableId, v, { askHint, canHint: () => myTurn() && !S.pending });
  const named = v.players.map((p) => ({ ...p, name: p.taken === false ? `(${t("lobby.free")})` : seatName(p) }));
  renderScores($("scores"), $("chart"), named, v.scores || [], v.elimination, { single: !!limits().single_hand });
  renderLog();
  if (S.watching) $("rematch").hidden = true;
  else renderRematch($("rematch"), v, tableId, (m) => S.conn.send(m));
  renderChat(v);
  renderWatching();
  for (const b of document.querySelectorAll(".sortbtn")) b.classList.toggle("active", b.id === `sort-${S.sort}`);
  if (S.refused) showRefusal(S.refused.code, S.refused.message, S.refused.why, S.refused.facts);
  else if (S.message) showMessage(S.messageWords || S.message, S.messageIsError);
}

/** Coming back: the moves a bot made for me and, if the match ended, its result. */
function renderAwayReport() {
  const away = S.away;
  // A hand that ended while the bot played opens the summary over the table; the report
  // then sits inside that dialog, so the player reads both and the dialog hides neither.
  const box = $("away");
  if (S.summaryOpen) $("summary-dialog").insertBefore(box, $("summary-close"));
  else if (box.parentElement !== $("game")) $("turnbar").after(box);
  renderAway($("away"), away ? away.moves : [], away ? resultOf(away.summary, S.view.players) : null, eventLine, () => {
    S.away = null;
    render();
  });
}

/** Copy the invitation for a free seat; where the clipboard is refused, select the link
 * so the player can copy it by hand. */
async function copyInvite() {
  try {
    await navigator.clipboard.writeText($("invite-url").value);
    $("invite-copy").textContent = t("lobby.copied");
    setTimeout(() => { $("invite-copy").textContent = t("lobby.copy"); }, 2000);
  } catch {
    $("invite-url").select();
  }
}

function renderInvite() {
  const waiting = S.view.status === "waiting" && !S.watching;
  $("invite").hidden = !waiting;
  if (waiting) $("invite-url").value = `${location.origin}/t/${encodeURIComponent(tableId)}?join`;
}

/** A spectator is told what the page shows (no one's cards) and, while a seat is free,
 * where to sit; a player finds the link to share with spectators under the log. */
function renderWatching() {
  const v = S.view;
  const box = $("watching");
  box.hidden = !S.watching;
  if (S.watching) {
    box.replaceChildren(t("watch.banner"));
    if (v.players.some((p) => p.kind === "human" && p.taken === false)) {
      const a = document.createElement("a");
      a.href = `/t/${encodeURIComponent(tableId)}?join`;
      a.textContent = t("watch.sit");
      box.append(" ", a);
    }
  }
  $("watch-share").hidden = S.watching || v.status === "over";
}

/** Copy the spectators' link; where the clipboard is refused, show it to copy by hand. */
async function copyWatchLink() {
  const url = `${location.origin}/t/${encodeURIComponent(tableId)}?watch`;
  const said = $("watch-said");
  try {
    await navigator.clipboard.writeText(url);
    said.textContent = t("watch.copied");
  } catch {
    said.textContent = url;
  }
}

function renderPlayers() {
  const v = S.view;
  const box = $("players");
  box.replaceChildren();
  for (const p of v.players) {
    const el = document.createElement("div");
    el.className = "player";
    el.dataset.seat = String(p.seat);
    if (p.seat === v.current && v.status === "playing") el.classList.add("turn");
    if (p.seat === v.seat) el.classList.add("me");
    if (p.eliminated) el.classList.add("out");
    const name = document.createElement("div");
    name.className = "name";
    name.textContent = p.taken === false ? `(${t("lobby.free")})` : seatName(p);
    const badges = [];
    if (p.seat === v.seat) badges.push([t("table.you"), ""]);
    if (p.kind && p.kind !== "human") badges.push([t("table.bot"), ""]);
    else if (p.stand_in) badges.push([t("table.away"), ""]);
    else if (p.seat !== v.seat && p.taken !== false && p.connected === false) {
      // Not here right now, but nobody plays for them (yet): their seat waits.
      badges.push([t("table.offline"), ""]);
    }
    if (p.seat === v.dealer) badges.push([t("table.dealer"), ""]);
    if (p.opened) badges.push([t("table.opened"), "opened"]);
    if (p.eliminated) badges.push([t("table.out"), ""]);
    for (const [text, cls] of badges) {
      const b = document.createElement("span");
      b.className = "badge " + cls;
      b.textContent = text;
      name.append(b);
    }
    const meta = document.createElement("div");
    meta.className = "meta";
    meta.textContent = p.taken === false
      ? t("lobby.status.waiting")
      : `${tn("table.cards", p.cards)} · ${t("table.total", { n: p.total ?? 0 })}`;
    el.append(name, meta);
    if (p.known && p.known.length) {
      const known = document.createElement("div");
      known.className = "known";
      known.title = t("table.known");
      for (const c of p.known) known.append(cardElement(c, { small: true }));
      el.append(known);
    }
    box.append(el);
  }
}

function renderTurn() {
  const v = S.view;
  const bar = $("turnbar");
  bar.classList.toggle("mine", myTurn());
  let text = "";
  if (v.status === "playing" && S.watching) {
    text = `${t("watch.line")} — ${t("table.turnOf", { name: playerName(v.current) })}`;
  } else if (v.status === "playing" && v.spectator) {
    text = `${t("table.out")} — ${t("table.turnOf", { name: playerName(v.current) })}`;
  } else if (v.status === "playing") {
    if (!myTurn()) text = t("table.turnOf", { name: playerName(v.current) });
    else if (v.phase === "draw") text = t(legal().pozzo ? "table.yourTurnDraw" : "table.yourTurnDrawStock");
    else text = playLine();
    // pozzo_used is the engine's word that the card taken need not be used any more
    // (kept under keep_pozzo_card or open_from_pozzo = keep, or used already).
    if (myTurn() && v.phase === "play" && v.pozzo_card && !v.pozzo_used) {
      text += " · " + t("table.usePozzo", { card: prettyCard(v.pozzo_card) });
    }
  } else if (v.status === "over") {
    const sum = S.lastSummary;
    text = sum && sum.match_over && sum.match_winner !== null && sum.match_winner !== undefined
      ? t("sum.matchOver", { name: playerName(sum.match_winner) })
      : t("table.matchOver");
  } else {
    text = t("lobby.status.waiting");
  }
  bar.textContent = text;
  // A tab in the background still says when the table waits for this player.
  document.title = myTurn() ? `▶ ${t("table.yourTurn")} — Scala 40` : `Scala 40 — ${t("table.hand", { n: v.hand_number || 1 })}`;
  if (myTurn() && !S.wasMyTurn && navigator.vibrate) navigator.vibrate(120);
  S.wasMyTurn = myTurn();
  clearInterval(S.deadlineTimer);
  bar.classList.remove("hurry");
  const deadline = parseDeadline(v.turn_deadline);
  if (deadline && v.status === "playing") {
    const tick = () => {
      const s = Math.max(0, Math.round((deadline - Date.now()) / 1000));
      // The last seconds of my own turn: say plainly that a bot is about to play it.
      const hurry = myTurn() && s <= STAND_IN_WARNING;
      bar.classList.toggle("hurry", hurry);
      bar.textContent = `${text} · ${hurry ? tn("table.standInSoon", s) : tn("table.deadline", s)}`;
    };
    tick();
    S.deadlineTimer = setInterval(tick, 1000);
  }
  const over = v.status === "over";
  const links = $("links");
  links.replaceChildren();
  if (over) {
    for (const [href, key] of matchLinks()) {
      const a = document.createElement("a");
      a.href = href;
      a.textContent = t(key);
      links.append(a, document.createElement("br"));
    }
    const next = S.watching ? S.rematchInfo?.table_id : null;
    if (next) {
      const a = document.createElement("a");
      a.href = `/t/${encodeURIComponent(next)}?watch`;
      a.textContent = t("watch.rematch");
      links.append(a, document.createElement("br"));
    }
  }
}

function parseDeadline(value) {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "number") return value > 1e12 ? value : value * 1000;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

function renderPiles() {
  const v = S.view;
  const stock = $("stock-slot");
  stock.replaceChildren();
  if (v.stock > 0) {
    const back = cardBack();
    const count = document.createElement("span");
    count.className = "count";
    count.textContent = String(v.stock);
    stock.append(back, count);
  } else {
    const empty = document.createElement("div");
    empty.className = "empty-slot";
    stock.append(empty);
  }
  $("stock").classList.toggle("drop-ok", !!legal().draw && myTurn());
  const hinted = S.hint?.action?.type;
  $("stock").classList.toggle("hinted", hinted === "draw");
  $("pozzo").classList.toggle("hinted", hinted === "pozzo" || hinted === "discard");
  const pozzo = v.pozzo || [];
  const top = $("pozzo-slot");
  top.replaceChildren();
  if (pozzo.length) top.append(cardElement(pozzo[pozzo.length - 1]));
  else {
    const empty = document.createElement("div");
    empty.className = "empty-slot";
    top.append(empty);
  }
  const under = $("pozzo-under");
  under.replaceChildren();
  for (const c of pozzo.slice(-6, -1).reverse()) under.append(cardElement(c, { small: true }));
  const one = selectedEntries();
  const discardable = v.phase === "play" && one.length === 1 && !barredWhy(one[0].card);
  $("pozzo").classList.toggle("drop-ok", myTurn() && (!!legal().pozzo || discardable));
  $("pozzo").classList.toggle("barred", myTurn() && v.phase === "draw" && !!why().pozzo);
}

function renderMelds() {
  const v = S.view;
  const box = $("melds");
  box.replaceChildren();
  if (!v.table || !v.table.length) {
    const none = document.createElement("span");
    none.className = "muted";
    none.style.color = "#fff9";
    none.textContent = t("table.noMelds");
    box.append(none);
    return;
  }
  const sel = selectedEntries();
  const one = sel.length === 1 ? sel[0] : null;
  const layoffs = legal().layoff || [];
  const swaps = legal().swap || [];
  const hintTarget = S.hint?.action?.target;
  for (const m of v.table) {
    const el = document.createElement("div");
    el.className = "meld";
    el.dataset.id = String(m.id);
    const tag = document.createElement("span");
    tag.className = "tag";
    tag.textContent = `${m.id + 1} · ${m.points}`;
    el.append(tag);
    for (const c of m.cards) el.append(cardElement(c, { small: false }));
    const here = (x) => x.target === m.id && sameCard(x.card, one.card);
    if (one && (layoffs.some(here) || swaps.some(here))) {
      el.classList.add("target");
    }
    if (hintTarget === m.id) el.classList.add("hinted");
    box.append(el);
  }
}

function renderHand() {
  const v = S.view;
  const box = $("hand");
  box.replaceChildren();
  const staged = stagedIds();
  const discards = myTurn() && v.phase === "play" ? legal().discard || [] : [];
  const layoffCards = (legal().layoff || []).map((x) => x.card);
  for (const e of S.hand) {
    if (staged.has(e.id)) continue;
    const el = cardElement(e.card);
    el.dataset.id = String(e.id);
    el.tabIndex = 0;
    el.setAttribute("role", "button");
    if (S.selected.has(e.id)) el.classList.add("selected");
    if (S.sort === "group" && S.groupEnds.has(e.id)) el.classList.add("group-end");
    if (discards.some((d) => sameCard(d, e.card))) el.classList.add("legal-discard");
    else if (myTurn() && v.phase === "play" && barredWhy(e.card)) el.classList.add("barred");
    if (layoffCards.some((d) => sameCard(d, e.card))) el.classList.add("legal-layoff");
    if (S.hinted.has(e.id)) el.classList.add("hinted");
    if (S.fresh.has(e.id) && myTurn()) el.classList.add("drew");
    if (myTurn() && v.pozzo_card && !v.pozzo_used && sameCard(v.pozzo_card, e.card) && S.fresh.has(e.id)) {
      el.classList.add("from-pozzo");
    }
    box.append(el);
  }
}

function renderStaging() {
  const box = $("staging");
  box.replaceChildren();
  S.staged.forEach((m, i) => {
    const el = document.createElement("div");
    el.className = "staged";
    for (const c of m.cards) el.append(cardElement(c, { small: true }));
    const pts = document.createElement("span");
    pts.className = "pts";
    pts.textContent = tn("table.meldPoints", m.points);
    const back = document.createElement("button");
    back.type = "button";
    back.textContent = "✕";
    back.title = t("table.remove");
    back.addEventListener("click", () => {
      S.staged.splice(i, 1);
      render();
    });
    el.append(pts, back);
    box.append(el);
  });
  const opening = $("opening");
  const opened = me()?.opened;
  let points = S.staged.reduce((a, m) => a + m.points, 0);
  const sel = selectedEntries();
  let why = "";
  if (sel.length >= 3) {
    const options = meldOptions(sel);
    if (options.length) points += options[0].points;
    else why = notMeldWords();
  }
  const show = myTurn() && ((!opened && (S.staged.length > 0 || sel.length >= 3)) || !!why);
  opening.hidden = !show;
  if (show && why) {
    opening.className = "opening short";
    opening.textContent = why;
  } else if (show) {
    const need = openingNeed();
    const ok = points >= need;
    opening.className = "opening " + (ok ? "ok" : "short");
    opening.textContent = `${tn("table.opening", need, { points, need })} — ${ok ? t("table.openingOk") : tn("table.openingShort", need - points)}`;
  }
}

/**
 * The action bar: only the moves this moment of the turn offers (nothing while another
 * player moves). A move offered but not possible yet stays greyed (aria-disabled, so a tap
 * still reaches it) and a tap says why: the engine's reason sent with the view, or what to
 * select first.
 */
function renderButtons() {
  const v = S.view;
  if (!v) return;
  const L = legal();
  const turn = myTurn();
  const drawing = turn && v.phase === "draw";
  const play = turn && v.phase === "play";
  const sel = selectedEntries();
  const one = sel.length === 1 ? sel[0] : null;
  const opened = !!me()?.opened;
  const layoffs = L.layoff || [];
  const swaps = L.swap || [];
  // What to select first is guidance, not a refusal: it goes with the next selection.
  const selectCards = () => showMessage(() => t("table.selectCards"));
  const selectOne = () => showMessage(() => t("table.selectOne"));
  offReasons.clear();
  const set = (id, shown, enabled, reason = null, highlight = true) => {
    const b = $(id);
    b.hidden = !shown;
    b.disabled = shown && S.pending;
    const off = shown && !enabled;
    b.setAttribute("aria-disabled", String(off));
    b.classList.toggle("legal", shown && enabled && highlight && !S.pending);
    if (off && reason) offReasons.set(id, reason);
  };
  set("btn-draw", drawing, !!L.draw, () => why().draw && explain(why().draw));
  set("btn-pozzo", drawing, !!L.pozzo, () => why().pozzo && explain(why().pozzo));
  const opening = play && !opened && L.can_open !== false;
  set("btn-add", opening, sel.length >= 3, selectCards, false);
  set("btn-open", opening, S.staged.length > 0 || sel.length >= 3, selectCards);
  set("btn-meld", play && opened && L.can_meld !== false, sel.length >= 3 || S.staged.length > 0, selectCards);
  const fits = !!one && layoffs.some((x) => sameCard(x.card, one.card));
  set("btn-layoff", play && layoffs.length > 0, fits, one ? () => showMessage(() => t("table.whyNoLayoff")) : selectOne);
  const swapsOne = !!one && !parseCard(one.card).joker && swaps.some((x) => sameCard(x.card, one.card));
  set("btn-swap", play && opened && swaps.length > 0, swapsOne, one ? () => showMessage(() => t("table.whyNoSwap")) : selectOne);
  const barred = one ? barredWhy(one.card) : null;
  const discardable = !!one && (L.discard || []).some((d) => sameCard(d, one.card));
  set("btn-discard", play, discardable, barred ? () => explain(barred) : one ? null : selectOne);
  set("btn-takeback", turn && !!L.takeback, true, null, false);
  set("btn-hint", turn, true, null, false);
}

/** What each greyed action button says when tapped (filled by renderButtons). */
const offReasons = new Map();

/** The engine's reasons for the moves not possible now (legal.why of the view). */
function why() {
  return legal().why || {};
}

/** The engine's reason why `card` may not be discarded now, or null. */
function barredWhy(card) {
  return (why().discard || {})[card] || null;
}

/** Say why a move is not possible, before it is tried: the engine's reason, in the
 * page's language (the card it names shown as a card). */
function explain(reason) {
  showRefusal(reason.code, reason.message, reason);
}

/** Words for one of the engine's reasons sent with the view: for a reason about a card,
 * the page's sentence for the code naming that card as the page shows cards ("Joker",
 * "10♥", not the engine's "JK"); otherwise the refusal words for the code (the engine's
 * own sentence in English). */
function reasonWords(reason) {
  const key = `why.${reason.code}`;
  if (reason.card || reason.taken) {
    const name = (c) => (!c ? "" : parseCard(c).joker ? t("card.joker") : prettyCard(c));
    const text = t(key, { card: name(reason.card), taken: name(reason.taken) });
    if (text !== key) return text;
  }
  return refusal(reason.code, reason.message, factWords(reason.facts));
}

/** A card selected alone that may not be discarded says why at once; the words go when
 * the selection changes. */
function explainSelection() {
  const sel = selectedEntries();
  const reason = sel.length === 1 && myTurn() && S.view.phase === "play" ? barredWhy(sel[0].card) : null;
  if (reason) explain(reason);
  else if (S.refused?.why) showMessage("");
}

/** A tap on the pozzo: take it at the draw (or say why not); later, discard the selected
 * card (or say why it may not go). */
function pozzoTapped() {
  if (!myTurn() || S.pending) return;
  if (S.view.phase === "draw") {
    if (legal().pozzo) takePozzo();
    else if (why().pozzo) explain(why().pozzo);
    return;
  }
  const sel = selectedEntries();
  if (sel.length !== 1) showMessage(() => t("table.selectOne"));
  else discardOrExplain(sel[0]);
}

function discardOrExplain(e) {
  const reason = barredWhy(e.card);
  if (reason) explain(reason);
  else discard(e);
}

/** The turn line after the draw: only what the player can do now. */
function playLine() {
  const L = legal();
  if (!me()?.opened) {
    return L.can_open ? t("table.yourTurnOpen", { need: openingNeed() }) : t("table.yourTurnDiscard");
  }
  const layoff = (L.layoff || []).length > 0;
  if (L.can_meld && layoff) return t("table.yourTurnPlay");
  if (L.can_meld) return t("table.yourTurnPlayMeld");
  if (layoff) return t("table.yourTurnPlayLayoff");
  return t("table.yourTurnDiscard");
}

function renderHint() {
  const box = $("hintbox");
  if (!S.hint) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  box.dataset.action = S.hint.action ? S.hint.action.type : "";
  box.dataset.end = S.hint.action?.end || "";
  box.dataset.declared = S.hint.action?.declared || "";
  // The server explains its hint in English: English keeps that sentence; another language
  // says the move in its own words (the cards shown under it say the rest).
  const english = getLang() === "en" && S.hint.text;
  const head = english ? "" : hintHeadline(S.hint.action);
  $("hint-text").textContent = english ? S.hint.text : head || t("table.hintNone");
  // The melds the hint lays, as cards (an opening may be several).
  const a = S.hint.action || {};
  const groups = a.melds || (a.cards ? [a.cards] : []);
  const melds = $("hint-melds");
  melds.replaceChildren();
  for (const g of groups) {
    const el = document.createElement("span");
    el.className = "hint-meld";
    el.dataset.cards = g.join(" ");
    el.append(...g.map((c) => cardElement(c, { small: true })));
    melds.append(el);
  }
  $("btn-playhint").hidden = !S.hint.action;
  $("btn-playhint").disabled = !myTurn() || S.pending;
}

/** The hint's move in the page's language (the server explains it in English). */
function hintHeadline(a) {
  if (!a) return "";
  const cards = a.melds ? a.melds.map(prettyCards).join(" | ") : a.cards ? prettyCards(a.cards) : "";
  const card = a.card ? prettyCard(a.declared ? `JK=${a.declared}` : a.card) : "";
  const key = `hint.${a.type}`;
  const text = t(key, { card, cards, target: a.target !== undefined ? a.target + 1 : "" });
  return text === key ? "" : text;
}

function renderLog() {
  const ul = $("log");
  ul.replaceChildren();
  for (const ev of S.log.slice(0, 40)) {
    const line = eventLine(ev);
    if (!line) continue;
    const li = document.createElement("li");
    li.textContent = line;
    ul.append(li);
  }
}

// ---------------------------------------------------------------------------------------
// Input: click a card to select it, drag it to reorder, onto a meld (lay off or swap) or
// onto the pozzo (discard). Pointer events serve mouse and touch alike.

function toggleSelect(id) {
  if (S.selected.has(id)) S.selected.delete(id);
  else S.selected.add(id);
  if (S.message && !S.messageIsError) showMessage("");
  explainSelection();
  render();
}

function dropTargetAt(x, y) {
  const el = document.elementFromPoint(x, y);
  if (!el) return null;
  const meld = el.closest(".meld");
  if (meld) return { kind: "meld", el: meld, id: Number(meld.dataset.id) };
  const pozzo = el.closest("#pozzo");
  if (pozzo) return { kind: "pozzo", el: pozzo };
  const card = el.closest("#hand .card");
  if (card) return { kind: "card", el: card, id: Number(card.dataset.id) };
  if (el.closest("#hand")) return { kind: "hand", el: $("hand") };
  return null;
}

function onPointerDown(ev) {
  const cardEl = ev.target.closest(".card");
  if (!cardEl || ev.button > 0) return;
  S.dragging = { id: Number(cardEl.dataset.id), x: ev.clientX, y: ev.clientY, el: cardEl, moved: false, ghost: null, over: null };
  cardEl.setPointerCapture(ev.pointerId);
}

function onPointerMove(ev) {
  const d = S.dragging;
  if (!d) return;
  if (!d.moved && Math.hypot(ev.clientX - d.x, ev.clientY - d.y) < 8) return;
  if (!d.moved) {
    d.moved = true;
    d.ghost = d.el.cloneNode(true);
    d.ghost.classList.add("drag-ghost");
    d.ghost.classList.remove("selected");
    document.body.append(d.ghost);
    d.el.classList.add("dragging");
  }
  d.ghost.style.left = `${ev.clientX - 20}px`;
  d.ghost.style.top = `${ev.clientY - 30}px`;
  const target = dropTargetAt(ev.clientX, ev.clientY);
  if (d.over && d.over !== target?.el) d.over.classList.remove("drop-hover");
  if (target && (target.kind === "meld" || target.kind === "pozzo")) {
    target.el.classList.add("drop-hover");
    d.over = target.el;
  }
}

function onPointerUp(ev) {
  const d = S.dragging;
  if (!d) return;
  S.dragging = null;
  if (d.ghost) d.ghost.remove();
  if (d.over) d.over.classList.remove("drop-hover");
  d.el.classList.remove("dragging");
  if (!d.moved) {
    toggleSelect(d.id);
    return;
  }
  const e = entry(d.id);
  const target = dropTargetAt(ev.clientX, ev.clientY);
  if (!e || !target) {
    render();
    return;
  }
  if (target.kind === "meld" && myTurn()) playOnMeld(e, target.id);
  else if (target.kind === "pozzo" && myTurn()) discardOrExplain(e);
  else if (target.kind === "card" && target.id !== d.id) {
    const rect = target.el.getBoundingClientRect();
    const after = ev.clientX > rect.left + rect.width / 2;
    S.hand = S.hand.filter((x) => x.id !== d.id);
    const at = S.hand.findIndex((x) => x.id === target.id) + (after ? 1 : 0);
    S.hand.splice(at, 0, e);
    sortHand("custom");
  }
  render();
}

function onPointerCancel() {
  const d = S.dragging;
  S.dragging = null;
  if (d?.ghost) d.ghost.remove();
  render();
}

function wireControls() {
  $("join").addEventListener("submit", join);
  $("invite-copy").addEventListener("click", copyInvite);
  const hand = $("hand");
  hand.addEventListener("pointerdown", onPointerDown);
  hand.addEventListener("pointermove", onPointerMove);
  hand.addEventListener("pointerup", onPointerUp);
  hand.addEventListener("pointercancel", onPointerCancel);
  hand.addEventListener("keydown", (ev) => {
    const card = ev.target.closest(".card");
    if (card && (ev.key === "Enter" || ev.key === " ")) {
      ev.preventDefault();
      toggleSelect(Number(card.dataset.id));
    }
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && $("choice").hidden && S.selected.size) {
      S.selected.clear();
      render();
    }
  });
  $("melds").addEventListener("click", (ev) => {
    const m = ev.target.closest(".meld");
    if (!m || !myTurn()) return;
    const sel = selectedEntries();
    if (sel.length === 1) playOnMeld(sel[0], Number(m.dataset.id));
  });
  $("stock-slot").addEventListener("click", () => {
    if (!myTurn() || S.pending) return;
    if (legal().draw) draw();
    else if (why().draw) explain(why().draw);
  });
  $("pozzo-slot").addEventListener("click", pozzoTapped);
  // A greyed action says why it is off instead of doing nothing (caught before its own
  // listener runs; aria-disabled keeps it focusable and clickable).
  $("actions").addEventListener("click", (ev) => {
    const b = ev.target.closest("button");
    if (!b || b.getAttribute("aria-disabled") !== "true") return;
    ev.stopPropagation();
    ev.preventDefault();
    const reason = offReasons.get(b.id);
    if (reason) reason();
  }, true);
  $("btn-draw").addEventListener("click", draw);
  $("btn-pozzo").addEventListener("click", takePozzo);
  $("btn-add").addEventListener("click", addMeld);
  $("btn-open").addEventListener("click", openWithStaged);
  $("btn-meld").addEventListener("click", meld);
  $("btn-layoff").addEventListener("click", layoffButton);
  $("btn-swap").addEventListener("click", swapButton);
  $("btn-discard").addEventListener("click", () => discard());
  $("btn-takeback").addEventListener("click", () => sendAction({ type: "takeback" }));
  $("btn-hint").addEventListener("click", askHint);
  $("btn-playhint").addEventListener("click", playHint);
  $("sort-suit").addEventListener("click", () => {
    sortHand("suit");
    render();
  });
  $("sort-rank").addEventListener("click", () => {
    sortHand("rank");
    render();
  });
  $("sort-group").addEventListener("click", () => {
    sortHand("group");
    render();
  });
  initSound($("sound"));
  initKeys({ select: toggleSelect, words: applyI18n });
  $("watch-copy").addEventListener("click", copyWatchLink);
  $("summary-close").addEventListener("click", () => {
    $("summary").hidden = true;
    S.summaryOpen = false;
    renderAwayReport();
  });
}

start();
