"""A protocol bot that says everything a program may say, then answers as it is told.

    python scripted.py ANSWER_FILE

``ready`` with a name; at each decision a ``log`` with the decision's id, a ``log``
without one and a ``legal`` request, then, once the legal reply is in, the action in
ANSWER_FILE (JSON: a text or an action object), with the decision's id. For the test
that holds the reference's program → host tables equal to what the host reads.
"""

from __future__ import annotations

import json
import sys

ANSWER = json.loads(open(sys.argv[1]).read())  # noqa: SIM115


def send(message: dict[str, object]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        send({"type": "ready", "protocol": 1, "name": "scripted"})
    elif message["type"] == "decide":
        send({"type": "log", "id": message["id"], "message": "asked"})
        send({"type": "log", "message": "asking for the legal moves"})
        send({"type": "legal", "id": message["id"]})
    elif message["type"] == "legal":
        send({"type": "action", "id": message["id"], "action": ANSWER})
