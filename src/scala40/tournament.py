"""``scala40 tournament``: bots in round-robin or knockout, with standings and ratings.

A tournament is a schedule of heads-up pairings, each one an arena run (duplicate deals,
both seatings, so card luck is shared: :mod:`scala40.arena`). Heads-up, as chess engines
meet: every pairing says who is better between two bots, and a ladder of many bots is
read from all of them together.

- **Round-robin**: every bot meets every other once. A pairing won (more games won, or
  as many and a lower mean penalty over the same deals) scores 1 point, a pairing level on
  both 0.5. The standings order by points, then games won, then rating.
- **Knockout**: bots in the order given (the first is the top seed) meet in a bracket,
  1 against the last, 2 against the one before; a bot left without an opponent in a round
  goes through. The pairing's winner goes on; a pairing level on both goes to the better
  seed.

Ratings are OpenSkill's Plackett-Luce model (the ``openskill`` library, the rating family
the issue tracker names for the web table's players too): every game of every pairing
updates both bots, in schedule and deal order, so the result is reproducible. A rating is
``mu`` with an uncertainty ``sigma``; the interval shown is ``mu`` ± 2 ``sigma``, and the
ladder is ordered by ``mu`` − 3 ``sigma`` (OpenSkill's conservative "ordinal"), which does
not reward a bot for having played little.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from openskill.models import PlackettLuce, PlackettLuceRating

from scala40 import arena
from scala40.engine.rules import Rules

Format = Literal["round-robin", "knockout"]
FORMATS: Final[tuple[Format, ...]] = ("round-robin", "knockout")


class TournamentError(ValueError):
    """Settings a tournament cannot run (the command line exits with status 2)."""


@dataclass(frozen=True, slots=True)
class TournamentConfig:
    """Everything that decides a tournament's results (the workers aside)."""

    bots: tuple[str, ...]
    """Entries in seed order, as :func:`scala40.arena.make_config` takes them."""
    rules: Rules
    """Heads-up rules (``players`` is 2)."""
    format: Format
    hands: int | None
    matches: int | None
    seed: int = 1
    think_ms: float | None = None
    workers: int = 1

    @property
    def names(self) -> list[str]:
        return arena.entry_names(self.bots)

    def pairing_config(self, a: int, b: int, number: int) -> arena.ArenaConfig:
        """The arena run of pairing ``number`` (bots ``a`` and ``b``): each pairing its own
        deals, drawn from the tournament seed, so no two pairings replay the same cards."""
        return arena.make_config(
            [self.bots[a], self.bots[b]],
            self.rules,
            hands=self.hands,
            matches=self.matches,
            seed=self.seed * 1000 + number,
            think_ms=self.think_ms,
            workers=self.workers,
        )

    @property
    def games_per_pairing(self) -> int:
        count = self.hands if self.hands is not None else self.matches
        assert count is not None
        return count * 2


def make_config(
    bots: Sequence[str],
    rules: Rules,
    *,
    format: str = "round-robin",
    hands: int | None = None,
    matches: int | None = None,
    seed: int = 1,
    think_ms: float | None = None,
    workers: int = 1,
) -> TournamentConfig:
    """Checked settings, or :class:`TournamentError` naming what is wrong."""
    if format not in FORMATS:
        raise TournamentError(f"--format is one of {', '.join(FORMATS)}, not {format!r}")
    if len(bots) < 2:
        raise TournamentError("a tournament needs at least two bots, e.g. beginner,easy,club")
    if rules.players != 2:
        raise TournamentError(
            f"tournament pairings are heads-up: the rules must be for 2 players, not "
            f"{rules.players}"
        )
    try:
        # The arena checks the levels, the counts and the budget the same way.
        arena.make_config(
            list(bots[:2]), rules, hands=hands, matches=matches, think_ms=think_ms, workers=workers
        )
        for level in bots[2:]:
            arena.make_config([level, bots[0]], rules, hands=hands, matches=matches)
    except arena.ArenaError as err:
        raise TournamentError(str(err)) from None
    fmt: Format = "knockout" if format == "knockout" else "round-robin"
    entries = tuple(arena.line_up_entry(b) for b in bots)  # old level names as the new
    return TournamentConfig(entries, rules, fmt, hands, matches, seed, think_ms, workers)


