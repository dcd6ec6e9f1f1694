"""The remote bot's side of the protocol without a server: a switchboard of the test's own."""

from __future__ import annotations

import json
import queue
import random

from scala40.bots.remote import LineDropped, RemoteBot
from scala40.engine.match import Match
from scala40.engine.rules import Rules
from scala40.engine.views import PlayerView


class FakeLine:
    """A line whose bot answers ``ready`` and then the first legal move, at once."""

    def __init__(self) -> None:
        self.alive = True
        self.sent: list[dict[str, object]] = []
        self.inbox: queue.Queue[str | None] = queue.Queue()

    def send(self, text: str) -> bool:
        if not self.alive:
            return False
        message = json.loads(text)
        self.sent.append(message)
        game = message["game"]
        if message["type"] == "hello":
            self.inbox.put(json.dumps({"game": game, "type": "ready", "protocol": 1}))
        elif message["type"] == "decide":
            answer = {"game": game, "type": "action", "id": message["id"]}
            self.inbox.put(json.dumps({**answer, "action": message["legal"][0]}))
        return True

    def receive(self, timeout: float) -> str | None:
        try:
            text = self.inbox.get(timeout=timeout)
        except queue.Empty:
            return None
        if text is None:
            raise LineDropped
        return text

    def close(self) -> None:
        self.alive = False


class Board:
    def __init__(self) -> None:
        self.lines: list[FakeLine] = []
        self.connected = True

    def line(self, account: str, game: str, wait_s: float) -> FakeLine | None:
        if not self.connected:
            return None
        made = FakeLine()
        self.lines.append(made)
        return made


def view_of_first_turn() -> PlayerView:
    match = Match(Rules.build("fisca", {"players": 2}), 7, 0)
    return PlayerView.of_match(match, match.current_seat)


def test_a_bot_back_between_two_decisions_is_greeted_anew_and_loses_no_decision() -> None:
    board = Board()
    bot = RemoteBot("tester", "t/0", board, grace_s=0.0)
    view = view_of_first_turn()
    rng = random.Random(1)
    bot.choose(view, rng)
    board.lines[0].alive = False  # the socket closed and the bot reconnected meanwhile
    bot.choose(view, rng)
    assert bot.fallback_decisions == 0 and bot.incidents == []
    assert len(board.lines) == 2
    hellos = [m for line in board.lines for m in line.sent if m["type"] == "hello"]
    assert [h["restarts"] for h in hellos] == [0, 1]
    assert all(m["game"] == "t/0" for line in board.lines for m in line.sent)


def test_a_bot_away_is_played_for_and_greeted_when_back() -> None:
    board = Board()
    bot = RemoteBot("tester", "t/0", board, grace_s=0.0)
    view = view_of_first_turn()
    rng = random.Random(1)
    board.connected = False
    bot.choose(view, rng)
    assert [i.reason.value for i in bot.incidents] == ["away"]
    assert bot.fallback_decisions == 1 and not bot.gone  # not given up: it may come back
    board.connected = True
    bot.choose(view, rng)
    assert bot.fallback_decisions == 1
    assert board.lines[0].sent[0]["type"] == "hello"
