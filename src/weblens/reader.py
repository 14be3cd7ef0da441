"""Reading one page: cache, guarded fetch, extract, render when the result calls for it.

:class:`PageReader` is the browse pipeline the Lens uses for ``browse`` and for each page
of ``gather``. Its edges (fetcher, renderer, cache) are passed in; the decisions (when to
render, which result wins, when the cache may answer) are the pure functions of
:mod:`weblens.escalation`.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from weblens.cache.base import Cache
from weblens.cache.keys import page_key
from weblens.crawl.engine import CrawlRead
from weblens.crawl.links import merged
from weblens.crawl.read import CrawledPage, crawl_extract
from weblens.errors import ExtractionFailed, WeblensError
from weblens.escalation import better_result, cache_answers, render_added, render_reason
from weblens.extract import ExtractOptions
from weblens.logs import get_logger
from weblens.models import (
    ExtractionMethod,
    PageExtract,
    RenderJob,
    RenderMode,
    RenderResult,
    WaitCondition,
)
from weblens.net.guard import Guard
from weblens.net.page import FetchedPage, Fetcher
from weblens.net.ratelimit import Pace, SiteLimiter
from weblens.render.base import Renderer
from weblens.robots import RobotsChecker
from weblens.workers import ExtractionPool

__all__ = ["PageReader", "ReadCall", "ReaderOptions", "elapsed_ms"]

log = get_logger("weblens.reader")

Wait = WaitCondition | str | None


def elapsed_ms(start: float) -> float:
    return round((time.perf_counter() - start) * 1000, 2)


_HTML_TYPES = frozenset(("text/html", "application/xhtml+xml"))


@dataclass(frozen=True, kw_only=True)
class ReaderOptions:
    render_threshold: float = 0.5
    render_wait: str = "networkidle:500"
    render_timeout_s: float = 30.0
    fetch_timeout_s: float = 15.0
    cache_ttl_s: float = 3600.0
    max_concurrent_fetches: int = 5
    extract: ExtractOptions = field(default_factory=ExtractOptions)


@dataclass(frozen=True, kw_only=True)
class ReadCall:
    """The choices of one call (from its request model; ``None`` means the reader's option)."""

    mode: RenderMode = RenderMode.AUTO
    wait: Wait = None
    render_timeout_s: float | None = None
    fetch_timeout_s: float | None = None
    refresh: bool = False
    include_comments: bool | None = None
    queue: bool = False
    """Wait for the per-site rate limit however long it takes (batch reading). Otherwise a wait that
    would pass the call's fetch deadline fails at once with ``rate_limited`` and its retry_after."""
    respect_robots: bool = False
    """Read only what the site's robots.txt allows (else ``robots_disallowed``)."""
    crawl_delay_s: float | None = None
    """The site's robots.txt ``Crawl-delay`` (set by :meth:`PageReader.browse` when it is respected)."""
    pace: Pace | None = None
    """A pace of the call's own for each site (a crawl's), instead of the limiter's."""
    follow: Callable[[str], bool] | None = None
    """Which redirect targets the fetch may follow (a crawl's scope); None: any the guard allows."""
    render_gate: Callable[[], bool] | None = None
    """Asked before a page that calls for a render (render auto) is rendered: may it be, now?"""
    render_thin: bool = True
    """With render auto, render a page whose extraction is merely weak (low confidence); False: only a
    page that needs scripts (``js_required``: an application shell, text hidden until a script shows it)."""

    @property
    def variant(self) -> str:
        """What distinguishes this call's cached result from the default one."""
        return "comments" if self.include_comments else ""


class PageReader:
    def __init__(
        self,
        *,
        guard: Guard,
        fetcher: Fetcher,
        cache: Cache,
        limiter: SiteLimiter,
        renderer_factory: Callable[[], Renderer],
        options: ReaderOptions,
        extractor: ExtractionPool | None = None,
        robots: RobotsChecker | None = None,
    ) -> None:
        self._robots = robots
        self.guard = guard
        self._fetcher = fetcher
        self._cache = cache
        self._limiter = limiter
        self._renderer_factory = renderer_factory
        self._renderer: Renderer | None = None
        self._options = options
        self._extractor = extractor or ExtractionPool()
        self._fetch_slots = asyncio.Semaphore(options.max_concurrent_fetches)

    async def aclose(self) -> None:
        for part in (self._fetcher, self._renderer, self._extractor):
            closer = getattr(part, "aclose", None)
            if closer is not None:
                await closer()

    # --- the whole pipeline ---------------------------------------------------
    async def browse(self, url: str, call: ReadCall) -> PageExtract:
        start = time.perf_counter()
        target = self._checked(url)
        if delay := await self.check_robots(target, call):
            call = replace(call, crawl_delay_s=delay)
        if not call.refresh and (cached := await self.cached(target, call)):
            return cached.model_copy(update={"total_time_ms": elapsed_ms(start)})
        if call.mode is RenderMode.ALWAYS:
            page, rendered = await self.render(target, call), True
        else:
            page, rendered = await self.escalate(target, await self.http(target, call), call)
        await self.store(target, page, call, rendered=rendered)
        return page.model_copy(update={"total_time_ms": elapsed_ms(start)})

    # --- steps ----------------------------------------------------------------
    def _checked(self, url: str) -> str:
        """The normalised URL, or the guard's refusal (logged like any other fetch error)."""
        try:
            return self.guard.check_url(url).url
        except WeblensError as exc:
            log.warning("fetch_error", url=url, code=exc.code, stage="validate")
            raise

    async def check_robots(self, url: str, call: ReadCall) -> float | None:
        """``robots_disallowed`` when the call respects robots.txt and the site's file says no; else the
        site's ``Crawl-delay`` for us, if it sets one."""
        if call.respect_robots and self._robots is not None:
            return await self._robots.check(self.guard.check_url(url), queue=call.queue)
        return None

    def _pace(self, call: ReadCall) -> Pace | None:
        """The site's own pace when its robots.txt asks for a ``Crawl-delay`` (else the limiter's)."""
        pace = call.pace or self._limiter.pace
        return pace.at_most_every(call.crawl_delay_s) if call.crawl_delay_s else call.pace

    async def http(self, url: str, call: ReadCall) -> PageExtract:
        """Fetch through the guard (a place among the site's requests, its turn, a fetch slot) and extract."""
        return await self._extract_fetched(await self.fetch_raw(url, call), call)

    async def fetch_raw(self, url: str, call: ReadCall) -> FetchedPage:
        """The guarded, paced fetch of ``url`` (what :meth:`http` extracts; the data operation reads
        the raw page)."""
        site = self.guard.check_url(url).authority
        deadline = call.fetch_timeout_s or self._options.fetch_timeout_s
        max_wait = None if call.queue else deadline
        async with self._limiter.slot(site, max_wait_s=max_wait, hold_s=deadline + 10):
            await self._limiter.acquire(site, max_wait_s=max_wait, pace=self._pace(call))
            async with self._fetch_slots:
                return await self._fetcher.fetch(url, timeout_s=call.fetch_timeout_s, follow=call.follow)

    async def escalate(self, url: str, page: PageExtract, call: ReadCall) -> tuple[PageExtract, bool]:
        """Render when ``page`` calls for it and keep the better result; returns (result, rendered)."""
        reason = render_reason(page, call.mode, self._options.render_threshold)
        if reason is None:
            return page, False
        start = time.perf_counter()
        try:
            rendered = await self.render(url, call)
        except WeblensError as exc:
            log.warning(
                "render_fallback", url=url, reason=reason, ms=elapsed_ms(start), outcome=f"error:{exc.code}"
            )
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
        log.info("render_fallback", url=url, reason=reason, ms=elapsed_ms(start), outcome=best.outcome.value)
        return best, True

    async def render(self, url: str, call: ReadCall) -> PageExtract:
        """Render in the browser and extract the rendered DOM."""
        return await self.extract_rendered(await self.render_raw(url, call), call)

    async def render_raw(self, url: str, call: ReadCall) -> RenderResult:
        """Render in the browser (guarded, paced): the rendered DOM, not yet extracted."""
        spec = call.wait if call.wait is not None else self._options.render_wait
        condition = WaitCondition.parse(spec) if isinstance(spec, str) else spec
        timeout_s = call.render_timeout_s or self._options.render_timeout_s
        job = RenderJob(url=url, timeout_s=timeout_s, wait=condition)
        if self._renderer is None:
            self._renderer = self._renderer_factory()
        site = self.guard.check_url(url).authority
        max_wait = None if call.queue else timeout_s
        async with self._limiter.slot(site, max_wait_s=max_wait, hold_s=timeout_s + 10):
            await self._limiter.acquire(site, max_wait_s=max_wait, pace=self._pace(call))  # the page's own
            return await self._renderer.render(job)

    async def extract_rendered(self, result: RenderResult, call: ReadCall) -> PageExtract:
        """A rendered DOM (a render job's, or a browsing session's) through the extraction pipeline."""
        page = await self._extract(result.html, result.final_url, call)
        return page.model_copy(
            update={
                "final_url": result.final_url,
                "status": result.status,
                "content_type": result.content_type,
                "title": page.title or result.title or None,
                "extraction_method": ExtractionMethod.RENDER,
                "fetch_time_ms": round(result.elapsed_ms, 2),
            }
        )

    async def _extract_fetched(self, fetched: FetchedPage, call: ReadCall) -> PageExtract:
        """Extract by the Content-Type the server sent; a body sent without one is sniffed."""
        declared = fetched.headers.get("content-type") is not None
        if fetched.content_type in _HTML_TYPES:
            source: str | bytes = fetched.text
        elif fetched.content_type == "application/pdf" or not declared:
            source = fetched.body
        else:
            source = fetched.text  # already decoded by the declared charset
        kind = fetched.content_type if declared or fetched.content_type in _HTML_TYPES else None
        page = await self._extract(source, fetched.final_url, call, content_type=kind)
        return page.model_copy(
            update={
                "final_url": fetched.final_url,
                "status": fetched.status,
                "content_type": fetched.content_type,
                "fetch_time_ms": round(fetched.elapsed_ms, 2),
            }
        )

    def extract_options(self, call: ReadCall) -> ExtractOptions:
        if call.include_comments is None or call.include_comments == self._options.extract.include_comments:
            return self._options.extract
        return replace(self._options.extract, include_comments=call.include_comments)

    async def _extract(
        self, source: str | bytes, url: str, call: ReadCall, *, content_type: str | None = None
    ) -> PageExtract:
        try:
            return await self._extractor.extract(
                source, url, self.extract_options(call), content_type=content_type
            )
        except ExtractionFailed:
            log.warning("fetch_error", url=url, code=ExtractionFailed.code, stage="extract")
            raise
        except Exception as exc:  # the extractor promises typed errors; keep the process healthy if not
            log.error("fetch_error", url=url, code=ExtractionFailed.code, stage="extract", error=repr(exc))
            raise ExtractionFailed(f"extraction crashed: {exc!r}", url=url) from exc

    # --- reading for a crawl ---------------------------------------------------
    async def crawl_read(self, url: str, call: ReadCall, *, keep_body: bool = False) -> CrawlRead:
        """``browse`` for a crawl: never from the cache (a crawl wants the links, which the cache does
        not keep), the result stored in it (so ``browse`` of a crawled page needs no fetch); the
        links and the text's fingerprint come with the extract."""
        target = self._checked(url)
        if delay := await self.check_robots(target, call):
            call = replace(call, crawl_delay_s=delay)
        if call.mode is RenderMode.ALWAYS:
            read, rendered = await self._crawl_render(target, call), True
        else:
            fetched = await self.fetch_raw(target, call)
            read, rendered = await self._crawl_fetched(fetched, call, keep_body=keep_body), False
            reason = render_reason(read.page, call.mode, self._options.render_threshold)
            if reason == "low_confidence" and not call.render_thin:
                reason = None
            if reason is not None and (call.render_gate is None or call.render_gate()):
                read, rendered = await self._crawl_escalate(target, read, call)
        await self.store(target, read.page, call, rendered=rendered)
        return read

    async def _crawl_fetched(self, fetched: FetchedPage, call: ReadCall, *, keep_body: bool) -> CrawlRead:
        declared = fetched.headers.get("content-type") is not None
        html = fetched.content_type in _HTML_TYPES
        source: str | bytes = (
            fetched.text if html or (declared and fetched.content_type != "application/pdf") else fetched.body
        )
        kind = fetched.content_type if declared or html else None
        crawled = await self._run_crawl_extract(source, fetched.final_url, call, content_type=kind, html=html)
        page = crawled.page.model_copy(
            update={
                "final_url": fetched.final_url,
                "status": fetched.status,
                "content_type": fetched.content_type,
                "fetch_time_ms": round(fetched.elapsed_ms, 2),
            }
        )
        return CrawlRead(
            page=page,
            links=crawled.links,
            fingerprint=crawled.fingerprint,
            body=source if keep_body and html else None,
            is_html=html,
        )

    async def _crawl_render(self, url: str, call: ReadCall) -> CrawlRead:
        result = await self.render_raw(url, call)
        crawled = await self._run_crawl_extract(
            result.html, result.final_url, call, content_type=None, html=True
        )
        page = crawled.page.model_copy(
            update={
                "final_url": result.final_url,
                "status": result.status,
                "content_type": result.content_type,
                "title": crawled.page.title or result.title or None,
                "extraction_method": ExtractionMethod.RENDER,
                "fetch_time_ms": round(result.elapsed_ms, 2),
            }
        )
        return CrawlRead(page=page, links=crawled.links, fingerprint=crawled.fingerprint, body=result.html)

    async def _crawl_escalate(self, url: str, read: CrawlRead, call: ReadCall) -> tuple[CrawlRead, bool]:
        """Render a page that calls for it; keep the better result, and the rendered page's links (a
        script may add them) with the HTTP page's; say whether rendering added anything."""
        try:
            rendered = await self._crawl_render(url, call)
        except WeblensError as exc:
            warning = f"{exc.code}: rendering failed ({exc.message}); returned the HTTP result"
            page = read.page.model_copy(update={"warnings": [*read.page.warnings, warning]})
            return replace(read, page=page, render_gain=False), False
        links = merged(rendered.links, read.links)
        gain = render_added(read.page, rendered.page)
        if better_result(read.page, rendered.page) is rendered.page:
            page = rendered.page.model_copy(
                update={"status": read.page.status, "content_type": read.page.content_type}
            )
            return replace(rendered, page=page, links=links, render_gain=gain), True
        return replace(read, links=links, render_gain=gain), True

    async def _run_crawl_extract(
        self, source: str | bytes, url: str, call: ReadCall, *, content_type: str | None, html: bool
    ) -> CrawledPage:
        try:
            return await self._extractor.run(
                crawl_extract, source, url, self.extract_options(call), content_type=content_type, html=html
            )
        except ExtractionFailed:
            log.warning("fetch_error", url=url, code=ExtractionFailed.code, stage="extract")
            raise
        except Exception as exc:
            log.error("fetch_error", url=url, code=ExtractionFailed.code, stage="extract", error=repr(exc))
            raise ExtractionFailed(f"extraction crashed: {exc!r}", url=url) from exc

    # --- the page cache -------------------------------------------------------
    async def cached(self, url: str, call: ReadCall) -> PageExtract | None:
        """A cached result that may answer ``call`` (see escalation.cache_answers)."""
        start = time.perf_counter()
        mode = call.mode
        raw = await self._cache.get(page_key(url, call.variant))
        if raw is None:
            log.debug("cache_miss", url=url)
            return None
        try:
            envelope = json.loads(raw)
            page = PageExtract.model_validate(envelope["page"])
            rendered = bool(envelope.get("rendered"))
        except (ValueError, KeyError, TypeError):
            return None
        if not cache_answers(page, rendered=rendered, mode=mode, threshold=self._options.render_threshold):
            return None
        log.info("cache_hit", url=url, ms=elapsed_ms(start))
        return page.model_copy(update={"from_cache": True, "fetch_time_ms": 0.0, "extraction_time_ms": 0.0})

    async def store(self, url: str, page: PageExtract, call: ReadCall, *, rendered: bool) -> None:
        envelope = {"v": 1, "rendered": rendered, "page": page.model_dump(mode="json")}
        key = page_key(url, call.variant)
        await self._cache.put(key, json.dumps(envelope).encode("utf-8"), self._options.cache_ttl_s)