# Results --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Pairing:
    """One heads-up pairing played: who met, in which round, and how it went."""

    round: int
    a: int
    b: int
    """Entry indices (``a`` the better seed)."""
    wins: tuple[float, float]
    """Games won by a and by b (a tie for the lowest penalty splits a game)."""
    games: int
    edge: float
    """a's mean penalty per hand minus b's over the same deals (negative: a better)."""
    se: float
    report: arena.ArenaReport

    @property
    def winner(self) -> int | None:
        """The entry that won the pairing: more games won, else the lower penalty over
        the same deals; ``None`` when level on both."""
        wa, wb = self.wins
        if wa != wb:
            return self.a if wa > wb else self.b
        if self.edge != 0:
            return self.a if self.edge < 0 else self.b
        return None

    @property
    def decided_by(self) -> str | None:
        """What made :attr:`winner`: ``"games"`` won, else the ``"edge"``; ``None``: level."""
        wa, wb = self.wins
        if wa != wb:
            return "games"
        return "edge" if self.edge != 0 else None

    @property
    def uncertain(self) -> bool:
        """Won on an edge within two standard errors: the deals did not tell the two
        apart, and another seed may well crown the other (worth a flag, not a verdict)."""
        return self.decided_by == "edge" and not arena.edge_is_clear(self.edge, self.se)

    def as_json(self, names: Sequence[str]) -> dict[str, Any]:
        winner = self.winner
        return {
            "round": self.round,
            "a": names[self.a],
            "b": names[self.b],
            "wins": [round(w, 4) for w in self.wins],
            "games": self.games,
            "edge": round(self.edge, 3),
            "se": None if math.isnan(self.se) else round(self.se, 3),
            "winner": None if winner is None else names[winner],
            "decided_by": self.decided_by,
            "uncertain": self.uncertain,
            "results": game_results(self.report, (names[self.a], names[self.b])),
        }


def game_results(report: arena.ArenaReport, names: Sequence[str]) -> list[dict[str, Any]]:
    """Each game of a pairing, in deal order then seating: the bot at each seat, the
    winners, each seat's penalty, the hands played (and whether it was abandoned), so a
    result can be checked or replayed game by game (the ``key`` names the deal)."""
    out = []
    for o in report.outcomes:
        out.append(
            {
                "deal": o.deal + 1,
                "seating": o.rotation + 1,
                "key": o.deal_key,
                "seats": [names[e] for e in o.lineup],
                "winners": sorted({names[o.lineup[s]] for s in o.winners}),
                "penalties": list(o.penalty),
                "hands": max(o.hands, default=0),
                "abandoned": o.abandoned,
            }
        )
    return out


@dataclass(slots=True)
class Standing:
    """One bot's line of the standings."""

    bot: str
    points: float = 0.0
    pairings: int = 0
    games: int = 0
    wins: float = 0.0
    hands: int = 0
    penalty: int = 0
    rating: PlackettLuceRating | None = None
    out_in_round: int | None = None
    """Knockout: the round the bot lost in (``None``: it never lost)."""
    name: str = ""
    """How it is shown: the entry, or a program's ``ready`` name once it gave one."""

    @property
    def mu(self) -> float:
        assert self.rating is not None
        return float(self.rating.mu)

    @property
    def sigma(self) -> float:
        assert self.rating is not None
        return float(self.rating.sigma)

    @property
    def ordinal(self) -> float:
        """``mu`` − 3 ``sigma``: the rating the ladder is ordered by."""
        return self.mu - 3 * self.sigma

    def as_json(self) -> dict[str, Any]:
        return {
            "bot": self.bot,
            "name": self.name or self.bot,
            "points": self.points,
            "pairings": self.pairings,
            "games": self.games,
            "wins": round(self.wins, 4),
            "win_rate": round(self.wins / self.games, 4) if self.games else 0.0,
            "mean_penalty": round(self.penalty / self.hands, 2) if self.hands else 0.0,
            "rating": round(self.mu, 2),
            "sigma": round(self.sigma, 2),
            "interval": [round(self.mu - 2 * self.sigma, 2), round(self.mu + 2 * self.sigma, 2)],
            "ordinal": round(self.ordinal, 2),
            "out_in_round": self.out_in_round,
        }


