"""How many bot programs run at once: on this server, and for the tables of one address.

Why count running programs, not program seats: a program is a process only from its
seat's first move until its table ends or pauses (program_seats.py), and a table nobody
opens starts none; what costs the server memory is the processes alive now. So the cap is
checked twice: when a table with program seats is made (refused, with the limit named,
when its programs could not all run now), and when a program is about to start (it does
not, and the built-in bot takes that decision: ``limit`` in the program's log), since
other tables may have started theirs in between. Tables rebuilt after a restart do not
know the address that made them: they count towards the server's cap only.
"""

from __future__ import annotations

import threading
from collections import Counter
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ProgramsRefused:
    """A new table's programs could not all run now: the HTTP status, code and message."""

    status: int
    code: str
    message: str


class ProgramLimits:
    """The running programs of this server, by the address that made their tables.

    Counted from the seats' worker threads (a program starts and stops there), hence
    the lock."""

    def __init__(self, total: int, per_address: int) -> None:
        self.total = total
        self.per_address = per_address
        self.live = 0
        self._by_address: Counter[str] = Counter()
        self._lock = threading.Lock()

    def running(self, address: str | None = None) -> int:
        """Programs running now: all of them, or those of ``address``'s tables."""
        with self._lock:
            return self.live if address is None else self._by_address[address]

    def refusal(self, address: str | None, more: int) -> ProgramsRefused | None:
        """Why a new table with ``more`` program seats is refused (``None``: it is not);
        ``address``: its maker's, ``None`` when no per-address limit applies."""
        if more == 0:
            return None
        with self._lock:
            if self.live + more > self.total:
                return ProgramsRefused(
                    503,
                    "programs_full",
                    f"the server runs at most {self.total} bot programs at once"
                    f" (max_live_programs) and {self.live} are running; this table has"
                    f" {more}: choose built-in bots or try again later",
                )
            mine = 0 if address is None else self._by_address[address]
            if address is not None and mine + more > self.per_address:
                return ProgramsRefused(
                    429,
                    "too_many_programs",
                    f"at most {self.per_address} bot programs run at once for the tables"
                    f" of one address (programs_per_address) and yours run {mine}; this"
                    f" table has {more}: finish a table first, or choose built-in bots",
                )
        return None

    def slots(self, address: str | None) -> AddressSlots:
        """The places the programs of one table take (``address``: its maker's)."""
        return AddressSlots(self, address)

    def take(self, address: str | None) -> str | None:
        with self._lock:
            if self.live >= self.total:
                return f"the server runs {self.live} bot programs, its limit (max_live_programs)"
            if address is not None and self._by_address[address] >= self.per_address:
                return (
                    f"the tables of this address run {self._by_address[address]} bot"
                    " programs, their limit (programs_per_address)"
                )
            self.live += 1
            if address is not None:
                self._by_address[address] += 1
        return None

    def give_back(self, address: str | None) -> None:
        with self._lock:
            self.live -= 1
            if address is not None:
                self._by_address[address] -= 1
                if self._by_address[address] <= 0:
                    del self._by_address[address]


class AddressSlots:
    """:class:`~scala40.bots.program.Slots` for the programs of one address's table."""

    def __init__(self, limits: ProgramLimits, address: str | None) -> None:
        self.limits = limits
        self.address = address

    def take(self) -> str | None:
        return self.limits.take(self.address)

    def give_back(self) -> None:
        self.limits.give_back(self.address)
