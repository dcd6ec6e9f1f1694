"""The score sheet value: bad input refused by name, JSON and CSV, agreement with played games."""

from __future__ import annotations

import csv
import io
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scala40.bots import GreedyBot
from scala40.engine.match import Match
from scala40.engine.rules import Rules
from scala40.engine.views import PlayerView
from scala40.notation.people import Lang
from scala40.scoresheet.export import table_text, to_csv
from scala40.scoresheet.sheet import (
    BadCards,
    PaperHand,
    ScoreSheet,
    ScoreSheetError,
    card_language,
    hand_from_json,
    parse_entry,
)
from scala40.words import Words

ITALIAN = Words("it")


def three(**changes: object) -> ScoreSheet:
    return ScoreSheet.new(["Anna", "Bruno", "Carla"], changes)


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (["Anna"], "2 to 8 players"),
        (["Anna", "anna"], "same name"),
        (["Anna", " "], "needs a name"),
    ],
)
def test_bad_players_are_refused(players: list[str], message: str) -> None:
    with pytest.raises(ScoreSheetError, match=message):
        ScoreSheet.new(players)


def test_bad_rules_are_refused_naming_the_key() -> None:
    with pytest.raises(ScoreSheetError, match="elimination"):
        three(elimination="lots")
    with pytest.raises(ScoreSheetError, match="unknown rule key"):
        three(eliminaton=151)
    with pytest.raises(ScoreSheetError, match="4 players but 3"):
        three(players=4)


def test_seven_players_get_a_third_deck() -> None:
    sheet = ScoreSheet.new([f"P{i}" for i in range(7)])
    assert sheet.rules.decks == 3


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        (PaperHand(0, {1: 10}), "enter what Carla had left"),
        (PaperHand(0, {0: 5, 1: 10, 2: 3}), "Anna went out and has nothing left"),
        (PaperHand(0, {1: 10, 2: 3}, frozenset({0})), "Anna went out"),
        (PaperHand(None, {0: 1, 1: 2, 2: 3}, chiusura=True), "needs someone who went out"),
        (PaperHand(5, {1: 10, 2: 3}), "seat 5 does not play"),
        (PaperHand(0, {1: -4, 2: 3}), "0 or more"),
        (PaperHand(0, {1: 10, 7: 3}), "no player 8"),
    ],
)
def test_a_bad_hand_is_refused_and_changes_nothing(hand: PaperHand, message: str) -> None:
    sheet = three()
    with pytest.raises(ScoreSheetError, match=message):
        sheet.add(hand)
    assert sheet.hands == ()


def test_entries_read_points_sums_and_cards() -> None:
    assert parse_entry("39") == 39
    assert parse_entry("25+10+4") == 39
    assert parse_entry(" JK KH 4C") == (52, 12, 29)
    with pytest.raises(ScoreSheetError, match=r"Bruno.*XX"):
        parse_entry("JK XX", "Bruno")
    with pytest.raises(ScoreSheetError, match="0 or more"):
        parse_entry("-3")


def test_italian_cards_are_read_with_the_italian_suit_letters() -> None:
    # JK, K of cuori (hearts), 4 of fiori (clubs): 25 + 10 + 4 under standard values.
    italian = parse_entry("JK KC 4F", "Bruno", Lang.IT)
    assert italian == parse_entry("JK KH 4C") == (52, 12, 29)
    assert parse_entry("4C", lang=Lang.IT) != parse_entry("4C")
    assert parse_entry("K di cuori, 4 fiori jolly", lang=Lang.IT) == (12, 29, 52)
    with pytest.raises(BadCards) as bad:
        parse_entry("JK 3X", "Bruno", Lang.IT)
    assert str(bad.value) == 'Bruno: non è una carta: "3X"' and bad.value.card == "3X"


def test_a_hand_names_a_bad_card_and_its_player_in_the_language() -> None:
    got = hand_from_json({"went_out": 1, "left": {"0": "KC QQ"}}, 3, Lang.IT)
    assert got == hand_from_json({"went_out": 1, "left": {"0": "KH QD"}}, 3)
    with pytest.raises(BadCards, match='giocatore 2: non è una carta: "4H"'):
        hand_from_json({"went_out": 1, "left": {"2": "4H"}}, 3, Lang.IT)
    with pytest.raises(BadCards, match='player 2: not a card: "4F"'):
        hand_from_json({"went_out": 1, "left": {"2": "4F"}}, 3)


def test_hand_json_is_checked_field_by_field() -> None:
    with pytest.raises(ScoreSheetError, match="unknown fields in a hand: winner"):
        hand_from_json({"winner": 1}, 3)
    with pytest.raises(ScoreSheetError, match="no player 3"):
        hand_from_json({"went_out": 3}, 3)
    with pytest.raises(ScoreSheetError, match="chiusura must be true or false"):
        hand_from_json({"went_out": 1, "chiusura": "yes"}, 3)
    got = hand_from_json({"went_out": 1, "left": {"0": "JK", "2": 7}, "not_opened": [2]}, 3)
    assert got == PaperHand(1, {0: (52,), 2: 7}, frozenset({2}))


