"""JSON-safe dicts for rules, actions and table melds (the parts records and positions share).

Cards inside these dicts are card text (``"7H"``, ``"JK=7D"``), never engine kinds, so a
saved file stays readable and does not depend on how the engine numbers cards. Rules are
stored as the keys that differ from the FISCA defaults: a file written before a new rule
key existed still means the same table.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from scala40.engine.actions import (
    Action,
    Discard,
    DrawStock,
    LayOff,
    Meld,
    MeldSpec,
    Open,
    SwapJoker,
    TakeBack,
    TakePozzo,
)
from scala40.engine.cards import JOKER
from scala40.engine.errors import Fact, RulesError
from scala40.engine.melds import TableMeld
from scala40.engine.rules import Rules
from scala40.notation.actions import ENDS
from scala40.notation.cards import format_card, parse_card, parse_meld_card
from scala40.notation.errors import NotationError
from scala40.notation.melds import format_meld, parse_table_meld

RULES_VERSION: Final = 1
"""Version of the rules dict; bump it if a key's meaning ever changes."""

JSONDict = dict[str, Any]


# Rules --------------------------------------------------------------------------------------


def rules_changes(rules: Rules) -> JSONDict:
    """The rule keys this table changes from the FISCA defaults (JSON-safe values).

    >>> rules_changes(Rules.build("house", {"elimination": "201"}))["elimination"]
    201
    >>> rules_from_changes(rules_changes(Rules.build("house"))) == Rules.build("house")
    True
    """
    return dict(sorted(rules.changes().items()))


def rules_from_changes(changes: Mapping[str, Any] | None) -> Rules:
    """Rules from changed keys; values may be JSON values or the text a user typed.

    Raises :class:`NotationError` (naming the key) for an unknown key or a bad value.

    >>> rules_from_changes({"players": "3", "stock_out": "end_hand"}).changes()
    {'players': 3, 'stock_out': 'end_hand'}
    >>> rules_from_changes({"players": "many"})
    Traceback (most recent call last):
    ...
    scala40.notation.errors.NotationError: bad rules: rule players takes a number, not 'many'
    """
    if changes is None:
        return Rules()
    if not isinstance(changes, Mapping):
        raise NotationError(f"rules must be an object of rule keys, not {changes!r}")
    try:
        return Rules.build(None, dict(changes))
    except RulesError as err:
        raise NotationError(f"bad rules: {err}") from None


def rules_to_dict(rules: Rules) -> JSONDict:
    """``{"version": 1, "changes": {...}}`` for a table's rules.

    >>> rules_to_dict(Rules.build(None, {"players": "3"}))
    {'version': 1, 'changes': {'players': 3}}
    """
    return {"version": RULES_VERSION, "changes": rules_changes(rules)}


def rules_from_dict(data: Mapping[str, Any]) -> Rules:
    """Rules from :func:`rules_to_dict`'s output.

    >>> rules = Rules.build("house", {"reshuffle_limit": "none"})
    >>> rules_from_dict(rules_to_dict(rules)) == rules
    True
    """
    if not isinstance(data, Mapping):
        raise NotationError(f"rules must be an object, not {data!r}")
    version = data.get("version")
    if version != RULES_VERSION:
        raise NotationError(
            f"unknown rules version {version!r} (this library reads {RULES_VERSION})"
        )
    unknown = sorted(set(data) - {"version", "changes"})
    if unknown:
        raise NotationError(f"unknown fields in rules: {', '.join(unknown)}")
    return rules_from_changes(data.get("changes", {}))


# Actions ------------------------------------------------------------------------------------


def _meld_cards(spec: MeldSpec) -> list[str]:
    return [format_card(c, d) for c, d in zip(spec.cards, spec.declared, strict=True)]


def _spec_from(cards: Any, where: str) -> MeldSpec:
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        raise NotationError(f"{where} must be a list of card texts, not {cards!r}")
    parsed = [parse_meld_card(c) for c in cards]
    return MeldSpec(tuple(k for k, _ in parsed), tuple(d for _, d in parsed))


def action_to_dict(action: Action) -> JSONDict:
    """An action as ``{"type": verb, ...}`` with the same verbs as the action text.

    >>> from scala40.notation.actions import parse_action
    >>> action_to_dict(parse_action("layoff JK=7D 1"))
    {'type': 'layoff', 'card': 'JK', 'target': 1, 'declared': '7D'}
    >>> action_from_dict(action_to_dict(parse_action("open 7H 7D 7C"))) == parse_action(
    ...     "open 7H 7D 7C"
    ... )
    True
    """
    if isinstance(action, DrawStock):
        return {"type": "draw"}
    if isinstance(action, TakePozzo):
        return {"type": "pozzo"}
    if isinstance(action, TakeBack):
        return {"type": "takeback"}
    if isinstance(action, Open):
        return {"type": "open", "melds": [_meld_cards(m) for m in action.melds]}
    if isinstance(action, Meld):
        return {"type": "meld", "cards": _meld_cards(action.meld)}
    if isinstance(action, Discard):
        return {"type": "discard", "card": format_card(action.card)}
    if isinstance(action, SwapJoker):
        return {"type": "swap", "card": format_card(action.card), "target": action.target}
    if isinstance(action, LayOff):
        out: JSONDict = {
            "type": "layoff",
            "card": format_card(action.card),
            "target": action.target,
        }
        if action.end is not None:
            out["end"] = action.end
        if action.declared is not None:
            out["declared"] = format_card(action.declared)
        return out
    raise NotationError(f"not a Scala 40 action: {action!r}")


