"""What every seat is shown of the verifiable shuffle (docs/fair-deal.md): the commitment
of the hand in play and of the next one. The server's table and a local table show the
same, so a record of either verifies (``scala40 verify``)."""

from __future__ import annotations

from scala40.engine.match import Match
from scala40.notation.codec import JSONDict


class FairView:
    """A match's commitments as the VIEW's ``fair`` shows them, each computed once."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self._commitments: dict[int, str] = {}

    def json(self, open_table: bool) -> JSONDict | None:
        """What every seat is shown of the shuffle: the commitment of the hand in play and
        of the next one, which takes the seats' entropy until it is dealt (``open_table``:
        the table is not over). ``None`` for a table dealt the older way."""
        m = self.match
        if not m.fair:
            return None
        number = m.hand_number
        given = m.contributions.get(number + 1, [])
        return {
            "hand": number,
            "commitment": self.commitment(number),
            "next": {
                "hand": number + 1,
                "commitment": self.commitment(number + 1),
                "contributions": len(given),
                "open": open_table and not m.over,
            },
        }

    def commitment(self, number: int) -> str:
        """Hand ``number``'s commitment, computed once (every VIEW shows two)."""
        known = self._commitments.get(number)
        if known is None:
            known = self._commitments[number] = self.match.commitment_for(number)
        return known
