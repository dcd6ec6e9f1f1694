"""Fast play-outs for search: finish a determinized hand with a cheap, sensible policy.

Search bots (:mod:`scala40.bots.strong`) play many hands to their end inside worlds
dealt by :func:`~scala40.engine.views.resample`. A play-out must end hands the way real
players do: OpenSpiel's random rollouts never go out, and even a quick "open with natural
melds, throw the costliest loose card" policy (:func:`play_out`) drags a two-player hand
to about 68 turns where real players finish in about 22, which values every card wrongly
(a joker nobody uses, a hand that never ends). :func:`heuristic_play_out` therefore lets
the club player of :mod:`scala40.bots.heuristic` play every seat, straight on the dealt
world (no second dealing per decision); its hands are short, so it costs about as much
per play-out as the quick policy. The quick policy stays for the benchmarks.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Protocol

from scala40.bots.base import TURN_MOVES, ending_move
from scala40.bots.greedy import GreedyBot
from scala40.bots.heuristic import HeuristicBot
from scala40.engine.actions import (
    Action,
    Discard,
    DrawStock,
    LayOff,
    Meld,
    MeldSpec,
    Open,
    TakeBack,
)
from scala40.engine.cards import JOKER, KINDS, card_value_table, penalty_table
from scala40.engine.errors import IllegalAction
from scala40.engine.melds import HIGH, LOW, SWAP
from scala40.engine.phases import DRAW
from scala40.engine.state import Deal
from scala40.engine.views import PlayerView

MAX_TURNS = 300
"""A play-out still going after this many turns stops and is scored as it stands."""


def natural_melds(counts: list[int], values: tuple[int, ...]) -> tuple[list[MeldSpec], int]:
    """Disjoint joker-free melds found greedily (sets first or runs first, the better)."""
    best: list[MeldSpec] = []
    best_points = 0
    for sets_first in (True, False):
        work = counts[:]
        melds: list[MeldSpec] = []
        points = 0
        for sets in (sets_first, not sets_first):
            if sets:
                for r0 in range(13):
                    group = [k for k in (r0, 13 + r0, 26 + r0, 39 + r0) if work[k]]
                    if len(group) >= 3:
                        for k in group:
                            work[k] -= 1
                        melds.append(MeldSpec(tuple(group)))
                        points += len(group) * values[14 if r0 == 0 else r0 + 1]
                continue
            for base in (0, 13, 26, 39):
                start = 0
                for r in range(1, 16):
                    k = base + (r - 1 if r < 14 else 0)
                    if r < 15 and work[k] > 0 and not (r == 14 and start == 1):
                        if not start:
                            start = r
                        continue
                    if start and r - start >= 3:
                        run = tuple(base + (q - 1 if q < 14 else 0) for q in range(start, r))
                        for c in run:
                            work[c] -= 1
                        melds.append(MeldSpec(run))
                        points += sum(values[start:r])
                    start = 0
        if points > best_points:
            best, best_points = melds, points
    return best, best_points


def loose_card(counts: list[int], card: int) -> bool:
    """No partner in hand: no same rank in another suit, no same suit within two ranks."""
    if card == JOKER:
        return False
    s, r = card // 13, card % 13
    for t in range(4):
        if t != s and counts[t * 13 + r]:
            return False
    base = s * 13
    for d in (-2, -1, 1, 2):
        q = (r + d) % 13
        if counts[base + q] and (q == r + d or q == 0 or r == 0):
            return False
    return True


def finish_turn(deal: Deal, rng: random.Random) -> None:
    """Play the rest of the current player's turn after the draw."""
    p = deal.current
    rules = deal.rules
    values = card_value_table(rules.face_values)
    if not deal.opened[p]:
        melds, points = natural_melds(deal.hands[p], values)
        left = deal.sizes[p] - sum(len(m.cards) for m in melds)
        if melds and points >= rules.opening_points and left >= (1 if deal.first_round_done else 2):
            _try(deal, Open(tuple(melds)))
    if deal.opened[p]:
        for spec in natural_melds(deal.hands[p], values)[0]:
            if deal.sizes[p] - len(spec.cards) < 1 or not _try(deal, Meld(spec)):
                break
        _lay_off_all(deal)
    if deal.phase != DRAW and not deal.over and deal.current == p:
        _discard(deal, rng)


def _try(deal: Deal, action: object) -> bool:
    try:
        deal.apply(action)  # type: ignore[arg-type]
    except IllegalAction:
        return False
    return True


def _lay_off_all(deal: Deal) -> None:
    p = deal.current
    progress = True
    while progress and deal.sizes[p] > 1:
        progress = False
        counts = deal.hands[p]
        for k, targets in list(deal.fits().items()):
            if not counts[k] or deal.sizes[p] <= 1:
                continue
            for t, how in targets:
                if how != SWAP and _try(deal, LayOff(k, t, how)):
                    progress = True
                    break
            if progress:
                break
    t = 0
    while deal.hands[p][JOKER] and deal.sizes[p] > 1 and t < len(deal.table):
        meld = deal.table[t]
        if meld.is_run and not meld.jokers:
            for end in (HIGH, LOW):
                if _try(deal, LayOff(JOKER, t, end)):
                    break
        t += 1


