"""The reading model: it reads one seat's view only, and it tells feeding cards apart."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from scala40.bots.base import world_of
from scala40.bots.expert import ExpertBot, reader
from scala40.bots.reading import NAMES, Reader, Table, features
from scala40.engine.actions import Discard
from scala40.engine.discard import legal_discards
from scala40.engine.rules import Rules
from scala40.engine.state import Deal
from scala40.engine.views import PlayerView
from scala40.reading_fit import feeds
from scala40.reading_fit import main as fit_main

from .positions import club_play
from .positions import twin as twin_of


def discard_offers(rules: Rules, hands: int, seed: int) -> Iterator[tuple[Deal, PlayerView]]:
    """Club-player positions at each discard where the next player may take it."""
    for hand, view, action in club_play(rules, hands, seed):
        if isinstance(action, Discard) and hand.opened[(hand.current + 1) % hand.n]:
            yield hand, view


def test_what_the_next_player_holds_does_not_change_the_reading() -> None:
    rules = Rules.build(None, {"players": "2"})
    checked = 0
    for hand, view in discard_offers(rules, 12, seed=3):
        me = hand.current
        twin = twin_of(hand, hand.seats[me])
        assert twin.hands[(me + 1) % hand.n] != hand.hands[(me + 1) % hand.n]
        twin_view = PlayerView.of(twin, hand.seats[me])
        assert twin_view == view
        nxt = (me + 1) % hand.n
        table, twin_table = Table.of(view, nxt), Table.of(twin_view, nxt)
        for card in set(view.hand):
            assert features(table, card) == features(twin_table, card)
        expert = ExpertBot()
        assert expert.choose(view, random.Random(1)) == expert.choose(twin_view, random.Random(1))
        checked += 1
    assert checked > 20


def _auc(scores: list[tuple[float, bool]]) -> float:
    pos = [s for s, y in scores if y]
    neg = [s for s, y in scores if not y]
    wins = sum((p > n) + 0.5 * (p == n) for p in pos for n in neg)
    return wins / (len(pos) * len(neg))


@pytest.mark.parametrize(("preset", "players"), [(None, 2), ("house", 4)])
def test_the_shipped_model_ranks_feeding_cards_above_safe_ones(
    preset: str | None, players: int
) -> None:
    """On fresh hands (not the training seeds) a card the next player could take from the
    pozzo gets a higher chance than one it could not, far more often than by luck."""
    rules = Rules.build(preset, {"players": str(players)})
    model = reader()
    scores: list[tuple[float, bool]] = []
    for hand, view in discard_offers(rules, 40 if players == 2 else 12, seed=99):
        nxt = (hand.current + 1) % hand.n
        table = Table.of(view, nxt)
        for card in legal_discards(world_of(view)):
            scores.append((model.chance(table, card), feeds(hand, card)))
    feeding = sum(y for _, y in scores)
    assert 20 < feeding < len(scores)
    assert _auc(scores) > 0.65
    assert all(0.0 <= s <= 1.0 for s, _ in scores)


def test_a_model_file_without_a_feature_is_refused_by_name() -> None:
    weights = {n: 0.0 for n in NAMES if n != "declined_same"}
    with pytest.raises(ValueError, match="declined_same"):
        Reader({"heads_up": weights, "table": {n: 0.0 for n in NAMES}})
    with pytest.raises(ValueError, match="table"):
        Reader({"heads_up": {n: 0.0 for n in NAMES}})


def test_the_fitting_command_writes_a_model_the_bots_can_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "reading.json"
    fit_main(["--hands", "40", "--workers", "1", "--seed", "5", "--out", str(out)])
    printed = capsys.readouterr().out
    assert "heads_up" in printed and "auc" in printed and "model written" in printed
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["names"] == list(NAMES)
    assert set(data["models"]) == {"heads_up", "table"}
    held = data["models"]["heads_up"]["held_out"]
    assert held["records"] > held["held_out_records"] > 0
    model = Reader({s: m["weights"] for s, m in data["models"].items()})
    rules = Rules.build(None, {"players": "2"})
    hand, view = next(discard_offers(rules, 5, seed=1))
    chance = model.chance(Table.of(view, (hand.current + 1) % hand.n), view.hand[0])
    assert 0.0 <= chance <= 1.0
