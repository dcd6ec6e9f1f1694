"""Tiny helpers for the rules suite: card text, positions, and "refused, state untouched".

Card text is a space-separated list of tokens: rank ``A 2 … 10 J Q K`` (``T`` also means 10)
followed by a suit letter ``H D C S`` or symbol ``♥ ♦ ♣ ♠``; ``JK`` is a joker and
``JK=7D`` a joker declared to stand for the 7♦ (used by :func:`spec` and :func:`meld`).
This parser belongs to the tests; it does not use the project's notation module.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from scala40.engine.actions import (
    Action,
    Discard,
    DrawStock,
    LayOff,
    Meld,
    MeldSpec,
    Open,
    SwapJoker,
    TakePozzo,
)
from scala40.engine.cards import JOKER, card_name, kind_of
from scala40.engine.errors import IllegalAction
from scala40.engine.melds import TableMeld, build_meld
from scala40.engine.pack import check_pack
from scala40.engine.rules import Rules
from scala40.engine.state import Deal

_RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13, "T": 10}
_SUITS = {"H": 0, "D": 1, "C": 2, "S": 3, "♥": 0, "♦": 1, "♣": 2, "♠": 3}


def card(token: str) -> int:
    """One card kind from text such as ``7H``, ``10♣``, ``AS`` or ``JK``."""
    t = token.strip().upper()
    if t == "JK":
        return JOKER
    rank_text, suit_text = t[:-1], t[-1]
    if suit_text not in _SUITS:
        raise ValueError(f"bad suit in card {token!r}")
    rank = _RANKS[rank_text] if rank_text in _RANKS else int(rank_text)
    if not 1 <= rank <= 13:
        raise ValueError(f"bad rank in card {token!r}")
    return kind_of(_SUITS[suit_text], rank)


def cards(text: str) -> list[int]:
    """Card kinds from text; ``JK=7D`` tokens count as jokers."""
    return [card(t.split("=")[0]) for t in text.split()]


def name(token: str) -> str:
    """The engine's own label of a card (``7♥``), as it appears in reasons."""
    return card_name(card(token))


def spec(text: str) -> MeldSpec:
    """A new meld as an action gives it: ``"JK=KS QS JS"``."""
    kinds: list[int] = []
    declared: list[int | None] = []
    for t in text.split():
        if "=" in t:
            joker, what = t.split("=")
            assert joker.upper() == "JK", t
            kinds.append(JOKER)
            declared.append(card(what))
        else:
            kinds.append(card(t))
            declared.append(None)
    return MeldSpec(tuple(kinds), tuple(declared))


def meld(text: str, rules: Rules | None = None) -> TableMeld:
    """A table meld built (and validated) by the engine from text."""
    s = spec(text)
    return build_meld(s.cards, s.declared, rules or Rules(), require_set_suits=False)


def open_(*texts: str) -> Open:
    return Open(tuple(spec(t) for t in texts))


def meld_action(text: str) -> Meld:
    return Meld(spec(text))


def lay(token: str, target: int, end: str | None = None, declared: str | None = None) -> LayOff:
    return LayOff(card(token), target, end, None if declared is None else card(declared))


def swap(token: str, target: int) -> SwapJoker:
    return SwapJoker(card(token), target)


def discard(token: str) -> Discard:
    return Discard(card(token))


DRAW = DrawStock()
POZZO = TakePozzo()


def rules(preset: str | None = None, **keys: Any) -> Rules:
    return Rules.build(preset, keys)


def position(
    hands: Sequence[str],
    *,
    rules: Rules | None = None,
    table: Sequence[str | TableMeld] = (),
    pozzo: str = "",
    stock_top: str = "",
    rest: str | int = "stock",
    opened: Sequence[bool] | None = None,
    current: int = 0,
    turns_done: int | None = None,
    seed: int = 0,
    seats: Sequence[int] | None = None,
) -> Deal:
    """A position at the start of ``current``'s turn (phase "draw").

    ``hands`` are card texts per player; ``table`` meld texts; ``pozzo`` bottom first, top
    last; ``stock_top`` the top of the stock, the LAST card drawn first. The rest of the
    pack goes shuffled under ``stock_top`` (``rest="stock"``) or under the pozzo
    (``rest="pozzo"``) or into player ``rest``'s hand (an int); with either of those the
    stock is exactly ``stock_top``. ``rules`` default to the
    FISCA rules for ``len(hands)`` players.
    """
    r = rules if rules is not None else Rules(players=len(hands))
    melds = [m if isinstance(m, TableMeld) else meld(m, r) for m in table]
    hand_cards = [cards(h) for h in hands]
    pozzo_cards = cards(pozzo)
    top = cards(stock_top)
    placed = [*pozzo_cards, *top]
    for h in hand_cards:
        placed.extend(h)
    for m in melds:
        placed.extend(m.cards())
    remaining = check_pack(r, placed, holder="the position", whole=False).left()
    random.Random(seed).shuffle(remaining)
    if rest == "stock":
        stock = remaining + top
    elif rest == "pozzo":
        stock = top
        pozzo_cards = remaining + pozzo_cards
    elif isinstance(rest, int):
        stock = top
        hand_cards[rest].extend(remaining)
    else:
        raise ValueError(rest)
    return Deal.setup(
        r,
        hand_cards,
        table=melds,
        pozzo=pozzo_cards,
        stock=stock,
        opened=opened,
        current=current,
        turns_done=turns_done,
        shuffle_seed=seed,
        seats=seats,
    )


def play(deal: Deal, *actions: Action) -> Deal:
    for a in actions:
        deal.apply(a)
    return deal


def state_of(deal: Deal) -> tuple[object, ...]:
    """Everything a player could notice about a hand (and the hidden stock order)."""
    return (
        [h[:] for h in deal.hands],
        deal.sizes[:],
        deal.stock[:],
        deal.pozzo[:],
        [m.text() for m in deal.table],
        deal.opened[:],
        deal.current,
        deal.phase,
        deal.turns_done,
        deal.turn.drew,
        deal.turn.pozzo_card,
        deal.turn.pozzo_used,
        deal.turn.jokers_owed,
        deal.turn.must_go_out,
        deal.result,
        [k[:] for k in deal.known],
    )


def refuse(
    deal: Deal, action: Action, code: str | tuple[str, ...], *mentions: str
) -> IllegalAction:
    """Assert ``action`` is refused with ``code`` (or one of several), the reason names
    ``mentions``, and nothing changed (``check`` agrees too)."""
    codes = (code,) if isinstance(code, str) else code
    before = state_of(deal)
    probe = deal.check(action)
    assert probe is not None, f"{action} should be refused ({code})"
    with pytest.raises(IllegalAction) as info:
        deal.apply(action)
    err = info.value
    assert err.code in codes, f"expected {code}, got {err.code}: {err.reason}"
    assert probe.code == err.code
    assert err.reason and str(err) == err.reason
    for m in mentions:
        assert m in err.reason, f"{m!r} not in {err.reason!r}"
    assert state_of(deal) == before, "a refused action changed the state"
    deal.pack_count().check("the hand", context="after a refused action")
    return err


def hand_of(deal: Deal, player: int) -> list[int]:
    return deal.hand_cards(player)


def same(text: str) -> list[int]:
    """Sorted kinds, to compare with :meth:`Hand.hand_cards`."""
    return sorted(cards(text))


def table_texts(deal: Deal) -> list[str]:
    return [m.text() for m in deal.table]


def conserved(deal: Deal) -> bool:
    """Every card of the pack is somewhere exactly once per copy (RULES.md §1)."""
    return deal.pack_count().exact
