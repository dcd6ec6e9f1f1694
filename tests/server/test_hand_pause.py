"""The hand's summary pauses the table: after a hand, the next hand's turn timer and bots
wait until every person connected has closed the summary, or the longest pause passed."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Coroutine
from typing import Any

from scala40.engine.actions import Action, Discard, DrawStock, Meld
from scala40.engine.legal import legal_actions
from scala40.engine.rules import Rules
from scala40.engine.state import Deal
from scala40.server.table.actor import TableActor
from scala40.server.table.commands import Act, Connect, Disconnect, Watch
from scala40.server.table.sessions import SeatSession
from scala40.server.wire.outbox import Outbox

from .helpers import kinds, live_actor

BRUNO = "2C 5H 9S KH QH 3C 7C 8C 4D AS JD 6H 9H"
CARLA = "2D 6C 9C KD QD 3H 7D 8D 4S AH JC 6D 9D"


def going_out(players: int) -> Deal:
    """Anna (seat 0) has opened and holds 5♦ 5♣ 5♠: she draws, lays the three fives and
    discards the card drawn, and the hand is over. Seat 0 dealt it, so with three players
    the next hand starts with seat 2, with two players with Anna."""
    rules = Rules.build("fisca", {"players": players})
    hands = [kinds("5D 5C 5S"), kinds(BRUNO), kinds(CARLA)][:players]
    return Deal.setup(rules, hands, opened=[True] + [False] * (players - 1), current=0)


def next_move(deal: Deal) -> Action:
    """Anna's way out: the draw, the fives, then the discard."""
    acts = legal_actions(deal)
    for kind in (DrawStock, Meld, Discard):
        found = [a for a in acts if isinstance(a, kind)]
        if found:
            return found[0]
    raise AssertionError(f"no way out among {acts}")


def drain(outbox: Outbox) -> list[dict[str, Any]]:
    """Every message queued for a connection so far."""
    out = []
    while not outbox.queue.empty():
        item = outbox.queue.get_nowait()
        if isinstance(item, dict):
            out.append(item)
    return out


async def settle() -> None:
    """Let the actor take what is queued (and a bot in a thread answer, if one thinks)."""
    for _ in range(5):
        await asyncio.sleep(0.02)


async def wait_for(check: Callable[[], bool], seconds: float = 5.0) -> None:
    end = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < end, "the table did not play on"
        await asyncio.sleep(0.02)


async def end_hand_one(actor: TableActor, anna: Outbox) -> int:
    """Anna plays hand 1 out; the version after its last move."""
    while not actor.match.history:
        actor.submit(Act(0, actor.version, next_move(actor.match.deal), anna))
        await settle()
    return actor.version


def run(test: Callable[[], Coroutine[Any, Any, None]]) -> None:
    asyncio.run(test())


def last_view(outbox: Outbox) -> dict[str, Any]:
    states = [m for m in drain(outbox) if m["type"] == "state"]
    assert states, "nothing was sent"
    view: dict[str, Any] = states[-1]["view"]
    return view


def test_the_bots_wait_until_every_connected_person_closed_the_summary() -> None:
    async def test() -> None:
        actor = live_actor(going_out(3), ["human", "human", "bot:greedy"])
        actor.start()
        anna, bruno, watcher = Outbox(), Outbox(), Outbox()
        actor.submit(Connect(0, anna))
        actor.submit(Connect(1, bruno))
        actor.submit(Watch(watcher, on=True))
        await settle()
        ended = await end_hand_one(actor, anna)
        assert any(m["type"] == "hand_over" for m in drain(bruno))
        assert actor.match.current_seat == 2, "the bot starts hand 2"
        # A spectator sees the pause too, and is not waited for.
        assert last_view(watcher)["pause"]["waiting"] == [0, 1]
        await asyncio.sleep(0.4)
        assert actor.version == ended, "the bot played behind the summary"
        pause = last_view(anna)["pause"]
        assert pause["hand"] == 1
        assert pause["waiting"] == [0, 1]
        assert 25 < pause["until"] - time.time() <= 30
        SeatSession(None, actor, 0, anna, actor.settings).handle(
            '{"type": "summary_closed", "hand": 1}'
        )
        await asyncio.sleep(0.4)
        assert actor.version == ended, "the bot played while Bruno still read the summary"
        assert last_view(bruno)["pause"]["waiting"] == [1]
        SeatSession(None, actor, 1, bruno, actor.settings).handle(
            '{"type": "summary_closed", "hand": 1}'
        )
        await wait_for(lambda: actor.version > ended)
        assert last_view(anna)["pause"] is None
        await actor.stop()

    run(test)


