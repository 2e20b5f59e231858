"""Which of many intervals hold, or overlap, a span? Answered by bisection, not by a scan of all.

Long documents carry thousands of detected spans, keep spans and labels;
testing every pair made SEAG's table on a 2 MB letter quadratic.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable

__all__ = ["Containment", "Overlaps"]


class Containment:
    """A fixed set of ``(start, end)`` intervals, asked which contain a given one."""

    def __init__(self, intervals: Iterable[tuple[int, int]]) -> None:
        self._spans = sorted(intervals)
        self._starts = [a for a, _ in self._spans]
        self._reach: list[int] = []  # _reach[i]: the furthest end among _spans[: i + 1]
        for _, b in self._spans:
            self._reach.append(max(b, self._reach[-1]) if self._reach else b)

    def covers(self, start: int, end: int, *, strictly: bool = False) -> bool:
        """True when some interval holds ``[start, end)``; ``strictly``: and is longer."""
        lo = bisect.bisect_left(self._starts, start)  # intervals starting strictly before
        if lo and self._reach[lo - 1] >= end:
            return True
        hi = bisect.bisect_right(self._starts, start)
        return any(self._spans[i][1] > end or (not strictly and self._spans[i][1] == end) for i in range(lo, hi))


class Overlaps:
    """A fixed set of ``(start, end)`` intervals, asked which overlap a given one."""

    def __init__(self, intervals: Iterable[tuple[int, int]]) -> None:
        self._spans = sorted(intervals)
        self._starts = [a for a, _ in self._spans]
        self._longest = max((b - a for a, b in self._spans), default=0)

    def overlapping(self, start: int, end: int) -> list[tuple[int, int]]:
        """The intervals sharing at least one position with ``[start, end)``, in order."""
        lo = bisect.bisect_left(self._starts, start - self._longest)
        hi = bisect.bisect_left(self._starts, end)
        return [(a, b) for a, b in self._spans[lo:hi] if a < end and start < b]
