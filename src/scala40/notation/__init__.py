"""Text and JSON for the game: cards, melds, actions, rules, positions and game records.

Everything here is a pair: a ``parse_*`` / ``load_*`` function and a ``format_*`` /
``dump_*`` function that round-trip exactly, so a record or a bug report written today
replays the same state tomorrow. The layer sits on the engine and never on the CLI.
"""

from scala40.notation.actions import format_action, parse_action
from scala40.notation.cards import (
    format_card,
    format_cards,
    parse_card,
    parse_cards,
    parse_meld_card,
)
from scala40.notation.errors import NotationError
from scala40.notation.melds import format_meld, parse_hand, parse_meld, parse_table_meld
from scala40.notation.position import dump_position, load_position
from scala40.notation.record import Recorder, dump_record, load_record, replay
from scala40.notation.referee import check_melds

__all__ = [
    "NotationError",
    "Recorder",
    "check_melds",
    "dump_position",
    "dump_record",
    "format_action",
    "format_card",
    "format_cards",
    "format_meld",
    "load_position",
    "load_record",
    "parse_action",
    "parse_card",
    "parse_cards",
    "parse_hand",
    "parse_meld",
    "parse_meld_card",
    "parse_table_meld",
    "replay",
]
