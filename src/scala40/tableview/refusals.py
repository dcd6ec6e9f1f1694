"""The codes a table refuses with besides the engine's, declared once, and the ``error``
message that carries one.

A table's ``error`` message carries either an engine :class:`~scala40.engine.errors.Refusal`
(an illegal move) or one of these (the message, the seat, the table's state). The pages
translate every value of both (the catalogue's ``refuse.CODE``), so a value never changes once
sent. The server's table and the local table in the browser refuse with the same codes.
"""

from __future__ import annotations

from enum import StrEnum, unique

from scala40.engine.errors import Refusal
from scala40.notation.codec import JSONDict


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


Code = Refusal | TableRefusal
"""Any code a table may send in an ``error`` message."""


def error(code: Code, message: str, v: int, facts: JSONDict | None = None) -> JSONDict:
    """An ``error`` message; ``facts`` (when the reason has specifics: cards, numbers, a
    seat) let a page word the whole reason in its own language."""
    out: JSONDict = {"type": "error", "code": code, "message": message, "v": v}
    if facts:
        out["facts"] = facts
    return out
