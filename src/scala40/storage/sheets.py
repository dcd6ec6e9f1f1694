"""Score sheets of games played with real cards, at rest: one row a game in the server's
database (table ``score_sheets``), the sheet as JSON (:meth:`ScoreSheet.to_json`).

The web page's routes (server/http/scoresheets.py) and ``scala40 score`` at the terminal
(:class:`TerminalSheets`) both write through :class:`SheetStore`, so a hand entered at
either is checked against the keeper token and the number of hands the same way. A
refusal is a :class:`SheetRefused` naming its :class:`SheetRefusal`; the routes map the
codes to HTTP statuses, the terminal to its own errors.
"""

from __future__ import annotations

import hmac
import json
import secrets
from collections.abc import Callable
from datetime import UTC, datetime
from enum import StrEnum, unique
from pathlib import Path
from typing import Any

from sqlalchemy import delete, insert, select
from sqlalchemy import update as sql_update
from sqlalchemy.engine import Connection

from scala40.scoresheet.history import Keeper, Key, Keyring, SavedSheet, SheetChanged, SheetFiles
from scala40.scoresheet.report import standing_json
from scala40.scoresheet.sheet import ScoreSheet, ScoreSheetError, refusal
from scala40.storage.schema import score_sheets
from scala40.storage.store import Store, data_dir
from scala40.storage.tokens import new_token, token_hash


def sheets_dir() -> Path:
    """The terminal's own folder in the data directory: its keyring of keeper tokens, and
    the sheet files of older versions."""
    return data_dir() / "scoresheets"


@unique
class SheetRefusal(StrEnum):
    """Why the store refuses to read or change a sheet (the pages show these codes)."""

    BROKEN_SHEET = "broken_sheet"
    NO_SUCH_SHEET = "no_such_sheet"
    SHEET_HAS_NO_KEEPER = "sheet_has_no_keeper"
    SHEET_TOKEN_NEEDED = "sheet_token_needed"
    NOT_SHEET_KEEPER = "not_sheet_keeper"
    BAD_HANDS = "bad_hands"
    SHEET_CHANGED = "sheet_changed"
    BAD_HAND = "bad_hand"


class SheetRefused(Exception):
    """A sheet the store cannot read, or a change it refuses: a code and a sentence."""

    def __init__(self, code: SheetRefusal, message: str) -> None:
        super().__init__(message)
        self.code = code


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
        raise SheetRefused(
            SheetRefusal.BROKEN_SHEET, f"the stored sheet cannot be read: {err}"
        ) from None


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


def keeps(row: Any, token: str) -> bool:
    """Whether ``token`` is the keeper token of the sheet in ``row`` (constant time)."""
    return row.keeper_hash is not None and hmac.compare_digest(token_hash(token), row.keeper_hash)


def check_keeper(row: Any, token: str | None) -> None:
    """Refuse, with :class:`SheetRefused`, a change by anyone but the sheet's keeper.

    Hashes are compared in constant time, so response timing tells nothing about the hash.
    """
    if row.keeper_hash is None:
        raise SheetRefused(
            SheetRefusal.SHEET_HAS_NO_KEEPER,
            "this sheet was saved before sheets had keepers, so nobody can change or delete "
            "it: keep a copy of it to go on scoring",
        )
    if token is None:
        raise SheetRefused(
            SheetRefusal.SHEET_TOKEN_NEEDED,
            "changing a score sheet needs its keeper token: send Authorization: Bearer TOKEN",
        )
    if not keeps(row, token):
        raise SheetRefused(
            SheetRefusal.NOT_SHEET_KEEPER,
            "this token does not keep this sheet: only the phone that started it can change it",
        )


def _check_seen(seen: Any) -> None:
    if seen is not None and (not isinstance(seen, int) or isinstance(seen, bool)):
        raise SheetRefused(SheetRefusal.BAD_HANDS, "hands is the number of hands last seen")


class SheetStore:
    """Score sheets in the server's database (synchronous; called from worker threads)."""

    def __init__(self, store: Store) -> None:
        self.engine = store.engine

    def _row(self, conn: Connection, sheet_id: str) -> Any:
        row = conn.execute(select(score_sheets).where(score_sheets.c.id == sheet_id)).first()
        if row is None:
            raise SheetRefused(SheetRefusal.NO_SUCH_SHEET, f"there is no score sheet {sheet_id!r}")
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
        """The stored row of one sheet (:class:`SheetRefused` when there is none)."""
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
                raise SheetRefused(
                    SheetRefusal.SHEET_CHANGED,
                    f"the sheet has {len(sheet.hands)} hands, not {seen}: reload it",
                )
            try:
                changed = how(sheet)
            except ScoreSheetError as err:
                raise SheetRefused(SheetRefusal.BAD_HAND, str(err)) from None
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
            except SheetRefused:
                continue
        return out

    def delete(self, sheet_id: str, token: str | None) -> None:
        with self.engine.begin() as conn:
            check_keeper(self._row(conn, sheet_id), token)
            conn.execute(delete(score_sheets).where(score_sheets.c.id == sheet_id))


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
        except SheetRefused as err:
            raise ScoreSheetError(str(err)) from None
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
        except SheetRefused:
            raise refusal("term.score.error.noSheet", id=repr(sheet_id)) from None
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
            raise refusal("term.score.error.notKeeper", id=repr(sheet_id))
        try:
            self.sheets.change(sheet_id, token, seen, how)
        except SheetRefused as err:
            if err.code is SheetRefusal.SHEET_CHANGED:
                raise SheetChanged(str(err)) from None
            raise ScoreSheetError(str(err)) from None
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
