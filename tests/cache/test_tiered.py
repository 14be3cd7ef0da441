"""The in-process tier in front of a shared store: hot reads from memory, writes through, counters far."""

from __future__ import annotations

from weblens.cache.memory import MemoryCache
from weblens.cache.tiered import TieredCache


class CountingStore(MemoryCache):
    def __init__(self) -> None:
        super().__init__()
        self.gets = 0

    async def get(self, key: str) -> bytes | None:
        self.gets += 1
        return await super().get(key)


async def test_hot_entries_are_read_from_memory_and_written_through() -> None:
    far = CountingStore()
    cache = TieredCache(far, near_ttl_s=60)
    await cache.put("k", b"v", 3600)
    assert await far.get("k") == b"v"  # written through to the shared store
    far.gets = 0
    assert [await cache.get("k") for _ in range(5)] == [b"v"] * 5
    assert far.gets == 0


async def test_a_miss_near_is_filled_from_far_and_counters_stay_far() -> None:
    far = CountingStore()
    await far.put("k", b"from another process", 3600)
    cache = TieredCache(far)
    assert await cache.get("k") == b"from another process"
    assert await cache.get("k") == b"from another process"
    assert far.gets == 1
    assert [await cache.incr("n", 60) for _ in range(3)] == [1, 2, 3]
    assert await far.incr("n", 60) == 4


async def test_near_entries_expire_so_other_processes_refreshes_are_seen() -> None:
    now = [1000.0]
    far = MemoryCache(clock=lambda: now[0])
    cache = TieredCache(far, near_ttl_s=60)
    cache.near = MemoryCache(clock=lambda: now[0])
    await cache.put("k", b"old", 3600)
    await far.put("k", b"new", 3600)  # another process refreshed the page
    assert await cache.get("k") == b"old"
    now[0] += 61
    assert await cache.get("k") == b"new"
