// @ts-check
// The players around the table (badges, cards held, totals, cards known) and the turn line
// over the hand: whose turn, what I can do now, the turn timer, the links once it is over.

import { cardElement, prettyCard } from "../cards.js";
import { $ } from "../dom.js";
import { seatNameMarked, t, tn } from "../i18n.js";
import { countdown, parseDeadline } from "./clock.js";
import { matchLinks } from "./ended.js";
import { announce } from "../announce.js";
import { legal, me, myTurn, openingNeed, playerName } from "./facts.js";
import { pauseWords } from "./pause.js";
import { seatRating } from "./ratings.js";
import { S } from "./state.js";

/** Each seat: its name and badges, its cards and total, the cards of it everyone saw. */
export function renderPlayers() {
  const v = S.view;
  if (!v) return;
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
    name.textContent = p.taken === false ? `(${t("lobby.free")})` : seatNameMarked(p);
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
    const rating = seatRating(p, v.status, renderPlayers);
    if (rating) {
      const line = document.createElement("div");
      line.className = "meta rating";
      line.textContent = t("table.rating", { rating });
      el.append(line);
    }
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

/** The turn line (and the tab's title), ticking while a turn timer runs; the links to the
 * record and the replay once the match is over. */
export function renderTurn() {
  const v = S.view;
  if (!v) return;
  const bar = $("turnbar");
  bar.classList.toggle("mine", myTurn());
  let text = "";
  if (v.status === "playing" && S.watching) {
    text = `${t("watch.line")} — ${t("table.turnOf", { name: playerName(v.current) })}`;
  } else if (v.status === "playing" && v.spectator && v.seat < 0) {
    // A seat token with no seat yet: Play now promised a bot's seat from the next hand.
    text = `${t("table.seatNextHand")} — ${t("table.turnOf", { name: playerName(v.current) })}`;
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
  // The live region says whose turn it is when the turn passes (not on every patch).
  const turn = `${v.status}|${v.hand_number}|${v.status === "playing" ? v.current : ""}`;
  if (turn !== S.turnSaid) {
    S.turnSaid = turn;
    announce(text);
  }
  // A tab in the background still says when the table waits for this player.
  document.title = myTurn() ? `▶ ${t("table.yourTurn")} — Scala 40` : `Scala 40 — ${t("table.hand", { n: v.hand_number || 1 })}`;
  if (myTurn() && !S.wasMyTurn && navigator.vibrate) navigator.vibrate(120);
  S.wasMyTurn = myTurn();
  clearInterval(S.deadlineTimer);
  bar.classList.remove("hurry");
  const deadline = parseDeadline(v.turn_deadline);
  const pause = v.status === "playing" ? v.pause : null;
  bar.classList.toggle("paused", !!pause);
  if (pause) {
    // The table waits for the hand's summary to be read: no turn runs yet.
    const me = S.watching ? -1 : v.seat;
    const tick = () => {
      bar.textContent = `${t("pause.line")} · ${pauseWords(pause, Date.now(), playerName, me)}`;
    };
    tick();
    S.deadlineTimer = setInterval(tick, 1000);
  } else if (deadline && v.status === "playing") {
    const tick = () => {
      // The last seconds of my own turn: say plainly that a bot is about to play it.
      const { s, hurry } = countdown(deadline, Date.now(), myTurn());
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
