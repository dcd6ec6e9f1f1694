"""JSON endpoints of the score-sheet page (/score) for games played with real cards.

Sheets live in the server's database (table ``score_sheets``, migrations 0002 and 0003),
one row per game with the sheet as JSON (:meth:`ScoreSheet.to_json`). Every answer that
returns a sheet carries its derived standing (:func:`scala40.scoresheet.report.standing_json`),
computed by the engine's own scoring, so the page never adds anything up itself.

The same table is the store of ``scala40 score`` at the terminal (:class:`TerminalSheets`,
over the database of the server started with the same ``$SCALA40_DATA``), so a sheet kept at
either shows up at the other. A terminal sheet has a keeper token like any other: the
terminal keeps it in its keyring (:class:`scala40.scoresheet.history.Keyring`) and prints
the keeper link ``/score?id=ID#keeper=TOKEN``; a browser that opens it checks the token
(``GET`` with the bearer header answers ``"kept"``) and lists the sheet among its own.
The fragment never reaches the server's log or another site's Referer.

Who may do what. A sheet id (22 random URL-safe characters) is the read capability: whoever
has it, e.g. from the share link, can read the sheet, count cards and download the CSV.
Creating a sheet hands out, once, a secret keeper token whose SHA-256 alone is stored
(``keeper_hash``); the token is the write capability. Adding a hand, undoing one and
deleting the sheet need ``Authorization: Bearer TOKEN``: none gives 401
``sheet_token_needed``, a wrong one 403 ``not_sheet_keeper``, and a refusal changes
nothing. Sheets saved before keepers existed (``keeper_hash`` NULL) are read-only for
good (403 ``sheet_has_no_keeper``); their players import a copy to go on. No route lists
sheets the caller does not name: the page asks for the ids it holds.

    GET    /api/scoresheets?ids=A,B,C          summaries of those sheets (at most 100 ids;
                                                unknown ones left out), newest first;
                                                no ids -> []                       [id]
    POST   /api/scoresheets                    a new game {"players": [...],
                                                "preset": "house", "rules":
                                                {"elimination": 151}, "first_dealer": 0}
                                                or a copy {"sheet": <ScoreSheet JSON>}
                                                -> 201 the sheet + "token" + "share_url"
    GET    /api/scoresheets/{id}               the sheet and its standing; with a
                                                bearer token also "kept": whether
                                                that token keeps it                 [id]
    POST   /api/scoresheets/{id}/hands         {"hands": N, "went_out": 1, "left": {"0": 25,
                                                "2": "JK KH"}, "not_opened": [2],
                                                "chiusura": false, "doubled": false} [token]
    DELETE /api/scoresheets/{id}/hands/last    undo the last hand ({"hands": N}
                                                optional)                         [token]
    POST   /api/scoresheets/{id}/count         {"cards": "JK KH 4C"} -> {"points": 39} [id]
    GET    /api/scoresheets/{id}/csv           the sheet as CSV                    [id]
    DELETE /api/scoresheets/{id}               forget a game                       [token]

``hands`` in a change is the number of hands the client last saw: a second tap on a slow
phone gets 409 instead of entering a hand twice. Errors are ``{"error": {"code",
"message"}}`` with the message naming what is wrong.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import secrets
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import Any, TypeVar

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from sqlalchemy import delete, insert, select
from sqlalchemy import update as sql_update
from sqlalchemy.engine import Connection

from scala40.engine.scoring import cards_penalty
from scala40.notation.cards import format_cards
from scala40.scoresheet.export import to_csv
from scala40.scoresheet.history import Keeper, Key, Keyring, SavedSheet, SheetChanged, SheetFiles
from scala40.scoresheet.report import standing_json
from scala40.scoresheet.sheet import ScoreSheet, ScoreSheetError, hand_from_json, parse_entry
from scala40.server.http.errors import ApiError, read_json_object
from scala40.storage.schema import score_sheets
from scala40.storage.store import Store
from scala40.storage.tokens import new_token, token_hash

T = TypeVar("T")

MAX_LISTED = 100
"""Most sheet ids one list request may name (a phone holds its own games, not thousands)."""


def _now() -> datetime:
    return datetime.now(UTC)


def new_sheet_id() -> str:
    """A sheet id nobody can guess (128 random bits): the id alone lets one read a sheet."""
    return secrets.token_urlsafe(16)


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
        "has_keeper": row.keeper_hash is not None,
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


def bearer_token(request: Request) -> str | None:
    """The token of an ``Authorization: Bearer TOKEN`` header, or None when there is none.

    A header in another scheme counts as none: the caller then hears which header to send.
    """
    scheme, _, token = request.headers.get("authorization", "").strip().partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token:
        return None
    return token


def keeps(row: Any, token: str) -> bool:
    """Whether ``token`` is the keeper token of the sheet in ``row`` (constant time)."""
    return row.keeper_hash is not None and hmac.compare_digest(token_hash(token), row.keeper_hash)


def check_keeper(row: Any, token: str | None) -> None:
    """Refuse, with :class:`ApiError`, a change by anyone but the sheet's keeper.

    Hashes are compared in constant time, so response timing tells nothing about the hash.
    """
    if row.keeper_hash is None:
        raise ApiError(
            403,
            "sheet_has_no_keeper",
            "this sheet was saved before sheets had keepers, so nobody can change or delete "
            "it: keep a copy of it to go on scoring",
        )
    if token is None:
        raise ApiError(
            401,
            "sheet_token_needed",
            "changing a score sheet needs its keeper token: send Authorization: Bearer TOKEN",
        )
    if not keeps(row, token):
        raise ApiError(
            403,
            "not_sheet_keeper",
            "this token does not keep this sheet: only the phone that started it can change it",
        )


def _check_seen(seen: Any) -> None:
    if seen is not None and (not isinstance(seen, int) or isinstance(seen, bool)):
        raise ApiError(400, "bad_hands", "hands is the number of hands last seen")


class SheetStore:
    """Score sheets in the server's database (synchronous; called from worker threads)."""

    def __init__(self, store: Store) -> None:
        self.engine = store.engine

    def _row(self, conn: Connection, sheet_id: str) -> Any:
        row = conn.execute(select(score_sheets).where(score_sheets.c.id == sheet_id)).first()
        if row is None:
            raise ApiError(404, "no_such_sheet", f"there is no score sheet {sheet_id!r}")
        return row

    def create(
        self,
        sheet: ScoreSheet,
        created: datetime | None = None,
        updated: datetime | None = None,
    ) -> dict[str, Any]:
        """Save a new sheet under a fresh keeper; the answer carries the token, once.

        ``created`` and ``updated`` keep the dates of a sheet moved in from an older
        version's file; a new game is stamped now.
        """
        now = _now()
        created = created or now
        updated = updated or created
        sheet_id = new_sheet_id()
        token = new_token()
        with self.engine.begin() as conn:
            conn.execute(
                insert(score_sheets).values(
                    id=sheet_id,
                    created=created,
                    updated=updated,
                    finished=updated if sheet.standing().over else None,
                    players=json.dumps(list(sheet.players), ensure_ascii=False),
                    sheet=json.dumps(sheet.to_json(), ensure_ascii=False),
                    keeper_hash=token_hash(token),
                )
            )
            return {**_full(self._row(conn, sheet_id), sheet), "token": token}

    def get(self, sheet_id: str, token: str | None = None) -> dict[str, Any]:
        """The sheet; given a token, also whether it keeps the sheet (how a browser checks
        a keeper link before listing the sheet as its own)."""
        with self.engine.connect() as conn:
            row = self._row(conn, sheet_id)
            full = _full(row, _sheet_of(row))
        if token is not None:
            full["kept"] = keeps(row, token)
        return full

    def row(self, sheet_id: str) -> Any:
        """The stored row of one sheet (:class:`ApiError` 404 when there is none)."""
        with self.engine.connect() as conn:
            return self._row(conn, sheet_id)

    def rows(self) -> list[Any]:
        """Every stored sheet, oldest first: for the terminal, which holds the database."""
        with self.engine.connect() as conn:
            return list(conn.execute(select(score_sheets).order_by(score_sheets.c.created)).all())

    def sheet(self, sheet_id: str) -> ScoreSheet:
        with self.engine.connect() as conn:
            return _sheet_of(self._row(conn, sheet_id))

    def change(
        self,
        sheet_id: str,
        token: str | None,
        seen: Any,
        how: Callable[[ScoreSheet], ScoreSheet],
    ) -> dict[str, Any]:
        """Check the keeper, then read, change and write one sheet in one transaction."""
        with self.engine.begin() as conn:
            row = self._row(conn, sheet_id)
            check_keeper(row, token)
            _check_seen(seen)
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

    def summaries(self, ids: list[str]) -> list[dict[str, Any]]:
        """The named sheets that exist, newest first; one that cannot be read is left out."""
        if not ids:
            return []
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(score_sheets)
                .where(score_sheets.c.id.in_(ids))
                .order_by(score_sheets.c.updated.desc())
            ).all()
        out = []
        for row in rows:
            try:
                out.append(_summary(row))
            except ApiError:
                continue
        return out

    def delete(self, sheet_id: str, token: str | None) -> None:
        with self.engine.begin() as conn:
            check_keeper(self._row(conn, sheet_id), token)
            conn.execute(delete(score_sheets).where(score_sheets.c.id == sheet_id))


