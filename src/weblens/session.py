"""Lens: the one object that composes fetching, extraction, rendering, caching and search.

    async with Lens() as lens:
        page = await lens.browse("https://example.org/article")
        hits = await lens.search("python asyncio tutorial")
        sources = await lens.gather("python asyncio tutorial", read=3)

Every edge is injectable (resolver, fetcher, renderer, cache, providers) so tests run real
components on loopback and fakes only where the world cannot be reached; by default
everything is built from :class:`~weblens.config.Settings`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from types import TracebackType
from typing import Any, Self

import httpx

from weblens.cache.base import Cache, NullCache
from weblens.cache.keys import budget_key, search_key
from weblens.cache.tolerant import TolerantCache
from weblens.config import Settings
from weblens.errors import BudgetExceeded, RenderFailed
from weblens.extract import ExtractOptions
from weblens.gathering import read_many
from weblens.logs import get_logger
from weblens.models import (
    GatherFailure,
    GatherResponse,
    PageExtract,
    RenderMode,
    SearchResponse,
    WaitCondition,
)
from weblens.net.fetch import FetchLimits, GuardedFetcher
from weblens.net.guard import Guard
from weblens.net.page import Fetcher
from weblens.net.policy import AllowList
from weblens.net.ratelimit import DomainRateLimiter
from weblens.net.resolver import Resolver, SystemResolver
from weblens.reader import PageReader, ReaderOptions, elapsed_ms
from weblens.render.base import Renderer
from weblens.search.base import SearchProvider, SearchQuery
from weblens.search.factory import new_search_client, providers_from_settings
from weblens.search.orchestrator import SearchOrchestrator

__all__ = ["Lens"]

log = get_logger("weblens.session")

HOUR = 3600.0
MAX_READ = 5


def _mode(value: RenderMode | str | None, default: str) -> RenderMode:
    return RenderMode(value if value is not None else default)


class Lens:
    def __init__(
        self,
        settings: Settings | None = None,
        *,
        resolver: Resolver | None = None,
        fetcher: Fetcher | None = None,
        renderer: Renderer | None = None,
        cache: Cache | None = None,
        providers: Sequence[SearchProvider] | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.settings = s = settings or Settings()
        self._clock = clock
        self._guard = Guard(resolver or SystemResolver(), AllowList.parse(s.allow_hosts))
        self._cache = TolerantCache(cache if cache is not None else _cache_from(s))
        self._reader = PageReader(
            guard=self._guard,
            fetcher=fetcher or GuardedFetcher(self._guard, _fetch_limits(s)),
            cache=self._cache,
            limiter=DomainRateLimiter(s.per_domain_rate_limit),
            renderer_factory=(lambda: renderer) if renderer is not None else self._chromium,
            options=ReaderOptions(
                render_threshold=s.render_confidence_threshold,
                render_wait=s.render_wait,
                render_timeout_s=s.render_timeout_s,
                cache_ttl_s=s.cache_ttl_s,
                max_concurrent_fetches=s.max_concurrent_fetches,
                extract=ExtractOptions(
                    include_comments=s.include_comments,
                    markdown_links=s.markdown_links,
                    markdown_images=s.markdown_images,
                ),
            ),
        )
        self._providers = providers
        self._search_client: httpx.AsyncClient | None = None
        self._orchestrator: SearchOrchestrator | None = None
        self._provider_names: list[str] = []
        self._closed = False

    # --- lifecycle ---------------------------------------------------------
    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Close the HTTP clients, the browser (no Chromium process outlives the Lens) and the cache."""
        if self._closed:
            return
        self._closed = True
        await self._reader.aclose()
        if self._search_client is not None:
            await self._search_client.aclose()
        await self._cache.aclose()

    def _chromium(self) -> Renderer:
        try:
            from weblens.render.chromium import ChromiumRenderer
            from weblens.render.options import RenderOptions
        except ImportError as exc:
            raise RenderFailed("rendering needs: pip install 'weblens[render]'") from exc
        s = self.settings
        return ChromiumRenderer(
            self._guard,
            RenderOptions(
                chromium_path=s.chromium_path,
                max_concurrency=s.render_concurrency,
                idle_close_s=s.render_idle_close_s,
                block_resources=s.render_block_resources,
            ),
        )

    # --- browse ------------------------------------------------------------
    async def browse(
        self,
        url: str,
        render: RenderMode | str | None = None,
        *,
        wait: WaitCondition | str | None = None,
        render_timeout_s: float | None = None,
        refresh: bool = False,
        include_comments: bool | None = None,
    ) -> PageExtract:
        """Read one page: cache, guarded fetch, extract, render when needed (auto, always or never).

        ``include_comments`` keeps reader comments below articles (None: the configured default)."""
        mode = _mode(render, self.settings.render)
        return await self._reader.browse(
            url,
            mode,
            wait=wait,
            timeout_s=render_timeout_s,
            refresh=refresh,
            include_comments=include_comments,
        )

    # --- search ------------------------------------------------------------
    async def search(
        self,
        query: str,
        *,
        max_results: int | None = None,
        recency_days: int | None = None,
        site_include: Sequence[str] = (),
        site_exclude: Sequence[str] = (),
        language: str | None = None,
        region: str | None = None,
        refresh: bool = False,
    ) -> SearchResponse:
        """Search through the configured providers, with fallback, a 5-minute cache and an hourly budget."""
        q = SearchQuery(
            query=query,
            max_results=min(max_results or self.settings.max_results, 10),
            recency_days=recency_days,
            site_include=tuple(site_include),
            site_exclude=tuple(site_exclude),
            language=language,
            region=region,
        )
        orchestrator = self._get_orchestrator()
        key = search_key({**_query_fields(q), "providers": self._provider_names})
        raw = None if refresh else await self._cache.get(key)
        if raw is not None:
            log.info("search_cache_hit", query=query)
            return SearchResponse.model_validate_json(raw).model_copy(update={"from_cache": True})
        await self._spend_search_budget()
        response = await orchestrator.search(q)
        await self._cache.put(
            key, response.model_dump_json().encode("utf-8"), self.settings.search_cache_ttl_s
        )
        return response

    async def _spend_search_budget(self) -> None:
        limit = self.settings.max_searches_per_hour
        used = await self._cache.incr(budget_key("searches", self._clock(), HOUR), HOUR)
        if used > limit:
            raise BudgetExceeded(
                f"the search budget of {limit} searches per hour is used up (WEBLENS_MAX_SEARCHES_PER_HOUR)"
            )

    def _get_orchestrator(self) -> SearchOrchestrator:
        if self._orchestrator is None:
            providers = self._providers
            if providers is None:
                self._search_client = new_search_client(self.settings)
                providers = providers_from_settings(self.settings, self._search_client)
            self._provider_names = [provider.name for provider in providers]
            self._orchestrator = SearchOrchestrator(providers, timeout_s=self.settings.search_timeout_s)
        return self._orchestrator

    # --- gather ------------------------------------------------------------
    async def gather(
        self,
        query: str,
        read: int | None = None,
        *,
        render: RenderMode | str | None = None,
        max_results: int | None = None,
        recency_days: int | None = None,
        site_include: Sequence[str] = (),
        site_exclude: Sequence[str] = (),
        language: str | None = None,
        region: str | None = None,
        refresh: bool = False,
    ) -> GatherResponse:
        """Search, then read the top ``read`` results (at most 5, 3 at once); failures never sink the rest."""
        start = time.perf_counter()
        found = await self.search(
            query,
            max_results=max_results,
            recency_days=recency_days,
            site_include=site_include,
            site_exclude=site_exclude,
            language=language,
            region=region,
            refresh=refresh,
        )
        count = min(self.settings.gather_read if read is None else read, MAX_READ)
        outcomes = await read_many(
            self._reader,
            [result.url for result in found.results[:count]],
            _mode(render, self.settings.render),
            concurrency=self.settings.gather_concurrency,
            refresh=refresh,
        )
        return GatherResponse(
            query=query,
            search_results=found.results,
            gathered_pages=[o for o in outcomes if isinstance(o, PageExtract)],
            failures=[o for o in outcomes if isinstance(o, GatherFailure)],
            provider_used=found.provider_used,
            fallback_used=found.fallback_used,
            total_search_time_ms=found.search_time_ms,
            total_gather_time_ms=elapsed_ms(start),
        )


def _cache_from(s: Settings) -> Cache:
    if s.cache == "memory":
        from weblens.cache.memory import MemoryCache

        return MemoryCache(s.cache_max_bytes)
    if s.cache == "sqlite":
        from weblens.cache.sqlite import SQLiteCache

        return SQLiteCache(s.cache_path, s.cache_max_bytes)
    if s.cache == "redis":
        from weblens.cache.redis import RedisCache

        return RedisCache(s.redis_url)
    return NullCache()


def _fetch_limits(s: Settings) -> FetchLimits:
    return FetchLimits(
        max_bytes=s.max_download_bytes,
        timeout_s=s.timeout_s,
        max_redirects=s.max_redirects,
        retries=s.fetch_retries,
        retry_backoff_s=s.retry_backoff_s,
        user_agent=s.user_agent,
    )


def _query_fields(q: SearchQuery) -> dict[str, Any]:
    return {
        "query": q.query,
        "max_results": q.max_results,
        "recency_days": q.recency_days,
        "site_include": list(q.site_include),
        "site_exclude": list(q.site_exclude),
        "language": q.language,
        "region": q.region,
    }
