"""docs/bot-protocol.md is the reference: its field tables are what the host sends.

Every message the host sends to a program, and every object inside one (the VIEW, its
players, melds, rules, turn start; the history), has a table in the reference headed by
an HTML comment ``<!-- fields: PATH -->``. A real program (tests/botproto/programs/
misbehave.py in its ``curious`` mode: it asks for the legal moves at every decision and
logs everything it gets) plays whole matches in the arena, and the fields it was sent are
compared with the tables, both ways: a field the host sends and the reference does not
list fails, and so does a field the reference lists and the host never sends.

The other direction too: each program → host message (``ready``, ``action`` and its
object form, ``log``, the ``legal`` request) has a table headed ``<!-- fields from the
program: PATH -->``. A scripted program (programs/scripted.py) sends every message and
every verb of the object form in set-up positions, the host module's ``json`` is swapped
for one whose objects note each field looked up, and the fields the host reads are held
equal to the tables, both ways.
"""

from __future__ import annotations

import json
import random
import re
import shlex
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from scala40.bots import make_bot
from scala40.bots.base import world_of
from scala40.cli import main
from scala40.engine.actions import (
    Action,
    Discard,
    DrawStock,
    LayOff,
    Meld,
    Open,
    SwapJoker,
    TakeBack,
    TakePozzo,
)
from scala40.engine.cards import JOKER, pack_list
from scala40.engine.errors import IllegalAction
from scala40.engine.legal import legal_actions
from scala40.engine.melds import TableMeld, build_meld, lay_off
from scala40.engine.phases import Drew, Phase
from scala40.engine.rules import Rules
from scala40.engine.state import Deal
from scala40.engine.views import PlayerView
from scala40.notation.cards import parse_card
from scala40.notation.melds import format_meld, parse_meld, parse_table_meld
from scala40.notation.view import table_meld_json

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "docs" / "bot-protocol.md"
MISBEHAVE = Path(__file__).resolve().parent / "programs" / "misbehave.py"

MARKER = re.compile(r"<!-- fields: (\S+) -->")
ROW = re.compile(r"^\| `([a-z_]+)` \| ([^|]+) \|")


def documented() -> dict[str, dict[str, str]]:
    """Each documented object (its path) -> its fields and their types, from the tables."""
    tables: dict[str, dict[str, str]] = {}
    path: str | None = None
    for line in REFERENCE.read_text(encoding="utf-8").splitlines():
        found = MARKER.fullmatch(line.strip())
        if found:
            path = found.group(1)
            assert path not in tables, f"two tables for {path}"
            tables[path] = {}
            continue
        if path is None:
            continue
        if line.startswith("|"):
            row = ROW.match(line)
            if row:
                tables[path][row.group(1)] = row.group(2).strip()
            continue
        if tables[path]:
            path = None  # the table ended
    return tables


def sent_fields(messages: list[dict[str, Any]], tables: dict[str, dict[str, str]]) -> Any:
    """Each object path the messages hold -> the fields seen there (over every message).

    Objects are followed where the reference has a table for them; a field documented as
    a ``map`` (keys that are seats or rule keys) is not followed."""
    seen: dict[str, set[str]] = defaultdict(set)
    unfollowed: set[str] = set()

    def walk(path: str, obj: dict[str, Any]) -> None:
        seen[path] |= set(obj)
        for key, value in obj.items():
            kind = tables.get(path, {}).get(key, "")
            if kind.startswith("map"):
                continue
            if isinstance(value, dict):
                inner = f"{path}.{key}"
            elif isinstance(value, list) and value and isinstance(value[0], dict):
                inner = f"{path}.{key}[]"
            else:
                continue
            if inner not in tables:
                unfollowed.add(inner)
                continue
            for item in value if isinstance(value, list) else [value]:
                walk(inner, item)

    for message in messages:
        walk(message["type"], message)
    return seen, unfollowed


