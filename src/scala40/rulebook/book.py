"""The rules page of the web app: every rule and every rule key, in every language of the
catalogue.

``GET /api/rulebook`` answers :func:`rule_book`, and ``/rules`` (static ``rules.html``
with ``js/rules.js``) draws it in the page's language. The book's structure is kept here,
so the page cannot drift from the program: the keys, their defaults, values and plain-word
labels come from the engine's ``Rules`` through :func:`rules_catalogue`, and the numbers a
section quotes (the points to open, the elimination total, the rebuild limit) are the
engine's defaults, filled in when the book is built. Its words, a player's explanation and
an example for each rule, are messages of the project's one catalogue (``book.*``, see
:class:`Section`), so a translator adds a language with a catalogue file and no code.

Every section and every key has an anchor (``/rules#opening``, ``/rules#fit_discard_ban``)
that the lobby's "?" links, the table's "why?" links (:data:`REFUSAL_ANCHORS`, one target
for each engine refusal) and the guided first hand point to.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from scala40.engine.errors import Refusal
from scala40.engine.rules import KEYS, Rules
from scala40.rulebook.labels import in_every_language, rules_catalogue, speakers
from scala40.words import SOURCE_LANGUAGE, Words


@dataclass(frozen=True)
class Section:
    """One chapter of the rules: its anchor and its number of paragraphs.

    Its words are the catalogue's ``book.ANCHOR.title``, ``book.ANCHOR.1`` to
    ``book.ANCHOR.N`` and ``book.ANCHOR.example`` (:func:`title_key`, :func:`paragraph_key`,
    :func:`example_key`): the count is kept here because a paragraph is the author's, added
    to the template in English first, while a translation only fills the messages in.
    """

    anchor: str
    paragraphs: int


SECTIONS: Final[tuple[Section, ...]] = (
    Section("cards", 3),
    Section("melds", 2),
    Section("turn", 1),
    Section("opening", 2),
    Section("pozzo", 2),
    Section("joker-swap", 1),
    Section("discarding", 2),
    Section("taking-back", 1),
    Section("going-out", 2),
    Section("stock", 1),
    Section("scoring", 1),
    Section("match", 1),
)
"""The chapters of the rules, in the page's order."""

GROUPS: Final[tuple[tuple[str, tuple[str, ...]], ...]] = (
    ("keys-deal", ("players", "jokers", "decks", "no_joker_first_discard", "first_pozzo_free")),
    ("keys-values", ("face_values", "lone_ace_counts_one")),
    (
        "keys-melds",
        (
            "jokers_per_meld",
            "min_naturals",
            "two_natural_aces_in_run",
            "max_run_length_5",
            "complete_set_to_stock",
        ),
    ),
    ("keys-drawing", ("fit_discard_ban", "keep_pozzo_card")),
    ("keys-opening", ("opening_points", "open_from_pozzo", "open_without_jokers")),
    ("keys-jokers", ("keep_swapped_joker", "go_out_without_discard")),
    ("keys-stock", ("stock_out", "reshuffle_limit")),
    ("keys-scoring", ("unopened_penalty", "chiusura_in_mano_double")),
    (
        "keys-match",
        (
            "elimination",
            "reentry",
            "reentry_limit",
            "single_hand",
            "target_total",
            "fixed_hands",
            "partnerships",
            "team_score",
        ),
    ),
)
"""The rule keys in the order the page lists them, under a heading each (the group's
anchor, ``book.ANCHOR.title`` its heading); each key's example is ``book.KEY.example``."""


def title_key(anchor: str) -> str:
    """The message of a section's or a key group's heading."""
    return f"book.{anchor}.title"


def paragraph_key(anchor: str, n: int) -> str:
    """The message of a section's ``n``-th paragraph, from 1."""
    return f"book.{anchor}.{n}"


def example_key(anchor: str) -> str:
    """The message of a section's or a rule key's example (anchors and keys are one
    namespace on the page, so one key never names two examples)."""
    return f"book.{anchor}.example"


def example(anchor: str, lang: str = SOURCE_LANGUAGE) -> str:
    """A rule key's (or a section's) example in one language: the one the rules page
    shows, which ``scala40 rules KEY`` shows too."""
    return Words(lang)(example_key(anchor))


