"""A match: hands one after another, scores, dealer rotation, elimination and re-entry.

Randomness is the match's own: every hand's deck order and reshuffle seed derive from
the match seed and the hand number, so a match replays exactly from its seed (or from
the recorded decks). With no seed the seed comes from the operating system's
cryptographic source and stays inside the true state; views never carry it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import assert_never

from scala40.engine.actions import Action
from scala40.engine.cards import pack_list
from scala40.engine.errors import IllegalAction, Refusal
from scala40.engine.fairness import (
    FairDeal,
    FairnessError,
    check_contribution,
    commitment,
    deal_seed,
    hand_secret,
    shuffled,
)
from scala40.engine.phases import Drew
from scala40.engine.position import HandResult
from scala40.engine.rules import ANY, Rules
from scala40.engine.state import Deal


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One finished hand as the score sheet sees it (seats, not hand-local indices)."""

    number: int
    dealer: int
    seats: tuple[int, ...]
    result: HandResult
    penalties: dict[int, int]
    """What each seat of the hand paid."""
    totals: dict[int, int]
    """Running totals after the hand (per seat, or per team with partnerships)."""
    eliminated: tuple[int, ...]
    reentered: dict[int, int]
    """Seats (or teams) that re-entered after this hand, with the total they re-entered at."""


