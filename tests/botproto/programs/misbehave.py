"""A protocol bot that plays plainly but misbehaves once, as its argument says.

    python misbehave.py MODE [LOG]

Modes: ``garbage`` (a line that is not JSON), ``illegal`` (a move the rules refuse),
``unreadable`` (a move that is not notation), ``sleepy`` (sleeps past the time limit),
``quitter`` (exits mid-match), ``hog`` (allocates far more memory than allowed),
``flood`` (a line over the size limit), ``stranger`` (answers hello with protocol 99),
``spy`` (behaves, and writes every message it gets to LOG), ``curious`` (as ``spy``, but
asks for the legal moves at each decision and answers from the reply), ``good`` (behaves),
``family`` (at each hello starts a child that sleeps and, through a child that exits at
once, a grandchild in a session of its own, ``setsid``; writes its own pid and theirs to
LOG, one line per start; exits as soon as its input ends), ``chatter`` (writes 8 MiB to
standard error at each decision), ``talker`` (at its first decision sends a ``log``
message and writes a line to standard error, then behaves), ``slowstart`` (takes 1.5 s
to answer hello, then behaves: an interpreter slow to start).
The misbehaviour happens at the first decision (the third for ``quitter``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

MODE = sys.argv[1]
LOG = open(sys.argv[2], "a") if MODE in ("spy", "curious") else None  # noqa: SIM115
SLEEP = [sys.executable, "-c", "import time; time.sleep(300)"]


def start_family(log: str) -> None:
    """A sleeping child, and a sleeping grandchild that left the session (its parent gone)."""
    child = subprocess.Popen(SLEEP, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    read, write = os.pipe()
    middle = os.fork()
    if middle == 0:
        os.close(read)
        grandchild = os.fork()
        if grandchild == 0:
            os.setsid()
            os.close(write)
            os.execvp(SLEEP[0], SLEEP)
        os.write(write, str(grandchild).encode())
        os._exit(0)
    os.close(write)
    grandchild = int(os.read(read, 64))
    os.waitpid(middle, 0)
    with open(log, "a") as f:
        f.write(f"{os.getpid()} {child.pid} {grandchild}\n")


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
        if MODE == "family":
            start_family(sys.argv[2])
        if MODE == "slowstart":
            time.sleep(1.5)
        send({"type": "ready", "protocol": 99 if MODE == "stranger" else 1, "name": MODE})
        continue
    if MODE == "curious" and message["type"] == "decide":
        send({"type": "legal", "id": message["id"]})
        continue
    if MODE == "curious" and message["type"] == "legal":
        send({"type": "action", "id": message["id"], "action": plain(message["legal"])})
        continue
    if message["type"] != "decide":
        continue
    decisions += 1
    answer = plain(message["legal"])
    if MODE == "chatter":
        for _ in range(128):
            sys.stderr.write(("chatter " * 8191) + "\n")
        sys.stderr.flush()
    if decisions == 1 and MODE == "talker":
        send({"type": "log", "message": "talker: weighing the pozzo"})
        sys.stderr.write("talker: a line on stderr\n")
        sys.stderr.flush()
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
