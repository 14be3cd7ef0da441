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

import asyncio
import contextlib
import math
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextvars import ContextVar
from dataclasses import replace
from pathlib import Path
from types import TracebackType
from typing import Any, Self

import httpx

from weblens.browser import BrowsingSession, SessionOptions, SessionRegistry, default_replica
from weblens.browser.dispatch import SnapshotRequest, act
from weblens.cache.base import Cache, NullCache
from weblens.cache.keys import search_key
from weblens.cache.tiered import TieredCache
from weblens.cache.tolerant import TolerantCache
from weblens.cache.window import Window, seconds_until_room, spend
from weblens.config import Settings
from weblens.crawl.engine import CrawlRead
from weblens.crawl.sitemaps import MAX_SITEMAP_BYTES
from weblens.crawling import (
    CrawlOutputs,
    PageRead,
    SiteTools,
    follows,
    run_crawl,
    run_map,
    scope_of,
    start_of,
)
from weblens.data import DataOptions, as_json_schema, read_schema
from weblens.data.run import DataTools, StructuredAsk, read_data, read_document
from weblens.data.run import Document as DataDocument
from weblens.errors import (
    BudgetExceeded,
    InvalidArgument,
    NotConfigured,
    RenderFailed,
    WeblensError,
)
from weblens.escalation import render_reason
from weblens.extracting import extract_document, extract_options, pool_options
from weblens.gathering import ResultHook, read_many
from weblens.logs import get_logger
from weblens.models import (
    Answer,
    CrawlCounts,
    CrawlLine,
    CrawlSummary,
    DataResult,
    GatherFailure,
    GatherResponse,
    MapResult,
    PageEvent,
    PageExtract,
    Passage,
    ProgressEvent,
    RenderMode,
    RenderResult,
    SearchResponse,
    SessionClosed,
    Snapshot,
    Stage,
)
from weblens.net.fetch import FetchLimits, GuardedFetcher
from weblens.net.guard import Guard
from weblens.net.page import Fetcher
from weblens.net.policy import AllowList
from weblens.net.ratelimit import DomainRateLimiter, Pace, SiteLimiter
from weblens.net.resolver import Resolver, SystemResolver
from weblens.paging import window
from weblens.reader import PageReader, ReadCall, ReaderOptions, elapsed_ms
from weblens.render.base import Renderer
from weblens.render.options import RenderOptions
from weblens.requests import (
    MAX_READ,
    AnswerRequest,
    BrowseRequest,
    CrawlRequest,
    DataRequest,
    ExtractRequest,
    GatherRequest,
    MapRequest,
    RespondRequest,
    SearchRequest,
    SessionCloseRequest,
    SessionOpenRequest,
    SessionReadRequest,
)
from weblens.research.answer import AnswerOptions, AnswerPipeline, AnswerTools, ProgressCallback
from weblens.research.embed import CachedEmbedder, Embedder, LocalEmbedder, LocalOptions, RemoteEmbedder
from weblens.research.llm import ChatModel, OpenAIChat
from weblens.research.rank import Ranking, RankOptions, default_embedder, rank_detailed
from weblens.research.respond import Responder, RespondTools
from weblens.robots import RobotsChecker, RobotsOptions
from weblens.search.base import SearchProvider, SearchQuery
from weblens.search.factory import new_search_client, providers_from_settings
from weblens.search.orchestrator import SearchOrchestrator
from weblens.workers import ExtractionPool

__all__ = ["MAX_READ", "Lens", "PageCallback", "budget_scope"]

log = get_logger("weblens.session")

HOUR = 3600.0
SITEMAP_TIMEOUT_S = 30.0
SITEMAP_TYPES = (
    "application/xml",
    "text/xml",
    "application/gzip",
    "application/x-gzip",
    "application/octet-stream",
    "text/plain",
    "application/rss+xml",
    "application/atom+xml",
)
"""What a sitemap is served as: XML (or a feed), gzipped XML, or a plain list of URLs."""

