"""JSON endpoints of the score-sheet page (/score) for games played with real cards.

Sheets live in the server's database (table ``score_sheets``, migration 0002), one row per
game with the sheet as JSON (:meth:`ScoreSheet.to_json`). Every answer that returns a sheet
carries its derived standing (:func:`scala40.scoresheet.report.standing_json`), computed
by the engine's own scoring, so the page never adds anything up itself.

    GET    /api/scoresheets                    saved games, newest first
    POST   /api/scoresheets                    {"players": [...], "preset": "house",
                                                "rules": {"elimination": 151}, "first_dealer": 0}
    GET    /api/scoresheets/{id}               the sheet and its standing
    POST   /api/scoresheets/{id}/hands         {"hands": N, "went_out": 1, "left": {"0": 25,
                                                "2": "JK KH"}, "not_opened": [2],
                                                "chiusura": false, "doubled": false}
    DELETE /api/scoresheets/{id}/hands/last    undo the last hand ({"hands": N} optional)
    POST   /api/scoresheets/{id}/count         {"cards": "JK KH 4C"} -> {"points": 39}
    GET    /api/scoresheets/{id}/csv           the sheet as CSV
    DELETE /api/scoresheets/{id}               forget a game

``hands`` in a change is the number of hands the client last saw: a second tap on a slow
phone, or two phones on one sheet, get 409 instead of entering a hand twice. Errors are
``{"error": {"code", "message"}}`` with the message naming what is wrong.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import Any, TypeVar

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from sqlalchemy import Column, DateTime, MetaData, String, Table, Text, delete, insert, select
from sqlalchemy import update as sql_update
from sqlalchemy.engine import Connection

from scala40.engine.scoring import cards_penalty
from scala40.notation.cards import format_cards
from scala40.scoresheet.export import to_csv
from scala40.scoresheet.report import standing_json
from scala40.scoresheet.sheet import ScoreSheet, ScoreSheetError, hand_from_json, parse_entry
from scala40.server.errors import ApiError, read_json_object
from scala40.server.store import Store

T = TypeVar("T")

metadata = MetaData()
score_sheets = Table(
    "score_sheets",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("updated", DateTime(timezone=True), nullable=False),
    Column("finished", DateTime(timezone=True), nullable=True),
    Column("players", Text, nullable=False),
    Column("sheet", Text, nullable=False),
)


def _now() -> datetime:
    return datetime.now(UTC)


def _stamp(value: datetime | None) -> str | None:
    if value is None:
        return None
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)  # SQLite hands back naive UTC datetimes
    return value.isoformat(timespec="seconds")


def _sheet_of(row: Any) -> ScoreSheet:
    try:
        return ScoreSheet.from_json(json.loads(row.sheet))
    except (ScoreSheetError, json.JSONDecodeError) as err:
        raise ApiError(500, "broken_sheet", f"the stored sheet cannot be read: {err}") from None


def _full(row: Any, sheet: ScoreSheet) -> dict[str, Any]:
    return {
        "id": row.id,
        "created": _stamp(row.created),
        "updated": _stamp(row.updated),
        "finished": _stamp(row.finished),
        "sheet": sheet.to_json(),
        "standing": standing_json(sheet),
    }


def _summary(row: Any) -> dict[str, Any]:
    sheet = _sheet_of(row)
    standing = standing_json(sheet)
    return {
        "id": row.id,
        "created": _stamp(row.created),
        "updated": _stamp(row.updated),
        "finished": _stamp(row.finished),
        "players": list(sheet.players),
        "hands": len(sheet.hands),
        "result": standing["result"],
        "winner": None if standing["winner"] is None else sheet.unit_name(standing["winner"]),
    }


class SheetStore:
    """Score sheets in the server's database (synchronous; called from worker threads)."""

    def __init__(self, store: Store) -> None:
        self.engine = store.engine

    def _row(self, conn: Connection, sheet_id: str) -> Any:
        row = conn.execute(select(score_sheets).where(score_sheets.c.id == sheet_id)).first()
        if row is None:
            raise ApiError(404, "no_such_sheet", f"there is no score sheet {sheet_id!r}")
        return row

    def create(self, sheet: ScoreSheet) -> dict[str, Any]:
        now = _now()
        sheet_id = secrets.token_urlsafe(9)
        with self.engine.begin() as conn:
            conn.execute(
                insert(score_sheets).values(
                    id=sheet_id,
                    created=now,
                    updated=now,
                    finished=None,
                    players=json.dumps(list(sheet.players), ensure_ascii=False),
                    sheet=json.dumps(sheet.to_json(), ensure_ascii=False),
                )
            )
            return _full(self._row(conn, sheet_id), sheet)

    def get(self, sheet_id: str) -> dict[str, Any]:
        with self.engine.connect() as conn:
            row = self._row(conn, sheet_id)
            return _full(row, _sheet_of(row))

    def sheet(self, sheet_id: str) -> ScoreSheet:
        with self.engine.connect() as conn:
            return _sheet_of(self._row(conn, sheet_id))

    def change(
        self, sheet_id: str, seen: Any, how: Callable[[ScoreSheet], ScoreSheet]
    ) -> dict[str, Any]:
        """Read, change and write one sheet in one transaction."""
        if seen is not None and (not isinstance(seen, int) or isinstance(seen, bool)):
            raise ApiError(400, "bad_hands", "hands is the number of hands last seen")
        with self.engine.begin() as conn:
            row = self._row(conn, sheet_id)
            sheet = _sheet_of(row)
            if seen is not None and seen != len(sheet.hands):
                raise ApiError(
                    409,
                    "sheet_changed",
                    f"the sheet has {len(sheet.hands)} hands, not {seen}: reload it",
                )
            try:
                changed = how(sheet)
            except ScoreSheetError as err:
                raise ApiError(400, "bad_hand", str(err)) from None
            now = _now()
            over = changed.standing().over
            finished = (row.finished or now) if over else None
            conn.execute(
                sql_update(score_sheets)
                .where(score_sheets.c.id == sheet_id)
                .values(
                    updated=now,
                    finished=finished,
                    sheet=json.dumps(changed.to_json(), ensure_ascii=False),
                )
            )
            return _full(self._row(conn, sheet_id), changed)

    def all(self, limit: int = 200) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(score_sheets).order_by(score_sheets.c.updated.desc()).limit(limit)
            ).all()
        out = []
        for row in rows:
            try:
                out.append(_summary(row))
            except ApiError:
                continue
        return out

    def delete(self, sheet_id: str) -> None:
        with self.engine.begin() as conn:
            self._row(conn, sheet_id)
            conn.execute(delete(score_sheets).where(score_sheets.c.id == sheet_id))


