"""The cluster keeps every table moving through faults (issue 32): the fault harness's short
plan — two of each kind: a node killed, a node paused past its lease, Redis and PostgreSQL
restarted — loses no acknowledged move, tells no seat a view the record does not hold, makes
no page give up, and leaves no table without a move for longer than lease + 5 s once a fault
has ended. The long run is ``python -m tests.server.fault_harness --minutes 8``."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from .conftest import PostgresServer, RedisServer
from .fault_harness import Fault, FaultKind, Harness, TableLog


@pytest.mark.slow
def test_no_table_stalls_past_lease_plus_5s_after_any_fault(
    own_postgres: PostgresServer, own_redis: RedisServer, tmp_path: Path
) -> None:
    harness = Harness(own_postgres, own_redis, tmp_path, tables=6, lease=1.0, seed=32)
    plan = list(FaultKind) * 2
    random.Random(32).shuffle(plan)
    try:
        harness.start()
        harness.run(plan)
    finally:
        harness.stop()
    try:
        report = harness.report()
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
    moving.moves = [1.0, 2.0, 13.0, 14.0, 20.0, 25.0, 30.0, 35.0, 39.0]
    stuck.moves = [1.0, 2.0, 16.5, 17.0, 22.0, 27.0, 32.0, 37.0]  # 6.5 s after the pause ended
    over.moves = [1.0, 2.0]
    over.ended_at = 2.0  # ended: its silence afterwards is no stall
    harness.logs = [moving, stuck, over]
    harness.faults = [Fault(FaultKind.PAUSE, started=3.0, ended=10.0)]
    try:
        assert harness.stalls() == [{"table": "stuck", "seconds": 6.5, "after": "sigstop"}]
        assert harness.recoveries(harness.faults[0]) == [3.0, 6.5]
        assert harness.gaps_across(harness.faults[0]) == [11.0, 14.5]
        # 13 → 14 s … the longest wait with no fault in it is 20 → 25 s (5 s): not a stall.
        assert max(w for _t, w, _k in harness.waits()) == 6.5
    finally:
        harness.close()
