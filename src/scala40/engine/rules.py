"""The table's rules: every key of RULES.md §12 in one frozen value, and named presets.

A table's rules are the FISCA defaults plus the keys it changes; a preset is just such a
set of changes, so ``Rules.build("house", {"elimination": "201"})`` composes both.
Values arrive as Python values or as the text a user types after ``--rule KEY=``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from difflib import get_close_matches
from typing import Any, Final

from scala40.engine.errors import RulesError

ANY: Final = "any"


@dataclass(frozen=True, slots=True)
class Rules:
    """Every rule key with its FISCA default (RULES.md §12)."""

    players: int = 4
    jokers: int | None = None
    """Total jokers in the pack; ``None`` means two per deck."""
    decks: int = 2
    no_joker_first_discard: bool = False
    first_pozzo_free: bool = False
    face_values: str = "standard"
    lone_ace_counts_one: bool = False
    jokers_per_meld: int | str = 1
    min_naturals: int = 2
    two_natural_aces_in_run: bool = False
    max_run_length_5: bool = False
    complete_set_to_stock: bool = False
    fit_discard_ban: str = "fisca"
    opening_points: int = 40
    open_from_pozzo: str = "no"
    keep_pozzo_card: bool = False
    open_without_jokers: str = "no"
    keep_swapped_joker: bool = False
    go_out_without_discard: bool | str = False
    stock_out: str = "reshuffle"
    reshuffle_limit: int | None = 3
    """Most times one hand rebuilds its stock from the pozzo; ``None``: no limit (§8)."""
    unopened_penalty: str = "count"
    chiusura_in_mano_double: bool = False
    elimination: int = 101
    reentry: bool = False
    reentry_limit: int | str = 1
    single_hand: bool = False
    target_total: int | None = None
    fixed_hands: int | None = None
    partnerships: bool = False
    team_score: str = "sum"

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

CHOICES: Final[dict[str, tuple[Any, ...]]] = {
    "face_values": ("standard", "high"),
    "fit_discard_ban": ("fisca", "unopened_only", "always", "never"),
    "open_from_pozzo": ("no", "opening", "any_use", "keep"),
    "open_without_jokers": ("no", "fisca", "strict"),
    "go_out_without_discard": (False, True, "double"),
    "stock_out": ("reshuffle", "end_hand"),
    "unopened_penalty": ("count", "flat100", "double"),
    "team_score": ("sum", "worst"),
}

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

_BOOL_KEYS: Final = frozenset(
    f.name for f in fields(Rules) if f.type in ("bool", bool) and f.name in KEYS
)
_INT_KEYS: Final = frozenset({"players", "decks", "min_naturals", "opening_points", "elimination"})
_OPTIONAL_INT_KEYS: Final = frozenset({"jokers", "target_total", "fixed_hands", "reshuffle_limit"})
_INT_OR_ANY_KEYS: Final = frozenset({"jokers_per_meld", "reentry_limit"})

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


def _as_int(key: str, raw: Any) -> int:
    if isinstance(raw, bool):
        raise RulesError(f"rule {key} takes a number, not {raw!r}")
    if isinstance(raw, int):
        return raw
    try:
        return int(str(raw).strip())
    except ValueError:
        raise RulesError(f"rule {key} takes a number, not {raw!r}") from None


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
    if key == "go_out_without_discard":
        if isinstance(raw, str) and raw.strip().lower() == "double":
            return "double"
        return _as_bool(key, raw)
    if key in _BOOL_KEYS:
        return _as_bool(key, raw)
    if key in _INT_KEYS:
        return _as_int(key, raw)
    if key in _OPTIONAL_INT_KEYS:
        if raw is None or (isinstance(raw, str) and raw.strip().lower() in ("none", "")):
            return None
        return _as_int(key, raw)
    if key in _INT_OR_ANY_KEYS:
        if isinstance(raw, str) and raw.strip().lower() == ANY:
            return ANY
        return _as_int(key, raw)
    text = str(raw).strip()
    if text not in CHOICES[key]:
        choices = ", ".join(str(c) for c in CHOICES[key])
        raise RulesError(f"rule {key} takes one of {choices}, not {raw!r}")
    return text


MAX_JOKERS: Final = 20
"""Most jokers a pack may hold. The sources name no top (house packs use 2 to 6); every
deal builds the whole pack, so a pack of millions of jokers would exhaust any machine."""


def _validate(r: Rules) -> None:
    for key, choices in CHOICES.items():
        if getattr(r, key) not in choices:
            raise RulesError(f"rule {key} takes one of {choices}, not {getattr(r, key)!r}")
    if r.decks not in (2, 3):
        raise RulesError(f"decks must be 2 or 3, not {r.decks}")
    top = 8 if r.decks == 3 else 6
    if not 2 <= r.players <= top:
        raise RulesError(f"players must be 2 to {top} with {r.decks} decks, not {r.players}")
    if r.jokers is not None and not 0 <= r.jokers <= MAX_JOKERS:
        raise RulesError(f"jokers must be 0 to {MAX_JOKERS}, not {r.jokers}")
    if r.jokers_per_meld != ANY and not (
        isinstance(r.jokers_per_meld, int) and r.jokers_per_meld >= 1
    ):
        raise RulesError(f"jokers_per_meld must be 1, 2, ... or 'any', not {r.jokers_per_meld!r}")
    if r.min_naturals < 1:
        raise RulesError(f"min_naturals must be 1 or more, not {r.min_naturals}")
    if r.opening_points < 0:
        raise RulesError(f"opening_points must be 0 or more, not {r.opening_points}")
    if r.elimination < 1:
        raise RulesError(f"elimination must be 1 or more, not {r.elimination}")
    if r.reentry_limit != ANY and not (isinstance(r.reentry_limit, int) and r.reentry_limit >= 1):
        raise RulesError(f"reentry_limit must be 1 or more or 'any', not {r.reentry_limit!r}")
    if r.reshuffle_limit is not None and r.reshuffle_limit < 0:
        raise RulesError(f"reshuffle_limit must be 0 or more or none, not {r.reshuffle_limit}")
    for key in ("target_total", "fixed_hands"):
        value = getattr(r, key)
        if value is not None and value < 1:
            raise RulesError(f"{key} must be 1 or more, not {value}")
    if r.target_total is not None and r.fixed_hands is not None:
        raise RulesError("choose target_total or fixed_hands, not both")
    if r.partnerships and r.players not in (4, 6):
        raise RulesError(f"partnerships need 4 or 6 players, not {r.players}")
    if r.stock_size < 1:
        raise RulesError(f"{r.players} players need more than the {r.pack_size} cards of this pack")
