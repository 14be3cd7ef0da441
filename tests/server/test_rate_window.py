"""The per-key rate limit counts over a sliding window: a burst across the edge of a fixed window is one
burst, and Retry-After names the first second another request fits."""

from __future__ import annotations

import httpx
from hypothesis import given
from hypothesis import strategies as st

from weblens.cache.memory import MemoryCache
from weblens.server.gate import (
    Gate,
    GateOptions,
    Message,
    RateLimit,
    Receive,
    Scope,
    Send,
    retry_after_s,
    sliding_count,
)


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


LIMITS = st.builds(RateLimit, requests=st.integers(1, 50), window_s=st.sampled_from([1.0, 60.0, 3600.0]))


@given(
    limit=LIMITS,
    current=st.integers(1, 120),
    previous=st.integers(0, 120),
    offset=st.floats(0.0, 0.999),
)
def test_retry_after_is_the_first_whole_second_another_request_fits(
    limit: RateLimit, current: int, previous: int, offset: float
) -> None:
    now = 1000 * limit.window_s + offset * limit.window_s
    if sliding_count(current, previous, now, limit.window_s) <= limit.requests:
        return  # this request was let through; no Retry-After is given
    retry = retry_after_s(current, previous, now, limit)
    assert _next_request(current, previous, now, now + retry, limit.window_s) <= limit.requests + 1e-9
    if retry > 1:
        assert _next_request(current, previous, now, now + retry - 1, limit.window_s) > limit.requests - 1e-9


def _next_request(current: int, previous: int, now: float, later: float, window_s: float) -> float:
    """The sliding count of one more request made at ``later``, none made between."""
    windows_on = int(later // window_s) - int(now // window_s)
    if windows_on == 0:
        return sliding_count(current + 1, previous, later, window_s)
    if windows_on == 1:
        return sliding_count(1, current, later, window_s)
    return 1.0
