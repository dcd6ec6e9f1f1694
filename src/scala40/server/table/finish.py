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
    db: AsyncStore, table_id: str, recorder: Recorder, seats: list[Seat], names: list[str]
) -> dict[int, RatingChange]:
    """Store the finished match: its record (under the seats' ``names`` at the end), its
    winner, and the rated identities' new ratings, in one write (players.py); what the
    match did to the rating at each rated seat."""
    match = recorder.match
    recorder.seats[:] = names
    record = dump_record(recorder.record())
    players = Players(db.store.engine)
    changes: dict[int, RatingChange] = {}
    rate = players.rating(table_id, seat_places(seats, match), record, changes)
    await db.run(db.store.mark_over, table_id, match.winner, record, rate)
    return changes


def seat_places(seats: list[Seat], match: Match) -> list[SeatPlace]:
    """The seats as the ratings see the finished match (players.py): each one's place
    and the identity sitting there."""
    rules = match.rules
    units = sorted({rules.unit_of(s.seat) for s in seats})
    place = places(units, dict(enumerate(match.totals)), match.winner)
    return [
        SeatPlace(
            s.seat, rules.unit_of(s.seat), place[rules.unit_of(s.seat)], s.player_id, s.occupant
        )
        for s in seats
    ]


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
