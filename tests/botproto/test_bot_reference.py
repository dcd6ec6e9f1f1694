"""docs/bot-protocol.md is the reference: its field tables are what the host sends.

Every message the host sends to a program, and every object inside one (the VIEW, its
players, melds, rules, turn start; the history), has a table in the reference headed by
an HTML comment ``<!-- fields: PATH -->``. A real program (tests/botproto/programs/
misbehave.py in its ``curious`` mode: it asks for the legal moves at every decision and
logs everything it gets) plays whole matches in the arena, and the fields it was sent are
compared with the tables, both ways: a field the host sends and the reference does not
list fails, and so does a field the reference lists and the host never sends.
"""

from __future__ import annotations

import json
import re
import shlex
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from scala40.cli import main
from scala40.engine.phases import Drew, Phase

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "docs" / "bot-protocol.md"
MISBEHAVE = Path(__file__).resolve().parent / "programs" / "misbehave.py"

MARKER = re.compile(r"<!-- fields: (\S+) -->")
ROW = re.compile(r"^\| `([a-z_]+)` \| ([^|]+) \|")


def documented() -> dict[str, dict[str, str]]:
    """Each documented object (its path) -> its fields and their types, from the tables."""
    tables: dict[str, dict[str, str]] = {}
    path: str | None = None
    for line in REFERENCE.read_text(encoding="utf-8").splitlines():
        found = MARKER.fullmatch(line.strip())
        if found:
            path = found.group(1)
            assert path not in tables, f"two tables for {path}"
            tables[path] = {}
            continue
        if path is None:
            continue
        if line.startswith("|"):
            row = ROW.match(line)
            if row:
                tables[path][row.group(1)] = row.group(2).strip()
            continue
        if tables[path]:
            path = None  # the table ended
    return tables


def sent_fields(messages: list[dict[str, Any]], tables: dict[str, dict[str, str]]) -> Any:
    """Each object path the messages hold -> the fields seen there (over every message).

    Objects are followed where the reference has a table for them; a field documented as
    a ``map`` (keys that are seats or rule keys) is not followed."""
    seen: dict[str, set[str]] = defaultdict(set)
    unfollowed: set[str] = set()

    def walk(path: str, obj: dict[str, Any]) -> None:
        seen[path] |= set(obj)
        for key, value in obj.items():
            kind = tables.get(path, {}).get(key, "")
            if kind.startswith("map"):
                continue
            if isinstance(value, dict):
                inner = f"{path}.{key}"
            elif isinstance(value, list) and value and isinstance(value[0], dict):
                inner = f"{path}.{key}[]"
            else:
                continue
            if inner not in tables:
                unfollowed.add(inner)
                continue
            for item in value if isinstance(value, list) else [value]:
                walk(inner, item)

    for message in messages:
        walk(message["type"], message)
    return seen, unfollowed


def play_and_log(tmp_path: Path, players: int) -> list[dict[str, Any]]:
    log = tmp_path / f"seen-{players}.jsonl"
    command = shlex.join([sys.executable, str(MISBEHAVE), "curious", str(log)])
    bots = f"club,cmd:{json.dumps(command)}"
    args = ["arena", "--bots", bots, "--players", str(players), "--matches", "1"]
    result = CliRunner().invoke(main, [*args, "--rule", "fixed_hands=2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["fallback_log"] == []  # the program played by the book
    return [json.loads(line) for line in log.read_text().splitlines()]


@pytest.fixture(scope="module")
def messages(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    tmp = tmp_path_factory.mktemp("reference")
    return play_and_log(tmp, 2) + play_and_log(tmp, 3)


def test_the_reference_lists_every_field_the_host_sends(messages: list[dict[str, Any]]) -> None:
    tables = documented()
    seen, unfollowed = sent_fields(messages, tables)
    assert not unfollowed, f"objects sent with no field table in the reference: {unfollowed}"
    assert {m["type"] for m in messages} == {"hello", "decide", "legal", "hand_over", "match_over"}
    for path, fields in sorted(seen.items()):
        listed = set(tables.get(path, {}))
        assert fields - listed == set(), f"{path}: sent but not in the reference"
    for path, listed_fields in sorted(tables.items()):
        assert set(listed_fields) - seen.get(path, set()) == set(), (
            f"{path}: in the reference but never sent"
        )


def test_every_documented_field_has_a_type_and_a_meaning() -> None:
    text = REFERENCE.read_text(encoding="utf-8")
    for path, fields in documented().items():
        assert fields, f"the table for {path} lists no field"
        for name, kind in fields.items():
            assert kind, f"{path}.{name} has no type"
            row = next(
                line for line in text.splitlines() if line.startswith(f"| `{name}` | {kind}")
            )
            meaning = row.split("|")[3].strip()
            assert meaning, f"{path}.{name} has no meaning"


def row_of(name: str, kind: str = "") -> str:
    text = REFERENCE.read_text(encoding="utf-8")
    return next(line for line in text.splitlines() if line.startswith(f"| `{name}` | {kind}"))


def test_the_reference_names_every_value_of_phase_drew_and_kind(
    messages: list[dict[str, Any]],
) -> None:
    """Every value the engine has for a turn's phase and draw, and every meld kind sent."""
    for phase in Phase:
        assert f'`"{phase.value}"`' in row_of("phase")
    for drew in Drew:
        assert f'`"{drew.value}"`' in row_of("drew")
    views = [m["view"] for m in messages if m["type"] == "decide"]
    kinds = {meld["kind"] for v in views for meld in v["table"]}
    assert kinds == {"run", "set"}
    for kind in kinds:
        assert f'`"{kind}"`' in row_of("kind", "string | `")
