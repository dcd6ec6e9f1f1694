"""What changed between two VIEWs, as a JSON Patch (RFC 6902), and how to apply one.

A move changes a few keys of each seat's VIEW: whose turn it is, one player's card count,
the pozzo, the moves of the seat to move. A connection that asks for patches
(``/ws/TABLE?patches=1``, docs/protocol.md) is sent the whole VIEW once and then only
these changes, so the server encodes and sends a fraction of the bytes on every move.
Patches are computed from the VIEWs the engine's views produce — never from the true
state — so they carry nothing the whole VIEW would not.

The standard format means any client can apply them with a stock library; the ops used
here are ``replace``, ``add`` and ``remove``. Lists of the same length are compared item
by item (one player's card count is one op), a list that grew at its end gets its new
items added (``/-``), and any other list that grew or shrank is replaced.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

Op = dict[str, Any]


class PatchError(ValueError):
    """A patch that does not apply to the document it was given."""


def _escape(key: object) -> str:
    """A key as a JSON Pointer token (a key that is no text, e.g. a seat number in a
    score table, is named as JSON writes it: as its text)."""
    return str(key).replace("~", "~0").replace("/", "~1")


def _unescape(token: str) -> str:
    return token.replace("~1", "/").replace("~0", "~")


def diff(old: Any, new: Any, path: str = "") -> list[Op]:
    """The ops that turn ``old`` into ``new`` (both JSON values); ``[]`` when equal."""
    ops: list[Op] = []
    _diff(old, new, path, ops)
    return ops


def diff_keys(old: dict[str, Any], new: dict[str, Any], keys: Iterable[str]) -> list[Op]:
    """The ops of :func:`diff` on the top-level ``keys`` of two objects only."""
    return diff({k: old[k] for k in keys if k in old}, {k: new[k] for k in keys if k in new})


def same(a: Any, b: Any) -> bool:
    """Whether two JSON values are the same JSON: Python's ``==`` is not, as it takes
    ``True`` for ``1`` and ``1.0`` for ``1`` at any depth. ``==`` runs first (in C) and
    settles every difference but these; only values it finds equal are walked."""
    return a is b or (a == b and _same_types(a, b))


_NESTED = (dict, list)


def _same_types(a: Any, b: Any) -> bool:
    """Whether two values that are ``==`` have the same type at every place. An object's
    or a list's item types are listed and compared in C (most items are text); only the
    items that are objects or lists are walked."""
    if type(a) is list:
        if type(b) is not list:
            return False
        types = list(map(type, a))
        if types != list(map(type, b)):
            return False
        if dict in types or list in types:
            return all(_same_types(x, y) for x, y in zip(a, b, strict=True) if type(x) in _NESTED)
        return True
    if type(a) is dict:
        if type(b) is not dict:
            return False
        types = list(map(type, a.values()))
        if types != list(map(type, map(b.__getitem__, a))):
            return False
        if dict in types or list in types:
            return all(_same_types(v, b[k]) for k, v in a.items() if type(v) in _NESTED)
        return True
    return type(a) is type(b)


def _diff(old: Any, new: Any, path: str, ops: list[Op]) -> None:
    if old is new:
        return
    if isinstance(old, dict) and isinstance(new, dict):
        for key, value in new.items():
            if key not in old:
                ops.append({"op": "add", "path": f"{path}/{_escape(key)}", "value": value})
            else:
                was = old[key]
                if not same(was, value):
                    _diff(was, value, f"{path}/{_escape(key)}", ops)
        for key in old:
            if key not in new:
                ops.append({"op": "remove", "path": f"{path}/{_escape(key)}"})
        return
    if isinstance(old, list) and isinstance(new, list):
        if len(old) == len(new):
            for i, (was, value) in enumerate(zip(old, new, strict=True)):
                if not same(was, value):
                    _diff(was, value, f"{path}/{i}", ops)
            return
        if len(old) < len(new) and same(new[: len(old)], old):
            # A list that grew at its end (the pozzo, the log of melds): the new items.
            ops.extend({"op": "add", "path": f"{path}/-", "value": v} for v in new[len(old) :])
            return
    if same(old, new):
        return
    ops.append({"op": "replace", "path": path, "value": new})


def share(old: Any, new: Any) -> Any:
    """``new``, with every part equal to the same part of ``old`` replaced by ``old``'s
    object (``new``'s dicts and lists are changed in place).

    A table writes its public VIEW once per move and every seat's from it; sharing the
    unchanged parts with the last move's VIEW lets :func:`diff` skip them by identity, so
    the comparing is done once per move rather than once per connection."""
    if same(old, new):
        return old
    if isinstance(old, dict) and isinstance(new, dict):
        for key, value in new.items():
            if key in old:
                new[key] = share(old[key], value)
    elif isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        for i, value in enumerate(new):
            new[i] = share(old[i], value)
    return new


def apply(doc: Any, ops: list[Op]) -> Any:
    """``doc`` with ``ops`` applied (``doc`` itself is changed where it can be; the
    result is returned, as a ``replace`` of the whole document gives a new value).
    Raises :class:`PatchError` for an op that does not fit the document."""
    try:
        return _apply(doc, ops)
    except (KeyError, IndexError, ValueError, TypeError) as err:
        if isinstance(err, PatchError):
            raise
        raise PatchError(f"the patch does not fit the document: {err!r}") from None


def _apply(doc: Any, ops: list[Op]) -> Any:
    for op in ops:
        kind, path = op.get("op"), op.get("path")
        if not isinstance(path, str) or (path and not path.startswith("/")):
            raise PatchError(f"a patch path is a JSON pointer, not {path!r}")
        if kind not in ("add", "replace", "remove"):
            raise PatchError(f"unsupported patch op {kind!r}")
        if path == "":
            if kind == "remove":
                raise PatchError("the whole document cannot be removed")
            doc = op["value"]
            continue
        *parents, last = [_unescape(t) for t in path[1:].split("/")]
        target = doc
        for token in parents:
            target = target[int(token)] if isinstance(target, list) else target[token]
        if isinstance(target, list):
            index = len(target) if last == "-" else int(last)
            if kind == "add":
                target.insert(index, op["value"])
            elif kind == "replace":
                target[index] = op["value"]
            else:
                del target[index]
        elif isinstance(target, dict):
            if kind == "remove":
                del target[last]
            else:
                if kind == "replace" and last not in target:
                    raise PatchError(f"nothing at {path} to replace")
                target[last] = op["value"]
        else:
            raise PatchError(f"{path} does not lead into an object or a list")
    return doc
