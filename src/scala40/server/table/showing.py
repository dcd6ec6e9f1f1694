"""What a table shows: each seat's VIEW, the spectators' public one, and the broadcast
after a change.

A seat's VIEW is cut by the engine from the true match (its own hand and public facts, no
other seat's cards); the seat to move also gets the engine's moves and its reasons for the
others, read from its own hand. A broadcast writes the public VIEW once and builds each
playing seat's from it, and the connections that take patches share its unchanged parts
(so a patch compares them once). The actor decides and stores; this only shows, reading
the table's status and version through the getters it is given (it never calls the actor).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from scala40.engine.match import Match
from scala40.engine.views import PlayerView
from scala40.notation.codec import JSONDict
from scala40.server.table.fair import FairShuffle
from scala40.server.table.pause import HandPause
from scala40.server.table.presence import Presence
from scala40.server.table.rematch import Rematch
from scala40.server.table.seats import Seat
from scala40.server.table.turns import Turns
from scala40.server.wire.outbox import Broadcast
from scala40.storage.store import TableRow
from scala40.tableview.patch import share
from scala40.tableview.view import (
    SeatFacts,
    TableFacts,
    legal_json,
    reasons_json,
    seat_view_json,
    view_to_json,
)


class Showing:
    """The VIEWs of one table's seats and spectators, and their sending."""

    def __init__(
        self,
        table: TableRow,
        match: Match,
        seats: list[Seat],
        parts: tuple[Turns, FairShuffle, HandPause, Rematch, Presence],
        status: Callable[[], str],
        version: Callable[[], int],
    ) -> None:
        self.table = table
        self.match = match
        self.seats = seats
        self.turns, self.fair, self.pause, self.rematch, self.presence = parts
        self.status = status
        self.version = version
        self.last_public: JSONDict | None = None
        """The public VIEW of the last broadcast, whose unchanged parts the next one shares
        (:func:`~scala40.tableview.patch.share`): patches then compare them once."""

    def fair_json(self) -> JSONDict | None:
        """What every seat is shown of the shuffle (docs/fair-deal.md); ``None`` for a
        table dealt the older way."""
        return self.fair.json(self.status() != "over")

    def facts(self, spectator: bool = False) -> TableFacts:
        """What the table knows beside the match: its seats, status, timer and shuffle."""
        timed_out = self.turns.turn_timed_out()
        current = self.match.current_seat if timed_out else None
        return TableFacts(
            table_id=self.table.id,
            status=self.status(),
            preset=self.table.preset,
            seats=[
                SeatFacts(
                    s.name,
                    s.occupant,
                    s.is_bot or s.outbox is not None,
                    s.stand_in or (timed_out and current == s.seat),
                    s.taken,
                    s.player_id is not None,
                    s.guest,
                )
                for s in self.seats
            ],
            history=self.match.history,
            turn_deadline=self.turns.deadline,
            spectator=spectator,
            extra={"fair": self.fair_json(), "pause": self.pause.json(), "rated": self.table.rated},
        )

    def view_of(self, seat: int) -> PlayerView:
        """The seat's PlayerView; a seat out of this hand (eliminated) gets the public view,
        cut by the engine from the true hand (no player's cards)."""
        if seat in self.match.deal.seats:
            return PlayerView.of_match(self.match, seat)
        return PlayerView.public_of_match(self.match, seat)

    def view_json(self, seat: int | None, facts: TableFacts | None = None) -> JSONDict:
        """The seat's VIEW (``None``: a spectator's, the public view of no seat); the seat
        to move also gets the engine's reasons for the moves it may not make now
        (``legal.why``), read from the true hand: no other seat's. ``facts``: the table's
        facts when the caller has them already (a broadcast makes them once)."""
        if seat is None:
            public = PlayerView.public_of_match(self.match)
            return view_to_json(public, self._facts_for(True, facts))
        spectator = seat not in self.match.deal.seats
        view = self.view_of(seat)
        legal = None if spectator else self._legal_of(view)
        return view_to_json(view, self._facts_for(spectator, facts), legal)

    def _legal_of(self, view: PlayerView) -> JSONDict | None:
        """The moves of a playing seat's view with the engine's reasons for the others
        (read from the true hand: its own), when it is to move; else ``None``."""
        if self.status() != "playing" or not view.my_turn:
            return None
        legal = legal_json(view, self.match.deal)
        if legal:
            legal["why"] = reasons_json(self.match.deal, pozzo_ok=bool(legal.get("pozzo")))
        return legal

    def _facts_for(self, spectator: bool, made: TableFacts | None) -> TableFacts:
        if made is None:
            return self.facts(spectator)
        return made if made.spectator == spectator else replace(made, spectator=spectator)

    def state(
        self, seat: int | None, event: JSONDict | None = None, facts: TableFacts | None = None
    ) -> JSONDict:
        """The whole ``state`` message for a seat (``None``: a spectator)."""
        return self._message(self.view_json(seat, facts), event)

    def _message(self, view: JSONDict, event: JSONDict | None) -> JSONDict:
        message = {"type": "state", "v": self.version(), "view": view, "event": event}
        if self.status() == "over":
            message["rematch"] = self.rematch.json()
        return message

    def broadcast(self, event: JSONDict | None) -> None:
        """Every seat's and spectator's state after a change: the public VIEW is written
        once (the table's facts too) and each playing seat's from it
        (:func:`seat_view_json`); connections on patches share the public part of theirs
        (:class:`Broadcast`)."""
        facts = self.facts()
        public = share(self.last_public, self.view_json(None, facts))
        shared = Broadcast(self.last_public, public)
        self.last_public = public
        in_hand = self.match.deal.seats
        for s in self.seats:
            if s.outbox is None:
                continue
            if s.seat in in_hand:
                view = PlayerView.of_match(self.match, s.seat)
                seat_json = seat_view_json(public, view, self._legal_of(view))
                s.outbox.put(self._message(seat_json, event), shared=shared)
            else:
                s.outbox.put(self._message(self.view_json(s.seat, facts), event))  # sits out
        watchers = self.presence.watchers
        if watchers:
            message = self._message(public, event)  # one public view for every spectator
            for watcher in watchers:
                watcher.put(message, shared=shared)
