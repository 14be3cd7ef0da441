"""Limits count over a sliding window (weblens.cache.window): a burst across the edge of a fixed window is
one burst, and the wait given is the first whole second another one fits. The server's per-key rate limit
and the Lens's hourly search budget both count so."""

from __future__ import annotations

import httpx
from hypothesis import given
from hypothesis import strategies as st

from weblens.cache.memory import MemoryCache
from weblens.cache.window import Window, seconds_until_room, sliding_count
from weblens.server.gate import Gate, GateOptions, Message, RateLimit, Receive, Scope, Send


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


async def _ok(scope: Scope, receive: Receive, send: Send) -> None:
    start: Message = {"type": "http.response.start", "status": 200, "headers": []}
    await send(start)
    await send({"type": "http.response.body", "body": b"{}"})


def _gated(limit: str, clock: Clock) -> httpx.AsyncClient:
    store = MemoryCache(clock=clock)
    gate = Gate(_ok, GateOptions(rate_limit=RateLimit.parse(limit)), counter=store, clock=clock)
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=gate), base_url="http://127.0.0.1")  # type: ignore[arg-type]


async def test_a_burst_across_a_window_edge_is_one_burst() -> None:
    clock = Clock(60 * 1000 - 0.5)  # half a second before a minute's window ends
    async with _gated("2/minute", clock) as client:
        statuses = []
        for _ in range(3):
            statuses.append((await client.post("/v1/browse")).status_code)
            clock.now += 0.4  # the second and third requests fall in the next fixed window
        assert statuses == [200, 200, 429]


async def test_retry_after_names_when_the_next_request_fits() -> None:
    clock = Clock(60 * 1000 + 10)
    async with _gated("2/minute", clock) as client:
        for _ in range(2):
            assert (await client.post("/v1/browse")).status_code == 200
        refused = await client.post("/v1/browse")
        assert refused.status_code == 429 and refused.json()["error"]["code"] == "rate_limited"
        clock.now += int(refused.headers["retry-after"])
        assert (await client.post("/v1/browse")).status_code == 200


@given(
    limit=st.integers(1, 50),
    window_s=st.sampled_from([1.0, 60.0, 3600.0]),
    current=st.integers(1, 120),
    previous=st.integers(0, 120),
    offset=st.floats(0.0, 0.999),
)
def test_the_wait_given_is_the_first_whole_second_another_one_fits(
    limit: int, window_s: float, current: int, previous: int, offset: float
) -> None:
    now = 1000 * window_s + offset * window_s
    window = Window(current, previous, now, window_s)
    if window.used <= limit:
        return  # this one was let through; no wait is given
    wait = seconds_until_room(window, limit)
    assert _with_one_more(window, now + wait) <= limit + 1e-9
    if wait > 1:
        assert _with_one_more(window, now + wait - 1) > limit - 1e-9


def _with_one_more(window: Window, later: float) -> float:
    """The sliding count at ``later`` with one more counted then, none between."""
    return window.at(later) + 1


@given(current=st.integers(0, 50), previous=st.integers(0, 50), offset=st.floats(0.0, 0.999))
def test_the_estimate_lies_between_the_current_count_and_both_windows(
    current: int, previous: int, offset: float
) -> None:
    used = sliding_count(current, previous, 3600 * 7 + offset * 3600, 3600.0)
    assert current <= used <= current + previous
