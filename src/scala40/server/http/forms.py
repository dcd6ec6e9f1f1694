"""What a lobby request asks for, read into values: a name, a seat's occupant, a token, rules.

Each reader refuses a malformed part with an :class:`ApiError` naming it, so nothing below
the HTTP edge sees an unchecked ``object``.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from typing import Any

from scala40.bots import ALIASES, LEVELS, canonical_level
from scala40.engine.errors import RulesError
from scala40.engine.rules import PRESETS, Rules
from scala40.server.http.errors import ApiError
from scala40.server.table.registry import TableSpec
from scala40.server.table.seats import OPEN_SEAT
from scala40.storage.nicknames import MAX_NAME, BadName, new_name
from scala40.storage.store import BOT_PACES, Access

REMOTE_KIND = "bot:remote:"
"""A remote bot account's seat kind begins so: ``bot:remote:NAME``."""

TOKEN_TEXT = re.compile(r"[A-Za-z0-9_-]{32,128}")
"""A seat token a client chose itself: URL-safe, at least 32 characters (≥ 192 bits)."""


def clean_name(raw: object) -> str:
    """A nickname someone chooses (a seat's, a new identity's) as it will be shown: NFKC,
    spaces collapsed, 1 to 24 characters, nothing invisible, one alphabet (400
    ``bad_nickname``), imitating no bot or server word (400 ``nickname_imitates``): see
    storage/nicknames.py. Whether a rated player keeps it is the route's question."""
    if not isinstance(raw, str):
        raise ApiError(400, "bad_nickname", f"a nickname is text, 1 to {MAX_NAME} characters")
    try:
        return new_name(raw)
    except BadName as err:
        raise ApiError(400, err.code, str(err)) from None


def occupant_of(
    raw: object,
    programs: Collection[str] = (),
    remote: Collection[str] = (),
    *,
    open_seats: bool = False,
) -> str:
    """``"human"``, ``"bot:LEVEL"``, LEVEL a built-in level or one of the registered
    ``programs``, or ``"bot:remote:NAME"``, NAME one of the ``remote`` bots the asker may
    seat now, or (``open_seats``: at a bot-only table) ``"bot:open"``, a seat another remote
    bot joins (a 400 ``bad_seat`` naming them otherwise). An old level name
    (``bot:heuristic``) is still accepted and stored under its canonical name (``bot:club``)."""
    if raw == "human":
        return "human"
    if raw == OPEN_SEAT and open_seats:
        return OPEN_SEAT
    if isinstance(raw, str) and raw.startswith(REMOTE_KIND):
        if raw[len(REMOTE_KIND) :] in remote:
            return raw
        raise ApiError(
            400,
            "bad_seat",
            f"{raw!r}: no such remote bot is connected, or its owner lets only themselves"
            " seat it (GET /api/bots lists the connected ones)",
        )
    level = raw[4:] if isinstance(raw, str) and raw.startswith("bot:") else None
    if level is not None and level in programs:
        return f"bot:{level}"
    if level is not None and (level in LEVELS or level in ALIASES):
        return f"bot:{canonical_level(level)}"
    kinds = ", ".join("bot:" + lv for lv in (*LEVELS, *programs))
    raise ApiError(400, "bad_seat", f'a seat is "human" or one of {kinds}, not {raw!r}')


def client_token(raw: object) -> str | None:
    """A seat token the client made (so a join that crashed can be asked again), or
    ``None`` when it leaves the choice to the server."""
    if raw is None:
        return None
    if not isinstance(raw, str) or TOKEN_TEXT.fullmatch(raw) is None:
        raise ApiError(
            400, "bad_token", "token is null or 32 to 128 URL-safe characters (A-Z a-z 0-9 _ -)"
        )
    return raw


def table_rules(preset: object, changes: object, players: int) -> Rules:
    """The table's rules: a preset plus single keys, seated for ``players``."""
    if preset is not None and (not isinstance(preset, str) or preset not in PRESETS):
        raise ApiError(
            400, "bad_rules", f"unknown rules preset {preset!r}: choose {', '.join(PRESETS)}"
        )
    if changes is None:
        changes = {}
    if not isinstance(changes, dict):
        raise ApiError(400, "bad_rules", "rules.changes is an object of rule keys")
    given = changes.get("players")
    if given is not None and str(given) != str(players):
        raise ApiError(
            400, "bad_rules", f"the table has {players} seats but the rules say players={given}"
        )
    try:
        return Rules.build(preset, {**changes, "players": players})
    except RulesError as err:
        raise ApiError(400, "bad_rules", str(err)) from None


