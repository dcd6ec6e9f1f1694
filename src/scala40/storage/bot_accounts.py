"""Remote bots' accounts: a name and a secret key, as a rated person has, plus an owner.

Why an identity like a person's (a ``players`` row of kind :data:`REMOTE_BOT`): a remote bot
is rated like people (the same OpenSkill update, provisional until placed), keeps a page
and its matches, and its name shares the people's look-alike keys, so a bot account cannot
take a person's name nor a person a bot's. Its key is shown once; only its hash is kept.

Why an owner and a seating choice (:class:`Seating`): a bot answers for its author, who
decides whether anyone may put it at their table or only they may (a bot being tested,
a bot whose author does not want it farmed). An account made with ``scala40
bot-account`` against the store has no owner: only bot-only tables and the operator seat it
unless it is opened to anyone.

The name: what a seat kind (``bot:remote:NAME``) and the lobby carry, so it is plain
(:data:`NAME_TEXT`); it may not be a built-in level's (current or old) nor imitate the
server (:func:`~scala40.storage.nicknames.imitation`).
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

from sqlalchemy import Engine, insert, select, update
from sqlalchemy.exc import IntegrityError

from scala40.bots import ALIASES, LEVELS
from scala40.storage import schema
from scala40.storage.nicknames import BadName, new_name
from scala40.storage.players import (
    MODEL,
    REMOTE_BOT,
    NicknameTaken,
    Player,
    Players,
    read_player,
)
from scala40.storage.tokens import new_token, token_hash

NAME_TEXT: Final = re.compile(r"[A-Za-z][A-Za-z0-9_-]{2,23}")
"""A bot account's name: a letter, then 2 to 23 letters, digits, ``-`` or ``_``."""


class Seating(StrEnum):
    """Who may seat a remote bot at a table."""

    OWNER = "owner"
    """Only its owner (their tables), and bot-only tables its own key makes."""
    ANYONE = "anyone"
    """Anyone, at any table."""


@dataclass(frozen=True, slots=True)
class BotAccount:
    """A remote bot's account: its identity (name, rating), owner and seating choice."""

    player: Player
    owner_id: str | None
    owner_name: str | None
    seating: Seating

    @property
    def name(self) -> str:
        return self.player.nickname

    def may_seat(self, player_id: str | None) -> bool:
        """Whether the person ``player_id`` (``None``: anonymous) may seat this bot."""
        if self.seating is Seating.ANYONE:
            return True
        return player_id is not None and player_id == self.owner_id

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            **self.player.to_dict(),
            "owner": self.owner_name,
            "seating": self.seating.value,
        }


def bot_name(raw: object) -> str:
    """A new bot account's name, checked (:class:`BadName` naming the problem)."""
    if not isinstance(raw, str) or NAME_TEXT.fullmatch(raw) is None:
        raise BadName(
            "bad_bot_name",
            "a bot's name is a letter, then 2 to 23 letters, digits, '-' or '_'",
        )
    if raw.lower() in LEVELS or raw.lower() in ALIASES or raw.lower() == "remote":
        raise BadName("bad_bot_name", f"{raw!r} is a built-in bot level's name: choose another")
    try:
        return new_name(raw)
    except BadName as err:
        raise BadName(err.code, str(err).replace("a nickname", "a bot's name")) from None


class BotAccounts:
    """The bot accounts in the server's database (the tables' engine)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def create(
        self, name: str, owner: Player | None = None, seating: Seating = Seating.OWNER
    ) -> tuple[BotAccount, str]:
        """A new bot account and its secret key (shown once). ``name`` must have passed
        :func:`bot_name`; :class:`NicknameTaken` when a person or bot keeps it or a
        look-alike."""
        key = new_token()
        start = MODEL.rating()
        player = Player(secrets.token_urlsafe(12), name, REMOTE_BOT, start.mu, start.sigma)
        try:
            with self.engine.begin() as conn:
                Players.insert(conn, player, token_hash(key))
                conn.execute(
                    insert(schema.bot_accounts).values(
                        player_id=player.id,
                        owner_id=None if owner is None else owner.id,
                        seating=seating.value,
                    )
                )
        except IntegrityError:
            raise NicknameTaken(
                f"the name {name!r} is someone's already, or looks like theirs"
            ) from None
        owner_name = None if owner is None else owner.nickname
        return BotAccount(player, None if owner is None else owner.id, owner_name, seating), key

    def _select(self) -> Any:
        p, b = schema.players, schema.bot_accounts
        owner = schema.players.alias("owner")
        return (
            select(p, b.c.owner_id, b.c.seating, owner.c.nickname.label("owner_name"))
            .join(b, b.c.player_id == p.c.id)
            .outerjoin(owner, owner.c.id == b.c.owner_id)
        )

    @staticmethod
    def _account(row: Any) -> BotAccount:
        return BotAccount(read_player(row), row.owner_id, row.owner_name, Seating(row.seating))

    def by_key(self, key: str) -> BotAccount | None:
        """The account whose secret key is ``key`` (``None``: no account's)."""
        with self.engine.connect() as conn:
            row = conn.execute(
                self._select().where(schema.players.c.key_hash == token_hash(key))
            ).first()
        return None if row is None else self._account(row)

    def by_name(self, name: str) -> BotAccount | None:
        """The account called exactly ``name``."""
        with self.engine.connect() as conn:
            row = conn.execute(self._select().where(schema.players.c.nickname == name)).first()
        return None if row is None else self._account(row)

    def seat_by(self, account: BotAccount, owner: Player, seating: Seating) -> BotAccount:
        """The owner's new choice of who may seat their bot (``PermissionError`` when
        ``owner`` is not its owner)."""
        if account.owner_id is None or account.owner_id != owner.id:
            raise PermissionError(f"only the owner of {account.name!r} chooses who seats it")
        with self.engine.begin() as conn:
            conn.execute(
                update(schema.bot_accounts)
                .where(schema.bot_accounts.c.player_id == account.player.id)
                .values(seating=seating.value)
            )
        return BotAccount(account.player, account.owner_id, account.owner_name, seating)
