"""A cache that never fails its caller: a broken store slows nothing down and breaks nothing.

Errors of the store are logged (``cache_error``) and read as a miss. After a failure the store is
skipped (the circuit is open) for ``cooldown_s``, doubling up to ``max_cooldown_s`` while it keeps
failing; a background probe tries it again, and the first success closes the circuit. While the
circuit is open, counters (budgets, rate limits) are kept in process memory, so limits still hold
on this replica. Each call to the store is bounded by ``timeout_s``, so even a frozen store (one
that accepts connections and never answers) costs a call at most that long, once per cooldown.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

from weblens.cache.base import Cache
from weblens.logs import get_logger

__all__ = ["TolerantCache"]

log = get_logger("weblens.cache")

T = TypeVar("T")
_PROBE_KEY = "weblens:probe"


class _LocalCounters:
    """Counters with a TTL in process memory (the fallback while the store is unreachable)."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self._clock = clock
        self._values: dict[str, tuple[int, float]] = {}

    def incr(self, key: str, ttl_s: float) -> int:
        now = self._clock()
        count, expires = self._values.get(key, (0, now + ttl_s))
        if expires <= now:
            count, expires = 0, now + ttl_s
        self._values[key] = (count + 1, expires)
        if len(self._values) > 10_000:
            self._values = {k: v for k, v in self._values.items() if v[1] > now}
        return count + 1

    def count(self, key: str) -> int:
        count, expires = self._values.get(key, (0, 0.0))
        return count if expires > self._clock() else 0


class TolerantCache:
    """Wraps a :class:`Cache`: timeouts, a circuit breaker, and local counters while the store is down."""

    def __init__(
        self,
        inner: Cache,
        *,
        timeout_s: float = 1.0,
        cooldown_s: float = 2.0,
        max_cooldown_s: float = 30.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.inner = inner
        self._timeout_s = timeout_s
        self._base_cooldown_s = cooldown_s
        self._max_cooldown_s = max_cooldown_s
        self._cooldown_s = cooldown_s
        self._clock = clock
        self._open_until: float | None = None
        self._probe: asyncio.Task[None] | None = None
        self._local = _LocalCounters(clock)
        self.failures = 0

    @property
    def healthy(self) -> bool:
        """False while the circuit is open (the store failed recently and is being skipped)."""
        return self._open_until is None

    async def get(self, key: str) -> bytes | None:
        return await self._call("get", lambda: self.inner.get(key), None)

    async def put(self, key: str, value: bytes, ttl_s: float) -> None:
        await self._call("put", lambda: self.inner.put(key, value, ttl_s), None)

    async def incr(self, key: str, ttl_s: float) -> int:
        """The new count; counted in process memory while the store is unreachable."""
        count = await self._call("incr", lambda: self.inner.incr(key, ttl_s), None)
        return count if count is not None else self._local.incr(key, ttl_s)

    async def count(self, key: str) -> int:
        """A counter's value; read from process memory while the store is unreachable."""
        count = await self._call("count", lambda: self.inner.count(key), None)
        return count if count is not None else self._local.count(key)

    async def check(self) -> bool:
        """Whether the store answers now (for readiness probes); closes the circuit when it does."""
        try:
            async with asyncio.timeout(self._timeout_s):
                await self.inner.get(_PROBE_KEY)
        except Exception:
            return False
        self._close()
        return True

    async def aclose(self) -> None:
        if self._probe is not None:
            self._probe.cancel()
            await asyncio.gather(self._probe, return_exceptions=True)
        try:
            await self.inner.aclose()
        except Exception as exc:
            log.warning("cache_error", op="close", error=repr(exc))

    # --- the circuit --------------------------------------------------------------------------
    async def _call(self, op: str, work: Callable[[], Awaitable[T]], fallback: T) -> T:
        if self._open_until is not None:
            return fallback
        try:
            async with asyncio.timeout(self._timeout_s):
                return await work()
        except Exception as exc:
            self._trip(op, exc)
            return fallback

    def _trip(self, op: str, exc: BaseException) -> None:
        self.failures += 1
        error = "timeout" if isinstance(exc, TimeoutError) else repr(exc)
        log.warning("cache_error", op=op, error=error, skip_s=self._cooldown_s)
        if self._open_until is None:
            self._open_until = self._clock() + self._cooldown_s
            self._start_probe()

    def _close(self) -> None:
        if self._open_until is not None:
            log.info("cache_recovered")
        self._open_until = None
        self._cooldown_s = self._base_cooldown_s

    def _start_probe(self) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        if self._probe is None or self._probe.done():
            self._probe = loop.create_task(self._probe_until_back())

    async def _probe_until_back(self) -> None:
        while self._open_until is not None:
            await asyncio.sleep(max(self._open_until - self._clock(), 0.0))
            if await self.check():
                return
            self._cooldown_s = min(self._cooldown_s * 2, self._max_cooldown_s)
            self._open_until = self._clock() + self._cooldown_s
