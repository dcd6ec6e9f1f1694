"""The engine, the notation and the built-in bots import and play without the modules a
browser's Python (Pyodide) lacks: ``resource`` and ``subprocess`` are only for program
seats, which are imported when one is asked for."""

from __future__ import annotations

import subprocess
import sys
import textwrap

PROBE = textwrap.dedent(
    """
    import random, sys, threading
    from scala40.bots import OFFERED, make_bot
    from scala40.engine.fairness import shuffled
    from scala40.engine.rules import Rules
    from scala40.engine.state import Deal
    from scala40.engine.views import PlayerView

    rules = Rules.build(None, {"players": 4})
    deck, reshuffle = shuffled(rules, bytes(range(32)))
    deal = Deal.deal(rules, deck, shuffle_seed=reshuffle)
    bots = [make_bot(level) for level in OFFERED]
    rng = random.Random(1)
    for _ in range(5000):
        if deal.over:
            break
        deal.apply(bots[deal.current].choose(PlayerView.of(deal, deal.current), rng))
    print(deal.over)
    print(sorted(m for m in ("resource", "subprocess", "_posixsubprocess") if m in sys.modules))
    print(threading.active_count())
    from scala40.bots import ProgramBot
    print("subprocess" in sys.modules)
    """
)


def test_the_built_in_bots_import_without_subprocess_or_resource() -> None:
    out = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, check=True
    ).stdout.split("\n")
    assert out[0] == "True", "the four offered levels played a whole hand"
    assert out[1] == "[]", f"imported on the bots' path: {out[1]}"
    assert out[2] == "1", "a thread was started"
    assert out[3] == "True", "scala40.bots.ProgramBot still names the program seat"
