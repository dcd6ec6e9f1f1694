"""The table's rules: every key of RULES.md §12 in one frozen value, and named presets.

A table's rules are the FISCA defaults plus the keys it changes; a preset is just such a
set of changes, so ``Rules.build("house", {"elimination": "201"})`` composes both.
Values arrive as Python values or as the text a user types after ``--rule KEY=``.

What each key takes is declared once, here: a choice key's values are its ``Literal``
field type (``CHOICES`` is read from it), a number key's bounds its ``NUMBER_RANGES``
entry; parsing, checking, ``scala40 rules`` and the web lobby all read those.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from difflib import get_close_matches
from typing import Any, Final, Literal, NamedTuple, get_args, get_origin, get_type_hints

from scala40.engine.errors import RulesError

# The values of every choice key, declared once: the field types below use them, CHOICES
# is read from them, and mypy checks any text compared with a rule against them.
FaceValues = Literal["standard", "high"]
FitDiscardBan = Literal["fisca", "unopened_only", "always", "never"]
OpenFromPozzo = Literal["no", "opening", "any_use", "keep"]
OpenWithoutJokers = Literal["no", "fisca", "strict"]
GoOutWithoutDiscard = Literal[False, True, "double"]
StockOut = Literal["reshuffle", "end_hand"]
UnopenedPenalty = Literal["count", "flat100", "double"]
TeamScore = Literal["sum", "worst"]
AnyCount = Literal["any"]
"""What a number key that takes ``any`` (no limit) holds instead of a number."""

ANY: Final[AnyCount] = "any"

MAX_JOKERS: Final = 20
"""Most jokers a pack may hold. The sources name no top (house packs use 2 to 6); every
deal builds the whole pack, so a pack of millions of jokers would exhaust any machine."""


class RangeWords(NamedTuple):
    """How :meth:`NumberRange.words` says a range: English by default; a caller that
    speaks another language passes its own (the ``{low}``, ``{high}``, ``{decks}`` fill in)."""

    or_more: str = "{low} or more"
    either: str = "{low} or {high}"
    between: str = "{low} to {high}"
    with_decks: str = " with {decks} decks"
    up_to: str = "; up to {high} with decks={decks}"
    or_none: str = ", or none"
    or_any: str = ", or any"


RANGE_WORDS_EN: Final = RangeWords()


@dataclass(frozen=True, slots=True)
class NumberRange:
    """The values a number key takes: whole numbers from ``low`` to ``high`` (``None``: no
    top), the top raised for a pack of more decks by ``high_with_decks`` ((decks, top)
    pairs), and the words ``none`` (``none_ok``) and ``any`` (``any_ok``).

    >>> NumberRange(1, none_ok=True).words()
    '1 or more, or none'
    >>> NUMBER_RANGES["players"].words()
    '2 to 6; up to 8 with decks=3'
    >>> NUMBER_RANGES["players"].words(decks=3)
    '2 to 8 with 3 decks'
    >>> NUMBER_RANGES["players"].accepts(7, decks=2), NUMBER_RANGES["players"].accepts(7, decks=3)
    (False, True)
    """

    low: int
    high: int | None = None
    none_ok: bool = False
    any_ok: bool = False
    high_with_decks: tuple[tuple[int, int], ...] = ()

    def top(self, decks: int) -> int | None:
        """The highest number allowed with ``decks`` decks (``None``: no top)."""
        return dict(self.high_with_decks).get(decks, self.high)

    def accepts(self, value: object, decks: int) -> bool:
        """Whether ``value`` (a number, ``None`` or ``ANY``) is in range with ``decks`` decks."""
        if value is None:
            return self.none_ok
        if value == ANY:
            return self.any_ok
        if not isinstance(value, int) or isinstance(value, bool) or value < self.low:
            return False
        top = self.top(decks)
        return top is None or value <= top

    def words(
        self, decks: int | None = None, *, none_means: str = "", say: RangeWords = RANGE_WORDS_EN
    ) -> str:
        """The range in words: for a pack of ``decks`` decks, or (``None``) every top;
        ``none_means`` is what ``none`` stands for, said after it in brackets."""
        top = self.high if decks is None else self.top(decks)
        if top is None:
            text = say.or_more.format(low=self.low)
        elif top == self.low + 1:
            text = say.either.format(low=self.low, high=top)
        else:
            text = say.between.format(low=self.low, high=top)
        if decks is None:
            text += "".join(say.up_to.format(high=t, decks=d) for d, t in self.high_with_decks)
        elif self.high_with_decks:
            text += say.with_decks.format(decks=decks)
        if self.none_ok:
            text += say.or_none + (f" ({none_means})" if none_means else "")
        return text + say.or_any * self.any_ok


@dataclass(frozen=True, slots=True)
class Rules:
    """Every rule key with its FISCA default (RULES.md §12)."""

    players: int = 4
    jokers: int | None = None
    """Total jokers in the pack; ``None`` means two per deck."""
    decks: int = 2
    no_joker_first_discard: bool = False
    first_pozzo_free: bool = False
    face_values: FaceValues = "standard"
    lone_ace_counts_one: bool = False
    jokers_per_meld: int | AnyCount = 1
    min_naturals: int = 2
    two_natural_aces_in_run: bool = False
    max_run_length_5: bool = False
    complete_set_to_stock: bool = False
    fit_discard_ban: FitDiscardBan = "fisca"
    opening_points: int = 40
    open_from_pozzo: OpenFromPozzo = "no"
    keep_pozzo_card: bool = False
    open_without_jokers: OpenWithoutJokers = "no"
    keep_swapped_joker: bool = False
    go_out_without_discard: GoOutWithoutDiscard = False
    stock_out: StockOut = "reshuffle"
    reshuffle_limit: int | None = 3
    """Most times one hand rebuilds its stock from the pozzo; ``None``: no limit (§8)."""
    unopened_penalty: UnopenedPenalty = "count"
    chiusura_in_mano_double: bool = False
    elimination: int = 101
    reentry: bool = False
    reentry_limit: int | AnyCount = 1
    single_hand: bool = False
    target_total: int | None = None
    fixed_hands: int | None = None
    partnerships: bool = False
    team_score: TeamScore = "sum"

    def __post_init__(self) -> None:
        _validate(self)

    # Derived figures the hot paths read.
    @property
    def joker_count(self) -> int:
        return 2 * self.decks if self.jokers is None else self.jokers

    @property
    def pack_size(self) -> int:
        return 52 * self.decks + self.joker_count

    @property
    def max_jokers(self) -> int:
        """Most jokers one meld may hold."""
        return 99 if self.jokers_per_meld == ANY else int(self.jokers_per_meld)

    @property
    def natural_minimum(self) -> int:
        """Fewest natural cards in a meld (one joker per meld needs no extra minimum)."""
        return self.min_naturals if self.max_jokers > 1 else 1

    # Partnerships (RULES.md §10): the one place that knows who plays with whom.
    @property
    def units(self) -> int:
        """Scoring units: the seats, or two teams with partnerships."""
        return 2 if self.partnerships else self.players

    def unit_of(self, seat: int) -> int:
        """A seat's scoring unit: itself, or its team (partners sit alternately: seats
        0, 2, 4 are team 0; 1, 3, 5 team 1)."""
        return seat % 2 if self.partnerships else seat

    def seats_of(self, unit: int) -> list[int]:
        """The seats that score as ``unit``."""
        return [s for s in range(self.players) if self.unit_of(s) == unit]

    @property
    def max_run(self) -> int:
        return 5 if self.max_run_length_5 else 14

    @property
    def stock_size(self) -> int:
        """Cards in the stock after the deal and the turned-up pozzo card."""
        return self.pack_size - 13 * self.players - 1

    def changes(self) -> dict[str, Any]:
        """The keys that differ from the FISCA defaults (what a record stores)."""
        default = Rules()
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if getattr(self, f.name) != getattr(default, f.name)
        }

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    def with_changes(self, **changes: Any) -> Rules:
        return Rules.build(None, {**self.changes(), **changes})

    @staticmethod
    def build(preset: str | None = None, changes: dict[str, Any] | None = None) -> Rules:
        """Rules from a preset name and single keys (values may be typed text)."""
        values: dict[str, Any] = {}
        if preset is not None:
            if preset not in PRESETS:
                raise RulesError(
                    f"unknown rules preset {preset!r}: choose one of {', '.join(sorted(PRESETS))}"
                )
            values.update(PRESETS[preset])
        for key, raw in (changes or {}).items():
            values[key] = parse_value(key, raw)
        return replace(Rules(), **values) if values else Rules()


KEYS: Final = tuple(f.name for f in fields(Rules))

_HINTS: Final = get_type_hints(Rules)

CHOICES: Final[dict[str, tuple[Any, ...]]] = {
    key: get_args(_HINTS[key]) for key in KEYS if get_origin(_HINTS[key]) is Literal
}
"""The values of every choice key, in order, read from its ``Literal`` field type."""

NUMBER_RANGES: Final[dict[str, NumberRange]] = {
    "decks": NumberRange(2, 3),  # first: the top of players depends on it
    "players": NumberRange(2, 6, high_with_decks=((3, 8),)),
    "jokers": NumberRange(0, MAX_JOKERS, none_ok=True),  # none: two per deck
    "jokers_per_meld": NumberRange(1, any_ok=True),
    "min_naturals": NumberRange(1),
    "opening_points": NumberRange(0),
    "reshuffle_limit": NumberRange(0, none_ok=True),  # none: no limit
    "elimination": NumberRange(1),
    "reentry_limit": NumberRange(1, any_ok=True),
    "target_total": NumberRange(1, none_ok=True),
    "fixed_hands": NumberRange(1, none_ok=True),
}
"""The values of every number key, declared once: what ``parse_value`` reads, what
``Rules`` checks, and what ``scala40 rules`` and the lobby say."""

PRESETS: Final[dict[str, dict[str, Any]]] = {
    "fisca": {},
    "house": {
        "fit_discard_ban": "unopened_only",
        "keep_swapped_joker": True,
        "open_from_pozzo": "any_use",
        "unopened_penalty": "flat100",
        "reentry": True,
        "reentry_limit": 1,
    },
}

_BOOL_KEYS: Final = frozenset(key for key in KEYS if _HINTS[key] is bool)

_TRUE: Final = {"true", "yes", "on", "1"}
_FALSE: Final = {"false", "no", "off", "0"}


def _as_bool(key: str, raw: Any) -> bool:
    if isinstance(raw, bool):
        return raw
    text = str(raw).strip().lower()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    raise RulesError(f"rule {key} takes true or false, not {raw!r}")


def _as_int(key: str, raw: Any, span: NumberRange) -> int:
    words = "a number" + " or none" * span.none_ok + " or any" * span.any_ok
    if isinstance(raw, bool):
        raise RulesError(f"rule {key} takes {words}, not {raw!r}")
    if isinstance(raw, int):
        return raw
    try:
        return int(str(raw).strip())
    except ValueError:
        raise RulesError(f"rule {key} takes {words}, not {raw!r}") from None


def close_keys(key: str) -> list[str]:
    """The rule keys a mistyped ``key`` may have meant: look-alikes, then those containing it."""
    text = str(key).strip().lower().replace("-", "_")
    near = get_close_matches(text, KEYS, n=3, cutoff=0.6)
    if len(text) >= 3:
        near += [k for k in KEYS if text in k and k not in near]
    return near[:5]


def unknown_key_message(key: str) -> str:
    """The error for a key that is not a rule key: the close ones, and where the list is."""
    near = close_keys(key)
    hint = f"did you mean {', '.join(near)}? " if near else ""
    return f"unknown rule key {key!r} ({hint}`scala40 rules` lists the {len(KEYS)} keys)"


def parse_value(key: str, raw: Any) -> Any:
    """Turn a typed value (``"true"``, ``"201"``, ``"any"``) into the key's value."""
    if key not in KEYS:
        raise RulesError(unknown_key_message(key))
    if key in _BOOL_KEYS:
        return _as_bool(key, raw)
    span = NUMBER_RANGES.get(key)
    if span is not None:
        word = raw.strip().lower() if isinstance(raw, str) else raw
        if span.none_ok and word in (None, "none", ""):
            return None
        if span.any_ok and word == ANY:
            return ANY
        return _as_int(key, raw, span)
    choices = CHOICES[key]
    if isinstance(raw, str):
        text = raw.strip().lower()
        for choice in choices:
            if choice == text:
                return choice
    if True in choices and (isinstance(raw, bool) or str(raw).strip().lower() in _TRUE | _FALSE):
        return _as_bool(key, raw)  # go_out_without_discard: true, false or "double"
    raise RulesError(_choice_error(key, raw))


def _choice_error(key: str, value: Any) -> str:
    words = ", ".join(_typed(c) for c in CHOICES[key])
    return f"rule {key} takes one of {words}, not {value!r}"


def _typed(value: Any) -> str:
    """A value as typed after ``--rule KEY=``."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def _validate(r: Rules) -> None:
    for key, choices in CHOICES.items():
        if getattr(r, key) not in choices:
            raise RulesError(_choice_error(key, getattr(r, key)))
    for key, span in NUMBER_RANGES.items():
        value = getattr(r, key)
        if not span.accepts(value, r.decks):
            raise RulesError(f"{key} must be {span.words(r.decks)}, not {value!r}")
    if r.target_total is not None and r.fixed_hands is not None:
        raise RulesError("choose target_total or fixed_hands, not both")
    if r.partnerships and r.players not in (4, 6):
        raise RulesError(f"partnerships need 4 or 6 players, not {r.players}")
    if r.stock_size < 1:
        raise RulesError(f"{r.players} players need more than the {r.pack_size} cards of this pack")
