"""Per-site politeness: a token bucket (GCRA) on an injected clock, sites by registrable domain."""

from __future__ import annotations

import asyncio

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.servers import LoopbackServer, Response
from weblens.errors import RateLimited
from weblens.net.fetch import FetchLimits, GuardedFetcher
from weblens.net.guard import Guard
from weblens.net.policy import AllowList
from weblens.net.ratelimit import DomainRateLimiter, MonotonicClock, Pace, reserve
from weblens.net.sites import site_key


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
    ("authority", "key"),
    [
        ("Example.COM", "example.com"),
        ("www.example.com", "example.com"),
        ("docs.example.com:8443", "example.com"),
        ("a.b.example.co.uk.", "example.co.uk"),
        ("alice.github.io", "alice.github.io"),  # github.io is a public suffix: each user a site
        ("co.uk", "co.uk"),
        ("127.0.0.1:8080", "127.0.0.1:8080"),
        ("127.0.0.1:8081", "127.0.0.1:8081"),
        ("[::1]:9000", "[::1]:9000"),
        ("localhost:3000", "localhost:3000"),
        ("93.184.215.14", "93.184.215.14"),
    ],
)
def test_site_key(authority: str, key: str) -> None:
    assert site_key(authority) == key


async def test_a_burst_then_evenly_spaced() -> None:
    clock = FakeClock()
    limiter = DomainRateLimiter(Pace(per_second=10, burst=3), clock=clock)
    waits = [await limiter.acquire("example.com") for _ in range(6)]
    assert waits[:3] == [0.0, 0.0, 0.0]
    assert clock.time - 1000.0 == pytest.approx(0.3)  # then 0.1 s apart
    assert clock.sleeps == [pytest.approx(0.1)] * 3


async def test_subdomains_share_a_site_and_sites_are_separate() -> None:
    clock = FakeClock()
    limiter = DomainRateLimiter(Pace(per_second=1, burst=1), clock=clock)
    await limiter.acquire("docs.example.com")
    assert limiter.next_free("www.example.com") == pytest.approx(1.0)
    assert await limiter.acquire("other.test") == 0.0
    assert await limiter.acquire("api.example.com") == pytest.approx(1.0)


async def test_a_deadline_fails_at_once_with_retry_after_and_spends_nothing() -> None:
    clock = FakeClock()
    limiter = DomainRateLimiter(Pace(per_second=1 / 6, burst=1), clock=clock)  # 10 per minute
    await limiter.acquire("x.test")
    with pytest.raises(RateLimited) as caught:
        await limiter.acquire("x.test", max_wait_s=5.0)
    assert caught.value.retry_after == pytest.approx(6.0)
    assert clock.sleeps == []
    assert await limiter.acquire("x.test", max_wait_s=6.0) == pytest.approx(6.0)


async def test_waiters_are_served_in_order() -> None:
    clock = FakeClock()
    limiter = DomainRateLimiter(Pace(per_second=2, burst=1), clock=clock)
    order: list[int] = []

    async def one(n: int) -> None:
        await limiter.acquire("busy.test")
        order.append(n)

    await asyncio.gather(*(one(n) for n in range(6)))
    assert order == [0, 1, 2, 3, 4, 5]


async def test_a_cancelled_last_waiter_gives_its_turn_back() -> None:
    limiter = DomainRateLimiter(Pace(per_second=1 / 3600, burst=1))  # real clock: a waiter sleeps an hour
    await limiter.acquire("slow.test")
    waiter = asyncio.create_task(limiter.acquire("slow.test"))
    await asyncio.sleep(0)
    waiter.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiter
    assert limiter.next_free("slow.test") == pytest.approx(3600, abs=1)


async def test_no_rate_means_no_wait() -> None:
    clock = FakeClock()
    limiter = DomainRateLimiter(Pace(per_second=0), clock=clock)
    for _ in range(100):
        assert await limiter.acquire("x.test") == 0.0


async def test_idle_sites_are_forgotten() -> None:
    clock = FakeClock()
    limiter = DomainRateLimiter(Pace(per_second=1), clock=clock)
    for n in range(1024):
        await limiter.acquire(f"site{n}.test")
    clock.time += 2
    await limiter.acquire("new.test")
    assert len(limiter._tat) == 1


