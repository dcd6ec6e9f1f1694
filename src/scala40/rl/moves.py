"""From action ids to engine actions and back: legal masks, candidate melds, the opening build.

The engine keeps its structured actions; this module is the translation. Three ideas:

* **Candidate melds** come from the engine's hand analysis
  (:func:`scala40.engine.analysis.candidate_melds`): every meld the cards can form, with
  each joker placement and identity, in the analysis' order (runs by suit, then sets by
  rank). At most :data:`~scala40.rl.encoding.MAX_CANDIDATES` are offered; past that the
  best-scoring are kept. Once opened, ``MELD i`` lays candidate ``i``.
* **An opening is built meld by meld.** Before opening, ``MELD i`` starts (or extends) an
  opening under construction: candidate ``i`` of the cards not yet committed is added to
  it, nothing reaches the engine yet. ``LAY_OPENING`` hands the whole opening to the
  engine (offered only when the engine accepts it), ``CANCEL_OPENING`` drops it. So every
  opening the engine allows -- any melds, any order -- is a short sequence of ids, and the
  ~1 ms enumeration of whole openings is never needed.
* **Masks are exact.** An id is set in the mask only if the move is legal (the engine's own
  checker decides every case that is not plainly legal); building steps are always
  allowed while building, and the build itself is offered only when the hand's candidate
  melds could possibly be worth an opening.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from scala40.engine.actions import (
    Action,
    Discard,
    DrawStock,
    LayOff,
    Meld,
    MeldSpec,
    Open,
    SwapJoker,
    TakeBack,
    TakePozzo,
)
from scala40.engine.analysis import (
    Candidate,
    candidate_melds,
    doubles,
    meldable_bits,
    opening_within_reach,
)
from scala40.engine.cards import JOKER
from scala40.engine.discard import legal_discards
from scala40.engine.errors import IllegalAction, Refusal
from scala40.engine.legal import opened_plays
from scala40.engine.melds import HIGH, LOW
from scala40.engine.phases import DRAW, PLAY
from scala40.engine.pozzo import may_take
from scala40.engine.rules import Rules
from scala40.engine.state import Deal
from scala40.rl.encoding import (
    CANCEL_OPENING,
    DISCARD_BASE,
    DRAW_STOCK,
    LAY_OPENING,
    TAKE_BACK,
    TAKE_POZZO,
    ActionLayout,
)

if TYPE_CHECKING:
    import numpy.typing as npt


class Build:
    """An opening under construction: the melds chosen so far and the cards still free."""

    __slots__ = ("counts", "points", "specs")

    def __init__(self, counts: Sequence[int]) -> None:
        self.counts = list(counts)
        self.specs: list[MeldSpec] = []
        self.points = 0

    def add(self, candidate: Candidate) -> None:
        for k in candidate.naturals:
            self.counts[k] -= 1
        self.counts[JOKER] -= candidate.jokers
        self.specs.append(candidate.spec())
        self.points += candidate.points

    def opening(self) -> Open:
        return Open(tuple(self.specs))

    def copy(self) -> Build:
        c = Build(self.counts)
        c.specs = self.specs[:]
        c.points = self.points
        return c


_CACHE_LIMIT = 50_000


class Moves:
    """The translation for one set of rules (stateless apart from memoized candidates)."""

    def __init__(self, rules: Rules, layout: ActionLayout | None = None) -> None:
        self.rules = rules
        self.layout = layout or ActionLayout.for_rules(rules)
        self.size = self.layout.size
        self._cands: dict[object, list[Candidate]] = {}
        self._last_bits: tuple[bytes, int] = (b"", 0)
        self._max_jokers = rules.max_jokers
        self._spec_indexes: dict[int, tuple[list[Candidate], dict[MeldSpec, int]]] = {}

    # Candidates ---------------------------------------------------------------------------
    def candidates(self, counts: Sequence[int]) -> list[Candidate]:
        """The candidate melds offered for a hand with ``counts`` (bounded, stable order).

        Memoized on the cards that could be in a meld at all, so a hand that only drew
        and discarded loose cards finds its list again without asking the analysis.
        """
        mj = min(counts[JOKER], self._max_jokers)
        key: object
        if mj >= 2:
            key = bytes(counts)
        else:
            bits = self._bits(counts, mj)
            if not bits:
                return []
            # The analysis reads at most two copies of a kind: usable cards, their
            # doubles and the jokers fix the list.
            key = (bits, doubles(counts) & bits, counts[JOKER])
        hit = self._cands.get(key)
        if hit is not None:
            return hit
        if len(self._cands) > _CACHE_LIMIT:
            self._cands.clear()
        if mj < 2:
            # Cards in no meld change nothing; leaving them out lets the analysis' own
            # per-suit memo recognise the pattern too.
            counts = [c if bits >> k & 1 else 0 for k, c in enumerate(counts[:52])] + [
                counts[JOKER]
            ]
        cands = candidate_melds(counts, self.rules)
        limit = self.layout.candidates
        if len(cands) > limit:
            best = sorted(range(len(cands)), key=lambda i: -cands[i].points)[:limit]
            cands = [cands[i] for i in sorted(best)]
        self._cands[key] = cands
        return cands

    def hand_candidates(self, deal: Deal, build: Build | None) -> list[Candidate]:
        """Candidates of the current player now: of the free cards while building."""
        return self.candidates(build.counts if build is not None else deal.hands[deal.current])

    def could_open(self, deal: Deal) -> bool:
        """A cheap necessary condition for any legal opening (it may say yes wrongly).

        Adds up the most every card that could belong to some meld is worth
        (:func:`meldable_bits`); below the opening points, only a chiusura in mano (all
        cards but one laid) could still open, which needs nearly every card usable. No
        candidate list is built: this runs on every play step of an unopened player.
        """
        counts = deal.hands[deal.current]
        mj = min(counts[JOKER], self._max_jokers)
        if mj >= 2:
            usable = 0
            for c in self.candidates(counts):
                usable |= c.mask
            if not usable:
                return False
        else:
            usable = self._bits(counts, mj)
        return opening_within_reach(
            usable, counts, deal.sizes[deal.current], self.rules, jokers=True
        )

    def _bits(self, counts: Sequence[int], mj: int) -> int:
        key = bytes(counts)
        if key == self._last_bits[0]:
            return self._last_bits[1]
        bits = meldable_bits(counts, mj)
        self._last_bits = (key, bits)
        return bits

    # The mask ---------------------------------------------------------------------------
    def mask(
        self, deal: Deal, build: Build | None, out: npt.NDArray[np.int8] | None = None
    ) -> npt.NDArray[np.int8]:
        """The legal ids of the current player (1 = legal), written into ``out``."""
        if out is None:
            out = np.zeros(self.size, np.int8)
        else:
            out.fill(0)
        if deal.phase == DRAW:
            out[DRAW_STOCK] = 1
            if may_take(deal):
                out[TAKE_POZZO] = 1
            return out
        if deal.phase != PLAY:
            return out
        layout = self.layout
        base = layout.meld_base
        if build is not None:
            out[base : base + len(self.candidates(build.counts))] = 1
            # Below the opening points only a chiusura in mano (one card left) may open.
            worth = build.points >= self.rules.opening_points or sum(build.counts) <= 1
            if build.specs and worth and deal.check(build.opening()) is None:
                out[LAY_OPENING] = 1
            out[CANCEL_OPENING] = 1
            return out
        p = deal.current
        counts = deal.hands[p]
        if deal.turn.actions_now:
            out[TAKE_BACK] = 1
        self._discards(deal, out)
        if deal.turn.must_go_out:
            return out
        if not deal.opened[p]:
            if self.could_open(deal):
                out[base : base + len(self.candidates(counts))] = 1
            return out
        self._opened_moves(deal, out)
        return out

    @staticmethod
    def _discards(deal: Deal, out: npt.NDArray[np.int8]) -> None:
        """The engine's legal discards, as ids."""
        for k in legal_discards(deal):
            out[DISCARD_BASE + k] = 1

    def _opened_moves(self, deal: Deal, out: npt.NDArray[np.int8]) -> None:
        """The engine's melds, lay-offs and swaps for an opened player, as ids (a meld
        outside the bounded candidate list, or a meld past the table slots, has none)."""
        layout = self.layout
        base = layout.meld_base
        slots = layout.table_slots
        index = self._spec_index(deal.hands[deal.current])
        for action in opened_plays(deal):
            kind = type(action)
            if kind is Meld:
                assert isinstance(action, Meld)
                i = index.get(action.meld)
                if i is not None:
                    out[base + i] = 1
            elif kind is LayOff:
                assert isinstance(action, LayOff)
                if action.target < slots:
                    high = action.end == HIGH
                    out[layout.lay_off(action.target, action.card, high=high)] = 1
            elif kind is SwapJoker:
                assert isinstance(action, SwapJoker)
                if action.target < slots:
                    out[layout.swap(action.target, action.card)] = 1

    def _spec_index(self, counts: Sequence[int]) -> dict[MeldSpec, int]:
        """Each offered candidate's meld, to its position in :meth:`candidates`."""
        cands = self.candidates(counts)
        key = id(cands)
        hit = self._spec_indexes.get(key)
        if hit is None or hit[0] is not cands:
            if len(self._spec_indexes) > _CACHE_LIMIT:
                self._spec_indexes.clear()
            hit = (cands, {c.spec(): i for i, c in enumerate(cands)})
            self._spec_indexes[key] = hit
        return hit[1]

    # From ids to engine actions ----------------------------------------------------------
    def decode_lay_off(self, deal: Deal, kind: int, target: int, high: bool) -> LayOff:
        if high:
            return LayOff(kind, target, HIGH)
        ends = kind == JOKER or kind % 13 == 0
        if ends and target < len(deal.table) and deal.table[target].is_run:
            return LayOff(kind, target, LOW)
        return LayOff(kind, target)

    def resolve(self, deal: Deal, build: Build | None, action: int) -> Action | Build | None:
        """What id ``action`` does now: an engine action to apply, a new build, or ``None``
        (the build was cancelled). Raises :class:`IllegalAction` naming the problem when the
        id is not legal, so a bad id changes nothing."""
        if type(action) is not int:
            try:
                action = int(action)
            except (TypeError, ValueError):
                raise IllegalAction(Refusal.BAD_ACTION, f"{action!r} is not an action id") from None
        mask = self.mask(deal, build)
        if not 0 <= action < self.size:
            raise IllegalAction(
                Refusal.BAD_ACTION, f"action {action} is outside 0..{self.size - 1}"
            )
        if not mask[action]:
            raise IllegalAction(
                Refusal.ILLEGAL_ACTION,
                f"{self.layout.describe(action)} (id {action}) is not legal now",
            )
        return self.resolve_legal(deal, build, action)

    def resolve_legal(self, deal: Deal, build: Build | None, action: int) -> Action | Build | None:
        """:meth:`resolve` for an id already known to be in the mask (no re-check)."""
        family, a, t, high = self.layout.split(action)
        if family == "draw_stock":
            return DrawStock()
        if family == "take_pozzo":
            return TakePozzo()
        if family == "take_back":
            return TakeBack()
        if family == "discard":
            return Discard(a)
        if family == "lay_opening":
            assert build is not None
            return build.opening()
        if family == "cancel_opening":
            return None
        if family == "meld":
            cand = self.hand_candidates(deal, build)[a]
            if deal.opened[deal.current]:
                return Meld(cand.spec())
            nxt = build.copy() if build is not None else Build(deal.hands[deal.current])
            nxt.add(cand)
            return nxt
        if family == "lay_off":
            return self.decode_lay_off(deal, a, t, high)
        return SwapJoker(a, t)

    # From engine actions to ids ----------------------------------------------------------
    def encode(self, deal: Deal, action: Action) -> list[int]:
        """The ids that reach engine ``action`` from this position (no build in progress).

        Raises ``ValueError`` for an action the encoding cannot address (a meld that is
        not among the offered candidates, a table meld past the addressed slots).
        """
        layout = self.layout
        if isinstance(action, DrawStock):
            return [DRAW_STOCK]
        if isinstance(action, TakePozzo):
            return [TAKE_POZZO]
        if isinstance(action, TakeBack):
            return [TAKE_BACK]
        if isinstance(action, Discard):
            return [layout.discard(action.card)]
        if isinstance(action, Meld):
            return [layout.meld(self._index(deal.hands[deal.current], action.meld))]
        if isinstance(action, Open):
            build = Build(deal.hands[deal.current])
            ids: list[int] = []
            for spec in action.melds:
                i = self._index(build.counts, spec)
                ids.append(layout.meld(i))
                build.add(self.candidates(build.counts)[i])
            return [*ids, LAY_OPENING]
        if isinstance(action, LayOff | SwapJoker):
            if not 0 <= action.target < layout.table_slots:
                raise ValueError(f"table meld {action.target} is past the addressed slots")
            if isinstance(action, SwapJoker):
                return [layout.swap(action.target, action.card)]
            high = action.end == HIGH and (action.card == JOKER or action.card % 13 == 0)
            return [layout.lay_off(action.target, action.card, high=high)]
        raise ValueError(f"{action!r} is not a Scala 40 action")

    def _index(self, counts: Sequence[int], spec: MeldSpec) -> int:
        for i, c in enumerate(self.candidates(counts)):
            if c.spec() == spec:
                return i
        raise ValueError(f"the meld {spec} is not among the candidate melds of this hand")
