"""How the environments accept rules: a ``Rules``, a preset name, or a mapping of keys."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scala40.engine.rules import Rules

RulesArg = Rules | str | Mapping[str, Any] | None


def rules_of(rules: RulesArg, players: int | None = None) -> Rules:
    """The rules meant by ``rules`` (FISCA defaults when ``None``), ``players`` applied.

    A mapping may name a ``"preset"`` besides single keys, as ``scala40`` commands do.
    Bad keys or values raise :class:`~scala40.engine.rules.RulesError` naming them.
    """
    if isinstance(rules, Rules):
        base = rules
    elif isinstance(rules, str):
        base = Rules.build(rules)
    elif rules is None:
        base = Rules()
    else:
        changes = dict(rules)
        preset = changes.pop("preset", None)
        base = Rules.build(None if preset is None else str(preset), changes)
    if players is not None and players != base.players:
        if not 2 <= players <= 6:
            raise ValueError(f"players must be 2 to 6, not {players}")
        base = base.with_changes(players=players)
    return base
