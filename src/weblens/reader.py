"""Reading one page: cache, guarded fetch, extract, render when the result calls for it.

:class:`PageReader` is the browse pipeline the Lens uses for ``browse`` and for each page
of ``gather``. Its edges (fetcher, renderer, cache) are passed in; the decisions (when to
render, which result wins, when the cache may answer) are the pure functions of
:mod:`weblens.escalation`.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from weblens.cache.base import Cache
from weblens.cache.keys import page_key
from weblens.errors import ExtractionFailed, WeblensError
from weblens.escalation import better_result, cache_answers, render_reason
from weblens.extract import ExtractOptions, extract
from weblens.logs import get_logger
from weblens.models import ExtractionMethod, PageExtract, RenderJob, RenderMode, WaitCondition
from weblens.net.guard import Guard
from weblens.net.page import FetchedPage, Fetcher
from weblens.net.ratelimit import DomainRateLimiter
from weblens.render.base import Renderer

__all__ = ["PageReader", "ReaderOptions", "elapsed_ms"]

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
    cache_ttl_s: float = 3600.0
    max_concurrent_fetches: int = 5
    extract: ExtractOptions = field(default_factory=ExtractOptions)


class PageReader:
    def __init__(
        self,
        *,
        guard: Guard,
        fetcher: Fetcher,
        cache: Cache,
        limiter: DomainRateLimiter,
        renderer_factory: Callable[[], Renderer],
        options: ReaderOptions,
    ) -> None:
        self.guard = guard
        self._fetcher = fetcher
        self._cache = cache
        self._limiter = limiter
        self._renderer_factory = renderer_factory
        self._renderer: Renderer | None = None
        self._options = options
        self._fetch_slots = asyncio.Semaphore(options.max_concurrent_fetches)

    async def aclose(self) -> None:
        for part in (self._fetcher, self._renderer):
            closer = getattr(part, "aclose", None)
            if closer is not None:
                await closer()

    # --- the whole pipeline ---------------------------------------------------
    async def browse(
        self,
        url: str,
        mode: RenderMode,
        *,
        wait: Wait = None,
        timeout_s: float | None = None,
        refresh: bool = False,
        include_comments: bool | None = None,
    ) -> PageExtract:
        """``include_comments`` overrides the reader's extraction option for this call (None: keep it)."""
        start = time.perf_counter()
        target = self._checked(url)
        options = self._options.extract
        if include_comments is not None and include_comments != options.include_comments:
            options = dataclasses.replace(options, include_comments=include_comments)
        key = _cache_key(target, options)
        if not refresh and (cached := await self.cached(target, mode, key=key)):
            return cached.model_copy(update={"total_time_ms": elapsed_ms(start)})
        if mode is RenderMode.ALWAYS:
            page, rendered = await self.render(target, wait, timeout_s, options=options), True
        else:
            fetched = await self.http(target, options=options)
            page, rendered = await self.escalate(target, fetched, mode, wait, timeout_s, options=options)
        await self.store(target, page, rendered=rendered, key=key)
        return page.model_copy(update={"total_time_ms": elapsed_ms(start)})

    # --- steps ----------------------------------------------------------------
    def _checked(self, url: str) -> str:
        """The normalised URL, or the guard's refusal (logged like any other fetch error)."""
        try:
            return self.guard.check_url(url).url
        except WeblensError as exc:
            log.warning("fetch_error", url=url, code=exc.code, stage="validate")
            raise

    async def http(self, url: str, *, options: ExtractOptions | None = None) -> PageExtract:
        """Fetch through the guard (rate limit, then a fetch slot) and extract."""
        host = self.guard.check_url(url).host
        await self._limiter.acquire(host)
        async with self._fetch_slots:
            fetched = await self._fetcher.fetch(url)
        return self._extract_fetched(fetched, options or self._options.extract)

    async def escalate(
        self,
        url: str,
        page: PageExtract,
        mode: RenderMode,
        wait: Wait,
        timeout_s: float | None,
        *,
        options: ExtractOptions | None = None,
    ) -> tuple[PageExtract, bool]:
        """Render when ``page`` calls for it and keep the better result; returns (result, rendered)."""
        reason = render_reason(page, mode, self._options.render_threshold)
        if reason is None:
            return page, False
        start = time.perf_counter()
        try:
            rendered = await self.render(url, wait, timeout_s, options=options)
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

    async def render(
        self, url: str, wait: Wait, timeout_s: float | None, *, options: ExtractOptions | None = None
    ) -> PageExtract:
        """Render in the browser and extract the rendered DOM."""
        spec = wait if wait is not None else self._options.render_wait
        condition = WaitCondition.parse(spec) if isinstance(spec, str) else spec
        job = RenderJob(url=url, timeout_s=timeout_s or self._options.render_timeout_s, wait=condition)
        if self._renderer is None:
            self._renderer = self._renderer_factory()
        result = await self._renderer.render(job)
        page = self._extract(result.html, result.final_url, options or self._options.extract)
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

    def _extract_fetched(self, fetched: FetchedPage, options: ExtractOptions) -> PageExtract:
        """Extract by the Content-Type the server sent; a body sent without one is sniffed."""
        declared = fetched.headers.get("content-type") is not None
        if fetched.content_type in _HTML_TYPES:
            source: str | bytes = fetched.text
        elif fetched.content_type == "application/pdf" or not declared:
            source = fetched.body
        else:
            source = fetched.text  # already decoded by the declared charset
        kind = fetched.content_type if declared or fetched.content_type in _HTML_TYPES else None
        page = self._extract(source, fetched.final_url, options, content_type=kind)
        return page.model_copy(
            update={
                "final_url": fetched.final_url,
                "status": fetched.status,
                "content_type": fetched.content_type,
                "fetch_time_ms": round(fetched.elapsed_ms, 2),
            }
        )

    def _extract(
        self, source: str | bytes, url: str, options: ExtractOptions, *, content_type: str | None = None
    ) -> PageExtract:
        try:
            return extract(source, url, content_type=content_type, options=options)
        except ExtractionFailed:
            log.warning("fetch_error", url=url, code=ExtractionFailed.code, stage="extract")
            raise
        except Exception as exc:  # the extractor promises typed errors; keep the process healthy if not
            log.error("fetch_error", url=url, code=ExtractionFailed.code, stage="extract", error=repr(exc))
            raise ExtractionFailed(f"extraction crashed: {exc!r}", url=url) from exc

    # --- the page cache -------------------------------------------------------
    async def cached(self, url: str, mode: RenderMode, *, key: str | None = None) -> PageExtract | None:
        """A cached result that may answer a call in ``mode`` (see escalation.cache_answers)."""
        start = time.perf_counter()
        raw = await self._cache.get(key or _cache_key(url, self._options.extract))
        if raw is None:
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

    async def store(self, url: str, page: PageExtract, *, rendered: bool, key: str | None = None) -> None:
        envelope = {"v": 1, "rendered": rendered, "page": page.model_dump(mode="json")}
        await self._cache.put(
            key or _cache_key(url, self._options.extract),
            json.dumps(envelope).encode("utf-8"),
            self._options.cache_ttl_s,
        )


def _cache_key(url: str, options: ExtractOptions) -> str:
    """Pages extracted with reader comments are cached apart from those without."""
    key = page_key(url)
    return f"{key}:comments" if options.include_comments else key