def _new_sheet(body: Mapping[str, Any]) -> ScoreSheet:
    players = body.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise ApiError(400, "bad_players", "players must be a list of names")
    rules = body.get("rules") or {}
    if not isinstance(rules, dict):
        raise ApiError(400, "bad_rules", "rules must be an object of rule keys")
    preset = body.get("preset")
    if preset is not None and not isinstance(preset, str):
        raise ApiError(400, "bad_rules", "preset must be a preset name")
    dealer = body.get("first_dealer", 0)
    if not isinstance(dealer, int) or isinstance(dealer, bool):
        raise ApiError(400, "bad_dealer", "first_dealer must be a player number")
    try:
        return ScoreSheet.new(players, rules, preset or None, dealer)
    except ScoreSheetError as err:
        raise ApiError(400, "bad_sheet", str(err)) from None


def build_router(store: Store) -> APIRouter:
    """The score-sheet endpoints over the server's store."""
    sheets = SheetStore(store)
    router = APIRouter()

    async def run(call: Callable[..., T], *args: Any) -> T:
        return await asyncio.to_thread(call, *args)

    @router.get("/api/scoresheets")
    async def list_sheets() -> Response:
        return JSONResponse({"sheets": await run(sheets.all)})

    @router.post("/api/scoresheets", status_code=201)
    async def create(request: Request) -> Response:
        sheet = _new_sheet(await read_json_object(request))
        return JSONResponse(await run(sheets.create, sheet), status_code=201)

    @router.get("/api/scoresheets/{sheet_id}")
    async def get(sheet_id: str) -> Response:
        return JSONResponse(await run(sheets.get, sheet_id))

    @router.post("/api/scoresheets/{sheet_id}/hands")
    async def add_hand(sheet_id: str, request: Request) -> Response:
        body = await read_json_object(request)
        seen = body.pop("hands", None)

        def add(sheet: ScoreSheet) -> ScoreSheet:
            return sheet.add(hand_from_json(body, len(sheet.players)))

        return JSONResponse(await run(sheets.change, sheet_id, seen, add))

    @router.delete("/api/scoresheets/{sheet_id}/hands/last")
    async def undo(sheet_id: str, request: Request) -> Response:
        body = await read_json_object(request)
        return JSONResponse(await run(sheets.change, sheet_id, body.get("hands"), ScoreSheet.undo))

    @router.post("/api/scoresheets/{sheet_id}/count")
    async def count(sheet_id: str, request: Request) -> Response:
        body = await read_json_object(request)
        sheet = await run(sheets.sheet, sheet_id)
        try:
            entry = parse_entry(body.get("cards", ""), "cards")
        except ScoreSheetError as err:
            raise ApiError(400, "bad_cards", str(err)) from None
        if isinstance(entry, int):
            return JSONResponse({"points": entry, "cards": None})
        points = cards_penalty(entry, sheet.rules)
        return JSONResponse({"points": points, "cards": format_cards(entry, pretty=True)})

    @router.get("/api/scoresheets/{sheet_id}/csv")
    async def csv(sheet_id: str) -> Response:
        sheet = await run(sheets.sheet, sheet_id)
        name = f"scala40-{sheet_id}.csv"
        return Response(
            to_csv(sheet),
            media_type="text/csv; charset=utf-8",
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    @router.delete("/api/scoresheets/{sheet_id}", status_code=204)
    async def forget(sheet_id: str) -> Response:
        await run(sheets.delete, sheet_id)
        return Response(status_code=204)

    return router
