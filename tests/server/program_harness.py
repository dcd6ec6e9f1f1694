"""Count the processes bot programs keep alive at a real ``scala40 serve``.

The server offers ``bot:family``: tests/botproto/programs/misbehave.py in its ``family``
mode, which at each start leaves a sleeping child and a sleeping grandchild in a session
of its own (``setsid``) and exits as soon as its input ends; it writes the three pids to a
log. The harness makes TABLES tables of one person and SEATS program seats (from this
machine), waits, and counts what is alive: the pids of the log, and the keepers. Then the
person opens each table and leaves (a stand-in plays the seat), every match (one hand)
is played out, and it counts again. Last, as many tables playing whole matches are
opened and left: once nobody has been connected for ``bots_pause_seconds`` (10 s) they
pause, and it counts a third time.

    python -m tests.server.program_harness --tables 10 --seats 5     # prints the figures

A measurement, not a test: the test suite checks the same in tests/server/
test_program_processes.py on a smaller scale.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import connect

from .serving import free_port, serve

MISBEHAVE = Path(__file__).resolve().parents[1] / "botproto" / "programs" / "misbehave.py"


def alive(pid: int) -> bool:
    """Whether ``pid`` is a process that still runs (a zombie has ended). A process that
    ends while its stat file is read is gone too: the read then fails with ESRCH."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_bytes()
    except (FileNotFoundError, ProcessLookupError):
        return False
    return stat[stat.rfind(b")") + 2 : stat.rfind(b")") + 3] != b"Z"


def rss_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except (FileNotFoundError, ProcessLookupError):
        pass
    return 0


def keepers(marker: str) -> list[int]:
    """The keeper processes of this harness's programs (their command names the log)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if b"program_keeper.py" in command and marker.encode() in command:
            found.append(int(entry.name))
    return found


def count(log: Path) -> dict[str, int]:
    """What is alive now: the programs' trees (each start: program, child, grandchild)
    and their keepers, and the memory they hold."""
    started = (
        [int(p) for line in log.read_text().splitlines() for p in line.split()]
        if (log.exists())
        else []
    )
    trees = [p for p in started if alive(p)]
    kept = [p for p in keepers(str(log)) if alive(p)]
    return {
        "program_starts": len(started) // 3,
        "tree_processes_alive": len(trees),
        "keepers_alive": len(kept),
        "rss_mib": sum(rss_kib(p) for p in trees + kept) // 1024,
    }


def run(tables: int, seats: int, cap: bool) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="scala40-programs-"))
    log = folder / "family.txt"
    port = free_port()
    command = shlex.join([sys.executable, str(MISBEHAVE), "family", str(log)])
    options = ["--bot", f"family={command}", "--grace", "0.1"]
    if cap:
        options += ["--max-programs", str(tables * seats + 10)]
    proc = serve(port, folder, "", *options)
    base = f"http://127.0.0.1:{port}"
    figures: dict[str, Any] = {"tables": tables, "program_seats_each": seats}
    try:
        made = []
        with httpx.Client(base_url=base, timeout=10) as http:
            for _ in range(tables):
                r = http.post(
                    "/api/tables",
                    json={
                        "seats": ["human"] + ["bot:family"] * seats,
                        "nickname": "Anna",
                        "rules": {"preset": "fisca", "changes": {"fixed_hands": 1}},
                    },
                )
                r.raise_for_status()
                made.append(r.json())
            time.sleep(5.0)
            figures["never_played_after_5s"] = count(log)
            peak: dict[str, int] = {}
            for table in made:
                url = f"ws://127.0.0.1:{port}/ws/{table['table_id']}?token={table['token']}"
                with connect(url) as ws:
                    ws.recv()
            deadline = time.monotonic() + 300
            while time.monotonic() < deadline:
                now = count(log)
                if now["tree_processes_alive"] > peak.get("tree_processes_alive", -1):
                    peak = now
                statuses = [http.get(f"/api/tables/{t['table_id']}").json()["status"] for t in made]
                if all(s == "over" for s in statuses):
                    break
                time.sleep(0.2)
            figures["while_played_peak"] = peak
            figures["tables_over"] = sum(
                http.get(f"/api/tables/{t['table_id']}").json()["status"] == "over" for t in made
            )
            time.sleep(1.0)
            figures["after_the_matches_ended_1s"] = count(log)
            paused = []
            for _ in range(tables):
                r = http.post(
                    "/api/tables",
                    json={"seats": ["human"] + ["bot:family"] * seats, "nickname": "Bea"},
                )
                r.raise_for_status()
                paused.append(r.json())
            for table in paused:
                url = f"ws://127.0.0.1:{port}/ws/{table['table_id']}?token={table['token']}"
                with connect(url) as ws:
                    ws.recv()
            time.sleep(3.0)
            figures["whole_matches_3s_after_opened"] = count(log)
            time.sleep(10.0)
            figures["whole_matches_13s_after_left_paused"] = count(log)
    finally:
        proc.terminate()
        proc.wait(30)
    figures["after_the_server_stopped"] = count(log)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--seats", type=int, default=5, help="program seats per table (1-5)")
    parser.add_argument(
        "--no-cap", action="store_true", help="do not pass --max-programs (an older server)"
    )
    args = parser.parse_args()
    print(json.dumps(run(args.tables, args.seats, not args.no_cap), indent=2))


if __name__ == "__main__":
    main()
