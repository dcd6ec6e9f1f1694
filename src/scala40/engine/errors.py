"""Errors the engine raises: each names the problem in words a player understands."""

from __future__ import annotations


class Scala40Error(ValueError):
    """Base of every error the library raises on bad input."""


class RulesError(Scala40Error):
    """A rule key or value that does not exist or does not fit the table."""


class IllegalAction(Scala40Error):
    """An action the rules forbid now.

    ``code`` is stable (for programs and translations); ``reason`` is a sentence for the
    player. The state is left exactly as it was before the refused action.
    """

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason

    def __repr__(self) -> str:
        return f"IllegalAction({self.code!r}, {self.reason!r})"