REFUSAL_ANCHORS: Final[dict[Refusal, str]] = {
    Refusal.BAD_ACTION: "turn",
    Refusal.UNKNOWN_ACTION: "turn",
    Refusal.BAD_CARD: "cards",
    Refusal.NO_SUCH_MELD: "melds",
    Refusal.ILLEGAL_ACTION: "turn",
    Refusal.HAND_OVER: "going-out",
    Refusal.MATCH_OVER: "match",
    Refusal.DRAW_FIRST: "turn",
    Refusal.ALREADY_DREW: "turn",
    Refusal.NOT_IN_HAND: "turn",
    Refusal.NOTHING_TO_TAKE_BACK: "taking-back",
    Refusal.INVALID_MELD: "melds",
    Refusal.DECLARE_JOKER: "melds",
    Refusal.CHOOSE_END: "melds",
    Refusal.DOES_NOT_FIT: "melds",
    Refusal.NO_ROOM: "jokers_per_meld",
    Refusal.NO_JOKER_TO_SWAP: "joker-swap",
    Refusal.SWAP_NEEDS_NATURAL: "joker-swap",
    Refusal.JOKER_UNUSED: "keep_swapped_joker",
    Refusal.NOT_OPENED: "opening",
    Refusal.ALREADY_OPENED: "opening",
    Refusal.EMPTY_OPENING: "opening",
    Refusal.BELOW_OPENING: "opening_points",
    Refusal.JOKER_IN_OPENING: "open_without_jokers",
    Refusal.POZZO_EMPTY: "pozzo",
    Refusal.NOT_OPENED_POZZO: "open_from_pozzo",
    Refusal.POZZO_NEEDS_OPENING: "open_from_pozzo",
    Refusal.POZZO_IN_OPENING: "open_from_pozzo",
    Refusal.POZZO_UNUSABLE: "pozzo",
    Refusal.POZZO_STRANDED: "pozzo",
    Refusal.POZZO_UNUSED: "keep_pozzo_card",
    Refusal.MUST_OPEN: "open_from_pozzo",
    Refusal.POZZO_DISCARD: "discarding",
    Refusal.DISCARD_FITS: "fit_discard_ban",
    Refusal.JOKER_DISCARD: "discarding",
    Refusal.SWAPPED_JOKER_DISCARD: "joker-swap",
    Refusal.FIRST_ROUND: "going-out",
    Refusal.CHIUSURA_PENDING: "going-out",
    Refusal.INCARTATO: "going-out",
}
"""The part of the rules page each engine refusal concerns: the table's "why?" link.

A section anchor when the refusal is about a rule every table plays, a key's anchor when
a rule key decides it. Declared here, once, beside the book it points into.
"""


def _numbers() -> dict[str, Any]:
    """The engine defaults a section quotes, so the text never restates a rule's value."""
    default = Rules()
    return {
        "opening_points": default.opening_points,
        "elimination": default.elimination,
        "reshuffle_limit": default.reshuffle_limit,
    }


def anchors() -> set[str]:
    """Every anchor the rules page has: one per section, per key group and per key."""
    return {s.anchor for s in SECTIONS} | {anchor for anchor, _ in GROUPS} | set(KEYS)


def rule_book() -> dict[str, Any]:
    """What ``GET /api/rulebook`` answers: sections, keys by group, presets, refusals.

    Every text is given in every language of the catalogue, English first: a section's
    ``title_<lang>``, ``text_<lang>`` (its paragraphs) and ``example_<lang>``, a group's
    ``title_<lang>``. Each key entry is the lobby's catalogue entry (default, labels and
    choices from the engine) plus ``example_<lang>``; ``refusals`` maps each refusal code to
    its anchor.
    """
    every = speakers()
    numbers = _numbers()
    catalogue = rules_catalogue()
    by_key = {entry["key"]: entry for entry in catalogue["keys"]}
    return {
        "sections": [
            {
                "anchor": s.anchor,
                **in_every_language("title", title_key(s.anchor), every),
                **{
                    f"text_{words.lang}": [
                        words(paragraph_key(s.anchor, n), **numbers)
                        for n in range(1, s.paragraphs + 1)
                    ]
                    for words in every
                },
                **in_every_language("example", example_key(s.anchor), every),
            }
            for s in SECTIONS
        ],
        "groups": [
            {
                "anchor": anchor,
                **in_every_language("title", title_key(anchor), every),
                "keys": [
                    {**by_key[k], **in_every_language("example", example_key(k), every)}
                    for k in keys
                ],
            }
            for anchor, keys in GROUPS
        ],
        "presets": catalogue["presets"],
        "refusals": {code.value: anchor for code, anchor in REFUSAL_ANCHORS.items()},
    }
