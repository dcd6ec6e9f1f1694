"""How a table names its bot seats, the same at the server's table and a local one."""

from __future__ import annotations


def bot_seat_name(seat: int, label: str) -> str:
    """A bot seat's name, ``Bot 2 (Club player)``: the seat and what plays it (a level in
    a player's words, or the name a program gave in ``ready``)."""
    return f"Bot {seat + 1} ({label})"


__all__ = ["bot_seat_name"]
