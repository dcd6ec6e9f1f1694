"""A hint's reasons as they cross the socket: codes and values, no sentence.

The club player's :class:`~scala40.bots.reasons.Reason` becomes JSON the pages word in
their own language (the catalogue's ``hintwhy.<code>`` messages): the code, the card and
cards as card text (``7H``; a joker as ``JK``), each meld as the table shows it (its cards,
a joker as ``JK=7C``), the number, and the reasons under it. Only what the seat asking
may know: its own cards, the table, counts.
"""

from __future__ import annotations

from scala40.bots.reasons import Reason
from scala40.notation.cards import format_card
from scala40.notation.codec import JSONDict
from scala40.notation.view import meld_json


def reason_json(reason: Reason) -> JSONDict:
    """One reason, with those under it."""
    out: JSONDict = {"code": reason.code.value}
    if reason.card is not None:
        out["card"] = format_card(reason.card)
    if reason.cards:
        out["cards"] = [format_card(k) for k in reason.cards]
    if reason.melds:
        out["melds"] = [meld_json(m)["cards"] for m in reason.melds]
    if reason.number is not None:
        out["number"] = reason.number
    if reason.because:
        out["because"] = [reason_json(r) for r in reason.because]
    return out
