"""A server killed with SIGKILL during seat joins leaves no table stuck and no seat lost
(a few rounds of the harness in tests/server/join_kills.py)."""

from __future__ import annotations

import pytest

from .join_kills import run

pytestmark = pytest.mark.slow


def test_kills_during_joins_leave_no_stuck_table_and_every_joiner_a_seat() -> None:
    figures = run(kills=4, tables_per_round=6, seed=7)
    assert figures.kills == 4 and figures.tables == 24
    assert figures.stuck == []
    assert figures.retries_refused == []
    assert figures.retries_other_seat == []