def listed_ids(raw: str | None) -> list[str]:
    """The ids of ``?ids=A,B,C``: blanks and repeats dropped, at most :data:`MAX_LISTED`."""
    ids = list(dict.fromkeys(part.strip() for part in (raw or "").split(",")))
    ids = [i for i in ids if i]
    if len(ids) > MAX_LISTED:
        raise ApiError(
            400, "too_many_ids", f"ask for at most {MAX_LISTED} sheets at once, not {len(ids)}"
        )
    return ids


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


def _imported_sheet(body: Mapping[str, Any]) -> ScoreSheet:
    """A whole sheet sent back as ``{"sheet": ...}``, checked hand by hand like a new one.

    This is how the players of a sheet they cannot change (shared, or saved before
    keepers) go on scoring: the copy is a new sheet that they keep.
    """
    extra = sorted(set(body) - {"sheet"})
    if extra:
        raise ApiError(
            400,
            "bad_sheet",
            f'send a new game or {{"sheet": ...}}, not both (also got: {", ".join(extra)})',
        )
    try:
        return ScoreSheet.from_json(body["sheet"])
    except ScoreSheetError as err:
        raise ApiError(400, "bad_sheet", f"the sheet cannot be imported: {err}") from None


def share_url(request: Request, sheet_id: str) -> str:
    """The read-only link the keeper sends the other players."""
    return f"{request.base_url}score?view={sheet_id}"


