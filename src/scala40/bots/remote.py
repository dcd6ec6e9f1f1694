"""A bot that is a program elsewhere, connected over a WebSocket as a bot account.

Why the same bot as a program's (:class:`~scala40.bots.protocol.ProtocolBot`): a remote bot
hears the same messages and is held to the same answers, time limits and fallbacks as a
program on a pipe (docs/bot-protocol.md: one protocol, two transports). Only the line
differs: one socket carries all the account's games, so each message on it names its
``game`` (:class:`Line` adds it on the way out; the server routes by it on the way in).

Why "away" is not fatal, unlike a crash: a socket drops (a laptop sleeps, a network
changes) and the author's bridge reconnects (``scala40 bot-connect``). A decision that
finds the bot gone waits for it up to the grace once, then the seat's built-in bot plays
each decision until the bot is back; its next decision opens a fresh ``hello``
(``restarts`` ≥ 1), as a program stopped and started again does.

The socket side (:class:`Switchboard`) is the server's: this module stays standard
library, called from the seat's worker thread.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Protocol

from scala40.bots.base import Bot
from scala40.bots.heuristic import HeuristicBot
from scala40.bots.protocol import (
    HANDSHAKE_MS,
    MAX_LINE_BYTES,
    ProtocolBot,
    ProtocolError,
    Reason,
)

REMOTE_PREFIX = "remote:"
"""How a remote bot is named in logs and seat kinds: ``remote:NAME`` (``bot:remote:NAME``)."""


class LineDropped(Exception):
    """The bot's socket closed while a game's line was open."""


class Line(Protocol):
    """One game's share of a remote bot's socket."""

    @property
    def alive(self) -> bool:
        """Whether its socket is still open (a bot that reconnected has a new one)."""

    def send(self, text: str) -> bool:
        """Queue one message (a JSON object's text, the game named in it); ``False`` when
        the socket is gone."""

    def receive(self, timeout: float) -> str | None:
        """The bot's next message for this game within ``timeout`` seconds (``None``:
        none came); :class:`LineDropped` when the socket closed."""

    def close(self) -> None:
        """This game no longer listens (later messages for it are answered with an error)."""


class Switchboard(Protocol):
    """The server's connected remote bots."""

    def line(self, account: str, game: str, wait_s: float) -> Line | None:
        """A line to ``account`` for ``game``, waiting up to ``wait_s`` seconds for the
        account to connect (``None``: it did not)."""


def tagged(text: str, game: str) -> str:
    """A message's JSON text with its ``game`` as the first field.

    >>> tagged('{"type":"hello"}', "t1/0")
    '{"game":"t1/0","type":"hello"}'
    """
    return '{"game":' + json.dumps(game) + "," + text[1:] if text != "{}" else text


class RemoteBot(ProtocolBot):
    """A seat played by a remote bot account over its socket (see the module's docstring)."""

    def __init__(
        self,
        account: str,
        game: str,
        switchboard: Switchboard,
        *,
        grace_s: float,
        fallback: Callable[[], Bot] = HeuristicBot,
        decision_ms: float | None = None,
        handshake_ms: float = HANDSHAKE_MS,
    ) -> None:
        super().__init__(
            REMOTE_PREFIX + account,
            fallback=fallback,
            decision_ms=decision_ms,
            handshake_ms=handshake_ms,
        )
        self.account = account
        self.game = game
        """What this seat's messages say in ``game``: ``TABLE_ID/SEAT``."""
        self.switchboard = switchboard
        self.grace_s = grace_s
        self._line: Line | None = None
        self._waited = False
        """The grace was waited for in vain in this absence: later decisions do not wait."""

    @property
    def running(self) -> bool:
        """A line is open on a socket still connected: a decision after the bot dropped
        and came back between two decisions opens a new line (a fresh ``hello``) rather
        than speak into the closed socket and lose that decision."""
        return self._line is not None and self._line.alive

    def _open(self) -> None:
        self._drop()  # a line on a socket that closed since
        line = self.switchboard.line(self.account, self.game, 0.0 if self._waited else self.grace_s)
        if line is None:
            self._waited = True
            raise ProtocolError(Reason.AWAY, f"{self.account} is not connected", fatal=False)
        self._waited = False
        self._line = line

    def _away(self) -> ProtocolError:
        self._drop()
        return ProtocolError(Reason.AWAY, f"{self.account}'s socket closed", fatal=False)

    def _send_text(self, text: str, deadline: float, *, fatal: bool) -> None:
        line = self._line
        assert line is not None
        if not line.send(tagged(text, self.game)):
            raise self._away()

    def _read_line(self, deadline: float, limit_ms: float) -> str:
        line = self._line
        assert line is not None
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise ProtocolError(Reason.TIMEOUT, f"no answer within {limit_ms:g} ms")
            try:
                text = line.receive(left)
            except LineDropped:
                raise self._away() from None
            if text is None:
                raise ProtocolError(Reason.TIMEOUT, f"no answer within {limit_ms:g} ms")
            if len(text) > MAX_LINE_BYTES:
                raise ProtocolError(Reason.TOO_MUCH_OUTPUT, f"a message of {len(text)} bytes")
            if text.strip():
                return text

    def _drop(self) -> None:
        line, self._line = self._line, None
        if line is not None:
            line.close()