def _discard(deal: Deal, rng: random.Random) -> None:
    """The costliest loose card, else the costliest legal card; take back if cornered."""
    p = deal.current
    counts = deal.hands[p]
    pay = penalty_table(deal.rules.face_values)
    kinds = [k for k in range(KINDS) if counts[k] and deal.can_discard(k)]
    if not kinds:
        if deal.turn.actions_now:
            deal.apply(TakeBack())
            kinds = [k for k in range(KINDS) if deal.hands[p][k] and deal.can_discard(k)]
        if not kinds:
            # Obligations (a pozzo card, a recovered joker): let the greedy bot, which
            # plans for them, finish the turn.
            _finish_with_greedy(deal, rng)
            return
    loose = [k for k in kinds if loose_card(counts, k)]
    pool = loose or kinds
    top = max(pay[k] for k in pool)
    choice = rng.choice([k for k in pool if pay[k] == top])
    deal.apply(Discard(choice))


def _finish_with_greedy(deal: Deal, rng: random.Random) -> None:
    bot = GreedyBot()
    p = deal.current
    for _ in range(200):
        if deal.over or deal.current != p or deal.phase == DRAW:
            return
        deal.apply(bot.choose(PlayerView.of(deal, deal.seats[p]), rng))
    raise RuntimeError("a play-out could not end a turn")  # pragma: no cover


def play_out(deal: Deal, rng: random.Random) -> None:
    """Play ``deal`` (a determinized world) to its end, or until :data:`MAX_TURNS`."""
    turns = 0
    if deal.phase != DRAW and not deal.over:
        finish_turn(deal, rng)
    while not deal.over and turns < MAX_TURNS:
        deal.apply(DrawStock())
        finish_turn(deal, rng)
        turns += 1


class Policy(Protocol):
    """A player that decides in a world already dealt (the club player, the expert): what
    a play-out or a search's plan asks of a seat."""

    def choose_in(self, view: PlayerView, world: Deal, rng: random.Random) -> Action:
        """The move for the current seat of ``world``, whose view is ``view``."""
        ...


HEURISTIC_TURNS = 200
"""A club-player play-out still going after this many turns is scored as it stands."""


def heuristic_play_out(
    deal: Deal, rng: random.Random, seats: Mapping[int, Policy] | None = None
) -> None:
    """Play ``deal`` (a determinized world) to its end with the club player in every seat
    (or, for a player of ``seats``, its own policy: a search's seat played by the expert).

    A plan under search may leave a seat where the club player would never stand (a pozzo
    card it would not have taken), and from there it can go round in a loop within the
    turn; past :data:`~scala40.bots.base.TURN_MOVES` moves the turn is ended for it, as a
    table does, so every play-out ends."""
    bots: list[Policy] = [HeuristicBot() for _ in range(deal.n)]
    for p, policy in (seats or {}).items():
        bots[p] = policy
    start = turn = deal.turns_done
    moves = 0
    while not deal.over and deal.turns_done - start < HEURISTIC_TURNS:
        if deal.turns_done != turn:
            turn, moves = deal.turns_done, 0
        moves += 1
        p = deal.current
        if moves > TURN_MOVES:
            deal.apply(ending_move(deal))
            continue
        view = PlayerView.of(deal, deal.seats[p])
        deal.apply(bots[p].choose_in(view, deal, rng))


def outcome(deal: Deal, player: int) -> float:
    """How well ``player`` did: the others' mean penalty minus its own, in hundreds."""
    pays = _penalties(deal)
    others = [x for q, x in enumerate(pays) if q != player]
    return (sum(others) / len(others) - pays[player]) / 100.0


def match_value(deal: Deal, player: int, view: PlayerView) -> float | None:
    """How well ``player`` stands in the match once ``deal`` is scored, from 0 to 1.

    In a match to an elimination total what counts is not the hand's penalty but the
    room each player keeps under the limit: a player's chance of outlasting the others is
    taken as its share of the total room left (a player pushed over the limit has none).
    This makes the search go out against an opponent one penalty away from elimination,
    and play safe near the limit itself. ``None`` when the view holds no match scores or
    the match ends otherwise (single hand, target total, fixed hands, re-entry, teams):
    then the hand's own :func:`outcome` is the measure.
    """
    rules = view.rules
    if (
        not view.scores
        or rules.single_hand
        or rules.target_total is not None
        or rules.fixed_hands is not None
        or rules.reentry
        or rules.partnerships
    ):
        return None
    pays = _penalties(deal)
    totals = [view.scores[seat] + pays[q] for q, seat in enumerate(deal.seats)]
    room = [max(0, rules.elimination - t) for t in totals]
    if not any(room):
        # Everybody over the limit at once: the lowest total wins.
        return 1.0 if totals[player] == min(totals) else 0.0
    return room[player] / sum(room)


def _penalties(deal: Deal) -> list[int]:
    if deal.result is not None:
        return list(deal.result.penalties)
    pay = penalty_table(deal.rules.face_values)
    return [sum(pay[k] * c for k, c in enumerate(h)) for h in deal.hands]
