"""Every live table's actor, by id: created from the lobby or rebuilt from storage at start."""

from __future__ import annotations

import asyncio
import logging
import secrets
from dataclasses import dataclass

from scala40.bots import LEVELS
from scala40.engine.errors import RulesError
from scala40.engine.rules import PRESETS, Rules
from scala40.server.actor import TableActor
from scala40.server.db import Db
from scala40.server.errors import ApiError
from scala40.server.settings import Settings
from scala40.server.store import SeatRow, Store, TableRow, now
from scala40.server.tokens import new_table_id, new_token, token_hash

log = logging.getLogger("scala40.server")

MAX_NAME = 24


@dataclass(frozen=True, slots=True)
class NewTable:
    actor: TableActor
    seat: int
    token: str


def clean_name(raw: object) -> str:
    """A nickname as shown at the table: trimmed, 1 to 24 characters, no control characters."""
    if not isinstance(raw, str):
        raise ApiError(400, "bad_nickname", "a nickname is text, 1 to 24 characters")
    name = " ".join(raw.split())
    if not 1 <= len(name) <= MAX_NAME or not name.isprintable():
        raise ApiError(400, "bad_nickname", f"a nickname is 1 to {MAX_NAME} characters")
    return name


def seat_kind(raw: object) -> str:
    """``"human"`` or ``"bot:LEVEL"`` (``LevelError`` naming the levels otherwise)."""
    if raw == "human":
        return "human"
    if isinstance(raw, str) and raw.startswith("bot:") and raw[4:] in LEVELS:
        return raw
    raise ApiError(
        400,
        "bad_seat",
        f'a seat is "human" or one of {", ".join("bot:" + lv for lv in LEVELS)}, not {raw!r}',
    )


def table_rules(preset: object, changes: object, players: int) -> Rules:
    """The table's rules: a preset plus single keys, seated for ``players``."""
    if preset is not None and (not isinstance(preset, str) or preset not in PRESETS):
        raise ApiError(
            400, "bad_rules", f"unknown rules preset {preset!r}: choose {', '.join(PRESETS)}"
        )
    if changes is None:
        changes = {}
    if not isinstance(changes, dict):
        raise ApiError(400, "bad_rules", "rules.changes is an object of rule keys")
    given = changes.get("players")
    if given is not None and str(given) != str(players):
        raise ApiError(
            400, "bad_rules", f"the table has {players} seats but the rules say players={given}"
        )
    try:
        return Rules.build(preset, {**changes, "players": players})
    except RulesError as err:
        raise ApiError(400, "bad_rules", str(err)) from None


class Tables:
    """The live tables of this server and the store behind them."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.db = Db(store)
        self.actors: dict[str, TableActor] = {}
        self._retiring: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        """Rebuild every unfinished table from its stored actions and set it going again."""
        for stored in await self.db.run(self.store.unfinished):
            try:
                actor = TableActor.rebuild(stored, self.db, self.settings)
            except Exception:
                log.exception("table %s could not be rebuilt; left as stored", stored.table.id)
                continue
            self._adopt(actor)
            actor.start()
            await actor.finish_if_over()

    async def stop(self) -> None:
        for task in list(self._retiring):
            task.cancel()
        for actor in self.actors.values():
            await actor.stop()
        self.actors.clear()
        self.db.close()

    def _adopt(self, actor: TableActor) -> None:
        self.actors[actor.table.id] = actor
        actor.on_over = self._retire_later

    def _retire_later(self, actor: TableActor) -> None:
        """A finished table stays live a while for its players, then only its record stays."""

        async def retire() -> None:
            await asyncio.sleep(self.settings.retire_seconds)
            if self.actors.get(actor.table.id) is actor:
                del self.actors[actor.table.id]
                await actor.stop(1000, "the match is over; its record is in the history")

        task = asyncio.get_running_loop().create_task(retire())
        self._retiring.add(task)
        task.add_done_callback(self._retiring.discard)

    def get(self, table_id: str) -> TableActor | None:
        return self.actors.get(table_id)

    async def create(
        self,
        kinds: object,
        preset: object,
        changes: object,
        nickname: object,
        turn_seconds: object,
    ) -> NewTable:
        """A new table; the creator takes its first human seat."""
        if not isinstance(kinds, list) or not 2 <= len(kinds) <= 6:
            raise ApiError(400, "bad_seats", "a table has 2 to 6 seats")
        seat_kinds = [seat_kind(k) for k in kinds]
        if "human" not in seat_kinds:
            raise ApiError(400, "bad_seats", "a table needs at least one human seat")
        name = clean_name(nickname)
        if turn_seconds is not None and (
            isinstance(turn_seconds, bool)
            or not isinstance(turn_seconds, int | float)
            or not 1 <= turn_seconds <= 3600
        ):
            raise ApiError(
                400, "bad_timer", "turn_seconds is null or a number of seconds, 1 to 3600"
            )
        rules = table_rules(preset, changes, len(seat_kinds))
        token = new_token()
        creator = seat_kinds.index("human")
        seats: list[SeatRow] = []
        for i, kind in enumerate(seat_kinds):
            if i == creator:
                seats.append(SeatRow(i, kind, name, token_hash(token)))
            elif kind == "human":
                seats.append(SeatRow(i, kind, "", None))
            else:
                seats.append(SeatRow(i, kind, f"Bot {i + 1} ({kind[4:]})", None))
        waiting = seat_kinds.count("human") > 1
        table = TableRow(
            id=new_table_id(),
            created=now(),
            preset=preset if isinstance(preset, str) else "fisca",
            changes=dict(rules.changes()),
            seed=secrets.randbits(63),
            first_dealer=secrets.randbelow(len(seat_kinds)),
            turn_seconds=None if turn_seconds is None else float(turn_seconds),
            status="waiting" if waiting else "playing",
        )
        await self.db.run(self.store.create_table, table, seats)
        actor = TableActor(table, seats, self.db, self.settings)
        self._adopt(actor)
        actor.start()
        return NewTable(actor, creator, token)
