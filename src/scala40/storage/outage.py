"""Which failures of the store mean "the database is away for now", not "this is wrong".

A database that is restarting, unreachable, or whose disk went away fails every call the
same way for a while and then works again: the HTTP API answers such a failure with a
503 that says so (the client tries again), rather than as a bug of the server.
"""

from __future__ import annotations

from sqlalchemy.exc import DBAPIError, DisconnectionError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

AWAY: tuple[type[Exception], ...] = (
    OperationalError,
    InterfaceError,
    DisconnectionError,
    PoolTimeout,
)
"""The SQLAlchemy errors of a database that cannot be reached or is going down: a refused
or broken connection (PostgreSQL restarting, a lost network, SQLite's file gone), and a
pool that could not hand out a connection in time."""


ENDED_SESSIONS = frozenset({"25P03"})
"""SQLSTATEs of a session the database ended under a caller that was away: a node that
slept inside a transaction past its lease (``idle_in_transaction_session_timeout``, see
the store's ``paused_after``). PostgreSQL files it under invalid transaction state, which
SQLAlchemy raises as an InternalError; for the caller it is an outage like any other."""


def store_away(err: BaseException) -> bool:
    """Whether ``err`` says the database is away (for now) rather than a request is wrong."""
    if isinstance(err, AWAY):
        return True
    return isinstance(err, DBAPIError) and getattr(err.orig, "sqlstate", None) in ENDED_SESSIONS
