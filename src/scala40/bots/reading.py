"""Reading the table: how likely the next player can use a card one may discard.

A club player avoids handing the next player a card it can lay off on the table (that is
public), but not one that goes with two cards in its hand (that is hidden). Fed such a
card, an opened player takes it from the pozzo, melds it and comes closer to going out;
a study of heads-up play found that a player who never fed the next hand would pay about
four points a hand less. What the table shows narrows the hidden part down: which cards
of a set or a run are still unseen, how many cards the next player holds, and what it did
with the cards it was offered — a card it left on the pozzo, or threw away itself, says it
could not use that card then, and so probably not its neighbours now.

:func:`features` turns one (view, card) question into numbers; :class:`Reader` weighs them
with a model fitted to self-play records (:mod:`scala40.reading_fit`, shipped as
``reading.json`` beside this module) and answers with a probability. Only the seat's view
is read: its own cards, the public table and the deal's public history of turns.
"""

from __future__ import annotations

import json
import math
import pkgutil
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from scala40.engine.cards import HIGH_ACE, JOKER, KINDS
from scala40.engine.melds import fit_map
from scala40.engine.views import PlayerView

NAMES: Final = (
    "bias",
    "opened",
    "share",
    "set_chance",
    "run_chance",
    "joker_chance",
    "any_chance",
    "log_any_chance",
    "hand_size",
    "turns_opened",
    "declined_same",
    "declined_mate",
    "declined_near",
    "declined_far",
    "discarded_same",
    "discarded_mate",
    "discarded_near",
    "discarded_far",
    "recent_declined_same",
    "recent_declined_near",
    "took_related",
    "mates_unseen",
    "near_unseen",
    "face",
    "more_players",
    "unopened_takes",
    "fits_table",
    "fits_table_opened",
)
"""The features, in order (the model file names them too, so a stale file is refused)."""

RECENT: Final = 4
"""Turns of the next player counted as recent: what it declined lately is what it holds."""


def _relation(a: int, b: int) -> int:
    """0 unrelated, 1 the same kind, 2 same rank other suit, 3 same suit one apart,
    4 same suit two apart (the ace counts low and high)."""
    if a == b:
        return 1
    if a >= JOKER or b >= JOKER:
        return 0
    sa, ra = divmod(a, 13)
    sb, rb = divmod(b, 13)
    if ra == rb:
        return 2
    if sa != sb:
        return 0
    # The ace sits below the two and above the king (a run never turns the corner).
    d = min(abs(pa - pb) for pa in _POSITIONS[ra] for pb in _POSITIONS[rb])
    if d == 1:
        return 3
    if d == 2:
        return 4
    return 0


_POSITIONS: Final = tuple((1, HIGH_ACE) if r == 0 else (r + 1,) for r in range(13))
"""A rank's places in a run (index: kind % 13): the ace is low and high."""


def _run_neighbours(card: int) -> list[tuple[int, int]]:
    """The pairs of same-suit kinds that make a run of three with ``card``."""
    s, r0 = divmod(card, 13)
    rank = r0 + 1
    out = []
    positions = [rank] if rank != 1 else [1, HIGH_ACE]
    for pos in positions:
        for lo in (pos - 2, pos - 1, pos):
            window = [q for q in (lo, lo + 1, lo + 2) if q != pos]
            if lo < 1 or lo + 2 > HIGH_ACE:
                continue
            out.append((s * 13 + (window[0] - 1) % 13, s * 13 + (window[1] - 1) % 13))
    return out


def goes_with(card: int, hand: Sequence[int]) -> bool:
    """Whether ``card`` makes a meld of three with two cards of ``hand`` (copies by kind):
    two other suits of its rank, two neighbours of its run, or a joker and one of those.

    A player keeps such a card, and takes it from the pozzo once opened, so one it threw
    or left says its hand did not hold the two (:mod:`scala40.bots.worlds` reads it so).
    A joker goes with any hand that holds a card; the table's rule keys (jokers a meld,
    naturals) are not weighed: this is a reading of what a player keeps, not a referee.
    """
    if card >= JOKER:
        return any(hand)
    suit, r0 = divmod(card, 13)
    mates = [t * 13 + r0 for t in range(4) if t != suit]
    held = sum(1 for k in mates if hand[k])
    if held >= 2:
        return True
    pairs = _run_neighbours(card)
    if any(hand[x] and hand[y] for x, y in pairs):
        return True
    return bool(hand[JOKER]) and (held > 0 or any(hand[x] or hand[y] for x, y in pairs))


@dataclass(frozen=True, slots=True)
class Table:
    """What one seat's view says about the next player, computed once per decision."""

    view: PlayerView
    player: int
    """The player the cards would be handed to (index in the deal's order)."""
    left: tuple[int, ...]
    """Copies of each kind the seat cannot place (unseen), by kind."""
    share: float
    """The chance that one given unseen copy is in ``player``'s hidden cards."""
    held: tuple[int, ...]
    """Copies of each kind ``player`` is publicly known to hold."""
    fitting: frozenset[int]
    """Kinds anyone opened could lay off on the table now (a public feed)."""

    @staticmethod
    def of(view: PlayerView, player: int) -> Table:
        left = [0] * KINDS
        for k in view.unseen():
            left[k] += 1
        held = [0] * KINDS
        for k in view.known[player]:
            held[k] += 1
        unseen = sum(left)
        hidden = view.hand_sizes[player] - len(view.known[player])
        share = min(1.0, hidden / unseen) if unseen > 0 else 0.0
        fitting = frozenset(k for m in view.table for k in fit_map(m, view.rules))
        return Table(view, player, tuple(left), share, tuple(held), fitting)

    def present(self, kind: int) -> float:
        """The chance that ``player`` holds at least one copy of ``kind``."""
        if self.held[kind]:
            return 1.0
        n = self.left[kind]
        if n <= 0:
            return 0.0
        return 1.0 - (1.0 - self.share) ** n