@dataclass(slots=True)
class TournamentReport:
    """A finished tournament: the pairings in the order played and the standings."""

    config: TournamentConfig
    pairings: list[Pairing]
    standings: list[Standing]
    champion: int | None = None
    """Knockout: the entry that won the final."""
    seconds: float = 0.0
    ratings_history: list[list[float]] = field(default_factory=list)
    program_names: dict[int, str] = field(default_factory=dict)
    """Entry index -> the name a protocol program gave in ``ready`` (its first)."""

    @property
    def names(self) -> list[str]:
        """Each entry as shown: a program by its ``ready`` name, as the arena shows it."""
        entries = self.config.bots
        return arena.entry_names([self.program_names.get(e, b) for e, b in enumerate(entries)])

    def ranked(self) -> list[Standing]:
        """The standings, best first."""
        if self.config.format == "knockout":
            # Furthest round reached first (the champion never lost), then the rating.
            last = len({p.round for p in self.pairings}) + 1
            return sorted(
                self.standings,
                key=lambda s: (-(s.out_in_round or last), -s.ordinal),
            )
        return sorted(self.standings, key=lambda s: (-s.points, -s.wins, -s.ordinal))

    def as_json(self) -> dict[str, Any]:
        c = self.config
        names = c.names
        return {
            "format": c.format,
            "bots": list(c.bots),
            "hands": c.hands,
            "matches": c.matches,
            "seed": c.seed,
            "rules": c.rules.changes(),
            "think_ms": c.think_ms,
            "games": sum(p.games for p in self.pairings),
            "seconds": round(self.seconds, 1),
            "champion": None if self.champion is None else names[self.champion],
            "standings": [s.as_json() for s in self.ranked()],
            "pairings": [p.as_json(names) for p in self.pairings],
        }


# Running --------------------------------------------------------------------------------------


