"""Hand-over summaries and the replay of a finished match: the moments every hand is shown.

Only here, and in the SUMMARY (:mod:`scala40.tableview.summary`), does the server turn the
true state into JSON, and only when the rules show the cards to everyone: at the end of a
hand, and for a match that is over.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scala40.engine.state import Deal
from scala40.notation.actions import parse_action
from scala40.notation.codec import JSONDict, action_to_dict
from scala40.notation.errors import NotationError
from scala40.notation.record import NotVerified, load_record, start_match, verify
from scala40.notation.view import cards, table_meld_json
from scala40.tableview.summary import summary_json


def full_state(deal: Deal, totals: Sequence[int]) -> JSONDict:
    """The whole table, every hand shown (for the replay of a finished match only); each
    meld as the VIEW shows it (its points and ends read by the engine: the replay page
    keeps no rule of its own)."""
    faces = deal.rules.face_values
    return {
        "hands": {str(s): cards(deal.hand_cards(p)) for p, s in enumerate(deal.seats)},
        "table": [{"id": i, **table_meld_json(m, faces)} for i, m in enumerate(deal.table)],
        "pozzo": cards(deal.pozzo),
        "stock": len(deal.stock),
        "current": deal.seats[deal.current],
        "phase": deal.phase,
        "opened": {str(s): deal.opened[p] for p, s in enumerate(deal.seats)},
        "totals": {str(u): t for u, t in enumerate(totals)},
    }


def replay_steps(record_data: Mapping[str, Any]) -> list[JSONDict]:
    """One step per deal and per action of a finished match, each with the full state."""
    rec = load_record(record_data)
    match = start_match(rec)
    steps: list[JSONDict] = []
    for entry in rec["hands"]:
        number = entry["number"]
        steps.append(
            {
                "hand": number,
                "dealer": match.dealer,
                "seat": None,
                "action": None,
                "text": "deal",
                "state": full_state(match.deal, match.totals),
            }
        )
        for text in entry["actions"]:
            action = parse_action(text)
            seat = match.current_seat
            dealer = match.dealer
            done = len(match.history)
            played = match.deal  # a hand that ends stays this object; the next is new
            match.apply(action)
            step: JSONDict = {
                "hand": number,
                "dealer": dealer,
                "seat": seat,
                "action": action_to_dict(action),
                "text": text,
                "state": full_state(played, match.totals),
            }
            if len(match.history) > done:
                step["summary"] = summary_json(match.history[-1], match)
            steps.append(step)
    return steps


def fair_check(record_data: Mapping[str, Any]) -> JSONDict:
    """The replay's shuffle check (docs/fair-deal.md): ``verified`` is ``True`` when every
    deck is the one its revealed secret and the seats' entropy give and the actions replay;
    ``False`` with the ``hand``, a ``problem`` code (for the page's words) and the English
    ``why`` when one is not; ``None`` for a match dealt before the verifiable shuffle.
    ``hands_shown`` lists each hand's commitment, for the page to compare with the ones it
    was shown at the table."""
    rec = load_record(record_data)
    hands = rec["hands"]
    if "fair" not in hands[0]:
        return {"verified": None}
    shown = [
        {"number": e["number"], "fair": {"commitment": e["fair"]["commitment"]}}
        for e in hands
        if isinstance(e.get("fair"), Mapping)
    ]
    try:
        count = verify(rec)
    except NotVerified as err:
        return {
            "verified": False,
            "hand": err.hand,
            "problem": err.problem,
            "why": str(err),
            "hands_shown": shown,
        }
    except NotationError as err:
        return {
            "verified": False,
            "hand": None,
            "problem": "malformed",
            "why": str(err),
            "hands_shown": shown,
        }
    return {"verified": True, "hands": count, "hands_shown": shown}
