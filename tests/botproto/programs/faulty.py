"""A protocol bot with four specific faults, for ``scala40 bot-check`` to name.

    python faulty.py

It plays like examples/bots/simple.py (draw; the biggest open, meld or lay-off, the
pozzo card's first while it must be laid; then the dearest discard) but:

- its ``ready`` gives no name (advice, not a failure);
- **joker**: it writes a meld's joker without its identity (``meld 7H 7D JK``), which a
  set of three refuses;
- **house key**: holding six or more hearts in a row after opening, it lays them all as
  one run, as if runs had no bound (it ignores ``max_run_length_5``);
- **late**: facing more than 1,000 legal moves it weighs them past the decision's limit
  (``limits.decision_ms`` from hello, plus 300 ms);
- **malformed**: when a meld on the table holds a joker standing in a set, its answer is
  cut short and is not JSON.
"""

from __future__ import annotations

import json
import re
import sys
import time

FACES = {"A": 11, "J": 10, "Q": 10, "K": 10, "JK": 25}
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def card_cost(card: str) -> int:
    rank = card if card == "JK" else card[:-1]
    return FACES.get(rank) or int(rank)


def long_heart_run(hand: list[str]) -> str | None:
    """Six or more hearts in a row, as a meld (the house-key fault)."""
    held = [r for r in RANKS if r + "H" in hand]
    best: list[str] = []
    run: list[str] = []
    for rank in RANKS:
        run = [*run, rank] if rank in held else []
        best = run if len(run) > len(best) else best
    return "meld " + " ".join(r + "H" for r in best) if len(best) >= 6 else None


def choose(legal: list[str], view: dict[str, object]) -> str:
    if "draw" in legal:
        return "draw"
    me = view["seat"]
    players = view["players"]
    assert isinstance(players, list)
    opened = any(p["seat"] == me and p["opened"] for p in players)
    hand = view["hand"]
    assert isinstance(hand, list)
    if opened and (run := long_heart_run(hand)) is not None:
        return run
    waiting = None if view.get("pozzo_used", True) else view.get("pozzo_card")
    for verb in ("open", "meld", "layoff"):
        moves = [m for m in legal if m.split()[0] == verb]
        if waiting is not None:
            moves = [m for m in moves if waiting in m.split()]
        if moves:
            move = max(moves, key=lambda m: len(m.split()))
            return re.sub(r"JK=\S+", "JK", move) if verb == "meld" else move
    discards = [m for m in legal if m.startswith("discard ")]
    if discards:
        return max(discards, key=lambda m: card_cost(m.split()[1]))
    others = [m for m in legal if m != "takeback"]
    return (others or legal)[0]


def set_with_joker(view: dict[str, object]) -> bool:
    table = view["table"]
    assert isinstance(table, list)
    return any(m["kind"] == "set" and any("JK" in c for c in m["cards"]) for m in table)


def send(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def main() -> None:
    limit_s = 5.0
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello":
            limit_s = message["limits"]["decision_ms"] / 1000
            send(json.dumps({"type": "ready", "protocol": 1}))
        elif message["type"] == "decide":
            legal, view = message["legal"], message["view"]
            if len(legal) > 1000:
                time.sleep(limit_s + 0.3)
            answer = json.dumps(
                {"type": "action", "id": message["id"], "action": choose(legal, view)}
            )
            send(answer[:-4] if set_with_joker(view) else answer)


if __name__ == "__main__":
    main()
