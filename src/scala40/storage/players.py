"""Persistent identities and their ratings: who a rated player is, and what a match did to
their rating.

Why a nickname and a secret key, no e-mail: friends who play together want a name and a
number that follows them, not an account. The key is a secret like a seat token (only its
hash is stored); the page keeps it, and a sign-in link carries it to another device.

Why OpenSkill's Plackett-Luce model (the ``openskill`` library, also the tournament's):
Scala 40 is played by 2 to 6 seats, or by partners, and the model rates a whole finishing
order of teams at once. A player's "rating" is the conservative ordinal mu − 3·sigma.

Why a rating is *provisional* for its first :data:`PROVISIONAL_MATCHES` matches: the
ordinal starts at 0 and, sigma being large, one loss takes it below 0 (−1.8 after a first
lost match against a newcomer). That figure says more about the model's doubt than about
the player, so the pages show "provisional" and the matches played instead of the number
until the player has played enough to be placed (docs/server.md, "Ratings").

Who is rated: every identified seat of a finished match — the persons who keep an
identity, and the bots, each level one identity ("bot:easy"), so the leaderboard tells
how strong each level plays against people. An anonymous player takes part in the update
with a fresh rating that is not kept (their opponents still learn from the result). A
match with no identified seat changes nothing. A bot level seated more than once in one
match is rated by its best-placed seat. A level rated under its old name (before the levels
were renamed, :data:`LEGACY_BOT_IDENTITIES`) takes its new name at its next rated match and
keeps its rating.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Final

from openskill.models import PlackettLuce, PlackettLuceRating
from sqlalchemy import Engine, insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from scala40.bots import canonical_level
from scala40.notation.match_stats import SeatFigures, seat_figures
from scala40.storage import schema
from scala40.storage.nicknames import name_key
from scala40.storage.store import now
from scala40.storage.tokens import new_token, token_hash

log = logging.getLogger("scala40.server")

LEGACY_BOT_IDENTITIES: Final[dict[str, str]] = {
    "bot:beginner": "bot:random",
    "bot:easy": "bot:greedy",
    "bot:club": "bot:heuristic",
    "bot:search": "bot:strong",
}
"""The identity a level was rated under before the levels were renamed, when it is the same
bot: its rating carries on. (The old "strong" was the rollout search, now "search"; the
"expert" level is a new bot and starts afresh.)"""


def bot_identity(kind: str) -> str:
    """The identity a bot seat of ``kind`` is rated as: ``bot:`` and its canonical level
    (an old name such as ``bot:heuristic`` is ``bot:club``), a program's kind as it is."""
    try:
        return "bot:" + canonical_level(kind.split(":", 1)[1])
    except ValueError:
        return kind


MODEL: Final = PlackettLuce()
HUMAN: Final = "human"
PROVISIONAL_MATCHES: Final = 5
"""Rated matches an identity plays before its rating is shown as a number."""


def provisional(matches: int) -> bool:
    """Whether a rating after ``matches`` rated matches is still provisional."""
    return matches < PROVISIONAL_MATCHES


class NicknameTaken(ValueError):
    """Someone keeps that nickname already, or one that looks like it
    (:func:`scala40.storage.nicknames.name_key`)."""


@dataclass(frozen=True, slots=True)
class Player:
    """An identity and its record: rating, counters summed over its rated matches."""

    id: str
    nickname: str
    kind: str
    mu: float
    sigma: float
    matches: int = 0
    wins: int = 0
    hands: int = 0
    penalty: int = 0
    opened: int = 0
    opening_turns: int = 0

    @property
    def rating(self) -> float:
        """The conservative ordinal mu − 3·sigma, the one number a page shows."""
        return self.mu - 3 * self.sigma

    def to_dict(self) -> dict[str, Any]:
        return {
            "nickname": self.nickname,
            "kind": self.kind,
            "rating": round(self.rating, 1),
            "mu": round(self.mu, 3),
            "sigma": round(self.sigma, 3),
            "matches": self.matches,
            "wins": self.wins,
            "provisional": provisional(self.matches),
        }


