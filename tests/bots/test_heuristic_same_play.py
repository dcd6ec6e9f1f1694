"""The club player plays the same hands the same way, only faster.

Its speed work (solver answers remembered across decisions, sentences built only for a
hint, the engine's own legal lists trusted without a second check, a cheaper view cut and
world deal) must not change one decision: the same view and the same random generator
give the same action, and use the generator the same way.

``GOLDEN`` holds digests of heads-up self-play recorded with the bot and views as they were
before that work, on the same engine: every action of every hand, the generator's state
after each hand and the fallback counts. They were recorded once more when ``choose``
stopped drawing a shuffled world from the generator (its world only answers what is
legal): ``test_the_decision_is_the_same_in_any_world_the_view_allows`` shows that this
changed how the generator is drawn, not a decision. Play that changes on purpose (a new weight, an
engine rule fix) records new digests: ``python tests/bots/test_heuristic_same_play.py``
prints them.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterator

import pytest

from scala40.bots import HeuristicBot
from scala40.engine.cards import KINDS, pack_counts, pack_list
from scala40.engine.rules import Rules
from scala40.engine.state import Deal
from scala40.engine.views import PlayerView, checking_world, resample

TABLES: dict[str, tuple[tuple[str | None, dict[str, str]], range]] = {
    # The benchmark's table (scala40 bench, heuristic_hands_per_s).
    "2p": ((None, {"players": "2"}), range(60)),
    "4p": ((None, {"players": "4"}), range(8)),
    "house_3p": (("house", {"players": "3"}), range(8)),
    "pozzo_opening": (
        (None, {"players": "3", "open_from_pozzo": "opening", "open_without_jokers": "strict"}),
        range(8),
    ),
    "3_decks": (
        (
            None,
            {
                "players": "5",
                "decks": "3",
                "face_values": "high",
                "go_out_without_discard": "true",
                "stock_out": "end_hand",
            },
        ),
        range(6),
    ),
}

GOLDEN = {
    "2p": "31b46d16e78aae9984f6edeb2b4843ba1f7defce6d98b3c0b34f7dd8d3609ca8",
    "4p": "aa4cba92505edbee1e3fce19fddaac820d384728abf1357653badfc9c89ea614",
    "house_3p": "d0d841b0b8bc236be407ed8d120aeb71387498a04fb4b8e94d38b825db379fe1",
    "pozzo_opening": "95f14cc9a85a66077d18e9e07198f744450d21e1e828a0f0f87b1c82314a3a59",
    "3_decks": "f21a7e105c6644ae31014d7a023bc23f151dcfd01b5d35247821cfe7bb61243d",
}


def _rules(table: str) -> Rules:
    preset, keys = TABLES[table][0]
    return Rules.build(preset, keys)


def _dealt(rules: Rules, rng: random.Random) -> Deal:
    """A hand dealt as the benchmark deals it."""
    deck = pack_list(rules.decks, rules.joker_count)
    rng.shuffle(deck)
    return Deal.deal(rules, deck, shuffle_seed=rng.getrandbits(32))


def self_play(
    rules: Rules,
    seeds: range,
    bot: Callable[[], HeuristicBot] = HeuristicBot,
    view_of: Callable[[Deal, int], PlayerView] = PlayerView.of,
) -> str:
    """The digest of club-player self-play: one hand per seed, every seat the bot."""
    digest = hashlib.sha256()
    for seed in seeds:
        rng = random.Random(seed)
        hand = _dealt(rules, rng)
        bots = [bot() for _ in range(hand.n)]
        steps = 0
        while not hand.over and steps < 1000:
            action = bots[hand.current].choose(view_of(hand, hand.seats[hand.current]), rng)
            digest.update(repr(action).encode())
            hand.apply(action)
            steps += 1
        fallbacks = [b.fallbacks for b in bots]
        digest.update(f"|{seed} {steps} {rng.getrandbits(32)} {fallbacks}|".encode())
    return digest.hexdigest()


@pytest.mark.parametrize("table", sorted(TABLES))
def test_self_play_is_what_it_was(table: str) -> None:
    assert self_play(_rules(table), TABLES[table][1]) == GOLDEN[table]


def _positions(table: str, hands: int) -> Iterator[tuple[Deal, PlayerView]]:
    """Every decision of a few self-play hands: the true hand and the deciding seat's view."""
    rules = _rules(table)
    for seed in range(hands):
        rng = random.Random(1000 + seed)
        hand = _dealt(rules, rng)
        bots = [HeuristicBot() for _ in range(hand.n)]
        while not hand.over:
            view = PlayerView.of(hand, hand.seats[hand.current])
            yield hand, view
            hand.apply(bots[hand.current].choose(view, rng))


