"""The lobby over HTTP: creating, listing and joining tables, and their rematches.

Every refusal is ``{"error": {"code", "message"}}`` with a 4xx status (see
docs/protocol.md); the body of a request is read by hand so a malformed one gets a
sentence naming the problem rather than a validation dump.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import replace
from typing import Any

from fastapi import APIRouter, Request

from scala40.engine.rules import Rules
from scala40.notation.codec import rules_from_changes
from scala40.rulebook.labels import rules_facts, rules_summary
from scala40.server.guard.addresses import limit_key
from scala40.server.guard.limits import PerAddress
from scala40.server.http.errors import ApiError, client_address, network_of, read_json_object
from scala40.server.http.errors import admit as admit_address
from scala40.server.http.forms import (
    REMOTE_KIND,
    clean_name,
    client_token,
    quickplay_spec,
    rules_part,
    table_spec,
)
from scala40.server.http.players import player_of_key
from scala40.server.table.actor import TableActor
from scala40.server.table.commands import JoinRefused
from scala40.server.table.registry import Tables, TableSpec
from scala40.server.wire.refusals import TableRefusal
from scala40.storage.leagues import League, Leagues
from scala40.storage.players import Player, Players
from scala40.storage.store import SeatRow, TableRow
from scala40.storage.tokens import new_token, token_hash

MAX_PAGE = 100
JOIN_STATUS = {
    TableRefusal.NO_SUCH_SEAT: 404,
    TableRefusal.TABLE_CLOSED: 410,
    TableRefusal.SERVER_ERROR: 503,
}
"""HTTP status of a refused join (the others, a full table or a taken seat, are 409)."""


def page_number(request: Request, name: str, default: int, low: int, high: int) -> int:
    """A whole-number query parameter within ``low..high`` (:class:`ApiError` otherwise)."""
    raw = request.query_params.get(name)
    if raw is None:
        return default
    if not raw.isascii() or not raw.isdigit() or len(raw) > 10 or not low <= int(raw) <= high:
        raise ApiError(400, "bad_page", f"{name} is a whole number from {low} to {high}")
    return int(raw)


def _summary(
    table: TableRow,
    seats: list[tuple[int, str, str, bool, bool]],
    status: str,
    rules: Rules,
    league_name: str | None,
    watchers: int | None = None,
) -> dict[str, Any]:
    """A table as the lobby lists it (public facts only): its seats (number, occupant,
    name, taken, guest: a person without a rated identity), rules in words, status,
    timer, bots' pace, league and, for a table played here, its spectators."""
    out: dict[str, Any] = {
        "table_id": table.id,
        "seats": [
            {"seat": s, "kind": k, "name": n, "taken": t, "guest": g} for s, k, n, t, g in seats
        ],
        "rules_summary": rules_summary(table.preset, rules),
        "rules_facts": rules_facts(table.preset, rules),
        "status": status,
        "created": table.created.isoformat(),
        "turn_seconds": table.turn_seconds,
        "bot_pace": table.bot_pace,
        "rated": table.rated,
    }
    if watchers is not None:
        out["watchers"] = watchers
    out["league"] = league_json(table.league_id, league_name)
    return out


def live_summary(actor: TableActor) -> dict[str, Any]:
    """A table this server plays, as the lobby lists it."""
    seats = [(s.seat, s.occupant, s.name, s.taken, s.guest) for s in actor.seats]
    return _summary(
        actor.table, seats, actor.status, actor.rules, actor.league_name, len(actor.watchers)
    )


def league_json(league_id: str | None, name: str | None) -> dict[str, str] | None:
    """A table's league as the lobby lists it (``None``: not a league match)."""
    if league_id is None:
        return None
    return {"league_id": league_id, "name": name or ""}


def stored_summary(
    table: TableRow, seats: list[SeatRow], league_name: str | None = None
) -> dict[str, Any]:
    """A table as the store has it: a finished one, or in a cluster one that another
    node plays (a seat is taken once someone holds its token)."""
    rules = rules_from_changes(table.changes)
    listed = [
        (s.seat, s.occupant, s.name, s.occupant != "human" or s.token_hash is not None, s.guest)
        for s in seats
    ]
    return _summary(table, listed, table.status, rules, league_name)


