"""The server's key file: two servers starting at once on one data directory share one key."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from scala40.storage.seal import SecretKeyError, load_or_create_key


def test_a_second_server_starting_while_the_first_writes_its_key_reads_the_same_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The second server must never read a key file that exists but is not written yet."""
    path = tmp_path / "server.key"
    real_open = os.open
    second: list[bytes] = []

    def open_then_second_server_starts(*args: Any, **kwargs: Any) -> int:
        fd = real_open(*args, **kwargs)
        if not second:
            second.append(b"")  # the second server starts only once
            second[0] = load_or_create_key(path)
        return fd

    monkeypatch.setattr(os, "open", open_then_second_server_starts)
    first = load_or_create_key(path)
    monkeypatch.undo()
    assert first == second[0]
    assert load_or_create_key(path) == first
    assert [p.name for p in tmp_path.iterdir()] == ["server.key"]
    assert oct(path.stat().st_mode & 0o777) == "0o600"


def test_an_empty_key_file_is_refused_by_name(tmp_path: Path) -> None:
    path = tmp_path / "server.key"
    path.write_text("")
    with pytest.raises(SecretKeyError, match="holds no key"):
        load_or_create_key(path)
