"""Actions as text, one line each, for game records, bug reports and typed play.

=========================================  =================================================
``draw``                                   draw the top card of the stock (tallone)
``pozzo``                                  take the top card of the pozzo
``open 7H 7D 7C | 3S 4S 5S``               open with several melds at once, split by ``|``
``meld 9H 10H JH``                         lay one new meld (once opened)
``layoff 8S 2``                            lay the 8♠ off on table meld 2
``layoff JK 2 low`` / ``layoff AS 0 high`` name the end of a run where it is a choice
``layoff JK=7D 1``                         a joker completing a set, with its suit named
``swap 7D 1``                              put the 7♦ in place of the joker of meld 1
``discard QS``                             discard (ends the turn)
``takeback``                               take back everything laid down this turn
=========================================  =================================================

Table melds are numbered as the engine numbers them: 0 is the first meld on the table.
Verbs are read in any case; :func:`format_action` writes the canonical form above, and
``parse_action(format_action(a)) == a`` for every action:

>>> action = parse_action("LayOff jk=7d 1")
>>> format_action(action)
'layoff JK=7D 1'
>>> parse_action(format_action(action)) == action
True
"""

from __future__ import annotations

from typing import Final

from scala40.engine.actions import (
    Action,
    Discard,
    DrawStock,
    LayOff,
    Meld,
    Open,
    SwapJoker,
    TakeBack,
    TakePozzo,
)
from scala40.engine.melds import HIGH, LOW
from scala40.notation.cards import format_card, parse_card, parse_meld_card
from scala40.notation.errors import NotationError
from scala40.notation.melds import format_meld, parse_meld

VERBS: Final = ("draw", "pozzo", "open", "meld", "layoff", "swap", "discard", "takeback")
ENDS: Final = (LOW, HIGH)


def _bad(text: str, why: str) -> NotationError:
    return NotationError(f'{why}: "{text.strip()}"')


def _target(text: str, token: str) -> int:
    if not (token.isascii() and token.isdigit()):
        raise _bad(text, "a table meld number (0 for the first meld) is needed, not " + token)
    return int(token)


def parse_action(text: str) -> Action:
    """The action a line of text names; raises :class:`NotationError` naming the problem.

    >>> format_action(parse_action("OPEN 7h 7d 7c | 3s 4s 5s"))
    'open 7H 7D 7C | 3S 4S 5S'
    >>> parse_action("discard")
    Traceback (most recent call last):
    ...
    scala40.notation.errors.NotationError: discard needs a card: "discard"
    """
    words = text.split()
    if not words:
        raise NotationError('not an action: ""')
    verb = words[0].lower()
    args = words[1:]
    rest = text.strip()[len(words[0]) :]
    if verb in ("draw", "pozzo", "takeback"):
        if args:
            raise _bad(text, f"{verb} takes nothing after it")
        if verb == "draw":
            return DrawStock()
        return TakePozzo() if verb == "pozzo" else TakeBack()
    if verb == "open":
        if not args:
            return Open(())
        parts = rest.split("|")
        if any(not p.split() for p in parts):
            raise _bad(text, "an opening lists melds split by |, and none may be empty")
        return Open(tuple(parse_meld(p) for p in parts))
    if verb == "meld":
        if not args:
            raise _bad(text, "meld needs the cards of the meld")
        if "|" in rest:
            raise _bad(text, "meld lays one meld (use open for several)")
        return Meld(parse_meld(rest))
    if verb in ("discard", "swap"):
        want = 1 if verb == "discard" else 2
        if len(args) != want:
            usage = "a card" if verb == "discard" else "a card and a table meld number"
            raise _bad(text, f"{verb} needs {usage}")
        card = parse_card(args[0])
        if verb == "discard":
            return Discard(card)
        return SwapJoker(card, _target(text, args[1]))
    if verb == "layoff":
        if len(args) not in (2, 3):
            raise _bad(text, "layoff needs a card, a table meld number and maybe low or high")
        card, declared = parse_meld_card(args[0])
        end: str | None = None
        if len(args) == 3:
            end = args[2].lower()
            if end not in ENDS:
                raise _bad(text, f"the end of a run is low or high, not {args[2]}")
        return LayOff(card, _target(text, args[1]), end, declared)
    raise NotationError(f'not an action: "{text.strip()}"')


def _index(target: int) -> str:
    if not isinstance(target, int) or isinstance(target, bool) or target < 0:
        raise NotationError(f"a table meld number is 0 or more, not {target!r}")
    return str(target)


def format_action(action: Action, *, pretty: bool = False) -> str:
    """The canonical line of text for ``action`` (suit symbols when ``pretty``).

    >>> format_action(parse_action("discard qs")), format_action(parse_action("Draw"))
    ('discard QS', 'draw')
    >>> format_action(parse_action("layoff AS 0 HIGH"), pretty=True)
    'layoff A♠ 0 high'
    """
    _check(action)
    return action.text(pretty=pretty)


def _check(action: Action) -> None:
    """Raise :class:`NotationError` for an action no line of text names (a card that is
    not a card, an empty meld, a negative meld number, an end that is not low or high);
    the text itself is the action's own (``Action.text``)."""
    if isinstance(action, DrawStock | TakePozzo | TakeBack):
        return
    if isinstance(action, Open):
        for spec in action.melds:
            if not spec.cards:
                raise NotationError("an opening's melds need cards")
            format_meld(spec)
        return
    if isinstance(action, Meld):
        if not action.meld.cards:
            raise NotationError("a meld needs cards")
        format_meld(action.meld)
        return
    if isinstance(action, Discard):
        format_card(action.card)
        return
    if isinstance(action, SwapJoker):
        format_card(action.card)
        _index(action.target)
        return
    if isinstance(action, LayOff):
        format_card(action.card, action.declared)
        _index(action.target)
        if action.end is not None and action.end not in ENDS:
            raise NotationError(f"the end of a run is low or high, not {action.end!r}")
        return
    raise NotationError(f"not a Scala 40 action: {action!r}")


def describe_action(action: Action, pozzo_top: int | None = None, drawn: int | None = None) -> str:
    """What a player did, in public words (game logs, replays); a card drawn from the stock
    is named only when ``drawn`` is given, i.e. when the teller may know it.

    >>> describe_action(parse_action("swap 7D 1"))
    'swaps 7♦ for the joker of meld 1'
    >>> describe_action(parse_action("draw")), describe_action(DrawStock(), drawn=parse_card("QS"))
    ('draws from the stock', 'draws Q♠ from the stock')
    """
    if isinstance(action, DrawStock):
        if drawn is None:
            return "draws from the stock"
        return f"draws {format_card(drawn, pretty=True)} from the stock"
    if isinstance(action, TakePozzo):
        card = "" if pozzo_top is None else format_card(pozzo_top, pretty=True) + " "
        return f"takes {card}from the pozzo"
    if isinstance(action, Open):
        return "opens: " + " | ".join(format_meld(m, pretty=True) for m in action.melds)
    if isinstance(action, Meld):
        return "melds " + format_meld(action.meld, pretty=True)
    if isinstance(action, LayOff):
        end = f" ({action.end} end)" if action.end else ""
        card = format_card(action.card, action.declared, pretty=True)
        return f"lays off {card} on meld {action.target}{end}"
    if isinstance(action, SwapJoker):
        return (
            f"swaps {format_card(action.card, pretty=True)} for the joker of meld {action.target}"
        )
    if isinstance(action, Discard):
        return f"discards {format_card(action.card, pretty=True)}"
    assert isinstance(action, TakeBack)
    return "takes back what was laid down this turn"
