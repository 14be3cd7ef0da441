"""Counting over a sliding window with the cache store's counters (per-key rate limits, search budgets).

A counter per fixed window (:func:`~weblens.cache.keys.budget_key`) is shared by every replica; the
count over the last ``window_s`` seconds is estimated from two of them: all of the current window's,
and the share of the previous window's that still lies within the last ``window_s`` (its requests
taken as spread evenly). A fixed window alone lets twice its limit through across its edge (the limit
at the end of one window, the limit again at the start of the next); the estimate counts that as one
burst. Pure arithmetic here; :func:`spend` is the one call to the store.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol

from weblens.cache.keys import budget_key

__all__ = ["Counter", "Window", "seconds_until_room", "sliding_count", "spend"]


class Counter(Protocol):
    """Shared counters with a TTL (the cache store)."""

    async def incr(self, key: str, ttl_s: float) -> int: ...

    async def count(self, key: str) -> int: ...


@dataclass(frozen=True)
class Window:
    """The two fixed windows' counts at ``now``: ``current`` (this request included) and ``previous``."""

    current: int
    previous: int
    now: float
    window_s: float

    @property
    def used(self) -> float:
        return sliding_count(self.current, self.previous, self.now, self.window_s)

    def at(self, later: float) -> float:
        """The estimate at ``later`` if nothing more is counted meanwhile."""
        windows_on = int(later // self.window_s) - int(self.now // self.window_s)
        if windows_on <= 0:
            return sliding_count(self.current, self.previous, later, self.window_s)
        if windows_on == 1:
            return sliding_count(0, self.current, later, self.window_s)
        return 0.0


async def spend(counter: Counter, name: str, now: float, window_s: float) -> Window:
    """Count one under ``name`` and read the window before. A window's counter lives two windows: in
    the next one it is the previous window's count."""
    current = await counter.incr(budget_key(name, now, window_s), 2 * window_s)
    previous = await counter.count(budget_key(name, now - window_s, window_s))
    return Window(current, previous, now, window_s)


def sliding_count(current: int, previous: int, now: float, window_s: float) -> float:
    """The count of the last ``window_s`` seconds, estimated from two fixed windows' counts."""
    elapsed = (now % window_s) / window_s
    return current + previous * (1.0 - elapsed)


def seconds_until_room(window: Window, limit: int) -> int:
    """Whole seconds (at least 1) until one more fits under ``limit`` when none is counted meanwhile:
    later in this window, once enough of the previous one has slid out, or else in the next, where
    this window's count becomes the previous."""
    size, elapsed = window.window_s, (window.now % window.window_s) / window.window_s
    current, previous = window.current, window.previous
    if current + 1 <= limit and previous > 0:
        at = 1.0 - (limit - current - 1) / previous  # the fraction of this window it fits at
        wait = (at - elapsed) * size
    else:
        at = max(1.0 - (limit - 1) / current, 0.0) if current else 0.0
        wait = (1.0 - elapsed + at) * size
    return max(math.ceil(wait), 1)
