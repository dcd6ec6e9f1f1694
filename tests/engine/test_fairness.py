"""The verifiable shuffle: commitments, contributions, the deck, and checking a record."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from scala40.bots import make_bot
from scala40.cli import main
from scala40.engine.cards import JOKER, pack_list
from scala40.engine.fairness import (
    FairDeal,
    FairnessError,
    commitment,
    deal_seed,
    hand_secret,
    shuffled,
    verify_hand,
)
from scala40.engine.match import Match
from scala40.engine.rules import Rules
from scala40.engine.views import PlayerView
from scala40.notation.cards import format_card
from scala40.notation.errors import NotationError
from scala40.notation.record import Recorder, dump_record, verify

HEADS_UP = Rules.build(None, {"players": 2})


def test_the_documented_vector_holds() -> None:
    """docs/fair-deal.md gives these figures so that a program in another language can
    check its own implementation of the shuffle against this one."""
    assert commitment(bytes(32)) == (
        "9fea031c8243b20ead3557464cfd7e51a9a7d4863a868b616a5199e2248ef7a5"
    )
    seed = deal_seed(bytes(32), [b"\x01"])
    assert seed.hex() == "273d8720bdb2d14e9e23557f772dacebe9fd290d3b909e3c00822fe3898e0df5"
    deck, reshuffle = shuffled(Rules(), seed)
    assert [format_card(k) for k in deck[-5:]] == ["9D", "8S", "JD", "5S", "6S"]
    assert reshuffle == 2718096889300326872


@given(
    secret=st.binary(min_size=32, max_size=32),
    extra=st.lists(st.binary(min_size=1, max_size=64), max_size=4),
)
def test_a_deck_is_the_whole_pack_and_only_its_own_secret_verifies_it(
    secret: bytes, extra: list[bytes]
) -> None:
    deck, reshuffle = shuffled(HEADS_UP, deal_seed(secret, extra))
    assert Counter(deck) == Counter(pack_list(HEADS_UP.decks, HEADS_UP.joker_count))
    fair = FairDeal(commitment(secret), tuple(extra), secret)
    assert verify_hand(HEADS_UP, fair, deck, reshuffle) is None
    swapped = deck[:]
    i = next((i for i in range(1, len(deck)) if deck[i] != deck[0]), 1)
    swapped[0], swapped[i] = swapped[i], swapped[0]
    assert verify_hand(HEADS_UP, fair, swapped, reshuffle) is not None
    other = bytes(b ^ 1 for b in secret)
    liar = FairDeal(fair.commitment, fair.contributions, other)
    assert "commitment" in str(verify_hand(HEADS_UP, liar, deck, reshuffle))


def test_every_contribution_and_its_order_changes_the_deck() -> None:
    secret = hand_secret(7, 1)
    decks = {
        tuple(shuffled(HEADS_UP, deal_seed(secret, cs))[0])
        for cs in ([], [b"a"], [b"b"], [b"a", b"b"], [b"b", b"a"], [b"ab"])
    }
    assert len(decks) == 6


def test_the_top_card_is_any_card_of_the_pack_equally_often() -> None:
    """Over 3,000 shuffles each rank tops the deck about 8 times in 108 and the joker 4
    times (a drawing bias, such as a modulo bias, would show)."""
    tops = Counter()
    for n in range(3000):
        deck, _ = shuffled(HEADS_UP, deal_seed(hand_secret(n, 1), []))
        tops["joker" if deck[-1] == JOKER else deck[-1] % 13] += 1
    for what, seen in tops.items():
        expected = 3000 * (4 if what == "joker" else 8) / 108
        assert abs(seen - expected) < 0.3 * expected, (what, seen, expected)


def test_a_secret_tells_nothing_of_the_next_hand() -> None:
    assert hand_secret(42, 1) != hand_secret(42, 2)
    assert hand_secret(42, 1) != hand_secret(43, 1)
    with pytest.raises(FairnessError):
        hand_secret(42, 0)


def fair_match(seed: int = 5, hands: int = 3) -> tuple[Match, dict[str, Any]]:
    """A heads-up fair match of greedy bots, recorded until ``hands`` hands have begun,
    with entropy from both seats for every hand after the first."""
    match = Match(HEADS_UP, seed=seed, fair=True, contributions={1: [b"anna", b"bruno"]})
    recorder = Recorder(match, ["Anna", "Bruno"])
    bots = [make_bot("greedy"), make_bot("greedy")]
    rng = random.Random(seed)
    given = match.hand_number
    while not match.over and match.hand_number <= hands:
        if match.hand_number == given:
            given += 1
            match.contribute(given, rng.randbytes(16))
            match.contribute(given, rng.randbytes(16))
        seat = match.current_seat
        recorder.apply(bots[seat].choose(PlayerView.of_match(match, seat), rng))
    return match, recorder.record()


def test_a_fair_match_records_what_verifies_it() -> None:
    match, record = fair_match()
    assert verify(dump_record(record)) == 3
    first = record["hands"][0]["fair"]
    assert first["contributions"] == [b"anna".hex(), b"bruno".hex()]
    assert first["commitment"] == match.commitment_for(1)
    # The hand in play shows its commitment and contributions, never its secret.
    assert "secret" not in record["hands"][-1]["fair"]
    assert match.fair_deal(match.hand_number).secret is None


def test_the_secret_is_kept_until_the_hand_is_over_and_entropy_only_goes_forward() -> None:
    match = Match(HEADS_UP, seed=9, fair=True)
    assert match.fair_deal(1).secret is None
    with pytest.raises(FairnessError, match="already dealt"):
        match.contribute(1, b"late")
    with pytest.raises(FairnessError):
        match.contribute(2, b"")
    with pytest.raises(FairnessError, match="verifiable"):
        Match(HEADS_UP, seed=9).commitment_for(1)


def _secret(record: dict[str, Any], index: int) -> str:
    return str(record["hands"][index]["fair"]["secret"])


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda r: r["hands"][0]["deck"].reverse(), "deck is not the one"),
        (
            lambda r: r["hands"][1]["fair"].update(secret=r["hands"][0]["fair"]["secret"]),
            "commitment",
        ),
        (lambda r: r["hands"][0]["fair"]["contributions"].append("ff"), "deck is not the one"),
        (lambda r: r["hands"][0]["fair"].update(commitment="0" * 64), "commitment"),
        (lambda r: r["hands"][0].pop("fair"), "not verifiable"),
        (lambda r: r["hands"][0]["fair"].update(secret="zz"), "not hex"),
        (lambda r: r.update(seed=r["seed"] + 1), "hand 1: the match seed 6 does not give"),
    ],
)
def test_a_tampered_record_fails_and_says_where(change: Any, words: str) -> None:
    _, record = fair_match()
    change(record)
    with pytest.raises(NotationError, match=words):
        verify(record)


def test_a_changed_action_fails_the_replay() -> None:
    _, record = fair_match()
    actions = record["hands"][0]["actions"]
    actions[1] = "discard JK" if actions[1] != "discard JK" else "discard 2C"
    with pytest.raises(NotationError, match="hand 1"):
        verify(record)


def test_scala40_verify_passes_a_real_record_and_fails_a_tampered_one(tmp_path: Path) -> None:
    _, record = fair_match()
    good = tmp_path / "good.json"
    good.write_text(dump_record(record), encoding="utf-8")
    result = CliRunner().invoke(main, ["verify", str(good)])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("verified: 3 hands")
    record["hands"][1]["deck"][0], record["hands"][1]["deck"][-1] = (
        record["hands"][1]["deck"][-1],
        record["hands"][1]["deck"][0],
    )
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record), encoding="utf-8")
    result = CliRunner().invoke(main, ["verify", str(bad)])
    assert result.exit_code == 1
    assert result.output.startswith("NOT verified: hand 2:")
    missing = CliRunner().invoke(main, ["verify", str(tmp_path / "none.json")])
    assert missing.exit_code == 2 and "cannot read" in missing.output


def test_verify_names_a_changed_seed_and_a_changed_penalty_in_words(tmp_path: Path) -> None:
    _, record = fair_match()
    seeded = copy.deepcopy(record)
    seeded["seed"] += 1
    path = tmp_path / "seed.json"
    path.write_text(dump_record(seeded), encoding="utf-8")
    result = CliRunner().invoke(main, ["verify", str(path)])
    assert result.exit_code == 1
    assert result.output.startswith("NOT verified: hand 1: the match seed 6 does not give")
    paid = copy.deepcopy(record)
    paid["hands"][0]["result"]["penalties"][1] += 1
    path = tmp_path / "paid.json"
    path.write_text(dump_record(paid), encoding="utf-8")
    result = CliRunner().invoke(main, ["verify", str(path)])
    assert result.exit_code == 1
    said = record["hands"][0]["result"]["penalties"]
    wrong = [said[0], said[1] + 1]
    assert result.output == (
        f"NOT verified: hand 1: the record says penalties {wrong}, the replay gives {said}\n"
    )
