"""Why the club player suggests a move, as facts: a reason code and the values it names.

A hint is read in the page's language and in the terminal's, so its reason is not a
sentence but a :class:`Reason`: what kind of reason (:class:`Why`), the cards, melds and
number it is about, and the reasons under it (a discard is explained by several notes
and by what the next player could do with the card). Each language words the same facts:
the pages and the terminal both with the catalogue's ``hintwhy.<code>`` messages, in
every language (``static/js/table/wording.js``, ``scala40/words/hints.py``); :func:`english`
here is the plain English sentence of :class:`~scala40.bots.heuristic.Hint` for callers
with no catalogue (the bots run in the browser's Python, which has none). Nothing is lost
between them: a language may choose its words, never its facts.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from scala40.engine.cards import RANK_TEXT, card_name
from scala40.engine.melds import TableMeld


class Why(StrEnum):
    """The kinds of reason (the wire and the pages' keys use these values)."""

    # The draw.
    STOCK_POZZO_EMPTY = "stock_pozzo_empty"
    STOCK_POZZO_USELESS = "stock_pozzo_useless"
    TAKE_POZZO = "take_pozzo"
    # Why the pozzo's card is worth taking (under TAKE_POZZO).
    POZZO_FREE_JOKER = "pozzo_free_joker"
    POZZO_FREE_FITS = "pozzo_free_fits"
    POZZO_JOKER_DOWN = "pozzo_joker_down"
    POZZO_GOES_ON = "pozzo_goes_on"
    POZZO_MAKES = "pozzo_makes"
    POZZO_FREES_JOKER = "pozzo_frees_joker"
    POZZO_OPENS = "pozzo_opens"
    # Laying down.
    CHIUSURA = "chiusura"
    OPEN = "open"
    OPEN_USING = "open_using"
    OPEN_THEN_LAY = "open_then_lay"
    MELD = "meld"
    LAY_OFF = "lay_off"
    SWAP = "swap"
    JOKER_ON = "joker_on"
    # The discard, and the notes under it.
    DISCARD = "discard"
    DISCARD_LAST = "discard_last"
    DISCARD_TO_GO_OUT = "discard_to_go_out"
    DISCARD_JOKER = "discard_joker"
    BREAKS_MELD = "breaks_meld"
    HOLDS_ANOTHER = "holds_another"
    FITS_NOTHING = "fits_nothing"
    ALL_SEEN = "all_seen"
    WAITS_SET = "waits_set"
    WAITS_RUN = "waits_run"
    FITS_TABLE = "fits_table"
    COSTS = "costs"
    NEXT_CANNOT_TAKE = "next_cannot_take"
    NEXT_TAKES_JOKER = "next_takes_joker"
    NEXT_LAYS_OFF = "next_lays_off"
    NEXT_PICKED = "next_picked"
    NEXT_NOT_PICKED = "next_not_picked"
    NEXT_NOT_PICKED_NOR_LAYS = "next_not_picked_nor_lays"
    # A move the plan had no reason for (a fallback): the move alone.
    PLAIN_CHOICE = "plain_choice"


@dataclass(frozen=True, slots=True)
class Reason:
    """One reason and its facts: the card it is about, other cards (what a near-meld
    waits on), melds (laid, gone on, opened with), a number (points, cards unseen, a
    penalty, a rank from 1 to 13) and the reasons under it, in order."""

    code: Why
    card: int | None = None
    cards: tuple[int, ...] = ()
    melds: tuple[TableMeld, ...] = ()
    number: int | None = None
    because: tuple[Reason, ...] = ()


def _melds(melds: tuple[TableMeld, ...]) -> str:
    return " + ".join(m.text() for m in melds)


def _a_rank(rank: int) -> str:
    """A rank with its article: "an ace", "a 9", "an 8", "a king"."""
    word = {1: "ace", 11: "jack", 12: "queen", 13: "king"}.get(rank) or RANK_TEXT[rank]
    return ("an " if word in ("ace", "8") else "a ") + word


def english(reason: Reason) -> str:
    """The reason in English, the words the terminal shows."""
    card = card_name(reason.card) if reason.card is not None else ""
    melds = _melds(reason.melds)
    n = reason.number
    under = " and ".join(english(r) for r in reason.because)
    match reason.code:
        case Why.STOCK_POZZO_EMPTY:
            return "draw from the stock: the pozzo is empty"
        case Why.STOCK_POZZO_USELESS:
            return f"draw from the stock: the {card} on the pozzo does nothing for you now"
        case Why.TAKE_POZZO:
            return f"take the {card} from the pozzo: {under}"
        case Why.POZZO_FREE_JOKER:
            return "a joker, free to keep"
        case Why.POZZO_FREE_FITS:
            return "it is free to keep and goes with your cards"
        case Why.POZZO_JOKER_DOWN:
            return "a joker goes down at once and saves you a card"
        case Why.POZZO_GOES_ON:
            return f"it goes on {melds}"
        case Why.POZZO_MAKES:
            return f"it makes {melds}"
        case Why.POZZO_FREES_JOKER:
            return "it frees a joker on the table"
        case Why.POZZO_OPENS:
            return f"it lets you open ({melds} = {n})"
        case Why.CHIUSURA:
            return f"chiusura in mano: lay down {melds} at once"
        case Why.OPEN:
            return f"open with {melds} = {n}"
        case Why.OPEN_USING:
            return f"open with {melds} = {n}, using the {card}"
        case Why.OPEN_THEN_LAY:
            return f"open with {melds} = {n}, then lay the {card}"
        case Why.MELD:
            return f"lay down {melds}"
        case Why.LAY_OFF:
            return f"lay off the {card} on {melds}"
        case Why.SWAP:
            return f"put the {card} in place of the joker in {melds}"
        case Why.JOKER_ON:
            return f"lay the joker on {melds}"
        case Why.DISCARD:
            return f"discard the {card}: {under}"
        case Why.DISCARD_LAST:
            return f"discard the {card}"
        case Why.DISCARD_TO_GO_OUT:
            return f"discard the {card} to go out"
        case Why.DISCARD_JOKER:
            return f"discard the joker: it has nowhere to go; {under}"
        case Why.BREAKS_MELD:
            return "it breaks a meld in hand"
        case Why.HOLDS_ANOTHER:
            return "you hold another one"
        case Why.FITS_NOTHING:
            return "it fits nothing"
        case Why.ALL_SEEN:
            return "every card it waits on is already seen"
        case Why.WAITS_SET if not reason.cards:
            return "it waits for a set, but every card it needs is seen"
        case Why.WAITS_SET:
            return f"it only waits on {', '.join(card_name(k) for k in reason.cards)} for a set"
        case Why.WAITS_RUN:
            return f"it only waits on {', '.join(card_name(k) for k in reason.cards)} ({n} unseen)"
        case Why.FITS_TABLE:
            return "though it fits the table"
        case Why.COSTS:
            return f"it costs {n} if the hand ends"
        case Why.NEXT_CANNOT_TAKE:
            return "the next player cannot take it before opening"
        case Why.NEXT_TAKES_JOKER:
            return "the next player would take the joker"
        case Why.NEXT_LAYS_OFF:
            return "the next player could lay it off"
        case Why.NEXT_PICKED:
            return f"the next player picked up the {card}"
        case Why.NEXT_NOT_PICKED:
            return f"the next player has not picked up {_a_rank(n or 0)}"
        case Why.NEXT_NOT_PICKED_NOR_LAYS:
            return f"the next player has not picked up {_a_rank(n or 0)} and cannot lay it off"
        case Why.PLAIN_CHOICE:
            return "the plain choice (nothing planned could be played)"