def schedule(entries: int) -> list[list[tuple[int, int]]]:
    """A round-robin's rounds by the circle method: every entry meets every other once,
    at most one pairing each per round (an odd count gives each entry one round off).

    >>> schedule(4)
    [[(0, 3), (1, 2)], [(0, 2), (3, 1)], [(0, 1), (2, 3)]]
    """
    order: list[int | None] = list(range(entries))
    if entries % 2:
        order.append(None)
    n = len(order)
    rounds = []
    for _ in range(n - 1):
        pairs = []
        for i in range(n // 2):
            a, b = order[i], order[n - 1 - i]
            if a is not None and b is not None:
                pairs.append((a, b))
        rounds.append(pairs)
        order = [order[0], order[-1], *order[1:-1]]
    return rounds


def bracket(seeds: Sequence[int]) -> list[tuple[int, int | None]]:
    """One knockout round: the best seed against the worst, and so on inwards; with an odd
    count the best seed left over goes through (``None``: no opponent).

    >>> bracket([0, 1, 2, 3, 4])
    [(0, None), (1, 4), (2, 3)]
    """
    rest = list(seeds)
    out: list[tuple[int, int | None]] = []
    if len(rest) % 2:
        out.append((rest.pop(0), None))
    while rest:
        out.append((rest.pop(0), rest.pop()))
    return out


def total_games(config: TournamentConfig) -> int:
    """Games the whole tournament plays (for the progress bar)."""
    k = len(config.bots)
    pairings = k * (k - 1) // 2 if config.format == "round-robin" else k - 1
    return pairings * config.games_per_pairing


def run(
    config: TournamentConfig, progress: Callable[[int], None] | None = None
) -> TournamentReport:
    """Play the tournament; ``progress(n)`` as each deal's ``n`` games finish."""
    names = config.names
    model = PlackettLuce()
    standings = [Standing(name, rating=model.rating(name=name)) for name in names]
    report = TournamentReport(config, [], standings)
    number = 0

    def play(round_: int, a: int, b: int) -> Pairing:
        nonlocal number
        arena_report = arena.run(config.pairing_config(a, b, number), progress)
        number += 1
        report.seconds += arena_report.seconds
        for o in arena_report.outcomes:
            for seat, name in sorted(o.program_names.items()):
                report.program_names.setdefault((a, b)[o.lineup[seat]], name)
        for standing, shown in zip(standings, report.names, strict=True):
            standing.name = shown
        pairing = _pairing(round_, a, b, arena_report)
        _count(pairing, standings, model)
        report.pairings.append(pairing)
        report.ratings_history.append([s.mu for s in standings])
        return pairing

    if config.format == "round-robin":
        for r, pairs in enumerate(schedule(len(names)), start=1):
            for a, b in pairs:
                pairing = play(r, min(a, b), max(a, b))
                winner = pairing.winner
                if winner is None:
                    standings[a].points += 0.5
                    standings[b].points += 0.5
                else:
                    standings[winner].points += 1
        return report
    alive = list(range(len(names)))
    r = 0
    while len(alive) > 1:
        r += 1
        through = []
        for seed_a, seed_b in bracket(alive):
            if seed_b is None:
                through.append(seed_a)
                continue
            pairing = play(r, seed_a, seed_b)
            # Level on both: the better seed (listed first) goes through.
            decided = pairing.winner
            winner = seed_a if decided is None else decided
            loser = seed_b if winner == seed_a else seed_a
            standings[winner].points += 1
            standings[loser].out_in_round = r
            through.append(winner)
        alive = sorted(through)
    report.champion = alive[0]
    return report


def _pairing(round_: int, a: int, b: int, report: arena.ArenaReport) -> Pairing:
    res = report.results
    edge = report.pairs()[0]
    return Pairing(
        round_, a, b, (res[0].wins, res[1].wins), report.games, edge.edge, edge.se, report
    )


def _count(pairing: Pairing, standings: list[Standing], model: PlackettLuce) -> None:
    """Add a pairing's games to both bots' lines, and rate every game in deal order."""
    entries = (pairing.a, pairing.b)
    for side, result in zip(entries, pairing.report.results, strict=True):
        s = standings[side]
        s.pairings += 1
        s.games += result.games
        s.wins += result.wins
        s.hands += result.hands
        s.penalty += result.penalty
    for o in pairing.report.outcomes:
        if o.abandoned:
            continue
        # The winner ranks first; a shared lowest penalty is a tie.
        won = {o.lineup[s] for s in o.winners}
        ranks: list[float] = [1 if i in won else 2 for i in (0, 1)]
        ra, rb = standings[pairing.a].rating, standings[pairing.b].rating
        assert ra is not None and rb is not None
        [[ra], [rb]] = model.rate([[ra], [rb]], ranks=ranks)
        standings[pairing.a].rating, standings[pairing.b].rating = ra, rb


# Showing --------------------------------------------------------------------------------------


def format_report(report: TournamentReport) -> str:
    """The standings table, then every pairing."""
    c = report.config
    names = report.names
    count = f"{c.hands} hands" if c.hands is not None else f"{c.matches} matches"
    rules = c.rules.changes()
    rules.pop("players", None)
    rule_text = ", ".join(f"{k}={v}" for k, v in rules.items()) or "FISCA defaults"
    lines = [
        f"Tournament ({c.format}): {', '.join(names)}; {count} x 2 seatings a pairing, "
        f"seed {c.seed}",
        f"Rules: {rule_text}",
        "",
    ]
    head = (
        f"{'#':>2} {'bot':<14} {'points':>6} {'games':>6} {'win rate':>8} {'penalty':>7} "
        f"{'rating':>7} {'interval (±2σ)':<16}"
    )
    if c.format == "knockout":
        head += " out in"
    lines += [head, "-" * len(head)]
    for place, s in enumerate(report.ranked(), start=1):
        j = s.as_json()
        low, high = j["interval"]
        line = (
            f"{place:>2} {s.name or s.bot:<14} {s.points:>6g} {s.games:>6} {j['win_rate']:>8.1%} "
            f"{j['mean_penalty']:>7.1f} {j['rating']:>7.2f} {f'[{low:.1f}, {high:.1f}]':<16}"
        )
        if c.format == "knockout":
            line += " champion" if s.out_in_round is None else f" round {s.out_in_round}"
        lines.append(line)
    lines += ["", "Pairings (edge: penalty a hand, first minus second; negative favours the first)"]
    for p in report.pairings:
        wa, wb = p.wins
        se = "" if math.isnan(p.se) else f" ± {p.se:.2f}"
        winner = "level" if p.winner is None else names[p.winner]
        if p.uncertain:
            winner += " (on an edge within two standard errors: not a clear win)"
        lines.append(
            f"  round {p.round}: {names[p.a]} {wa:g} - {wb:g} {names[p.b]}"
            f"  edge {p.edge:+.2f}{se}  -> {winner}"
        )
    if report.champion is not None:
        lines += ["", f"Champion: {names[report.champion]}"]
    return "\n".join(lines)


def write_plot(report: TournamentReport, path: str) -> None:
    """A PNG of the ratings with their ±2σ intervals, best first (needs matplotlib)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ranked = sorted(report.standings, key=lambda s: -s.mu)
    fig, ax = plt.subplots(figsize=(7, 0.6 * len(ranked) + 1.5))
    ys = range(len(ranked))[::-1]
    ax.errorbar(
        [s.mu for s in ranked],
        list(ys),
        xerr=[2 * s.sigma for s in ranked],
        fmt="o",
        capsize=4,
    )
    ax.set_yticks(list(ys), [s.name or s.bot for s in ranked])
    ax.set_xlabel("OpenSkill rating (mu ± 2 sigma)")
    ax.set_title(f"Scala 40 tournament ({report.config.format})")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
