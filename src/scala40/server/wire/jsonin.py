"""Untrusted JSON in: one decoder for HTTP bodies and WebSocket frames, limits first.

``json.loads`` alone is not safe on what strangers send. It recurses once per ``[`` or
``{`` and raises :class:`RecursionError` (not ``ValueError``) on deep input; it turns a
5,000-digit number into ``ValueError`` from ``int`` (or, below Python's digit limit, a
slow giant integer); it accepts ``NaN`` and ``Infinity``, which are not JSON; it guesses
UTF-16/32 from the bytes; and it hands back lone surrogates (``"\\ud800"``), which are
valid escapes but not text: they cannot be encoded, so the first reply or database
write that carries one fails far from here, with a 500 or a dead socket.

:func:`decode_json` refuses all of these with one exception, :class:`BadJson`, whose
sentence names the problem and never repeats the offending text (echoing it back is how
a lone surrogate reached the socket's sender). The checks cost little on the small,
frequent WebSocket frames: the nesting check counts brackets in C and only looks closer
when there are many, and the surrogate walk over the decoded value runs only when the
text holds a ``\\u`` escape or anything beyond ASCII.
"""

from __future__ import annotations

import json
import math
import re
from itertools import accumulate
from typing import Any, Final

MAX_DEPTH: Final = 32
"""Deepest nesting of arrays and objects accepted (real messages are 3 or 4 deep)."""
MAX_INT_DIGITS: Final = 18
"""Longest integer accepted: every such number fits in 64 bits."""
MAX_FLOAT_CHARS: Final = 32
"""Longest number text with a fraction or exponent accepted."""

_STRING = re.compile(r'"(?:[^"\\]|\\.?)*+(?:"|\Z)', re.DOTALL)
"""A string, or an unclosed one to the end; possessive, so it takes linear time."""
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
_SURROGATE = re.compile("[\ud800-\udfff]")


class BadJson(ValueError):
    """Untrusted JSON refused; the sentence names the problem without quoting the input."""


def decode_json(raw: str | bytes) -> Any:
    """The JSON value in ``raw`` (strict UTF-8 if bytes), or :class:`BadJson` saying why not."""
    if isinstance(raw, str):
        text = raw
    else:
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise BadJson("the text is not valid UTF-8") from None
    if text.count("[") + text.count("{") > MAX_DEPTH and _depth(text) > MAX_DEPTH:
        raise BadJson(f"arrays and objects are nested more than {MAX_DEPTH} deep")
    try:
        value = _DECODER.decode(text)
    except json.JSONDecodeError as err:
        raise BadJson(f"not JSON: {err.msg} at line {err.lineno} column {err.colno}") from None
    except RecursionError:
        raise BadJson(f"arrays and objects are nested more than {MAX_DEPTH} deep") from None
    if ("\\u" in text or not text.isascii()) and _has_surrogate(value):
        raise BadJson("a string holds a lone surrogate (U+D800 to U+DFFF), which is not text")
    return value


def _depth(text: str) -> int:
    """The deepest bracket nesting outside strings (an unclosed string counts as outside)."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def _parse_int(digits: str) -> int:
    if len(digits) - digits.startswith("-") > MAX_INT_DIGITS:
        raise BadJson(f"a number has more than {MAX_INT_DIGITS} digits")
    return int(digits)


def _parse_float(text: str) -> float:
    if len(text) > MAX_FLOAT_CHARS:
        raise BadJson(f"a number is longer than {MAX_FLOAT_CHARS} characters")
    value = float(text)
    if not math.isfinite(value):
        raise BadJson("a number is too large")
    return value


def _refuse_constant(_name: str) -> Any:
    raise BadJson("NaN and Infinity are not JSON numbers")


_DECODER: Final = json.JSONDecoder(
    parse_int=_parse_int, parse_float=_parse_float, parse_constant=_refuse_constant
)
"""Built once: ``json.loads`` with hooks would build a decoder for every message."""


def _has_surrogate(value: Any) -> bool:
    """Whether any string or key in ``value`` holds a lone surrogate (no recursion)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                return True
        elif isinstance(item, dict):
            stack.extend(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False
