"""Persistent identities and their ratings: who a rated player is, and what a match did to
their rating.

Why a nickname and a secret key, no e-mail: friends who play together want a name and a
number that follows them, not an account. The key is a secret like a seat token (only its
hash is stored); the page keeps it, and a sign-in link carries it to another device.

Why OpenSkill's Plackett-Luce model (the ``openskill`` library, also the tournament's):
Scala 40 is played by 2 to 6 seats, or by partners, and the model rates a whole finishing
order of teams at once. A player's "rating" is the conservative ordinal mu − 3·sigma.

Why a rating is *provisional* until :data:`PROVISIONAL_MATCHES` matches against at least
:data:`PROVISIONAL_OPPONENTS` distinct rated opponents: the ordinal starts at 0 and, sigma
being large, one loss takes it below 0 (−1.8 after a first lost match against a newcomer).
That figure says more about the model's doubt than about the player, so the pages show
"provisional" and the matches played instead of the number, and the leaderboard leaves the
player out, until they have played enough — and enough different people or levels: ten wins
over one friend place nobody (docs/server.md, "Ratings"). A bot level is never provisional:
its rating is fixed from the arena (:data:`BOT_ANCHORS`).

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
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any, Final

from openskill.models import PlackettLuce, PlackettLuceRating
from sqlalchemy import Engine, and_, insert, select, update
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

BOT_ANCHORS: Final[dict[str, tuple[float, float]]] = {
    "bot:master": (37.15, 1.65),
    "bot:expert": (36.85, 1.65),
    "bot:club": (36.13, 1.65),
    "bot:easy": (22.94, 2.49),
    "bot:beginner": (-7.2, 3.07),
}
"""Each offered level's fixed rating (mu, sigma), from its arena results: the round robin
``scala40 tournament --bots beginner,easy,club,expert --matches 100 --seed 40 --json``
(heads-up FISCA, whole matches, 600 a level; the same OpenSkill model). A level's rating
does not move at the web table: beating the beginner bot is worth what OpenSkill gives for
beating a −7 player (almost nothing), and anonymous players who lose to a bot do not inflate
it. Their seats still count the matches and wins the leaderboard shows.