@pytest.mark.parametrize("table", ["2p", "house_3p"])
def test_a_hint_names_the_action_the_bot_plays(table: str) -> None:
    """The explained choice (sentences built) and the bare one (none built) agree, and use
    the generator alike."""
    for i, (_, view) in enumerate(_positions(table, 4)):
        if i % 3:
            continue
        told, played = random.Random(i), random.Random(i)
        hint = HeuristicBot().hint(view, told)
        assert hint.action == HeuristicBot().choose(view, played)
        assert hint.text
        assert told.getstate() == played.getstate()


@pytest.mark.parametrize("table", ["2p", "pozzo_opening", "3_decks"])
def test_the_decision_is_the_same_in_any_world_the_view_allows(table: str) -> None:
    """The bot asks its world only what is legal for itself, which the view settles: so
    the world dealt in a fixed order (``checking_world``, what ``choose`` now uses) and
    any randomly dealt one give the same action. (The digests above were recorded again
    when ``choose`` stopped shuffling a world: the generator is drawn less, the play is
    this test's.)"""
    decisions = 0
    for i, (_, view) in enumerate(_positions(table, 3)):
        if i % 2:
            continue
        fixed = HeuristicBot().choose_in(view, checking_world(view), random.Random(i))
        for w in range(3):
            world = resample(view, random.Random(i * 7 + w))
            assert HeuristicBot().choose_in(view, world, random.Random(i)) == fixed
        decisions += 1
    assert decisions > 20


def _reference_unseen(view: PlayerView) -> list[int]:
    """:meth:`PlayerView.unseen` counted the plain way."""
    left = pack_counts(view.rules.decks, view.rules.joker_count)
    for k in view.hand + view.pozzo + view.stock_bottom:
        left[k] -= 1
    for m in view.table:
        for k in m.cards():
            left[k] -= 1
    for p, cards in enumerate(view.known):
        if p != view.me:
            for k in cards:
                left[k] -= 1
    return [k for k in range(KINDS) for _ in range(left[k])]


def _dealt_from(view: PlayerView, rng: random.Random) -> tuple[list[list[int]], list[int]]:
    """What ``resample`` must deal: the unseen cards shuffled by ``rng.shuffle``, each other
    player taking the last ones of the pool in turn, the rest under the known bottom cards."""
    pool = _reference_unseen(view)
    rng.shuffle(pool)
    hands = [[0] * KINDS for _ in view.seats]
    for p, counts in enumerate(hands):
        cards = list(view.hand) if p == view.me else list(view.known[p])
        if p != view.me:
            cards += [pool.pop() for _ in range(view.hand_sizes[p] - len(view.known[p]))]
        for k in cards:
            counts[k] += 1
    return hands, [*view.stock_bottom, *pool]


@pytest.mark.parametrize("table", sorted(TABLES))
def test_views_and_worlds_are_cut_and_dealt_as_before(table: str) -> None:
    """A view holds what the true hand says; ``resample`` deals what shuffling the unseen
    cards with ``random.shuffle`` deals, then draws the reshuffle seed, using the generator
    exactly as that does."""
    for hand, view in _positions(table, 2):
        assert view.hand == tuple(hand.hand_cards(hand.current))
        assert view.known == tuple(
            tuple(k for k in range(KINDS) for _ in range(h[k])) for h in hand.known
        )
        pool = _reference_unseen(view)
        assert view.unseen() == pool
        assert view.unseen() == pool, "asked twice, the same answer"
        ours, theirs = random.Random(len(pool)), random.Random(len(pool))
        world = resample(view, ours)
        hands, stock = _dealt_from(view, theirs)
        assert (world.hands, world.stock) == (hands, stock)
        assert world.shuffle_seed == theirs.getrandbits(63)
        assert ours.getstate() == theirs.getstate()


def test_a_generator_of_another_kind_shuffles_its_own_way() -> None:
    """A generator class with its own ``random`` is asked through its own ``shuffle``."""

    class Coarse(random.Random):
        def random(self) -> float:
            return super().random() / 2

    for _, view in _positions("2p", 1):
        world = resample(view, Coarse(5))
        assert (world.hands, world.stock) == _dealt_from(view, Coarse(5))


if __name__ == "__main__":
    for name in sorted(TABLES):
        print(f'    "{name}": "{self_play(_rules(name), TABLES[name][1])}",')