def features(table: Table, card: int) -> list[float]:
    """The numbers :class:`Reader` weighs for handing ``card`` to ``table.player``."""
    view = table.view
    q = table.player
    present = table.present
    joker = present(JOKER)
    if card == JOKER:
        set_chance = run_chance = joker_chance = 1.0
        mates_unseen = near_unseen = 0.0
    else:
        s, r0 = divmod(card, 13)
        mates = [t * 13 + r0 for t in range(4) if t != s]
        pairs = _run_neighbours(card)
        near = {x for pair in pairs for x in pair}
        # At least two of the other three suits of the rank: a set of three.
        a, b, c = (present(k) for k in mates)
        set_chance = a * b + a * c + b * c - 2 * a * b * c
        miss = 1.0
        for x, y in pairs:
            miss *= 1.0 - present(x) * present(y)
        run_chance = 1.0 - miss
        mates_unseen = float(sum(table.left[k] for k in mates))
        near_unseen = float(sum(table.left[k] for k in near))
        # A joker and any one related card: a set or a run too.
        single = 1.0
        for k in near.union(mates):
            single *= 1.0 - present(k)
        joker_chance = joker * (1.0 - single)
    any_chance = 1.0 - (1.0 - set_chance) * (1.0 - run_chance) * (1.0 - joker_chance)
    declined = [0.0] * 5
    discarded = [0.0] * 5
    recent_same = recent_near = 0.0
    took = 0.0
    turns_opened = 0
    seen_turns = 0
    for past in reversed(view.history):
        if past.player != q:
            continue
        seen_turns += 1
        if past.opened:
            turns_opened += 1
        if past.offered is not None:
            rel = _relation(past.offered, card)
            if past.took:
                if rel:
                    took += 1.0
            elif past.opened and rel:
                declined[rel] += 1.0
                if seen_turns <= RECENT:
                    if rel == 1:
                        recent_same += 1.0
                    elif rel in (2, 3):
                        recent_near += 1.0
        rel = _relation(past.discard, card)
        if rel:
            discarded[rel] += 1.0
    fits = 1.0 if card in table.fitting else 0.0
    face = 0.0
    if card != JOKER:
        face = min(10, card % 13 + 1) / 10.0 if card % 13 else 1.0
    return [
        1.0,
        1.0 if view.opened[q] else 0.0,
        table.share,
        set_chance,
        run_chance,
        joker_chance,
        any_chance,
        math.log(max(any_chance, 1e-4)),
        view.hand_sizes[q] / 13.0,
        min(turns_opened, 12) / 12.0,
        declined[1],
        declined[2],
        declined[3],
        declined[4],
        discarded[1],
        discarded[2],
        discarded[3],
        discarded[4],
        recent_same,
        recent_near,
        took,
        mates_unseen / 6.0,
        near_unseen / 12.0,
        face,
        (len(view.seats) - 2) / 4.0,
        0.0 if view.opened[q] or view.rules.open_from_pozzo == "no" else 1.0,
        fits,
        fits if view.opened[q] else 0.0,
    ]


SETTINGS: Final = ("heads_up", "table")
"""The reading model has one set of weights per setting: two players, or more."""


def setting_of(view: PlayerView) -> str:
    """Which of :data:`SETTINGS` a view's deal is played in."""
    return "heads_up" if len(view.seats) == 2 else "table"


class Reader:
    """The fitted model: a logistic weighing of :func:`features`, one per setting."""

    def __init__(self, weights: dict[str, dict[str, float]]) -> None:
        self.weights: dict[str, list[float]] = {}
        for setting in SETTINGS:
            given = weights.get(setting)
            if given is None:
                raise ValueError(f"the reading model has no weights for the {setting} setting")
            missing = [n for n in NAMES if n not in given]
            if missing:
                raise ValueError(f"the reading model lacks weights for {', '.join(missing)}")
            self.weights[setting] = [given[n] for n in NAMES]

    @staticmethod
    def load() -> Reader:
        """The model shipped with the package (``reading.json``), read through the
        package's loader (:func:`pkgutil.get_data`): ``importlib.resources`` would import
        ``zipfile`` and with it ``threading``, which a Web Worker's Python must not need."""
        raw = pkgutil.get_data("scala40.bots", "reading.json")
        if raw is None:
            raise ValueError("the reading model (scala40/bots/reading.json) cannot be read")
        data = json.loads(raw.decode("utf-8"))
        return Reader({s: m["weights"] for s, m in data["models"].items()})

    def chance(self, table: Table, card: int) -> float:
        """The probability that ``table.player`` could take ``card`` from the pozzo."""
        weights = self.weights[setting_of(table.view)]
        z = sum(w * x for w, x in zip(weights, features(table, card), strict=True))
        if z < -30.0:
            return 0.0
        return 1.0 / (1.0 + math.exp(-z))
