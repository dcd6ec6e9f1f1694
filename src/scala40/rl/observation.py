"""The observation tensor of one seat, built from what that seat may know (docs/rl.md).

The definition is :meth:`ObservationEncoder.from_view`, which reads a
:class:`~scala40.engine.views.PlayerView` and nothing else. Environments call
:meth:`ObservationEncoder.from_hand`, which reads from the true hand exactly the fields a
``PlayerView`` copies (own cards, public facts) without building the view object -- the
view costs more than the whole rest of a step. :meth:`ObservationEncoder.list_from_hand`
gives the same entries as a list of Python floats, the form OpenSpiel's Python API returns.
The tests hold all three to the same tensor on random positions, and show that two true
states with the same view give the same tensor.

Seats are relative: index 0 is the observing seat, 1 the next seat to its left, and so on
(``players`` entries, whether or not every seat plays the current hand).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from scala40.engine.cards import KINDS
from scala40.engine.melds import TableMeld
from scala40.engine.phases import DRAW, OVER, Drew
from scala40.engine.rules import Rules
from scala40.engine.state import Deal
from scala40.engine.views import PlayerView
from scala40.rl.encoding import ActionLayout
from scala40.rl.moves import Build

if TYPE_CHECKING:
    import numpy.typing as npt

MELD_WIDTH = 105
"""Per table meld: 52 identities held by a natural card, 52 held by a joker, 1 = a run."""

_NO_CARDS = (0,) * KINDS

_FLOATS = tuple(float(n) for n in range(256))
"""The float of each byte value (the list form reuses these objects)."""

PHASES = ("draw", "play", "build", "wait", "over")

OBS_HIGH = 1000.0
"""Upper bound of every entry (scores are in hundreds of points; counts are small)."""


@dataclass(frozen=True, slots=True)
class Section:
    name: str
    start: int
    shape: tuple[int, ...]

    @property
    def size(self) -> int:
        n = 1
        for d in self.shape:
            n *= d
        return n


def _layout(players: int, slots: int) -> list[Section]:
    parts: list[tuple[str, tuple[int, ...]]] = [
        ("hand", (KINDS,)),
        ("opening_pending", (KINDS,)),
        ("opening_points", (1,)),
        ("table", (slots, MELD_WIDTH)),
        ("pozzo_top", (KINDS,)),
        ("pozzo", (KINDS,)),
        ("known", (players, KINDS)),
        ("hand_sizes", (players,)),
        ("opened", (players,)),
        ("in_hand", (players,)),
        ("scores", (players,)),
        ("current", (players,)),
        ("stock_size", (1,)),
        ("phase", (len(PHASES),)),
        ("pozzo_card_to_use", (KINDS,)),
        ("turn_flags", (5,)),
    ]
    out: list[Section] = []
    at = 0
    for name, shape in parts:
        s = Section(name, at, shape)
        out.append(s)
        at += s.size
    return out


class ObservationEncoder:
    """Writes the observation of one seat into a flat ``float32`` array."""

    def __init__(self, rules: Rules, layout: ActionLayout | None = None) -> None:
        self.rules = rules
        self.players = rules.players
        self.slots = (layout or ActionLayout.for_rules(rules)).table_slots
        self.sections = {s.name: s for s in _layout(self.players, self.slots)}
        last = _layout(self.players, self.slots)[-1]
        self.size = last.start + last.size
        self._melds: dict[TableMeld, bytes] = {}
        self._blocks: dict[tuple[TableMeld, ...], bytes] = {}
        self._zero = bytes(self.size)
        self._zeros = [0.0] * self.size
        self._last_pozzo: tuple[list[int], bytes] = ([], bytes(KINDS))
        self._last_table: tuple[tuple[TableMeld, ...], bytes] = ((), b"")
        self._rels: dict[tuple[int, Sequence[int]], list[int]] = {}
        s = self.sections
        self._hand = s["hand"].start
        self._pending = s["opening_pending"].start
        self._points = s["opening_points"].start
        self._table = s["table"].start
        self._top = s["pozzo_top"].start
        self._pozzo = s["pozzo"].start
        self._known = s["known"].start
        self._sizes = s["hand_sizes"].start
        self._opened = s["opened"].start
        self._in_hand = s["in_hand"].start
        self._scores = s["scores"].start
        self._current = s["current"].start
        self._stock = s["stock_size"].start
        self._phase = s["phase"].start
        self._to_use = s["pozzo_card_to_use"].start
        self._flags = s["turn_flags"].start

    def view(self, obs: npt.NDArray[np.float32], name: str) -> npt.NDArray[np.float32]:
        """The named section of a flat observation, shaped (for models and tests)."""
        s = self.sections[name]
        return obs[s.start : s.start + s.size].reshape(s.shape)

    # The definition: from a view -----------------------------------------------------------
    def from_view(
        self,
        view: PlayerView,
        build: Build | None = None,
        out: npt.NDArray[np.float32] | None = None,
    ) -> npt.NDArray[np.float32]:
        """The observation of ``view``'s seat; ``build`` is its own opening in progress."""
        own = [0] * KINDS
        for k in view.hand:
            own[k] += 1
        known: list[list[int]] = []
        for cards in view.known:
            c = [0] * KINDS
            for k in cards:
                c[k] += 1
            known.append(c)
        cells, floats = self._cells(
            seat=view.seat,
            seats=view.seats,
            me=view.me,
            own=own,
            known=known,
            sizes=view.hand_sizes,
            pozzo=view.pozzo,
            table=view.table,
            stock_size=view.stock_size,
            opened=view.opened,
            current=view.current,
            phase=view.phase,
            pozzo_card=view.turn.pozzo_card
            if view.turn.drew == Drew.POZZO and not view.turn.pozzo_used
            else None,
            jokers_owed=view.turn.jokers_owed,
            must_go_out=view.turn.must_go_out,
            opened_now=view.turn.opened_now,
            actions_now=view.turn.actions_now,
            first_round_done=view.turns_done >= len(view.seats),
            scores=self._seat_scores(view.scores),
            build=build,
        )
        return self._array(cells, floats, out)

    # The fast path: the same fields, read from the true hand --------------------------------
    def from_hand(
        self,
        deal: Deal,
        seat: int,
        scores: Sequence[int] = (),
        build: Build | None = None,
        out: npt.NDArray[np.float32] | None = None,
    ) -> npt.NDArray[np.float32]:
        """What :meth:`from_view` gives for ``PlayerView.of(hand, seat)`` with match
        ``scores`` (per seat or per team); reads only what that view would hold. A seat
        out of the hand (eliminated) gets what ``PlayerView.public(hand, seat)`` gives:
        the public facts and no cards."""
        cells, floats = self._hand_cells(deal, seat, scores, build)
        return self._array(cells, floats, out)

    def list_from_hand(
        self, deal: Deal, seat: int, scores: Sequence[int] = (), build: Build | None = None
    ) -> list[float]:
        """:meth:`from_hand` as a list of Python floats, equal entry by entry to
        ``from_hand(...).tolist()``: what pyspiel's ``observation_tensor`` returns.

        Built sparsely: a copy of a list of zeros, then the few entries that are not zero
        (about sixty of 4,173 in two-player hands). Converting every entry of the array,
        as pyspiel's C++ does, costs more than writing the observation itself.
        """
        cells, floats = self._hand_cells(deal, seat, scores, build)
        obs = self._zeros[:]
        # nonzero() of a bool array is three times as fast as of the bytes themselves.
        for i in np.frombuffer(cells, np.uint8).astype(np.bool_).nonzero()[0].tolist():
            obs[i] = _FLOATS[cells[i]]
        for i, value in floats:
            obs[i] = float(np.float32(value))  # rounded as the float32 array rounds it
        return obs

    def _hand_cells(
        self, deal: Deal, seat: int, scores: Sequence[int], build: Build | None
    ) -> tuple[bytearray, list[tuple[int, float]]]:
        me = deal.seats.index(seat) if seat in deal.seats else -1
        return self._cells(
            seat=seat,
            seats=deal.seats,
            me=me,
            own=deal.hands[me] if me >= 0 else _NO_CARDS,
            known=deal.known,
            sizes=deal.sizes,
            pozzo=deal.pozzo,
            table=deal.table,
            stock_size=len(deal.stock),
            opened=deal.opened,
            current=deal.current,
            phase=deal.phase,
            pozzo_card=deal.turn.pozzo_card
            if deal.turn.drew == Drew.POZZO and not deal.turn.pozzo_used
            else None,
            jokers_owed=deal.turn.jokers_owed,
            must_go_out=deal.turn.must_go_out,
            opened_now=deal.turn.opened_now,
            actions_now=deal.turn.actions_now,
            first_round_done=deal.turns_done >= deal.n,
            scores=self._seat_scores(scores),
            build=build,
        )

    def _seat_scores(self, scores: Sequence[int]) -> list[int]:
        if not scores:
            return [0] * self.players
        return [scores[self.rules.unit_of(s)] for s in range(self.players)]

    def _pozzo_counts(self, pozzo: Sequence[int]) -> bytes:
        """Copies of each kind in the pozzo; the last answer is reused or extended by the
        one card discarded since (the pozzo changes by one card a turn)."""
        last, counts = self._last_pozzo
        n = len(pozzo)
        if n == len(last) and pozzo[-1] == last[-1] and list(pozzo) == last:
            return counts
        if n == len(last) + 1 and list(pozzo[:-1]) == last:
            grown = bytearray(counts)
            grown[pozzo[-1]] += 1
            counts = bytes(grown)
        else:
            fresh = bytearray(KINDS)
            for k in pozzo:
                fresh[k] += 1
            counts = bytes(fresh)
        self._last_pozzo = (list(pozzo), counts)
        return counts

    def _table_block(self, table: tuple[TableMeld, ...]) -> bytes:
        """The table section's rows for these melds (memoized: the table rarely changes)."""
        last, block = self._last_table
        if table == last:  # identical melds compare by identity first: cheap
            return block
        block = self._table_block_of(table)
        self._last_table = (table, block)
        return block

    def _table_block_of(self, table: tuple[TableMeld, ...]) -> bytes:
        block = self._blocks.get(table)
        if block is None:
            if len(self._blocks) > 20_000:
                self._blocks.clear()
            block = b"".join(self._meld_row(m) for m in table)
            self._blocks[table] = block
        return block

    def _meld_row(self, meld: TableMeld) -> bytes:
        row = self._melds.get(meld)
        if row is None:
            if len(self._melds) > 20_000:
                self._melds.clear()
            cells = bytearray(MELD_WIDTH)
            for i, k in enumerate(meld.slots):
                cells[k + (52 if meld.jokers >> i & 1 else 0)] = 1
            cells[104] = 1 if meld.is_run else 0
            row = self._melds[meld] = bytes(cells)
        return row

    @staticmethod
    def _array(
        cells: bytearray,
        floats: list[tuple[int, float]],
        out: npt.NDArray[np.float32] | None,
    ) -> npt.NDArray[np.float32]:
        """The observation as a ``float32`` array (into ``out`` when given)."""
        flat = np.frombuffer(cells, np.uint8)
        if out is None:
            out = flat.astype(np.float32)
        else:
            np.copyto(out, flat)
        for i, value in floats:
            out[i] = value
        return out

    def _cells(
        self,
        *,
        seat: int,
        seats: Sequence[int],
        me: int,
        own: Sequence[int],
        known: Sequence[Sequence[int]],
        sizes: Sequence[int],
        pozzo: Sequence[int],
        table: Sequence[TableMeld],
        stock_size: int,
        opened: Sequence[bool],
        current: int,
        phase: str,
        pozzo_card: int | None,
        jokers_owed: int,
        must_go_out: bool,
        opened_now: bool,
        actions_now: int,
        first_round_done: bool,
        scores: Sequence[int],
        build: Build | None,
    ) -> tuple[bytearray, list[tuple[int, float]]]:
        """The observation's entries: small counts in a byte buffer (cheap slice copies,
        converted to floats in one step), and the entries that can pass 255 (opening
        points, scores) as (index, value) pairs."""
        cells = bytearray(self._zero)
        players = self.players
        h = self._hand
        cells[h : h + KINDS] = bytes(own)
        my_turn = current == me
        if build is not None and my_turn:
            p = self._pending
            left = build.counts
            cells[p : p + KINDS] = bytes([own[k] - left[k] for k in range(KINDS)])
        if table:
            block = self._table_block(tuple(table[: self.slots]))
            cells[self._table : self._table + len(block)] = block
        if pozzo:
            cells[self._top + pozzo[-1]] = 1
            z = self._pozzo
            cells[z : z + KINDS] = self._pozzo_counts(pozzo)
        rels = self._rels.get((seat, seats))
        if rels is None:
            rels = self._rels[(seat, tuple(seats))] = [(s - seat) % players for s in seats]
        known_at = self._known
        sizes_at = self._sizes
        opened_at = sizes_at + players
        in_hand_at = opened_at + players
        for p, rel in enumerate(rels):
            kn = known[p]
            if p != me and kn.count(0) != KINDS:
                at = known_at + rel * KINDS
                cells[at : at + KINDS] = bytes(kn)
            cells[sizes_at + rel] = sizes[p]
            if opened[p]:
                cells[opened_at + rel] = 1
            cells[in_hand_at + rel] = 1
        cells[self._current + rels[current]] = 1
        cells[self._stock] = min(255, stock_size)
        if phase == OVER:
            ph = 4
        elif not my_turn:
            ph = 3
        elif build is not None:
            ph = 2
        elif phase == DRAW:
            ph = 0
        else:
            ph = 1
        cells[self._phase + ph] = 1
        if my_turn and pozzo_card is not None:
            cells[self._to_use + pozzo_card] = 1
        f = self._flags
        cells[f] = jokers_owed  # at most the pack's jokers
        if must_go_out:
            cells[f + 1] = 1
        if opened_now:
            cells[f + 2] = 1
        cells[f + 3] = actions_now  # each lays a card or frees a joker: a few dozen at most
        if first_round_done:
            cells[f + 4] = 1
        floats: list[tuple[int, float]] = []
        if build is not None and my_turn:
            floats.append((self._points, build.points))
        if any(scores):
            sc = self._scores
            floats += [(sc + r, scores[(r + seat) % players] / 100.0) for r in range(players)]
        return cells, floats


__all__ = ["MELD_WIDTH", "OBS_HIGH", "PHASES", "ObservationEncoder", "Section"]
