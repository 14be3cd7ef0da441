"""Fixtures of the net tests: a trap server that must never be reached, and a fetcher factory."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import Any, Protocol

import pytest

from tests.support.servers import LoopbackServer, Response
from weblens.net.fetch import FetchLimits, GuardedFetcher
from weblens.net.guard import Guard
from weblens.net.policy import AllowList
from weblens.net.resolver import Resolver, StaticResolver


class MakeFetcher(Protocol):
    def __call__(self, *allow: str, resolver: Resolver | None = None, **options: Any) -> GuardedFetcher: ...


@pytest.fixture
def trap() -> Iterator[LoopbackServer]:
    """A server on loopback that is NOT in any allow-list; every test asserts it saw nothing."""
    with LoopbackServer() as srv:
        srv.route("/", Response(body=b"<p>internal secret</p>"))
        yield srv


@pytest.fixture
async def make_fetcher() -> AsyncIterator[MakeFetcher]:
    """Build GuardedFetchers allowed to reach exactly ``allow`` (host:port); closed at teardown.

    Limits default to a 10 s deadline and a 10 ms backoff; any FetchLimits field may be overridden,
    and ``ssl_context`` is passed through.
    """
    made: list[GuardedFetcher] = []

    def make(*allow: str, resolver: Resolver | None = None, **options: Any) -> GuardedFetcher:
        ssl_context = options.pop("ssl_context", None)
        limits = FetchLimits(**{"timeout_s": 10.0, "retry_backoff_s": 0.01, **options})
        guard = Guard(resolver if resolver is not None else StaticResolver({}), AllowList.parse(allow))
        fetcher = GuardedFetcher(guard, limits, ssl_context=ssl_context)
        made.append(fetcher)
        return fetcher

    yield make
    for fetcher in made:
        await fetcher.aclose()