def build_router(store: Store) -> APIRouter:
    """The score-sheet endpoints over the server's store."""
    sheets = SheetStore(store)
    router = APIRouter()

    async def run(call: Callable[..., T], *args: Any) -> T:
        return await asyncio.to_thread(call, *args)

    @router.get("/api/scoresheets")
    async def list_sheets(ids: str | None = None) -> Response:
        return JSONResponse({"sheets": await run(sheets.summaries, listed_ids(ids))})

    @router.post("/api/scoresheets", status_code=201)
    async def create(request: Request) -> Response:
        body = await read_json_object(request)
        sheet = _imported_sheet(body) if "sheet" in body else _new_sheet(body)
        made = await run(sheets.create, sheet)
        made["share_url"] = share_url(request, made["id"])
        return JSONResponse(made, status_code=201)

    @router.get("/api/scoresheets/{sheet_id}")
    async def get(sheet_id: str, request: Request) -> Response:
        return JSONResponse(await run(sheets.get, sheet_id, bearer_token(request)))

    @router.post("/api/scoresheets/{sheet_id}/hands")
    async def add_hand(sheet_id: str, request: Request) -> Response:
        body = await read_json_object(request)
        seen = body.pop("hands", None)

        def add(sheet: ScoreSheet) -> ScoreSheet:
            return sheet.add(hand_from_json(body, len(sheet.players)))

        token = bearer_token(request)
        return JSONResponse(await run(sheets.change, sheet_id, token, seen, add))

    @router.delete("/api/scoresheets/{sheet_id}/hands/last")
    async def undo(sheet_id: str, request: Request) -> Response:
        body = await read_json_object(request)
        token = bearer_token(request)
        changed = await run(sheets.change, sheet_id, token, body.get("hands"), ScoreSheet.undo)
        return JSONResponse(changed)

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
    async def forget(sheet_id: str, request: Request) -> Response:
        await run(sheets.delete, sheet_id, bearer_token(request))
        return Response(status_code=204)

    return router


DEFAULT_BASE_URL = "http://127.0.0.1:8000"
"""Where ``scala40 serve`` listens unless told otherwise: the base of the links the terminal
prints (``scala40 score --url`` names another)."""