def test_a_refusal_is_said_again_in_the_players_language() -> None:
    sheet = three()
    with pytest.raises(ScoreSheetError) as missing:
        sheet.add(PaperHand(0, {1: 10}))
    assert str(missing.value) == "enter what Carla had left (points or cards)"
    assert missing.value.say(ITALIAN) == "scrivi cosa è rimasto in mano a Carla (punti o carte)"
    with pytest.raises(ScoreSheetError) as nobody:
        sheet.seat_of("Zoe")
    assert nobody.value.say(ITALIAN) == "nessun giocatore si chiama 'Zoe': Anna, Bruno, Carla"
    with pytest.raises(ScoreSheetError) as seat:
        sheet.add(PaperHand(5, {1: 10, 2: 3}))
    assert seat.value.say(ITALIAN) == "posto 5 non gioca questa mano"
    with pytest.raises(ScoreSheetError) as few:
        ScoreSheet.new(["Anna"])
    assert few.value.say(ITALIAN) == "un segnapunti vuole da 2 a 8 giocatori, non 1"
    # Text that is no message of the catalogue (a rule the engine refused) stays as it is.
    assert ScoreSheetError("elimination: not a number").say(ITALIAN) == "elimination: not a number"


def test_a_hand_read_in_italian_is_refused_in_italian() -> None:
    with pytest.raises(ScoreSheetError, match="campi sconosciuti in una mano: winner"):
        hand_from_json({"winner": 1}, 3, Lang.IT)
    with pytest.raises(ScoreSheetError, match=r"went_out: non c'è il giocatore 3 \(da 0 a 2\)"):
        hand_from_json({"went_out": 3}, 3, Lang.IT)
    with pytest.raises(ScoreSheetError, match="chiusura deve essere true o false"):
        hand_from_json({"went_out": 1, "chiusura": "sì"}, 3, Lang.IT)
    with pytest.raises(ScoreSheetError, match="giocatore 0: i punti rimasti sono un numero"):
        hand_from_json({"went_out": 1, "left": {"0": -2}}, 3, Lang.IT)
    with pytest.raises(BadCards) as bad:
        hand_from_json({"went_out": 1, "left": {"2": "4H"}}, 3, Lang.IT)
    assert bad.value.say(Words("en")) == 'player 2: not a card: "4H"'


def test_the_card_letters_follow_the_language_and_else_are_english() -> None:
    assert card_language("it") is Lang.IT
    assert card_language("en") is card_language("fr") is Lang.EN


def test_a_saved_sheet_is_checked_again_when_read() -> None:
    data = three().add(PaperHand(0, {1: 10, 2: 5})).to_json()
    data["hands"][0]["left"] = {"1": 10}
    with pytest.raises(ScoreSheetError, match="hand 1: enter what Carla") as refused:
        ScoreSheet.from_json(data)
    assert refused.value.say(ITALIAN).startswith("mano 1: scrivi cosa è rimasto in mano a Carla")
    with pytest.raises(ScoreSheetError, match="not a score sheet"):
        ScoreSheet.from_json({"format": "scala40-record"})


entries = st.one_of(
    st.integers(0, 80),
    st.lists(st.integers(0, 52), max_size=5).map(tuple),
)


@given(st.lists(st.tuples(st.integers(0, 2), entries, entries, st.booleans()), max_size=12))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_json_round_trip_keeps_the_sheet_and_its_standing(
    hands: list[tuple[int, object, object, bool]],
) -> None:
    sheet = three(reentry=True, reentry_limit="any", unopened_penalty="flat100")
    for out, e1, e2, unopened in hands:
        standing = sheet.standing()
        if standing.over:
            break
        others = [s for s in standing.next_seats if s != out]
        if out not in standing.next_seats:
            continue
        left = dict(zip(others, (e1, e2), strict=False))
        flagged = frozenset(others[:1]) if unopened else frozenset()
        sheet = sheet.add(PaperHand(out, left, flagged))  # type: ignore[arg-type]
    again = ScoreSheet.from_json(json.loads(json.dumps(sheet.to_json())))
    assert again == sheet
    assert again.standing() == sheet.standing()
    # What everyone paid adds up to the totals, re-entries aside.
    st_ = sheet.standing()
    if not any(st_.reentries):
        paid = [sum(line.penalties.get(s, 0) for line in st_.lines) for s in range(3)]
        assert list(st_.totals) == paid


