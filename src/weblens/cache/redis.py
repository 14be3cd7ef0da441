"""A cache in Redis (extra ``weblens[redis]``): entries with TTL, shared by every process.

Eviction by size is Redis's own job: run it with ``maxmemory`` and
``maxmemory-policy allkeys-lru`` to get the LRU-by-bytes behaviour of the other
caches. Keys are prefixed so one Redis database can serve other programs too.
"""

from __future__ import annotations

from typing import Any

from weblens.errors import NotConfigured

__all__ = ["RedisCache"]


class RedisCache:
    def __init__(self, url: str, *, prefix: str = "weblens:", timeout_s: float = 0.5) -> None:
        try:
            from redis import asyncio as aioredis
        except ImportError as exc:
            raise NotConfigured("the Redis cache needs: pip install 'weblens[redis]'") from exc
        # short socket timeouts: a frozen Redis must cost a call well under a second, not redis-py's default
        self._redis: Any = aioredis.Redis.from_url(
            url, socket_timeout=timeout_s, socket_connect_timeout=timeout_s, retry_on_timeout=False
        )
        self._prefix = prefix

    async def get(self, key: str) -> bytes | None:
        value = await self._redis.get(self._prefix + key)
        return bytes(value) if value is not None else None

    async def put(self, key: str, value: bytes, ttl_s: float) -> None:
        await self._redis.set(self._prefix + key, value, px=max(int(ttl_s * 1000), 1))

    async def incr(self, key: str, ttl_s: float) -> int:
        full = self._prefix + key
        async with self._redis.pipeline(transaction=True) as pipe:
            pipe.incr(full)
            pipe.pexpire(full, max(int(ttl_s * 1000), 1), nx=True)
            count, _ = await pipe.execute()
        return int(count)

    async def count(self, key: str) -> int:
        return int(await self._redis.get(self._prefix + key) or b"0")

    async def aclose(self) -> None:
        await self._redis.aclose()
