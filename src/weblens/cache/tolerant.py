"""A cache that never fails its caller: a broken store slows reads down, it never breaks them."""

from __future__ import annotations

from weblens.cache.base import Cache
from weblens.logs import get_logger

__all__ = ["TolerantCache"]

log = get_logger("weblens.cache")


class TolerantCache:
    """Wraps a :class:`Cache`; errors of the store are logged (``cache_error``) and read as a miss."""

    def __init__(self, inner: Cache) -> None:
        self.inner = inner

    async def get(self, key: str) -> bytes | None:
        try:
            return await self.inner.get(key)
        except Exception as exc:
            log.warning("cache_error", op="get", error=repr(exc))
            return None

    async def put(self, key: str, value: bytes, ttl_s: float) -> None:
        try:
            await self.inner.put(key, value, ttl_s)
        except Exception as exc:
            log.warning("cache_error", op="put", error=repr(exc))

    async def incr(self, key: str, ttl_s: float) -> int:
        """The new count, or 0 when the store cannot count (budgets are then not enforced)."""
        try:
            return await self.inner.incr(key, ttl_s)
        except Exception as exc:
            log.warning("cache_error", op="incr", error=repr(exc))
            return 0

    async def aclose(self) -> None:
        try:
            await self.inner.aclose()
        except Exception as exc:
            log.warning("cache_error", op="close", error=repr(exc))
