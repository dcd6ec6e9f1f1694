"""Where ``scala40 score`` keeps its sheets: the web server's store, and the keys it holds.

There is one store of score sheets: the ``score_sheets`` table of the web server's
database (SQLite in ``$SCALA40_DATA``, the folder the server uses), so a sheet kept at the
terminal is on ``/score`` too and ``scala40 score --list`` shows sheets made on the web.
This module says what the terminal needs of that store (:class:`SheetShelf`; the
implementation lives with the server, which owns the database) and keeps what only the
terminal has:

- :class:`Keyring`, the keeper tokens of the sheets this terminal started
  (``$SCALA40_DATA/scoresheets/keepers.jsonl``, readable by its owner alone). The
  database stores only each token's hash, exactly as for a sheet started in a browser, so
  a terminal sheet is owned like any other: the token is the right to change it, and the
  keeper link that carries it (``/score?id=ID#keeper=TOKEN``) hands that right to a
  browser, which then lists the sheet among its own.
- :class:`SheetFiles`, the JSON files older versions saved one per game in
  ``$SCALA40_DATA/scoresheets``: read once to move them into the store.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal, Protocol

from scala40.scoresheet.sheet import ScoreSheet, ScoreSheetError, refusal

_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")

Keeper = Literal["here", "web", "nobody"]
"""Who may change a sheet: this terminal, someone else (a browser that started it or holds
its keeper link), or nobody (saved on the web before sheets had keepers)."""


class SheetChanged(ScoreSheetError):
    """The stored sheet has changed since it was read (its keeper link is open in a
    browser too): the terminal reloads it instead of overwriting a hand."""


@dataclass(frozen=True, slots=True)
class SavedSheet:
    """A stored sheet with its ID, when it was started, changed and finished, and who
    keeps it."""

    id: str
    sheet: ScoreSheet
    created: str
    updated: str
    finished: str | None
    keeper: Keeper = "here"

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "created": self.created,
            "updated": self.updated,
            "finished": self.finished,
            "sheet": self.sheet.to_json(),
        }


class SheetShelf(Protocol):
    """What ``scala40 score`` does with the store (see ``scala40.server.http.scoresheets``)."""

    def start(self, sheet: ScoreSheet) -> SavedSheet:
        """Store a new sheet kept by this terminal."""
        ...

    def load(self, sheet_id: str) -> SavedSheet:
        """A stored sheet by its ID (or the file name an older version gave it)."""
        ...

    def change(
        self, sheet_id: str, seen: int, how: Callable[[ScoreSheet], ScoreSheet]
    ) -> SavedSheet:
        """Apply ``how`` to a sheet this terminal keeps, which had ``seen`` hands when read
        (:class:`SheetChanged` if it has another number now)."""
        ...

    def listing(self) -> list[SavedSheet]:
        """Every readable sheet in the store, oldest first."""
        ...

    def keeper_link(self, sheet_id: str) -> str:
        """The address that lets a browser keep (change) a sheet this terminal keeps."""
        ...

    def share_link(self, sheet_id: str) -> str:
        """The read-only address the other players follow the score at."""
        ...


@dataclass(frozen=True, slots=True)
class Key:
    """One line of the keyring: a sheet's ID, its keeper token, and the file name an older
    version saved it under (so ``--resume`` and ``--export`` still take that name)."""

    id: str
    token: str
    was: str | None = None


class Keyring:
    """The keeper tokens of the sheets this terminal started, one JSON line each.

    Lines are only ever appended, in one write each, so two terminals starting games at
    once both keep their token. The file is created readable by its owner alone: a token
    is the right to change a sheet, like the server's key beside it.
    """

    def __init__(self, folder: Path) -> None:
        self.path = folder / "keepers.jsonl"

    def entries(self) -> list[Key]:
        if not self.path.exists():
            return []
        out = []
        for raw in self.path.read_text("utf-8").splitlines():
            try:
                data = json.loads(raw)
                out.append(Key(str(data["id"]), str(data["token"]), data.get("was")))
            except (json.JSONDecodeError, KeyError, TypeError):
                continue  # a line cut short by a crash: the others still count
        return out

    def add(self, key: Key) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        line = json.dumps({"id": key.id, "token": key.token, "was": key.was}) + "\n"
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(fd, line.encode("utf-8"))
        finally:
            os.close(fd)

    def token(self, sheet_id: str) -> str | None:
        found = [k.token for k in self.entries() if k.id == sheet_id]
        return found[-1] if found else None

    def resolve(self, name: str) -> str:
        """The store's ID for ``name``: itself, or the sheet an old file of that name became."""
        for key in self.entries():
            if key.was == name:
                return key.id
        return name


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class SheetFiles:
    """The folder of sheets older versions saved as files (one JSON file per game)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def _path(self, sheet_id: str) -> Path:
        if not _ID.match(sheet_id):
            raise refusal("term.score.error.sheetId", id=repr(sheet_id))
        return self.folder / f"{sheet_id}.json"

    def save(self, sheet_id: str, sheet: ScoreSheet, created: str | None = None) -> SavedSheet:
        """Write a sheet as older versions did (atomically); tests make old data with it."""
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self._path(sheet_id)
        stamp = _now()
        finished = stamp if sheet.standing().over else None
        saved = SavedSheet(sheet_id, sheet, created or stamp, stamp, finished)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(saved.to_json(), ensure_ascii=False, indent=1), "utf-8")
        tmp.replace(path)
        return saved

    def load(self, sheet_id: str) -> SavedSheet:
        path = self._path(sheet_id)
        if not path.exists():
            raise refusal("term.score.error.noSheet", id=repr(sheet_id))
        try:
            data = json.loads(path.read_text("utf-8"))
        except (OSError, json.JSONDecodeError) as err:
            raise refusal("term.score.error.unreadable", path=path, error=err) from None
        if not isinstance(data, dict):
            raise refusal("term.score.error.notSaved", path=path)
        return SavedSheet(
            sheet_id,
            ScoreSheet.from_json(data.get("sheet", {})),
            str(data.get("created", "")),
            str(data.get("updated", "")),
            data.get("finished"),
        )

    def pending(self) -> list[str]:
        """The IDs of the files not yet moved into the store, oldest first."""
        if not self.folder.exists():
            return []
        return [p.stem for p in sorted(self.folder.glob("*.json")) if _ID.match(p.stem)]

    def moved(self, sheet_id: str) -> None:
        """Mark a file as moved into the store. It is renamed, not deleted: the old data
        stays on disk, and a file is never moved twice."""
        path = self._path(sheet_id)
        path.replace(path.with_name(path.name + ".imported"))