def seatable_bots(tables: Tables, player_id: str | None) -> dict[str, str]:
    """The connected remote bots the person ``player_id`` (``None``: anonymous) may seat,
    name -> identity id: those open to anyone, and their own."""
    return {a.name: a.player.id for a in tables.remote.connected() if a.may_seat(player_id)}


def admit_remote(tables: Tables, spec: TableSpec) -> None:
    """May the new table's remote bots all sit at one more table? (429 ``bot_busy`` if not.)"""
    names = [o[len(REMOTE_KIND) :] for o in spec.occupants if o.startswith(REMOTE_KIND)]
    busy = tables.remote.busy(names)
    if busy is not None:
        raise ApiError(
            429,
            "bot_busy",
            f"{busy} plays at {tables.remote.tables_of(busy)} tables, as many as a bot"
            f" account may at once (remote_bot_tables = {tables.remote.tables_per_bot})",
        )


def build_router(tables: Tables, players: Players, leagues: Leagues) -> APIRouter:
    """The lobby's HTTP routes over the live ``tables`` and their store."""
    router = APIRouter()

    creations = PerAddress(tables.settings.tables_per_minute, 60.0)
    creating = asyncio.Lock()

    def admit(request: Request) -> None:
        """May the request's address create a table now? (:class:`ApiError` 429 or 503 if not)."""
        settings = tables.settings
        if tables.live_count() >= settings.max_live_tables:
            raise ApiError(
                503,
                "server_full",
                f"the server holds {settings.max_live_tables} tables, its limit:"
                " join an open table or try again later",
            )
        per_minute = f"{settings.tables_per_minute} new tables a minute"
        admit_address(creations, request, settings, "too_many_tables", per_minute)

    def address_of(request: Request) -> str | None:
        """The request's address as the per-address limits count it (``None``: unlimited)."""
        host = client_address(request)
        if host in tables.settings.unlimited_addresses:
            return None
        return limit_key(host, tables.settings.ipv6_prefix)

    def admit_programs(spec: TableSpec, programs: list[str]) -> None:
        """May the new table's programs all run now? (:class:`ApiError` 503 or 429 if not.)"""
        more = spec.program_seats(programs)
        refused = tables.programs.refusal(spec.address, more)
        if refused is not None:
            raise ApiError(refused.status, refused.code, refused.message)

    @router.post("/api/tables", status_code=201)
    async def create_table(request: Request) -> dict[str, Any]:
        body = await read_json_object(request)
        rules_part(body)  # refused first, as before the player and the league are read
        player = await tables.db.run(player_of_key, players, body.get("player_key"))
        league = await league_for(body.get("league"), player)
        programs = [name for name, _ in tables.settings.program_bots]
        spec = table_spec(
            body,
            programs,
            None if player is None else player.nickname,
            seatable_bots(tables, None if player is None else player.id),
        )
        admit_remote(tables, spec)
        if player is None:
            await not_kept(spec.nickname)
        if league is not None:
            # A league match is rated: its standings are read from the ratings' results.
            spec = replace(spec, league=(league.id, league.name), rated=True)
        spec = replace(spec, address=address_of(request))
        token = client_token(body.get("token"))
        # One creation with a client's token at a time: a double click's second request
        # waits for the first, then finds its table.
        async with creating if token is not None else contextlib.nullcontext():
            if token is not None:
                held = tables.held_by(token_hash(token))
                if held is not None:
                    # The same click asking again (a double click, a lost answer).
                    actor, seat = held
                    return made_json(request, actor.table.id, seat, token)
            admit_programs(spec, programs)
            admit(request)
            network = network_of(request, tables.settings, tables.store.key)
            player_id = None if player is None else player.id
            made = await tables.create(spec, player_id, network, token)
        return made_json(request, made.actor.table.id, made.seat, made.token)

    def made_json(request: Request, table_id: str, seat: int, token: str) -> dict[str, Any]:
        """A new table's answer: the creator's seat, its token and the invite link."""
        return {
            "table_id": table_id,
            "seat": seat,
            "token": token,
            "share_url": f"{request.base_url}t/{table_id}?join",
        }

    @router.post("/api/quickplay")
    async def quickplay(request: Request) -> dict[str, Any]:
        """Play now: a seat at a quick-play table at once, a bot's until people come."""
        body = await read_json_object(request)
        player = await tables.db.run(player_of_key, players, body.get("player_key"))
        settings = tables.settings
        spec = quickplay_spec(
            body,
            settings.quickplay_level,
            settings.quickplay_turn_seconds,
            None if player is None else player.nickname,
        )
        token = client_token(body.get("token")) or new_token()
        if player is None:
            await not_kept(spec.nickname)
        if not tables.quick_tables(len(spec.occupants)):
            admit(request)  # a new table may be made: the server's and the address's limits
        spec = replace(spec, address=address_of(request))
        try:
            found = await tables.quickplay(
                spec,
                token,
                None if player is None else player.id,
                network_of(request, settings, tables.store.key),
            )
        except JoinRefused as err:
            raise ApiError(JOIN_STATUS.get(err.code, 409), err.code, str(err)) from None
        table_id = found.actor.table.id
        return {
            "table_id": table_id,
            "seat": found.seat,
            "token": token,
            "seated": found.seated,
            "players": len(found.actor.seats),
        }

    @router.get("/api/tables")
    async def list_tables(request: Request) -> dict[str, Any]:
        limit = page_number(request, "limit", tables.settings.page_size, 1, MAX_PAGE)
        offset = page_number(request, "offset", 0, 0, 10**9)
        if tables.placement.shared:
            # A cluster's lobby is the store's: every node's tables, in play or waiting.
            rows, total = await tables.db.run(tables.store.open_tables, limit, offset)
            names = await tables.db.run(
                leagues.names, {t.league_id for t, _ in rows if t.league_id}
            )
            listed = []
            for table, seats in rows:
                actor = tables.get(table.id)
                if actor is not None:
                    if actor.listed:  # another node's tables are listed as stored
                        listed.append(live_summary(actor))
                else:
                    listed.append(stored_summary(table, seats, names.get(table.league_id or "")))
            return {
                "tables": listed,
                "total": total,
                "offset": offset,
                "limit": limit,
                "next_offset": offset + limit if offset + limit < total else None,
            }
        live = sorted(
            (a for a in tables.actors.values() if a.listed),
            key=lambda a: a.table.created,
            reverse=True,
        )
        page = live[offset : offset + limit]
        following = offset + limit if offset + limit < len(live) else None
        return {
            "tables": [live_summary(a) for a in page],
            "total": len(live),
            "offset": offset,
            "limit": limit,
            "next_offset": following,
        }

    async def not_kept(name: str) -> None:
        """A seat taken without a player key may not carry a rated player's name, nor one
        that looks like it (409 ``nickname_reserved``): at a table, "Anna" is the Anna
        of the leaderboard."""
        keeper = await tables.db.run(players.keeper_of, name)
        if keeper is not None:
            raise ApiError(
                409,
                "nickname_reserved",
                f"{keeper.nickname!r} is a rated player's name and {name!r} is it or looks"
                " like it: sign in with that player's key to play as them, or choose"
                " another name",
            )

    async def league_for(raw: object, player: Player | None) -> League | None:
        """The league a new table is played for (``None``: none asked); only a member
        may make one (403 ``not_in_league``)."""
        if raw is None:
            return None
        if not isinstance(raw, str) or not raw:
            raise ApiError(400, "bad_league", "league is a league id or null")
        league = await tables.db.run(leagues.get, raw)
        if league is None:
            raise ApiError(404, "no_such_league", f"there is no league {raw!r}")
        if player is None or not await tables.db.run(leagues.is_member, league.id, player.id):
            raise ApiError(
                403, "not_in_league", "only a member (with their player key) plays for a league"
            )
        return league

    @router.get("/api/tables/{table_id}")
    async def get_table(table_id: str) -> dict[str, Any]:
        actor = tables.get(table_id)
        if actor is not None:
            return live_summary(actor)
        done: tuple[TableRow, list[SeatRow], str] | tuple[TableRow, list[SeatRow]] | None
        done = await tables.db.run(tables.store.finished_table, table_id)
        if done is None and tables.placement.shared:
            done = await tables.db.run(tables.store.live_table, table_id)  # another node's
        if done is None:
            raise ApiError(404, "no_such_table", f"there is no table {table_id!r}")
        league_id = done[0].league_id
        names = await tables.db.run(leagues.names, {league_id} if league_id else set())
        return stored_summary(done[0], done[1], names.get(league_id or ""))

    @router.post("/api/tables/{table_id}/join")
    async def join(table_id: str, request: Request) -> dict[str, Any]:
        actor = tables.get(table_id)
        live = None
        if actor is None and tables.placement.shared:
            live = await tables.db.run(tables.store.live_table, table_id)  # another node's
        if actor is None and live is None:
            raise ApiError(404, "no_such_table", f"there is no table {table_id!r}")
        body = await read_json_object(request)
        player = await tables.db.run(player_of_key, players, body.get("player_key"))
        league_id = actor.table.league_id if actor is not None else live[0].league_id  # type: ignore[index]
        if league_id is not None and (
            player is None or not await tables.db.run(leagues.is_member, league_id, player.id)
        ):
            raise ApiError(
                403, "league_only", "this table is a league match: only its members sit here"
            )
        if player is None:
            name = clean_name(body.get("nickname"))
            await not_kept(name)
        else:
            name = player.nickname
        seat = body.get("seat")
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
            raise ApiError(400, "bad_seat", "seat is a seat number or null")
        token = client_token(body.get("token")) or new_token()
        try:
            taken = await tables.seat(
                table_id,
                seat,
                name,
                token_hash(token),
                None if player is None else player.id,
                network_of(request, tables.settings, tables.store.key),
            )
        except JoinRefused as err:
            status = JOIN_STATUS.get(err.code, 409)
            raise ApiError(status, err.code, str(err)) from None
        return {"seat": taken, "token": token}

    async def rematch_id(table_id: str) -> str:
        """The table a finished table's rematch created (404 ``no_rematch`` if none)."""
        actor = tables.get(table_id)
        made = actor.rematch_id if actor is not None else None
        if made is None:
            made = await tables.db.run(tables.store.rematch_of, table_id)
        if made is None:
            raise ApiError(404, "no_rematch", f"table {table_id!r} led to no rematch")
        return made

    @router.get("/api/tables/{table_id}/rematch")
    async def rematch(table_id: str) -> dict[str, Any]:
        return {"table_id": await rematch_id(table_id)}

    @router.post("/api/tables/{table_id}/rematch")
    async def claim_rematch(table_id: str, request: Request) -> dict[str, Any]:
        """The old seat token opens its seat at the rematch, once: for a player who was
        not connected when it was made (the others got their token over the socket)."""
        body = await read_json_object(request)
        old = body.get("token")
        if not isinstance(old, str) or not old:
            raise ApiError(400, "bad_token", "token is this seat's token at the finished table")
        made = await rematch_id(table_id)
        token = new_token()
        try:
            seat = await tables.claim(made, token_hash(old), token_hash(token))
        except JoinRefused as err:
            if err.code is TableRefusal.TABLE_CLOSED:
                raise ApiError(410, "table_closed", "the rematch is no longer in play") from None
            raise ApiError(JOIN_STATUS.get(err.code, 409), err.code, str(err)) from None
        if seat is None:
            raise ApiError(
                403,
                "bad_claim",
                "this token opens no seat of the rematch, or it was opened already",
            )
        return {"table_id": made, "seat": seat, "token": token}

    return router
