"""A program seat's log, for the table's creator: what the program said at this table.

::

    GET /api/tables/{id}/programs/{seat}/log     Authorization: Bearer TOKEN
        -> {"seat": 1, "program": "simple", "name": "simple.py",
            "lines": ["log: weighing the pozzo", "stderr: ..."], "dropped": 0}

Why only the creator: the person who made the table chose the program for the seat, and
is the one debugging it (or the server's operator, seated as the creator); a program's
``log`` messages and standard error may say what it holds, so another player reading
them would see a hand it may not see. The token is the creator's seat token (the one
``POST /api/tables`` returned); no token is 401 ``token_needed``, another seat's or an
unknown one 403 ``not_table_creator``. The log is the seat's latest lines
(program_seats.py bounds it), kept while the table is live on this server.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from scala40.server.http.errors import ApiError
from scala40.server.http.scoresheets import bearer_token
from scala40.server.table.registry import Tables
from scala40.server.table.seats import creator_seat
from scala40.storage.tokens import token_hash


def build_router(tables: Tables) -> APIRouter:
    """The route of program seats' logs at the live tables."""
    router = APIRouter()

    @router.get("/api/tables/{table_id}/programs/{seat}/log")
    async def program_log(table_id: str, seat: int, request: Request) -> dict[str, Any]:
        actor = tables.get(table_id)
        if actor is None:
            raise ApiError(404, "no_such_table", f"no table {table_id!r} is in play on this server")
        token = bearer_token(request)
        if token is None:
            raise ApiError(
                401,
                "token_needed",
                "send the table creator's seat token as Authorization: Bearer TOKEN",
            )
        creator = creator_seat([s.occupant for s in actor.seats])
        if actor.check_token(token_hash(token)) != creator:
            raise ApiError(
                403,
                "not_table_creator",
                "only the person who created the table may read its programs' logs",
            )
        if not 0 <= seat < len(actor.seats) or actor.seats[seat].program is None:
            raise ApiError(
                404, "no_program", f"seat {seat} of this table is not played by a program"
            )
        program = actor.seats[seat].program
        assert program is not None
        lines, dropped = program.log()
        return {
            "seat": seat,
            "program": actor.seats[seat].occupant.split(":", 1)[1],
            "name": program.bot.program_name,
            "lines": lines,
            "dropped": dropped,
        }

    return router
