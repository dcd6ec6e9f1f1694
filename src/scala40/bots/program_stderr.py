"""The last lines a bot program wrote to its standard error, and nothing more.

Why a ring read by a thread: a program's standard error is quoted when it crashes (its
last words), so some of it must be kept; but a program may write megabytes there, for
hours, and a file that keeps it all (a temporary file: deleted, yet growing on the disk
for the table's life) or a pipe nobody reads (the program blocks once it is full, and
times out) both let one seat cost the server what it likes. A thread drains the pipe as
the program writes and keeps the last :data:`TAIL_LINES` lines, at most
:data:`TAIL_BYTES` bytes: the memory is bounded, and the program never waits on it.
"""

from __future__ import annotations

import os
import threading
from typing import Final

TAIL_LINES: Final = 200
"""Lines of standard error kept."""

TAIL_BYTES: Final = 64 * 1024
"""Bytes of standard error kept, at most (a line longer than this keeps its end)."""

READ_BYTES: Final = 1 << 16
"""Bytes read at a time."""


class StderrTail:
    """Drains a pipe on a thread of its own, keeping its last lines (see the module)."""

    def __init__(self, fd: int, name: str) -> None:
        self.fd = fd
        self.written = 0
        """Bytes the program wrote in all (kept or not)."""
        self._kept = bytearray()
        self._taken = 0
        """:attr:`written` at the last :meth:`take_new`."""
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._drain, name=name, daemon=True)
        self._thread.start()

    def _drain(self) -> None:
        try:
            while True:
                try:
                    chunk = os.read(self.fd, READ_BYTES)
                except OSError:
                    break
                if not chunk:
                    break
                with self._lock:
                    self.written += len(chunk)
                    self._keep(chunk)
        finally:
            os.close(self.fd)

    def _keep(self, chunk: bytes) -> None:
        kept = self._kept
        kept += chunk
        if len(kept) > TAIL_BYTES:
            del kept[: len(kept) - TAIL_BYTES]
        # The start of the last TAIL_LINES lines: after the TAIL_LINES-th newline from the
        # end, not counting one that ends the text (at most TAIL_LINES searches).
        end = len(kept) - 1
        for _ in range(TAIL_LINES):
            end = kept.rfind(b"\n", 0, end)
            if end < 0:
                return
        del kept[: end + 1]

    @property
    def kept_bytes(self) -> int:
        """Bytes held now (at most :data:`TAIL_BYTES`)."""
        with self._lock:
            return len(self._kept)

    def text(self) -> str:
        """The lines kept, as text (undecodable bytes replaced)."""
        with self._lock:
            return self._kept.decode("utf-8", "replace")

    def take_new(self) -> tuple[str, int]:
        """What the program wrote since the last call, whole lines only, as text; and the
        bytes of it no longer kept (the ring holds the last lines: a program writing more
        between two calls loses its oldest lines here too). For showing a program's
        standard error to its author as it goes (the arena's ``--verbose``)."""
        with self._lock:
            end = self._kept.rfind(b"\n") + 1
            unread = self.written - self._taken - (len(self._kept) - end)
            if unread <= 0:
                return "", 0
            fresh = self._kept[max(0, end - unread) : end]
            self._taken += unread
            return fresh.decode("utf-8", "replace"), unread - len(fresh)

    def wait_closed(self, timeout: float) -> bool:
        """Wait until every writer closed the pipe (``False``: still open at ``timeout``)."""
        self._thread.join(timeout)
        return not self._thread.is_alive()