PageCallback = Callable[[PageEvent], None]
"""Told of each page of a gather as soon as it is read or has failed."""

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
        llm: ChatModel | None = None,
        embedder: Embedder | None = None,
        clock: Callable[[], float] = time.time,
        limiter: SiteLimiter | None = None,
        robots_store: Cache | None = None,
    ) -> None:
        self.settings = s = settings or Settings()
        self._clock = clock
        self._guard = Guard(resolver or SystemResolver(), _allow_list(s.allow_hosts))
        self._cache = TolerantCache(
            cache if cache is not None else _cache_from(s), timeout_s=s.cache_timeout_s
        )
        self._pages: Cache = self._cache
        if s.cache in ("sqlite", "redis") and cache is None:  # hot pages from memory, shared store behind
            self._pages = TieredCache(self._cache, near_bytes=s.cache_near_bytes)
        self._extractor = ExtractionPool(pool_options(s))
        self._extract_options = extract_options(s)
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
            cache=self._pages,
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
        self._budget_seen: dict[str, Window] = {}
        self._llm = llm if llm is not None else _llm_from(s)
        self._embedder = embedder if embedder is not None else _embedder_from(s)
        self._sessions: SessionRegistry | None = None
        self._sitemaps: GuardedFetcher | None = None
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
        if self._sessions is not None:
            await self._sessions.aclose()  # every browsing session and their browser
        await self._reader.aclose()  # the fetcher, the renderer and the extraction workers
        if self._sitemaps is not None:
            await self._sitemaps.aclose()
        await self._limiter.aclose()
        if self._search_client is not None:
            await self._search_client.aclose()
        if isinstance(self._llm, OpenAIChat):
            await self._llm.aclose()
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
            data: str | bytes | None = bytes(request)
            req = ExtractRequest.build(None, **fields)
        else:
            req, data = ExtractRequest.build(request, **fields), None
        return await extract_document(
            req,
            data,
            extractor=self._extractor,
            options=self._extract_options,
            max_bytes=self.settings.max_download_bytes,
        )

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
        raw = None if req.refresh else await self._pages.get(key)
        if raw is not None:
            log.info("search_cache_hit", query=req.query)
            return SearchResponse.model_validate_json(raw).model_copy(update={"from_cache": True})
        await self._spend_search_budget()
        response = await orchestrator.search(q)
        await self._pages.put(
            key, response.model_dump_json().encode("utf-8"), self.settings.search_cache_ttl_s
        )
        return response

    async def _spend_search_budget(self) -> None:
        limit = self.settings.max_searches_per_hour
        scope = budget_scope.get()
        window = await spend(self._cache, f"searches:{scope}" if scope else "searches", self._clock(), HOUR)
        self._budget_seen[scope] = window
        if window.used > limit:
            raise BudgetExceeded(
                f"the search budget of {limit} searches per hour is used up (WEBLENS_MAX_SEARCHES_PER_HOUR)",
                retry_after=seconds_until_room(window, limit),
            )

    def search_budget_left(self, scope: str | None = None) -> int:
        """Searches left in the budget of the last hour (a sliding window), as this Lens last counted
        them (other processes may have spent some since)."""
        key = budget_scope.get() if scope is None else scope
        window = self._budget_seen.get(key)
        used = window.at(self._clock()) if window is not None else 0.0
        return max(math.floor(self.settings.max_searches_per_hour - used + 1e-9), 0)

    def provider_status(self) -> list[tuple[str, bool]]:
        """The search providers in the order they are asked, each with whether it is configured
        (``not_configured`` when the provider order names an unknown provider)."""
        self._get_orchestrator()
        return [(provider.name, provider.is_configured()) for provider in self._all_providers]

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
    async def gather(
        self,
        request: GatherRequest | str | None = None,
        /,
        *,
        on_progress: ProgressCallback | None = None,
        on_page: PageCallback | None = None,
        **fields: Any,
    ) -> GatherResponse:
        """Search, then read the top ``read`` results (at most :data:`MAX_READ`, a few at once under
        one deadline); failures never sink the rest.

        ``on_page`` hears of each result as soon as it is read or has failed (a :class:`PageEvent`),
        ``on_progress`` of each step (``ProgressEvent`` with stage ``search``, ``read``, ``rank``).
        """
        req = GatherRequest.build(request, **fields)
        start = time.perf_counter()
        progress = _Progress(start, on_progress)
        count = min(self.settings.gather_read if req.read is None else req.read, MAX_READ)
        progress.tell("search", f"Searching for: {req.query}")
        found = await self._search(_asking_for(req, count, self.settings.max_results))
        urls = [result.url for result in found.results[:count]]
        progress.tell("read", f"Reading {len(urls)} of {len(found.results)} results", 0, len(urls))
        outcomes = await read_many(
            self._reader,
            urls,
            self._read_call(req),
            concurrency=self.settings.gather_concurrency,
            deadline_s=self.settings.gather_timeout_s,
            on_result=_page_events(urls, progress, on_page),
        )
        pages = [o for o in outcomes if isinstance(o, PageExtract)]
        passages: list[Passage] = []
        if req.passages and pages:
            progress.tell("rank", f"Ranking the passages of {len(pages)} page(s)")
            ranking = await asyncio.to_thread(self.rank_passages, req.query, pages, req.passages)
            passages = ranking.passages
        return GatherResponse(
            query=req.query,
            search_results=found.results,
            gathered_pages=pages,
            failures=[o for o in outcomes if isinstance(o, GatherFailure)],
            provider_used=found.provider_used,
            fallback_used=found.fallback_used,
            total_search_time_ms=found.search_time_ms,
            total_gather_time_ms=elapsed_ms(start),
            passages=passages,
        )

    # --- research ----------------------------------------------------------
    def rank_passages(
        self,
        query: str,
        pages: Sequence[PageExtract],
        top_k: int = 8,
        ranker: str = "auto",
        warn: Callable[[str], None] | None = None,
    ) -> Ranking:
        """:func:`weblens.rank` with this Lens's embedder (synchronous: CPU work, call it in a thread)."""
        if self._embedder is None:
            if ranker in ("embed", "hybrid"):
                raise InvalidArgument(
                    f"ranker {ranker!r} needs an embedder; the embedder setting is none", field="ranker"
                )
            ranker = "bm25"
        return rank_detailed(
            query,
            pages,
            top_k=top_k,
            ranker=ranker,
            embedder=self._embedder,
            options=RankOptions(),
            warn=warn,
        )

    async def answer(
        self,
        request: AnswerRequest | str | None = None,
        /,
        *,
        on_progress: ProgressCallback | None = None,
        **fields: Any,
    ) -> Answer:
        """Answer a question from the web with verified citations (see :mod:`weblens.research.answer`).

        ``await lens.answer("question", read=3, top_k=5, ranker="auto", on_progress=print)``
        """
        req = AnswerRequest.build(request, **fields)
        s = self.settings
        options = AnswerOptions(
            read=req.read,
            max_results=max(req.max_results, req.read),  # reading N pages needs N results
            top_k=req.top_k,
            ranker=req.ranker,
            expand_below=s.expand_below,
            abstain_below=s.abstain_below,
            max_pages=max(s.answer_max_pages, req.read),
        )

        async def search(query: str, max_results: int) -> SearchResponse:
            return await self._search(
                SearchRequest(query=query, max_results=max_results, providers=req.providers)
            )

        async def read(
            urls: Sequence[str], arrived: Callable[[PageExtract | GatherFailure], None]
        ) -> list[PageExtract | GatherFailure]:
            return await read_many(
                self._reader,
                urls,
                self._read_call(GatherRequest(query=req.question)),
                concurrency=s.gather_concurrency,
                deadline_s=s.gather_timeout_s,
                on_result=lambda _, outcome: arrived(outcome),
            )

        tools = AnswerTools(
            search=search,
            read=read,
            rank=self.rank_passages,
            llm=self._llm,
        )
        return await AnswerPipeline(tools, options, on_progress).run(req.question)

    async def respond(
        self, request: RespondRequest | str | list[Any] | None = None, /, **fields: Any
    ) -> Answer:
        """The two-pass directive flow over a conversation (see :mod:`weblens.research.respond`)."""
        req = (
            RespondRequest.build(None, messages=request, **fields)
            if isinstance(request, list)
            else RespondRequest.build(request, **fields)
        )
        if self._llm is None:
            raise NotConfigured("respond needs a chat model: set WEBLENS_LLM_BASE_URL and WEBLENS_LLM_MODEL")

        async def gather(query: str) -> GatherResponse:
            if req.max_searches == 0:
                raise NotConfigured("searching is switched off for this conversation (max_searches=0)")
            return await self.gather(GatherRequest(query=query, read=req.read))

        tools = RespondTools(
            llm=self._llm,
            gather=gather,
            max_searches=max(req.max_searches, 1),
            max_chars_per_page=self.settings.max_chars_per_page,
        )
        messages = [m.model_dump() for m in req.messages]
        return await Responder(tools).run(messages)

    # --- typed data --------------------------------------------------------------------------------
    async def data(self, request: DataRequest | str | None = None, /, **fields: Any) -> DataResult:
        """Typed data from a page, every value grounded (see :mod:`weblens.data`).

        ``await lens.data(url, schema={...})``, ``schema=MyPydanticModel``, ``selectors={...}``.
        """
        if isinstance(fields.get("schema"), type):
            fields["schema"] = as_json_schema(fields["schema"])
        req = DataRequest.build(request, **fields)
        if req.schema is not None:
            read_schema(as_json_schema(req.schema))  # a bad schema fails before any fetch
        return await self._data(req, queue=False)

    async def data_queued(self, request: DataRequest) -> DataResult:
        """``data`` for batch reading: a wait for a site's turn queues, never fails."""
        return await self._data(request, queue=True)

    async def data_of_page(
        self, body: str | bytes, url: str, request: DataRequest, *, content_type: str | None = None
    ) -> DataResult:
        """The data of a page already fetched (a crawl's page): no fetch, the model when configured."""
        document = DataDocument(body, url, content_type)
        return await read_document(
            document, request.schema, request.selectors, self._data_options(request), self._data_ask(request)
        )

    async def _data(self, req: DataRequest, *, queue: bool) -> DataResult:
        mode = _mode(req.render, self.settings.render)
        call = ReadCall(
            mode=mode,
            fetch_timeout_s=req.timeout_s,
            refresh=True,
            queue=queue,
            respect_robots=req.respect_robots,
        )
        reader = self._reader

        async def fetch() -> DataDocument:
            await reader.check_robots(reader.guard.check_url(req.url).url, call)
            fetched = await reader.fetch_raw(req.url, call)
            body: str | bytes = (
                fetched.text
                if fetched.content_type in ("text/html", "application/xhtml+xml")
                else fetched.body
            )
            return DataDocument(body, fetched.final_url, fetched.content_type, round(fetched.elapsed_ms, 2))

        async def render() -> DataDocument:
            result = await reader.render_raw(req.url, call)
            return DataDocument(result.html, result.final_url, "text/html", round(result.elapsed_ms, 2))

        threshold = self.settings.render_confidence_threshold
        tools = DataTools(
            fetch=fetch,
            render=None if mode is RenderMode.NEVER else render,
            should_render=lambda page: render_reason(page, mode, threshold) is not None,
            ask=self._data_ask(req),
        )
        return await read_data(
            req.schema, req.selectors, self._data_options(req), tools, render_first=mode is RenderMode.ALWAYS
        )

    def _data_options(self, req: DataRequest) -> DataOptions:
        return DataOptions(
            sources=tuple(req.sources),
            grounding=req.grounding,
            include_text=req.include_text,
            instructions=req.instructions,
            extract=self._extract_options,
        )

    def _data_ask(self, req: DataRequest) -> StructuredAsk | None:
        """How the data operation asks this Lens's chat model (None: no model configured)."""
        llm = self._llm
        if llm is None:
            return None

        async def ask(messages: list[dict[str, str]], schema: dict[str, Any]) -> str:
            if isinstance(llm, OpenAIChat):
                return await llm.complete_structured(messages, schema)
            return await llm.complete(messages, json_reply=True)

        return ask

    # --- crawl and map -----------------------------------------------------------------------------
    async def crawl(
        self,
        request: CrawlRequest | str | None = None,
        /,
        *,
        out: str | Path | None = None,
        resume: bool = False,
        markdown_dir: str | Path | None = None,
        llms_txt: str | Path | None = None,
        data_schema: dict[str, Any] | None = None,
        list_pages: bool = False,
        on_line: Callable[[CrawlLine], None] | None = None,
        on_progress: Callable[[CrawlCounts], None] | None = None,
        **fields: Any,
    ) -> CrawlSummary:
        """Crawl a site breadth-first from ``url`` (see :mod:`weblens.crawl`): one line per canonical URL
        to ``out`` (JSON lines) and to ``on_line``, as each page is read; returns the summary.

        ``await lens.crawl("https://docs.example.org/", out="crawl.jsonl", max_pages=500)``;
        ``resume=True`` continues ``out`` after a crash. ``markdown_dir`` writes a Markdown file per
        page, ``llms_txt`` an llms.txt index; ``data_schema`` adds each page's typed data to its line.
        """
        req = CrawlRequest.build(request, **fields)
        if data_schema is not None:
            read_schema(as_json_schema(data_schema))  # a bad schema fails before any fetch
        outputs = CrawlOutputs(
            out=Path(out) if out is not None else None,
            resume=resume,
            markdown_dir=Path(markdown_dir) if markdown_dir is not None else None,
            llms_txt=Path(llms_txt) if llms_txt is not None else None,
            list_pages=list_pages,
        )
        concurrency = req.concurrency or self.settings.crawl_concurrency
        tools = self.site_tools(req, concurrency, data_schema)
        return await run_crawl(
            req, tools, outputs, concurrency=concurrency, on_line=on_line, on_progress=on_progress
        )

    async def map(self, request: MapRequest | str | None = None, /, **fields: Any) -> MapResult:
        """List a site's pages: its sitemaps first, else the links of a few of its pages (see
        :func:`weblens.crawling.run_map`); ``search`` orders them by relevance."""
        req = MapRequest.build(request, **fields)
        return await run_map(req, self.site_tools(req, self.settings.crawl_concurrency))

    def check_crawl(self, request: CrawlRequest) -> str:
        """The canonical start URL of a crawl, or the error that would stop it before it starts (a
        malformed URL, a literal private address): for a frontend that starts the crawl later."""
        return start_of(request.url, lambda url: _checked(self._guard, url))

    def crawl_pace(self, concurrency: int) -> Pace:
        """A crawl's pace on each site: the crawl_rate_limit setting, ``concurrency`` pages in flight."""
        s = self.settings
        return Pace(
            per_second=s.crawl_rate_per_s,
            burst=max(1, min(concurrency, s.per_domain_burst)),
            concurrency=concurrency,
        )

    def crawl_call(self, req: CrawlRequest | MapRequest, concurrency: int, *, queue: bool = True) -> ReadCall:
        """How a crawl (or a map) reads each page: fresh (the cache is written, not read), at the crawl's
        pace; ``queue``: a wait for a site's turn is queueing, however long (else ``rate_limited``
        past the fetch deadline, as a queue's worker wants)."""
        render = req.render if isinstance(req, CrawlRequest) else RenderMode.NEVER
        return ReadCall(
            mode=_mode(render, self.settings.render),
            fetch_timeout_s=req.timeout_s if isinstance(req, CrawlRequest) else None,
            refresh=True,
            queue=queue,
            respect_robots=not req.ignore_robots,
            pace=self.crawl_pace(concurrency),
            render_thin=False,  # a site has many short pages: only those that need scripts are rendered
        )

    async def read_for_crawl(self, url: str, call: ReadCall, *, keep_body: bool = False) -> CrawlRead:
        """One page read the way a crawl reads it: its extract, links and fingerprint."""
        return await self._reader.crawl_read(url, call, keep_body=keep_body)

    def site_tools(
        self, req: CrawlRequest | MapRequest, concurrency: int, data_schema: dict[str, Any] | None = None
    ) -> SiteTools:
        """What a crawl or a map of ``req`` uses of this Lens (see :class:`weblens.crawling.SiteTools`)."""
        call = self.crawl_call(req, concurrency)
        pace = call.pace
        guard, robots = self._guard, self._robots

        async def read(url: str, how: PageRead) -> CrawlRead:
            return await self.read_for_crawl(url, crawl_read_call(call, req, how), keep_body=how.keep_body)

        async def allowed(url: str) -> bool:
            return await robots.allows(guard.check_url(url), queue=True)

        async def robots_sitemaps(url: str) -> list[str]:
            return await robots.sitemaps(guard.check_url(url), queue=True)

        async def fetch_sitemap(url: str) -> bytes:
            target = guard.check_url(url)
            async with self._limiter.slot(target.authority, hold_s=SITEMAP_TIMEOUT_S + 10):
                await self._limiter.acquire(target.authority, pace=pace)
                page = await self._sitemap_fetcher().fetch(target.url, timeout_s=SITEMAP_TIMEOUT_S)
            return page.body

        data = None
        if data_schema is not None:
            request = DataRequest(url=req.url, schema=data_schema)

            async def data(read: CrawlRead) -> DataResult:
                assert read.body is not None
                url = read.page.final_url or req.url
                return await self.data_of_page(read.body, url, request, content_type="text/html")

        return SiteTools(
            read=read,
            allowed=allowed,
            check_url=lambda url: _checked(guard, url),
            robots_sitemaps=robots_sitemaps,
            fetch_sitemap=fetch_sitemap,
            data=data,
        )

    def _sitemap_fetcher(self) -> GuardedFetcher:
        """The fetcher of sitemaps: the same guard, XML and gzip accepted, the sitemap protocol's size."""
        if self._sitemaps is None:
            limits = replace(
                _fetch_limits(self.settings),
                max_bytes=MAX_SITEMAP_BYTES,
                timeout_s=SITEMAP_TIMEOUT_S,
                accepted_types=SITEMAP_TYPES,
            )
            self._sitemaps = GuardedFetcher(self._guard, limits, pacer=self._limiter)
        return self._sitemaps

    # --- interactive browsing sessions ---------------------------------------------------------------
    @contextlib.asynccontextmanager
    async def open_session(self) -> AsyncIterator[BrowsingSession]:
        """A live page to operate step by step, closed on leaving the block (also on error or cancel).

        ``async with lens.open_session() as s: await s.goto(url); await s.click(3)``.
        """
        session = await self.browsing_sessions.open()
        try:
            yield session
        finally:
            with contextlib.suppress(WeblensError):
                await self.browsing_sessions.close(session.id)

    async def session_open(
        self, request: SessionOpenRequest | str | None = None, /, **fields: Any
    ) -> Snapshot:
        """Open a session (on ``url`` when given); its snapshot carries the ``session_id`` to use.

        ``lens.session_open("https://…")``, ``lens.session_open(url=…, changes_only=True)`` or
        ``lens.session_open(SessionOpenRequest(...))``.
        """
        if isinstance(request, str):
            request, fields = None, {"url": request, **fields}
        req = SessionOpenRequest.build(request, **fields)
        if req.url is not None:
            self._guard.check_url(req.url)  # a refused URL opens no session
        session = await self.browsing_sessions.open()
        if req.url is None:
            return await session.snapshot(changes_only=req.changes_only, text_offset=req.text_offset)
        try:
            return await session.goto(req.url, changes_only=req.changes_only, text_offset=req.text_offset)
        except BaseException:
            await self.browsing_sessions.close(session.id)  # a session nobody was told about
            raise

    async def session_act(self, request: SnapshotRequest) -> Snapshot:
        """One action (goto, click, type, select, scroll, back, snapshot) on an open session."""
        return await act(self.session(request.session_id), request)

    async def session_read(
        self, request: SessionReadRequest | str | None = None, /, **fields: Any
    ) -> PageExtract:
        """The session's current page through the extraction pipeline (paged like browse)."""
        req = SessionReadRequest.build(request, **fields)
        page = await self.session(req.session_id).read()
        return window(page, req.max_length, req.start_index)

    async def session_close(
        self, request: SessionCloseRequest | str | None = None, /, **fields: Any
    ) -> SessionClosed:
        req = SessionCloseRequest.build(request, **fields)
        await self.browsing_sessions.close(req.session_id)
        return SessionClosed(session_id=req.session_id)

    def session(self, session_id: str) -> BrowsingSession:
        """The open session ``session_id``, or ``session_not_found``."""
        return self.browsing_sessions.get(session_id)

    @property
    def browsing_sessions(self) -> SessionRegistry:
        """The open browsing sessions (the browser starts with the first one)."""
        if self._sessions is None:
            if self._closed:
                raise RenderFailed("the Lens is closed")
            self._sessions = SessionRegistry(
                self._guard, self._limiter, _session_options(self.settings), extract=self._extract_rendered
            )
        return self._sessions

    async def _extract_rendered(self, result: RenderResult) -> PageExtract:
        return await self._reader.extract_rendered(result, ReadCall(mode=RenderMode.ALWAYS))


