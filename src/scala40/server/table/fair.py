"""The verifiable shuffle at a table: the commitments every seat is shown, and the seats'
entropy for the next hand, stored before it counts (docs/fair-deal.md)."""

from __future__ import annotations

from scala40.engine.match import Match
from scala40.notation.codec import JSONDict
from scala40.server.wire.refusals import TableRefusal
from scala40.storage.db import AsyncStore
from scala40.tableview.fair import FairView
from scala40.tableview.refusals import error


class FairShuffle(FairView):
    """One table's commitments (each computed once, :class:`FairView`) and its entropy
    from the seats, stored before it counts."""

    def __init__(self, match: Match, db: AsyncStore, table_id: str) -> None:
        super().__init__(match)
        self.db = db
        self.table_id = table_id

    async def take(self, seat: int, hand: int, data: bytes, version: int) -> JSONDict:
        """Store a seat's entropy for the next hand, then mix it in; the answer to the seat.

        Only the hand after the one in play takes it: every seat has seen its commitment
        and nobody has seen its cards. (The first hand is dealt when the table is made, so
        it takes none: a seat that could add entropy after seeing its cards could re-deal
        them.) One contribution per seat and hand, stored before it counts, so a restart
        deals the same hands.
        """
        m = self.match
        if not m.fair or m.over or hand != m.hand_number + 1:
            return error(
                TableRefusal.ENTROPY_REFUSED,
                f"entropy goes to hand {m.hand_number + 1}, the next to be dealt",
                version,
            )
        try:
            await self.db.run(self.db.store.add_entropy, self.table_id, hand, seat, data.hex())
        except Exception:
            return error(
                TableRefusal.ENTROPY_REFUSED,
                f"your entropy for hand {hand} is in already",
                version,
            )
        m.contribute(hand, data)
        return {"type": "entropy", "hand": hand, "v": version}
