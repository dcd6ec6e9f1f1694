"""Table chat: a fixed set of phrases and emotes sent as codes, and short free text.

Phrases travel as codes so each reader sees them in their own page's language; free text
is shown as typed. Chat is not game state: the table's actor broadcasts it to the seats'
sockets and stores nothing (no row, no action log), so a reload or a restart forgets it.
The server checks what it can judge — the code, the length, control characters, the pace
— and the pages show every message as plain text, never as HTML.
"""

from __future__ import annotations

import unicodedata

from scala40.notation.codec import JSONDict
from scala40.server.guard.limits import TokenBucket
from scala40.server.wire.refusals import TableRefusal

PHRASES = ("hello", "gg", "nice", "oops", "thanks", "hurry", "thumbs", "smile", "wow", "sad")
"""The quick-chat codes: phrases first, then the emotes 👍 😄 😮 😢 (the pages word each)."""

MAX_TEXT = 120
"""Characters of free text, after trimming: a remark, not a letter."""

BURST = 3
PER_SECOND = 1.0

BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
"""Direction overrides, which could make a message look like another player's words."""


class ChatRefused(Exception):
    """A chat message the server will not pass on (``code``: a ``chat_*`` refusal)."""

    def __init__(self, code: TableRefusal, message: str) -> None:
        super().__init__(message)
        self.code = code


def read_chat(data: JSONDict) -> JSONDict:
    """What a ``chat`` message says, checked: ``{"phrase": CODE}`` or ``{"text": TEXT}``.

    Raises :class:`ChatRefused` naming the problem: an unknown phrase code, an empty or
    overlong text, a control character, or neither (or both) of the two.
    """
    phrase, text = data.get("phrase"), data.get("text")
    if (phrase is None) == (text is None):
        raise ChatRefused(
            TableRefusal.BAD_MESSAGE, 'a chat message carries either "phrase" or "text"'
        )
    if phrase is not None:
        if not isinstance(phrase, str) or phrase not in PHRASES:
            raise ChatRefused(
                TableRefusal.CHAT_UNKNOWN_PHRASE,
                f"unknown chat phrase {phrase!r}: one of {', '.join(PHRASES)}",
            )
        return {"phrase": phrase}
    if not isinstance(text, str):
        raise ChatRefused(TableRefusal.BAD_MESSAGE, 'chat "text" is a string')
    words = text.strip()
    if not words:
        raise ChatRefused(TableRefusal.CHAT_EMPTY, "an empty chat message is not sent")
    if len(words) > MAX_TEXT:
        raise ChatRefused(
            TableRefusal.CHAT_TOO_LONG,
            f"a chat message is at most {MAX_TEXT} characters, this one is {len(words)}",
        )
    for ch in words:
        if ch in BIDI_CONTROLS or unicodedata.category(ch) in ("Cc", "Zl", "Zp", "Cs"):
            raise ChatRefused(
                TableRefusal.CHAT_CONTROL,
                f"a chat message may not hold control characters (U+{ord(ch):04X})",
            )
    return {"text": words}


class ChatPaces:
    """Each seat's chat allowance: a burst of ``BURST`` messages, then ``PER_SECOND``. Kept
    by the table per seat, not per connection, so reconnecting does not refill it."""

    def __init__(self) -> None:
        self._buckets: dict[int, TokenBucket] = {}

    def wait_for(self, seat: int) -> float | None:
        """``None`` when ``seat`` may send a message now (and it is counted); else the
        seconds until it may."""
        bucket = self._buckets.setdefault(seat, TokenBucket(PER_SECOND, BURST))
        return None if bucket.allow() else bucket.wait()


LIMIT_TEXT = f"at most {BURST} chat messages in a row, then {PER_SECOND:g} a second"
