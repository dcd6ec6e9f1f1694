"""``scala40 loadtest --seconds``: a run of bounded length stops its clients at the time
given, whatever is left of the matches, and counts no error for stopping."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from scala40 import loadtest

from .serving import free_port, serve

pytestmark = pytest.mark.slow


def test_a_bounded_run_stops_at_its_time_with_the_matches_unfinished(tmp_path: Path) -> None:
    port = free_port()
    server = serve(port, tmp_path)
    try:
        began = time.monotonic()
        # Fifty hands a table would take many minutes: the run ends after ten seconds.
        # (A short thought keeps each client under the server's 20 messages a second.) Three
        # seconds were too few on a busy machine: with the suite on four processes the
        # clients had not made their first move when the time was up (2026-12-06).
        tally = loadtest.play(f"http://127.0.0.1:{port}", 2, hands=50, think_ms=80, seconds=10.0)
        took = time.monotonic() - began
    finally:
        server.terminate()
        server.wait(10)
    assert tally.errors == 0, tally.samples
    assert tally.actions > 0
    assert tally.finished == []  # nobody's match was over: they were stopped
    assert max(tally.acked) <= time.time()
    assert took < 30, f"the clients played on for {took:.0f} s"
