"""Whether this code runs compiled (mypyc) or as Python: for the few reads whose fastest
form differs between the two.

A hand's counts are turned into bit sets or lists of kinds at every step. Python does it
fastest with one call into C over the whole list (``bytes(...)``, ``compress``, ``map``),
since each Python-level step costs tens of nanoseconds; compiled code does it fastest with
a plain loop, where those calls cost their allocations and generic dispatch. Where the two
forms differ, a function holds both and asks :data:`NATIVE`; the whole test suite runs on
both builds, so each form is tested where it runs, and the pure build's tests compare the
two forms directly too.
"""

from __future__ import annotations

from typing import Final

NATIVE: Final = not __file__.endswith(".py")
"""This module, and with it the whole engine (a build is compiled or pure as a whole,
:mod:`scala40.compiled`), runs compiled."""

__all__ = ["NATIVE"]
