"""Leagues: a group of friends who keep ratings, their named league and its standings.

Why a league beside the ratings: a rating compares everyone the server has seen; friends
who meet on Thursdays want their own table of who is ahead this season. A league is a
name, an invitation code (a secret like a seat token: only its hash is stored; whoever has
the link may join) and its members, rated identities. A table made "for the league" seats
members only, and every such match between members counts in the standings: a member earns
one point per member who finished behind them (places as the ratings take them,
players.py), then wins (first among the members), then the lower average penalty per hand
decide. Bots may fill a league table's seats, but earn and give nothing: a member alone
with bots plays a match the standings list and do not count, so beating bots is worth
nothing there.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine, insert, select
from sqlalchemy.exc import IntegrityError

from scala40.storage import schema
from scala40.storage.store import now
from scala40.storage.tokens import new_token, token_hash

NAME_MAX = 40


@dataclass(frozen=True, slots=True)
class League:
    id: str
    name: str


def _iso(value: datetime) -> str:
    return (value if value.tzinfo else value.replace(tzinfo=UTC)).isoformat()


class Leagues:
    """The leagues in the server's database (the tables' engine)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def create(self, name: str, owner_id: str) -> tuple[League, str]:
        """A new league with its first member and its invitation code (shown once)."""
        invite = new_token()
        league = League(secrets.token_urlsafe(9), name)
        with self.engine.begin() as conn:
            conn.execute(
                insert(schema.leagues).values(
                    id=league.id, name=name, invite_hash=token_hash(invite), created=now()
                )
            )
            conn.execute(
                insert(schema.league_members).values(
                    league_id=league.id, player_id=owner_id, joined=now()
                )
            )
        return league, invite

    def get(self, league_id: str) -> League | None:
        with self.engine.connect() as conn:
            row = conn.execute(
                select(schema.leagues).where(schema.leagues.c.id == league_id)
            ).first()
        return None if row is None else League(row.id, row.name)

    def join(self, league_id: str, invite: str, player_id: str) -> League | None:
        """Make the player a member (again: no change); ``None`` if the code is wrong."""
        with self.engine.begin() as conn:
            row = conn.execute(
                select(schema.leagues).where(schema.leagues.c.id == league_id)
            ).first()
            if row is None or not hmac.compare_digest(row.invite_hash, token_hash(invite)):
                return None
            try:
                with conn.begin_nested():
                    conn.execute(
                        insert(schema.league_members).values(
                            league_id=league_id, player_id=player_id, joined=now()
                        )
                    )
            except IntegrityError:
                pass  # a member already
        return League(row.id, row.name)

    def is_member(self, league_id: str, player_id: str) -> bool:
        m = schema.league_members.c
        with self.engine.connect() as conn:
            found = conn.execute(
                select(m.player_id).where(m.league_id == league_id, m.player_id == player_id)
            ).first()
        return found is not None

    def of_player(self, player_id: str) -> list[League]:
        m, lg = schema.league_members.c, schema.leagues.c
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(lg.id, lg.name)
                .join_from(schema.league_members, schema.leagues, m.league_id == lg.id)
                .where(m.player_id == player_id)
                .order_by(lg.name)
            ).all()
        return [League(r.id, r.name) for r in rows]

    def names(self, ids: Iterable[str]) -> dict[str, str]:
        wanted = set(ids)
        if not wanted:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(schema.leagues.c.id, schema.leagues.c.name).where(
                    schema.leagues.c.id.in_(wanted)
                )
            ).all()
        return {r.id: r.name for r in rows}

    def page(self, league_id: str) -> dict[str, Any] | None:
        """The league's standings and matches (newest first), or ``None``."""
        with self.engine.connect() as conn:
            league = conn.execute(
                select(schema.leagues).where(schema.leagues.c.id == league_id)
            ).first()
            if league is None:
                return None
            p, m = schema.players.c, schema.league_members.c
            members = conn.execute(
                select(p.id, p.nickname)
                .join_from(schema.league_members, schema.players, m.player_id == p.id)
                .where(m.league_id == league_id)
            ).all()
            t, r, s = schema.tables.c, schema.results.c, schema.seats.c
            played = conn.execute(
                select(t.id, t.finished)
                .where(t.league_id == league_id, t.status == "over")
                .order_by(t.finished.desc(), t.id)
            ).all()
            table_ids = [row.id for row in played]
            places = conn.execute(
                select(
                    r.table_id, r.seat, r.player_id, r.place, r.players, r.hands, r.penalty
                ).where(r.table_id.in_(table_ids))
            ).all()
            seats = conn.execute(
                select(s.table_id, s.seat, s.name, s.kind).where(s.table_id.in_(table_ids))
            ).all()
        return _page(league, members, played, places, seats)


def _page(league: Any, members: Any, played: Any, places: Any, seats: Any) -> dict[str, Any]:
    names = {(x.table_id, x.seat): (x.name, x.kind) for x in seats}
    ids = {x.id for x in members}
    line: dict[str, dict[str, Any]] = {
        x.id: {"nickname": x.nickname, "matches": 0, "wins": 0, "points": 0} for x in members
    }
    paid: dict[str, list[int]] = {x.id: [0, 0] for x in members}  # hands, penalty points
    by_table: dict[str, list[dict[str, Any]]] = {}
    members_at: dict[str, list[Any]] = {}
    for x in places:
        name, kind = names.get((x.table_id, x.seat), ("", "human"))
        # The seat and its kind let a page word a bot's name in its own language; a
        # result is an identity's (rated), never a guest's.
        by_table.setdefault(x.table_id, []).append(
            {"name": name, "place": x.place, "seat": x.seat, "kind": kind, "guest": False}
        )
        if x.player_id in ids:
            members_at.setdefault(x.table_id, []).append(x)
    counted = {table for table, rows in members_at.items() if len(rows) >= 2}
    for table in counted:
        rows = members_at[table]
        for x in rows:
            row = line[x.player_id]
            row["matches"] += 1
            row["wins"] += 1 if all(x.place <= y.place for y in rows) else 0
            row["points"] += sum(1 for y in rows if y.place > x.place)
            paid[x.player_id][0] += x.hands
            paid[x.player_id][1] += x.penalty
    standings = []
    for member_id, row in line.items():
        hands, penalty = paid[member_id]
        standings.append({**row, "average_penalty": round(penalty / hands, 1) if hands else None})
    standings.sort(
        key=lambda x: (
            -x["points"],
            -x["wins"],
            x["average_penalty"] if x["average_penalty"] is not None else float("inf"),
            x["nickname"].casefold(),
        )
    )
    matches = [
        {
            "table_id": row.id,
            "finished": _iso(row.finished),
            "counted": row.id in counted,
            "results": sorted(by_table.get(row.id, []), key=lambda x: x["place"]),
        }
        for row in played
    ]
    return {
        "league_id": league.id,
        "name": league.name,
        "created": _iso(league.created),
        "members": standings,
        "matches": matches,
    }
