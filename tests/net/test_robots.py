"""robots.txt: RFC 9309 verdicts (pure), and the checker against loopback servers (fetch once, keep)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from tests.support.pages import page
from tests.support.servers import LoopbackServer, Response
from weblens.cache.memory import MemoryCache
from weblens.config import Settings
from weblens.errors import RobotsDisallowed, SSRFBlocked
from weblens.net.fetch import FetchLimits, GuardedFetcher
from weblens.net.guard import Guard
from weblens.net.policy import AllowList, parse_url
from weblens.net.ratelimit import DomainRateLimiter, Pace
from weblens.net.resolver import StaticResolver
from weblens.net.robots import RobotsRules, Verdict, agent_token, robots_url, verdict_for_status
from weblens.robots import RobotsChecker, RobotsOptions
from weblens.session import Lens

TEXT = {"Content-Type": "text/plain"}


@pytest.mark.parametrize(
    ("status", "verdict"),
    [
        (404, Verdict.ALLOW_ALL),
        (403, Verdict.ALLOW_ALL),
        (410, Verdict.ALLOW_ALL),
        (429, Verdict.DISALLOW_ALL),
        (500, Verdict.DISALLOW_ALL),
        (503, Verdict.DISALLOW_ALL),
    ],
)
def test_status_verdicts(status: int, verdict: Verdict) -> None:
    assert verdict_for_status(status) is verdict


def test_rules_for_our_token_else_the_star_group() -> None:
    rules = RobotsRules.parse(
        b"User-agent: weblens\nDisallow: /no-bots\n\nUser-agent: *\nDisallow: /\nCrawl-delay: 3\n"
    )
    agent = agent_token("weblens/0.1 (+https://github.com/weblens/weblens)")
    assert agent == "weblens"
    assert not rules.allows("https://x.test/no-bots/a", agent)
    assert rules.allows("https://x.test/other", agent)
    assert not rules.allows("https://x.test/other", "otherbot")
    assert RobotsRules.loads(rules.dumps()) == rules
    assert RobotsRules.loads(b"nonsense") is None


def test_robots_url_is_the_origin() -> None:
    assert robots_url(parse_url("https://Example.com:443/a/b?c#d")) == "https://example.com/robots.txt"
    assert robots_url(parse_url("http://127.0.0.1:8080/x")) == "http://127.0.0.1:8080/robots.txt"
    assert robots_url(parse_url("http://[::1]:81/")) == "http://[::1]:81/robots.txt"


@asynccontextmanager
async def _checker(
    server: LoopbackServer, store: MemoryCache | None = None, timeout_s: float = 2.0
) -> AsyncIterator[RobotsChecker]:
    guard = Guard(allow=AllowList.parse([server.allow_entry]))
    limiter = DomainRateLimiter(Pace(per_second=0))
    async with GuardedFetcher(guard, FetchLimits(timeout_s=timeout_s, retries=0), pacer=limiter) as fetcher:
        yield RobotsChecker(
            fetcher=fetcher,
            limiter=limiter,
            store=store if store is not None else MemoryCache(),
            options=RobotsOptions(timeout_s=timeout_s),
        )


async def test_fetched_once_per_site_and_kept(server: LoopbackServer) -> None:
    server.route("/robots.txt", Response(body=b"User-agent: *\nDisallow: /private\n", headers=TEXT))
    store = MemoryCache()
    async with _checker(server, store) as checker:
        await asyncio.gather(*(checker.check(parse_url(server.url(f"/a{n}"))) for n in range(10)))
        with pytest.raises(RobotsDisallowed, match="disallows this URL") as caught:
            await checker.check(parse_url(server.url("/private/1")))
    assert caught.value.code == "robots_disallowed" and caught.value.url == server.url("/private/1")
    assert checker.fetches == 1 and len(server.requests) == 1
    async with _checker(server, store) as again:  # another process sharing the store: no fetch
        with pytest.raises(RobotsDisallowed):
            await again.check(parse_url(server.url("/private/2")))
    assert again.fetches == 0


@pytest.mark.parametrize(("status", "allowed"), [(404, True), (401, True), (500, False), (503, False)])
async def test_unavailable_allows_and_unreachable_disallows(
    server: LoopbackServer, status: int, allowed: bool
) -> None:
    server.route("/robots.txt", Response(status=status, body=b"x"))
    async with _checker(server) as checker:
        if allowed:
            await checker.check(parse_url(server.url("/page")))
        else:
            with pytest.raises(RobotsDisallowed, match=f"HTTP {status}.*disallowed for now"):
                await checker.check(parse_url(server.url("/page")))


async def test_a_dead_or_hanging_site_is_disallowed_for_now(server: LoopbackServer) -> None:
    async def hang(_r: object, _w: asyncio.StreamWriter) -> None:
        await asyncio.sleep(3600)

    server.route("/robots.txt", hang, raw=True)
    async with _checker(server, timeout_s=0.3) as checker:
        with pytest.raises(RobotsDisallowed, match="fetch_timeout"):
            await checker.check(parse_url(server.url("/page")))


async def test_the_robots_fetch_is_guarded() -> None:
    guard = Guard(StaticResolver({"evil.test": ["10.0.0.7"]}))
    limiter = DomainRateLimiter()
    async with GuardedFetcher(guard) as fetcher:
        checker = RobotsChecker(fetcher=fetcher, limiter=limiter, store=MemoryCache())
        with pytest.raises(SSRFBlocked):
            await checker.check(parse_url("http://evil.test/page"))


async def test_browse_respects_robots_only_when_asked(server: LoopbackServer, tmp_path: Path) -> None:
    server.route("/robots.txt", Response(body=b"User-agent: *\nDisallow: /\n", headers=TEXT))
    server.route("/article", Response(body=page("article.html")))
    settings = Settings(allow_hosts=[server.allow_entry], cache_dir=tmp_path / "cache")
    async with Lens(settings, cache=MemoryCache()) as lens:
        with pytest.raises(RobotsDisallowed):
            await lens.browse(server.url("/article"), respect_robots=True)
        assert [r.path for r in server.requests] == ["/robots.txt"]
        page_read = await lens.browse(server.url("/article"))  # a person asked for this page
    assert "stranded on the rocky shore" in page_read.text
