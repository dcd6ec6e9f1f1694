"""The remote bots connected to this server: one socket per account, its games routed.

Why here, under the tables: a remote bot's seat (table/seats.py) asks this switchboard for
its line from the seat's worker thread (:class:`~scala40.bots.remote.RemoteBot`), and the
socket route (http/bot_socket.py) attaches and detaches the accounts' sockets on the event
loop. So the switchboard is the one place both sides meet, behind a lock.

Why one socket per account, a second refused (not replacing the first): a key copied to
a second machine would otherwise take the bot's games from the first, move by move, and
neither author would see why; a bridge that lost its socket reconnects within seconds once
the server has seen the old one close (``scala40 bot-connect`` retries). Why at most
:attr:`RemoteBots.tables_per_bot` tables at once per account: each seat costs the server a
thread and the bot's author a share of its time limits.
"""

from __future__ import annotations

import asyncio
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from scala40.bots.remote import Line, LineDropped
from scala40.storage.bot_accounts import BotAccount

DROPPED = None
"""What a game's queue receives when the socket closes (any text is a message)."""


@dataclass
class Connection:
    """One connected bot account: where its messages go out and its games' queues."""

    account: BotAccount
    loop: asyncio.AbstractEventLoop
    outgoing: asyncio.Queue[str | None]
    games: dict[str, queue.Queue[str | None]] = field(default_factory=dict)
    open: bool = True


class GameLine:
    """:class:`~scala40.bots.remote.Line` for one game of a connection."""

    def __init__(self, board: RemoteBots, conn: Connection, game: str) -> None:
        self.board = board
        self.conn = conn
        self.game = game
        self.inbox: queue.Queue[str | None] = queue.Queue()

    @property
    def alive(self) -> bool:
        return self.conn.open

    def send(self, text: str) -> bool:
        if not self.conn.open:
            return False
        try:
            self.conn.loop.call_soon_threadsafe(self.conn.outgoing.put_nowait, text)
        except RuntimeError:  # the loop is closed: the server is stopping
            return False
        return True

    def receive(self, timeout: float) -> str | None:
        try:
            text = self.inbox.get(timeout=timeout)
        except queue.Empty:
            return None
        if text is DROPPED:
            raise LineDropped
        return text

    def close(self) -> None:
        with self.board.lock:
            if self.conn.games.get(self.game) is self.inbox:
                del self.conn.games[self.game]


class RemoteBots:
    """The connected accounts by name, and the tables each sits at
    (:class:`~scala40.bots.remote.Switchboard` for the seats)."""

    def __init__(self, tables_per_bot: int) -> None:
        self.tables_per_bot = tables_per_bot
        self.lock = threading.Lock()
        self._arrived = threading.Condition(self.lock)
        self.connections: dict[str, Connection] = {}
        self.seated: dict[str, set[str]] = {}
        """Each account's live tables (by id), counted against :attr:`tables_per_bot`."""

    # The socket side (event loop) ---------------------------------------------------------
    def attach(self, account: BotAccount, loop: asyncio.AbstractEventLoop) -> Connection | None:
        """The account's connection, now open (``None``: it is connected already)."""
        with self.lock:
            if account.name in self.connections:
                return None
            conn = Connection(account, loop, asyncio.Queue())
            self.connections[account.name] = conn
            self._arrived.notify_all()
            return conn

    def detach(self, conn: Connection) -> None:
        """The socket closed: its games hear so (their seats fall back until it is back)."""
        with self.lock:
            conn.open = False
            if self.connections.get(conn.account.name) is conn:
                del self.connections[conn.account.name]
            games = list(conn.games.values())
            conn.games.clear()
        for inbox in games:
            inbox.put(DROPPED)

    def deliver(self, conn: Connection, game: str, text: str) -> bool:
        """A message of the bot's for ``game`` (``False``: no game of its listens so)."""
        with self.lock:
            inbox = conn.games.get(game)
        if inbox is None:
            return False
        inbox.put(text)
        return True

    # The seats' side (worker threads) -----------------------------------------------------
    def line(self, account: str, game: str, wait_s: float) -> Line | None:
        with self.lock:
            conn = self.connections.get(account)
            if conn is None and wait_s > 0:
                self._arrived.wait_for(lambda: account in self.connections, timeout=wait_s)
                conn = self.connections.get(account)
            if conn is None:
                return None
            made = GameLine(self, conn, game)
            conn.games[game] = made.inbox
            return made

    # Bounds -------------------------------------------------------------------------------
    def connected(self) -> list[BotAccount]:
        with self.lock:
            return [c.account for c in self.connections.values()]

    def account(self, name: str) -> BotAccount | None:
        """The account ``name`` if it is connected now."""
        with self.lock:
            conn = self.connections.get(name)
            return None if conn is None else conn.account

    def update(self, account: BotAccount) -> None:
        """The account's seating changed: a connected bot is offered as it now says."""
        with self.lock:
            conn = self.connections.get(account.name)
            if conn is not None:
                conn.account = account

    def tables_of(self, name: str) -> int:
        with self.lock:
            return len(self.seated.get(name, ()))

    def busy(self, names: list[str]) -> str | None:
        """Why a new table cannot seat these bots (``None``: it can): one of them sits at
        as many tables as an account may."""
        with self.lock:
            for name in names:
                if len(self.seated.get(name, ())) + names.count(name) > self.tables_per_bot:
                    return name
        return None

    def sit(self, name: str, table_id: str) -> Callable[[], None]:
        """Count ``table_id`` among ``name``'s tables; the returned call stops counting it."""
        with self.lock:
            self.seated.setdefault(name, set()).add(table_id)

        def leave() -> None:
            with self.lock:
                tables = self.seated.get(name)
                if tables is not None:
                    tables.discard(table_id)
                    if not tables:
                        del self.seated[name]

        return leave
