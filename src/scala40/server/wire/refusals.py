"""The codes a table refuses with besides the engine's, declared once.

A WebSocket ``error`` message or a refused join carries either an engine
:class:`~scala40.engine.errors.Refusal` (an illegal move) or one of these (the message,
the seat, the table's state). The pages translate every value of both (i18n.js
``refuse.CODE``), so a value never changes once sent.
"""

from __future__ import annotations

from enum import IntEnum, StrEnum, unique

from scala40.engine.errors import Refusal


@unique
class TableRefusal(StrEnum):
    """Why the table, not the rules, refuses a message or a join."""

    # A message on the socket
    BAD_JSON = "bad_json"
    BAD_MESSAGE = "bad_message"
    TOO_BIG = "too_big"
    RATE_LIMITED = "rate_limited"
    # A move at the wrong moment
    NOT_STARTED = "not_started"
    NOT_YOUR_TURN = "not_your_turn"
    STALE_VERSION = "stale_version"
    SERVER_ERROR = "server_error"
    ENTROPY_REFUSED = "entropy_refused"
    """Entropy for a hand that is dealt already, or a second time from the same seat."""
    # Chat and rematch (docs/protocol.md)
    CHAT_UNKNOWN_PHRASE = "chat_unknown_phrase"
    CHAT_EMPTY = "chat_empty"
    CHAT_TOO_LONG = "chat_too_long"
    CHAT_CONTROL = "chat_control"
    """Free chat text holding a control character (a line break, a tab, a bidi override)."""
    CHAT_LIMITED = "chat_limited"
    """More chat than a seat may send: a burst of 3, then 1 a second."""
    REMATCH_REFUSED = "rematch_refused"
    """A rematch asked before the match is over, or one the server could not make."""
    WATCHING = "watching"
    """A spectator's connection sent something other than ``sync`` or ``ping``."""
    # Joining
    TABLE_FULL = "table_full"
    SEAT_TAKEN = "seat_taken"
    NO_SUCH_SEAT = "no_such_seat"
    TABLE_CLOSED = "table_closed"
    NAME_TAKEN = "name_taken"
    """Someone at the table already has that nickname: two Annas could not tell their
    seats apart in the log and the score sheet."""


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


Code = Refusal | TableRefusal
"""Any code a table's socket may send in an ``error`` message."""

__all__ = ["CloseCode", "Code", "Refusal", "TableRefusal"]
