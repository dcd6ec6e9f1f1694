"""Bots think in worker processes, so that no bot's thinking holds up another table.

The event loop plays every table of a node; a bot choosing in a thread of the same
process holds the interpreter while it thinks, and every other table's moves wait for it.
In a pool of processes (``scala40 serve --bot-processes N``, one per core by default) a
bot's choice costs the loop only the hand-over: the seat's view goes out, the move comes
back. The bot goes out and comes back too, since a bot may remember something within
its turn (the club player recalls that it took its pozzo card back); the table keeps the
bot that comes back.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
import threading
import time
from concurrent.futures import ProcessPoolExecutor

from scala40.bots import Bot
from scala40.engine.actions import Action
from scala40.engine.views import PlayerView


def _choose(bot: Bot, view: PlayerView, seed: int) -> tuple[Action, Bot]:
    """In a worker: the bot's move for ``view``, and the bot as it is after choosing."""
    return bot.choose(view, random.Random(seed)), bot


def _leave_with(parent: int) -> None:
    """In a worker, at its start: exit once the server that made it is gone.

    A server stopped in order shuts its pool down; one killed (SIGKILL, an out-of-memory
    kill) cannot, and its workers, waiting for work that never comes, would stay for ever
    (found after the kill tests: idle workers of killed servers, still there half an hour
    on). The worker's parent changes when the server dies, so it looks every second."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="scala40-parent-watch", daemon=True).start()


class BotPool:
    """A pool of worker processes in which bots choose their moves."""

    def __init__(self, processes: int) -> None:
        # Spawned, not forked: a fork of a running server would copy its sockets and
        # threads into every worker.
        context = multiprocessing.get_context("spawn")
        self.pool = ProcessPoolExecutor(
            max_workers=processes,
            mp_context=context,
            initializer=_leave_with,
            initargs=(os.getpid(),),
        )

    async def choose(self, bot: Bot, view: PlayerView, rng: random.Random) -> tuple[Action, Bot]:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.pool, _choose, bot, view, rng.getrandbits(64))

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