@dataclass(frozen=True, slots=True)
class SeatPlace:
    """A seat of a finished match as the rating sees it: its scoring unit, its place
    (1 = won; a shared place is a tie), the identity sitting there (``None``: anonymous
    or a bot, whose identity is its kind)."""

    seat: int
    unit: int
    place: int
    player_id: str | None
    kind: str


@dataclass(frozen=True, slots=True)
class RatingChange:
    """What one finished match did to the rating of the identity at a seat: the ratings
    (mu − 3·sigma) before and after, and its rated matches with this one."""

    seat: int
    before: float
    after: float
    matches: int

    def to_dict(self) -> dict[str, Any]:
        """As the match's last SUMMARY carries it (docs/protocol.md): the change is the
        difference of the two ratings as shown, so the figures on a page add up."""
        before, after = round(self.before, 1), round(self.after, 1)
        return {
            "before": before,
            "after": after,
            "change": round(after - before, 1),
            "matches": self.matches,
            "provisional": provisional(self.matches),
        }


@dataclass(frozen=True, slots=True)
class RatedSeat(SeatPlace):
    """A :class:`SeatPlace` with what it did in the match (read from the record)."""

    figures: SeatFigures


def nickname_key(nickname: str, kind: str = HUMAN) -> str:
    """The key a nickname is kept under: a person's is its look-alike key (case, spacing,
    width, accents and letters of other alphabets that look alike do not make a different
    player: :func:`name_key`); a bot level's is its kind, ``bot:club``."""
    return name_key(nickname) if kind == HUMAN else kind


def _player(row: Any) -> Player:
    return Player(
        row.id,
        row.nickname,
        row.kind,
        row.mu,
        row.sigma,
        row.matches,
        row.wins,
        row.hands,
        row.penalty,
        row.opened,
        row.opening_turns,
    )


