"""Where a table is played: by this process, by another node of a cluster, or nowhere.

The registry, the socket route, the lobby and the health check ask one
:class:`Placement`, chosen once in the app factory: the registry's ``LocalPlacement`` for
a single server, the cluster's node (cluster/node.py) when the server is one of several. Nothing
below the composition root asks whether it runs in a cluster; the placement knows.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Protocol

from scala40.server.table.actor import TableActor, wait_claim, wait_join
from scala40.server.table.sessions import Session
from scala40.server.wire.outbox import Outbox
from scala40.storage.leases import Lease

if TYPE_CHECKING:
    from starlette.websockets import WebSocket


class Ask(StrEnum):
    """What may be asked of a table's actor and waited for (a seat, or ``None``), here or
    on the node that plays it."""

    JOIN = "join"
    """Seat a newcomer: ``seat``, ``name``, ``token_hash``, ``player_id``, ``network``."""
    CLAIM = "claim"
    """Open a rematch seat with the old token: ``claim_hash``, ``token_hash``."""


async def ask_actor(actor: TableActor, op: Ask, args: dict[str, Any]) -> Any:
    """Do ``op`` through the table's own actor (on the node that plays it)."""
    if op is Ask.JOIN:
        return await wait_join(
            actor,
            args["seat"],
            args["name"],
            args["token_hash"],
            args["player_id"],
            args.get("network"),  # a node of an older version sends none
        )
    return await wait_claim(actor, args["claim_hash"], args["token_hash"])


@dataclass(frozen=True, slots=True)
class Here:
    """The table is played by this process's actor."""

    actor: TableActor


@dataclass(frozen=True, slots=True)
class There:
    """Another node of the cluster plays the table, under this lease."""

    owner: Lease


@dataclass(frozen=True, slots=True)
class Moving:
    """The table is in play but, at this moment, played by no node this one can reach: a
    take-over is under way (another node won the claim and is rebuilding it), or this
    node holds as many tables as it may. Whoever asked tries again in a moment (a socket
    is closed with 1012, its page reconnects): never "no such table"."""


Where = Here | There | Moving | None
"""Where a table is played; ``None``: nowhere (no such table, or not in play)."""


class PartDown(Exception):
    """A part the server needs is down; the message is public (the health answer's)."""


class Placement(Protocol):
    """Where tables are played, and what that costs: leases, relays and forwarded asks in a
    cluster, nothing for a single server."""

    @property
    def name(self) -> str | None:
        """This node's name in the cluster (``None``: a single server)."""

    @property
    def shared(self) -> bool:
        """Whether other processes play tables of the same store, so that the lobby reads
        the store for a table that is not here."""

    async def start(self) -> None:
        """Set the tables going: a single server rebuilds every unfinished table; a node
        takes over, a few at a time, those no node holds."""

    async def halt(self) -> None:
        """Take nothing over and let nothing go from now on (a stop begins)."""

    async def stop(self) -> None:
        """Let go of everything held, after the registry stopped its actors."""

    async def claim_new(self, table_id: str) -> None:
        """Hold a table about to be created, before its row exists."""

    def released(self, table_id: str) -> None:
        """The registry let a table go (finished and retired, expired, closed)."""

    async def find(self, table_id: str) -> Where:
        """Where ``table_id`` is played; a table nobody plays is taken over here (or,
        when that fails but the table is in play, :class:`Moving`)."""

    async def ask(self, there: There, op: Ask, args: dict[str, Any]) -> Any:
        """Do ``op`` through the actor of the node that plays the table; raises
        :class:`~scala40.server.table.actor.JoinRefused`."""

    async def address_of(self, there: There) -> str | None:
        """The WebSocket address at which clients reach the node that plays ``there``'s
        table directly (``None``: none known; the socket is then relayed)."""

    def relay(
        self, there: There, ws: WebSocket, token_hash: str | None, patches: bool
    ) -> AbstractAsyncContextManager[tuple[Session, Outbox]]:
        """A session for a socket here whose table another node plays, and the outbox
        of what that node sends it; the relay ends with the context."""

    def checks(self) -> Mapping[str, Callable[[], Awaitable[object]]]:
        """The parts the placement needs besides the database, by name, each with its
        check (which raises, :class:`PartDown` with a public reason, when it is down)."""