def test_the_turn_timer_starts_when_the_summary_is_closed() -> None:
    async def test() -> None:
        actor = live_actor(going_out(2), ["human", "human"], turn_seconds=60)
        actor.start()
        anna, bruno = Outbox(), Outbox()
        actor.submit(Connect(0, anna))
        actor.submit(Connect(1, bruno))
        await settle()
        await end_hand_one(actor, anna)
        assert actor.match.current_seat == 0, "Anna starts hand 2"
        view = last_view(anna)
        assert view["pause"]["waiting"] == [0, 1]
        assert view["turn_deadline"] is None, "the turn timer runs behind the summary"
        await asyncio.sleep(1.0)
        for seat, outbox in ((0, anna), (1, bruno)):
            SeatSession(None, actor, seat, outbox, actor.settings).handle(
                '{"type": "summary_closed", "hand": 1}'
            )
        await settle()
        view = last_view(anna)
        assert view["pause"] is None
        # The whole minute is Anna's, counted from the closing, not from the deal.
        assert view["turn_deadline"] - time.time() > 59
        await actor.stop()

    run(test)


def test_after_the_longest_pause_the_table_plays_on() -> None:
    async def test() -> None:
        actor = live_actor(going_out(3), ["human", "human", "bot:greedy"], summary_seconds=0.6)
        actor.start()
        anna, bruno = Outbox(), Outbox()
        actor.submit(Connect(0, anna))
        actor.submit(Connect(1, bruno))
        await settle()
        ended = await end_hand_one(actor, anna)
        await asyncio.sleep(0.2)
        assert actor.version == ended
        await wait_for(lambda: actor.version > ended, seconds=3.0)
        assert last_view(bruno)["pause"] is None
        await actor.stop()

    run(test)


def test_a_disconnected_person_is_not_waited_for() -> None:
    async def test() -> None:
        # Bruno never connected: the table waits for Anna only.
        actor = live_actor(going_out(3), ["human", "human", "bot:greedy"])
        actor.start()
        anna = Outbox()
        actor.submit(Connect(0, anna))
        await settle()
        ended = await end_hand_one(actor, anna)
        assert last_view(anna)["pause"]["waiting"] == [0]
        await asyncio.sleep(0.3)
        assert actor.version == ended
        SeatSession(None, actor, 0, anna, actor.settings).handle(
            '{"type": "summary_closed", "hand": 1}'
        )
        await wait_for(lambda: actor.version > ended)
        await actor.stop()

    run(test)


def test_a_person_who_leaves_during_the_pause_is_waited_for_no_more() -> None:
    async def test() -> None:
        actor = live_actor(going_out(3), ["human", "human", "bot:greedy"])
        actor.start()
        anna, bruno = Outbox(), Outbox()
        actor.submit(Connect(0, anna))
        actor.submit(Connect(1, bruno))
        await settle()
        ended = await end_hand_one(actor, anna)
        SeatSession(None, actor, 0, anna, actor.settings).handle(
            '{"type": "summary_closed", "hand": 1}'
        )
        await asyncio.sleep(0.3)
        assert actor.version == ended
        actor.submit(Disconnect(1, bruno))
        await wait_for(lambda: actor.version > ended)
        await actor.stop()

    run(test)


def test_a_reader_who_reloads_the_page_is_shown_the_summary_again() -> None:
    async def test() -> None:
        actor = live_actor(going_out(3), ["human", "human", "bot:greedy"])
        actor.start()
        anna = Outbox()
        actor.submit(Connect(0, anna))
        await settle()
        ended = await end_hand_one(actor, anna)
        # The reload's new connection replaces the old one before the old one's close.
        again = Outbox()
        actor.submit(Connect(0, again))
        await settle()
        sent = drain(again)
        assert [m["type"] for m in sent] == ["state", "hand_over"]
        assert sent[0]["view"]["pause"]["waiting"] == [0]
        assert sent[1]["summary"]["hand"] == 1
        await asyncio.sleep(0.3)
        assert actor.version == ended
        SeatSession(None, actor, 0, again, actor.settings).handle(
            '{"type": "summary_closed", "hand": 1}'
        )
        await wait_for(lambda: actor.version > ended)
        await actor.stop()

    run(test)


def test_a_wrong_hand_number_is_refused_and_an_old_one_ignored() -> None:
    async def test() -> None:
        actor = live_actor(going_out(3), ["human", "human", "bot:greedy"])
        actor.start()
        anna = Outbox()
        actor.submit(Connect(0, anna))
        await settle()
        await end_hand_one(actor, anna)
        drain(anna)
        session = SeatSession(None, actor, 0, anna, actor.settings)
        for bad in ('"1"', "true", "0", "null"):
            session.handle(f'{{"type": "summary_closed", "hand": {bad}}}')
            (refusal,) = drain(anna)
            assert refusal["code"] == "bad_message"
            assert '"hand"' in refusal["message"]
        session.handle('{"type": "summary_closed", "hand": 2}')
        await settle()
        (refusal,) = drain(anna)
        assert refusal["code"] == "bad_message"
        assert refusal["message"] == "hand 2 has not ended: the last hand that ended is 1"
        assert actor.pause.on, "a refused closing does not end the pause"
        session.handle('{"type": "summary_closed", "hand": 1}')
        await settle()
        assert not actor.pause.on
        drain(anna)
        session.handle('{"type": "summary_closed", "hand": 1}')  # closed twice: stale
        await settle()
        assert [m for m in drain(anna) if m["type"] == "error"] == []
        await actor.stop()

    run(test)
