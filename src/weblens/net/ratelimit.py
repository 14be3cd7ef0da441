"""Per-site politeness: requests spaced evenly by a token bucket, and a cap on requests in flight.

Each site (its registrable domain, see :mod:`weblens.net.sites`) has a bucket of ``burst`` tokens
refilled at ``per_second``: a few requests may go at once, then they are spaced ``1/per_second``
apart, so in any window of T seconds at most ``burst + per_second * T`` requests leave (at 10/s with a
burst of 5: never more than 15 in any second). The bucket is kept as a GCRA "theoretical arrival
time" (:func:`reserve`, pure): a caller reserves the next free instant and sleeps until it, so
waiters are served in order without polling, and the same arithmetic runs inside Redis for limits
shared by many processes (:mod:`weblens.net.redis_limits`).

:meth:`SiteLimiter.acquire` with ``max_wait_s`` (a caller's deadline) fails at once with
:class:`~weblens.errors.RateLimited` and its ``retry_after`` when the wait would be longer;
without it the call queues (batch reading: waiting is queueing, never an error).
:meth:`SiteLimiter.slot` holds one of the site's ``concurrency`` places for a request in flight.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass
from typing import Protocol

from weblens.errors import RateLimited
from weblens.net.sites import site_key

__all__ = ["Clock", "DomainRateLimiter", "MonotonicClock", "Pace", "SiteLimiter", "reserve", "site_key"]

MAX_KEYS = 1024


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


@dataclass(frozen=True, kw_only=True)
class Pace:
    """One site's politeness: ``per_second`` (0: no rate limit), ``burst``, ``concurrency`` (0: no cap)."""

    per_second: float = 10 / 60
    burst: int = 5
    concurrency: int = 4

    def __post_init__(self) -> None:
        if self.per_second < 0 or self.burst < 1 or self.concurrency < 0:
            raise ValueError("per_second and concurrency must not be negative, burst at least 1")

    @property
    def interval_s(self) -> float:
        return 1.0 / self.per_second if self.per_second else 0.0

    @property
    def tolerance_s(self) -> float:
        """How far ahead of the steady schedule a request may go (the burst)."""
        return (self.burst - 1) * self.interval_s

    def at_most_every(self, seconds: float) -> Pace:
        """This pace, slowed so that requests are at least ``seconds`` apart, with no burst (a site's
        robots.txt ``Crawl-delay``). A pace that is already slower stays as it is."""
        if seconds <= 0 or (self.per_second and self.interval_s >= seconds):
            return self
        return Pace(per_second=1.0 / seconds, burst=1, concurrency=self.concurrency)


def reserve(
    tat: float | None, now: float, pace: Pace, max_wait_s: float | None
) -> tuple[float | None, float]:
    """One GCRA step: (the site's new theoretical arrival time, or None when refused; the wait).

    ``tat`` is the site's current value (None: never seen). The caller may send after waiting the
    returned delay; a refusal (the delay exceeds ``max_wait_s``) changes nothing.
    """
    base = now if tat is None else max(tat, now)
    delay = max(base - pace.tolerance_s - now, 0.0)
    if max_wait_s is not None and delay > max_wait_s:
        return None, delay
    return base + pace.interval_s, delay


def refused(site: str, pace: Pace, delay: float) -> RateLimited:
    return RateLimited(
        f"the per-site rate limit ({pace.per_second:g}/s, burst {pace.burst}) is reached for "
        f"{site_key(site)}; retry in {delay:.1f} s",
        retry_after=round(delay, 3),
    )


def crowded(site: str, pace: Pace, waited: float) -> RateLimited:
    return RateLimited(
        f"{pace.concurrency} requests to {site_key(site)} are already in flight",
        retry_after=round(max(waited, 1.0), 3),
    )


class SiteLimiter(Protocol):
    pace: Pace

    async def acquire(self, site: str, *, max_wait_s: float | None = None, pace: Pace | None = None) -> float:
        """Wait for the site's next turn (``site``: a host or ``host:port``); returns the seconds waited.
        ``pace``: this site's own, when it asks for a slower one than the limiter's."""
        ...

    def slot(
        self, site: str, *, max_wait_s: float | None = None, hold_s: float = 60.0
    ) -> AbstractAsyncContextManager[None]:
        """Hold one of the site's places for a request in flight (at most ``hold_s`` if shared)."""
        ...

    async def aclose(self) -> None: ...


class _Slots:
    def __init__(self, size: int) -> None:
        self.free = asyncio.Semaphore(size)
        self.users = 0


class DomainRateLimiter:
    """The in-process :class:`SiteLimiter`: one event loop's requests."""

    def __init__(self, pace: Pace | None = None, *, clock: Clock | None = None) -> None:
        self.pace = pace or Pace()
        self._clock = clock if clock is not None else MonotonicClock()
        self._tat: dict[str, float] = {}
        self._slots: dict[str, _Slots] = {}

    async def acquire(self, site: str, *, max_wait_s: float | None = None, pace: Pace | None = None) -> float:
        pace = pace or self.pace
        if not pace.per_second:
            return 0.0
        key = site_key(site)
        now = self._clock.now()
        if len(self._tat) >= MAX_KEYS:
            self._forget_idle(now)
        new_tat, delay = reserve(self._tat.get(key), now, pace, max_wait_s)
        if new_tat is None:
            raise refused(site, pace, delay)
        self._tat[key] = new_tat
        if delay <= 0:
            return 0.0
        try:
            await self._clock.sleep(delay)
        except asyncio.CancelledError:
            if self._tat.get(key) == new_tat:  # nobody reserved after us: give the turn back
                self._tat[key] = new_tat - pace.interval_s
            raise
        return delay

    def next_free(self, site: str) -> float:
        """Seconds until ``site`` may be requested without waiting (for tests and diagnostics)."""
        tat = self._tat.get(site_key(site))
        now = self._clock.now()
        return 0.0 if tat is None else max(tat - self.pace.tolerance_s - now, 0.0)

    @asynccontextmanager
    async def slot(
        self, site: str, *, max_wait_s: float | None = None, hold_s: float = 60.0
    ) -> AsyncIterator[None]:
        if not self.pace.concurrency:
            yield
            return
        key = site_key(site)
        slots = self._slots.setdefault(key, _Slots(self.pace.concurrency))
        slots.users += 1
        start = self._clock.now()
        try:
            try:
                async with asyncio.timeout(max_wait_s):
                    await slots.free.acquire()
            except TimeoutError:
                raise crowded(site, self.pace, self._clock.now() - start) from None
            try:
                yield
            finally:
                slots.free.release()
        finally:
            slots.users -= 1
            if not slots.users:
                del self._slots[key]

    async def aclose(self) -> None:
        return None

    def _forget_idle(self, now: float) -> None:
        """Drop sites whose bucket is full again (the same as never seen), so the table stays small."""
        for key, tat in list(self._tat.items()):
            if tat <= now:
                del self._tat[key]
