"""``scala40 bot-check``: a conformance run of a bot program over the bot protocol.

Why: the arena tells a bot's author how often the program failed (``fallbacks``), not
where; a program that never meets a joker on the pozzo, a set of three with a joker or a
house key such as ``max_run_length_5`` in its test games can be wrong there for months.
bot-check puts the program through its handshake, set-up positions that force each
phase of a turn, each joker declaration and each house key that changes what is legal
(:mod:`~scala40.botcheck.situations`), then a few whole hands, and names each fault with
the message sent, the answer received and why it is wrong
(:mod:`~scala40.botcheck.report`). The host that judges is the arena's and the web
table's own :class:`~scala40.bots.program.ProgramBot` (:mod:`~scala40.botcheck.run`).
"""

from scala40.botcheck.report import CheckResult, Outcome, Report, format_report
from scala40.botcheck.run import Settings, run_checks

__all__ = ["CheckResult", "Outcome", "Report", "Settings", "format_report", "run_checks"]
