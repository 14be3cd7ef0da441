"""RedisCache against a real redis-server on loopback."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from tests.support.services import redis_server
from weblens.cache.redis import RedisCache

pytestmark = pytest.mark.redis


@pytest.fixture(scope="module")
def redis_url() -> Iterator[str]:
    with redis_server() as url:
        yield url


async def test_redis_roundtrip_ttl_and_counters(redis_url: str) -> None:
    cache = RedisCache(redis_url, prefix="t1:")
    await cache.put("k", b"value", ttl_s=0.2)
    assert await cache.get("k") == b"value"
    await asyncio.sleep(0.4)
    assert await cache.get("k") is None
    assert [await cache.incr("n", ttl_s=60) for _ in range(3)] == [1, 2, 3]
    assert (await cache.count("n"), await cache.count("absent")) == (3, 0)
    await cache.aclose()


async def test_redis_is_shared_between_clients(redis_url: str) -> None:
    first, second = RedisCache(redis_url, prefix="t2:"), RedisCache(redis_url, prefix="t2:")
    await first.put("k", b"v", ttl_s=60)
    assert await second.get("k") == b"v"
    await first.incr("n", 60)
    assert await second.incr("n", 60) == 2
    await first.aclose()
    await second.aclose()
