"""Words and card text shared by the terminal game and the replay: one voice for both.

Cards are shown with suit symbols; :func:`card_markup` adds the colours of a real pack
(hearts and diamonds red, clubs and spades black-on-white shown as the default colour,
jokers magenta) as Rich markup for the Textual screen.
"""

from __future__ import annotations

from collections.abc import Sequence

from scala40.engine.cards import DIAMONDS, HEARTS, JOKER, rank_of, suit_of
from scala40.engine.melds import TableMeld
from scala40.notation.cards import format_card, format_cards

SUIT_ORDER = (HEARTS, DIAMONDS, 2, 3)


def sort_key(kind: int) -> tuple[int, int]:
    """Hands sort by suit (♥ ♦ ♣ ♠), ace low, jokers last."""
    if kind == JOKER:
        return (9, 0)
    return (SUIT_ORDER.index(suit_of(kind)), rank_of(kind))


def sorted_hand(cards: Sequence[int]) -> list[int]:
    return sorted(cards, key=sort_key)


def hand_text(cards: Sequence[int]) -> str:
    """Cards grouped by suit with suit symbols, jokers last."""
    groups: list[str] = []
    for suit in SUIT_ORDER:
        same = sorted_hand([k for k in cards if k != JOKER and suit_of(k) == suit])
        if same:
            groups.append(format_cards(same, pretty=True))
    jokers = [k for k in cards if k == JOKER]
    if jokers:
        groups.append(format_cards(jokers))
    return "   ".join(groups) if groups else "(no cards)"


def colour_of(kind: int) -> str:
    if kind == JOKER:
        return "magenta"
    return "red" if suit_of(kind) in (HEARTS, DIAMONDS) else "default"


def card_markup(kind: int, declared: int | None = None) -> str:
    """A card as Rich markup in its suit's colour (a joker shows what it stands for)."""
    text = format_card(kind, declared, pretty=True)
    colour = colour_of(kind if declared is None else declared)
    if kind == JOKER:
        return f"[bold magenta]{text}[/]"
    return f"[bold {colour}]{text}[/]" if colour != "default" else f"[bold]{text}[/]"


def meld_markup(meld: TableMeld) -> str:
    cards = meld.cards()
    return " ".join(
        card_markup(c, k if c == JOKER else None) for c, k in zip(cards, meld.slots, strict=True)
    )


def count(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"
