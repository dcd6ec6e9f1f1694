"""Every rule key and value in plain words, in every language of the catalogue (/rules,
the lobby's rules form, ``scala40 rules``).

The lobby's rules form shows these sentences instead of key names, so a player can set up
the table their family plays without reading the rule book. The words are messages of the
project's one catalogue (:mod:`scala40.words`), so a translator adds a language with one
catalogue file and no code; what stays here is which message says what:

- ``rule.KEY``: what the key decides;
- ``rule.KEY.VALUE``: a choice of the key, ``VALUE`` as typed after ``--rule KEY=``
  (``true``, ``false``, ``double``);
- ``rule.KEY.none``: what an empty number key means, for the keys of :data:`NONE_WORDED`;
- ``preset.NAME``: a preset of :data:`~scala40.engine.rules.PRESETS`.

``rules_catalogue()`` is what ``GET /api/rules`` answers: each of those words as
``label_<lang>`` (``none_label_<lang>``) for every language of the catalogue, English
first; a test checks that every engine key and choice has its words.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, Final

from scala40.engine.rules import CHOICES, NUMBER_RANGES, PRESETS, Rules
from scala40.words import SOURCE_LANGUAGE, Words, languages

NONE_WORDED: Final[tuple[str, ...]] = ("jokers", "reshuffle_limit")
"""The number keys whose ``none`` needs saying (two jokers per deck, no rebuild limit):
each has its ``rule.KEY.none`` message."""

SUMMARY_SHOWN: Final = frozenset(
    {"players", "opening_points", "elimination", "single_hand", "target_total", "fixed_hands"}
)
"""The keys a rules summary says in its own words (or leaves to the seats), not as a change."""


def typed(value: Any) -> str:
    """A rule value as it is typed after ``--rule KEY=``, and as it ends a value's message
    key: ``true``, ``false``, ``none``, ``double``.

    >>> typed(False), typed(None), typed("end_hand")
    ('false', 'none', 'end_hand')
    """
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def label_key(key: str) -> str:
    """The message that says what a rule key decides."""
    return f"rule.{key}"


def value_key(key: str, value: Any) -> str:
    """The message of one choice of a rule key (``None``: what an empty number means)."""
    return f"rule.{key}.{typed(value)}"


def preset_key(name: str) -> str:
    """The message that names a preset."""
    return f"preset.{name}"


def speakers() -> tuple[Words, ...]:
    """Every language of the catalogue, English first: what the API words each text in."""
    return tuple(Words(lang) for lang in languages())


def in_every_language(field: str, key: str, every: tuple[Words, ...]) -> dict[str, str]:
    """``{field_en: ..., field_it: ..., ...}``: one message in every catalogue language,
    the APIs' shape (a client picks its language's field, else the English one)."""
    return {f"{field}_{words.lang}": words(key) for words in every}


def _number_entry(name: str, every: tuple[Words, ...]) -> dict[str, Any]:
    """A number key's type and bounds, read from the engine's one declaration of them."""
    span = NUMBER_RANGES[name]
    entry: dict[str, Any] = {
        "type": "integer" + "_or_null" * span.none_ok + "_or_any" * span.any_ok,
        "min": span.low,
        "max": span.high,
    }
    if span.high_with_decks:
        entry["max_with_decks"] = {str(decks): top for decks, top in span.high_with_decks}
    if name in NONE_WORDED:
        entry.update(in_every_language("none_label", value_key(name, None), every))
    if span.high is not None and span.high - span.low <= 1:  # decks: 2 or 3
        entry["choices"] = [
            {"value": v, **{f"label_{words.lang}": str(v) for words in every}}
            for v in range(span.low, span.high + 1)
        ]
    return entry


def _key_entry(name: str, default: Any, every: tuple[Words, ...]) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "key": name,
        "default": default,
        **in_every_language("label", label_key(name), every),
    }
    if name in CHOICES:
        entry["choices"] = [
            {"value": v, **in_every_language("label", value_key(name, v), every)}
            for v in CHOICES[name]
        ]
    elif name in NUMBER_RANGES:
        entry.update(_number_entry(name, every))
    else:
        entry["type"] = "boolean"
    return entry


def rules_catalogue() -> dict[str, Any]:
    """``{"presets": {...}, "keys": [...]}``: every rule key with its words and choices."""
    default = Rules()
    every = speakers()
    return {
        "presets": {
            name: {**in_every_language("label", preset_key(name), every), "changes": dict(changes)}
            for name, changes in PRESETS.items()
        },
        "keys": [_key_entry(f.name, getattr(default, f.name), every) for f in fields(Rules)],
    }


def _value_words(words: Words, key: str, value: Any) -> str:
    """A value of a key in ``words``' language: its choice's words, what ``none`` means,
    yes or no, else the value as it is (a number)."""
    if key in CHOICES and value in CHOICES[key] and words.has(value_key(key, value)):
        return words(value_key(key, value))
    if value is None and key in NONE_WORDED:
        return words(value_key(key, None))
    if value is True:
        return words("lobby.yes")
    if value is False:
        return words("lobby.no")
    return str(value)


def rules_facts(preset: str, rules: Rules) -> dict[str, Any]:
    """What :func:`rules_summary` says, as values the pages word in their own language.

    ``preset``, ``opening_points``, the match's end (``single_hand``, ``target_total``,
    ``fixed_hands``, ``elimination``) and ``changes``: every other key whose value differs
    from the preset's (the pages word those with the labels of ``GET /api/rules``).
    """
    base = PRESETS.get(preset, {})
    return {
        "preset": preset,
        "opening_points": rules.opening_points,
        "single_hand": bool(rules.single_hand),
        "target_total": rules.target_total,
        "fixed_hands": rules.fixed_hands,
        "elimination": rules.elimination,
        "changes": {
            key: value
            for key, value in rules.changes().items()
            if key not in SUMMARY_SHOWN and base.get(key) != value
        },
    }


def rules_summary(preset: str, rules: Rules, lang: str = SOURCE_LANGUAGE) -> str:
    """One line in plain words (English unless ``lang`` says otherwise): the preset, the
    opening, the limit, and what else changed; the pages say the same from
    :func:`rules_facts` (``rulesSummary`` in js/i18n.js), with the same messages."""
    words = Words(lang)
    facts = rules_facts(preset, rules)
    parts = [
        words(preset_key(preset)) if words.has(preset_key(preset)) else preset,
        words.count("rules.opening", rules.opening_points),
    ]
    if rules.single_hand:
        parts.append(words("rules.singleHand"))
    elif rules.target_total is not None:
        parts.append(words("rules.target", n=rules.target_total))
    elif rules.fixed_hands is not None:
        parts.append(words.count("rules.fixedHands", rules.fixed_hands))
    else:
        parts.append(words("rules.elimination", n=rules.elimination))
    for key, value in facts["changes"].items():
        parts.append(f"{words(label_key(key))}: {_value_words(words, key, value)}")
    return "; ".join(parts)