def _session_options(s: Settings) -> SessionOptions:
    render = RenderOptions(
        chromium_path=s.chromium_path,
        block_resources=s.render_block_resources,
        extra_args=("--disable-smooth-scrolling",),
    )
    return SessionOptions(
        render=render,
        idle_s=s.session_idle_s,
        max_sessions=s.max_sessions,
        replica=s.replica_id or default_replica(),
        navigation_timeout_s=s.render_timeout_s,
    )


def crawl_read_call(call: ReadCall, req: CrawlRequest | MapRequest, how: PageRead) -> ReadCall:
    """A crawl's call for one page: read as served when it may not render, redirects kept in scope."""
    mode = RenderMode.NEVER if not how.render and call.mode is RenderMode.AUTO else call.mode
    follow = follows(scope_of(req, how.scope_start)) if how.scope_start else None
    return replace(call, mode=mode, follow=follow, render_gate=how.render_gate)


def _checked(guard: Guard, url: str) -> None:
    """The guard's checks of a URL that need no lookup (``invalid_url``, ``ssrf_blocked``)."""
    guard.check_url(url)


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


def _llm_from(s: Settings) -> ChatModel | None:
    if not s.llm_base_url or not s.llm_model:
        return None
    return OpenAIChat(s.llm_base_url, s.llm_model, api_key=s.llm_api_key, timeout_s=s.llm_timeout_s)


