"""The HTTP routes of rated identities (docs/protocol.md, *Ratings* and *Leagues*): making
one, signing in with its key, the leaderboard, a player's page, and friends' leagues."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from scala40.server.guard.limits import PerAddress
from scala40.server.http.errors import ApiError, read_json_object
from scala40.server.http.errors import admit as admit_address
from scala40.server.http.forms import TOKEN_TEXT, clean_name
from scala40.server.table.registry import Tables
from scala40.storage.leagues import NAME_MAX, Leagues
from scala40.storage.players import HUMAN, REMOTE_BOT, NicknameTaken, Player, Players

BOARDS = {"people": HUMAN, "bot": REMOTE_BOT}
"""The leaderboards by ``?kind=``: people's, and the remote bots'."""

LEADERBOARD_MAX = 200


def player_of_key(players: Players, raw: object) -> Player | None:
    """The identity a request's ``player_key`` names (``None`` when it names none);
    a 403 ``bad_key`` for a key no identity holds."""
    if raw is None:
        return None
    if not isinstance(raw, str) or TOKEN_TEXT.fullmatch(raw) is None:
        raise ApiError(403, "bad_key", "this player key is not valid")
    player = players.by_key(raw)
    if player is None:
        raise ApiError(403, "bad_key", "this player key is not valid")
    return player


def profile(player: Player, history: list[dict[str, Any]]) -> dict[str, Any]:
    """A player's page: the leaderboard's line, the figures per hand, every rated match."""
    return {
        **player.to_dict(),
        "hands": player.hands,
        "average_penalty": round(player.penalty / player.hands, 1) if player.hands else None,
        "opening_turn": (round(player.opening_turns / player.opened, 1) if player.opened else None),
        "history": history,
    }


def league_name(raw: object) -> str:
    """A league's name: trimmed, 1 to 40 characters, no control characters."""
    name = " ".join(raw.split()) if isinstance(raw, str) else ""
    if not 1 <= len(name) <= NAME_MAX or not name.isprintable():
        raise ApiError(400, "bad_league_name", f"a league's name is 1 to {NAME_MAX} characters")
    return name


def build_router(tables: Tables, players: Players, leagues: Leagues) -> APIRouter:
    router = APIRouter()
    db = tables.db
    settings = tables.settings
    creations = PerAddress(settings.identities_per_minute, 60.0)

    def admit(request: Request) -> None:
        """An anonymous visitor makes a few identities and leagues a minute, not
        thousands: each is a row kept for good (limits.py)."""
        per_minute = f"{settings.identities_per_minute} new players and leagues a minute"
        admit_address(creations, request, settings, "too_many_identities", per_minute)

    @router.post("/api/players", status_code=201)
    async def create_player(request: Request) -> dict[str, Any]:
        body = await read_json_object(request)
        nickname = clean_name(body.get("nickname"))
        admit(request)
        try:
            player, key = await db.run(players.create, nickname)
        except NicknameTaken as err:
            raise ApiError(409, "nickname_taken", str(err)) from None
        return {"player_id": player.id, "nickname": player.nickname, "key": key}

    @router.post("/api/players/signin")
    async def sign_in(request: Request) -> dict[str, Any]:
        body = await read_json_object(request)
        player = await db.run(player_of_key, players, body.get("key"))
        if player is None:
            raise ApiError(403, "bad_key", "a sign-in needs the player's key")
        mine = await db.run(leagues.of_player, player.id)
        return {
            "player_id": player.id,
            "nickname": player.nickname,
            "leagues": [{"league_id": x.id, "name": x.name} for x in mine],
        }

    @router.get("/api/leaderboard")
    async def leaderboard(limit: int = 50, kind: str = "people") -> dict[str, Any]:
        """The people's leaderboard, or (``?kind=bot``) the remote bots'; the built-in
        levels stand on both as landmarks."""
        if not 1 <= limit <= LEADERBOARD_MAX:
            raise ApiError(400, "bad_page", f"limit is 1 to {LEADERBOARD_MAX}")
        if kind not in BOARDS:
            raise ApiError(400, "bad_kind", "kind is people (the default) or bot")
        rows = await db.run(players.leaderboard, limit, BOARDS[kind])
        return {"players": [p.to_dict() for p in rows]}

    @router.get("/api/players/{nickname}")
    async def player_page(nickname: str) -> dict[str, Any]:
        player = await db.run(players.by_nickname, nickname)
        if player is None:
            raise ApiError(404, "no_such_player", f"no player is called {nickname!r}")
        return profile(player, await db.run(players.history, player.id))

    async def member(raw: object) -> Player:
        player = await db.run(player_of_key, players, raw)
        if player is None:
            raise ApiError(403, "bad_key", "a league is for players who keep a rating")
        return player

    @router.post("/api/leagues", status_code=201)
    async def create_league(request: Request) -> dict[str, Any]:
        body = await read_json_object(request)
        name = league_name(body.get("name"))
        owner = await member(body.get("player_key"))
        admit(request)
        league, invite = await db.run(leagues.create, name, owner.id)
        return {"league_id": league.id, "name": league.name, "invite": invite}

    @router.post("/api/leagues/{league_id}/members")
    async def join_league(league_id: str, request: Request) -> dict[str, Any]:
        body = await read_json_object(request)
        player = await member(body.get("player_key"))
        if await db.run(leagues.get, league_id) is None:
            raise ApiError(404, "no_such_league", f"there is no league {league_id!r}")
        invite = body.get("invite")
        joined = None
        if isinstance(invite, str) and TOKEN_TEXT.fullmatch(invite):
            joined = await db.run(leagues.join, league_id, invite, player.id)
        if joined is None:
            raise ApiError(403, "bad_invite", "this invitation is not the league's")
        return {"league_id": joined.id, "name": joined.name}

    @router.get("/api/leagues/{league_id}")
    async def league_page(league_id: str) -> dict[str, Any]:
        page = await db.run(leagues.page, league_id)
        if page is None:
            raise ApiError(404, "no_such_league", f"there is no league {league_id!r}")
        return page

    return router