class Match:
    """The true state of a whole match."""

    __slots__ = (
        "contributions",
        "deal",
        "dealer",
        "deals",
        "eliminated",
        "fair",
        "hand_number",
        "history",
        "playoff",
        "reentries",
        "rules",
        "seed",
        "totals",
        "winner",
    )

    def __init__(
        self,
        rules: Rules,
        seed: int | None = None,
        first_dealer: int | None = None,
        deals: Mapping[int, tuple[Sequence[int], int]] | None = None,
        *,
        fair: bool = False,
        contributions: Mapping[int, Sequence[bytes]] | None = None,
    ) -> None:
        """Start a match; ``deals`` maps hand numbers to recorded (deck, shuffle seed)
        pairs that take the place of the seed's (replaying a record, setting up puzzles).

        ``fair``: every hand is shuffled the verifiable way (:mod:`~scala40.engine.fairness`):
        from a secret committed to before the deal and the seats' ``contributions`` (by hand
        number; later hands take theirs through :meth:`contribute`)."""
        self.rules = rules
        self.deals = dict(deals) if deals else {}
        self.fair = fair
        self.contributions: dict[int, list[bytes]] = {}
        for number, given in (contributions or {}).items():
            for data in given:
                check_contribution(data)
            self.contributions[number] = list(given)
        self.seed = random.SystemRandom().getrandbits(64) if seed is None else seed
        units = self.units
        self.totals = [0] * units
        self.eliminated = [False] * units
        self.reentries = [0] * units
        self.history: list[HandRecord] = []
        self.playoff: tuple[int, ...] | None = None
        self.winner: int | None = None
        self.hand_number = 0
        rng = self._rng("dealer")
        self.dealer = rng.randrange(rules.players) if first_dealer is None else first_dealer
        # The first hand is dealt by ``dealer``; later hands pass the deal to the left.
        self.dealer = (self.dealer - 1) % rules.players
        self.deal = self._deal_next()

    # Reading --------------------------------------------------------------------------
    def __repr__(self) -> str:
        """The match as its score sheet tells it, for debuggers and logs: the hand, its
        dealer, the totals, the winner once there is one. Not the seed: it names every
        deal (and a verifiable table's secrets).

        >>> Match(Rules.build(None, {"players": "2"}), seed=7, first_dealer=0)
        Match(2 players, hand 1 dealt by seat 0, seat 1 to play; totals [0, 0])
        """
        where = (
            f"winner seat {self.winner}"
            if self.winner is not None
            else f"seat {self.current_seat} to play"
        )
        return (
            f"Match({self.rules.players} players, hand {self.hand_number} dealt by seat "
            f"{self.dealer}, {where}; totals {self.totals})"
        )

    @property
    def units(self) -> int:
        """Scoring units: seats, or teams with partnerships (:meth:`Rules.units`)."""
        return self.rules.units

    def team_of(self, seat: int) -> int:
        """The seat's scoring unit (:meth:`Rules.unit_of`)."""
        return self.rules.unit_of(seat)

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def hand_untouched(self) -> bool:
        """No move has been made in the hand now dealt: who plays a seat may change now
        as between two hands, as nobody would take over a half-played hand."""
        deal = self.deal
        return not self.over and not deal.history and deal.turn.drew is Drew.NOTHING

    @property
    def current_seat(self) -> int:
        return self.deal.seats[self.deal.turn.player]

    def active_seats(self) -> list[int]:
        seats = range(self.rules.players)
        if self.playoff is not None:
            return [s for s in seats if self.team_of(s) in self.playoff]
        return [s for s in seats if not self.eliminated[self.team_of(s)]]

    def clone(self) -> Match:
        c = Match.__new__(Match)
        c.rules = self.rules
        c.seed = self.seed
        c.deals = self.deals
        c.fair = self.fair
        c.contributions = {n: cs[:] for n, cs in self.contributions.items()}
        c.totals = self.totals[:]
        c.eliminated = self.eliminated[:]
        c.reentries = self.reentries[:]
        c.history = self.history[:]
        c.playoff = self.playoff
        c.winner = self.winner
        c.hand_number = self.hand_number
        c.dealer = self.dealer
        c.deal = self.deal.clone()
        return c

    # Dealing ----------------------------------------------------------------------------
    def _rng(self, what: str) -> random.Random:
        return random.Random(f"scala40:{self.seed}:{what}")

    def deck_for(self, number: int) -> tuple[list[int], int]:
        """The deck order (top card last) and reshuffle seed of hand ``number``."""
        if number in self.deals:
            deck_, shuffle_seed_ = self.deals[number]
            return list(deck_), shuffle_seed_
        if self.fair:
            seed = deal_seed(hand_secret(self.seed, number), self.contributions.get(number, ()))
            return shuffled(self.rules, seed)
        rng = self._rng(f"hand:{number}")
        deck = pack_list(self.rules.decks, self.rules.joker_count)
        rng.shuffle(deck)
        return deck, rng.getrandbits(63)

    # The verifiable shuffle ----------------------------------------------------------------
    def commitment_for(self, number: int) -> str:
        """The commitment every seat sees before hand ``number`` is dealt (fair matches)."""
        self._need_fair()
        return commitment(hand_secret(self.seed, number))

    def contribute(self, number: int, data: bytes) -> None:
        """Add a seat's entropy to hand ``number``, which must not be dealt yet."""
        self._need_fair()
        if number <= self.hand_number:
            raise FairnessError(f"hand {number} is already dealt: entropy goes to a later hand")
        check_contribution(data)
        self.contributions.setdefault(number, []).append(data)

    def fair_deal(self, number: int) -> FairDeal:
        """Hand ``number``'s shuffle as a record keeps it; the secret only once the hand is
        over (before that it would tell the deck)."""
        self._need_fair()
        done = number < self.hand_number or (number == self.hand_number and self.deal.over)
        secret = hand_secret(self.seed, number)
        return FairDeal(
            commitment(secret),
            tuple(self.contributions.get(number, ())),
            secret if done else None,
        )

    def _need_fair(self) -> None:
        if not self.fair:
            raise FairnessError("this match is not dealt the verifiable way (fair=False)")

    def _deal_next(self) -> Deal:
        active = self.active_seats()
        n = self.rules.players
        d = (self.dealer + 1) % n
        while d not in active:
            d = (d + 1) % n
        self.dealer = d
        order = [(d + 1 + i) % n for i in range(n)]
        seats = [s for s in order if s in active]
        self.hand_number += 1
        deck, shuffle_seed = self.deck_for(self.hand_number)
        return Deal.deal(self.rules, deck, seats, shuffle_seed)

    # Playing ------------------------------------------------------------------------------
    def apply(self, action: Action) -> None:
        """Apply the current player's action; a finished hand is scored and the next dealt."""
        if self.over:
            raise IllegalAction(Refusal.MATCH_OVER, "the match is over")
        self.deal.apply(action)
        if self.deal.over:
            self._score_hand()
            if not self.over:
                self.deal = self._deal_next()

    def settle_hand(self, result: HandResult) -> None:
        """Score the current hand with an outcome decided elsewhere, then deal the next.

        A paper table's score sheet plays its hands with real cards: it hands the match the
        result, and the match keeps the same books (totals, elimination, re-entry, play-offs,
        dealer and who sits in) as for a hand played through :meth:`apply`.
        """
        if self.over:
            raise IllegalAction(Refusal.MATCH_OVER, "the match is over")
        if len(result.penalties) != self.deal.n:
            raise ValueError(
                f"the hand has {self.deal.n} players, the result pays {len(result.penalties)}"
            )
        self.deal.result = result
        self._score_hand()
        if not self.over:
            self.deal = self._deal_next()

    def _score_hand(self) -> None:
        rules = self.rules
        deal = self.deal
        result = deal.result
        assert result is not None
        by_seat = {deal.seats[i]: result.penalties[i] for i in range(deal.n)}
        winner_seat = None if result.winner is None else deal.seats[result.winner]
        reentered: dict[int, int] = {}
        newly_out: list[int] = []
        if self.playoff is not None or rules.single_hand:
            if winner_seat is not None:
                self.winner = self.team_of(winner_seat)
        else:
            unit_pay = self._unit_penalties(by_seat)
            for u, pay in unit_pay.items():
                self.totals[u] += pay
            self._settle(newly_out, reentered)
        self.history.append(
            HandRecord(
                self.hand_number,
                self.dealer,
                deal.seats,
                result,
                by_seat,
                {u: self.totals[u] for u in range(self.units)},
                tuple(newly_out),
                reentered,
            )
        )

    def _unit_penalties(self, by_seat: dict[int, int]) -> dict[int, int]:
        if not self.rules.partnerships:
            return by_seat
        teams: dict[int, list[int]] = {}
        for seat, pay in by_seat.items():
            teams.setdefault(self.team_of(seat), []).append(pay)
        score = self.rules.team_score
        if score == "worst":
            return {t: max(p) for t, p in teams.items()}
        if score == "sum":
            return {t: sum(p) for t, p in teams.items()}
        assert_never(score)

    def _settle(self, newly_out: list[int], reentered: dict[int, int]) -> None:
        rules = self.rules
        alive = [u for u in range(self.units) if not self.eliminated[u]]
        if rules.target_total is not None:
            if any(self.totals[u] >= rules.target_total for u in alive):
                self._lowest_wins(alive)
            return
        if rules.fixed_hands is not None:
            if self.hand_number >= rules.fixed_hands:
                self._lowest_wins(alive)
            return
        limit = rules.elimination
        out = [u for u in alive if self.totals[u] >= limit]
        under = [u for u in alive if self.totals[u] < limit]
        if out and rules.reentry and not rules.partnerships and len(under) >= 2:
            top = max(self.totals[u] for u in under)
            for u in out:
                if rules.reentry_limit == ANY or self.reentries[u] < int(rules.reentry_limit):
                    self.reentries[u] += 1
                    self.totals[u] = top
                    reentered[u] = top
        for u in out:
            if u not in reentered:
                self.eliminated[u] = True
                newly_out.append(u)
        still = [u for u in range(self.units) if not self.eliminated[u]]
        if len(still) == 1:
            self.winner = still[0]
        elif not still:
            # Everybody left reached the limit in the same hand: the lowest total wins.
            for u in out:
                self.eliminated[u] = False
            self._lowest_wins(out)
            for u in out:
                if self.winner != u and self.playoff is None:
                    self.eliminated[u] = True

    def _lowest_wins(self, units: list[int]) -> None:
        low = min(self.totals[u] for u in units)
        tied = [u for u in units if self.totals[u] == low]
        if len(tied) == 1:
            self.winner = tied[0]
        else:
            # Ties are settled by extra single hands among the tied: first to go out wins.
            self.playoff = tuple(tied)