def rules_part(body: dict[str, Any]) -> dict[str, Any]:
    """The ``rules`` of a new table's body: ``{"preset": ..., "changes": {...}}`` or none."""
    rules = body.get("rules") or {}
    if not isinstance(rules, dict):
        raise ApiError(400, "bad_rules", 'rules is {"preset": ..., "changes": {...}}')
    return rules


def table_spec(
    body: dict[str, Any],
    programs: Collection[str],
    identity_name: str | None = None,
    remote: Mapping[str, str] | None = None,
    *,
    bots_only: bool = False,
) -> TableSpec:
    """The table a ``POST /api/tables`` body asks for (without its league, which the
    route looks up): 2 to 6 seats with at least one human, the rules, the creator's
    nickname (``identity_name``, a rated player's own, as it is; else the body's), the
    timer, the bots' pace and whether the match is rated. ``remote``: the remote bots the
    asker may seat (name -> identity id); ``bots_only``: a bot-only table (a remote bot's,
    http/bots.py), no human seat, no creator's name."""
    kinds = body.get("seats")
    if not isinstance(kinds, list) or not 2 <= len(kinds) <= 6:
        raise ApiError(400, "bad_seats", "a table has 2 to 6 seats")
    remote = remote or {}
    occupants = tuple(occupant_of(k, programs, remote, open_seats=bots_only) for k in kinds)
    if bots_only and "human" in occupants:
        raise ApiError(400, "bad_seats", "a bot-only table has no human seat")
    if not bots_only and "human" not in occupants:
        raise ApiError(400, "bad_seats", "a table needs at least one human seat")
    if bots_only:
        name = ""
    else:
        name = identity_name if identity_name is not None else clean_name(body.get("nickname"))
    turn_seconds = body.get("turn_seconds")
    if turn_seconds is not None and (
        isinstance(turn_seconds, bool)
        or not isinstance(turn_seconds, int | float)
        or not 1 <= turn_seconds <= 3600
    ):
        raise ApiError(400, "bad_timer", "turn_seconds is null or a number of seconds, 1 to 3600")
    bot_pace = body.get("bot_pace")
    if bot_pace is None:
        bot_pace = "normal"
    if not isinstance(bot_pace, str) or bot_pace not in BOT_PACES:
        raise ApiError(400, "bad_pace", "bot_pace is one of " + ", ".join(BOT_PACES))
    rated = body.get("rated", bots_only)
    if not isinstance(rated, bool):
        raise ApiError(400, "bad_rated", "rated is true (a rated match) or false (casual)")
    private = body.get("private", False)
    if not isinstance(private, bool):
        raise ApiError(
            400, "bad_private", "private is true (only the invite link finds it) or false"
        )
    rules_body = rules_part(body)
    preset = rules_body.get("preset")
    rules = table_rules(preset, rules_body.get("changes"), len(occupants))
    return TableSpec(
        occupants=occupants,
        preset=preset if isinstance(preset, str) else "fisca",
        rules=rules,
        nickname=name,
        turn_seconds=None if turn_seconds is None else float(turn_seconds),
        bot_pace=bot_pace,
        rated=rated,
        remote_ids=tuple(
            (o[len(REMOTE_KIND) :], remote[o[len(REMOTE_KIND) :]])
            for o in sorted(set(occupants))
            if o.startswith(REMOTE_KIND)
        ),
        access=Access.PRIVATE if private else Access.OPEN,
    )


def quickplay_spec(
    body: dict[str, Any], level: str, turn_seconds: float | None, identity_name: str | None
) -> TableSpec:
    """The quick-play table a ``POST /api/quickplay`` body asks for: ``players`` seats (2
    to 6, 2 when not given), FISCA rules, the newcomer in the first seat and bots of
    ``level`` in the others until people take them."""
    players = body.get("players", 2)
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 6:
        raise ApiError(400, "bad_players", "players is a whole number of seats, 2 to 6")
    name = identity_name if identity_name is not None else clean_name(body.get("nickname"))
    return TableSpec(
        occupants=("human", *[f"bot:{level}"] * (players - 1)),
        preset="fisca",
        rules=table_rules("fisca", None, players),
        nickname=name,
        turn_seconds=turn_seconds,
        bot_pace="normal",
        access=Access.QUICK,
    )
