"""A protocol bot that plays plainly but misbehaves once, as its argument says.

    python misbehave.py MODE [LOG]

Modes: ``garbage`` (a line that is not JSON), ``illegal`` (a move the rules refuse),
``unreadable`` (a move that is not notation), ``sleepy`` (sleeps past the time limit),
``quitter`` (exits mid-match), ``hog`` (allocates far more memory than allowed),
``flood`` (a line over the size limit), ``stranger`` (answers hello with protocol 99),
``spy`` (behaves, and writes every message it gets to LOG), ``good`` (behaves).
The misbehaviour happens at the first decision (the third for ``quitter``).
"""

from __future__ import annotations

import json
import sys
import time

MODE = sys.argv[1]
LOG = open(sys.argv[2], "a") if MODE == "spy" else None  # noqa: SIM115


def send(message: object) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def plain(legal: list[str]) -> str:
    """Draw, else the first discard: always legal, and every turn ends."""
    if "draw" in legal:
        return "draw"
    return next(m for m in legal if m.startswith("discard "))


decisions = 0
for line in sys.stdin:
    if LOG is not None:
        LOG.write(line)
        LOG.flush()
    message = json.loads(line)
    if message["type"] == "hello":
        send({"type": "ready", "protocol": 99 if MODE == "stranger" else 1, "name": MODE})
        continue
    if message["type"] != "decide":
        continue
    decisions += 1
    answer = plain(message["legal"])
    if decisions == 1 and MODE == "garbage":
        sys.stdout.write("this is not json\n")
        sys.stdout.flush()
        continue
    if decisions == 1 and MODE == "illegal":
        answer = "layoff 7H 99"
    if decisions == 1 and MODE == "unreadable":
        answer = "dance the tarantella"
    if decisions == 1 and MODE == "sleepy":
        time.sleep(0.9)
    if decisions == 3 and MODE == "quitter":
        sys.stderr.write("quitter: enough for today\n")
        sys.exit(3)
    if decisions == 1 and MODE == "hog":
        hoard = bytearray(8 << 30)
    if decisions == 1 and MODE == "flood":
        sys.stdout.write("x" * (2 << 20) + "\n")
        sys.stdout.flush()
        continue
    send({"type": "action", "id": message["id"], "action": answer})
