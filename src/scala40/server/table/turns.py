"""The turn in play: its timer, and the bot that thinks for the seat to move.

After every change the actor asks :meth:`Turns.schedule`: a human's turn arms the timer
(when the table has one); a bot's turn — a bot seat, a stand-in for an absent player, or
a player whose time ran out — sets the bot thinking off the loop. Both end as commands on
the actor's queue (``TurnTimeout``, ``BotMove``), so a stale answer is refused by version.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import time
from collections.abc import Callable
from functools import partial

from scala40.bots import Bot, make_bot
from scala40.bots.base import TURN_MOVES, any_legal, ending_move, world_of
from scala40.engine.match import Match
from scala40.engine.views import PlayerView
from scala40.server.settings import Settings
from scala40.server.table.bot_pool import BotPool
from scala40.server.table.commands import BotMove, Command, TurnTimeout
from scala40.server.table.seats import Seat
from scala40.storage.store import BOT_PACES, TableRow

log = logging.getLogger("scala40.server")


class Turns:
    """The timer and the thinking bot of one table's turn in play."""

    def __init__(
        self,
        table: TableRow,
        match: Match,
        seats: list[Seat],
        settings: Settings,
        submit: Callable[[Command], None],
        version: Callable[[], int],
    ) -> None:
        self.table = table
        self.match = match
        self.seats = seats
        self.settings = settings
        self.submit = submit
        self.version = version
        """The table's version now (a bot that paused checks the table did not move on)."""
        self.rng = random.Random(secrets.randbits(64))
        """The bots' own randomness: never the table's seed, which stays a secret."""
        self.deadline: float | None = None
        self.turn: tuple[int, int] | None = None
        self.moves = 0
        """Moves made in the turn ``turn`` (see :data:`~scala40.bots.base.TURN_MOVES`)."""
        self.timed_out: tuple[int, int] | None = None
        self.bot_pool: BotPool | None = None
        """The node's worker processes for the bots (``None``: bots think in a thread)."""
        self._timer: asyncio.Task[None] | None = None
        self._thinking: asyncio.Task[None] | None = None
        self._thinking_for: tuple[int, int] = (-1, -1)
        """(seat, version) the running bot task is choosing for."""

    def turn_timed_out(self) -> bool:
        """The timer ran out on the turn being played. Before the first turn (a waiting
        table) both are ``None``: that is no timeout, and nobody plays for anyone."""
        return self.timed_out is not None and self.timed_out == self.turn

    def bot_for(self, seat: int) -> Bot | None:
        """The bot that plays ``seat`` now: its own, or a stand-in's for a player who is
        away or out of time (``None``: the seat's player plays)."""
        s = self.seats[seat]
        if s.is_bot:
            return s.bot
        if s.stand_in or self.turn_timed_out():
            if s.bot is None:
                s.bot = make_bot(self.settings.stand_in_level)
            return s.bot
        return None

    def stop(self) -> None:
        """No timer and no bot: the table is not in play."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self.deadline = None
        if self._thinking is not None:
            self._thinking.cancel()

    def hold(self) -> None:
        """No timer and no bot *yet*: the people are reading the hand's summary
        (pause.py). The turn is not begun, so when the table plays on the timer starts
        afresh, its whole time left to the player."""
        self.stop()
        self.turn = None

    def tasks(self) -> list[asyncio.Task[None] | None]:
        return [self._timer, self._thinking]

    def schedule(self, bots_paused: bool) -> None:
        """After every change at a table in play: arm the turn timer or set the seat's bot
        thinking (``bots_paused``: nobody is there to watch, so bots wait)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        deal = self.match.deal
        turn = (self.match.hand_number, deal.turns_done)
        seat_now = self.match.current_seat
        if turn != self.turn:
            self.turn = turn
            self.moves = 0
            self.timed_out = None
            self.deadline = None
            if self.table.turn_seconds and not self.seats[seat_now].is_bot:
                self.deadline = time.time() + self.table.turn_seconds
        bot = self.bot_for(seat_now)
        version = self.version()
        thinking = self._thinking is not None and not self._thinking.done()
        if thinking and (bot is None or self._thinking_for != (seat_now, version)):
            assert self._thinking is not None
            self._thinking.cancel()  # thinking about a table that has moved on
            thinking = False
        if bot is not None and bots_paused:
            if thinking:
                assert self._thinking is not None
                self._thinking.cancel()
            return
        if bot is not None:
            if not thinking:
                self._thinking_for = (seat_now, version)
                self._thinking = asyncio.get_running_loop().create_task(
                    self._think(seat_now, version, bot)
                )
            return
        if self.deadline is not None:
            self._timer = asyncio.get_running_loop().create_task(self._alarm(turn, self.deadline))

    async def _alarm(self, turn: tuple[int, int], deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - time.time()))
        self.submit(TurnTimeout(turn))

    def time_out(self, cmd: TurnTimeout) -> bool:
        """The timer rang: ``True`` when it was for the turn still in play, now played
        by a stand-in (the caller schedules and tells the table)."""
        if cmd.turn != self.turn:
            return False
        self.timed_out = self.turn
        self.deadline = None
        return True

    def player_back_in_time(self, seat: int) -> None:
        """A player of a timed-out turn moved before the stand-in: the turn is theirs."""
        s = self.seats[seat]
        if self.timed_out == self.turn and not s.is_bot and not s.stand_in:
            self.timed_out = None

    async def _think(self, seat: int, version: int, bot: Bot) -> None:
        pause = self.settings.bot_pause * BOT_PACES.get(self.table.bot_pace, 1.0)
        if pause > 0:
            await asyncio.sleep(pause)
        if self.version() != version:
            return
        view = PlayerView.of_match(self.match, seat)
        program = self.seats[seat].program
        try:
            if self.moves >= TURN_MOVES:
                log.warning(
                    "table %s: seat %d's bot made %d moves this turn; ending its turn",
                    self.table.id,
                    seat,
                    self.moves,
                )
                # A search when the way on is long: off the loop, like any bot's thinking.
                action = await asyncio.to_thread(ending_move, world_of(view))
            elif program is not None and bot is program.bot:
                action = await program.run(partial(bot.choose, view, self.rng))
            elif self.bot_pool is not None:
                action, after = await self.bot_pool.choose(bot, view, self.rng)
                if self.seats[seat].bot is bot:
                    self.seats[seat].bot = after  # what it remembers of this turn
            else:
                action = await asyncio.to_thread(bot.choose, view, self.rng)
        except Exception:
            log.exception(
                "table %s: bot for seat %d failed; playing any legal move", self.table.id, seat
            )
            action = any_legal(world_of(view, self.rng), self.rng)
        self.submit(BotMove(seat, version, action))

    def fallback(self, seat: int) -> BotMove:
        """Any legal move for ``seat`` (a bot's move the table refused: a bug, logged)."""
        view = PlayerView.of_match(self.match, seat)
        return BotMove(seat, self.version(), any_legal(world_of(view, self.rng), self.rng))
