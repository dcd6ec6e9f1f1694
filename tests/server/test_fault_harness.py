"""The cluster keeps every table moving through faults (issue 32): the fault harness's short
plan — two of each kind: a node killed, a node paused past its lease, Redis and PostgreSQL
restarted — loses no acknowledged move, tells no seat a view the record does not hold, makes
no page give up, and leaves no table without a move for longer than lease + 5 s once a fault
has ended. The long run is ``python -m tests.server.fault_harness --minutes 8``."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest

from .conftest import PostgresServer, RedisServer
from .fault_harness import Fault, FaultKind, Harness, TableLog


@pytest.mark.slow
def test_no_table_stalls_past_lease_plus_5s_after_any_fault(
    own_postgres: PostgresServer, own_redis: RedisServer, tmp_path: Path
) -> None:
    harness = Harness(own_postgres, own_redis, tmp_path, tables=6, lease=2.0, seed=32)
    plan = list(FaultKind) * 2
    random.Random(32).shuffle(plan)
    try:
        harness.start()
        harness.run(plan)
    finally:
        harness.stop()
    try:
        report = harness.report()
        (tmp_path / "raw.json").write_text(json.dumps(harness.raw()))
    finally:
        harness.close()
    summary = json.dumps(report, indent=1)
    print(summary)  # the figures, shown with -s
    assert all(report["faults"][k.value]["faults"] == 2 for k in FaultKind), summary
    assert report["acknowledged_moves"] >= 100, summary
    assert report["lost_moves"] == {}, summary
    assert report["split_views"] == [], summary
    assert report["pages_told_to_give_up"] == [], summary
    assert report["stalls_over_limit"] == [], summary
    assert all(report["faults"][k.value]["stuck_tables"] == 0 for k in FaultKind), summary
    handed = report["faults"][FaultKind.KILL.value]["handover_s"]
    assert handed is not None and handed["max"] < report["stall_limit_s"], summary


class _Away:
    """A store the accounting test never starts (only its address is read)."""

    url = "postgresql+psycopg://nobody@127.0.0.1:1/none"


def test_the_harness_counts_a_wait_from_the_fault_s_end_and_flags_one_past_the_limit(
    tmp_path: Path,
) -> None:
    harness = Harness(_Away(), _Away(), tmp_path, tables=0, lease=1.0)  # type: ignore[arg-type]
    harness.began, harness.finished = 0.0, 40.0
    moving, stuck, over = TableLog("moving"), TableLog("stuck"), TableLog("over")
    moving.moves = [1.0, 2.0, 13.0, 14.0, 19.0, 24.5, 29.0, 34.0, 39.0]
    stuck.moves = [1.0, 2.0, 16.5, 17.0, 22.0, 27.0, 32.0, 37.0]  # 6.5 s after the pause ended
    over.moves = [1.0, 2.0]
    over.ended_at = 2.0  # ended: its silence afterwards is no stall
    # Stuck from the Redis restart's end (24 s) to the next fault (31 s), which ended at 32 s.
    late = TableLog("late")
    late.moves = [1.0, 2.0, 7.0, 12.0, 17.0, 22.0, 35.0]
    harness.logs = [moving, stuck, over, late]
    harness.faults = [
        Fault(FaultKind.PAUSE, started=3.0, ended=10.0),
        Fault(FaultKind.REDIS, started=22.5, ended=24.0),
        Fault(FaultKind.KILL, started=31.0, ended=31.0),
    ]
    try:
        assert harness.stalls() == [
            {"table": "stuck", "seconds": 6.5, "after": "sigstop"},
            {"table": "late", "seconds": 7.0, "after": "redis_restart"},
        ]
        assert harness.recoveries(harness.faults[0]) == [3.0, 6.5, 2.0]
        assert harness.gaps_across(harness.faults[0]) == [11.0, 14.5, 10.0]
        assert harness.recoveries(harness.faults[1]) == [0.5, 3.0, 11.0]
        # The longest wait of the moving table, 14 → 19 s, is within the limit (lease + 5 s).
        assert sorted(w for _t, w, _k in harness.waits())[-3:] == [5.0, 6.5, 7.0]
    finally:
        harness.close()


def test_a_hand_over_is_a_newer_lease_even_the_killed_node_s_next_life(tmp_path: Path) -> None:
    """After a kill the node's next life may take its tables back itself (other nodes wait
    while its name says in Redis that it is alive): that is a hand-over (a newer epoch fences
    the dead life out) and is counted apart; a table still under the dead life's lease is
    not; after a pause the same process taking a table again is no hand-over."""
    harness = Harness(_Away(), _Away(), tmp_path, tables=0, lease=0.2)  # type: ignore[arg-type]
    harness.limit = 0.5  # how long it watches past the fault's end
    later = time.time() + 60
    harness.leases = lambda: {  # type: ignore[method-assign]
        "back": ("node2", 4, later),  # the next life of node2: a newer epoch
        "moved": ("node1", 8, later),  # another node
        "stuck": ("node2", 5, later),  # the dead life's lease, as it was
    }
    try:
        kill = Fault(FaultKind.KILL, started=time.monotonic(), node="node2")
        kill.ended = kill.started
        held = {"back": 3, "moved": 7, "stuck": 5}
        harness.watch_handovers(kill, held, None)
        assert len(kill.handovers) == 2 and kill.retaken == 1
        assert held == {"stuck": 5}  # left: what no one took over in time
        pause = Fault(FaultKind.PAUSE, started=time.monotonic(), node="node2")
        pause.ended = pause.started
        harness.watch_handovers(pause, {"back": 3, "moved": 7}, None)
        assert len(pause.handovers) == 1 and pause.retaken == 0
    finally:
        harness.close()
