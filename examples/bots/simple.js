// A Scala 40 bot in JavaScript (Node.js standard library only), over the bot protocol.
//
//     scala40 arena --bots 'heuristic,cmd:"node examples/bots/simple.js"' --hands 20
//
// One JSON message per line on standard input, one per line on standard output
// (docs/bot-protocol.md). It plays like examples/bots/simple.py, but asks the host for
// the legal moves with {"type": "legal"} instead of reading them from the decision, to
// show that part of the protocol: draw; open, meld and lay off whenever possible (the
// biggest move first); then discard the card that would cost the most.
"use strict";

const readline = require("node:readline");

const PROTOCOL = 1;
const FACES = { A: 11, J: 10, Q: 10, K: 10, JK: 25 };

function cardCost(card) {
  const rank = card === "JK" ? card : card.slice(0, -1);
  return FACES[rank] ?? Number(rank);
}

function biggest(moves, score) {
  return moves.reduce((best, m) => (score(m) > score(best) ? m : best));
}

// While a card taken from the pozzo waits to be laid down (pozzo_used false), only the
// moves that lay it are considered: another meld could use up the cards it needs, and
// the turn could then only be taken back, again and again.
function choose(legal, view) {
  if (legal.includes("draw")) return "draw";
  const waiting = view.pozzo_used === false ? view.pozzo_card : null;
  for (const verb of ["open", "meld", "layoff"]) {
    const moves = legal.filter(
      (m) => m.split(" ")[0] === verb && (waiting === null || m.split(" ").includes(waiting)),
    );
    if (moves.length) return biggest(moves, (m) => m.split(" ").length);
  }
  const discards = legal.filter((m) => m.startsWith("discard "));
  if (discards.length) return biggest(discards, (m) => cardCost(m.split(" ")[1]));
  const others = legal.filter((m) => m !== "takeback");
  return (others.length ? others : legal)[0];
}

function send(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}

let view = {}; // the current decision's VIEW: the legal reply carries only the moves
const lines = readline.createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const message = JSON.parse(line);
  if (message.type === "hello") {
    send({ type: "ready", protocol: PROTOCOL, name: "simple.js" });
  } else if (message.type === "decide") {
    view = message.view;
    send({ type: "legal", id: message.id });
  } else if (message.type === "legal") {
    send({ type: "action", id: message.id, action: choose(message.legal, view) });
  }
  // hand_over and match_over need no answer; the host closes our input at the end.
});
