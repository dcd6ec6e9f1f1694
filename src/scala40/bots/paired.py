"""Paired comparison of candidates against a plan, over worlds they all meet.

A search that plays every candidate in the same dealt worlds, with the same luck after
(common random numbers), compares each candidate with the plan world by world: the
difference in one world has far less noise than either score. Per-world differences
still have a spread of 14-16 points a hand heads-up, so the best mean over a few
candidates is mostly noise; a search departs from its plan only when a candidate's mean
difference clears the plan by :data:`DEPART_Z` standard errors (the *gate*), and drops a
candidate that trails by :data:`DROP_Z` so that its worlds go to the close calls.
"""

from __future__ import annotations

import math

DEPART_Z = 2.0
"""Standard errors by which a candidate must beat the plan before the search departs."""

DROP_Z = 2.0
"""Standard errors by which a candidate trailing the plan is dropped from the search."""

DROP_AFTER = 8
"""Worlds a candidate is given before it may be dropped or chosen."""


def mean_se(total: float, squares: float, count: int) -> tuple[float, float]:
    """Mean and standard error of ``count`` differences given their sum and sum of squares."""
    mean = total / count
    var = max(0.0, (squares - count * mean * mean) / max(1, count - 1))
    return mean, math.sqrt(var / count)


class Paired:
    """Differences of candidates 1.. against candidate 0 (the plan), world by world."""

    def __init__(self, candidates: int) -> None:
        self.sums = [0.0] * candidates
        self.squares = [0.0] * candidates
        self.counts = [0] * candidates

    def add(self, i: int, difference: float) -> None:
        """Candidate ``i`` did ``difference`` better than the plan in one more world."""
        self.sums[i] += difference
        self.squares[i] += difference * difference
        self.counts[i] += 1

    def z(self, i: int) -> float:
        """Candidate ``i``'s mean difference in standard errors (0 before it has any;
        an infinite value when every world gave the same non-zero difference)."""
        if self.counts[i] < 2:
            return 0.0
        mean, se = mean_se(self.sums[i], self.squares[i], self.counts[i])
        if se == 0.0:
            return math.copysign(math.inf, mean) if mean else 0.0
        return mean / se

    def behind(self, i: int) -> bool:
        """Whether candidate ``i`` trails the plan clearly (or never differs from it)."""
        if self.counts[i] < DROP_AFTER:
            return False
        mean, se = mean_se(self.sums[i], self.squares[i], self.counts[i])
        if se == 0.0:
            return mean <= 0.0
        return mean < -DROP_Z * se

    def choice(self) -> int:
        """The candidate to play: the one with the best mean among those that clear the
        plan by :data:`DEPART_Z` standard errors after at least :data:`DROP_AFTER`
        worlds, else the plan (0)."""
        best, best_mean = 0, 0.0
        for i in range(1, len(self.sums)):
            if self.counts[i] < DROP_AFTER:
                continue
            mean, se = mean_se(self.sums[i], self.squares[i], self.counts[i])
            if mean > best_mean and mean > DEPART_Z * se:
                best, best_mean = i, mean
        return best
