"""The terminal game's tests read English unless they ask for another language: the
locale of whoever runs them must not choose it (``scala40 play`` and ``replay`` default to
the locale's language)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "C.UTF-8")
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
