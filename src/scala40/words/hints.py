"""The terminal's words for a hint: why a move, which move, and the engine's refusals it
cites, in the player's language, from the one catalogue.

The club player's hint travels as facts (:class:`scala40.bots.reasons.Reason`: a code,
the card, cards, melds and number it names, the reasons under it), and the pages word
those facts with the catalogue's ``hintwhy.<code>`` messages (``static/js/table/
wording.js``). The terminal words them here with the same messages and the same blanks,
so a hint says the same thing on a page and on a terminal. This package sits below the
bots (they run in the browser's Python and never read the catalogue), so a reason is read
through :class:`ReasonFacts`, the fields the words need.

A hint names moves (the one to play, then the rest of the turn) and quotes the engine's
refusals (why not the pozzo, why not that discard); the terminal's log tells the same
moves once they are played. Those words are here too, so the terminal game in its two
faces (the Textual app and ``--plain``) and the replay tell a move alike: the
``term.game.move.*`` messages for someone at the table, ``term.game.myMove.*`` for the person.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

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
from scala40.engine.cards import JOKER, card_text
from scala40.engine.errors import Fact, IllegalAction
from scala40.engine.melds import TableMeld
from scala40.words.catalog import SOURCE_LANGUAGE, Words


class ReasonFacts(Protocol):
    """What a hint's reason says, as the words read it (a bots ``Reason`` is one)."""

    @property
    def code(self) -> str:
        """The kind of reason: the ``hintwhy.<code>`` message that words it."""

    @property
    def card(self) -> int | None:
        """The card it is about."""

    @property
    def cards(self) -> Sequence[int]:
        """Other cards it names (what a near-meld waits on)."""

    @property
    def melds(self) -> Sequence[TableMeld]:
        """Melds it names: laid, gone on, opened with."""

    @property
    def number(self) -> int | None:
        """Points, cards unseen, a penalty, or a rank from 1 to 13."""

    @property
    def because(self) -> Sequence[ReasonFacts]:
        """The reasons under it, in order."""


# Cards and melds --------------------------------------------------------------------------


def card_words(kind: int, declared: int | None = None) -> str:
    """A card as the terminal prints it everywhere: ``7♣``, ``JK``, ``JK=7♣``."""
    return card_text(kind, declared, pretty=True)


def cards_words(kinds: Sequence[int]) -> str:
    """Cards in the order given, as in a hand: ``7♥ 7♦ JK``."""
    return " ".join(card_words(k) for k in kinds)


def meld_words(meld: TableMeld | MeldSpec) -> str:
    """A meld in table order, each joker with the card it stands for: ``JK=7♠ 8♠ 9♠``."""
    if isinstance(meld, TableMeld):
        cards = meld.cards()
        return " ".join(
            card_words(c, k if c == JOKER else None) for c, k in zip(cards, meld.slots, strict=True)
        )
    return " ".join(card_words(c, d) for c, d in zip(meld.cards, meld.declared, strict=True))


def named_card(words: Words, kind: int) -> str:
    """A card a sentence is about: its text, or the word for a joker ("Jolly"), as the
    pages name it."""
    return words("card.joker") if kind == JOKER else card_words(kind)


# Why a move ------------------------------------------------------------------------------


def reason_words(words: Words, reason: ReasonFacts) -> str:
    """One reason, with those under it, in the words' language (the pages' ``reasonText``)."""
    key = f"hintwhy.{reason.code}"
    if reason.code == "waits_set" and not reason.cards:
        key = "hintwhy.waits_set_none"
    number = reason.number
    return words(
        key,
        card="" if reason.card is None else named_card(words, reason.card),
        cards=", ".join(card_words(k) for k in reason.cards),
        melds=" + ".join(meld_words(m) for m in reason.melds),
        n="" if number is None else number,
        rank=words(f"say.many.{number}") if number and words.has(f"say.many.{number}") else "",
        because=words("hintwhy.and").join(reason_words(words, r) for r in reason.because),
    )


def hint_words(words: Words, reasons: Sequence[ReasonFacts]) -> str:
    """A hint's reasons, one per step of the turn, joined as a player reads them."""
    return words("hintwhy.then").join(reason_words(words, r) for r in reasons)