def _parsed_stamp(text: str | None) -> datetime | None:
    """A date an older version wrote in a sheet file (ISO 8601), or None if it has none."""
    if not text:
        return None
    try:
        value = datetime.fromisoformat(text)
    except ValueError:
        return None
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


class TerminalSheets:
    """The server's score sheets as ``scala40 score`` sees them (a
    :class:`scala40.scoresheet.history.SheetShelf`).

    The terminal writes through :class:`SheetStore`, so a hand it enters is checked against
    the keeper token and the number of hands exactly as one sent by a browser. It may list
    and export every sheet in the store: whoever runs it holds the database file itself.
    It changes only the sheets whose token its keyring holds.
    """

    def __init__(self, sheets: SheetStore, keyring: Keyring, base_url: str) -> None:
        self.sheets = sheets
        self.keyring = keyring
        self.base_url = base_url.rstrip("/")

    def import_files(self, files: SheetFiles) -> list[tuple[str, str]]:
        """Move the sheets an older version saved as files into the store, kept by this
        terminal; returns (old name, new ID) for each. A file that cannot be read is left
        where it is, and a moved one is renamed, never deleted. The file is renamed after
        the sheet is stored: a crash in between, or two terminals starting at the same
        moment, can store a sheet twice, but never lose one."""
        moved = []
        for name in files.pending():
            try:
                old = files.load(name)
            except ScoreSheetError:
                continue
            made = self.sheets.create(
                old.sheet, _parsed_stamp(old.created), _parsed_stamp(old.updated)
            )
            self.keyring.add(Key(made["id"], made["token"], was=name))
            files.moved(name)
            moved.append((name, str(made["id"])))
        return moved

    def _keeper(self, row: Any, tokens: dict[str, str]) -> Keeper:
        if row.keeper_hash is None:
            return "nobody"
        token = tokens.get(row.id)
        return "here" if token is not None and keeps(row, token) else "web"

    def _saved(self, row: Any, tokens: dict[str, str]) -> SavedSheet:
        try:
            sheet = _sheet_of(row)
        except ApiError as err:
            raise ScoreSheetError(err.message) from None
        return SavedSheet(
            row.id,
            sheet,
            _stamp(row.created) or "",
            _stamp(row.updated) or "",
            _stamp(row.finished),
            self._keeper(row, tokens),
        )

    def _tokens(self) -> dict[str, str]:
        return {key.id: key.token for key in self.keyring.entries()}

    def load(self, sheet_id: str) -> SavedSheet:
        try:
            row = self.sheets.row(self.keyring.resolve(sheet_id))
        except ApiError:
            raise ScoreSheetError(
                f"no saved score sheet {sheet_id!r} (see scala40 score --list)"
            ) from None
        return self._saved(row, self._tokens())

    def start(self, sheet: ScoreSheet) -> SavedSheet:
        made = self.sheets.create(sheet)
        self.keyring.add(Key(made["id"], made["token"]))
        return self.load(str(made["id"]))

    def change(
        self, sheet_id: str, seen: int, how: Callable[[ScoreSheet], ScoreSheet]
    ) -> SavedSheet:
        token = self.keyring.token(sheet_id)
        if token is None:
            raise ScoreSheetError(
                f"score sheet {sheet_id!r} is not kept by this terminal: only its keeper"
                " (the browser that started it) can enter hands"
            )
        try:
            self.sheets.change(sheet_id, token, seen, how)
        except ApiError as err:
            if err.code == "sheet_changed":
                raise SheetChanged(err.message) from None
            raise ScoreSheetError(err.message) from None
        return self.load(sheet_id)

    def listing(self) -> list[SavedSheet]:
        tokens = self._tokens()
        out = []
        for row in self.sheets.rows():
            try:
                out.append(self._saved(row, tokens))
            except ScoreSheetError:
                continue  # a row no version can read: listing the others matters more
        return out

    def keeper_link(self, sheet_id: str) -> str:
        token = self.keyring.token(sheet_id)
        if token is None:
            raise ScoreSheetError(f"this terminal does not keep score sheet {sheet_id!r}")
        return f"{self.base_url}/score?id={sheet_id}#keeper={token}"

    def share_link(self, sheet_id: str) -> str:
        return f"{self.base_url}/score?view={sheet_id}"
