"""The view's constructor is written out (compiled with the class, not generated as Python
at run time): it must take exactly the dataclass's fields, in order, with their defaults,
set each one, and leave the view as frozen as the dataclass's own would."""

from __future__ import annotations

import dataclasses
import random

import pytest

from scala40.bench import _dealt
from scala40.engine.rules import Rules
from scala40.engine.views import PlayerView


def test_the_constructor_takes_the_fields_in_order_with_their_defaults() -> None:
    # Asked by behaviour, not by signature: a compiled method shows (*args, **kwargs).
    deal = _dealt(Rules.build(None, {"players": 2}), random.Random(3))
    view = PlayerView.of(deal, 0)
    fields = dataclasses.fields(PlayerView)
    values = [getattr(view, f.name) for f in fields]
    assert PlayerView(*values) == view  # positional, in the fields' order
    required = {f.name: getattr(view, f.name) for f in fields if f.default is dataclasses.MISSING}
    bare = PlayerView(**required)
    for f in fields:
        expected = required[f.name] if f.default is dataclasses.MISSING else f.default
        assert getattr(bare, f.name) == expected, f.name
    with pytest.raises(TypeError):
        PlayerView(*values, ())  # one more than there are fields


def test_a_view_holds_what_it_was_given_and_stays_frozen() -> None:
    deal = _dealt(Rules.build(None, {"players": 3}), random.Random(5))
    view = PlayerView.of(deal, 1)
    given = {f.name: getattr(view, f.name) for f in dataclasses.fields(PlayerView)}
    again = PlayerView(**given)
    assert again == view and hash(again) == hash(view)
    assert {f.name: getattr(again, f.name) for f in dataclasses.fields(PlayerView)} == given
    assert dataclasses.replace(view, dealer=2).dealer == 2 and view.dealer == -1
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.me = 0  # type: ignore[misc]
