"""A bot program's processes: everything it starts ends with it, its standard error costs
a bounded amount, a stopped program starts again with a fresh hello, and a server's cap
keeps a program from starting (the built-in bot decides instead)."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scala40.bots.program import ProgramBot, Reason
from scala40.bots.program_stderr import TAIL_BYTES, TAIL_LINES

from .test_bot_protocol import MISBEHAVE, first_view, hand_first_seat, python_command


def alive(pid: int) -> bool:
    """Whether ``pid`` is a process that still runs (a zombie has ended). A process that
    ends while its stat file is read is gone too: the read then fails with ESRCH."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            stat = f.read()
    except (FileNotFoundError, ProcessLookupError):
        return False
    return stat[stat.rfind(b")") + 2 : stat.rfind(b")") + 3] != b"Z"


def wait_dead(pids: list[int], seconds: float = 3.0) -> list[int]:
    """The pids of ``pids`` still alive after up to ``seconds``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if not any(alive(p) for p in pids):
            return []
        time.sleep(0.05)
    return [p for p in pids if alive(p)]


def family_pids(log: Path) -> list[list[int]]:
    """Each start's pids as the family program wrote them: itself, child, grandchild."""
    return [[int(p) for p in line.split()] for line in log.read_text().splitlines()]


def decide(bot: ProgramBot) -> None:
    bot.choose(first_view(seat=hand_first_seat()), random.Random(1))


def test_the_program_its_child_and_its_setsid_grandchild_all_end_with_it(tmp_path: Path) -> None:
    log = tmp_path / "family.txt"
    bot = ProgramBot(python_command(MISBEHAVE, "family", str(log)))
    decide(bot)
    assert bot.incidents == []
    (pids,) = family_pids(log)
    assert all(alive(p) for p in pids), "the program, its child and its grandchild run"
    started = time.monotonic()
    bot.close()  # its input ends; it exits at once, leaving its child and grandchild
    assert wait_dead(pids) == [], "a process of the program's tree outlived its game"
    assert time.monotonic() - started < 3.0


def test_a_stopped_program_starts_again_with_a_fresh_hello(tmp_path: Path) -> None:
    spy = tmp_path / "spy.jsonl"
    bot = ProgramBot(python_command(MISBEHAVE, "spy", str(spy)))
    decide(bot)
    assert bot.running
    bot.stop()
    assert not bot.running
    decide(bot)
    bot.close()
    messages = [json.loads(line) for line in spy.read_text().splitlines()]
    assert [m["type"] for m in messages] == ["hello", "decide", "hello", "decide"]
    assert [m["restarts"] for m in messages if m["type"] == "hello"] == [0, 1]
    assert bot.incidents == [] and bot.fallback_decisions == 0


def deleted_bytes_open() -> int:
    """Bytes of deleted files this process still holds open (a temporary file's cost)."""
    total = 0
    for fd in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
            if target.endswith("(deleted)"):
                total += os.fstat(int(fd)).st_size
        except OSError:
            continue
    return total


def test_megabytes_of_standard_error_keep_only_the_last_lines() -> None:
    bot = ProgramBot(python_command(MISBEHAVE, "chatter"))
    before = deleted_bytes_open()
    for _ in range(3):
        decide(bot)  # 8 MiB of standard error each time
    assert bot.incidents == [], "the program was kept waiting on its standard error"
    assert deleted_bytes_open() - before < 1 << 20, "standard error grows a hidden file"
    proc = bot._proc
    assert proc is not None
    deadline = time.monotonic() + 5
    while proc.stderr.written < 24_000_000 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert proc.stderr.written >= 24_000_000
    assert proc.stderr.kept_bytes <= TAIL_BYTES
    assert len(proc.stderr.text().splitlines()) <= TAIL_LINES
    bot.close()


class OneSlot:
    """A cap of one running program, as a server keeps it (:class:`Slots`)."""

    def __init__(self) -> None:
        self.used = 0

    def take(self) -> str | None:
        if self.used >= 1:
            return "the server runs 1 program, its limit (max_live_programs)"
        self.used += 1
        return None

    def give_back(self) -> None:
        self.used -= 1


def test_a_program_over_the_cap_does_not_start_and_the_built_in_bot_decides(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    slots = OneSlot()
    log = tmp_path / "family.txt"
    first = ProgramBot(python_command(MISBEHAVE, "family", str(log)), slots=slots)
    second = ProgramBot(python_command(MISBEHAVE, "family", str(log)), slots=slots)
    decide(first)
    decide(second)
    assert first.running and not second.running
    assert [i.reason for i in second.incidents] == [Reason.LIMIT]
    assert second.fallback_decisions == 1 and not second.gone
    assert "max_live_programs" in caplog.text
    assert len(family_pids(log)) == 1, "a second program started past the cap"
    first.close()
    assert slots.used == 0
    decide(second)  # room again: it starts
    assert second.running and slots.used == 1
    second.close()
    assert slots.used == 0
    assert wait_dead([p for start in family_pids(log) for p in start]) == []


HOST = """
import random, sys, time
sys.path[:0] = [{tests!r}]
from botproto.test_bot_protocol import first_view, hand_first_seat
from scala40.bots.program import ProgramBot
bot = ProgramBot({command!r})
bot.choose(first_view(seat=hand_first_seat()), random.Random(1))
print("playing", flush=True)
time.sleep(60)
"""


def test_a_host_killed_outright_takes_its_programs_trees_with_it(tmp_path: Path) -> None:
    """A server killed by SIGKILL (or the out-of-memory killer) cannot stop anything: its
    programs' keepers see their control pipe close, and end the trees themselves."""
    log = tmp_path / "family.txt"
    command = python_command(MISBEHAVE, "family", str(log))
    tests = str(Path(__file__).resolve().parents[1])
    with subprocess.Popen(
        [sys.executable, "-c", HOST.format(tests=tests, command=command)],
        stdout=subprocess.PIPE,
        text=True,
    ) as host:
        try:
            assert host.stdout is not None and host.stdout.readline() == "playing\n"
            (pids,) = family_pids(log)
            assert all(alive(p) for p in pids)
        finally:
            host.kill()
    assert wait_dead(pids) == [], "a program's tree outlived the host that was killed"