class Players:
    """The identities in the server's database (the tables' engine)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def create(self, nickname: str) -> tuple[Player, str]:
        """A new rated player and their secret key (shown once; only its hash is kept).
        ``NicknameTaken`` if the nickname is someone's already."""
        key = new_token()
        start = MODEL.rating()
        player = Player(secrets.token_urlsafe(12), nickname, HUMAN, start.mu, start.sigma)
        try:
            with self.engine.begin() as conn:
                self._insert(conn, player, token_hash(key))
        except IntegrityError:
            raise NicknameTaken(
                f"the nickname {nickname!r} is someone's already, or looks like theirs"
            ) from None
        return player, key

    @staticmethod
    def _insert(conn: Connection, player: Player, key_hash: str | None) -> None:
        conn.execute(
            insert(schema.players).values(
                id=player.id,
                nickname=player.nickname,
                nickname_key=nickname_key(player.nickname, player.kind),
                kind=player.kind,
                key_hash=key_hash,
                created=now(),
                mu=player.mu,
                sigma=player.sigma,
                matches=0,
                wins=0,
                hands=0,
                penalty=0,
                opened=0,
                opening_turns=0,
            )
        )

    def by_key(self, key: str) -> Player | None:
        with self.engine.connect() as conn:
            row = conn.execute(
                select(schema.players).where(schema.players.c.key_hash == token_hash(key))
            ).first()
        return None if row is None else _player(row)

    def by_nickname(self, nickname: str) -> Player | None:
        """The identity called exactly ``nickname`` (a person, or a bot level such as
        ``bot:club``); else the one who keeps a look-alike of it. Exact first: a person whose
        name clashed with an older one's when keys became look-alike keys (migration 0010)
        keeps a page of their own."""
        p = schema.players.c
        with self.engine.connect() as conn:
            row = conn.execute(
                select(schema.players).where(p.nickname == nickname).order_by(p.created)
            ).first()
            if row is None:
                row = conn.execute(
                    select(schema.players).where(p.nickname_key == name_key(nickname))
                ).first()
        return None if row is None else _player(row)

    def keeper_of(self, nickname: str) -> Player | None:
        """The person who keeps ``nickname`` or a look-alike of it, if anyone does: such a
        name is theirs at every table (an anonymous seat may not take it)."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(schema.players).where(
                    schema.players.c.nickname_key == name_key(nickname),
                    schema.players.c.kind == HUMAN,
                )
            ).first()
        return None if row is None else _player(row)

    def leaderboard(self, limit: int) -> list[Player]:
        """Everyone with a rated match, best rating first."""
        p = schema.players.c
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(schema.players)
                .where(p.matches > 0)
                .order_by((p.mu - 3 * p.sigma).desc(), p.nickname_key)
                .limit(limit)
            ).all()
        return [_player(r) for r in rows]

    def history(self, player_id: str) -> list[dict[str, Any]]:
        """The player's rated matches, oldest first: when, place, seats, rating after."""
        r = schema.results.c
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(schema.results)
                .where(r.player_id == player_id)
                .order_by(r.finished, r.table_id)
            ).all()
        return [
            {
                "table_id": row.table_id,
                "finished": _iso(row.finished),
                "place": row.place,
                "players": row.players,
                "rating": round(row.mu - 3 * row.sigma, 1),
                "provisional": provisional(n),
            }
            for n, row in enumerate(rows, start=1)
        ]

    # Rating a match (inside the transaction that marks it over) ---------------------------
    def rating(
        self,
        table_id: str,
        seats: Sequence[SeatPlace],
        record: str,
        changes: dict[int, RatingChange] | None = None,
    ) -> Callable[[Connection, datetime], None]:
        """What the store runs in the transaction that marks the match over, so a match is
        over and rated at once, or neither. The seats' figures are read from ``record``
        there, in the store's thread: a replay of a long match is not the event loop's
        work. A record that cannot be read leaves the match unrated (and over).
        ``changes``, when given, is filled with what the match did to each rated seat
        (for the match's last summary)."""

        def rate(conn: Connection, finished: datetime) -> None:
            try:
                figures = seat_figures(record)
            except Exception:
                log.exception("table %s: no figures from the record; left unrated", table_id)
                return
            rated = [
                RatedSeat(s.seat, s.unit, s.place, s.player_id, s.kind, figures[s.seat])
                for s in seats
            ]
            done = self.rate(conn, table_id, rated, finished)
            if changes is not None:
                changes.update(done)

        return rate

    def rate(
        self, conn: Connection, table_id: str, seats: Sequence[RatedSeat], finished: datetime
    ) -> dict[int, RatingChange]:
        """Update the identified seats' ratings and counters from one finished match; what
        it did to each seat whose identity it rated."""
        players = self._identities(conn, seats)
        changes: dict[int, RatingChange] = {}
        if not players:
            return changes
        ours = _best_seat_of_each(seats, players)
        units = sorted({s.unit for s in seats})
        teams: list[list[PlackettLuceRating]] = []
        places: list[float] = []
        where: dict[int, tuple[int, int]] = {}
        for team_index, unit in enumerate(units):
            members = [s for s in seats if s.unit == unit]
            team = []
            for i, s in enumerate(members):
                known = players.get(s.seat) if s.seat in ours else None
                team.append(
                    MODEL.rating()
                    if known is None
                    else MODEL.rating(mu=known.mu, sigma=known.sigma)
                )
                where[s.seat] = (team_index, i)
            teams.append(team)
            places.append(float(members[0].place))
        rated = MODEL.rate(teams, ranks=places)
        size = len(seats)
        for s in seats:
            if s.seat not in ours:
                continue
            player = players[s.seat]
            t, i = where[s.seat]
            after = rated[t][i]
            changes[s.seat] = RatingChange(
                s.seat, player.rating, after.mu - 3 * after.sigma, player.matches + 1
            )
            figures = s.figures
            c = schema.players.c
            conn.execute(
                update(schema.players)
                .where(c.id == player.id)
                .values(
                    mu=after.mu,
                    sigma=after.sigma,
                    matches=c.matches + 1,
                    wins=c.wins + (1 if s.place == 1 else 0),
                    hands=c.hands + figures.hands,
                    penalty=c.penalty + figures.penalty,
                    opened=c.opened + figures.opened,
                    opening_turns=c.opening_turns + figures.opening_turns,
                )
            )
            conn.execute(
                insert(schema.results).values(
                    table_id=table_id,
                    seat=s.seat,
                    player_id=player.id,
                    finished=finished,
                    place=s.place,
                    players=size,
                    mu=after.mu,
                    sigma=after.sigma,
                    hands=figures.hands,
                    penalty=figures.penalty,
                )
            )
        return changes

    def _identities(self, conn: Connection, seats: Sequence[RatedSeat]) -> dict[int, Player]:
        """The identity at each identified seat, read for update (a bot level's made on
        its first rated match)."""
        out: dict[int, Player] = {}
        p = schema.players
        for s in seats:
            if s.player_id is not None:
                row = conn.execute(select(p).where(p.c.id == s.player_id).with_for_update()).first()
            elif s.kind.startswith("bot:"):
                kind = bot_identity(s.kind)
                row = conn.execute(
                    select(p).where(p.c.nickname_key == kind).with_for_update()
                ).first()
                if row is None and kind in LEGACY_BOT_IDENTITIES:
                    row = self._rename_legacy_bot(conn, LEGACY_BOT_IDENTITIES[kind], kind)
                if row is None:
                    start = MODEL.rating()
                    bot = Player(secrets.token_urlsafe(12), kind, kind, start.mu, start.sigma)
                    self._insert(conn, bot, None)
                    out[s.seat] = bot
                    continue
            else:
                continue
            if row is not None:
                out[s.seat] = _player(row)
        return out

    @staticmethod
    def _rename_legacy_bot(conn: Connection, old: str, new: str) -> Any:
        """The bot identity rated as ``old`` (an old level name), renamed ``new`` in place
        (its rating, figures and results stay); ``None`` when there is none."""
        p = schema.players
        row = conn.execute(select(p).where(p.c.nickname_key == old).with_for_update()).first()
        if row is None:
            return None
        conn.execute(
            update(p).where(p.c.id == row.id).values(nickname=new, nickname_key=new, kind=new)
        )
        return conn.execute(select(p).where(p.c.id == row.id)).first()


def _best_seat_of_each(seats: Sequence[RatedSeat], players: Mapping[int, Player]) -> set[int]:
    """The seats whose result moves their identity: each identity's best-placed seat."""
    best: dict[str, RatedSeat] = {}
    for s in seats:
        player = players.get(s.seat)
        if player is None:
            continue
        if player.id not in best or s.place < best[player.id].place:
            best[player.id] = s
    return {s.seat for s in best.values()}


def places(units: Sequence[int], totals: Mapping[int, int], winner: int | None) -> dict[int, int]:
    """Each scoring unit's place at the match's end: the winner first, then by total
    (fewer penalty points is better); equal totals share a place."""
    order = sorted(units, key=lambda u: (u != winner, totals.get(u, 0)))
    out: dict[int, int] = {}
    for i, unit in enumerate(order):
        previous = order[i - 1] if i else None
        tie = (
            previous is not None
            and previous != winner
            and unit != winner
            and totals.get(previous, 0) == totals.get(unit, 0)
        )
        out[unit] = out[previous] if tie and previous is not None else i + 1
    return out


def _iso(value: datetime) -> str:
    return (value if value.tzinfo else value.replace(tzinfo=UTC)).isoformat()