The master, newer than that round robin, is placed from its duplicate edge instead: 2.12
points a hand better than the club player heads-up (``scala40 arena --bots master,club
--players 2 --hands 250 --seed 9001`` to ``9004``, 1,000 deals), which wins 56.4% of
matches to 101 by the resampled hands of ``python -m tests.bots.ceiling edge`` (1.1 → 53%,
2.3 → 57%); the mean is where this model predicts that share against the club player's
anchor (sigma as the others'). A round robin with it would replace the figure."""
HUMAN: Final = "human"
REMOTE_BOT: Final = "bot:remote"
"""The kind of a remote bot's identity (storage/bot_accounts.py): named and keyed like a
person, rated like one, listed on the bots' leaderboard."""
NAMED_KINDS: Final = (HUMAN, REMOTE_BOT)
"""Kinds whose names share the look-alike keys: a bot account may not take a person's
name, nor a person a bot account's."""
PROVISIONAL_MATCHES: Final = 5
"""Rated matches an identity plays before its rating is shown as a number."""
PROVISIONAL_OPPONENTS: Final = 3
"""Distinct rated opponents (identities or bot levels) it must have met by then."""


def provisional(matches: int, opponents: int, kind: str = "human") -> bool:
    """Whether a rating after ``matches`` rated matches against ``opponents`` distinct
    rated opponents is still provisional (a bot level's never is)."""
    if kind in BOT_ANCHORS:
        return False
    return matches < PROVISIONAL_MATCHES or opponents < PROVISIONAL_OPPONENTS


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
    opponents: int = 0
    """Distinct rated opponents met in its rated matches (read with the record)."""

    @property
    def provisional(self) -> bool:
        return provisional(self.matches, self.opponents, self.kind)

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
            "provisional": self.provisional,
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
    network: str | None
    """The keyed digest of the network the seat's person joined from (store.SeatRow)."""


@dataclass(frozen=True, slots=True)
class RatingChange:
    """What one finished match did to the rating of the identity at a seat: the ratings
    (mu − 3·sigma) before and after, and its rated matches with this one."""

    seat: int
    before: float
    after: float
    matches: int
    provisional: bool

    def to_dict(self) -> dict[str, Any]:
        """As the match's last SUMMARY carries it (docs/protocol.md): the change is the
        difference of the two ratings as shown, so the figures on a page add up."""
        before, after = round(self.before, 1), round(self.after, 1)
        return {
            "before": before,
            "after": after,
            "change": round(after - before, 1),
            "matches": self.matches,
            "provisional": self.provisional,
        }


@dataclass(frozen=True, slots=True)
class RatedSeat(SeatPlace):
    """A :class:`SeatPlace` with what it did in the match (read from the record)."""

    figures: SeatFigures


def nickname_key(nickname: str, kind: str = HUMAN) -> str:
    """The key a nickname is kept under: a person's is its look-alike key (case, spacing,
    width, accents and letters of other alphabets that look alike do not make a different
    player: :func:`name_key`), and a remote bot's; a bot level's is its kind, ``bot:club``."""
    return name_key(nickname) if kind in NAMED_KINDS else kind


def _player(row: Any, opponents: int = 0) -> Player:
    """An identity as stored; a bot level with its fixed rating (:data:`BOT_ANCHORS`),
    whatever an older version stored for it."""
    mu, sigma = BOT_ANCHORS.get(row.kind, (row.mu, row.sigma))
    return Player(
        row.id,
        row.nickname,
        row.kind,
        mu,
        sigma,
        row.matches,
        row.wins,
        row.hands,
        row.penalty,
        row.opened,
        row.opening_turns,
        opponents,
    )


def read_player(row: Any) -> Player:
    """An identity from its stored row, for a store that joins the players with its own
    rows (bot_accounts.py); its opponents are not counted."""
    return _player(row)


def _opponents(conn: Connection, player_ids: Collection[str]) -> dict[str, int]:
    """Distinct rated opponents each identity met in its rated matches (the other
    identities rated at the same tables)."""
    return {player_id: len(met) for player_id, met in _met(conn, player_ids).items()}


def _met(conn: Connection, player_ids: Collection[str]) -> dict[str, set[str]]:
    """The rated opponents each identity met before (by id)."""
    if not player_ids:
        return {}
    me, other = schema.results.alias("me"), schema.results.alias("other")
    rows = conn.execute(
        select(me.c.player_id, other.c.player_id)
        .join(
            other,
            and_(
                other.c.table_id == me.c.table_id,
                other.c.player_id != me.c.player_id,
                other.c.rated,
            ),
        )
        .where(me.c.player_id.in_(list(player_ids)), me.c.rated)
        .distinct()
    ).all()
    out: dict[str, set[str]] = {}
    for player_id, opponent in rows:
        out.setdefault(player_id, set()).add(opponent)
    return out


def _read(conn: Connection, row: Any) -> Player | None:
    if row is None:
        return None
    return _player(row, _opponents(conn, [row.id]).get(row.id, 0))


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
                self.insert(conn, player, token_hash(key))
        except IntegrityError:
            raise NicknameTaken(
                f"the nickname {nickname!r} is someone's already, or looks like theirs"
            ) from None
        return player, key

    @staticmethod
    def insert(conn: Connection, player: Player, key_hash: str | None) -> None:
        """Store a new identity in the caller's transaction (a bot account's too)."""
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
        """The person whose key is ``key`` (a bot account's key signs in no person:
        storage/bot_accounts.py reads those)."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(schema.players).where(
                    schema.players.c.key_hash == token_hash(key), schema.players.c.kind == HUMAN
                )
            ).first()
            return _read(conn, row)

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
        """The person (or remote bot) who keeps ``nickname`` or a look-alike of it, if
        anyone does: such a name is theirs at every table (an anonymous seat may not take it)."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(schema.players).where(
                    schema.players.c.nickname_key == name_key(nickname),
                    schema.players.c.kind.in_(NAMED_KINDS),
                )
            ).first()
            return _read(conn, row)

    def leaderboard(self, limit: int, kind: str = HUMAN) -> list[Player]:
        """Everyone of ``kind`` placed (no longer provisional) and the bot levels that
        played a rated match, best rating first: people (``human``) or remote bots
        (``bot:remote``), each board with the levels as landmarks."""
        p = schema.players.c
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(schema.players).where(
                    p.matches >= PROVISIONAL_MATCHES,
                    p.kind == kind,
                )
            ).all()
            bots = conn.execute(
                select(schema.players).where(p.matches > 0, p.kind.in_(list(BOT_ANCHORS)))
            ).all()
            met = _opponents(conn, [r.id for r in rows])
        placed = [_player(r, met.get(r.id, 0)) for r in rows]
        board = [x for x in placed if not x.provisional] + [_player(r) for r in bots]
        board.sort(key=lambda x: (-x.rating, nickname_key(x.nickname)))
        return board[:limit]

    def history(self, player_id: str) -> list[dict[str, Any]]:
        """The player's rated matches, oldest first: when, place, seats, rating after, and
        whether the rating was still provisional then."""
        r = schema.results.c
        with self.engine.connect() as conn:
            kind = conn.execute(
                select(schema.players.c.kind).where(schema.players.c.id == player_id)
            ).scalar()
            rows = conn.execute(
                select(schema.results)
                .where(r.player_id == player_id)
                .order_by(r.finished, r.table_id)
            ).all()
            others = conn.execute(
                select(r.table_id, r.player_id).where(
                    r.table_id.in_([row.table_id for row in rows]),
                    r.player_id != player_id,
                    r.rated,
                )
            ).all()
        at: dict[str, set[str]] = {}
        for table_id, other in others:
            at.setdefault(table_id, set()).add(other)
        met: set[str] = set()
        out = []
        n = 0
        for row in rows:
            if row.rated:
                n += 1
                met |= at.get(row.table_id, set())
            out.append(
                {
                    "table_id": row.table_id,
                    "finished": _iso(row.finished),
                    "place": row.place,
                    "players": row.players,
                    "rating": round(row.mu - 3 * row.sigma, 1),
                    "rated": bool(row.rated),
                    "provisional": provisional(n, len(met), kind or HUMAN),
                }
            )
        return out

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
                RatedSeat(s.seat, s.unit, s.place, s.player_id, s.kind, s.network, figures[s.seat])
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
        apart = _apart(seats)
        listed = self._identities(conn, [s for s in seats if s.seat in apart])
        seats = [replace(s, player_id=None) if s.seat in apart else s for s in seats]
        players = self._identities(conn, seats)
        changes: dict[int, RatingChange] = {}
        for s in seats:
            if s.seat in listed:
                # Listed with the match (a league reads it), its rating untouched.
                self._result(conn, table_id, s, listed[s.seat], finished, len(seats), rated=False)
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
        # A win is a first place held alone: a shared one (a drawn match) moves the ratings
        # as a tie and counts as a match, not as a win for each unit that shares it.
        won = len({s.unit for s in seats if s.place == 1}) == 1
        size = len(seats)
        here = {players[seat].id for seat in ours}
        met = _met(conn, here)
        for s in seats:
            if s.seat not in ours:
                continue
            player = players[s.seat]
            t, i = where[s.seat]
            after = rated[t][i]
            anchor = BOT_ANCHORS.get(player.kind)
            if anchor is not None:
                after = MODEL.rating(mu=anchor[0], sigma=anchor[1])  # a level's rating stays
            opponents = len(met.get(player.id, set()) | (here - {player.id}))
            changes[s.seat] = RatingChange(
                s.seat,
                player.rating,
                after.mu - 3 * after.sigma,
                player.matches + 1,
                provisional(player.matches + 1, opponents, player.kind),
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
                    wins=c.wins + (1 if won and s.place == 1 else 0),
                    hands=c.hands + figures.hands,
                    penalty=c.penalty + figures.penalty,
                    opened=c.opened + figures.opened,
                    opening_turns=c.opening_turns + figures.opening_turns,
                )
            )
            self._result(
                conn, table_id, s, replace(player, mu=after.mu, sigma=after.sigma), finished, size
            )
        return changes

    @staticmethod
    def _result(
        conn: Connection,
        table_id: str,
        seat: RatedSeat,
        player: Player,
        finished: datetime,
        size: int,
        *,
        rated: bool = True,
    ) -> None:
        """The identity's line for the match (``player`` holds its rating after it)."""
        conn.execute(
            insert(schema.results).values(
                table_id=table_id,
                seat=seat.seat,
                player_id=player.id,
                finished=finished,
                place=seat.place,
                players=size,
                mu=player.mu,
                sigma=player.sigma,
                hands=seat.figures.hands,
                penalty=seat.figures.penalty,
                rated=rated,
            )
        )

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
                    mu, sigma = BOT_ANCHORS.get(kind, (MODEL.mu, MODEL.sigma))
                    bot = Player(secrets.token_urlsafe(12), kind, kind, mu, sigma)
                    self.insert(conn, bot, None)
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


def _apart(seats: Sequence[RatedSeat]) -> set[int]:
    """The identified seats the rating leaves out: an identity that joined from the same
    network as another person at the table (a second nickname of one home, or a friend at
    the same wifi) is not rated against them — it takes part as an anonymous seat would,
    and its rating keeps nothing of the match; its line is still listed, unrated, so a
    league among friends in one room still counts (docs/server.md, "Ratings")."""
    count: dict[str, int] = {}
    for s in seats:
        if s.kind == HUMAN and s.network is not None:
            count[s.network] = count.get(s.network, 0) + 1
    return {
        s.seat
        for s in seats
        if s.player_id is not None and s.network is not None and count[s.network] > 1
    }


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
