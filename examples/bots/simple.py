"""A Scala 40 bot in plain Python (standard library only), over the bot protocol.

    scala40 arena --bots 'heuristic,cmd:"python examples/bots/simple.py"' --hands 20

It reads one JSON message per line on standard input and writes one per line on standard
output (docs/bot-protocol.md). Its play is deliberately simple, so the protocol stays in
view: draw from the stock; open, meld and lay off whenever the host lists such a move
(the biggest first; while a card taken from the pozzo must still be laid, only moves that
lay it); then discard the card that would cost the most at the end of the hand. It never
takes back, so its turns always end.
"""

from __future__ import annotations

import json
import sys

PROTOCOL = 1
NAME = "simple.py"
FACES = {"A": 11, "J": 10, "Q": 10, "K": 10, "JK": 25}


def card_cost(card: str) -> int:
    """What a card in hand costs when the hand ends (a joker the most)."""
    rank = card if card == "JK" else card[:-1]
    return FACES.get(rank) or int(rank)


def choose(legal: list[str], view: dict[str, object]) -> str:
    """The move to make among the legal ones, written in the project's notation.

    While a card taken from the pozzo waits to be laid down (``pozzo_used`` false), only
    the moves that lay it are considered: another meld could use up the cards it needs,
    and the turn could then only be taken back, again and again.
    """
    if "draw" in legal:
        return "draw"
    waiting = None if view.get("pozzo_used", True) else view.get("pozzo_card")
    for verb in ("open", "meld", "layoff"):
        moves = [m for m in legal if m.split()[0] == verb]
        if waiting is not None:
            moves = [m for m in moves if waiting in m.split()]
        if moves:
            return max(moves, key=lambda m: len(m.split()))
    discards = [m for m in legal if m.startswith("discard ")]
    if discards:
        return max(discards, key=lambda m: card_cost(m.split()[1]))
    others = [m for m in legal if m != "takeback"]
    return (others or legal)[0]


def send(message: dict[str, object]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main() -> None:
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            send({"type": "ready", "protocol": PROTOCOL, "name": NAME})
        elif kind == "decide":
            move = choose(message["legal"], message["view"])
            send({"type": "action", "id": message["id"], "action": move})
        # hand_over and match_over need no answer; the host closes our input at the end.


if __name__ == "__main__":
    main()