def play_and_log(tmp_path: Path, players: int) -> list[dict[str, Any]]:
    log = tmp_path / f"seen-{players}.jsonl"
    command = shlex.join([sys.executable, str(MISBEHAVE), "curious", str(log)])
    bots = f"club,cmd:{json.dumps(command)}"
    args = ["arena", "--bots", bots, "--players", str(players), "--matches", "1"]
    result = CliRunner().invoke(main, [*args, "--rule", "fixed_hands=2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["fallback_log"] == []  # the program played by the book
    return [json.loads(line) for line in log.read_text().splitlines()]


@pytest.fixture(scope="module")
def messages(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    tmp = tmp_path_factory.mktemp("reference")
    return play_and_log(tmp, 2) + play_and_log(tmp, 3)


def test_the_reference_lists_every_field_the_host_sends(messages: list[dict[str, Any]]) -> None:
    tables = documented()
    seen, unfollowed = sent_fields(messages, tables)
    assert not unfollowed, f"objects sent with no field table in the reference: {unfollowed}"
    assert {m["type"] for m in messages} == {"hello", "decide", "legal", "hand_over", "match_over"}
    for path, fields in sorted(seen.items()):
        listed = set(tables.get(path, {}))
        assert fields - listed == set(), f"{path}: sent but not in the reference"
    for path, listed_fields in sorted(tables.items()):
        assert set(listed_fields) - seen.get(path, set()) == set(), (
            f"{path}: in the reference but never sent"
        )


def test_every_documented_field_has_a_type_and_a_meaning() -> None:
    text = REFERENCE.read_text(encoding="utf-8")
    for path, fields in documented().items():
        assert fields, f"the table for {path} lists no field"
        for name, kind in fields.items():
            assert kind, f"{path}.{name} has no type"
            row = next(
                line for line in text.splitlines() if line.startswith(f"| `{name}` | {kind}")
            )
            meaning = row.split("|")[3].strip()
            assert meaning, f"{path}.{name} has no meaning"


def row_of(name: str, kind: str = "") -> str:
    text = REFERENCE.read_text(encoding="utf-8")
    return next(line for line in text.splitlines() if line.startswith(f"| `{name}` | {kind}"))


def test_the_reference_names_every_value_of_phase_drew_and_kind(
    messages: list[dict[str, Any]],
) -> None:
    """Every value the engine has for a turn's phase and draw, and every meld kind sent."""
    for phase in Phase:
        assert f'`"{phase.value}"`' in row_of("phase")
    for drew in Drew:
        assert f'`"{drew.value}"`' in row_of("drew")
    views = [m["view"] for m in messages if m["type"] == "decide"]
    kinds = {meld["kind"] for v in views for meld in v["table"]}
    assert kinds == {"run", "set"}
    for kind in kinds:
        assert f'`"{kind}"`' in row_of("kind", "string | `")


# The order and grammar the reference states -------------------------------------------------

GROUP = {Open: 0, Meld: 0, LayOff: 1, SwapJoker: 1, Discard: 2, TakeBack: 3}


def check_documented_order(legal: list[Action], view: PlayerView) -> None:
    """``legal`` as docs/bot-protocol.md describes it (*The legal list*)."""
    if view.phase is Phase.DRAW:
        assert legal in ([DrawStock()], [DrawStock(), TakePozzo()])
        return
    groups = [GROUP[type(a)] for a in legal]
    assert groups == sorted(groups), [str(a) for a in legal]
    opened = view.opened[view.me]
    assert all(isinstance(a, Meld if opened else Open) for a in legal if GROUP[type(a)] == 0)
    plays = [a for a in legal if isinstance(a, LayOff | SwapJoker)]
    targets = [a.target for a in plays]
    assert targets == sorted(targets)
    for target in set(targets):
        cards = [a.card for a in plays if a.target == target]
        assert cards == sorted(cards)  # naturals in card order, the joker (52) last
    for a in plays:
        if isinstance(a, LayOff) and a.card % 13 == 0 and view.table[a.target].is_run:
            assert a.end in ("low", "high"), str(a)  # an ace on a run names its end
    discards = [a.card for a in legal if isinstance(a, Discard)]
    assert discards == sorted(set(discards))
    assert set(discards) <= set(view.hand)
    assert (TakeBack() in legal) == (view.turn.actions_now >= 1)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([2, 3, 4]))
def test_legal_comes_in_the_documented_order(seed: int, players: int) -> None:
    rules = Rules.build(None, {"players": str(players)})
    rng = random.Random(seed)
    deck = pack_list(rules.decks, rules.joker_count)
    rng.shuffle(deck)
    deal = Deal.deal(rules, deck, None, rng.getrandbits(63))
    bots = [make_bot("easy") for _ in range(players)]
    for _ in range(1500):
        if deal.over:
            break
        seat = deal.seats[deal.current]
        view = PlayerView.of(deal, seat)
        check_documented_order(legal_actions(world_of(view)), view)
        deal.apply(bots[seat].choose(view, rng))


def test_the_grammar_examples_behave_as_documented() -> None:
    rules = Rules.build(None, {"players": "2"})
    # A set of three must name its joker's suit; a set of four need not.
    with pytest.raises(IllegalAction, match="say which suit the joker stands for"):
        build_meld(*spec_of("7H 7D JK"), rules)
    assert table_meld_json(build_meld(*spec_of("7H 7D JK=7C"), rules), "standard")["cards"] == [
        "7H",
        "7D",
        "JK=7C",
    ]
    assert "JK=7S" in format_meld(build_meld(*spec_of("7H 7D 7C JK"), rules))
    # In a run the joker's place says what it is.
    assert format_meld(build_meld(*spec_of("JK 8S 9S"), rules)) == "JK=7S 8S 9S"
    # A bare joker laid off on a set takes the first missing suit (H, D, C, S).
    two_jokers = Rules.build(None, {"players": "2", "jokers_per_meld": "2"})
    three = parse_table_meld("7D 7C JK=7S", two_jokers)
    assert laid(lay_off(three, JOKER, two_jokers)).startswith("JK=7H")
    assert laid(lay_off(three, JOKER, two_jokers, None, parse_card("7H"))).startswith("JK=7H")
    other = parse_table_meld("7H 7C JK=7S", two_jokers)
    assert "JK=7D" in laid(lay_off(other, JOKER, two_jokers))
    # On a run open at both ends the joker needs its end, unless its identity names it;
    # an ace fitting both ends of 2..K needs it too.
    run = parse_table_meld("8S 9S 10S")
    with pytest.raises(IllegalAction, match=r"low or high"):
        lay_off(run, JOKER, rules)
    assert laid(lay_off(run, JOKER, rules, None, parse_card("JS"))).endswith("JK=JS")
    long_run = parse_table_meld("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")
    with pytest.raises(IllegalAction, match="say at which end"):
        lay_off(long_run, parse_card("AH"), rules)
    assert laid(lay_off(long_run, parse_card("AH"), rules, "high")).endswith("AH")


def laid(melds: list[TableMeld]) -> str:
    (meld,) = melds
    return format_meld(meld)


def spec_of(text: str) -> tuple[tuple[int, ...], tuple[int | None, ...]]:
    spec = parse_meld(text)
    return spec.cards, spec.declared


# What the program sends: the fields the host reads --------------------------------------------

FROM_PROGRAM = re.compile(r"<!-- fields from the program: (\S+) -->")
SCRIPTED = Path(__file__).resolve().parent / "programs" / "scripted.py"


def documented_from_program() -> dict[str, dict[str, str]]:
    """Each program → host message (its path) -> its documented fields and their types."""
    tables: dict[str, dict[str, str]] = {}
    path: str | None = None
    for line in REFERENCE.read_text(encoding="utf-8").splitlines():
        found = FROM_PROGRAM.fullmatch(line.strip())
        if found:
            path = found.group(1)
            assert path not in tables, f"two tables for {path}"
            tables[path] = {}
        elif path is not None and line.startswith("|"):
            row = ROW.match(line)
            if row:
                tables[path][row.group(1)] = row.group(2).strip()
        elif path is not None and tables[path]:
            path = None
    return tables


class ReadDict(dict[str, Any]):
    """A JSON object that notes every field the host looks up in it (``get``, ``[]``,
    ``in``), under the path of the message it came in (``action.action``)."""

    reads: set[tuple[str, str]]
    path = ""

    def get(self, key: str, default: Any = None) -> Any:
        ReadDict.reads.add((self.path, key))
        return super().get(key, default)

    def __getitem__(self, key: str) -> Any:
        ReadDict.reads.add((self.path, key))
        return super().__getitem__(key)

    def __contains__(self, key: object) -> bool:
        ReadDict.reads.add((self.path, str(key)))
        return super().__contains__(key)


class RecordingJson:
    """``json`` for the host module, whose ``loads`` hands out :class:`ReadDict`\\ s."""

    dumps = staticmethod(json.dumps)

    @staticmethod
    def loads(text: str) -> Any:
        message = json.loads(text, object_hook=ReadDict)
        if isinstance(message, ReadDict):
            kind = dict.get(message, "type")
            message.path = kind if isinstance(kind, str) else "?"
            for key, value in dict.items(message):
                if isinstance(value, ReadDict):
                    value.path = f"{message.path}.{key}"
        return message


# Every verb of the object form, each field it has, answered in a bot-check situation where
# it is legal; the text form and the decisions' logs and legal requests come along.
ANSWERS = [
    ("draw", {"type": "draw"}),
    ("draw-or-pozzo", {"type": "pozzo"}),
    ("opening", {"type": "open", "melds": [["QH", "KH", "AH"], ["8S", "8D", "8C"]]}),
    ("meld", {"type": "meld", "cards": ["9D", "10D", "JD"]}),
    ("meld", {"type": "discard", "card": "2H"}),
    ("layoff-ace", {"type": "layoff", "card": "AS", "target": 0, "end": "low"}),
    ("joker-layoff-set", {"type": "layoff", "card": "JK", "target": 0, "declared": "7H"}),
    ("swap", {"type": "swap", "card": "10H", "target": 0}),
    ("takeback", {"type": "takeback"}),
    ("joker-set", "meld 7H 7D JK=7C"),
]


def test_the_reference_lists_every_field_the_host_reads_from_a_program(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The host reads what the reference says a program sends, no more and no less."""
    from scala40.botcheck.situations import SITUATIONS
    from scala40.bots import protocol as host  # the conversation, both transports
    from scala40.bots.program import ProgramBot

    by_key = {s.key: s for s in SITUATIONS}
    ReadDict.reads = set()
    monkeypatch.setattr(host, "json", RecordingJson)
    for key, answer in ANSWERS:
        script = tmp_path / "answer.json"
        script.write_text(json.dumps(answer))
        bot = ProgramBot(shlex.join([sys.executable, str(SCRIPTED), str(script)]))
        deal = by_key[key].deal()
        try:
            action = bot.choose(PlayerView.of(deal, 0), random.Random(1))
        finally:
            bot.close()
        assert bot.incidents == [], (key, answer)  # each form is read as documented
        assert deal.check(action) is None
    read: dict[str, set[str]] = defaultdict(set)
    for path, field in ReadDict.reads:
        read[path].add(field)
    tables = documented_from_program()
    assert set(read) == set(tables), "messages read and documented differ"
    for path, fields in sorted(read.items()):
        listed = set(tables[path])
        assert fields - listed == set(), f"{path}: read by the host but not in the reference"
        assert listed - fields == set(), f"{path}: in the reference but never read"
