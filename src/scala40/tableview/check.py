"""The engine's word on a selection of cards: the answer to a ``check`` message.

The page asks it for a selection ``legal.melds`` does not list, to say why in the
player's language; the server's table and the local table answer it alike.
"""

from __future__ import annotations

from scala40.engine.melds import selection_refusal
from scala40.engine.rules import Rules
from scala40.notation.cards import parse_card
from scala40.notation.codec import JSONDict, facts_to_dict
from scala40.notation.errors import NotationError

MAX_CHECKED = 14
"""Most cards one ``check`` names: a hand after its draw."""


class UnreadableCheck(ValueError):
    """A ``check`` message that names no cards to check."""


def meld_check(data: JSONDict, rules: Rules) -> JSONDict:
    """The answer to ``{"type": "check", "cards": [...]}``: whether the cards make a meld
    under ``rules``, as the engine reads a selection (:func:`selection_refusal`), with the
    engine's refusal (code, message, facts) when they make none. The page asks it while
    cards are selected that ``legal.melds`` does not list, so it can say why in the
    player's language without a rule of its own. Raises :class:`UnreadableCheck`."""
    texts = data.get("cards")
    if (
        not isinstance(texts, list)
        or not 1 <= len(texts) <= MAX_CHECKED
        or not all(isinstance(t, str) for t in texts)
    ):
        raise UnreadableCheck(f'check carries "cards": 1 to {MAX_CHECKED} card texts')
    try:
        kinds = [parse_card(t) for t in texts]
    except NotationError as err:
        raise UnreadableCheck(f"check: {err}") from None
    refused = selection_refusal(kinds, rules)
    answer: JSONDict = {"type": "check", "cards": texts, "ok": refused is None}
    if refused is not None:
        answer["code"] = refused.code.value
        answer["message"] = refused.reason
        if refused.facts:
            answer["facts"] = facts_to_dict(refused.facts)
    return answer
