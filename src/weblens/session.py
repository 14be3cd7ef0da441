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

import base64
import binascii
import time
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from dataclasses import replace
from types import TracebackType
from typing import Any, Self

import httpx
import structlog

from weblens.cache.base import Cache, NullCache
from weblens.cache.keys import budget_key, search_key
from weblens.cache.tolerant import TolerantCache
from weblens.config import Settings
from weblens.errors import BudgetExceeded, InvalidArgument, RenderFailed
from weblens.extract import ExtractOptions
from weblens.gathering import read_many
from weblens.logs import route_through_stdlib
from weblens.models import GatherFailure, GatherResponse, PageExtract, RenderMode, SearchResponse
from weblens.net.fetch import FetchLimits, GuardedFetcher
from weblens.net.guard import Guard
from weblens.net.page import Fetcher
from weblens.net.policy import AllowList
from weblens.net.ratelimit import DomainRateLimiter, Pace, SiteLimiter
from weblens.net.resolver import Resolver, SystemResolver
from weblens.paging import window
from weblens.reader import PageReader, ReadCall, ReaderOptions, elapsed_ms
from weblens.render.base import Renderer
from weblens.requests import BrowseRequest, ExtractRequest, GatherRequest, SearchRequest
from weblens.robots import RobotsChecker, RobotsOptions
from weblens.search.base import SearchProvider, SearchQuery
from weblens.search.factory import new_search_client, providers_from_settings
from weblens.search.orchestrator import SearchOrchestrator
from weblens.workers import ExtractionPool, PoolOptions

__all__ = ["Lens", "budget_scope"]

log = structlog.get_logger("weblens.session")

HOUR = 3600.0
MAX_READ = 5

