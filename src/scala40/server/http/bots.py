"""Remote bots over HTTP: making a bot account, choosing who may seat it, the connected
bots, and the bot-only tables a bot makes with its key (docs/bot-protocol.md, *Remote bots*).

Why a rated person makes a bot account: the account's owner answers for it and chooses who
may seat it; an anonymous visitor could otherwise fill the leaderboard with bots. (The
operator makes owner-less accounts with ``scala40 bot-account``.) Why a bot makes its own
bot-only tables with its key, not its owner's: a bot playing unattended has only its key.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from fastapi import APIRouter, Request

from scala40.server.guard.limits import PerAddress
from scala40.server.http.bot_socket import bearer
from scala40.server.http.errors import ApiError, read_json_object
from scala40.server.http.errors import admit as admit_address
from scala40.server.http.forms import REMOTE_KIND, table_spec
from scala40.server.http.lobby import admit_remote
from scala40.server.http.players import player_of_key
from scala40.server.table.commands import JoinRefused
from scala40.server.table.registry import Tables
from scala40.server.wire.refusals import TableRefusal
from scala40.storage.bot_accounts import BotAccount, BotAccounts, Seating, bot_name
from scala40.storage.nicknames import BadName
from scala40.storage.players import NicknameTaken, Players


def seating_of(raw: object) -> Seating:
    """Who may seat a bot, as a request says it (400 ``bad_seating`` otherwise)."""
    if raw is None:
        return Seating.OWNER
    if isinstance(raw, str) and raw in Seating.__members__.values():
        return Seating(raw)
    choices = ", ".join(s.value for s in Seating)
    raise ApiError(400, "bad_seating", f"seating is one of {choices}, not {raw!r}")


def build_router(tables: Tables, players: Players, accounts: BotAccounts) -> APIRouter:
    router = APIRouter()
    db = tables.db
    settings = tables.settings
    creations = PerAddress(settings.identities_per_minute, 60.0)

    async def account_of_key(request: Request) -> BotAccount:
        """The bot account whose key the request carries (403 ``bad_key`` otherwise)."""
        key = bearer(request.headers.get("authorization"))
        account = None if key is None else await db.run(accounts.by_key, key)
        if account is None:
            raise ApiError(
                403, "bad_key", "a bot's request carries its key: Authorization: Bearer KEY"
            )
        return account

    @router.post("/api/bots/accounts", status_code=201)
    async def create_account(request: Request) -> dict[str, Any]:
        body = await read_json_object(request)
        owner = await db.run(player_of_key, players, body.get("player_key"))
        if owner is None:
            raise ApiError(
                403, "bad_key", "a bot account is made by a rated player, with their player_key"
            )
        try:
            name = bot_name(body.get("name"))
        except BadName as err:
            raise ApiError(400, err.code, str(err)) from None
        seating = seating_of(body.get("seating"))
        per_minute = f"{settings.identities_per_minute} new players and leagues a minute"
        admit_address(creations, request, settings, "too_many_identities", per_minute)
        try:
            account, key = await db.run(accounts.create, name, owner, seating)
        except NicknameTaken as err:
            raise ApiError(409, "nickname_taken", str(err)) from None
        return {**account.to_dict(), "key": key}

    @router.post("/api/bots/accounts/{name}/seating")
    async def choose_seating(name: str, request: Request) -> dict[str, Any]:
        body = await read_json_object(request)
        owner = await db.run(player_of_key, players, body.get("player_key"))
        seating = seating_of(body.get("seating"))
        account = await db.run(accounts.by_name, name)
        if account is None:
            raise ApiError(404, "no_such_bot", f"there is no bot account {name!r}")
        if owner is None:
            raise ApiError(403, "not_owner", f"only the owner of {name!r} chooses who seats it")
        try:
            changed = await db.run(accounts.seat_by, account, owner, seating)
        except PermissionError as err:
            raise ApiError(403, "not_owner", str(err)) from None
        tables.remote.update(changed)
        return changed.to_dict()

    @router.post("/api/bots/tables", status_code=201)
    async def create_bot_table(request: Request) -> dict[str, Any]:
        """A bot-only table, made by a bot with its key: it sits at it, with built-in
        levels, registered programs or other connected remote bots that let anyone (or
        its owner) seat them."""
        me = await account_of_key(request)
        body = await read_json_object(request)
        if tables.remote.account(me.name) is None:
            raise ApiError(
                409, "bot_not_connected", f"{me.name} must be connected to /ws/bot to play"
            )
        seatable = {
            a.name: a.player.id
            for a in tables.remote.connected()
            if a.name == me.name or a.may_seat(me.owner_id)
        }
        programs = [name for name, _ in settings.program_bots]
        spec = table_spec(body, programs, None, seatable, bots_only=True)
        if REMOTE_KIND + me.name not in spec.occupants:
            raise ApiError(
                400, "bad_seats", f"the bot making a table sits at it: {REMOTE_KIND}{me.name}"
            )
        if spec.program_seats(programs):
            refused = tables.programs.refusal(None, spec.program_seats(programs))
            if refused is not None:
                raise ApiError(refused.status, refused.code, refused.message)
        admit_remote(tables, spec)
        if tables.live_count() >= settings.max_live_tables:
            raise ApiError(503, "server_full", "the server holds as many tables as it may")
        made = await tables.create(replace(spec, address=None))
        actor = made.actor
        seats = [s.seat for s in actor.seats if s.occupant == REMOTE_KIND + me.name]
        return {
            "table_id": actor.table.id,
            "seats": seats,
            "games": [f"{actor.table.id}/{s}" for s in seats],
            "rated": actor.table.rated,
        }

    @router.post("/api/bots/tables/{table_id}/join")
    async def join_bot_table(table_id: str, request: Request) -> dict[str, Any]:
        """A bot joins an open seat (``bot:open``) of a bot-only table with its key: the
        first open one, or ``{"seat": N}``; the last one taken starts the match."""
        me = await account_of_key(request)
        body = await read_json_object(request)
        seat = body.get("seat")
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
            raise ApiError(400, "bad_seat", "seat is a seat number or null")
        if tables.remote.account(me.name) is None:
            raise ApiError(
                409, "bot_not_connected", f"{me.name} must be connected to /ws/bot to play"
            )
        busy = tables.remote.busy([me.name])
        if busy is not None:
            raise ApiError(
                429,
                "bot_busy",
                f"{busy} plays at {tables.remote.tables_of(busy)} tables, as many as a bot"
                f" account may at once (remote_bot_tables = {tables.remote.tables_per_bot})",
            )
        try:
            taken = await tables.seat_bot(table_id, seat, me.name, me.player.id)
        except JoinRefused as err:
            status = 404 if err.code is TableRefusal.TABLE_CLOSED else 409
            raise ApiError(status, err.code, str(err)) from None
        return {"table_id": table_id, "seat": taken, "game": f"{table_id}/{taken}"}

    return router
