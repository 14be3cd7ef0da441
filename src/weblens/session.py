"""Lens: the one object that composes fetching, extraction, rendering, caching and search.

    async with Lens() as lens:
        page = await lens.browse("https://example.org/article")
        hits = await lens.search("python asyncio tutorial")
        sources = await lens.gather("python asyncio tutorial", read=3)

Every edge is injectable (resolver, fetcher, renderer, cache, providers) so tests
run real components on loopback and fakes only where the world cannot be
reached; by default everything is built from :class:`~weblens.config.Settings`.
"""

from __future__ import annotations

import asyncio
import html
import json
import time
from collections.abc import Callable, Sequence
from types import TracebackType
from typing import Any, Self

import structlog

from weblens.cache.base import Cache, NullCache
from weblens.cache.keys import budget_key, page_key, search_key
from weblens.config import Settings
from weblens.errors import BudgetExceeded, ExtractionFailed, RenderFailed, WeblensError
from weblens.escalation import better_result, cache_answers, render_reason
from weblens.extract import ExtractOptions, extract
from weblens.logs import route_through_stdlib
from weblens.models import (
    ExtractionMethod,
    GatherFailure,
    GatherResponse,
    Outcome,
    PageExtract,
    RenderJob,
    RenderMode,
    SearchResponse,
    WaitCondition,
)
from weblens.net.fetch import FetchLimits, GuardedFetcher
from weblens.net.guard import Guard
from weblens.net.page import FetchedPage, Fetcher
from weblens.net.policy import AllowList
from weblens.net.ratelimit import DomainRateLimiter
from weblens.net.resolver import Resolver, SystemResolver
from weblens.render.base import Renderer
from weblens.search.base import SearchProvider, SearchQuery
from weblens.search.factory import new_search_client, providers_from_settings
from weblens.search.orchestrator import SearchOrchestrator

__all__ = ["Lens"]

log = structlog.get_logger("weblens.session")

HOUR = 3600.0
MAX_READ = 5


def _ms(start: float) -> float:
    return round((time.perf_counter() - start) * 1000, 2)


def _as_mode(value: RenderMode | str | None, default: str) -> RenderMode:
    return RenderMode(value if value is not None else default)


