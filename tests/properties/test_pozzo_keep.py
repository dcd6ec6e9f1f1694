"""``open_from_pozzo = "keep"`` (RULES.md §5, §11): an unopened player may take the pozzo
card exactly when some line of the turn's legal plays opens and lets the turn end, the
card used or kept in hand; and since ``keep`` asks less than ``opening`` and ``any_use``,
every take those two allow in a position, ``keep`` allows in the same position.

The oracle plays every sequence the play-phase generator offers after the take (each
position once) and asks whether one opens and reaches a legal discard, or goes out. The
discard rules already bar the kept card and a turn that has not opened, so the oracle
shares nothing with the pozzo rules' own search but ``legal_actions`` of the play phase.
"""

from __future__ import annotations

from hypothesis import given

from scala40.engine.actions import Discard, TakeBack, TakePozzo
from scala40.engine.legal import legal_actions
from scala40.engine.pozzo import may_take
from scala40.engine.state import Deal

from .support import examples
from .test_pozzo_take import Layout, layouts


def keep_oracle(deal: Deal) -> bool:
    """Whether, after taking the pozzo card, some offered sequence opens and can end."""
    probe = deal.clone()
    probe.move_pozzo_card()
    p = probe.current
    seen: set[object] = set()

    def ends(h: Deal) -> bool:
        if h.over:
            return h.result is not None and h.result.winner == p
        return h.opened[p] and any(isinstance(a, Discard) for a in legal_actions(h))

    def visit(h: Deal) -> bool:
        key = (tuple(h.hands[p]), tuple(h.table), h.turn.jokers_owed, h.opened[p])
        if key in seen:
            return False
        seen.add(key)
        for a in legal_actions(h):
            if isinstance(a, Discard | TakeBack):
                continue
            after = h.clone()
            after.apply(a)
            if ends(after) or (not after.over and visit(after)):
                return True
        return False

    return visit(probe)


@examples(150)
@given(layout=layouts(opened=False, varied=True))
def test_keep_offers_the_take_exactly_when_a_line_opens_and_ends(layout: Layout) -> None:
    deal = layout.deal("keep")
    expected = keep_oracle(deal)
    assert may_take(deal) == expected
    assert (TakePozzo() in legal_actions(deal)) == expected
    err = deal.check(TakePozzo())
    assert (err is None) == expected
    if not expected:
        assert err is not None and err.code == "pozzo_needs_opening"


@examples(150)
@given(layout=layouts(opened=False, varied=True))
def test_keep_allows_every_take_that_opening_or_any_use_allows(layout: Layout) -> None:
    keep = may_take(layout.deal("keep"))
    for stricter in ("opening", "any_use"):
        if may_take(layout.deal(stricter)):
            assert keep, f"{stricter} allows the take and keep refuses it"
