"""``scala40 bot-connect URL --key KEY -- COMMAND``: any pipe bot, brought to a server.

Why a bridge, like lichess-bot for chess engines: a bot author writes one program for the
pipe protocol (docs/bot-protocol.md) and plays it in the arena, in tournaments, at a
server's table with ``serve --bot`` and, through this bridge, at any server as a bot
account, without a line of WebSocket code. The bridge starts one copy of the program per
game the server opens (a ``hello`` for a game not running, or a fresh ``hello`` after a
stop), strips the socket's ``game`` field on the way to the program and puts it back on
the way out, and ends a game's program after its ``match_over``.

Why it reconnects, and when it does not: a dropped socket (a server restart, a network
change) is retried with a growing pause (up to :data:`MAX_PAUSE_S`); the server plays the
bot's seats with its built-in bot meanwhile and sends each game a fresh ``hello`` once the
bot is back. A refused key is final: retrying cannot make it right.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final

import websockets
from websockets.asyncio.client import ClientConnection, connect

from scala40.bots.protocol import MAX_LINE_BYTES
from scala40.bots.remote import tagged

KEY_REFUSED: Final = 4401
"""The server's close code for a key no bot account holds (wire/refusals.py)."""

FIRST_PAUSE_S: Final = 0.5
MAX_PAUSE_S: Final = 30.0


class KeyRefused(Exception):
    """The server knows no bot account with this key."""


@dataclass
class Game:
    """One game's copy of the program and the task relaying its answers."""

    process: asyncio.subprocess.Process
    relay: asyncio.Task[None] | None = None


@dataclass
class Bridge:
    """The program copies of one connection, by game."""

    argv: Sequence[str]
    say: Callable[[str], None]
    games: dict[str, Game] = field(default_factory=dict)
    played: int = 0
    """Games whose ``match_over`` was relayed (``--games`` stops after that many)."""

    async def start(self, game: str, ws: ClientConnection) -> Game:
        await self.end(game)
        process = await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            limit=MAX_LINE_BYTES + 1,
            start_new_session=True,  # its own group: ending it ends what it started
        )
        made = Game(process)
        made.relay = asyncio.get_running_loop().create_task(self._answers(game, process, ws))
        self.games[game] = made
        return made

    async def _answers(
        self, game: str, process: asyncio.subprocess.Process, ws: ClientConnection
    ) -> None:
        assert process.stdout is not None
        while True:
            try:
                raw = await process.stdout.readline()
            except ValueError:
                self.say(f"{game}: the program wrote a line over {MAX_LINE_BYTES} bytes")
                return
            if not raw:
                return
            text = raw.decode("utf-8", "replace").strip()
            if text.startswith("{") and text.endswith("}"):
                await ws.send(tagged(text, game))
            elif text:
                self.say(f"{game}: not a JSON object, not sent: {text[:80]!r}")

    async def tell(self, game: str, message: dict[str, object], ws: ClientConnection) -> None:
        """Pass one message of the server's to the game's program (a ``hello`` starts one)."""
        kind = message.get("type")
        running = self.games.get(game)
        if kind == "hello" or running is None:
            if kind != "hello":
                return  # a game this bridge never started (or ended): nothing to tell
            running = await self.start(game, ws)
        stdin = running.process.stdin
        assert stdin is not None
        line = json.dumps({k: v for k, v in message.items() if k != "game"})
        try:
            stdin.write(line.encode() + b"\n")
            await stdin.drain()
        except (BrokenPipeError, ConnectionResetError):
            self.say(f"{game}: the program has exited")
            return
        if kind == "match_over":
            self.played += 1
            with contextlib.suppress(Exception):
                stdin.close()
            self.games.pop(game, None)

    async def end(self, game: str) -> None:
        running = self.games.pop(game, None)
        if running is None:
            return
        if running.relay is not None:
            running.relay.cancel()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(running.process.pid, signal.SIGKILL)
        with contextlib.suppress(Exception):
            await running.process.wait()

    async def end_all(self) -> None:
        for game in list(self.games):
            await self.end(game)


async def relay(
    url: str,
    key: str,
    argv: Sequence[str],
    *,
    games: int | None = None,
    say: Callable[[str], None] | None = None,
) -> int:
    """Connect, relay, reconnect, until ``games`` matches are over (``None``: forever).

    Returns the matches relayed to their end; :class:`KeyRefused` when the key is refused.
    """
    tell = say or (lambda text: print(text, file=sys.stderr, flush=True))
    bridge = Bridge(argv, tell)
    pause = FIRST_PAUSE_S
    while games is None or bridge.played < games:
        try:
            async with connect(
                url,
                additional_headers={"Authorization": f"Bearer {key}"},
                max_size=MAX_LINE_BYTES + 1024,
            ) as ws:
                async for frame in ws:
                    pause = FIRST_PAUSE_S
                    message = json.loads(frame)
                    if not isinstance(message, dict):
                        continue
                    kind = message.get("type")
                    game = message.get("game")
                    if kind == "welcome":
                        tell(f"connected to {url} as {message.get('name')}")
                    elif kind == "error":
                        tell(f"the server says: {message.get('message')}")
                    elif isinstance(game, str):
                        await bridge.tell(game, message, ws)
                    if games is not None and bridge.played >= games:
                        break
        except websockets.ConnectionClosed as closed:
            code = closed.rcvd.code if closed.rcvd is not None else None
            if code == KEY_REFUSED:
                await bridge.end_all()
                raise KeyRefused(closed.rcvd.reason if closed.rcvd else "key refused") from None
            reason = closed.rcvd.reason if closed.rcvd is not None else "no reason given"
            tell(f"the socket closed ({code}: {reason}); reconnecting in {pause:g} s")
        except (OSError, websockets.WebSocketException) as err:
            tell(f"cannot reach {url} ({err}); trying again in {pause:g} s")
        else:
            if games is not None and bridge.played >= games:
                break
            tell(f"the server closed the socket; reconnecting in {pause:g} s")
        await bridge.end_all()
        await asyncio.sleep(pause)
        pause = min(MAX_PAUSE_S, pause * 2)
    await bridge.end_all()
    return bridge.played
