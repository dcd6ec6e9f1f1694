"""The untrusted-JSON decoder: within its limits it is ``json.loads``; past them, one
exception whose sentence never quotes the input."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scala40.server.wire import jsonin
from scala40.server.wire.jsonin import MAX_DEPTH, BadJson, decode_json

from .hostile import BIG_NUMBER, DEEP, SURROGATE


def refusal(raw: str | bytes) -> str:
    with pytest.raises(BadJson) as caught:
        decode_json(raw)
    return str(caught.value)


def nested(depth: int, kind: str = "list") -> str:
    if kind == "list":
        return "[" * depth + "]" * depth
    return '{"a":' * depth + "1" + "}" * depth


@pytest.mark.parametrize("kind", ["list", "object"])
def test_nesting_up_to_the_limit_is_read_and_one_more_is_refused(kind: str) -> None:
    assert decode_json(nested(MAX_DEPTH, kind)) == json.loads(nested(MAX_DEPTH, kind))
    assert "nested more than 32 deep" in refusal(nested(MAX_DEPTH + 1, kind))


@pytest.mark.parametrize("depth", [1000, 4000, 100_000])
def test_deep_input_is_refused_without_recursion_error(depth: int) -> None:
    assert "nested" in refusal(nested(depth))
    assert "nested" in refusal("[" * depth)
    assert "nested" in refusal(nested(depth, "object").encode())


def test_brackets_inside_strings_are_not_nesting() -> None:
    text = json.dumps({"cards": "[" * 500 + "{" * 500, "q": '\\"[[[[', "more": ["]]]"] * 40})
    assert decode_json(text) == json.loads(text)


def test_recursion_error_is_the_last_guard(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jsonin, "_depth", lambda _text: 0)
    assert "nested" in refusal("[" * 100_000)


def test_unclosed_strings_full_of_quotes_are_quick() -> None:
    # The string pattern is possessive: no quadratic retry over thousands of quotes.
    text = "[" * 40 + '"\\' * 8000
    assert "nested" in refusal(text)


def test_integers_of_up_to_18_digits_are_read() -> None:
    assert decode_json("[999999999999999999, -999999999999999999]") == [10**18 - 1, 1 - 10**18]


@pytest.mark.parametrize("digits", [19, 5000, 100_000])
def test_longer_integers_are_refused(digits: int) -> None:
    assert "more than 18 digits" in refusal('{"v": ' + "7" * digits + "}")
    assert "more than 18 digits" in refusal("-" + "7" * digits)


def test_floats_are_bounded_and_finite() -> None:
    assert decode_json("[1.5, -2e-3, 1e308]") == [1.5, -2e-3, 1e308]
    assert "longer than" in refusal("0." + "5" * 40)
    assert "too large" in refusal("1e400")
    assert "too large" in refusal("[-1e999]")


@pytest.mark.parametrize("text", ["NaN", "[Infinity]", '{"a": -Infinity}'])
def test_nan_and_infinity_are_refused(text: str) -> None:
    assert "NaN and Infinity" in refusal(text)


@pytest.mark.parametrize(
    "text",
    [
        '"\\ud800"',
        '"\\udfff"',
        '["QS\\ud83d"]',
        '["\\ude00\\ud83d"]',
        '{"\\udc00": 1}',
        '{"a": {"b": ["x", "\\uDBFFy"]}}',
        '["\ud800"]',
    ],
)
def test_lone_surrogates_are_refused_in_keys_and_strings(text: str) -> None:
    message = refusal(text)
    assert "lone surrogate" in message
    message.encode("utf-8")


def test_a_surrogate_pair_is_a_character_and_an_escaped_backslash_is_not_a_surrogate() -> None:
    assert decode_json('["\\ud83d\\ude00"]') == ["😀"]
    assert decode_json('["\\\\ud800"]') == ["\\ud800"]


@pytest.mark.parametrize(
    "raw",
    [
        b'["\xff"]',
        b'{"a": "\xc0\xaf"}',
        b'["\xed\xa0\x80"]',
        b'["\xe2\x82"]',
        '{"a": 1}'.encode("utf-16"),
        '{"a": 1}'.encode("utf-32"),
    ],
)
def test_bytes_must_be_strict_utf8(raw: bytes) -> None:
    assert refusal(raw) == "the text is not valid UTF-8"


def test_utf16_is_not_guessed_where_json_loads_would() -> None:
    raw = '{"a": 1}'.encode("utf-16")
    assert json.loads(raw) == {"a": 1}
    with pytest.raises(BadJson):
        decode_json(raw)


def test_not_json_says_where_without_quoting() -> None:
    message = refusal('{"card": "SECRET" oops}')
    assert message == "not JSON: Expecting ',' delimiter at line 1 column 19"
    assert "SECRET" not in refusal('{"SECRET\\ud800": 1}')
    assert "SECRET" not in refusal(b'{"SECRET": "\xff"}')


def test_a_typical_action_message_is_read_as_json_loads_reads_it() -> None:
    text = '{"type":"action","v":12,"action":{"type":"discard","card":"QS"}}'
    assert decode_json(text) == decode_json(text.encode()) == json.loads(text)


# Hypothesis ----------------------------------------------------------------------------------
TEXT = st.text(st.characters(exclude_categories=["Cs"]), max_size=12)
VALUE = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(10**18) + 1, 10**18 - 1),
        st.floats(allow_nan=False, allow_infinity=False),
        TEXT,
    ),
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(TEXT, inner, max_size=5)),
    max_leaves=30,
)


def depth(value: Any) -> int:
    if isinstance(value, list):
        return 1 + max(map(depth, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(depth, value.values()), default=0)
    return 0


@settings(max_examples=150, deadline=None)
@given(value=VALUE, ascii_only=st.booleans(), indent=st.sampled_from([None, 1]))
def test_any_json_value_within_the_limits_decodes_as_json_loads_does(
    value: Any, ascii_only: bool, indent: int | None
) -> None:
    text = json.dumps(value, ensure_ascii=ascii_only, indent=indent)
    if depth(value) > MAX_DEPTH:
        return
    expected = json.loads(text)
    assert decode_json(text) == expected
    assert decode_json(text.encode("utf-8")) == expected


@settings(max_examples=200, deadline=None)
@given(raw=st.one_of(st.binary(max_size=80), st.text(max_size=80)))
def test_any_input_is_a_value_or_bad_json(raw: str | bytes) -> None:
    try:
        value = decode_json(raw)
    except BadJson as err:
        str(err).encode("ascii")
        return
    assert value == json.loads(raw)


@settings(max_examples=100, deadline=None)
@given(raw=st.one_of(DEEP, BIG_NUMBER, SURROGATE))
def test_every_hostile_value_is_bad_json(raw: bytes) -> None:
    message = refusal(raw)
    assert len(message) < 100 and message.isascii()
    with pytest.raises(BadJson):
        decode_json(raw.decode("ascii"))
