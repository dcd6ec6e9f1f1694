// Made by scripts/build_pages.py from static/js/ (esbuild): edit those, not this.
import {
  t
} from "./chunk-RCI7G432.js";

// scores.js
var SEAT_COLOURS = ["#2f6fde", "#d9480f", "#2b8a3e", "#9c36b5", "#e8590c", "#0b7285", "#c2255c", "#5c940d"];
var SVG = "http://www.w3.org/2000/svg";
function svg(tag, attrs, text) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== void 0) el.textContent = String(text);
  return el;
}
function renderScores(tableHost, chartHost, players, scores, elimination, { single = false } = {}) {
  tableHost.replaceChildren(scoreTable(players, scores, elimination, single));
  chartHost.replaceChildren();
  if (scores.length && !single) chartHost.append(legend(players), chart(players, scores, elimination));
}
function scoreTable(players, scores, elimination, single = false) {
  const table = document.createElement("table");
  table.className = "scores";
  const head = table.createTHead().insertRow();
  const h = document.createElement("th");
  h.textContent = t("table.handCol");
  head.append(h);
  for (const p of players) {
    const th = document.createElement("th");
    th.textContent = p.name;
    head.append(th);
  }
  const body = table.createTBody();
  for (const row of scores) {
    const tr2 = body.insertRow();
    tr2.insertCell().textContent = String(row.hand);
    for (const p of players) {
      const v = row.penalties?.[String(p.seat)];
      tr2.insertCell().textContent = v === void 0 || v === null ? "\u2013" : String(v);
    }
  }
  if (single) return table;
  const last = scores[scores.length - 1];
  const tr = body.insertRow();
  tr.className = "total";
  tr.insertCell().textContent = t("table.totalRow");
  for (const p of players) {
    const v = last ? last.totals?.[String(p.seat)] ?? 0 : 0;
    const td = tr.insertCell();
    td.textContent = String(v);
    if (elimination && v >= elimination) td.classList.add("over");
  }
  return table;
}
function legend(players) {
  const div = document.createElement("div");
  div.className = "legend";
  players.forEach((p, i) => {
    const span = document.createElement("span");
    const dot = document.createElement("i");
    dot.style.background = SEAT_COLOURS[i % SEAT_COLOURS.length];
    span.append(dot, document.createTextNode(p.name));
    div.append(span);
  });
  return div;
}
function chart(players, scores, elimination) {
  const W = 320;
  const H = 170;
  const pad = { l: 32, r: 10, t: 10, b: 22 };
  const totals = scores.flatMap((row) => players.map((p) => row.totals?.[String(p.seat)] ?? 0));
  const top = Math.max(elimination || 0, ...totals, 10) * 1.08;
  const hands = scores.length;
  const x = (i) => pad.l + (W - pad.l - pad.r) * i / Math.max(hands, 1);
  const y = (v) => H - pad.b - (H - pad.t - pad.b) * v / top;
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": t("table.scores") });
  root.append(svg("rect", { x: 0, y: 0, width: W, height: H, fill: "#fbfbf8" }));
  root.append(svg("line", { x1: pad.l, y1: y(0), x2: W - pad.r, y2: y(0), stroke: "#999" }));
  root.append(svg("line", { x1: pad.l, y1: pad.t, x2: pad.l, y2: y(0), stroke: "#999" }));
  const step = top > 300 ? 100 : top > 120 ? 50 : 25;
  for (let v = step; v < top; v += step) {
    root.append(svg("line", { x1: pad.l, y1: y(v), x2: W - pad.r, y2: y(v), stroke: "#e3e3e3" }));
    root.append(svg("text", { x: pad.l - 4, y: y(v) + 3, "font-size": 9, "text-anchor": "end", fill: "#666" }, v));
  }
  for (let i = 0; i <= hands; i++) {
    root.append(svg("text", { x: x(i), y: H - 8, "font-size": 9, "text-anchor": "middle", fill: "#666" }, i));
  }
  if (elimination) {
    root.append(svg("line", {
      x1: pad.l,
      y1: y(elimination),
      x2: W - pad.r,
      y2: y(elimination),
      stroke: "#c0392b",
      "stroke-width": 1.5,
      "stroke-dasharray": "5 3",
      class: "elimination"
    }));
    root.append(svg(
      "text",
      { x: W - pad.r, y: y(elimination) - 3, "font-size": 9, "text-anchor": "end", fill: "#c0392b" },
      t("table.elimination", { n: elimination })
    ));
  }
  players.forEach((p, i) => {
    const colour = SEAT_COLOURS[i % SEAT_COLOURS.length];
    const pts = [[x(0), y(0)]];
    scores.forEach((row, h) => pts.push([x(h + 1), y(row.totals?.[String(p.seat)] ?? 0)]));
    root.append(svg("polyline", {
      points: pts.map((q) => q.join(",")).join(" "),
      fill: "none",
      stroke: colour,
      "stroke-width": 2
    }));
    for (const [cx, cy] of pts.slice(1)) root.append(svg("circle", { cx, cy, r: 2.5, fill: colour }));
  });
  return root;
}

export {
  svg,
  renderScores
};
