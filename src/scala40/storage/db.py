"""The store as the event loop sees it: calls off the loop, actions group-committed."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, TypeVar

from scala40.storage.store import Store

T = TypeVar("T")


class AsyncStore:
    """Runs store calls in worker threads (one writer for SQLite) off the event loop.

    Actions are group-committed: while one transaction is being written, the actions of
    every other table pile up and go together in the next one, so a busy server pays one
    commit for many moves. Each move still waits for its own commit before it is told.
    """

    def __init__(self, store: Store) -> None:
        from concurrent.futures import ThreadPoolExecutor

        self.store = store
        self.pool = ThreadPoolExecutor(
            max_workers=1 if store.is_sqlite else 4, thread_name_prefix="scala40-db"
        )
        self.inline = store.is_sqlite
        """SQLite's WAL commit takes well under a millisecond: written on the loop itself,
        with no hand-off to a thread (which costs more than the write under load)."""
        self._pending: list[tuple[tuple[str, int, int, str], asyncio.Future[None]]] = []
        self._flusher: asyncio.Task[None] | None = None

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.pool, lambda: fn(*args))

    async def append(self, table_id: str, version: int, seat: int, text: str) -> None:
        """Store one action; returns once it is committed (raises if it could not be)."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._pending.append(((table_id, version, seat, text), done))
        if self._flusher is None or self._flusher.done():
            self._flusher = loop.create_task(self._flush())
        await done

    async def _write(self, rows: list[tuple[str, int, int, str]]) -> None:
        if self.inline:
            self.store.append_actions(rows)
        else:
            await self.run(self.store.append_actions, rows)

    async def _flush(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                await self._write([row for row, _ in batch])
            except Exception:
                # One bad row must not sink the others: store them one at a time.
                for row, done in batch:
                    try:
                        await self.run(self.store.append_action, *row)
                    except Exception as err:
                        if not done.done():
                            done.set_exception(err)
                    else:
                        if not done.done():
                            done.set_result(None)
            else:
                for _, done in batch:
                    if not done.done():
                        done.set_result(None)

    def close(self) -> None:
        self.pool.shutdown(wait=True)
