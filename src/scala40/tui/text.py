"""Words and card text shared by the terminal game and the replay: one voice for both.

Cards are shown with suit symbols; :func:`card_markup` adds the colours of a real pack
(hearts and diamonds red, clubs and spades black-on-white shown as the default colour,
jokers magenta) as Rich markup for the Textual screen. The sentences around them come from
the catalogue (:class:`~scala40.words.Words`) in the player's language, key bindings'
names too (:func:`spoken_bindings`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from textual.binding import BindingsMap

from scala40.bots import canonical_level, level_label
from scala40.engine.cards import DIAMONDS, HEARTS, JOKER, rank_of, suit_of
from scala40.engine.melds import TableMeld
from scala40.notation.cards import format_card, format_cards
from scala40.words import Words

SUIT_ORDER = (HEARTS, DIAMONDS, 2, 3)


def sort_key(kind: int) -> tuple[int, int]:
    """Hands sort by suit (♥ ♦ ♣ ♠), ace low, jokers last."""
    if kind == JOKER:
        return (9, 0)
    return (SUIT_ORDER.index(suit_of(kind)), rank_of(kind))


def sorted_hand(cards: Sequence[int]) -> list[int]:
    return sorted(cards, key=sort_key)


def hand_text(cards: Sequence[int], words: Words) -> str:
    """Cards grouped by suit with suit symbols, jokers last."""
    groups: list[str] = []
    for suit in SUIT_ORDER:
        same = sorted_hand([k for k in cards if k != JOKER and suit_of(k) == suit])
        if same:
            groups.append(format_cards(same, pretty=True))
    jokers = [k for k in cards if k == JOKER]
    if jokers:
        groups.append(format_cards(jokers))
    return "   ".join(groups) if groups else words("term.game.noCards")


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


def count(n: int, words: Words) -> str:
    """``13 cards``, ``1 carta``: how many cards, in the player's language."""
    return words.count("term.game.cards", n)


def level_words(level: str, words: Words) -> str:
    """A bot's level in the player's words (``bot.level.<level>``, as the pages say it);
    a level the catalogue does not know (a program's ``cmd:...``) as it is written."""
    try:
        key = f"bot.level.{canonical_level(level)}"
    except ValueError:
        return level_label(level)
    return words(key) if words.has(key) else level_label(level)


def spoken_bindings(bindings: BindingsMap, words: Words) -> BindingsMap:
    """``bindings`` with every description that is a catalogue key worded in the player's
    language: the bottom bar names the keys in the words of the game around it."""
    return BindingsMap.from_keys(
        {
            key: [
                replace(b, description=words(b.description)) if words.has(b.description) else b
                for b in group
            ]
            for key, group in bindings.key_to_bindings.items()
        }
    )
