"""Errors the engine raises: each names the problem in words a player understands."""

from __future__ import annotations

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


class IllegalAction(Scala40Error):
    """An action the rules forbid now.

    ``code`` is stable (for programs and translations); ``reason`` is a sentence for the
    player. The state is left exactly as it was before the refused action.
    """

    def __init__(self, code: Refusal, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason

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
