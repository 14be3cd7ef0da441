"""Per-site limits shared through a real redis-server: one bucket for every process, places that expire."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator

import pytest

from tests.support.services import free_port, redis_server
from weblens.errors import RateLimited
from weblens.net.ratelimit import Pace
from weblens.net.redis_limits import RedisSiteLimiter

pytestmark = pytest.mark.redis


@pytest.fixture(scope="module")
def redis_url() -> Iterator[str]:
    with redis_server() as url:
        yield url


async def test_two_limiters_draw_on_one_bucket(redis_url: str) -> None:
    pace = Pace(per_second=20, burst=2)
    first, second = RedisSiteLimiter(redis_url, pace), RedisSiteLimiter(redis_url, pace)
    sent: list[float] = []

    async def one(limiter: RedisSiteLimiter, host: str) -> None:
        await limiter.acquire(host)
        sent.append(time.monotonic())

    try:
        await asyncio.gather(
            *(one(first, "a.shared.test") for _ in range(10)),
            *(one(second, "www.shared.test") for _ in range(10)),
        )
        with pytest.raises(RateLimited) as caught:
            await first.acquire("shared.test", max_wait_s=0.0)
    finally:
        await first.aclose()
        await second.aclose()
    assert caught.value.retry_after is not None and caught.value.retry_after > 0
    sent.sort()
    for i, start in enumerate(sent):  # the bucket's bound, in every window of 0.5 s (+1 for jitter)
        assert sum(1 for t in sent[i:] if t <= start + 0.5) <= 2 + 20 * 0.5 + 1


async def test_places_are_shared_and_released(redis_url: str) -> None:
    pace = Pace(per_second=0, concurrency=1)
    first, second = RedisSiteLimiter(redis_url, pace), RedisSiteLimiter(redis_url, pace)
    try:
        async with first.slot("busy.test"):
            with pytest.raises(RateLimited, match="already in flight"):
                async with second.slot("busy.test", max_wait_s=0.1):
                    pass
        async with second.slot("busy.test", max_wait_s=1.0):
            pass
    finally:
        await first.aclose()
        await second.aclose()


async def test_a_dead_holders_place_expires(redis_url: str) -> None:
    pace = Pace(per_second=0, concurrency=1)
    holder, other = RedisSiteLimiter(redis_url, pace), RedisSiteLimiter(redis_url, pace)
    try:
        entered = asyncio.Event()

        async def hold() -> None:
            async with holder.slot("gone.test", hold_s=0.3):
                entered.set()
                await asyncio.sleep(3600)

        task = asyncio.create_task(hold())
        await entered.wait()
        await (
            holder._redis.connection_pool.disconnect()
        )  # the holder is "killed": it never gives the place back
        holder._down_until = time.monotonic() + 3600
        async with other.slot("gone.test", max_wait_s=5.0):
            pass
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
    finally:
        await holder.aclose()
        await other.aclose()


async def test_without_redis_the_limits_hold_in_process() -> None:
    limiter = RedisSiteLimiter(
        f"redis://127.0.0.1:{free_port()}/0", Pace(per_second=1, burst=1), timeout_s=0.2
    )
    try:
        assert await limiter.acquire("x.test") == 0.0
        with pytest.raises(RateLimited):
            await limiter.acquire("x.test", max_wait_s=0.1)
    finally:
        await limiter.aclose()


async def test_a_site_of_its_own_pace_is_spaced_by_it_across_limiters(redis_url: str) -> None:
    usual = Pace(per_second=100, burst=5)
    first, second = RedisSiteLimiter(redis_url, usual), RedisSiteLimiter(redis_url, usual)
    own = usual.at_most_every(5.0)  # a Crawl-delay of 5 s
    try:
        assert await first.acquire("crawl-delay.test", pace=own) == 0.0
        with pytest.raises(RateLimited) as caught:  # the other worker sees the site's own pace
            await second.acquire("crawl-delay.test", pace=own, max_wait_s=1.0)
        assert caught.value.retry_after is not None and caught.value.retry_after > 4.0
        assert await second.acquire("elsewhere.test") == 0.0  # another site keeps the usual pace
    finally:
        await first.aclose()
        await second.aclose()
