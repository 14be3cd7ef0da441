"""Per-site rate limiting: at most N requests in any sliding window of 60 seconds.

The key is the host name, lower-cased, with a leading ``www.`` removed, so
``www.example.com`` and ``example.com`` share one budget while other
subdomains (``docs.example.com``) have their own. Registrable domains would
need the public suffix list, which weblens does not ship; the host is the
conservative, dependency-free choice.

:meth:`DomainRateLimiter.acquire` waits (sleeping on the injected clock, never
polling in a loop) until the key has room, then records the request. Waiters
for the same key are served in order. The session combines this with a global
semaphore on concurrent fetches.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from typing import Protocol

from weblens.errors import RateLimited

__all__ = ["Clock", "DomainRateLimiter", "MonotonicClock", "rate_key"]


class Clock(Protocol):
    def now(self) -> float:
        """Seconds on a monotonic scale."""
        ...

    async def sleep(self, seconds: float) -> None: ...


class MonotonicClock:
    def now(self) -> float:
        return time.monotonic()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)


def rate_key(host: str) -> str:
    """The budget a host draws on: lower-case, trailing dot and one leading ``www.`` removed."""
    key = host.lower().rstrip(".")
    return key[4:] if key.startswith("www.") and key.count(".") >= 2 else key


class _Window:
    def __init__(self) -> None:
        self.stamps: deque[float] = deque()
        self.lock = asyncio.Lock()


class DomainRateLimiter:
    """At most ``per_minute`` acquisitions per key in any ``window_s`` seconds."""

    def __init__(self, per_minute: int, *, clock: Clock | None = None, window_s: float = 60.0) -> None:
        if per_minute < 1 or window_s <= 0:
            raise ValueError("per_minute must be at least 1 and window_s positive")
        self._limit = per_minute
        self._window_s = window_s
        self._clock = clock if clock is not None else MonotonicClock()
        self._windows: dict[str, _Window] = {}

    async def acquire(self, host: str, *, max_wait_s: float | None = None) -> float:
        """Wait until ``host`` may be requested, record it; returns the seconds waited.

        With ``max_wait_s`` (a caller's deadline), a wait that would be longer fails at once with
        :class:`~weblens.errors.RateLimited` carrying ``retry_after``; without it the call queues.
        """
        window = self._window(rate_key(host))
        waited = 0.0
        async with window.lock:
            while True:
                now = self._clock.now()
                self._expire(window, now)
                if len(window.stamps) < self._limit:
                    window.stamps.append(now)
                    return waited
                delay = window.stamps[0] + self._window_s - now
                if max_wait_s is not None and waited + delay > max_wait_s:
                    raise RateLimited(
                        f"the per-site limit of {self._limit} requests per {self._window_s:g} s is reached "
                        f"for {rate_key(host)}; retry in {delay:.1f} s",
                        retry_after=round(delay, 3),
                    )
                waited += delay
                await self._clock.sleep(delay)

    def pending(self, host: str) -> int:
        """Requests to ``host`` still inside the window (for tests and diagnostics)."""
        window = self._windows.get(rate_key(host))
        if window is None:
            return 0
        self._expire(window, self._clock.now())
        return len(window.stamps)

    def _window(self, key: str) -> _Window:
        if key not in self._windows and len(self._windows) >= 1024:
            self._forget_idle()
        return self._windows.setdefault(key, _Window())

    def _expire(self, window: _Window, now: float) -> None:
        while window.stamps and window.stamps[0] + self._window_s <= now:
            window.stamps.popleft()

    def _forget_idle(self) -> None:
        """Drop keys with nothing in their window, so the table does not grow without bound."""
        now = self._clock.now()
        for key, window in list(self._windows.items()):
            self._expire(window, now)
            if not window.stamps and not window.lock.locked():
                del self._windows[key]
