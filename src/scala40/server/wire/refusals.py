"""The codes a table's socket refuses and closes with, declared once.

The refusals (:class:`TableRefusal`, and the :data:`Code` of an ``error`` message) are
declared with the VIEW (:mod:`scala40.tableview.refusals`): a local table in the browser
sends the same ones. The close codes are the socket's own.
"""

from __future__ import annotations

from enum import IntEnum, unique

from scala40.engine.errors import Refusal
from scala40.tableview.refusals import Code, TableRefusal


@unique
class CloseCode(IntEnum):
    """Why the server closes a table's socket: WebSocket close codes, declared once. The
    pages read some of them (static/js/connection.js), so a value never changes."""

    NORMAL = 1000
    """The match is over and its table retired, or the table expired or was closed."""
    MOVED = 1012
    """WebSocket's "service restart": the table stops being played here (the server
    stops, or another node of a cluster took it over). The client reconnects and is sent
    the whole view by whichever node it reaches."""
    REPLACED = 4000
    """A newer connection took this seat's place (another tab or device)."""
    SEAT_READY = 4009
    """A newcomer watched while its bot seat finished the hand: the seat is theirs now,
    and the page reconnects with the same token to play it."""
    BEHIND = 4008
    """The client read too slowly: its outbox overflowed (wire/outbox.py)."""
    ELSEWHERE = 4307
    """The table is played by another node of a cluster, reachable directly: the reason
    is that node's WebSocket address (``ws://`` or ``wss://``, no path to the table), and
    the client reconnects there. Sent only to a client that asked (``direct=1``)."""
    NO_TOKEN = 4401
    """The token opens no seat at the table (or none was given, and no ``?watch``); at
    ``/ws/bot``, no bot account has the key (or none was given)."""
    NO_TABLE = 4404
    """No such table is in play."""
    CONNECTED_ALREADY = 4409
    """``/ws/bot``: the bot account has a socket open already (one per account)."""
    IDLE = 4408
    """Nothing received, not even a ping, for too long."""
    WATCHERS_FULL = 4429
    """A spectator turned away: the table has as many watching as it allows."""


__all__ = ["CloseCode", "Code", "Refusal", "TableRefusal"]
