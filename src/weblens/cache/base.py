"""The cache edge: a byte store with per-entry TTL, and counters for budgets.

Implementations: :class:`~weblens.cache.memory.MemoryCache` (LRU by bytes),
:class:`~weblens.cache.sqlite.SQLiteCache` (the same semantics in one file, shared
by processes), :class:`~weblens.cache.redis.RedisCache`, and :class:`NullCache`.
Values are opaque bytes; callers serialise. Errors are never stored: callers only
``put`` results.
"""

from __future__ import annotations

from typing import Protocol

__all__ = ["Cache", "NullCache"]


class Cache(Protocol):
    async def get(self, key: str) -> bytes | None:
        """The live value for ``key``, or None when absent or expired."""
        ...

    async def put(self, key: str, value: bytes, ttl_s: float) -> None: ...

    async def incr(self, key: str, ttl_s: float) -> int:
        """Add one to a counter (created with ``ttl_s``) and return its new value."""
        ...

    async def count(self, key: str) -> int:
        """A counter's live value without adding one (0 when absent or expired)."""
        ...

    async def aclose(self) -> None: ...


class NullCache:
    """Stores nothing; counters live only as long as the object."""

    def __init__(self) -> None:
        self._counters: dict[str, int] = {}

    async def get(self, key: str) -> bytes | None:
        return None

    async def put(self, key: str, value: bytes, ttl_s: float) -> None:
        return None

    async def incr(self, key: str, ttl_s: float) -> int:
        self._counters[key] = self._counters.get(key, 0) + 1
        return self._counters[key]

    async def count(self, key: str) -> int:
        return self._counters.get(key, 0)

    async def aclose(self) -> None:
        return None
