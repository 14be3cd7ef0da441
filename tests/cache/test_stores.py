"""The three stores share one behaviour: TTL, LRU by bytes (memory, SQLite), counters."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from weblens.cache.base import NullCache
from weblens.cache.keys import budget_key, normalise_url, page_key
from weblens.cache.memory import MemoryCache
from weblens.cache.sqlite import SQLiteCache


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(params=["memory", "sqlite"])
def store_and_clock(
    request: pytest.FixtureRequest, tmp_path: Path
) -> tuple[MemoryCache | SQLiteCache, Clock]:
    clock = Clock()
    if request.param == "memory":
        return MemoryCache(max_bytes=1000, clock=clock), clock
    return SQLiteCache(tmp_path / "c.sqlite3", max_bytes=1000, clock=clock), clock


async def test_hit_within_ttl_and_miss_after(
    store_and_clock: tuple[MemoryCache | SQLiteCache, Clock],
) -> None:
    store, clock = store_and_clock
    await store.put("k", b"value", ttl_s=60)
    clock.now += 59
    assert await store.get("k") == b"value"
    clock.now += 2
    assert await store.get("k") is None
    await store.aclose()


async def test_lru_eviction_by_size(store_and_clock: tuple[MemoryCache | SQLiteCache, Clock]) -> None:
    store, _ = store_and_clock
    for name in "abcd":
        await store.put(name, name.encode() * 300, ttl_s=60)  # 4 x 300 bytes > 1000
    assert await store.get("a") is None  # oldest went first
    assert await store.get("b") == b"b" * 300
    await store.put("e", b"e" * 300, ttl_s=60)  # "b" was just used, so "c" goes
    assert await store.get("c") is None
    assert await store.get("b") is not None
    assert await store.get("d") is not None
    assert await store.get("e") is not None
    await store.aclose()


async def test_value_larger_than_cache_is_not_stored(
    store_and_clock: tuple[MemoryCache | SQLiteCache, Clock],
) -> None:
    store, _ = store_and_clock
    await store.put("small", b"x", ttl_s=60)
    await store.put("huge", b"x" * 5000, ttl_s=60)
    assert await store.get("huge") is None
    assert await store.get("small") == b"x"
    await store.aclose()


async def test_counters_count_and_expire(store_and_clock: tuple[MemoryCache | SQLiteCache, Clock]) -> None:
    store, clock = store_and_clock
    assert [await store.incr("n", ttl_s=10) for _ in range(3)] == [1, 2, 3]
    assert (await store.count("n"), await store.count("n"), await store.count("other")) == (3, 3, 0)
    clock.now += 11
    assert await store.count("n") == 0
    assert await store.incr("n", ttl_s=10) == 1
    await store.aclose()


async def test_sqlite_persists_across_instances(tmp_path: Path) -> None:
    first = SQLiteCache(tmp_path / "c.sqlite3")
    await first.put("k", b"v", ttl_s=60)
    await first.incr("n", ttl_s=60)
    await first.aclose()
    second = SQLiteCache(tmp_path / "c.sqlite3")
    assert await second.get("k") == b"v"
    assert await second.incr("n", ttl_s=60) == 2
    await second.aclose()


async def test_sqlite_counters_are_atomic_under_concurrency(tmp_path: Path) -> None:
    stores = [SQLiteCache(tmp_path / "c.sqlite3") for _ in range(4)]
    counts = await asyncio.gather(*(s.incr("n", ttl_s=60) for s in stores for _ in range(10)))
    assert sorted(counts) == list(range(1, 41))
    for s in stores:
        await s.aclose()


async def test_null_cache_stores_nothing() -> None:
    cache = NullCache()
    await cache.put("k", b"v", ttl_s=60)
    assert await cache.get("k") is None
    assert await cache.incr("n", 60) == 1


@settings(max_examples=200)
@given(
    st.sampled_from(["http", "HTTP", "https"]),
    st.sampled_from(["Example.COM", "example.com", "EXAMPLE.com."]),
    st.sampled_from(["", "/", "/a/b"]),
    st.sampled_from(["", "#frag", "#"]),
)
def test_page_key_ignores_case_default_port_and_fragment(
    scheme: str, host: str, path: str, frag: str
) -> None:
    port = ":443" if scheme.lower() == "https" else ":80"
    plain = f"{scheme}://{host}{path}{frag}"
    with_port = f"{scheme}://{host}{port}{path}{frag}"
    assert page_key(plain) == page_key(with_port) == page_key(f"{scheme.lower()}://example.com{path or '/'}")


def test_page_key_keeps_query_and_non_default_port() -> None:
    assert page_key("http://example.com/?a=1") != page_key("http://example.com/?a=2")
    assert page_key("http://example.com:8080/") != page_key("http://example.com/")
    assert normalise_url("HTTP://[::1]:80/x#y") == "http://[::1]/x"


def test_budget_key_is_per_window() -> None:
    assert budget_key("s", 3599.0, 3600) == budget_key("s", 0.0, 3600)
    assert budget_key("s", 3600.0, 3600) != budget_key("s", 0.0, 3600)
