"""Per-site sliding-window rate limiting on an injected clock: waits, never spins."""

from __future__ import annotations

import asyncio

import pytest

from weblens.net.ratelimit import DomainRateLimiter, MonotonicClock, rate_key


class FakeClock:
    """Virtual time: sleeping advances it at once and records how long was slept."""

    def __init__(self) -> None:
        self.time = 1000.0
        self.sleeps: list[float] = []

    def now(self) -> float:
        return self.time

    async def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.time += seconds
        await asyncio.sleep(0)


@pytest.mark.parametrize(
    ("host", "key"),
    [
        ("Example.COM", "example.com"),
        ("www.example.com", "example.com"),
        ("www.example.com.", "example.com"),
        ("docs.example.com", "docs.example.com"),
        ("www.com", "www.com"),
        ("127.0.0.1", "127.0.0.1"),
    ],
)
def test_rate_key(host: str, key: str) -> None:
    assert rate_key(host) == key


async def test_ten_per_minute_then_the_eleventh_waits_for_the_first_to_expire() -> None:
    clock = FakeClock()
    limiter = DomainRateLimiter(10, clock=clock)
    for _ in range(10):
        assert await limiter.acquire("example.com") == 0.0
        clock.time += 1  # one request per second
    assert limiter.pending("example.com") == 10
    waited = await limiter.acquire("www.example.com")  # same budget
    assert waited == pytest.approx(50.0)  # the first (t=1000) leaves the window at t=1060
    assert clock.sleeps == [pytest.approx(50.0)]


async def test_sites_have_separate_budgets() -> None:
    clock = FakeClock()
    limiter = DomainRateLimiter(1, clock=clock)
    await limiter.acquire("a.example")
    assert await limiter.acquire("b.example") == 0.0
    assert clock.sleeps == []


async def test_the_window_slides() -> None:
    clock = FakeClock()
    limiter = DomainRateLimiter(2, clock=clock)
    await limiter.acquire("x.test")
    clock.time += 59.0
    await limiter.acquire("x.test")
    clock.time += 1.0  # the first is exactly 60 s old: gone
    assert await limiter.acquire("x.test") == 0.0
    assert limiter.pending("x.test") == 2


async def test_concurrent_waiters_are_served_in_order_within_the_limit() -> None:
    clock = FakeClock()
    limiter = DomainRateLimiter(2, clock=clock)
    order: list[int] = []

    async def one(n: int) -> None:
        await limiter.acquire("busy.test")
        order.append(n)

    await asyncio.gather(*(one(n) for n in range(6)))
    assert order == [0, 1, 2, 3, 4, 5]
    assert clock.time == pytest.approx(1000.0 + 120.0)  # six requests at two per minute


async def test_cancelling_a_waiter_records_nothing() -> None:
    limiter = DomainRateLimiter(1, window_s=3600)  # the real clock: a waiter here would sleep an hour
    await limiter.acquire("slow.test")
    waiter = asyncio.create_task(limiter.acquire("slow.test"))
    await asyncio.sleep(0)
    waiter.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiter
    assert limiter.pending("slow.test") == 1


async def test_idle_sites_are_forgotten() -> None:
    clock = FakeClock()
    limiter = DomainRateLimiter(5, clock=clock)
    for n in range(1024):
        await limiter.acquire(f"site{n}.test")
    clock.time += 61
    await limiter.acquire("new.test")
    assert len(limiter._windows) == 1


@pytest.mark.parametrize(("per_minute", "window"), [(0, 60.0), (1, 0.0)])
def test_nonsense_limits_are_refused(per_minute: int, window: float) -> None:
    with pytest.raises(ValueError, match="per_minute"):
        DomainRateLimiter(per_minute, window_s=window)


async def test_monotonic_clock() -> None:
    clock = MonotonicClock()
    before = clock.now()
    await clock.sleep(0)
    assert clock.now() >= before