def _embedder_from(s: Settings) -> Embedder | None:
    if s.embedder == "none":
        return None
    if s.embedder == "auto" and s.embed_base_url:
        if not s.embed_model:
            raise InvalidArgument("embed_base_url is set but embed_model is not", field="embed_model")
        return CachedEmbedder(
            RemoteEmbedder(s.embed_base_url, s.embed_model, api_key=s.embed_api_key, timeout_s=s.timeout_s)
        )
    if s.embed_model_path is not None:  # the operator's own ONNX model, loaded on first use
        options = LocalOptions(
            threads=s.embed_threads, model_path=s.embed_model_path, model_sha256=s.embed_model_sha256
        )
        return CachedEmbedder(LocalEmbedder(options))
    if s.embed_threads == 1:
        return default_embedder()  # the process's shared model and cache
    return CachedEmbedder(LocalEmbedder(LocalOptions(threads=s.embed_threads)))


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


def _asking_for(req: SearchRequest, reads: int, default: int) -> SearchRequest:
    """``req`` asking for at least ``reads`` results (reading N pages needs N results); without a
    ``max_results`` of its own, the max_results setting or ``reads``, whichever is larger."""
    wanted = max(req.max_results or default, reads)
    return req if req.max_results == wanted else req.model_copy(update={"max_results": wanted})