def suggestion_words(words: Words, action: Action) -> str:
    """The move a hint suggests, as an instruction ("Attacca 8♠ alla combinazione 2"),
    meld numbers as the terminal shows the table."""
    if isinstance(action, DrawStock):
        return words("hint.draw")
    if isinstance(action, TakePozzo):
        return words("hint.pozzo")
    if isinstance(action, Open):
        return words("hint.open", cards=" | ".join(meld_words(m) for m in action.melds))
    if isinstance(action, Meld):
        return words("hint.meld", cards=meld_words(action.meld))
    if isinstance(action, LayOff):
        card = card_words(action.card, action.declared)
        return words("hint.layoff", card=card, target=action.target)
    if isinstance(action, SwapJoker):
        return words("hint.swap", card=card_words(action.card), target=action.target)
    if isinstance(action, Discard):
        return words("hint.discard", card=card_words(action.card))
    assert isinstance(action, TakeBack)
    return words("hint.takeback")


# Why not ---------------------------------------------------------------------------------


def refusal_words(words: Words, refused: IllegalAction) -> str:
    """Why the engine refuses a move, in the words' language.

    In English the engine's own sentence, which names the cards at fault; in another
    language the catalogue's ``refuse.<code>.<problem>`` sentence with the refusal's facts
    when there is one, else ``refuse.<code>``, as the pages word a refusal."""
    if words.lang == SOURCE_LANGUAGE:
        return refused.reason
    facts = refused.facts
    if facts:
        key = f"refuse.{refused.code}.{facts.get('problem', 'facts')}"
        if words.has(key):
            return words(key, **fact_words(words, facts))
    key = f"refuse.{refused.code}"
    return words(key) if words.has(key) else refused.reason


def fact_words(words: Words, facts: Mapping[str, Fact]) -> dict[str, object]:
    """A refusal's facts ready for its sentence: a card by its name, cards as text,
    numbers and words as they are."""
    out: dict[str, object] = dict(facts)
    card = facts.get("card")
    if isinstance(card, int):
        out["card"] = named_card(words, card)
    cards = facts.get("cards")
    if isinstance(cards, tuple):
        out["cards"] = cards_words(cards)
    return out


# A move told -----------------------------------------------------------------------------


def move_words(
    words: Words,
    action: Action,
    who: str | None = None,
    *,
    pozzo_top: int | None = None,
    drawn: int | None = None,
) -> str:
    """What a player did, for the log: ``who`` by name (``term.game.move.*``), or the person
    when ``who`` is ``None`` (``term.game.myMove.*``, "You discard 7♣", "Scarti 7♣").

    A card drawn from the stock is named only when ``drawn`` is given (when the teller may
    know it); a card taken from the pozzo is ``pozzo_top``, the pozzo's top before."""
    stem = "term.game.myMove" if who is None else "term.game.move"
    kind, values = _move_facts(action, pozzo_top, drawn)
    return words(f"{stem}.{kind}", name=who or "", **values)


def _move_facts(
    action: Action, pozzo_top: int | None, drawn: int | None
) -> tuple[str, dict[str, object]]:
    """The message kind of a move and the blanks it fills."""
    if isinstance(action, DrawStock):
        return ("draw", {}) if drawn is None else ("drawCard", {"card": card_words(drawn)})
    if isinstance(action, TakePozzo):
        assert pozzo_top is not None, "a pozzo taken had a card on top"
        return "pozzo", {"card": card_words(pozzo_top)}
    if isinstance(action, Open):
        return "open", {"melds": " | ".join(meld_words(m) for m in action.melds)}
    if isinstance(action, Meld):
        return "meld", {"cards": meld_words(action.meld)}
    if isinstance(action, LayOff):
        kind = {"low": "layoffLow", "high": "layoffHigh"}.get(action.end or "", "layoff")
        card = card_words(action.card, action.declared)
        return kind, {"card": card, "target": action.target}
    if isinstance(action, SwapJoker):
        return "swap", {"card": card_words(action.card), "target": action.target}
    if isinstance(action, Discard):
        return "discard", {"card": card_words(action.card)}
    assert isinstance(action, TakeBack)
    return "takeback", {}
