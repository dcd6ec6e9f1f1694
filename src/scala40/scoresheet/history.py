"""Score sheets kept on disk for ``scala40 score``: one JSON file per game.

The folder is ``$SCALA40_DATA/scoresheets`` (or ``~/.local/share/scala40/scoresheets``),
beside the web server's database. A game is saved after every hand, so closing the
terminal mid-game loses nothing; ``scala40 score --resume ID`` carries on.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from scala40.scoresheet.sheet import ScoreSheet, ScoreSheetError

_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")


def data_dir() -> Path:
    """``$SCALA40_DATA`` or ``~/.local/share/scala40`` (the server uses the same folder)."""
    env = os.environ.get("SCALA40_DATA")
    return Path(env).expanduser() if env else Path.home() / ".local" / "share" / "scala40"


@dataclass(frozen=True, slots=True)
class SavedSheet:
    """A sheet with its file name (the ID) and when it was started, changed and finished."""

    id: str
    sheet: ScoreSheet
    created: str
    updated: str
    finished: str | None

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "created": self.created,
            "updated": self.updated,
            "finished": self.finished,
            "sheet": self.sheet.to_json(),
        }


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class SheetFiles:
    """The folder of saved score sheets."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else data_dir() / "scoresheets"

    def _path(self, sheet_id: str) -> Path:
        if not _ID.match(sheet_id):
            raise ScoreSheetError(f"not a score sheet ID: {sheet_id!r}")
        return self.folder / f"{sheet_id}.json"

    def new_id(self) -> str:
        """A readable, sortable ID: the start time, with a suffix if two games start at once."""
        base = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        candidate, n = base, 1
        while self._path(candidate).exists():
            n += 1
            candidate = f"{base}-{n}"
        return candidate

    def save(self, sheet_id: str, sheet: ScoreSheet, created: str | None = None) -> SavedSheet:
        """Write the sheet (atomically: a crash never leaves half a file)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self._path(sheet_id)
        stamp = _now()
        finished = stamp if sheet.standing().over else None
        if path.exists():
            old = self.load(sheet_id)
            created = old.created
            finished = old.finished or finished
        saved = SavedSheet(sheet_id, sheet, created or stamp, stamp, finished)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(saved.to_json(), ensure_ascii=False, indent=1), "utf-8")
        tmp.replace(path)
        return saved

    def load(self, sheet_id: str) -> SavedSheet:
        path = self._path(sheet_id)
        if not path.exists():
            raise ScoreSheetError(f"no saved score sheet {sheet_id!r} (see scala40 score --list)")
        try:
            data = json.loads(path.read_text("utf-8"))
        except (OSError, json.JSONDecodeError) as err:
            raise ScoreSheetError(f"cannot read {path}: {err}") from None
        if not isinstance(data, dict):
            raise ScoreSheetError(f"{path} is not a saved score sheet")
        return SavedSheet(
            sheet_id,
            ScoreSheet.from_json(data.get("sheet", {})),
            str(data.get("created", "")),
            str(data.get("updated", "")),
            data.get("finished"),
        )

    def all(self) -> list[SavedSheet]:
        """Every readable saved sheet, oldest first (unreadable files are skipped)."""
        if not self.folder.exists():
            return []
        out = []
        for path in sorted(self.folder.glob("*.json")):
            try:
                out.append(self.load(path.stem))
            except ScoreSheetError:
                continue
        return out
