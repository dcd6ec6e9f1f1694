"""The local table as the page's Web Worker calls it: JSON text in, JSON text out.

The Worker's JavaScript (static/js/local/worker.js) loads Pyodide and this package's wheel,
then calls these functions only. Text crosses the boundary (never Python objects), so the
Worker passes each message on to the page as the server's socket would, and keeps what
:func:`saved` returns in IndexedDB after every move.
"""

from __future__ import annotations

import json

from scala40.notation.codec import JSONDict
from scala40.notation.record import dump_record
from scala40.offline.table import PACES, LocalTable, Setup, SetupError

_table: list[LocalTable] = []
"""The Worker's one table (a Worker plays one match at a time)."""


def _current() -> LocalTable:
    if not _table:
        raise SetupError("no local match: start or resume one first")
    return _table[0]


def _answer(messages: list[JSONDict]) -> str:
    return json.dumps(messages, ensure_ascii=False)


def start(setup: str) -> str:
    """A new match from the page's setup (JSON); its first ``state``, as a list of
    messages. :class:`SetupError` names a bad field (the Worker tells the page)."""
    table = LocalTable(Setup.read(json.loads(setup)))
    _table[:] = [table]
    return _answer([table.state()])


def resume(saved: str) -> str:
    """The match the page kept (:func:`saved`'s JSON), rebuilt by replaying its actions;
    its ``state``."""
    table = LocalTable.resume(json.loads(saved))
    _table[:] = [table]
    return _answer([table.state()])


def receive(message: str) -> str:
    """The messages answering one of the page's (docs/protocol.md)."""
    try:
        data = json.loads(message)
    except ValueError:
        data = None
    return _answer(_current().receive(data))


def bot_due() -> bool:
    """Whether a bot is to move now."""
    return bool(_table) and _current().bot_due()


def bot_move() -> str:
    """The bot to move plays: the page's messages."""
    return _answer(_current().bot_move())


def pace() -> float:
    """Seconds a bot waits before its move, at this match's pace."""
    return PACES[_current().setup.bot_pace]


def saved() -> str:
    """What to keep to resume the match (JSON)."""
    return json.dumps(_current().saved(), ensure_ascii=False)


def record() -> str:
    """The match's record, as ``scala40 replay`` and ``verify`` read it."""
    return dump_record(_current().record(), indent=1)


def over() -> bool:
    """Whether the match is over (no bot will move again)."""
    return bool(_table) and _current().match.over


def bench(levels: str, decisions: int) -> str:
    """Each level's decision times here (scala40.offline.bench): the figures of the
    closing note, measured in the browser by scripts/measure_offline.py."""
    from scala40.offline.bench import figures

    return json.dumps(figures(json.loads(levels), decisions))
