"""A versioned JSON record of a whole match, and its exact replay.

A record holds what a table needs to play the match again card for card::

    {"format": "scala40-record", "version": 1,
     "rules": {...the keys changed from FISCA...},
     "seats": ["Anna", "Bruno"], "seed": 42, "first_dealer": 1,
     "hands": [{"number": 1, "dealer": 1, "seats": [0, 1],
                "deck": ["7H", ..., "JK"],          # top card last, as the stock is held
                "shuffle_seed": 123,                # drives reshuffles of the pozzo
                "actions": ["draw", "discard QS", ...],
                "result": {...},                    # once the hand is over (a check)
                "fair": {"commitment": "9f…", "contributions": ["a1b2…"],
                         "secret": "c3d4…"}}],      # verifiable matches: see below
     "totals": [12, 40], "winner": null, "over": false,
     "meta": {...}}                                 # free for tools; never read here

Actions are the text of :mod:`scala40.notation.actions`; ``hands[].seats`` are table seats
in this hand's play order (index = the engine's player number); ``result``, ``totals``
and ``winner`` are written by :class:`Recorder` and checked, never trusted, by
:func:`replay`.

The match deals every hand from its seed, so :func:`replay` rebuilds the match from the
seed and checks each recorded deck against the deal; with ``from_decks=True`` (or no
seed) it deals the recorded decks instead, so a record replays even if the way a seed
becomes a deck ever changes.

A match dealt the verifiable way (``Match(fair=True)``, :mod:`scala40.engine.fairness`)
records for each hand the commitment published before the deal, the seats' contributions
(hex) and, once the hand is over, the secret (hex). :func:`verify` checks every deck
against them, so a player can confirm the shuffle without trusting whoever dealt.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping, Sequence
from typing import Any, Final

from scala40.engine.actions import Action
from scala40.engine.errors import IllegalAction
from scala40.engine.fairness import (
    MISMATCH_REASONS,
    FairDeal,
    FairnessError,
    check_hand,
    commitment,
    hand_secret,
)
from scala40.engine.match import HandRecord, Match
from scala40.engine.pack import count_pack
from scala40.engine.phases import DRAW
from scala40.engine.rules import Rules
from scala40.notation.actions import format_action, parse_action
from scala40.notation.cards import format_card, parse_card
from scala40.notation.codec import JSONDict, rules_changes, rules_from_changes
from scala40.notation.errors import NotationError

RECORD_FORMAT: Final = "scala40-record"
RECORD_VERSION: Final = 1

_TOP_KEYS: Final = frozenset(
    {
        "format",
        "version",
        "rules",
        "seats",
        "seed",
        "first_dealer",
        "hands",
        "totals",
        "winner",
        "over",
        "meta",
    }
)
_HAND_KEYS: Final = frozenset(
    {"number", "dealer", "seats", "deck", "shuffle_seed", "actions", "result", "fair"}
)


def default_seat_names(players: int) -> list[str]:
    """``["Seat 1", "Seat 2", ...]`` for a record whose players have no names."""
    return [f"Seat {i + 1}" for i in range(players)]


def _result(record: HandRecord) -> JSONDict:
    """What a finished hand came to, as the record stores it for checking on replay."""
    result = record.result
    return {
        "winner": None if result.winner is None else record.seats[result.winner],
        "reason": result.reason.value,
        "chiusura_in_mano": result.chiusura_in_mano,
        "penalties": [record.penalties[s] for s in record.seats],
        "totals": [record.totals[u] for u in sorted(record.totals)],
    }


def _differences(said: Any, found: JSONDict) -> str:
    """Where a recorded hand result and the replay's part, field by field in plain words
    (``the record says penalties [8, 1], the replay gives [8, 0]``)."""
    if not isinstance(said, Mapping):
        return f"the record's result is {json.dumps(said)}, not an object"
    parts = [
        f"the record says {key} {json.dumps(said.get(key))}, the replay gives {json.dumps(value)}"
        for key, value in found.items()
        if said.get(key) != value
    ]
    extra = sorted(set(said) - set(found))
    if extra:
        parts.append(f"the record's result has unknown fields {', '.join(map(str, extra))}")
    return "; ".join(parts)


class Recorder:
    """Wraps a fresh :class:`Match`, applies actions to it and logs them as text.

    Every action is written as its text and read back before it is applied, so a record
    can never hold a line that replays as a different action. :func:`replay` plays the
    record (or its text, :func:`dump_record`) back:

    >>> match = Match(Rules.build(None, {"players": 2}), seed=7)
    >>> recorder = Recorder(match, ["Anna", "Bruno"])
    >>> recorder.apply(parse_action("draw"))
    >>> first = match.deal.hand_cards(match.deal.current)[0]
    >>> recorder.apply(parse_action("discard " + format_card(first)))
    >>> text = dump_record(recorder.record())
    >>> load_record(text)["hands"][0]["actions"] == ["draw", "discard " + format_card(first)]
    True
    >>> again = replay(text)
    >>> again.deal.pozzo == match.deal.pozzo and again.deal.current == match.deal.current
    True
    """

    __slots__ = ("_hands", "match", "meta", "seats")

    def __init__(
        self,
        match: Match,
        seats: Sequence[str] | None = None,
        meta: Mapping[str, Any] | None = None,
    ) -> None:
        deal = match.deal
        if match.hand_number != 1 or match.history or deal.turns_done or deal.phase != DRAW:
            raise NotationError("a Recorder starts with a fresh match, before the first draw")
        players = match.rules.players
        names = default_seat_names(players) if seats is None else [str(s) for s in seats]
        if len(names) != players:
            raise NotationError(f"the match has {players} seats, not {len(names)} names")
        self.match = match
        self.seats = names
        self.meta = dict(meta or {})
        self._hands: list[JSONDict] = [self._deal_entry()]

    def _deal_entry(self) -> JSONDict:
        m = self.match
        deck, shuffle_seed = m.deck_for(m.hand_number)
        entry: JSONDict = {
            "number": m.hand_number,
            "dealer": m.dealer,
            "seats": list(m.deal.seats),
            "deck": [format_card(k) for k in deck],
            "shuffle_seed": shuffle_seed,
            "actions": [],
        }
        if m.fair:
            entry["fair"] = fair_json(m.fair_deal(m.hand_number))
        return entry

    def apply(self, action: Action, text: str | None = None) -> None:
        """Apply ``action`` to the match (raises :class:`IllegalAction`) and log it.

        ``text``: the action's text, when the caller made it and checked that it reads back
        as ``action`` already (a table's actor does, before it stores the move), so that
        a move is written as text once.
        """
        if text is None:
            text = format_action(action)
            if parse_action(text) != action:
                raise NotationError(f"the action {action!r} does not survive its text {text!r}")
        m = self.match
        number = m.hand_number
        finished = len(m.history)
        m.apply(action)
        entry = self._hands[-1]
        entry["actions"].append(text)
        if len(m.history) > finished:
            entry["result"] = _result(m.history[-1])
            if m.fair:
                # The hand is over: its secret may be told now.
                entry["fair"] = fair_json(m.fair_deal(number))
        if m.hand_number != number:
            self._hands.append(self._deal_entry())

    def record(self) -> JSONDict:
        """The record so far (a JSON-safe copy)."""
        m = self.match
        out: JSONDict = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "rules": rules_changes(m.rules),
            "seats": list(self.seats),
            "seed": m.seed,
            "first_dealer": self._hands[0]["dealer"],
            "hands": copy.deepcopy(self._hands),
            "totals": list(m.totals),
            "winner": m.winner,
            "over": m.over,
        }
        if self.meta:
            out["meta"] = copy.deepcopy(self.meta)
        return out


# Reading -------------------------------------------------------------------------------------


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _need(ok: bool, message: str) -> None:
    if not ok:
        raise NotationError(message)


def load_record(data: str | Mapping[str, Any]) -> JSONDict:
    """Read a record (JSON text or a dict) and check its shape; returns a plain dict.

    Raises :class:`NotationError` naming the first field that is missing or wrong. Whether
    the actions are legal is checked by :func:`replay`.
    """
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as err:
            raise NotationError(f"a record is JSON: {err}") from None
    _need(isinstance(data, Mapping), "a record is a JSON object")
    assert isinstance(data, Mapping)
    rec = dict(data)
    _need(
        rec.get("format") == RECORD_FORMAT, f'not a game record: "format" is not "{RECORD_FORMAT}"'
    )
    _need(
        rec.get("version") == RECORD_VERSION,
        f"unknown record version {rec.get('version')!r} (this library reads {RECORD_VERSION})",
    )
    unknown = sorted(set(rec) - _TOP_KEYS)
    _need(not unknown, f"unknown fields in the record: {', '.join(unknown)} (tools may use meta)")
    _need(isinstance(rec.get("rules", {}), Mapping), "record rules must be an object of rule keys")
    seats = rec.get("seats")
    _need(
        isinstance(seats, list) and all(isinstance(s, str) for s in seats),
        "record seats must be a list of names",
    )
    _need(rec.get("seed") is None or _is_int(rec.get("seed")), "record seed must be a whole number")
    _need(_is_int(rec.get("first_dealer")), "record first_dealer must be a seat number")
    hands = rec.get("hands")
    _need(isinstance(hands, list) and bool(hands), "a record lists at least one hand")
    assert isinstance(hands, list)
    for i, entry in enumerate(hands):
        where = f"hands[{i}]"
        _need(isinstance(entry, Mapping), f"{where} must be an object")
        unknown = sorted(set(entry) - _HAND_KEYS)
        _need(not unknown, f"unknown fields in {where}: {', '.join(unknown)}")
        _need(entry.get("number") == i + 1, f"{where} must be hand number {i + 1}")
        _need(_is_int(entry.get("dealer")), f"{where}.dealer must be a seat number")
        _need(_is_int(entry.get("shuffle_seed")), f"{where}.shuffle_seed must be a whole number")
        if "fair" in entry:
            fair_from_json(entry["fair"], where)
        for key in ("seats", "deck", "actions"):
            value = entry.get(key)
            kind = int if key == "seats" else str
            _need(
                isinstance(value, list) and all(isinstance(v, kind) for v in value),
                f"{where}.{key} must be a list of {'seat numbers' if kind is int else 'texts'}",
            )
    return rec


def fair_json(deal: FairDeal) -> JSONDict:
    """A hand's verifiable shuffle as a record keeps it (bytes as hex)."""
    out: JSONDict = {
        "commitment": deal.commitment,
        "contributions": [c.hex() for c in deal.contributions],
    }
    if deal.secret is not None:
        out["secret"] = deal.secret.hex()
    return out


def fair_from_json(data: Any, where: str) -> FairDeal:
    """:func:`fair_json` read back, or :class:`NotationError` naming what is wrong."""
    _need(isinstance(data, Mapping), f"{where}.fair must be an object")
    commit = data.get("commitment")
    _need(
        isinstance(commit, str) and len(commit) == 64,
        f"{where}.fair.commitment must be 64 hex digits",
    )
    texts = data.get("contributions", [])
    _need(
        isinstance(texts, list) and all(isinstance(t, str) for t in texts),
        f"{where}.fair.contributions must be a list of hex texts",
    )
    secret_text = data.get("secret")
    _need(
        secret_text is None or isinstance(secret_text, str),
        f"{where}.fair.secret must be hex text",
    )
    try:
        contributions = tuple(bytes.fromhex(t) for t in texts)
        secret = None if secret_text is None else bytes.fromhex(secret_text)
    except ValueError:
        raise NotationError(f"{where}.fair holds text that is not hex") from None
    return FairDeal(commit, contributions, secret)


class NotVerified(NotationError):
    """A record that fails :func:`verify`: the hand (``None`` when the replay of the
    actions fails) and a code a page can put in its own words (a
    :class:`~scala40.engine.fairness.Mismatch` value, ``"not_verifiable"``, ``"seed"``
    or ``"replay"``)."""

    def __init__(self, message: str, hand: int | None, problem: str) -> None:
        super().__init__(message)
        self.hand = hand
        self.problem = problem


def verify(record: str | Mapping[str, Any]) -> int:
    """Check a verifiable record: every hand's deck is the one its revealed secret and the
    seats' contributions shuffle, the secret is the one committed to before the deal, and
    the actions replay legally to the recorded results. Returns the hands verified;
    raises :class:`NotationError` naming the first hand that fails."""
    rec = load_record(record)
    rules = rules_from_changes(rec.get("rules", {}))
    deals = _decks(rec, rules)
    seed = rec.get("seed")
    for entry in rec["hands"]:
        number = entry["number"]
        where = f"hand {number}"
        if "fair" not in entry:
            raise NotVerified(
                f"{where} has no commitment: the record is not verifiable",
                number,
                "not_verifiable",
            )
        fair = fair_from_json(entry["fair"], f"hands[{number - 1}]")
        if seed is not None and not _seed_commits(seed, number, fair.commitment):
            # The seed names every hand's secret: a record claiming another seed claims
            # other deals, which replay refuses too.
            raise NotVerified(
                f"{where}: the match seed {seed} does not give the commitment made before the deal",
                number,
                "seed",
            )
        deck, shuffle_seed = deals[number]
        last_unfinished = "result" not in entry and number == len(rec["hands"])
        if fair.secret is None and last_unfinished:
            continue  # the hand in play: its secret is told when it is over
        problem = check_hand(rules, fair, deck, shuffle_seed)
        if problem is not None:
            raise NotVerified(f"{where}: {MISMATCH_REASONS[problem]}", number, problem.value)
    try:
        replay(rec, from_decks=True)
    except NotationError as err:
        raise NotVerified(str(err), None, "replay") from None
    return sum(1 for e in rec["hands"] if "secret" in e["fair"])


def _seed_commits(seed: int, number: int, promised: str) -> bool:
    """Whether hand ``number`` of the match with ``seed`` commits to ``promised``."""
    try:
        return commitment(hand_secret(seed, number)) == promised
    except FairnessError:
        return False


def dump_record(record: Mapping[str, Any], *, indent: int | None = None) -> str:
    """The record as JSON text (cards and actions as text, so it reads as a score sheet)."""
    return json.dumps(record, ensure_ascii=False, indent=indent)


def _decks(rec: Mapping[str, Any], rules: Rules) -> dict[int, tuple[list[int], int]]:
    out: dict[int, tuple[list[int], int]] = {}
    for entry in rec["hands"]:
        where = f"hand {entry['number']}"
        try:
            deck = [parse_card(c) for c in entry["deck"]]
        except NotationError as err:
            raise NotationError(f"{where}: {err}") from None
        problem = count_pack(rules, deck).problem("the deck", name=format_card)
        if problem is not None:
            raise NotationError(
                f"{where}: the deck is not the whole pack of these rules: {problem}"
            )
        out[entry["number"]] = (deck, entry["shuffle_seed"])
    return out


def start_match(
    record: Mapping[str, Any], deals: Mapping[int, tuple[list[int], int]] | None = None
) -> Match:
    """The match a (loaded) record began as, before any action: its rules, seed and first
    dealer, dealt the verifiable way with the recorded contributions when its hands carry
    ``fair`` entries; ``deals`` (hand number -> deck, shuffle seed) replaces the seed's."""
    rules = rules_from_changes(record.get("rules", {}))
    hands = record["hands"]
    fair = "fair" in hands[0]
    contributions = {
        e["number"]: list(fair_from_json(e["fair"], f"hands[{e['number'] - 1}]").contributions)
        for e in hands
        if "fair" in e
    }
    return Match(
        rules,
        record.get("seed"),
        record["first_dealer"],
        deals=deals,
        fair=fair,
        contributions=contributions,
    )


def replay(record: str | Mapping[str, Any], *, from_decks: bool = False) -> Match:
    """Rebuild the match a record describes, action by action, and check it on the way.

    From the seed by default (each recorded deck must be the one the seed deals); from the
    recorded decks with ``from_decks=True`` or when the record has no seed. Raises
    :class:`NotationError` naming the hand and action where the record and the game part.
    """
    rec = load_record(record)
    rules = rules_from_changes(rec.get("rules", {}))
    _need(
        len(rec["seats"]) == rules.players,
        f"the rules seat {rules.players} players, the record names {len(rec['seats'])}",
    )
    first_dealer = rec["first_dealer"]
    _need(0 <= first_dealer < rules.players, f"first_dealer {first_dealer} is not a seat")
    deals = _decks(rec, rules)
    seed = rec.get("seed")
    use_decks = from_decks or seed is None
    match = start_match(rec, deals if use_decks else None)
    for entry in rec["hands"]:
        number = entry["number"]
        where = f"hand {number}"
        _need(not match.over, f"{where}: the match was already over")
        _need(match.hand_number == number, f"{where}: hand {match.hand_number} is unfinished")
        _need(
            match.dealer == entry["dealer"],
            f"{where}: the dealer is seat {match.dealer}, not {entry['dealer']}",
        )
        _need(
            list(match.deal.seats) == entry["seats"],
            f"{where}: the seats in play order are {list(match.deal.seats)}, not {entry['seats']}",
        )
        if not use_decks:
            deck, shuffle_seed = match.deck_for(number)
            _need(
                (deck, shuffle_seed) == deals[number],
                f"{where}: the recorded deck is not the one the seed deals "
                "(replay from_decks to use the recorded decks)",
            )
        for i, text in enumerate(entry["actions"], 1):
            step = f"{where}, action {i} ({text!r})"
            _need(
                match.hand_number == number and not match.over,
                f"{step}: the hand was already over",
            )
            try:
                action = parse_action(text)
            except NotationError as err:
                raise NotationError(f"{step}: {err}") from None
            try:
                match.apply(action)
            except IllegalAction as err:
                raise NotationError(f"{step}: illegal: {err.reason}") from None
        if "result" in entry:
            done = [h for h in match.history if h.number == number]
            _need(bool(done), f"{where}: the record gives a result but the hand is not over")
            result = _result(done[0])
            said = entry["result"]
            _need(result == said, f"{where}: {_differences(said, result)}")
    summary: tuple[tuple[str, object], ...] = (
        ("totals", list(match.totals)),
        ("winner", match.winner),
        ("over", match.over),
    )
    for key, actual in summary:
        if key in rec:
            _need(
                rec[key] == actual,
                f"the record's {key} is {rec[key]!r}, the replay gives {actual!r}",
            )
    return match
