"""In-process cache: TTL per entry, least-recently-used eviction by total bytes."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["MemoryCache"]


@dataclass(slots=True)
class _Entry:
    value: bytes
    expires_at: float


class MemoryCache:
    def __init__(self, max_bytes: int = 100 * 1024 * 1024, *, clock: Callable[[], float] = time.time) -> None:
        self.max_bytes = max_bytes
        self._clock = clock
        self._entries: OrderedDict[str, _Entry] = OrderedDict()
        self._bytes = 0

    @property
    def size_bytes(self) -> int:
        return self._bytes

    def __len__(self) -> int:
        return len(self._entries)

    async def get(self, key: str) -> bytes | None:
        entry = self._entries.get(key)
        if entry is None:
            return None
        if entry.expires_at <= self._clock():
            self._drop(key)
            return None
        self._entries.move_to_end(key)
        return entry.value

    async def put(self, key: str, value: bytes, ttl_s: float) -> None:
        if key in self._entries:
            self._drop(key)
        if len(value) > self.max_bytes:
            return
        self._entries[key] = _Entry(value, self._clock() + ttl_s)
        self._bytes += len(value)
        while self._bytes > self.max_bytes:
            self._drop(next(iter(self._entries)))

    async def incr(self, key: str, ttl_s: float) -> int:
        current = await self.get(key)
        count = int(current or b"0") + 1
        entry = self._entries.get(key)
        expires = entry.expires_at if entry is not None else self._clock() + ttl_s
        await self.put(key, str(count).encode(), max(expires - self._clock(), 0.001))
        return count

    async def count(self, key: str) -> int:
        return int(await self.get(key) or b"0")

    async def aclose(self) -> None:
        self._entries.clear()
        self._bytes = 0

    def _drop(self, key: str) -> None:
        entry = self._entries.pop(key)
        self._bytes -= len(entry.value)
