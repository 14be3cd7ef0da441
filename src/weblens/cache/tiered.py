"""A small in-process cache in front of a shared one: hot entries are served from memory.

Reading a page from SQLite or Redis costs a thread hop or a round trip on every hit; a server
answering the same pages again and again pays it hundreds of times a second. :class:`TieredCache`
keeps recently read entries in a bounded :class:`~weblens.cache.memory.MemoryCache` for at most
``near_ttl_s`` (so another process's refresh is seen within that time) and writes through to the
shared store. Counters are never kept near: they must be the shared store's.
"""

from __future__ import annotations

from weblens.cache.base import Cache
from weblens.cache.memory import MemoryCache

__all__ = ["TieredCache"]


class TieredCache:
    def __init__(self, far: Cache, *, near_bytes: int = 16 * 1024 * 1024, near_ttl_s: float = 60.0) -> None:
        self.far = far
        self.near = MemoryCache(near_bytes)
        self._near_ttl_s = near_ttl_s

    async def get(self, key: str) -> bytes | None:
        value = await self.near.get(key)
        if value is not None:
            return value
        value = await self.far.get(key)
        if value is not None:
            await self.near.put(key, value, self._near_ttl_s)
        return value

    async def put(self, key: str, value: bytes, ttl_s: float) -> None:
        await self.near.put(key, value, min(ttl_s, self._near_ttl_s))
        await self.far.put(key, value, ttl_s)

    async def incr(self, key: str, ttl_s: float) -> int:
        return await self.far.incr(key, ttl_s)

    async def count(self, key: str) -> int:
        return await self.far.count(key)

    async def aclose(self) -> None:
        await self.far.aclose()
