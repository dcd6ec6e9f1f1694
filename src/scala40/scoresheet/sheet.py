"""A score sheet for a game played with real cards: the hands as entered, and the standing.

A :class:`ScoreSheet` is a plain value: the players' names, the table's rules, the first
dealer and the hands entered so far (:class:`PaperHand`: who went out, what each player
had left, who had not opened, a chiusura in mano). Everything else (what each player
pays, totals, eliminations, re-entries, ties, the winner) is *derived* by
:meth:`ScoreSheet.standing`, which runs the hands through the engine's own match
scoring, so a paper table is scored exactly as the program scores its games:

* what a player pays for a hand is decided by :func:`scala40.engine.scoring.charge_of`
  (flat 100 for not opening, chiusura doubling, ``go_out_without_discard = "double"``);
* totals, elimination, re-entry, target total, fixed hands, partnerships and play-off
  hands for a tie are settled by :class:`scala40.engine.match.Match` itself.

Undo is dropping the last hand; the standing is recomputed from scratch each time, so it
can never drift from the hands on the sheet.

A refusal is a :class:`ScoreSheetError` carrying a :class:`Phrase` (a key of the
project's catalogue, :mod:`scala40.words`, and its blanks): it reads in the language the
check was asked in, and the terminal says it again in the player's language
(:meth:`ScoreSheetError.say`), so the sheet's rules are written once for every language.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any, Final

from scala40.engine.cards import KINDS
from scala40.engine.errors import RulesError
from scala40.engine.match import HandRecord, Match
from scala40.engine.phases import Ending
from scala40.engine.position import HandResult
from scala40.engine.rules import ANY, Rules
from scala40.engine.scoring import Charge, cards_penalty, charge_of, charged
from scala40.notation.cards import format_cards
from scala40.notation.codec import rules_changes, rules_from_changes
from scala40.notation.errors import NotationError
from scala40.notation.people import CardTextError, Lang, parse_people_cards
from scala40.words import SOURCE_LANGUAGE, Words

SHEET_FORMAT: Final = "scala40-scoresheet"
SHEET_VERSION: Final = 1

MAX_PLAYERS: Final = 8
MAX_POINT_DIGITS: Final = 18
"""Longest points text read as a number (the JSON decoder's integer limit)."""

_POINTS = re.compile(r"[+-]?\d+")
"""Points as text, in the decimal digits :func:`int` reads (``isdigit`` also takes ``²``)."""
_SUM = re.compile(r"\d+(?:\+\d+)+")
"""Points added up aloud: ``25+10+4``."""


@cache
def words_of(lang: str = SOURCE_LANGUAGE) -> Words:
    """The catalogue's messages in ``lang``, read once: sheets are worded in English
    unless a caller says otherwise (the web API, the CSV, a saved sheet's JSON)."""
    return Words(lang)


def card_language(lang: str) -> Lang:
    """The letters cards are typed with for a player of ``lang`` (a catalogue language):
    its own if :mod:`scala40.notation.people` knows them, else the English ones."""
    return Lang(lang) if lang in {x.value for x in Lang} else Lang.EN


@dataclass(frozen=True, slots=True)
class Phrase:
    """A message of the catalogue and its blanks, not yet worded: made where the sheet
    finds something to say, worded in the language of whoever reads it."""

    key: str
    values: Mapping[str, object] = field(default_factory=dict)

    def say(self, words: Words) -> str:
        """The message in ``words``' language; blanks that are phrases (a player by
        number, an error inside another) are worded in the same language."""
        return words(self.key, **{name: said(v, words) for name, v in self.values.items()})


def said(value: object, words: Words) -> object:
    """A blank's value as ``words`` say it: phrases and sheet errors worded, the rest as is."""
    if isinstance(value, Phrase | ScoreSheetError):
        return value.say(words)
    return value


class ScoreSheetError(NotationError):
    """A hand, a name or a saved sheet the score sheet cannot take; it changes nothing.

    Made from a :class:`Phrase`, its text is the phrase in ``lang`` (English unless the
    caller read its input in another language) and :meth:`say` words it in any other;
    made from plain text (a rule the engine refused), it says that text in every language.
    """

    def __init__(self, message: str | Phrase, lang: str = SOURCE_LANGUAGE) -> None:
        self.phrase = message if isinstance(message, Phrase) else None
        super().__init__(message if isinstance(message, str) else message.say(words_of(lang)))

    def say(self, words: Words) -> str:
        """The refusal in ``words``' language."""
        return str(self) if self.phrase is None else self.phrase.say(words)


def refusal(key: str, /, **values: object) -> ScoreSheetError:
    """A :class:`ScoreSheetError` saying the catalogue's message ``key`` with its blanks."""
    return ScoreSheetError(Phrase(key, values))


class BadCards(ScoreSheetError):
    """Cards left with one that is not a card: ``card`` is its text as written, and the
    sentence names it in the language the cards were read in."""

    def __init__(self, who: str | Phrase, err: CardTextError) -> None:
        phrase = Phrase("term.score.error.notACard", {"who": who, "card": err.card})
        super().__init__(phrase, err.lang.value)
        self.card = err.card
        self.lang = err.lang


def player_by_number(seat: int) -> Phrase:
    """Who an error in a hand's cards is about when the hand names players by number."""
    return Phrase("term.score.player", {"seat": seat})


Entry = int | tuple[int, ...]
"""What a player had left: points counted at the table, or the cards themselves (kinds)."""


@dataclass(frozen=True, slots=True)
class PaperHand:
    """One hand as the table reports it.

    ``left`` maps a seat to the points its cards were worth, or to the cards themselves
    (the engine counts them). Seats that went out, or whose count does not matter (a flat
    100, a play-off hand), may be left out.
    """

    went_out: int | None
    """The seat that went out; ``None`` when the stock ran out and everybody counts."""
    left: Mapping[int, Entry] = field(default_factory=dict)
    not_opened: frozenset[int] = frozenset()
    """Seats that had not opened when the hand ended."""
    chiusura: bool = False
    """The seat that went out did so with a chiusura in mano (the whole hand at once)."""
    doubled: bool = False
    """It went out without a discard under ``go_out_without_discard = "double"``."""

    def counted(self, seat: int, rules: Rules) -> int:
        """What the seat's cards are worth, before any flat 100 or doubling."""
        entry = self.left.get(seat, 0)
        if isinstance(entry, int):
            return entry
        return cards_penalty(entry, rules)


@dataclass(frozen=True, slots=True)
class HandLine:
    """One hand of the standing: what each seat paid, the totals after, who left or returned."""

    number: int
    dealer: int
    seats: tuple[int, ...]
    """Seats that played the hand."""
    went_out: int | None
    penalties: dict[int, int]
    counted: dict[int, int]
    """What each seat's cards were worth, before a flat 100 or doubling."""
    totals: dict[int, int]
    eliminated: tuple[int, ...]
    reentered: dict[int, int]
    playoff: bool
    """A play-off hand between tied players: whoever goes out wins, nothing is counted."""
    chiusura: bool
    doubled: bool


@dataclass(frozen=True, slots=True)
class Standing:
    """Everything the table wants to know after the hands entered so far."""

    lines: tuple[HandLine, ...]
    totals: tuple[int, ...]
    """Per scoring unit: per player, or per team with partnerships."""
    eliminated: tuple[bool, ...]
    reentries: tuple[int, ...]
    reentered_at: tuple[tuple[int, ...], ...]
    """The totals each unit re-entered at, in order."""
    next_seats: tuple[int, ...]
    """Seats that play the next hand, in play order (empty once the game is over)."""
    next_dealer: int
    playoff: tuple[int, ...] | None
    """Units tied for the win, playing single hands to settle it."""
    winner: int | None
    """The winning unit (player, or team with partnerships)."""

    @property
    def over(self) -> bool:
        return self.winner is not None


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """Players, rules and the hands entered: the whole of a paper game's score sheet."""

    players: tuple[str, ...]
    rules: Rules
    hands: tuple[PaperHand, ...] = ()
    first_dealer: int = 0

    # Making one ----------------------------------------------------------------------------
    @staticmethod
    def new(
        players: Sequence[str],
        changes: Mapping[str, Any] | None = None,
        preset: str | None = None,
        first_dealer: int = 0,
    ) -> ScoreSheet:
        """A fresh sheet; ``changes`` are rule keys over ``preset`` (players come from names)."""
        names = tuple(" ".join(str(p).split()) for p in players)
        if not 2 <= len(names) <= MAX_PLAYERS:
            raise refusal("term.score.error.playerCount", max=MAX_PLAYERS, n=len(names))
        if any(not n for n in names):
            raise refusal("term.score.error.noName")
        if len({n.casefold() for n in names}) != len(names):
            raise refusal("term.score.error.sameName")
        values: dict[str, Any] = dict(changes or {})
        if "players" in values and str(values["players"]).strip() != str(len(names)):
            raise refusal("term.score.error.playersRule", rule=values["players"], n=len(names))
        values["players"] = len(names)
        if len(names) > 6 and "decks" not in values:
            values["decks"] = 3
        try:
            base = Rules.build(preset, {})
        except RulesError as err:
            raise ScoreSheetError(str(err)) from None
        rules = _rules({**rules_changes(base), **values})
        if not 0 <= first_dealer < len(names):
            raise refusal("term.score.error.firstDealer", n=len(names))
        return ScoreSheet(names, rules, (), first_dealer)

    # Entering hands ------------------------------------------------------------------------
    def add(self, hand: PaperHand) -> ScoreSheet:
        """The sheet with ``hand`` added, or :class:`ScoreSheetError` naming what is wrong."""
        standing = self.standing()
        self._check(hand, standing)
        return replace(self, hands=(*self.hands, hand))

    def undo(self) -> ScoreSheet:
        """The sheet without its last hand."""
        if not self.hands:
            raise refusal("term.score.error.nothingToUndo")
        return replace(self, hands=self.hands[:-1])

    def name(self, seat: int) -> str:
        return self.players[seat]

    def seat_of(self, name: str) -> int:
        """The seat of a player named ``name`` (case-insensitive, or a unique prefix)."""
        want = name.strip().casefold()
        exact = [s for s, n in enumerate(self.players) if n.casefold() == want]
        if exact:
            return exact[0]
        starts = [s for s, n in enumerate(self.players) if want and n.casefold().startswith(want)]
        if len(starts) == 1:
            return starts[0]
        if want.isdigit() and 1 <= int(want) <= len(self.players):
            return int(want) - 1
        raise refusal(
            "term.score.error.noSuchPlayer",
            name=repr(name.strip()),
            players=", ".join(self.players),
        )

    @property
    def units(self) -> int:
        return self.rules.units

    def unit_of(self, seat: int) -> int:
        return self.rules.unit_of(seat)

    def unit_name(self, unit: int) -> str:
        """A player's name, or ``Anna+Carla`` for a team."""
        return "+".join(self.players[s] for s in self.rules.seats_of(unit))

    def _check(self, hand: PaperHand, standing: Standing) -> None:
        rules = self.rules
        if standing.over:
            assert standing.winner is not None
            raise refusal("term.score.error.over", name=self.unit_name(standing.winner))
        playing = set(standing.next_seats)
        n = len(self.players)

        def who(seat: int) -> str | Phrase:
            return (
                self.players[seat] if 0 <= seat < n else Phrase("term.score.seat", {"seat": seat})
            )

        for seat in (*hand.left, *hand.not_opened):
            if not 0 <= seat < n:
                raise refusal("term.score.error.noPlayerNumber", n=seat + 1, count=n)
            if seat not in playing:
                raise refusal("term.score.error.outOfGame", who=who(seat))
        if hand.went_out is not None:
            if hand.went_out not in playing:
                raise refusal("term.score.error.notPlaying", who=who(hand.went_out))
            if hand.went_out in hand.not_opened:
                raise refusal("term.score.error.outNotUnopened", who=who(hand.went_out))
            if hand.counted(hand.went_out, rules) != 0:
                raise refusal("term.score.error.outPaysNothing", who=who(hand.went_out))
        if hand.went_out is None and (hand.chiusura or hand.doubled):
            raise refusal("term.score.error.nobodyOut")
        if hand.doubled and rules.go_out_without_discard != "double":
            raise refusal("term.score.error.doubleRule")
        for seat, entry in hand.left.items():
            if isinstance(entry, bool) or (isinstance(entry, int) and entry < 0):
                raise refusal("term.score.error.negative", who=who(seat))
            if isinstance(entry, tuple) and any(not 0 <= k < KINDS for k in entry):
                raise refusal("term.score.error.notACardKind", who=who(seat))
        if standing.playoff is not None or rules.single_hand:
            return
        missing = [
            s
            for s in standing.next_seats
            if s != hand.went_out and s not in hand.left and not self.pays_flat(hand, s)
        ]
        if missing:
            raise refusal(
                "term.score.error.missing", names=", ".join(self.players[s] for s in missing)
            )

    def pays_flat(self, hand: PaperHand, seat: int) -> bool:
        """Whether ``seat`` pays a flat 100 whatever its cards (so they need not be entered)."""
        if hand.went_out is None or seat not in hand.not_opened:
            return False
        return hand.chiusura or self.rules.unopened_penalty == "flat100"

    # Deriving the standing -----------------------------------------------------------------
    def standing(self) -> Standing:
        """Run the hands through the engine's match scoring and read off the standing."""
        # The deals the match makes are never played: they only move its books (hand number,
        # dealer, who sits in) exactly as in a played game.
        match = Match(self.rules, seed=0, first_dealer=self.first_dealer)
        lines: list[HandLine] = []
        reentered_at: list[list[int]] = [[] for _ in range(match.units)]
        for hand in self.hands:
            seats = match.deal.seats
            playoff = match.playoff is not None
            counted = {s: hand.counted(s, self.rules) for s in seats}
            pays = pay_for_hand(self.rules, seats, hand, counted)
            winner = None if hand.went_out is None else seats.index(hand.went_out)
            match.settle_hand(
                HandResult(
                    winner=winner,
                    penalties=tuple(pays[s] for s in seats),
                    chiusura_in_mano=hand.chiusura,
                    doubled=hand.doubled,
                    reason=Ending.WENT_OUT if winner is not None else Ending.STOCK_OUT,
                    hands=tuple(_cards_of(hand.left.get(s, 0)) for s in seats),
                )
            )
            record: HandRecord = match.history[-1]
            for unit, total in record.reentered.items():
                reentered_at[unit].append(total)
            lines.append(
                HandLine(
                    number=record.number,
                    dealer=record.dealer,
                    seats=seats,
                    went_out=hand.went_out,
                    penalties=dict(record.penalties),
                    counted=counted,
                    totals=dict(record.totals),
                    eliminated=record.eliminated,
                    reentered=dict(record.reentered),
                    playoff=playoff or self.rules.single_hand,
                    chiusura=hand.chiusura,
                    doubled=hand.doubled,
                )
            )
        over = match.over
        return Standing(
            lines=tuple(lines),
            totals=tuple(match.totals),
            eliminated=tuple(match.eliminated),
            reentries=tuple(match.reentries),
            reentered_at=tuple(tuple(r) for r in reentered_at),
            next_seats=() if over else tuple(match.deal.seats),
            next_dealer=match.dealer,
            playoff=match.playoff,
            winner=match.winner,
        )

    def distance(self, standing: Standing, unit: int) -> int | None:
        """How far a unit is from the end of the game for it: the elimination limit (or the
        target total) minus its total; ``None`` once it is out or where no limit applies."""
        if standing.eliminated[unit] or self.rules.single_hand:
            return None
        if self.rules.target_total is not None:
            return self.rules.target_total - standing.totals[unit]
        if self.rules.fixed_hands is not None:
            return None
        return self.rules.elimination - standing.totals[unit]

    def hands_left(self, standing: Standing) -> int | None:
        """Hands still to play under ``fixed_hands`` (``None`` otherwise)."""
        if self.rules.fixed_hands is None:
            return None
        played = sum(1 for line in standing.lines if not line.playoff)
        return max(0, self.rules.fixed_hands - played)

    def reentries_left(self, standing: Standing, unit: int) -> int | None:
        """Re-entries a unit may still make (``None``: unlimited; 0 without re-entry)."""
        if not self.rules.reentry or self.rules.partnerships:
            return 0
        if self.rules.reentry_limit == ANY:
            return None
        return max(0, int(self.rules.reentry_limit) - standing.reentries[unit])

    # JSON ----------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """A JSON-safe dict (cards as text) that :meth:`from_json` reads back."""
        return {
            "format": SHEET_FORMAT,
            "version": SHEET_VERSION,
            "players": list(self.players),
            "rules": rules_changes(self.rules),
            "first_dealer": self.first_dealer,
            "hands": [_hand_to_json(h) for h in self.hands],
        }

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> ScoreSheet:
        """Read a saved sheet, checking every hand again as if it were entered now."""
        if not isinstance(data, Mapping) or data.get("format") != SHEET_FORMAT:
            raise refusal("term.score.error.format", format=SHEET_FORMAT)
        if data.get("version") != SHEET_VERSION:
            raise refusal("term.score.error.version", version=repr(data.get("version")))
        players = data.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise refusal("term.score.error.playersList")
        rules = data.get("rules", {})
        if not isinstance(rules, Mapping):
            raise refusal("term.score.error.rulesObject")
        dealer = data.get("first_dealer", 0)
        if not isinstance(dealer, int) or isinstance(dealer, bool):
            raise refusal("term.score.error.dealerNumber")
        sheet = ScoreSheet.new(players, rules, first_dealer=dealer)
        hands = data.get("hands", [])
        if not isinstance(hands, list):
            raise refusal("term.score.error.handsList")
        for i, h in enumerate(hands, 1):
            try:
                sheet = sheet.add(hand_from_json(h, len(players)))
            except ScoreSheetError as err:
                raise refusal("term.score.error.hand", n=i, error=err) from None
        return sheet


def _rules(values: Mapping[str, Any]) -> Rules:
    try:
        return rules_from_changes(values)
    except NotationError as err:
        raise ScoreSheetError(str(err)) from None


def _cards_of(entry: Entry) -> tuple[int, ...]:
    return entry if isinstance(entry, tuple) else ()


def pay_for_hand(
    rules: Rules, seats: Sequence[int], hand: PaperHand, counted: Mapping[int, int]
) -> dict[int, int]:
    """What each seat pays: the engine's :func:`charge_of` (counted, doubled, flat 100 or
    nothing) applied to the points the table counted, whether typed or from cards."""
    pays: dict[int, int] = {}
    for seat in seats:
        charge = charge_of(
            opened=seat not in hand.not_opened,
            went_out=seat == hand.went_out,
            someone_out=hand.went_out is not None,
            chiusura=hand.chiusura,
            doubled=hand.doubled,
            rules=rules,
        )
        pays[seat] = 0 if charge is Charge.NOTHING else charged(charge, counted[seat])
    return pays


def _hand_to_json(hand: PaperHand) -> dict[str, Any]:
    left: dict[str, Any] = {}
    for seat in sorted(hand.left):
        entry = hand.left[seat]
        left[str(seat)] = entry if isinstance(entry, int) else format_cards(entry)
    return {
        "went_out": hand.went_out,
        "left": left,
        "not_opened": sorted(hand.not_opened),
        "chiusura": hand.chiusura,
        "doubled": hand.doubled,
    }


A_PLAYER: Final = Phrase("term.score.aPlayer")
"""Who an entry is about when the caller does not say."""


def parse_entry(value: Any, who: str | Phrase = A_PLAYER, lang: Lang = Lang.EN) -> Entry:
    """Points (a number, or number text) or cards (card text, counted by the engine), the
    cards written as people write them in ``lang`` (:mod:`scala40.notation.people`: the
    language decides the suit letters; symbols and suit words are read in both). A
    refusal reads in ``lang`` too: it goes back to whoever typed the entry."""
    if isinstance(value, bool):
        raise ScoreSheetError(_not_an_entry(who, value), lang.value)
    if isinstance(value, int):
        if value < 0:
            raise ScoreSheetError(Phrase("term.score.error.negative", {"who": who}), lang.value)
        return value
    if isinstance(value, list):
        value = " ".join(str(v) for v in value)
    if not isinstance(value, str):
        raise ScoreSheetError(_not_an_entry(who, value), lang.value)
    text = value.strip()
    if _POINTS.fullmatch(text):
        return parse_entry(_points(text, who, lang), who, lang)
    summed = text.replace(" ", "")
    if _SUM.fullmatch(summed):
        # "25+10+4": the table added the cards up aloud.
        return sum(_points(t, who, lang) for t in summed.split("+"))
    if text == "" or text == "-":
        return ()
    try:
        return tuple(parse_people_cards(text, lang))
    except CardTextError as err:
        raise BadCards(who, err) from None


def _not_an_entry(who: str | Phrase, value: object) -> Phrase:
    return Phrase("term.score.error.pointsOrCards", {"who": who, "value": repr(value)})


def _points(text: str, who: str | Phrase, lang: Lang) -> int:
    """Number text as points; a number too long to be points is refused, not parsed."""
    if len(text.lstrip("+-")) > MAX_POINT_DIGITS:
        phrase = Phrase("term.score.error.digits", {"who": who, "n": MAX_POINT_DIGITS})
        raise ScoreSheetError(phrase, lang.value)
    return int(text)


def hand_from_json(data: Any, players: int, lang: Lang = Lang.EN) -> PaperHand:
    """A :class:`PaperHand` from its JSON form (what the web page and saved files hold);
    cards left as written in ``lang`` (saved files hold the English letters), and what is
    wrong with it said in ``lang``."""

    def refuse(key: str, /, **values: object) -> ScoreSheetError:
        return ScoreSheetError(Phrase(key, values), lang.value)

    if not isinstance(data, Mapping):
        raise refuse("term.score.error.handObject")
    unknown = sorted(set(data) - {"went_out", "left", "not_opened", "chiusura", "doubled"})
    if unknown:
        raise refuse("term.score.error.handFields", fields=", ".join(unknown))

    def seat(value: Any, what: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int | str):
            raise refuse("term.score.error.seatNumber", what=what, value=repr(value))
        try:
            s = int(value)
        except ValueError:
            raise refuse("term.score.error.seatNumber", what=what, value=repr(value)) from None
        if not 0 <= s < players:
            raise refuse("term.score.error.seatRange", what=what, n=s, last=players - 1)
        return s

    went_out = data.get("went_out")
    out_seat = None if went_out is None else seat(went_out, "went_out")
    left_raw = data.get("left", {})
    if not isinstance(left_raw, Mapping):
        raise refuse("term.score.error.leftMap")
    left: dict[int, Entry] = {}
    for key, value in left_raw.items():
        s = seat(key, "left")
        if value is None:
            continue
        left[s] = parse_entry(value, player_by_number(s), lang)
    not_opened = data.get("not_opened", [])
    if not isinstance(not_opened, list):
        raise refuse("term.score.error.notOpenedList")
    flags: dict[str, bool] = {}
    for key in ("chiusura", "doubled"):
        value = data.get(key, False)
        if not isinstance(value, bool):
            raise refuse("term.score.error.flag", key=key)
        flags[key] = value
    return PaperHand(
        went_out=out_seat,
        left=left,
        not_opened=frozenset(seat(s, "not_opened") for s in not_opened),
        chiusura=flags["chiusura"],
        doubled=flags["doubled"],
    )
