"""The web table's settings: where the data lives and how patient the table is.

One frozen value built by ``scala40 serve`` (or a test) and handed to the app factory, so
nothing is read from the environment at import time and tests can shrink every delay.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

DB_FILE = "scala40.db"


def data_dir() -> Path:
    """``$SCALA40_DATA`` or ``~/.local/share/scala40``: where the embedded database lives."""
    env = os.environ.get("SCALA40_DATA")
    return Path(env).expanduser() if env else Path.home() / ".local" / "share" / "scala40"


def default_db_url() -> str:
    """An SQLite file in the data directory (created on first use: no setup)."""
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / DB_FILE}"


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the server may be told; the defaults suit people playing."""

    db_url: str = ""
    """SQLAlchemy URL; empty means :func:`default_db_url`."""
    grace_seconds: float = 60.0
    """How long a dropped player's seat waits before a bot plays it until they return."""
    bot_pause: float = 0.8
    """Seconds a bot waits before each move, so people can follow the play."""
    max_message_bytes: int = 4096
    rate_per_second: float = 20.0
    """Messages a connection may send per second (a short burst of as many is allowed)."""
    retire_seconds: float = 600.0
    """How long a finished table stays live (for its players' last look) before only its
    record remains."""
    freeze_gc: bool = False
    """Move everything alive after start-up out of the garbage collector's sight, so a
    full collection scans only the games (``scala40 serve`` sets it: pauses of 100+ ms
    otherwise, with a hundred tables)."""
    stand_in_level: str = "heuristic"
    """The bot that plays a human seat on a turn timeout or after the grace period."""

    def database_url(self) -> str:
        return self.db_url or default_db_url()