def test_csv_has_a_row_per_hand_and_the_totals() -> None:
    sheet = three(reentry=True)
    sheet = sheet.add(PaperHand(0, {1: 60, 2: 30})).add(PaperHand(2, {0: 20, 1: 50}))
    rows = list(csv.reader(io.StringIO(to_csv(sheet))))
    assert rows[0] == ["hand", "dealer", "Anna", "Bruno", "Carla", "notes"]
    assert rows[1] == ["1", "Anna", "0", "60", "30", "Anna went out"]
    assert rows[2][:5] == ["2", "Bruno", "20", "50", "0"]
    assert "Bruno re-enters at 30" in rows[2][5]
    assert rows[3] == ["total", "", "20", "30", "30", "in play"]
    assert "Bruno 30 (71 to 101, re-entered at 30)" in table_text(sheet)
    italian = list(csv.reader(io.StringIO(to_csv(sheet, ITALIAN))))
    assert italian[0] == ["mano", "mazziere", "Anna", "Bruno", "Carla", "note"]
    assert "Bruno rientra a 30" in italian[2][5]
    assert italian[3] == ["totale", "", "20", "30", "30", "in corso"]
    assert "Bruno 30 (mancano 71 a 101, rientrato a 30)" in table_text(sheet, words=ITALIAN)


def _played_sheet(rules: Rules, seed: int) -> tuple[Match, ScoreSheet]:
    """A bot match, and the same hands entered on a score sheet from what a table sees."""
    match = Match(rules, seed=seed, first_dealer=0)
    sheet = ScoreSheet.new(["A", "B", "C"][: rules.players], rules.changes(), first_dealer=0)
    bot = GreedyBot()
    rng = random.Random(seed)
    while not match.over:
        hand = match.deal
        opened = list(hand.opened)
        done = len(match.history)
        match.apply(bot.choose(PlayerView.of_match(match, match.current_seat), rng))
        if len(match.history) > done:
            record = match.history[-1]
            result = record.result
            out = None if result.winner is None else record.seats[result.winner]
            left = {s: result.hands[p] for p, s in enumerate(record.seats) if s != out}
            not_opened = frozenset(s for p, s in enumerate(record.seats) if not opened[p])
            sheet = sheet.add(
                PaperHand(out, left, not_opened - {out}, result.chiusura_in_mano, result.doubled)
            )
    return match, sheet


@pytest.mark.parametrize(
    ("changes", "seed"),
    [
        ({"players": 3, "elimination": 60, "unopened_penalty": "flat100"}, 1),
        ({"players": 3, "elimination": 60, "reentry": True, "chiusura_in_mano_double": True}, 2),
        ({"players": 2, "fixed_hands": 2, "unopened_penalty": "double"}, 3),
    ],
)
def test_the_sheet_scores_played_games_exactly_as_the_engine(
    changes: dict[str, object], seed: int
) -> None:
    match, sheet = _played_sheet(Rules.build(None, changes), seed)
    standing = sheet.standing()
    assert [line.penalties for line in standing.lines] == [h.penalties for h in match.history]
    assert list(standing.totals) == match.totals
    assert standing.winner == match.winner


ending = st.sampled_from(
    [
        {"elimination": 60},
        {"elimination": 60, "reentry": True},
        {"elimination": 60, "reentry": True, "reentry_limit": "any"},
        {"target_total": 150},
        {"fixed_hands": 3},
        {"unopened_penalty": "flat100", "chiusura_in_mano_double": True},
    ]
)


@given(
    ending,
    st.integers(2, 5),
    st.lists(
        st.tuples(st.integers(-1, 4), st.lists(st.integers(0, 60), min_size=5, max_size=5)),
        max_size=15,
    ),
)
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_standing_invariants(
    changes: dict[str, object], players: int, hands: list[tuple[int, list[int]]]
) -> None:
    sheet = ScoreSheet.new([f"P{i}" for i in range(players)], changes)
    for out, points in hands:
        before = sheet.standing()
        if before.over:
            with pytest.raises(ScoreSheetError, match="game is over"):
                sheet.add(PaperHand(None, {}))
            break
        seats = before.next_seats
        went_out = seats[out % len(seats)] if out >= 0 else None
        left = {s: points[i] for i, s in enumerate(seats) if s != went_out}
        added = sheet.add(PaperHand(went_out, left))
        assert added.undo() == sheet
        sheet = added
        now = sheet.standing()
        assert all(t >= 0 for t in now.totals)
        assert not any(now.eliminated[sheet.unit_of(s)] for s in now.next_seats)
        for unit in range(sheet.units):
            distance = sheet.distance(now, unit)
            if distance is not None and "elimination" in changes:
                assert distance > 0 or now.over or now.playoff is not None
        if now.winner is not None:
            assert now.playoff is None or now.winner in now.playoff
            assert not now.next_seats