async def test_slots_cap_requests_in_flight_per_site() -> None:
    limiter = DomainRateLimiter(Pace(per_second=0, concurrency=2))
    inside = peak = 0

    async def one(site: str) -> None:
        nonlocal inside, peak
        async with limiter.slot(site):
            inside += 1
            peak = max(peak, inside)
            await asyncio.sleep(0.001)
            inside -= 1

    await asyncio.gather(*(one("a.example.com") for _ in range(10)))
    assert peak == 2
    assert limiter._slots == {}
    async with limiter.slot("x.test"), limiter.slot("x.test"):
        with pytest.raises(RateLimited, match="already in flight"):
            async with limiter.slot("x.test", max_wait_s=0.01):
                pass


@pytest.mark.parametrize(("rate", "burst"), [(-1.0, 1), (1.0, 0)])
def test_nonsense_paces_are_refused(rate: float, burst: int) -> None:
    with pytest.raises(ValueError, match="burst"):
        Pace(per_second=rate, burst=burst)


@settings(max_examples=200, deadline=None)
@given(
    per_second=st.sampled_from([0.5, 1.0, 4.0, 10.0]),
    burst=st.integers(1, 6),
    gaps=st.lists(st.floats(0, 2.0), min_size=1, max_size=60),
    window=st.floats(0.05, 5.0),
)
def test_no_window_holds_more_than_burst_plus_rate_times_window(
    per_second: float, burst: int, gaps: list[float], window: float
) -> None:
    """Property: callers arriving at any times and sending after their wait never exceed the bucket."""
    pace = Pace(per_second=per_second, burst=burst)
    tat: float | None = None
    now, sent = 0.0, []
    for gap in gaps:
        now += gap
        tat, delay = reserve(tat, now, pace, None)
        sent.append(now + delay)
    sent.sort()
    bound = burst + per_second * window + 1e-9
    for i, start in enumerate(sent):
        inside = sum(1 for t in sent[i:] if t <= start + window)
        assert inside <= bound


async def test_monotonic_clock() -> None:
    clock = MonotonicClock()
    before = clock.now()
    await clock.sleep(0)
    assert clock.now() >= before


async def test_retries_are_paced_too(server: LoopbackServer) -> None:
    server.route("/flaky", Response(status=503, body=b"busy"))
    limiter = DomainRateLimiter(Pace(per_second=1000, burst=1))
    calls: list[str] = []
    original = limiter.acquire

    async def counting(site: str, *, max_wait_s: float | None = None) -> float:
        calls.append(site)
        return await original(site, max_wait_s=max_wait_s)

    limiter.acquire = counting  # type: ignore[method-assign]
    guard = Guard(allow=AllowList.parse([server.allow_entry]))
    limits = FetchLimits(retries=2, retry_backoff_s=0.01, timeout_s=5)
    async with GuardedFetcher(guard, limits, pacer=limiter) as fetcher:
        with pytest.raises(Exception, match="503"):
            await fetcher.fetch(server.url("/flaky"))
    assert len(server.requests) == 3
    assert calls == [server.allow_entry] * 2  # the first request is the caller's to pace


def test_a_crawl_delay_slows_a_pace_and_never_speeds_it_up() -> None:
    fast = Pace(per_second=10, burst=5, concurrency=4)
    slowed = fast.at_most_every(2.0)
    assert slowed.interval_s == pytest.approx(2.0) and slowed.burst == 1 and slowed.concurrency == 4
    slow = Pace(per_second=0.1, burst=2)
    assert slow.at_most_every(2.0) is slow  # already one request per 10 s
    assert Pace(per_second=0).at_most_every(0.5).interval_s == pytest.approx(0.5)  # rate limit off
    assert fast.at_most_every(0) is fast


async def test_a_site_of_its_own_pace_waits_its_interval_with_no_burst() -> None:
    clock = FakeClock()
    limiter = DomainRateLimiter(Pace(per_second=10, burst=5), clock=clock)
    own = limiter.pace.at_most_every(1.5)
    waits = [await limiter.acquire("slow.example", pace=own) for _ in range(3)]
    assert waits == [0.0, pytest.approx(1.5), pytest.approx(1.5)]
    assert await limiter.acquire("other.example") == 0.0  # other sites keep the usual pace
    with pytest.raises(RateLimited):
        await limiter.acquire("slow.example", pace=own, max_wait_s=0.5)
