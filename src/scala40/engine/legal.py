"""Legal-action generation.

Every action is generated legal by construction: the melds a hand can form come from the
analysis (valid each, made of cards held), lay-offs and swaps from what fits the table
(:meth:`Deal.fits`, :meth:`Deal.joker_spots`), and each is then put to the same rule
functions the hand's own checks use — how many cards a play may leave
(:mod:`~scala40.engine.going_out`), whether melds open (:mod:`~scala40.engine.opening`),
which card may be discarded (:mod:`~scala40.engine.discard`), whether the pozzo may be
taken (:mod:`~scala40.engine.pozzo`). The one rare case with a search behind it (an
opening that leaves a card taken from the pozzo unused) goes through the full check.
The tests prove the generator exact by asking the checker about every generated action
and about actions drawn from a wider universe.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from scala40.engine import discard as discard_rules
from scala40.engine.actions import (
    Action,
    Discard,
    DrawStock,
    LayOff,
    SwapJoker,
    TakeBack,
    TakePozzo,
)
from scala40.engine.analysis import candidate_melds
from scala40.engine.cards import JOKER, KINDS
from scala40.engine.going_out import leave_code
from scala40.engine.melds import SWAP
from scala40.engine.opening import jokers_barred, openings, swaps_barred
from scala40.engine.phases import DRAW, OVER, PLAY
from scala40.engine.pozzo import may_take

if TYPE_CHECKING:
    from scala40.engine.state import Deal

_DISCARDS: Final = tuple(Discard(k) for k in range(KINDS))
"""Actions are immutable values: the generator hands out shared ones where it can."""
_DRAW_STOCK: Final = DrawStock()
_TAKE_POZZO: Final = TakePozzo()
_TAKE_BACK: Final = TakeBack()
_LAY_OFFS: dict[tuple[int, int, str | None], LayOff] = {}
_SWAPS: dict[tuple[int, int], SwapJoker] = {}


def legal_actions(deal: Deal) -> list[Action]:
    """Every legal action of the current player, in a stable order: new melds or
    openings, then lay-offs and swaps meld by meld, then discards, then the take-back."""
    phase = deal.turn.phase
    if phase == OVER:
        return []
    if phase == DRAW:
        if may_take(deal):
            return [_DRAW_STOCK, _TAKE_POZZO]
        return [_DRAW_STOCK]
    out: list[Action] = []
    if not deal.turn.must_go_out:
        if deal.opened[deal.turn.player]:
            _add_opened_plays(deal, out)
        else:
            out.extend(openings(deal))
    discards = _DISCARDS
    out.extend([discards[k] for k in discard_rules.legal_discards(deal)])
    if deal.turn.actions_now:
        out.append(_TAKE_BACK)
    return out


def opened_plays(deal: Deal) -> list[Action]:
    """The legal new melds, lay-offs and swaps of the current player, who has opened, in
    the play phase (the part of :func:`legal_actions` before the discards)."""
    out: list[Action] = []
    if deal.turn.phase == PLAY and not deal.turn.must_go_out and deal.opened[deal.turn.player]:
        _add_opened_plays(deal, out)
    return out


def _add_opened_plays(deal: Deal, out: list[Action]) -> None:
    """New melds, lay-offs and swaps of a player who has opened (RULES.md §3, §6)."""
    rules = deal.rules
    p = deal.turn.player
    counts = deal.hands[p]
    size = deal.sizes[p]
    strict_now = jokers_barred(rules, deal.turn.opened_now)
    for c in candidate_melds(counts, rules, jokers=not strict_now):
        left = size - len(c.naturals) - c.jokers
        if left <= 1 and leave_code(deal, left, c.laid()) is not None:
            continue
        out.append(c.action())
    table = deal.table
    if not table:
        return
    by_meld: list[list[Action]] = [[] for _ in table]
    fits = deal.fits()
    single = size - 1
    may_swap = not swaps_barred(rules, deal.turn.opened_now)
    lay_offs = _LAY_OFFS
    for k, spots in sorted(fits.items()):
        if not counts[k]:
            continue
        lay_ok = single > 1 or leave_code(deal, single, (k,)) is None
        for t, how in spots:
            if how == SWAP:
                if may_swap:
                    key2 = (k, t)
                    swap = _SWAPS.get(key2)
                    if swap is None:
                        swap = _SWAPS[key2] = SwapJoker(k, t)
                    by_meld[t].append(swap)
            elif lay_ok:
                end = how if k % 13 == 0 and table[t].is_run else None
                key = (k, t, end)
                action = lay_offs.get(key)
                if action is None:
                    action = lay_offs[key] = LayOff(k, t, end)
                by_meld[t].append(action)
    if (
        counts[JOKER]
        and not strict_now
        and (single > 1 or leave_code(deal, single, (JOKER,)) is None)
    ):
        for t, end in deal.joker_spots():
            key = (JOKER, t, end)
            action = lay_offs.get(key)
            if action is None:
                action = lay_offs[key] = LayOff(JOKER, t, end)
            by_meld[t].append(action)
    for actions in by_meld:
        out.extend(actions)
