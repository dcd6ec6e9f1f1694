"""What a table's actor is asked to do: one value per kind of command, and its refusals.

Everything that changes a table — a move, a bot's move, a timer, a connection, a join, a
chat line, a rematch wish — is one of these, put on the actor's single queue
(table/actor.py), so the table changes in one order and each change is stored first.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from scala40.engine.actions import Action
from scala40.notation.codec import JSONDict
from scala40.server.wire.outbox import Outbox
from scala40.server.wire.refusals import TableRefusal


@dataclass(frozen=True)
class Act:
    """A seat's move, checked against version ``v`` (the last the client saw); the
    refusal, if any, goes to ``outbox``."""

    seat: int
    v: int
    action: Action
    outbox: Outbox | None


@dataclass(frozen=True)
class BotMove:
    """A bot's move for ``seat``, chosen at ``version``: refused when the table moved on."""

    seat: int
    version: int
    action: Action


@dataclass(frozen=True)
class TurnTimeout:
    """The timer of ``turn`` (hand number, turns done) ran out."""

    turn: tuple[int, int]


@dataclass(frozen=True)
class SummaryClosed:
    """A seat's person closed the summary of hand ``hand`` (the table may play on); a
    refusal (a hand not ended yet) goes to ``outbox``."""

    seat: int
    hand: int
    outbox: Outbox | None


@dataclass(frozen=True)
class PauseOver:
    """The longest pause after hand ``hand`` has passed (table/pause.py)."""

    hand: int


@dataclass(frozen=True)
class GraceOver:
    """The grace of a seat whose player left ran out (``epoch``: of that leaving)."""

    seat: int
    epoch: int


@dataclass(frozen=True)
class Connect:
    """A seat's connection opened: its first message is the whole VIEW."""

    seat: int
    outbox: Outbox


@dataclass(frozen=True)
class Disconnect:
    """A seat's connection closed."""

    seat: int
    outbox: Outbox


@dataclass(frozen=True)
class Watch:
    """A spectator's connection opens (``on``) or closes. A spectator holds no seat and is
    sent the public VIEW only: no player's cards, whoever asks."""

    outbox: Outbox
    on: bool


@dataclass(frozen=True)
class Join:
    """A newcomer asks for a seat (``None``: any free one), under a name and a token."""

    seat: int | None
    name: str
    token_hash: str
    done: asyncio.Future[int] = field(compare=False)
    player_id: str | None = None
    """The rated identity taking the seat (``None``: an anonymous player)."""
    network: str | None = None
    """The keyed digest of the network the newcomer joins from (store.SeatRow.network)."""


@dataclass(frozen=True)
class BotJoin:
    """A remote bot asks for an open seat of a bot-only table (``None``: any)."""

    seat: int | None
    account: str
    player_id: str
    done: asyncio.Future[int] = field(compare=False)


@dataclass(frozen=True)
class TakeBotSeat:
    """A newcomer from Play now asks for a bot's seat at a quick-play table: at once if no
    move has been made in the hand, else from the next hand. ``done`` gets the seat and
    whether it is theirs now (``True``) or from the next hand."""

    name: str
    token_hash: str
    done: asyncio.Future[tuple[int, bool]] = field(compare=False)
    player_id: str | None = None
    network: str | None = None


@dataclass(frozen=True)
class Entropy:
    """A seat's contribution to the shuffle of a hand not dealt yet (fair tables)."""

    seat: int
    hand: int
    data: bytes
    outbox: Outbox | None


@dataclass(frozen=True)
class Chat:
    """A checked chat message (``{"phrase": CODE}`` or ``{"text": TEXT}``) from a seat."""

    seat: int
    body: JSONDict
    outbox: Outbox


@dataclass(frozen=True)
class AskRematch:
    """A seat of a finished table asks to play again with the same seats and rules."""

    seat: int
    outbox: Outbox


@dataclass(frozen=True)
class PauseDue:
    """No human has been connected for ``bots_pause_seconds``: the bots pause now, and
    the programs at the table stop."""


@dataclass(frozen=True)
class StoreOver:
    """The finished match could not be stored (the database was away): try again."""


@dataclass(frozen=True)
class RematchDue:
    """The only human who had not asked for the rematch left: make it for the others."""


@dataclass(frozen=True)
class Claim:
    """The old token of a finished table's seat opens its seat at the rematch, once."""

    claim_hash: str
    token_hash: str
    done: asyncio.Future[int | None] = field(compare=False)


class RematchRefused(Exception):
    """The server could not make a rematch now (full, or the store failed)."""


@dataclass(frozen=True)
class EndTable:
    """The registry found the table due to end (expired or abandoned) at ``moment``."""

    moment: float


Command = (
    Act
    | BotMove
    | TurnTimeout
    | SummaryClosed
    | PauseOver
    | GraceOver
    | Connect
    | Disconnect
    | Watch
    | Join
    | BotJoin
    | EndTable
    | Entropy
    | Chat
    | AskRematch
    | RematchDue
    | PauseDue
    | Claim
    | StoreOver
    | TakeBotSeat
)


class JoinRefused(Exception):
    """No seat for a newcomer (``code``: ``table_full``, ``seat_taken``, ``no_such_seat``)."""

    def __init__(self, code: TableRefusal, message: str) -> None:
        super().__init__(message)
        self.code = code