def _target(data: Mapping[str, Any]) -> int:
    target = data.get("target")
    if not isinstance(target, int) or isinstance(target, bool) or target < 0:
        raise NotationError(f"an action's target is a table meld number 0 or more, not {target!r}")
    return target


def _card(data: Mapping[str, Any], key: str = "card") -> int:
    text = data.get(key)
    if not isinstance(text, str):
        raise NotationError(f"an action's {key} must be card text, not {text!r}")
    return parse_card(text)


_FIELDS: Final[dict[str, set[str]]] = {
    "draw": set(),
    "pozzo": set(),
    "takeback": set(),
    "open": {"melds"},
    "meld": {"cards"},
    "discard": {"card"},
    "swap": {"card", "target"},
    "layoff": {"card", "target", "end", "declared"},
}


def action_from_dict(data: Mapping[str, Any]) -> Action:
    """The action :func:`action_to_dict` wrote.

    >>> from scala40.notation.actions import format_action
    >>> format_action(action_from_dict({"type": "swap", "card": "7D", "target": 1}))
    'swap 7D 1'
    """
    if not isinstance(data, Mapping):
        raise NotationError(f"an action must be an object, not {data!r}")
    kind = data.get("type")
    if kind not in _FIELDS:
        raise NotationError(f"not an action type: {kind!r}")
    unknown = sorted(set(data) - _FIELDS[kind] - {"type"})
    if unknown:
        raise NotationError(f"unknown fields in a {kind} action: {', '.join(unknown)}")
    if kind == "draw":
        return DrawStock()
    if kind == "pozzo":
        return TakePozzo()
    if kind == "takeback":
        return TakeBack()
    if kind == "open":
        melds = data.get("melds")
        if not isinstance(melds, list):
            raise NotationError(f"an open action lists its melds, not {melds!r}")
        return Open(tuple(_spec_from(m, "an opening's meld") for m in melds))
    if kind == "meld":
        return Meld(_spec_from(data.get("cards"), "a meld's cards"))
    if kind == "discard":
        return Discard(_card(data))
    if kind == "swap":
        return SwapJoker(_card(data), _target(data))
    end = data.get("end")
    if end is not None and end not in ENDS:
        raise NotationError(f"the end of a run is low or high, not {end!r}")
    declared = _card(data, "declared") if data.get("declared") is not None else None
    card = _card(data)
    if declared is not None and card != JOKER:
        raise NotationError(f"only a joker carries a declared identity, not {data.get('card')}")
    return LayOff(card, _target(data), end, declared)


# Table melds ----------------------------------------------------------------------------------


def facts_to_dict(facts: Mapping[str, Fact]) -> JSONDict:
    """An :class:`IllegalAction`'s ``facts`` in JSON: its cards (``card``, ``cards``) as
    notation text, numbers and words as they are."""
    out: JSONDict = {}
    for key, value in facts.items():
        if isinstance(value, tuple):
            out[key] = [format_card(c) for c in value]
        elif key == "card" and isinstance(value, int):
            out[key] = format_card(value)
        else:
            out[key] = value
    return out


def table_meld_to_dict(meld: TableMeld) -> JSONDict:
    """``{"kind": "run", "cards": ["JS", "QS", "JK=KS"]}``: every joker's identity named.

    >>> table_meld_to_dict(parse_table_meld("JS QS JK"))
    {'kind': 'run', 'cards': ['JS', 'QS', 'JK=KS']}
    """
    return {"kind": meld.kind, "cards": format_meld(meld).split()}


def table_meld_from_dict(data: Mapping[str, Any], rules: Rules | None = None) -> TableMeld:
    """The table meld :func:`table_meld_to_dict` wrote, checked by the engine under ``rules``.

    >>> meld = table_meld_from_dict({"cards": ["5H", "5D", "5C"]})
    >>> meld.kind, table_meld_from_dict(table_meld_to_dict(meld)) == meld
    ('set', True)
    """
    if not isinstance(data, Mapping):
        raise NotationError(f"a table meld must be an object, not {data!r}")
    cards = data.get("cards")
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        raise NotationError(f"a table meld's cards must be a list of card texts, not {cards!r}")
    meld = parse_table_meld(cards, rules)
    kind = data.get("kind")
    if kind is not None and kind != meld.kind:
        raise NotationError(f'"{" ".join(cards)}" is a {meld.kind}, not a {kind}')
    return meld