class _Progress:
    """``ProgressEvent``s for one call, timed from its start; a broken listener never sinks the call."""

    def __init__(self, start: float, listener: ProgressCallback | None) -> None:
        self.start = start
        self.listener = listener

    def elapsed_ms(self) -> float:
        return elapsed_ms(self.start)

    def tell(self, stage: Stage, message: str, done: int = 0, total: int = 0) -> None:
        if self.listener is None:
            return
        event = ProgressEvent(
            stage=stage, message=message, done=done, total=total, elapsed_ms=self.elapsed_ms()
        )
        try:
            self.listener(event)
        except Exception:
            log.warning("progress_callback_failed", stage=stage)


def _page_events(urls: Sequence[str], progress: _Progress, on_page: PageCallback | None) -> ResultHook:
    """What ``read_many`` calls as each page arrives: a ``read`` progress step and a :class:`PageEvent`."""
    done = 0

    def arrived(index: int, outcome: PageExtract | GatherFailure) -> None:
        nonlocal done
        done += 1
        page = outcome if isinstance(outcome, PageExtract) else None
        failure = outcome if isinstance(outcome, GatherFailure) else None
        what = (
            f"Read {page.title or page.final_url or urls[index]}"
            if page is not None
            else f"Could not read {urls[index]}: {failure.code if failure else 'failed'}"
        )
        progress.tell("read", what, done, len(urls))
        if on_page is not None:
            on_page(
                PageEvent(
                    rank=index + 1,
                    url=urls[index],
                    page=page,
                    failure=failure,
                    done=done,
                    total=len(urls),
                    elapsed_ms=progress.elapsed_ms(),
                )
            )

    return arrived
