"""Finished matches over HTTP: the history, each match's record to download, and the
replay the viewer steps through (with the check of every fair deal)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import Response

from scala40.engine.rules import Rules
from scala40.notation.codec import rules_from_changes
from scala40.notation.record import load_record
from scala40.rulebook.labels import rules_facts, rules_summary
from scala40.server.http.errors import ApiError
from scala40.server.table.registry import Tables
from scala40.server.table.summaries import fair_check, replay_steps
from scala40.storage.store import SeatRow, TableRow


def _winner_name(winner: int | None, seats: list[SeatRow], rules: Rules) -> str | None:
    """The winner's name, or the partners' names joined (the winner is a scoring unit)."""
    if winner is None:
        return None
    return " & ".join(seats[s].name for s in rules.seats_of(winner))


def build_router(tables: Tables) -> APIRouter:
    """The routes of finished matches, read from the store."""
    router = APIRouter()

    async def finished(table_id: str) -> tuple[TableRow, list[SeatRow], str]:
        actor = tables.get(table_id)
        if actor is not None and actor.status != "over":
            raise ApiError(403, "match_in_play", "the record is shown once the match is over")
        done = await tables.db.run(tables.store.finished_table, table_id)
        if done is None:
            if actor is not None:
                raise ApiError(403, "match_in_play", "the record is being saved; try again")
            raise ApiError(404, "no_such_table", f"there is no table {table_id!r}")
        return done

    @router.get("/api/tables/{table_id}/record")
    async def record(table_id: str) -> Response:
        _table, _seats, text = await finished(table_id)
        return Response(
            text,
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="scala40-{table_id}.json"'},
        )

    @router.get("/api/tables/{table_id}/replay")
    async def replay(table_id: str) -> dict[str, Any]:
        table, seats, text = await finished(table_id)
        rules = rules_from_changes(table.changes)
        rec = load_record(text)
        return {
            "table_id": table.id,
            "seats": rec["seats"],
            "seat_kinds": [s.occupant for s in seats],
            "guests": [s.guest for s in seats],
            "rules": {
                "preset": table.preset,
                "changes": dict(table.changes),
                "opening_points": rules.opening_points,
            },
            "elimination": rules.elimination,
            "winner": table.winner,
            "steps": replay_steps(rec),
            "fair": fair_check(rec),
        }

    @router.get("/api/history")
    async def history() -> dict[str, Any]:
        rows = await tables.db.run(tables.store.history)
        out = []
        for table, seats in rows:
            rules = rules_from_changes(table.changes)
            out.append(
                {
                    "table_id": table.id,
                    "players": [s.name for s in seats],
                    "guests": [s.guest for s in seats],
                    "seat_kinds": [s.occupant for s in seats],
                    "winner": _winner_name(table.winner, seats, rules),
                    "winner_seat": table.winner,
                    "finished": None if table.finished is None else table.finished.isoformat(),
                    "rules_summary": rules_summary(table.preset, rules),
                    "rules_facts": rules_facts(table.preset, rules),
                }
            )
        return {"matches": out}

    return router
