// Made by scripts/build_pages.py from static/js/ (esbuild): edit those, not this.
import {
  renderFairBadge
} from "./chunk-L7UARKUG.js";
import {
  cardBack,
  cardElement,
  prettyCard,
  prettyCards,
  sortKey
} from "./chunk-MMSY7H4E.js";
import {
  renderScores
} from "./chunk-JKOAVRW4.js";
import {
  $,
  $input,
  $select,
  api,
  apiErrorText,
  applyI18n,
  installable,
  languageSwitch,
  recordSeatName,
  t,
  tn
} from "./chunk-RCI7G432.js";

// replay.js
var tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
var R = { data: null, i: 0, timer: null };
var replay = () => (
  /** @type {Replay} */
  R.data
);
function seatName(seat) {
  return recordSeatName(R.data?.seats, R.data?.seat_kinds, seat);
}
function players() {
  return (R.data?.seats || []).map((_, seat) => ({ seat, name: seatName(seat) }));
}
function actionWords(step) {
  if (!step.action) return t("rep.deal", { n: step.hand });
  const a = step.action;
  const name = seatName(
    /** @type {number} */
    step.seat
  );
  switch (a.type) {
    case "draw":
      return t("ev.draw", { name });
    case "pozzo":
      return t("ev.pozzo", { name, card: prettyCard(replay().steps[R.i - 1]?.state?.pozzo?.slice(-1)[0] || "") });
    case "discard":
      return t("ev.discard", { name, card: prettyCard(
        /** @type {string} */
        a.card
      ) });
    case "open":
      return t("ev.open", { name, cards: (
        /** @type {string[][]} */
        a.melds.map(prettyCards).join(" | ")
      ) });
    case "meld":
      return t("ev.meld", { name, cards: prettyCards(
        /** @type {string[]} */
        a.cards
      ) });
    case "layoff":
      return t("ev.layoff", { name, card: prettyCard(a.declared ? `JK=${a.declared}` : (
        /** @type {string} */
        a.card
      )) });
    case "swap":
      return t("ev.swap", { name, card: prettyCard(
        /** @type {string} */
        a.card
      ) });
    case "takeback":
      return t("ev.takeback", { name });
    default:
      return step.text || a.type;
  }
}
function scoresUpTo(i) {
  const rows = [];
  for (const step of replay().steps.slice(0, i + 1)) {
    if (step.summary) rows.push({ hand: step.summary.hand ?? step.hand, penalties: step.summary.penalties, totals: step.summary.totals });
  }
  return rows;
}
function render() {
  const data = R.data;
  if (!data || !data.steps.length) return;
  const step = data.steps[R.i];
  const st = step.state;
  $("hand-number").textContent = t("table.hand", { n: step.hand });
  $("counter").textContent = t("rep.step", { i: R.i + 1, n: data.steps.length });
  $input("slider").value = String(R.i);
  const deal = [...$select("hand-jump").options].filter((o) => Number(o.value) <= R.i).pop();
  if (deal) $select("hand-jump").value = deal.value;
  let text = actionWords(step);
  if (step.summary) {
    const w = step.summary.winner;
    text += " \u2014 " + (w === null || w === void 0 ? t("sum.stock_out") : t("sum.went_out", { name: seatName(w) }));
  }
  $("step-text").textContent = text;
  const stock = $("stock-slot");
  stock.replaceChildren();
  const back = cardBack();
  const count = document.createElement("span");
  count.className = "count";
  count.textContent = String(st.stock ?? "");
  stock.append(back, count);
  const pozzo = st.pozzo || [];
  $("pozzo-slot").replaceChildren(...pozzo.length ? [cardElement(pozzo[pozzo.length - 1])] : []);
  $("pozzo-under").replaceChildren(...pozzo.slice(-6, -1).reverse().map((c) => cardElement(c, { small: true })));
  const melds = $("melds");
  melds.replaceChildren();
  for (const m of st.table || []) {
    const el = document.createElement("div");
    el.className = "meld";
    const tag = document.createElement("span");
    tag.className = "tag";
    tag.textContent = `${m.id + 1} \xB7 ${m.points}`;
    el.append(tag, ...m.cards.map((c) => cardElement(c)));
    melds.append(el);
  }
  const hands = $("hands");
  hands.replaceChildren();
  for (const p of players()) {
    const cards = st.hands?.[String(p.seat)];
    if (!cards) continue;
    const box = document.createElement("div");
    box.className = "replay-hand";
    if (st.current === p.seat) box.classList.add("turn");
    const title = document.createElement("div");
    const opened = st.opened?.[String(p.seat)];
    const total = st.totals?.[String(p.seat)] ?? 0;
    title.textContent = `${p.name} \xB7 ${tn("table.cards", cards.length)} \xB7 ${opened ? t("table.opened") : t("table.notOpened")} \xB7 ${t("table.total", { n: total })}`;
    const row = document.createElement("div");
    row.className = "cards";
    const sorted = [...cards].sort((a, b) => sortKey(a, "suit") - sortKey(b, "suit"));
    row.append(...sorted.map((c) => cardElement(c, { small: true })));
    box.append(title, row);
    hands.append(box);
  }
  renderScores($("scores"), $("chart"), players(), scoresUpTo(R.i), data.elimination);
}
function fillHandJump() {
  const select = $select("hand-jump");
  select.replaceChildren();
  replay().steps.forEach((step, i) => {
    if (!step.action) select.add(new Option(t("table.hand", { n: step.hand }), String(i)));
  });
  select.onchange = () => go(Number(select.value));
}
function go(i) {
  if (!R.data) return;
  R.i = Math.max(0, Math.min(R.data.steps.length - 1, i));
  render();
}
function togglePlay() {
  if (R.timer) {
    clearInterval(R.timer);
    R.timer = null;
    $("play").textContent = t("rep.play");
    return;
  }
  $("play").textContent = t("rep.pause");
  R.timer = setInterval(() => {
    if (R.i >= replay().steps.length - 1) togglePlay();
    else go(R.i + 1);
  }, 700);
}
async function start() {
  applyI18n();
  languageSwitch($("lang"), () => {
    if (R.data) fillHandJump();
    render();
    if (R.data) renderFairBadge($("fair-badge"), tableId, R.data.fair, R.data.fair?.hands_shown || []);
  });
  $("download").href = `/api/tables/${encodeURIComponent(tableId)}/record`;
  $("download").setAttribute("download", `scala40-${tableId}.json`);
  $("first").addEventListener("click", () => go(0));
  $("prev").addEventListener("click", () => go(R.i - 1));
  $("next").addEventListener("click", () => go(R.i + 1));
  $("last").addEventListener("click", () => go(Infinity));
  $("play").addEventListener("click", togglePlay);
  $input("slider").addEventListener("input", () => go(Number($input("slider").value)));
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "ArrowRight") go(R.i + 1);
    if (ev.key === "ArrowLeft") go(R.i - 1);
  });
  let data;
  try {
    data = await api(`/api/tables/${encodeURIComponent(tableId)}/replay`);
    R.data = data;
  } catch (err) {
    $("error").hidden = false;
    $("error").textContent = t("rep.missing", { message: apiErrorText(err) });
    return;
  }
  $input("slider").max = String(Math.max(0, data.steps.length - 1));
  fillHandJump();
  render();
  renderFairBadge($("fair-badge"), tableId, data.fair, data.fair?.hands_shown || []);
}
start();
installable();
