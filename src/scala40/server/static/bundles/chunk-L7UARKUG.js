// Made by scripts/build_pages.py from static/js/ (esbuild): edit those, not this.
import {
  t
} from "./chunk-RCI7G432.js";

// fair.js
var key = (tableId) => `scala40:fair:${tableId}`;
function remembered(tableId) {
  try {
    const data = JSON.parse(localStorage.getItem(key(tableId)) || "{}");
    return { seen: data.seen || {}, given: data.given || [] };
  } catch {
    return { seen: {}, given: [] };
  }
}
function store(tableId, data) {
  try {
    localStorage.setItem(key(tableId), JSON.stringify(data));
  } catch {
  }
}
function randomHex(bytes) {
  const data = new Uint8Array(bytes);
  crypto.getRandomValues(data);
  return Array.from(data, (b) => b.toString(16).padStart(2, "0")).join("");
}
function onFair(tableId, fair, send) {
  if (!fair) return;
  const data = remembered(tableId);
  const shown = [
    [fair.hand, fair.commitment],
    [fair.next.hand, fair.next.commitment]
  ];
  for (const [hand, commitment] of shown) {
    if (!(String(hand) in data.seen)) data.seen[String(hand)] = commitment;
  }
  if (send && fair.next.open && !data.given.includes(fair.next.hand)) {
    data.given.push(fair.next.hand);
    send({ type: "entropy", hand: fair.next.hand, data: randomHex(16) });
  }
  store(tableId, data);
}
function renderFairMark(el, fair) {
  if (!el) return;
  el.hidden = !fair;
  if (!fair) return;
  el.textContent = t("fair.mark");
  el.title = t("fair.markTitle", { n: fair.hand, commitment: fair.commitment.slice(0, 16) });
}
function renderFairBadge(el, tableId, fair, hands) {
  if (!el) return;
  el.hidden = !fair || fair.verified === null;
  if (!fair || fair.verified === null) return;
  const seen = remembered(tableId).seen;
  const differs = hands.filter((h) => h.fair && String(h.number) in seen && seen[String(h.number)] !== h.fair.commitment).map((h) => h.number);
  el.classList.toggle("bad", !fair.verified || differs.length > 0);
  if (differs.length > 0) {
    el.textContent = t("fair.differs", { hands: differs.join(", ") });
  } else if (fair.verified) {
    el.textContent = t("fair.verified");
    el.title = t("fair.verifiedTitle", { n: fair.hands });
  } else {
    const why = t(`fair.problem.${fair.problem}`, { n: fair.hand ?? "" });
    el.textContent = t("fair.failed", { why });
    el.title = fair.why || "";
  }
}

export {
  onFair,
  renderFairMark,
  renderFairBadge
};
