"""Hostile request bodies for the JSON routes and the table's WebSocket (Hypothesis).

Each body is bytes a stranger could send: nesting far too deep, integers of thousands of
digits, lone surrogate escapes, bytes that are not UTF-8, random bytes, random JSON, and
bodies shaped like a route's real request with at least one field spoiled (a wrong type,
a number out of range, text that is no card). Every one of them must be refused, so a
test can also check that nothing changed. The one exception is the score sheet's
``count``, a question that changes nothing: a body that happens to be fine is answered.

The HTTP fuzz test and ``python -m tests.server.fuzz_bodies`` draw from the same
strategies, so the measurement and the test send the same kinds of bodies.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

from scala40.bots import LEVELS
from scala40.engine.rules import KEYS, PRESETS

MARK = "\x00hostile\x00"
"""A string put where a raw hostile value goes, replaced after ``json.dumps``."""

# Plain JSON values of every kind (all within the decoder's limits) -------------------------
SCALAR = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**17), 10**17),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12),
)
JUNK = st.recursive(
    SCALAR,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=8,
)


def _not(*kinds: type) -> Callable[[Any], bool]:
    """Keep values that are none of ``kinds`` (``bool`` counts as its own kind here)."""

    def keep(value: Any) -> bool:
        if isinstance(value, bool):
            return bool not in kinds
        return not isinstance(value, kinds)

    return keep


def _reads_as_int(text: str, number: int) -> bool:
    try:
        return int(text) == number
    except ValueError:
        return False


# Raw hostile JSON fragments (bytes), refused by the decoder wherever they appear ---------------
def _deep(depth: int, kind: str, closed: bool) -> bytes:
    if kind == "list":
        opening, closing, inner = b"[", b"]", b"1"
    elif kind == "object":
        opening, closing, inner = b'{"a":', b"}", b"1"
    else:
        opening, closing, inner = b'[{"a":', b"}]", b"[]"
    return opening * depth + (inner + closing * depth if closed else b"")


DEEP = st.builds(
    _deep,
    st.sampled_from([33, 1000, 4000, 5000]) | st.integers(33, 6000),
    st.sampled_from(["list", "object", "mixed"]),
    st.booleans(),
)
BIG_NUMBER = st.one_of(
    (st.sampled_from([19, 4301, 5000]) | st.integers(19, 6000)).map(lambda n: b"7" * n),
    (st.sampled_from([19, 4301, 5000]) | st.integers(19, 6000)).map(lambda n: b"-" + b"1" * n),
    st.integers(33, 400).map(lambda n: b"0." + b"5" * n),
    st.sampled_from([b"1e400", b"-1e999", b"NaN", b"Infinity", b"-Infinity"]),
)
SURROGATE = st.sampled_from(
    [
        b'"\\ud800"',
        b'"\\udfff"',
        b'"QS\\ud83d"',
        b'"\\ude00\\ud83d"',
        b'"\\uDBFFx"',
        b'["7H", "\\udc00"]',
        b'{"\\ud800": 1}',
    ]
)
RAW_VALUE = st.one_of(DEEP, BIG_NUMBER, SURROGATE)
"""A JSON value (bytes) the decoder refuses."""

BAD_BYTES = st.sampled_from(
    [b"\xff", b"\x80", b"\xc0\xaf", b"\xed\xa0\x80", b"\xe2\x82", b"\xf4\x90\x80\x80"]
)


def _break_utf8(body: bytes, bad: bytes, where: float) -> bytes:
    at = int(where * len(body))
    return body[:at] + bad + body[at:]


def _other_encoding(body: bytes, codec: str) -> bytes:
    return body.decode("utf-8").encode(codec)


# Spoiled values for the fields of each route ---------------------------------------------------
NOT_A_NAME = st.one_of(
    JUNK.filter(_not(str)),
    st.sampled_from(["", "   ", "a\x00b", "\x7f", "\u200b", "\ud800"]),
    st.text(st.characters(categories=["L"]), min_size=25, max_size=300),
)
NOT_A_SEAT_KIND = st.one_of(
    JUNK.filter(_not(str)),
    st.sampled_from(["HUMAN", "human ", "bot:", "bot:god", "bot:random ", "\ud800"]),
    st.text(max_size=20).filter(lambda t: t != "human" and t[4:] not in LEVELS),
)
KIND = st.sampled_from(["human", *(f"bot:{level}" for level in LEVELS)])
BAD_SEATS = st.one_of(
    JUNK.filter(_not(list)),
    st.lists(KIND, max_size=1).map(lambda k: ["human", *k][: len(k)]),
    st.lists(KIND, min_size=7, max_size=9),
    st.lists(st.sampled_from([f"bot:{level}" for level in LEVELS]), min_size=2, max_size=6),
    st.tuples(st.lists(KIND, max_size=4), NOT_A_SEAT_KIND).map(lambda t: ["human", *t[0], t[1]]),
)
NOT_A_NUMBER = JUNK.filter(lambda v: not isinstance(v, int) or isinstance(v, bool))
BAD_CHANGE = st.one_of(
    st.tuples(st.text(max_size=12).filter(lambda k: k not in KEYS), JUNK),
    st.tuples(
        st.just("decks"),
        st.one_of(st.integers().filter(lambda n: n not in (2, 3)), st.lists(JUNK, max_size=2)),
    ),
    st.tuples(st.just("jokers"), st.integers(21, 10**17) | st.integers(-(10**17), -1)),
    st.tuples(st.just("jokers"), st.sampled_from(["100000000000", "-1", "many", [4]])),
    st.tuples(st.just("elimination"), st.integers(-(10**17), 0) | st.floats(0.1, 9.9)),
    st.tuples(st.just("face_values"), st.sampled_from(["low", ["standard"], {}, 0.5, "\ud800"])),
    st.tuples(st.just("reentry"), st.sampled_from([0.5, "perhaps", [True], {"a": 1}])),
)
BAD_CHANGES = st.one_of(
    JUNK.filter(lambda v: v is not None and not isinstance(v, dict)),
    st.tuples(st.dictionaries(st.sampled_from(["elimination"]), st.just(201)), BAD_CHANGE).map(
        lambda t: {**t[0], t[1][0]: t[1][1]}
    ),
)
TRUTHY_NOT_DICT = JUNK.filter(lambda v: bool(v) and not isinstance(v, dict))
BAD_PRESET = st.one_of(
    JUNK.filter(lambda v: v is not None and not isinstance(v, str)),
    st.text(min_size=1, max_size=20).filter(lambda t: t not in PRESETS),
)
BAD_TABLE_RULES = st.one_of(
    TRUTHY_NOT_DICT,
    BAD_PRESET.map(lambda p: {"preset": p}),
    BAD_CHANGES.map(lambda c: {"changes": c}),
)
BAD_TIMER = st.one_of(
    JUNK.filter(
        lambda v: v is not None and (isinstance(v, bool) or not isinstance(v, int | float))
    ),
    st.integers(-(10**17), 0),
    st.integers(3601, 10**17),
    st.floats(3600.5, 1e308) | st.floats(-1e308, 0.99),
)
BAD_JOIN_SEAT = st.one_of(
    JUNK.filter(lambda v: v is not None and (isinstance(v, bool) or not isinstance(v, int))),
    st.integers(-(10**17), 10**17).filter(lambda n: n != 1),
)
NAME = st.text(st.characters(categories=["L"]), min_size=1, max_size=8)
BAD_PLAYERS = st.one_of(
    JUNK.filter(_not(list)),
    st.lists(NAME, max_size=1, unique_by=str.casefold),
    st.lists(NAME, min_size=9, max_size=12, unique_by=str.casefold),
    st.lists(NAME, min_size=1, max_size=4).map(lambda n: [*n, n[0]]),
    st.tuples(st.lists(NAME, min_size=1, max_size=3), JUNK.filter(_not(str))).map(
        lambda t: [*t[0], t[1]]
    ),
    st.sampled_from([["Anna", ""], ["Anna", "   "], ["Anna", "\ud800"]]),
)
BAD_SHEET_RULES = st.one_of(
    TRUTHY_NOT_DICT,
    BAD_CHANGE.map(lambda kv: {kv[0]: kv[1]}),
    st.integers().filter(lambda n: n != 3).map(lambda n: {"players": n}),
)
BAD_SHEET_PRESET = st.one_of(
    JUNK.filter(lambda v: v is not None and not isinstance(v, str)),
    st.text(min_size=1, max_size=20).filter(lambda t: t not in PRESETS),
)
BAD_DEALER = st.one_of(
    NOT_A_NUMBER, st.integers(-(10**17), 10**17).filter(lambda n: n not in (0, 1, 2))
)
NOT_CARDS = st.one_of(
    st.floats(),
    st.booleans(),
    st.integers(-(10**17), -1),
    st.dictionaries(st.text(max_size=4), JUNK, max_size=3),
    st.lists(st.dictionaries(st.text(max_size=3), SCALAR, min_size=1, max_size=2), min_size=1),
    st.sampled_from(
        [
            "²",
            "+-5",
            "++5",
            "5+²",
            "ZZ",
            "7X",
            "JK=JK",
            "9" * 40,
            "5+" + "9" * 30,
            "1" * 5000,
            "\ud800",
            "QS\udc00",
        ]
    ),
)
NOT_ZERO_SEAT = st.one_of(
    JUNK.filter(lambda v: v is not None and (isinstance(v, bool) or not isinstance(v, int | str))),
    st.integers(-(10**17), 10**17).filter(lambda n: n != 0),
    st.text(max_size=8).filter(lambda t: not _reads_as_int(t, 0)),
)
BAD_LEFT = st.one_of(
    JUNK.filter(_not(dict)),
    NOT_CARDS.map(lambda v: {"1": v, "2": 5}),
    st.text(max_size=6)
    .filter(lambda t: not _reads_as_int(t, 1) and not _reads_as_int(t, 2))
    .map(lambda k: {"1": 5, "2": 5, k: 5}),
    st.just({"1": 5}),
    st.just({"1": 5, "2": None}),
    st.just({"0": 3, "1": 5, "2": 5}),
)
BAD_NOT_OPENED = st.one_of(
    JUNK.filter(_not(list)),
    st.lists(
        st.one_of(
            st.floats(),
            st.dictionaries(st.text(max_size=3), SCALAR, max_size=2),
            st.lists(SCALAR, max_size=2),
            st.booleans(),
            st.integers(-(10**17), 10**17).filter(lambda n: n not in (1, 2)),
            st.text(max_size=5).filter(
                lambda t: not _reads_as_int(t, 1) and not _reads_as_int(t, 2)
            ),
        ),
        min_size=1,
        max_size=3,
    ),
)
NOT_A_FLAG = JUNK.filter(_not(bool))
BAD_SEEN = st.one_of(
    JUNK.filter(lambda v: v is not None and (isinstance(v, bool) or not isinstance(v, int))),
    st.integers(-(10**17), 10**17).filter(lambda n: n != 0),
)
HAND_FIELDS = {"went_out", "left", "not_opened", "chiusura", "doubled", "hands"}
UNKNOWN_KEY = st.text(max_size=10).filter(lambda k: k not in HAND_FIELDS)


# Routes -----------------------------------------------------------------------------------------
class Route:
    """One JSON route: its method, a path with ``{table}``/``{sheet}`` to fill, a good body,
    and for each field the values that make the body wrong. (A plain class, so that
    Hypothesis reports a failing route by its short repr, not its strategies.)"""

    def __init__(
        self,
        name: str,
        method: str,
        path: str,
        good: dict[str, Any],
        spoilers: dict[str, st.SearchStrategy[Any]],
        question: bool = False,
    ) -> None:
        self.name = name
        self.method = method
        self.path = path
        self.good = good
        self.spoilers = spoilers
        self.question = question
        """A route that changes nothing (a good body is answered 200)."""

    def __repr__(self) -> str:
        return f"<{self.method} {self.path}>"


GOOD_HAND = {
    "hands": 0,
    "went_out": 0,
    "left": {"1": 25, "2": "JK KH"},
    "not_opened": [],
    "chiusura": False,
    "doubled": False,
}
SHEET_PLAYERS = ["Anna", "Bea", "Carla"]

CREATE_TABLE = Route(
    "create table",
    "POST",
    "/api/tables",
    {"seats": ["human", "bot:random"], "nickname": "Anna", "rules": {"preset": "fisca"}},
    {
        "seats": BAD_SEATS,
        "nickname": NOT_A_NAME,
        "rules": BAD_TABLE_RULES,
        "turn_seconds": BAD_TIMER,
    },
)
JOIN_TABLE = Route(
    "join table",
    "POST",
    "/api/tables/{table}/join",
    {"nickname": "Bea", "seat": None},
    {"nickname": NOT_A_NAME, "seat": BAD_JOIN_SEAT},
)
CREATE_SHEET = Route(
    "create sheet",
    "POST",
    "/api/scoresheets",
    {"players": SHEET_PLAYERS, "rules": {"elimination": 151}, "preset": None, "first_dealer": 0},
    {
        "players": BAD_PLAYERS,
        "rules": BAD_SHEET_RULES,
        "preset": BAD_SHEET_PRESET,
        "first_dealer": BAD_DEALER,
        "sheet": JUNK,
    },
)
ADD_HAND = Route(
    "add hand",
    "POST",
    "/api/scoresheets/{sheet}/hands",
    GOOD_HAND,
    {
        "hands": BAD_SEEN,
        "went_out": NOT_ZERO_SEAT,
        "left": BAD_LEFT,
        "not_opened": BAD_NOT_OPENED,
        "chiusura": NOT_A_FLAG,
        "doubled": NOT_A_FLAG.filter(lambda v: v is not False) | st.just(True),
    },
)
UNDO_HAND = Route(
    "undo hand",
    "DELETE",
    "/api/scoresheets/{sheet}/hands/last",
    {"hands": 0},
    {"hands": JUNK},
)
COUNT_CARDS = Route(
    "count cards",
    "POST",
    "/api/scoresheets/{sheet}/count",
    {"cards": "JK KH 4C"},
    {"cards": NOT_CARDS},
    question=True,
)
ROUTES = (CREATE_TABLE, JOIN_TABLE, CREATE_SHEET, ADD_HAND, UNDO_HAND, COUNT_CARDS)


def _dump(value: Any) -> bytes:
    """Compact JSON (a lone surrogate is written as its ``\\u`` escape)."""
    return json.dumps(value, separators=(",", ":")).encode("ascii")


def _with_raw(body: dict[str, Any], field: str, raw: bytes) -> bytes:
    """``body`` as JSON bytes with ``field`` set to the raw JSON ``raw``."""
    return _in_place(_dump({**body, field: MARK}), raw)


def _in_place(template: bytes, raw: bytes) -> bytes:
    """``template`` (JSON holding :data:`MARK` once) with the mark replaced by ``raw``."""
    return template.replace(_dump(MARK), raw)


def _imported(hand: dict[str, Any]) -> dict[str, Any]:
    """A whole sheet to import (``{"sheet": ...}``) whose one hand is ``hand``."""
    return {
        "sheet": {
            "format": "scala40-scoresheet",
            "version": 1,
            "players": SHEET_PLAYERS,
            "rules": {},
            "first_dealer": 0,
            "hands": [{k: v for k, v in hand.items() if k != "hands"}],
        }
    }


@st.composite
def spoiled(draw: st.DrawFn, route: Route) -> bytes:
    """The route's good body with one to all of its fields spoiled (or an unknown field
    added to a hand), as JSON bytes."""
    fields = draw(st.lists(st.sampled_from(sorted(route.spoilers)), min_size=1, unique=True))
    body = dict(route.good)
    for field in fields:
        body[field] = draw(route.spoilers[field])
    if route is ADD_HAND and draw(st.booleans()):
        body[draw(UNKNOWN_KEY)] = draw(JUNK)
    if route is CREATE_SHEET and "sheet" not in fields and draw(st.booleans()):
        hand = {**GOOD_HAND, **{f: draw(ADD_HAND.spoilers[f]) for f in ("left", "went_out")}}
        body = _imported(hand)
    return _dump(body)


def hostile_body(route: Route) -> st.SearchStrategy[bytes]:
    """Bytes to send to ``route``: refused whatever they are (``count`` aside, see above)."""
    good = _dump(route.good)
    field = st.sampled_from(sorted({*route.spoilers, *route.good}))
    return st.one_of(
        st.builds(lambda f, raw: _with_raw(route.good, f, raw), field, RAW_VALUE),
        RAW_VALUE,
        st.builds(_break_utf8, st.just(good), BAD_BYTES, st.floats(0, 1)),
        st.sampled_from(["utf-16", "utf-16-le", "utf-32", "utf-8-sig"]).map(
            lambda codec: _other_encoding(good, codec)
        ),
        st.binary(max_size=200),
        JUNK.map(_dump),
        spoiled(route),
    )


# WebSocket frames ---------------------------------------------------------------------------------
WS_TEMPLATES = st.sampled_from(
    [
        _dump(MARK),
        _dump({"type": "ping", "x": MARK}),
        _dump({"type": "action", "v": 0, "action": {"type": "discard", "card": MARK}}),
        _dump({"type": "action", "v": MARK, "action": {"type": "draw"}}),
        _dump({MARK: 1, "type": "sync"}),
    ]
)
WS_TEXT = st.one_of(
    st.builds(_in_place, WS_TEMPLATES, RAW_VALUE).map(lambda b: b.decode("ascii")),
    st.sampled_from(["\ud800", '{"type":"ping","x":"\udfff"}', '["\ud83d"]']),
    st.text(max_size=40),
    JUNK.filter(lambda v: not isinstance(v, dict)).map(lambda v: _dump(v).decode("ascii")),
    st.dictionaries(st.text(max_size=6).filter(lambda k: k != "type"), JUNK, max_size=3).map(
        lambda v: _dump(v).decode("ascii")
    ),
)
"""Text frames the table must refuse, each with one error."""
WS_BYTES = st.one_of(
    st.builds(_break_utf8, st.just(b'{"type":"ping"}'), BAD_BYTES, st.floats(0, 1)),
    st.sampled_from(["utf-16", "utf-32", "utf-16-be"]).map(
        lambda codec: _other_encoding(b'{"type":"ping"}', codec)
    ),
    st.binary(min_size=1, max_size=100).filter(lambda b: b.strip() != b'{"type":"ping"}'),
    RAW_VALUE,
)
"""Binary frames the table must refuse, each with one error."""
