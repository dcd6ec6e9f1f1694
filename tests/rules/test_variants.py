"""Every value of every rule key, alone and on top of the house preset, in whole random
matches: the rules hold at every step (RULES.md §1 conservation, §3 melds stay legal,
§7 nobody goes out in the first round, §10 the match ends with one winner)."""

from __future__ import annotations

import random
import zlib

import pytest

from scala40.engine.actions import Discard, DrawStock, TakeBack
from scala40.engine.analysis import meld_spec
from scala40.engine.legal import legal_actions
from scala40.engine.match import Match
from scala40.engine.melds import build_meld

from .helpers import rules
from .test_rule_keys import OTHER

STEPS = 160


def play_random(r, seed: int) -> int:
    """Random legal play (melding preferred); returns how many melds were laid."""
    rng = random.Random(seed)
    m = Match(r, seed=seed)
    laid = 0
    for _ in range(STEPS):
        if m.over:
            break
        hand = m.deal
        actions = legal_actions(hand)
        assert actions, "a player always has a legal action"
        melding = [a for a in actions if not isinstance(a, Discard | DrawStock | TakeBack)]
        action = rng.choice(melding if melding and rng.random() < 0.9 else actions)
        before = len(hand.table)
        m.apply(action)
        if m.deal is hand:
            hand.pack_count().check("the hand")
            assert hand.sizes == [sum(h) for h in hand.hands]
            for meld in hand.table:
                s = meld_spec(meld)
                again = build_meld(s.cards, s.declared, r, require_set_suits=False)
                assert again == meld, meld.text()
            laid += max(0, len(hand.table) - before)
        else:
            result = m.history[-1].result
            if result.winner is not None:
                assert hand.turns_done >= hand.n  # nobody goes out in the first round
            if not m.over:
                m.deal.pack_count().check("the hand")
    return laid


@pytest.mark.parametrize(("key", "text", "value"), OTHER, ids=[f"{k}={t}" for k, t, _ in OTHER])
@pytest.mark.parametrize("preset", [None, "house"])
def test_key_in_random_matches(key, text, value, preset):
    r = rules(preset, **{key: text})
    laid = play_random(r, seed=zlib.crc32(f"{key}={text}/{preset}".encode()))
    assert laid > 0  # melds went down under these rules
