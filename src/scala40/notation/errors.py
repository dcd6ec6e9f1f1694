"""The one error the notation layer raises.

Text comes from people (a referee's command line, a hand-written position, a saved game),
so every refusal names the exact token that could not be read. :class:`NotationError`
is a :class:`~scala40.engine.errors.Scala40Error`, so a caller that already catches the
engine's errors catches bad text too.
"""

from __future__ import annotations

from scala40.engine.errors import Scala40Error


class NotationError(Scala40Error):
    """Text that is not a card, meld, action, record or position."""
