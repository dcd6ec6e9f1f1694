"""Errors the engine raises: each names the problem in words a player understands."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum, unique


class Scala40Error(ValueError):
    """Base of every error the library raises on bad input."""


class RulesError(Scala40Error):
    """A rule key or value that does not exist or does not fit the table."""


@unique
class Refusal(StrEnum):
    """Why the engine refuses an action: every code, declared once.

    The values are the stable codes programs branch on and the pages translate (the web
    table sends them as they are); a member is a ``str``, so it compares and serialises
    as its value. The sentence for the player travels beside it in
    :class:`IllegalAction`.
    """

    # The action itself
    BAD_ACTION = "bad_action"
    """Not a well-formed action (or, in the RL layer, not an action id)."""
    UNKNOWN_ACTION = "unknown_action"
    BAD_CARD = "bad_card"
    NO_SUCH_MELD = "no_such_meld"
    ILLEGAL_ACTION = "illegal_action"
    """An action id the RL layer's legal mask rules out."""
    # The turn (§3)
    HAND_OVER = "hand_over"
    MATCH_OVER = "match_over"
    DRAW_FIRST = "draw_first"
    ALREADY_DREW = "already_drew"
    NOT_IN_HAND = "not_in_hand"
    NOTHING_TO_TAKE_BACK = "nothing_to_take_back"
    # Melds and jokers (§2, §6)
    INVALID_MELD = "invalid_meld"
    DECLARE_JOKER = "declare_joker"
    CHOOSE_END = "choose_end"
    DOES_NOT_FIT = "does_not_fit"
    NO_ROOM = "no_room"
    NO_JOKER_TO_SWAP = "no_joker_to_swap"
    SWAP_NEEDS_NATURAL = "swap_needs_natural"
    JOKER_UNUSED = "joker_unused"
    # Opening (§5)
    NOT_OPENED = "not_opened"
    ALREADY_OPENED = "already_opened"
    EMPTY_OPENING = "empty_opening"
    BELOW_OPENING = "below_opening"
    JOKER_IN_OPENING = "joker_in_opening"
    # The pozzo (§8)
    POZZO_EMPTY = "pozzo_empty"
    NOT_OPENED_POZZO = "not_opened_pozzo"
    POZZO_NEEDS_OPENING = "pozzo_needs_opening"
    POZZO_IN_OPENING = "pozzo_in_opening"
    POZZO_UNUSABLE = "pozzo_unusable"
    POZZO_STRANDED = "pozzo_stranded"
    POZZO_UNUSED = "pozzo_unused"
    MUST_OPEN = "must_open"
    # Discarding and going out (§4, §7)
    POZZO_DISCARD = "pozzo_discard"
    DISCARD_FITS = "discard_fits"
    JOKER_DISCARD = "joker_discard"
    SWAPPED_JOKER_DISCARD = "swapped_joker_discard"
    FIRST_ROUND = "first_round"
    CHIUSURA_PENDING = "chiusura_pending"
    INCARTATO = "incartato"


@unique
class Problem(StrEnum):
    """Which rule of a refusal's family was broken: the ``problem`` fact of an
    :class:`IllegalAction` whose code covers several (the pages word each one)."""

    # invalid_meld
    TOO_FEW = "too_few"
    ONLY_JOKERS = "only_jokers"
    TOO_MANY_JOKERS = "too_many_jokers"
    FEW_NATURALS = "few_naturals"
    RUN_TOO_LONG = "run_too_long"
    TWO_ACES = "two_aces"
    SET_TOO_BIG = "set_too_big"
    SET_SUITS = "set_suits"
    RUN_GAP = "run_gap"
    NEITHER = "neither"
    JOKER_IN_SET = "joker_in_set"
    RUN_WRAP = "run_wrap"
    JOKER_IN_RUN = "joker_in_run"
    # joker_in_opening
    STRICT = "strict"
    PLAIN_FIRST = "plain_first"
    # not_in_hand
    COPIES = "copies"


PROBLEMS: dict[Refusal, tuple[Problem, ...]] = {
    Refusal.INVALID_MELD: (
        Problem.TOO_FEW,
        Problem.ONLY_JOKERS,
        Problem.TOO_MANY_JOKERS,
        Problem.FEW_NATURALS,
        Problem.RUN_TOO_LONG,
        Problem.TWO_ACES,
        Problem.SET_TOO_BIG,
        Problem.SET_SUITS,
        Problem.RUN_GAP,
        Problem.NEITHER,
        Problem.JOKER_IN_SET,
        Problem.RUN_WRAP,
        Problem.JOKER_IN_RUN,
    ),
    Refusal.JOKER_IN_OPENING: (Problem.STRICT, Problem.PLAIN_FIRST),
    Refusal.NOT_IN_HAND: (Problem.COPIES,),
}
"""The problems each code may carry (a translation covers each pair)."""

Fact = int | str | tuple[int, ...]
"""One specific of a refusal: a number, a word, or cards (card kinds, jokers included)."""


class IllegalAction(Scala40Error):
    """An action the rules forbid now.

    ``code`` is stable (for programs and translations); ``reason`` is a sentence for the
    player. The state is left exactly as it was before the refused action.

    ``facts`` are the reason's specifics as values, so a page in another language words
    the whole reason, not just the code: ``problem`` (which rule of the code's family, for
    ``invalid_meld``), numbers (``need``, ``points``, ``allowed``, ...) and cards as card
    kinds under ``card`` (one) or ``cards`` (a tuple). Empty when the code says it all.
    """

    def __init__(self, code: Refusal, reason: str, facts: Mapping[str, Fact] | None = None) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason
        self.facts: dict[str, Fact] = dict(facts) if facts else {}

    def __repr__(self) -> str:
        return f"IllegalAction({self.code.value!r}, {self.reason!r})"


class PackError(Scala40Error):
    """Cards that are not the pack: more copies of a card than it holds, or some missing.

    Raised by :meth:`scala40.engine.pack.PackCount.check` (so by ``Deal.deal`` and
    ``Deal.setup``). It is a ``ValueError`` like every :class:`Scala40Error`, so callers
    that caught ``ValueError`` before still do. The message names the cards for a player;
    ``over`` and ``missing`` are the kinds at fault and ``foreign`` the values that are no
    card at all, for programs that show them their own way.
    """

    def __init__(
        self,
        message: str,
        over: tuple[int, ...] = (),
        missing: tuple[int, ...] = (),
        foreign: tuple[object, ...] = (),
    ) -> None:
        super().__init__(message)
        self.over = over
        self.missing = missing
        self.foreign = foreign