def _plain_text_page(text: str) -> str:
    """Wrap a text/plain body as HTML paragraphs so the extractor can read it."""
    blocks = [b.strip() for b in text.replace("\r\n", "\n").split("\n\n")]
    return "<html><body>" + "".join(f"<p>{html.escape(b)}</p>" for b in blocks if b) + "</body></html>"


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
        route_through_stdlib()
        self.settings = settings or Settings()
        s = self.settings
        self._clock = clock
        self._guard = Guard(resolver or SystemResolver(), AllowList.parse(s.allow_hosts))
        self._fetcher = fetcher or GuardedFetcher(
            self._guard,
            FetchLimits(
                max_bytes=s.max_download_bytes,
                timeout_s=s.timeout_s,
                max_redirects=s.max_redirects,
                retries=s.fetch_retries,
                retry_backoff_s=s.retry_backoff_s,
                user_agent=s.user_agent,
            ),
        )
        self._renderer = renderer
        self._cache: Cache = cache if cache is not None else self._default_cache()
        self._fetch_slots = asyncio.Semaphore(s.max_concurrent_fetches)
        self._limiter = DomainRateLimiter(s.per_domain_rate_limit)
        self._extract_options = ExtractOptions(
            include_comments=s.include_comments,
            markdown_links=s.markdown_links,
            markdown_images=s.markdown_images,
        )
        self._providers = providers
        self._search_client: Any = None
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
        if self._closed:
            return
        self._closed = True
        closers: list[Any] = [self._fetcher, self._renderer, self._search_client, self._cache]
        for closer in closers:
            if closer is not None and hasattr(closer, "aclose"):
                await closer.aclose()

    def _default_cache(self) -> Cache:
        s = self.settings
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

    # --- browse ------------------------------------------------------------
    async def browse(
        self,
        url: str,
        render: RenderMode | str | None = None,
        *,
        wait: WaitCondition | str | None = None,
        render_timeout_s: float | None = None,
        refresh: bool = False,
    ) -> PageExtract:
        """Read one page: cache, guarded fetch, extract, render when needed."""
        start = time.perf_counter()
        mode = _as_mode(render, self.settings.render)
        target = self._guard.check_url(url)
        if not refresh and (cached := await self._cached_page(target.url, mode)):
            return cached.model_copy(update={"total_time_ms": _ms(start)})
        page, rendered = await self._read(target.url, mode, wait, render_timeout_s)
        await self._store_page(target.url, page, rendered=rendered)
        return page.model_copy(update={"total_time_ms": _ms(start)})

    async def _read(
        self, url: str, mode: RenderMode, wait: WaitCondition | str | None, timeout_s: float | None
    ) -> tuple[PageExtract, bool]:
        """HTTP first (unless ``always``), then render when the result calls for it."""
        if mode is RenderMode.ALWAYS:
            rendered = await self._render_page(url, wait, timeout_s)
            return rendered, True
        page = await self._http_page(url)
        return await self._escalate(url, page, mode, wait, timeout_s)

    async def _escalate(
        self,
        url: str,
        page: PageExtract,
        mode: RenderMode,
        wait: WaitCondition | str | None,
        timeout_s: float | None,
    ) -> tuple[PageExtract, bool]:
        reason = render_reason(page, mode, self.settings.render_confidence_threshold)
        if reason is None:
            return page, False
        start = time.perf_counter()
        try:
            rendered = await self._render_page(url, wait, timeout_s)
        except WeblensError as exc:
            log.warning("render_fallback", url=url, reason=reason, ms=_ms(start), outcome=f"error:{exc.code}")
            warning = f"{exc.code}: rendering failed ({exc.message}); returned the HTTP result"
            return page.model_copy(update={"warnings": [*page.warnings, warning]}), False
        best = better_result(page, rendered)
        if best is rendered:
            best = rendered.model_copy(
                update={
                    "status": page.status,
                    "content_type": page.content_type,
                    "fetch_time_ms": round(page.fetch_time_ms + rendered.fetch_time_ms, 2),
                }
            )
        log.info("render_fallback", url=url, reason=reason, ms=_ms(start), outcome=best.outcome.value)
        return best, True

    async def _http_page(self, url: str) -> PageExtract:
        fetched = await self._fetch(url)
        return self._extract_fetched(fetched)

    async def _fetch(self, url: str) -> FetchedPage:
        host = self._guard.check_url(url).host
        await self._limiter.acquire(host)
        async with self._fetch_slots:
            return await self._fetcher.fetch(url)

    def _extract_fetched(self, fetched: FetchedPage) -> PageExtract:
        is_text = fetched.content_type == "text/plain"
        source = _plain_text_page(fetched.text) if is_text else fetched.text
        page = self._extract(source, fetched.final_url)
        update: dict[str, Any] = {
            "final_url": fetched.final_url,
            "status": fetched.status,
            "content_type": fetched.content_type,
            "fetch_time_ms": round(fetched.elapsed_ms, 2),
        }
        if is_text:
            update["outcome"] = Outcome.NOT_HTML
        return page.model_copy(update=update)

    def _extract(self, source: str | bytes, url: str) -> PageExtract:
        try:
            return extract(source, url, options=self._extract_options)
        except ExtractionFailed:
            log.warning("fetch_error", url=url, code=ExtractionFailed.code, stage="extract")
            raise
        except Exception as exc:  # the extractor promises typed errors; keep the process healthy if not
            log.error("fetch_error", url=url, code=ExtractionFailed.code, stage="extract", error=repr(exc))
            raise ExtractionFailed(f"extraction crashed: {exc!r}", url=url) from exc

    async def _render_page(
        self, url: str, wait: WaitCondition | str | None, timeout_s: float | None
    ) -> PageExtract:
        renderer = self._get_renderer()
        spec = wait if wait is not None else self.settings.render_wait
        condition = WaitCondition.parse(spec) if isinstance(spec, str) else spec
        job = RenderJob(url=url, timeout_s=timeout_s or self.settings.render_timeout_s, wait=condition)
        result = await renderer.render(job)
        page = self._extract(result.html, result.final_url)
        return page.model_copy(
            update={
                "final_url": result.final_url,
                "title": page.title or result.title or None,
                "extraction_method": ExtractionMethod.RENDER,
                "fetch_time_ms": round(result.elapsed_ms, 2),
            }
        )

    def _get_renderer(self) -> Renderer:
        if self._renderer is None:
            try:
                from weblens.render.chromium import ChromiumRenderer
                from weblens.render.options import RenderOptions
            except ImportError as exc:
                raise RenderFailed("rendering needs: pip install 'weblens[render]'") from exc
            s = self.settings
            self._renderer = ChromiumRenderer(
                self._guard,
                RenderOptions(
                    chromium_path=s.chromium_path,
                    max_concurrency=s.render_concurrency,
                    idle_close_s=s.render_idle_close_s,
                    block_resources=s.render_block_resources,
                    user_agent=s.user_agent,
                ),
            )
        return self._renderer

    # --- page cache ----------------------------------------------------------
    async def _cached_page(self, url: str, mode: RenderMode) -> PageExtract | None:
        start = time.perf_counter()
        raw = await self._cache_get(page_key(url))
        if raw is None:
            return None
        try:
            envelope = json.loads(raw)
            page = PageExtract.model_validate(envelope["page"])
            rendered = bool(envelope.get("rendered"))
        except (ValueError, KeyError, TypeError):
            return None
        if not cache_answers(
            page, rendered=rendered, mode=mode, threshold=self.settings.render_confidence_threshold
        ):
            return None
        log.info("cache_hit", url=url, ms=_ms(start))
        return page.model_copy(update={"from_cache": True, "fetch_time_ms": 0.0, "extraction_time_ms": 0.0})

    async def _store_page(self, url: str, page: PageExtract, *, rendered: bool) -> None:
        envelope = {"v": 1, "rendered": rendered, "page": page.model_dump(mode="json")}
        await self._cache_put(page_key(url), json.dumps(envelope).encode("utf-8"), self.settings.cache_ttl_s)

    async def _cache_get(self, key: str) -> bytes | None:
        try:
            return await self._cache.get(key)
        except Exception as exc:  # a broken cache slows us down, it never fails a read
            log.warning("cache_error", op="get", error=repr(exc))
            return None

    async def _cache_put(self, key: str, value: bytes, ttl_s: float) -> None:
        try:
            await self._cache.put(key, value, ttl_s)
        except Exception as exc:
            log.warning("cache_error", op="put", error=repr(exc))

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
        """Search through the configured providers, with fallback, cache and budget."""
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
        raw = None if refresh else await self._cache_get(key)
        if raw is not None:
            log.info("search_cache_hit", query=query)
            return SearchResponse.model_validate_json(raw).model_copy(update={"from_cache": True})
        await self._spend_search_budget()
        response = await orchestrator.search(q)
        await self._cache_put(
            key, response.model_dump_json().encode("utf-8"), self.settings.search_cache_ttl_s
        )
        return response

    async def _spend_search_budget(self) -> None:
        limit = self.settings.max_searches_per_hour
        key = budget_key("searches", self._clock(), HOUR)
        try:
            used = await self._cache.incr(key, HOUR)
        except Exception as exc:
            log.warning("cache_error", op="incr", error=repr(exc))
            return
        if used > limit:
            raise BudgetExceeded(
                f"search budget of {limit} searches per hour is used up (WEBLENS_MAX_SEARCHES_PER_HOUR)"
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
        """Search, then read the top ``read`` results (3 at a time); one failure never sinks the batch."""
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
        urls = [result.url for result in found.results[:count]]
        outcomes = await self._read_many(urls, _as_mode(render, self.settings.render), refresh=refresh)
        pages = [o for o in outcomes if isinstance(o, PageExtract)]
        failures = [o for o in outcomes if isinstance(o, GatherFailure)]
        return GatherResponse(
            query=query,
            search_results=found.results,
            gathered_pages=pages,
            failures=failures,
            provider_used=found.provider_used,
            fallback_used=found.fallback_used,
            total_search_time_ms=found.search_time_ms,
            total_gather_time_ms=_ms(start),
        )

    async def _read_many(
        self, urls: Sequence[str], mode: RenderMode, *, refresh: bool = False
    ) -> list[PageExtract | GatherFailure]:
        """HTTP for all first (``gather_concurrency`` at a time), then rendering for those that need it."""
        slots = asyncio.Semaphore(self.settings.gather_concurrency)
        first = await asyncio.gather(*(self._gather_http(url, mode, slots, refresh) for url in urls))
        return list(
            await asyncio.gather(
                *(self._gather_finish(url, mode, got) for url, got in zip(urls, first, strict=True))
            )
        )

    async def _gather_http(
        self, url: str, mode: RenderMode, slots: asyncio.Semaphore, refresh: bool
    ) -> PageExtract | GatherFailure | None:
        """Phase one: a cached answer, the HTTP extraction, a failure, or None (render only)."""
        async with slots:
            try:
                target = self._guard.check_url(url)
                if not refresh and (cached := await self._cached_page(target.url, mode)):
                    return cached
                if mode is RenderMode.ALWAYS:
                    return None
                return await self._http_page(target.url)
            except WeblensError as exc:
                return _failure(url, exc)

    async def _gather_finish(
        self, url: str, mode: RenderMode, got: PageExtract | GatherFailure | None
    ) -> PageExtract | GatherFailure:
        """Phase two: render where needed (the renderer bounds its own concurrency), then cache."""
        if isinstance(got, GatherFailure) or (got is not None and got.from_cache):
            return got if isinstance(got, GatherFailure) else _usable(url, got)
        try:
            target = self._guard.check_url(url).url
            if got is None:
                page, rendered = await self._render_page(target, None, None), True
            else:
                page, rendered = await self._escalate(target, got, mode, None, None)
            if rendered:
                log.info("search_render_fallback", url=url, outcome=page.outcome.value)
        except WeblensError as exc:
            return _failure(url, exc)
        await self._store_page(target, page, rendered=rendered)
        return _usable(url, page)


def _query_fields(q: SearchQuery) -> dict[str, object]:
    return {
        "query": q.query,
        "max_results": q.max_results,
        "recency_days": q.recency_days,
        "site_include": list(q.site_include),
        "site_exclude": list(q.site_exclude),
        "language": q.language,
        "region": q.region,
    }


def _stage(exc: WeblensError) -> str:
    if isinstance(exc, ExtractionFailed):
        return "extract"
    if exc.code.startswith("render"):
        return "render"
    return "fetch"


def _failure(url: str, exc: WeblensError) -> GatherFailure:
    log.warning("search_error", provider=None, stage=_stage(exc), attempts=1, error=exc.code, url=url)
    return GatherFailure(url=url, code=exc.code, message=exc.message)


def _usable(url: str, page: PageExtract) -> PageExtract | GatherFailure:
    """A page with nothing to cite (an anti-bot wall, an empty shell) is reported as a failure."""
    if page.outcome is Outcome.CHALLENGE:
        return _failure(url, ExtractionFailed("anti-bot challenge page, no content", url=url))
    if not page.text.strip():
        return _failure(url, ExtractionFailed("no readable text on the page", url=url))
    return page
