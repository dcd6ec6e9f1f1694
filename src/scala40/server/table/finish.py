"""The end of a match at a table: its record stored with the result, the ratings of the
identities that sat there moved, and the programs at its bot seats told."""

from __future__ import annotations

from scala40.engine.match import HandRecord, Match
from scala40.engine.rules import Rules
from scala40.notation.record import Recorder, dump_record
from scala40.server.table.seats import Seat
from scala40.storage.db import AsyncStore
from scala40.storage.players import Players, RatingChange, SeatPlace, places


async def store_finish(
    db: AsyncStore,
    table_id: str,
    recorder: Recorder,
    seats: list[Seat],
    names: list[str],
    rated: bool,
) -> dict[int, RatingChange]:
    """Store the finished match: its record (under the seats' ``names`` at the end), its
    winner and, for a rated match, the identities' new ratings, in one write (players.py);
    what the match did to the rating at each rated seat."""
    match = recorder.match
    recorder.seats[:] = names
    record = dump_record(recorder.record())
    changes: dict[int, RatingChange] = {}
    rate = None
    if rated:
        players = Players(db.store.engine)
        rate = players.rating(table_id, seat_places(seats, match), record, changes)
    await db.run(db.store.mark_over, table_id, match.winner, record, rate)
    return changes


async def store_left(
    db: AsyncStore, table_id: str, status: str, recorder: Recorder, seats: list[Seat]
) -> None:
    """Store a rated match that every person left before its end (``closed``) with its
    result: leaving counts as losing — those who left are placed behind every seat still
    in play (the bots), in the order of their totals so far (players.py)."""
    record = dump_record(recorder.record())
    players = Players(db.store.engine)
    rate = players.rating(table_id, seat_places(seats, recorder.match, closing=True), record)
    await db.run(db.store.end_unplayed, table_id, status, rate)


def seat_places(seats: list[Seat], match: Match, *, closing: bool = False) -> list[SeatPlace]:
    """The seats as the ratings see the match's end (players.py): each one's place, the
    identity sitting there and the network its person joined from.

    A person who was away when it ended (a stand-in played on for them, or nobody came
    back to a table ``closing`` for it) counts as having left the match: their unit is
    placed behind every unit still in play, whatever its totals; among those who left,
    totals decide. A short drop within the grace period at the end is no leaving."""
    rules = match.rules
    units = sorted({rules.unit_of(s.seat) for s in seats})
    persons: dict[int, list[Seat]] = {}
    for s in seats:
        if not s.is_bot:
            persons.setdefault(rules.unit_of(s.seat), []).append(s)
    left = {u for u, people in persons.items() if all(_away(s, closing) for s in people)}
    totals = dict(enumerate(match.totals))
    place = places([u for u in units if u not in left], totals, match.winner)
    behind = len(place)
    for unit, at in places(sorted(left), totals, None).items():
        place[unit] = behind + at
    return [
        SeatPlace(
            s.seat,
            rules.unit_of(s.seat),
            place[rules.unit_of(s.seat)],
            s.player_id,
            s.occupant,
            s.network,
        )
        for s in seats
    ]


def _away(seat: Seat, closing: bool) -> bool:
    """Whether the person at ``seat`` had left the match: a stand-in plays for them or,
    at a table closing because every person left, they are not connected."""
    return seat.stand_in or (closing and seat.outbox is None)


def tell_programs(seats: list[Seat], match: Match, rules: Rules, record: HandRecord) -> None:
    """The protocol's news for the programs at this table: the hand that ended and,
    when the match is over, its end (each program is then ended)."""
    programs = [s.program for s in seats if s.program is not None]
    if not programs:
        return
    result = record.result
    winner = None if result.winner is None else record.seats[result.winner]
    for program in programs:
        program.hand_over(record.number, winner, record.penalties, record.totals)
    if match.winner is not None:
        winners = rules.seats_of(match.winner)
        totals = {s.seat: match.totals[rules.unit_of(s.seat)] for s in seats}
        for program in programs:
            program.match_over(winners, totals)