budget_scope: ContextVar[str] = ContextVar("weblens_budget_scope", default="")
"""Whose hourly search budget a call spends (a server sets it per API key; empty: the process's)."""


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
        limiter: SiteLimiter | None = None,
        robots_store: Cache | None = None,
    ) -> None:
        route_through_stdlib()
        self.settings = s = settings or Settings()
        self._clock = clock
        self._guard = Guard(resolver or SystemResolver(), _allow_list(s.allow_hosts))
        self._cache = TolerantCache(
            cache if cache is not None else _cache_from(s), timeout_s=s.cache_timeout_s
        )
        self._extractor = ExtractionPool(
            PoolOptions(
                workers=s.extract_workers,
                timeout_s=s.extract_timeout_s,
                max_memory_mb=s.extract_max_memory_mb,
                inline_max_bytes=s.extract_inline_max_bytes,
            )
        )
        self._extract_options = ExtractOptions(
            include_comments=s.include_comments,
            markdown_links=s.markdown_links,
            markdown_images=s.markdown_images,
        )
        self._limiter = limiter if limiter is not None else _limiter_from(s)
        fetcher = fetcher or GuardedFetcher(self._guard, _fetch_limits(s), pacer=self._limiter)
        self._robots = RobotsChecker(
            fetcher=fetcher,
            limiter=self._limiter,
            store=self._cache if robots_store is None else robots_store,
            options=RobotsOptions(user_agent=s.user_agent, timeout_s=min(s.timeout_s, 10.0)),
        )
        self._reader = PageReader(
            guard=self._guard,
            fetcher=fetcher,
            cache=self._cache,
            limiter=self._limiter,
            robots=self._robots,
            renderer_factory=(lambda: renderer) if renderer is not None else self._chromium,
            options=ReaderOptions(
                render_threshold=s.render_confidence_threshold,
                render_wait=s.render_wait,
                render_timeout_s=s.render_timeout_s,
                fetch_timeout_s=s.timeout_s,
                cache_ttl_s=s.cache_ttl_s,
                max_concurrent_fetches=s.max_concurrent_fetches,
                extract=self._extract_options,
            ),
            extractor=self._extractor,
        )
        self._providers = providers
        self._search_client: httpx.AsyncClient | None = None
        self._orchestrator: SearchOrchestrator | None = None
        self._provider_names: list[str] = []
        self._all_providers: list[SearchProvider] = []
        self._budget_seen: dict[str, tuple[int, int]] = {}
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
        await self._reader.aclose()  # the fetcher, the renderer and the extraction workers
        await self._limiter.aclose()
        if self._search_client is not None:
            await self._search_client.aclose()
        await self._cache.aclose()

    async def readiness(self) -> dict[str, str]:
        """What a readiness probe reports: the cache store and the browser, each "ok" or why not."""
        checks = {"cache": "ok"}
        if self.settings.cache != "none" and not await self._cache.check():
            checks["cache"] = f"{self.settings.cache} store unreachable: serving without it (local limits)"
        try:
            from weblens.render.locate import find_chromium

            find_chromium(self.settings.chromium_path)
            import playwright  # noqa: F401
        except ImportError:
            checks["browser"] = "the render extra is not installed: pip install 'weblens[render]'"
        except RenderFailed as exc:
            checks["browser"] = exc.message
        else:
            checks["browser"] = "ok"
        return checks

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

    # --- extract -----------------------------------------------------------
    async def extract(
        self, request: ExtractRequest | str | bytes | None = None, /, **fields: Any
    ) -> PageExtract:
        """Extract a document given in the call (no network), off the event loop when it is large.

        ``lens.extract(html, url=...)``, ``lens.extract(pdf_bytes)`` or ``lens.extract(ExtractRequest(...))``.
        """
        if isinstance(request, bytes | bytearray):
            data: str | bytes = bytes(request)
            req = ExtractRequest.build(None, **fields)
        else:
            req = ExtractRequest.build(request, **fields)
            data = _document(req)
        options = self._extract_options
        if req.include_comments is not None:
            options = replace(options, include_comments=req.include_comments)
        page = await self._extractor.extract(data, req.url, options)
        return window(page, req.max_length, req.start_index)

    # --- browse ------------------------------------------------------------
    async def browse(self, request: BrowseRequest | str | None = None, /, **fields: Any) -> PageExtract:
        """Read one page: cache, guarded fetch, extract, render when needed (auto, always or never).

        ``lens.browse(url, render="never")`` or ``lens.browse(BrowseRequest(url=url, ...))``.
        """
        req = BrowseRequest.build(request, **fields)
        page = await self._reader.browse(req.url, self._read_call(req))
        return window(page, req.max_length, req.start_index)

    async def browse_queued(self, request: BrowseRequest) -> PageExtract:
        """``browse`` for batch reading: a wait for a site's turn queues, however long, never fails."""
        page = await self._reader.browse(request.url, self._read_call(request, queue=True))
        return window(page, request.max_length, request.start_index)

    @property
    def robots(self) -> RobotsChecker:
        return self._robots

    def _read_call(self, req: BrowseRequest | GatherRequest, *, queue: bool = False) -> ReadCall:
        browse = req if isinstance(req, BrowseRequest) else None
        return ReadCall(
            mode=_mode(req.render, self.settings.render),
            wait=browse.wait if browse else None,
            render_timeout_s=browse.render_timeout_s if browse else None,
            fetch_timeout_s=browse.timeout_s if browse else None,
            refresh=req.refresh,
            include_comments=req.include_comments,
            queue=queue,
            respect_robots=browse.respect_robots if browse else False,
        )

    # --- search ------------------------------------------------------------
    async def search(self, request: SearchRequest | str | None = None, /, **fields: Any) -> SearchResponse:
        """Search through the configured providers, with fallback, a 5-minute cache and an hourly budget."""
        req = SearchRequest.build(request, **fields)
        return await self._search(req)

    async def _search(self, req: SearchRequest) -> SearchResponse:
        q = SearchQuery(
            query=req.query,
            max_results=req.max_results or self.settings.max_results,
            recency_days=req.recency_days,
            site_include=tuple(req.site_include),
            site_exclude=tuple(req.site_exclude),
            language=req.language,
            region=req.region,
        )
        orchestrator, names = self._get_orchestrator(req.providers)
        key = search_key({**_query_fields(q), "providers": names})
        raw = None if req.refresh else await self._cache.get(key)
        if raw is not None:
            log.info("search_cache_hit", query=req.query)
            return SearchResponse.model_validate_json(raw).model_copy(update={"from_cache": True})
        await self._spend_search_budget()
        response = await orchestrator.search(q)
        await self._cache.put(
            key, response.model_dump_json().encode("utf-8"), self.settings.search_cache_ttl_s
        )
        return response

    async def _spend_search_budget(self) -> None:
        limit = self.settings.max_searches_per_hour
        scope = budget_scope.get()
        now = self._clock()
        used = await self._cache.incr(
            budget_key(f"searches:{scope}" if scope else "searches", now, HOUR), HOUR
        )
        self._budget_seen[scope] = (int(now // HOUR), used)
        if used > limit:
            raise BudgetExceeded(
                f"the search budget of {limit} searches per hour is used up (WEBLENS_MAX_SEARCHES_PER_HOUR)",
                retry_after=round(HOUR - now % HOUR, 1),
            )

    def search_budget_left(self, scope: str | None = None) -> int:
        """Searches left in this hour's budget, as this Lens last counted them (other processes may
        have spent some since)."""
        key = budget_scope.get() if scope is None else scope
        window, used = self._budget_seen.get(key, (-1, 0))
        if window != int(self._clock() // HOUR):
            used = 0
        return max(self.settings.max_searches_per_hour - used, 0)

    @property
    def cache(self) -> TolerantCache:
        """The cache store (shared with every replica when it is Redis); also holds counters."""
        return self._cache

    def _get_orchestrator(self, only: Sequence[str] = ()) -> tuple[SearchOrchestrator, list[str]]:
        """The orchestrator over the configured providers, or over ``only`` these (in this order)."""
        if self._orchestrator is None:
            providers = self._providers
            if providers is None:
                self._search_client = new_search_client(self.settings)
                providers = providers_from_settings(self.settings, self._search_client)
            self._all_providers = list(providers)
            self._provider_names = [provider.name for provider in providers]
            self._orchestrator = SearchOrchestrator(providers, timeout_s=self.settings.search_timeout_s)
        if not only or list(only) == self._provider_names:
            return self._orchestrator, self._provider_names
        return self._subset_orchestrator(only), list(only)

    def _subset_orchestrator(self, only: Sequence[str]) -> SearchOrchestrator:
        if self._providers is None:  # built from settings: the named ones, configured or not
            assert self._search_client is not None
            chosen = providers_from_settings(
                self.settings.model_copy(update={"providers": list(only)}), self._search_client
            )
        else:
            by_name = {provider.name: provider for provider in self._all_providers}
            missing = [name for name in only if name not in by_name]
            if missing:
                raise InvalidArgument(f"provider {missing[0]!r} is not available here", field="providers")
            chosen = [by_name[name] for name in only]
        return SearchOrchestrator(chosen, timeout_s=self.settings.search_timeout_s)

    # --- gather ------------------------------------------------------------
    async def gather(self, request: GatherRequest | str | None = None, /, **fields: Any) -> GatherResponse:
        """Search, then read the top ``read`` results (at most 5, 3 at once); failures never sink the rest."""
        req = GatherRequest.build(request, **fields)
        start = time.perf_counter()
        found = await self._search(req)
        count = min(self.settings.gather_read if req.read is None else req.read, MAX_READ)
        outcomes = await read_many(
            self._reader,
            [result.url for result in found.results[:count]],
            self._read_call(req),
            concurrency=self.settings.gather_concurrency,
            deadline_s=self.settings.gather_timeout_s,
        )
        return GatherResponse(
            query=req.query,
            search_results=found.results,
            gathered_pages=[o for o in outcomes if isinstance(o, PageExtract)],
            failures=[o for o in outcomes if isinstance(o, GatherFailure)],
            provider_used=found.provider_used,
            fallback_used=found.fallback_used,
            total_search_time_ms=found.search_time_ms,
            total_gather_time_ms=elapsed_ms(start),
        )


def _document(req: ExtractRequest) -> str | bytes:
    if req.base64 is None:
        return req.html
    if req.html:
        raise InvalidArgument("give html or base64, not both", field="base64")
    try:
        return base64.b64decode(req.base64, validate=True)
    except (binascii.Error, ValueError) as exc:
        raise InvalidArgument(f"base64: not valid base64 ({exc})", field="base64") from None


def _allow_list(entries: Sequence[str]) -> AllowList:
    try:
        return AllowList.parse(entries)
    except ValueError as exc:
        raise InvalidArgument(f"allow_hosts: {exc}", field="allow_hosts") from None


def _cache_from(s: Settings) -> Cache:
    if s.cache == "memory":
        from weblens.cache.memory import MemoryCache

        return MemoryCache(s.cache_max_bytes)
    if s.cache == "sqlite":
        from weblens.cache.sqlite import SQLiteCache

        return SQLiteCache(s.cache_path, s.cache_max_bytes)
    if s.cache == "redis":
        from weblens.cache.redis import RedisCache

        return RedisCache(s.redis_url, timeout_s=s.cache_timeout_s)
    return NullCache()


def _limiter_from(s: Settings) -> SiteLimiter:
    """Per-site limits: shared through Redis when the cache is Redis (every replica), else in-process."""
    pace = Pace(
        per_second=s.per_domain_rate_per_s, burst=s.per_domain_burst, concurrency=s.per_domain_concurrency
    )
    if s.cache == "redis":
        from weblens.net.redis_limits import RedisSiteLimiter

        return RedisSiteLimiter(s.redis_url, pace, timeout_s=s.cache_timeout_s)
    return DomainRateLimiter(pace)


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
