"""``scala40 serve``: the web app under uvicorn, with the settings the command was given."""

from __future__ import annotations

import uvicorn
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from scala40.server.app import create_app
from scala40.server.settings import Settings


def check_db_url(url: str) -> None:
    """Refuse a database URL SQLAlchemy cannot read, naming it (``ValueError``)."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise ValueError(
            f"--db {url!r} is not a database URL (sqlite:///FILE, postgresql+psycopg://…)"
        ) from None
    if parsed.get_backend_name() not in ("sqlite", "postgresql"):
        raise ValueError(f"--db {url!r}: the server runs on SQLite or PostgreSQL")


def run(
    *, host: str, port: int, db_url: str | None, grace: float = 60.0, bot_pause: float = 0.8
) -> None:
    """Serve until interrupted; the database is migrated and tables resumed at start."""
    if db_url:
        check_db_url(db_url)
    settings = Settings(
        db_url=db_url or "", grace_seconds=grace, bot_pause=bot_pause, freeze_gc=True
    )
    app = create_app(settings)
    print(f"scala40: the table is open at http://{host}:{port}/ ({settings.database_url()})")
    # Views are small; compressing each one costs more CPU than the bytes it saves.
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        ws_max_size=1 << 16,
        ws_per_message_deflate=False,
    )
