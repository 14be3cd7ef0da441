"""Per-site politeness shared by every process and machine through Redis (extra ``weblens[redis]``).

The same GCRA step as :func:`weblens.net.ratelimit.reserve`, run atomically in a Lua script on the
Redis server's own clock (``TIME``), so workers on several machines with skewed clocks draw on one
bucket per site; each caller then sleeps the returned delay locally. The cap on requests in flight
is a sorted set of leases per site, each expiring after ``hold_s`` (a worker killed mid-request
frees its place by itself). When Redis cannot be reached the limiter falls back to in-process
limits for a while (logged), so reading goes on, polite within the process.
"""

from __future__ import annotations

import asyncio
import random
import time
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from weblens.errors import NotConfigured
from weblens.logs import get_logger
from weblens.net.ratelimit import DomainRateLimiter, Pace, crowded, refused
from weblens.net.sites import site_key

__all__ = ["RedisSiteLimiter"]

log = get_logger("weblens.net")

# KEYS[1]: the site's TAT; ARGV: interval, tolerance, max wait (-1: none). Returns {granted, delay}.
_RESERVE = """
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local interval = tonumber(ARGV[1])
local tolerance = tonumber(ARGV[2])
local max_wait = tonumber(ARGV[3])
local tat = tonumber(redis.call('GET', KEYS[1]) or now)
if tat < now then tat = now end
local delay = tat - tolerance - now
if delay < 0 then delay = 0 end
if max_wait >= 0 and delay > max_wait then return {0, tostring(delay)} end
local new_tat = tat + interval
redis.call('SET', KEYS[1], tostring(new_tat), 'PX', math.ceil((new_tat - now) * 1000) + 1000)
return {1, tostring(delay)}
"""

# KEYS[1]: the site's leases; ARGV: size, lease id, hold ms. Returns 1 when the lease was taken.
_LEASE = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[1]) then
  redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[2])
  redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]) + 1000)
  return 1
end
return 0
"""


def _redis_errors() -> tuple[type[BaseException], ...]:
    from redis.exceptions import RedisError

    return (RedisError, OSError)


class RedisSiteLimiter:
    """A :class:`~weblens.net.ratelimit.SiteLimiter` whose state lives in Redis at ``url``."""

    def __init__(
        self,
        url: str,
        pace: Pace | None = None,
        *,
        prefix: str = "weblens:polite:",
        timeout_s: float = 1.0,
        retry_after_s: float = 10.0,
    ) -> None:
        try:
            from redis import asyncio as aioredis
        except ImportError as exc:
            raise NotConfigured("limits shared through Redis need: pip install 'weblens[redis]'") from exc
        self.pace = pace or Pace()
        self._redis: Any = aioredis.Redis.from_url(
            url, socket_timeout=timeout_s, socket_connect_timeout=timeout_s, retry_on_timeout=False
        )
        self._reserve = self._redis.register_script(_RESERVE)
        self._lease = self._redis.register_script(_LEASE)
        self._prefix = prefix
        self._local = DomainRateLimiter(self.pace)
        self._errors = _redis_errors()
        self._down_until = 0.0
        self._retry_after_s = retry_after_s

    def _usable(self) -> bool:
        return time.monotonic() >= self._down_until

    def _trip(self, exc: BaseException) -> None:
        log.warning("politeness_store_down", error=repr(exc), fallback="in-process limits")
        self._down_until = time.monotonic() + self._retry_after_s

    async def acquire(self, site: str, *, max_wait_s: float | None = None, pace: Pace | None = None) -> float:
        pace = pace or self.pace
        if not pace.per_second:
            return 0.0
        if not self._usable():
            return await self._local.acquire(site, max_wait_s=max_wait_s, pace=pace)
        args = [pace.interval_s, pace.tolerance_s, -1 if max_wait_s is None else max_wait_s]
        try:
            granted, delay_text = await self._reserve(
                keys=[self._prefix + "tat:" + site_key(site)], args=args
            )
        except self._errors as exc:
            self._trip(exc)
            return await self._local.acquire(site, max_wait_s=max_wait_s, pace=pace)
        delay = float(delay_text)
        if not int(granted):
            raise refused(site, pace, delay)
        if delay > 0:
            await asyncio.sleep(delay)
        return delay

    @asynccontextmanager
    async def slot(
        self, site: str, *, max_wait_s: float | None = None, hold_s: float = 60.0
    ) -> AsyncIterator[None]:
        if not self.pace.concurrency:
            yield
            return
        key = self._prefix + "slots:" + site_key(site)
        lease = uuid.uuid4().hex
        taken = await self._take(key, lease, hold_s, max_wait_s, site)
        if taken is None:  # Redis is down: the in-process places
            async with self._local.slot(site, max_wait_s=max_wait_s, hold_s=hold_s):
                yield
            return
        try:
            yield
        finally:
            try:
                await self._redis.zrem(key, lease)
            except self._errors as exc:
                self._trip(exc)  # the lease expires by itself

    async def _take(
        self, key: str, lease: str, hold_s: float, max_wait_s: float | None, site: str
    ) -> bool | None:
        """Poll for a lease (short, jittered, growing pauses); None when Redis cannot be used."""
        start = time.monotonic()
        pause = 0.02
        while self._usable():
            try:
                if int(
                    await self._lease(keys=[key], args=[self.pace.concurrency, lease, int(hold_s * 1000)])
                ):
                    return True
            except self._errors as exc:
                self._trip(exc)
                break
            waited = time.monotonic() - start
            if max_wait_s is not None and waited + pause > max_wait_s:
                raise crowded(site, self.pace, waited)
            await asyncio.sleep(pause * random.uniform(0.5, 1.5))
            pause = min(pause * 2, 0.5)
        return None

    async def aclose(self) -> None:
        await self._redis.aclose()
