"""The web table's settings: where the data lives and how patient the table is.

One frozen value built by ``scala40 serve`` (or a test) and handed to the app factory, so
nothing is read from the environment at import time and tests can shrink every delay.
"""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path

from scala40.storage.store import data_dir, default_db_url

KEY_FILE = "server.key"


_PROCESS_NODE = f"node-{secrets.token_hex(6)}"
"""A node's default name: random, fixed for the process's life, unique among running nodes
(48 bits)."""


def machine_programs() -> int:
    """How many bot programs this machine runs at once by default: 16 a core, and no more
    than one per 128 MiB of memory (a program in Python or JavaScript idles at 10–60 MiB,
    with its keeper's 10), at least 4."""
    cores = os.cpu_count() or 1
    try:
        memory_mib = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // (1 << 20)
    except (AttributeError, ValueError, OSError):
        memory_mib = 4096
    return max(4, min(16 * cores, memory_mib // 128))


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the server may be told; the defaults suit people playing."""

    db_url: str = ""
    """SQLAlchemy URL; empty means :func:`default_db_url`."""
    grace_seconds: float = 60.0
    """How long a dropped player's seat waits before a bot plays it until they return."""
    bot_pause: float = 0.8
    """Seconds a bot waits before each move, so people can follow the play."""
    summary_seconds: float = 30.0
    """After a hand, how long the table waits at most for the people connected to close the
    hand's summary before the next hand's turn timer and bots start (table/pause.py); 0
    means no pause."""
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
    play_dir: str = ""
    """The local table's exported site (``scala40 export-web``) served at ``/play``; ""
    offers none."""
    stand_in_level: str = "club"
    """The bot that plays a human seat on a turn timeout or after the grace period (a level
    of :data:`~scala40.bots.LEVELS`; an old name such as ``heuristic`` works too)."""
    quickplay_level: str = "club"
    """The bot that holds a quick-play table's seats until people take them (Play now)."""
    quickplay_turn_seconds: float | None = 90.0
    """A quick-play table's turn timer: strangers are not kept waiting by one who left
    (a bot finishes the turn); ``None``: no timer."""
    program_bots: tuple[tuple[str, str], ...] = ()
    """Programs playing over the bot protocol that the lobby offers as ``bot:NAME``, as
    (NAME, COMMAND) pairs (``scala40 serve --bot NAME=COMMAND``; docs/bot-protocol.md)."""
    bot_processes: int = 0
    """Worker processes the bots think in (table/bot_pool.py); 0 means a thread of the server's
    process, which suits tests and a few tables (``scala40 serve`` uses one per core)."""
    program_decision_ms: float = 5000.0
    """A program's time for one decision; past it the seat's move is a built-in bot's."""
    max_live_programs: int = field(default_factory=machine_programs)
    """Bot programs running at once on this server (each is a process, and its keeper's):
    a table whose program seats would pass it is refused (``programs_full``, 503); a
    program that would start past it does not, and the built-in bot takes that decision
    (``limit``). A program runs from its seat's first move until its table ends or pauses."""
    remote_grace_seconds: float = 10.0
    """How long a remote bot's decision waits for its account to reconnect when its socket
    dropped, before the seat's built-in bot plays (and goes on playing until it is back)."""
    remote_bot_tables: int = 4
    """Tables one remote bot account may sit at at once (``bot_busy``, 429)."""
    remote_bot_rate: float = 100.0
    """Messages a remote bot's socket may send a second, after a burst of a whole
    decision's worth at each of its tables; past it a message is dropped and answered
    ``rate_limited``."""
    programs_per_address: int = 10
    """Bot programs running at once for the tables one client address made
    (``too_many_programs``, 429; at the table, as ``max_live_programs``); not counted for
    ``unlimited_addresses``."""

    # Limits: what one anonymous visitor may cost the server (docs/server.md) -----------------
    tables_per_minute: int = 10
    """Tables one client address may create in a minute (``too_many_tables``, 429); not
    counted for ``unlimited_addresses``."""
    identities_per_minute: int = 5
    """Rated identities and leagues one client address may create in a minute
    (``too_many_identities``, 429); not counted for ``unlimited_addresses``."""
    max_live_tables: int = 1000
    """Unfinished tables held at once, waiting or playing (``server_full``, 503)."""
    waiting_seconds: float = 3600.0
    """A table still waiting for players this long after it was created expires."""
    bots_pause_seconds: float = 10.0
    """With no human connected this long, a table's bots and stand-ins stop playing until
    someone comes back: nobody is kept waiting, so nobody needs a bot to play on, and a
    player who left a game against bots finds it where they left it. (A page reload is
    well within it.)"""
    abandoned_seconds: float = 7200.0
    """With no human connected this long, a table in play is closed: its record so far
    stays in the store, its seats are let go."""
    sweep_seconds: float = 15.0
    """How often expiry and abandonment are checked."""
    page_size: int = 50
    """Tables per page of ``GET /api/tables`` (``?limit=`` may ask for up to 100)."""

    # Connections ------------------------------------------------------------------------
    request_seconds: float = 10.0
    """Time for a connection to deliver a whole request (head and body); slower ones are
    closed, so half-sent requests cannot hold sockets."""
    keep_alive_seconds: int = 5
    """An idle keep-alive connection between requests is closed after this."""
    ws_idle_seconds: float = 150.0
    """A WebSocket that sends nothing, not even a ping, this long is closed (4408). The
    page pings every 25 s; background tabs may be throttled to one timer a minute."""
    watchers_per_table: int = 50
    """Spectators one table sends its public view to; more are turned away (close 4429)."""
    connections_per_address: int = 64
    """Open connections one client address may hold; more are answered 503 and closed."""
    ipv6_prefix: int = 64
    """IPv6 clients are counted by their network of this many bits (a home is usually given
    a whole /64); IPv4 clients by their address (:mod:`~scala40.server.guard.addresses`)."""
    unlimited_addresses: tuple[str, ...] = ("127.0.0.1", "::1")
    """Addresses neither the connection cap nor the creation rate applies to: this machine
    (the operator, the load test, a reverse proxy on the same host — which must send
    ``X-Forwarded-For``, so that its clients are counted by their own addresses)."""

    # A cluster of nodes (docs/deploy.md) -------------------------------------------------
    redis_url: str = ""
    """Redis, which carries messages between the nodes of a cluster (``--redis``); empty
    means a single server. Nodes share one PostgreSQL database (``--db``)."""
    node: str = ""
    """This node's name in the cluster (``--node``); empty means the host name and the
    process id. Unique among the nodes running at once."""
    lease_seconds: float = 5.0
    """How long a node's hold on a table lasts unless renewed: a node that dies has its
    tables taken over by the others within about this."""
    public_url: str = ""
    """This node's own address as the clients reach it (``--public-url``, e.g.
    ``https://cards.example.org/n/node2``); empty: none. A client that asks (``direct=1``)
    and whose socket reaches another node for a table this node plays is sent here
    (close 4307) instead of being relayed: a relayed move costs both nodes CPU."""

    # Browsers ---------------------------------------------------------------------------
    allowed_origins: tuple[str, ...] = ()
    """Origins other than the server's own that may post to the API and open WebSockets
    (e.g. ``https://cards.example.org``); same-origin requests are always allowed."""
    listen_host: str = ""
    """The address ``scala40 serve`` listens on (``--host``; empty: not known, as under a
    test client): the invite panel offers the machine's network addresses only when it
    is every address (0.0.0.0 or ::)."""
    listen_port: int = 0
    """The port ``scala40 serve`` listens on (``--port``)."""
    dev: bool = False
    """Serve the API documentation (/docs, /redoc, /openapi.json): for developers only."""
    secret_file: str = ""
    """The server's secret key (seals deal seeds at rest); empty means ``server.key`` in
    the data directory, created on first start."""

    def node_name(self) -> str:
        """This node's name in the cluster: the one given, or this process's random one
        (``/api/health`` tells it to anyone, so it says nothing of the host)."""
        return self.node or _PROCESS_NODE

    def database_url(self) -> str:
        return self.db_url or default_db_url()

    def key_path(self) -> Path:
        """Where the server's secret key lives (outside the database, on purpose)."""
        if self.secret_file:
            return Path(self.secret_file).expanduser()
        folder = data_dir()
        folder.mkdir(parents=True, exist_ok=True)
        return folder / KEY_FILE
