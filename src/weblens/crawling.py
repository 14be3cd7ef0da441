"""Crawling and mapping a site with a Lens's parts: the guarded reader, robots.txt, the guard.

:func:`run_crawl` prepares a crawl (its plan, output, state and sinks) and runs
:class:`~weblens.crawl.engine.Crawler`; :func:`run_map` lists a site's pages. The Lens hands both a
:class:`SiteTools` (how to read a page, check robots.txt, fetch a sitemap); everything else is here.

Files of a crawl: ``--out`` (the JSON lines, appended to, locked while the crawl runs) and beside it
``<out>.crawl-state`` (SQLite: the frontier, the seen-set, the fingerprints; a few MB for 100,000
URLs), which ``--resume`` continues from. Without ``out`` (a Python call that only listens to the
lines), both live in a temporary folder removed at the end.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

from weblens.crawl.canonical import canonical_url
from weblens.crawl.engine import Crawler, CrawlPlan, CrawlRead, CrawlTools
from weblens.crawl.lines import encode, scan_file, written_lines
from weblens.crawl.outputs import MarkdownDir, llms_txt
from weblens.crawl.scope import Scope
from weblens.crawl.sitemaps import read_sitemaps
from weblens.crawl.sqlite_state import SQLiteState
from weblens.crawl.state import CrawlState
from weblens.errors import InvalidArgument, UnsupportedContentType, WeblensError
from weblens.linewriter import LineWriter
from weblens.logs import get_logger
from weblens.models import CrawlCounts, CrawlLine, CrawlPageRef, CrawlSummary, DataResult, MapResult, MapURL
from weblens.requests import CrawlRequest, MapRequest

__all__ = [
    "CrawlOutputs",
    "PageRead",
    "RenderLearner",
    "SiteTools",
    "StateOpener",
    "follows",
    "open_sqlite_state",
    "run_crawl",
    "run_map",
    "scope_of",
    "sitemap_roots",
    "start_of",
    "state_path",
]

log = get_logger("weblens.crawl")

LineCallback = Callable[[CrawlLine], None]
StateOpener = Callable[[Path, bool], Awaitable[CrawlState]]
"""Open a crawl's state: (the output file, whether this run resumes) → the state (a fresh run's is
empty; resuming a crawl that left no state is ``invalid_argument``)."""
ProgressCallback = Callable[[CrawlCounts], None]
MAP_PAGES = 12
"""Pages a map reads for links when the site has no sitemap (the start page and the pages it links
first, breadth-first): a site's menus and indexes link most of its sections within two hops."""
MAP_TIMEOUT_S = 20.0
RENDER_TRIALS = 3
"""Renders of a host's pages before the crawl judges whether rendering that host is worth it."""
RENDER_USEFUL_SHARE = 0.25
"""From then on a host's thin pages are rendered while at least this share of its renders added
something (:func:`weblens.escalation.render_added`); below it the crawl reads them as served. On a
static manual no render adds anything (its short pages stay short); on a site built by scripts
nearly every one does; one render in four keeps a site whose scripts fill only some pages."""
_URL_WORDS = re.compile(r"[/_\-.?=&+%#]+")


@dataclass(frozen=True, kw_only=True)
class PageRead:
    """How a crawl reads one page."""

    keep_body: bool = False
    """Keep the page's HTML in the result (for typed data)."""
    render: bool = True
    """May render it (with render auto; False: read as served)."""
    render_gate: Callable[[], bool] | None = None
    """Asked when the page turns out to call for a render (with render auto): whether it may have one
    now (the crawl limits the renders it is still judging a host by; in process only)."""
    scope_start: str | None = None
    """The start URL of the crawl's scope (as it stands: it follows a redirected start page): a
    redirect out of the scope is not requested. None: any redirect the guard allows."""


@dataclass(frozen=True, kw_only=True)
class SiteTools:
    """What the Lens hands a crawl or a map: each step guarded and paced by the Lens."""

    read: Callable[[str, PageRead], Awaitable[CrawlRead]]
    """Read one URL for a crawl (guarded, paced, robots.txt), as :class:`PageRead` says."""
    allowed: Callable[[str], Awaitable[bool]]
    check_url: Callable[[str], None]
    robots_sitemaps: Callable[[str], Awaitable[list[str]]]
    fetch_sitemap: Callable[[str], Awaitable[bytes]]
    data: Callable[[CrawlRead], Awaitable[DataResult]] | None = None


@dataclass(frozen=True, kw_only=True)
class CrawlOutputs:
    out: Path | None = None
    """The JSON-lines output. None: lines only go to ``on_line`` (state in a temporary folder)."""
    resume: bool = False
    markdown_dir: Path | None = None
    llms_txt: Path | None = None
    list_pages: bool = False
    """Put one entry per URL in the summary's ``pages`` (an agent's view of a bounded crawl)."""


def state_path(out: Path) -> Path:
    """Where a crawl keeps its state: beside its output."""
    return out.with_name(out.name + ".crawl-state")


def scope_of(request: CrawlRequest | MapRequest, start: str) -> Scope:
    """The scope a request asks for, around the (canonical) ``start``."""
    if isinstance(request, MapRequest):
        return Scope(start=start, kind=request.scope, allow_subdomains=request.allow_subdomains)
    return Scope(
        start=start,
        kind=request.scope,
        include=tuple(request.include),
        exclude=tuple(request.exclude),
        include_query=request.include_query,
        allow_subdomains=request.allow_subdomains,
    )


def follows(scope: Scope) -> Callable[[str], bool]:
    """Whether a redirect target is one the crawl may follow: in its scope."""

    def within(url: str) -> bool:
        target = canonical_url(url)
        return target is not None and scope.is_in_scope(target)

    return within


def _plan(request: CrawlRequest, start: str, concurrency: int) -> CrawlPlan:
    return CrawlPlan(
        start=start,
        scope=scope_of(request, start),
        max_pages=request.max_pages,
        max_depth=request.max_depth,
        concurrency=concurrency,
        use_sitemaps=request.sitemaps,
        respect_robots=not request.ignore_robots,
    )


def start_of(url: str, check: Callable[[str], None]) -> str:
    """The canonical start URL, or the error that stops a crawl before it starts (``invalid_argument``,
    ``invalid_url``, ``ssrf_blocked`` for a literal private address)."""
    start = canonical_url(url)
    if start is None:
        raise InvalidArgument(f"url: not a crawlable http(s) URL: {url!r}", field="url")
    check(start)  # invalid_url / ssrf_blocked before anything runs
    return start


async def sitemap_roots(tools: SiteTools, start: str) -> tuple[list[str], bool]:
    """The sitemaps of ``start``'s site: its robots.txt ``Sitemap:`` lines, else ``/sitemap.xml`` (and
    True: a guess, whose absence is no warning)."""
    try:
        named = await tools.robots_sitemaps(start)
    except WeblensError:
        named = []
    if named:
        return named, False
    parts = urlsplit(start)
    return [f"{parts.scheme}://{parts.netloc}/sitemap.xml"], True


async def run_crawl(
    request: CrawlRequest,
    tools: SiteTools,
    outputs: CrawlOutputs,
    *,
    concurrency: int,
    on_line: LineCallback | None = None,
    on_progress: ProgressCallback | None = None,
    open_state: StateOpener | None = None,
) -> CrawlSummary:
    """Crawl the site of ``request.url`` (see :mod:`weblens.crawl.engine` for the steps); the state
    lives in SQLite beside the output unless ``open_state`` says otherwise (Redis, for a queue)."""
    start = start_of(request.url, tools.check_url)
    plan = _plan(request, start, concurrency)
    async with _files(outputs) as (out, temporary):
        written = scan_file(out) if outputs.resume else None
        first: CrawlRead | None = None
        if outputs.resume:
            if not out.exists():
                raise InvalidArgument(f"--resume: {out} does not exist (nothing to resume)", field="out")
        else:
            _check_fresh(out)
            first = await _read_start(tools, start)
        state = await (open_state or open_sqlite_state)(out, outputs.resume)
        try:
            if written is not None:
                await _check_same_crawl(state, request)
            else:
                await state.set_meta("request", request.model_dump_json())
            with LineWriter(out) as writer:
                if written is not None and written.torn:
                    writer.truncate(written.good_bytes)
                sink, refs = _sink(writer, outputs, plan, on_line)
                crawler = Crawler(
                    plan, _crawl_tools(tools, lambda: crawler.scope), state, sink, on_progress=on_progress
                )
                if written is not None:
                    crawler.resume_from(
                        lines=written.lines,
                        pages=written.pages,
                        errors=written.errors,
                        duplicates=written.duplicates,
                    )
                summary = await crawler.run(first=first, resumed_lines=written.urls if written else None)
        finally:
            await state.aclose()
        if outputs.llms_txt is not None:
            _write_llms_txt(out, outputs.llms_txt, crawler)
        return summary.model_copy(
            update={
                "out": None if temporary else str(out),
                "resumed": written is not None,
                "pages": refs or [],
            }
        )


async def open_sqlite_state(out: Path, resume: bool) -> CrawlState:
    """The state in SQLite beside ``out`` (:func:`state_path`)."""
    path = state_path(out)
    if resume and not path.exists():
        raise InvalidArgument(
            f"--resume: the crawl's state {path} is missing, so {out} cannot be continued", field="out"
        )
    if not resume:
        path.unlink(missing_ok=True)
    return SQLiteState(path)


@contextlib.asynccontextmanager
async def _files(outputs: CrawlOutputs) -> AsyncIterator[tuple[Path, bool]]:
    if outputs.out is not None:
        yield outputs.out, False
        return
    folder = Path(tempfile.mkdtemp(prefix="weblens-crawl-"))
    try:
        yield folder / "crawl.jsonl", True
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _check_fresh(out: Path) -> None:
    if out.is_dir():
        raise InvalidArgument(f"--out: {out} is a directory", field="out")
    if not out.parent.is_dir():
        raise InvalidArgument(f"--out: no such directory: {out.parent}", field="out")
    if out.exists() and out.stat().st_size > 0:
        raise InvalidArgument(
            f"--out: {out} exists; pass --resume to continue it, or choose another file", field="out"
        )


async def _check_same_crawl(state: CrawlState, request: CrawlRequest) -> None:
    stored = await state.get_meta("request")
    if stored is None:
        return
    earlier = CrawlRequest.model_validate_json(stored)
    if canonical_url(earlier.url) != canonical_url(request.url):
        raise InvalidArgument(
            f"--resume: the output is a crawl of {earlier.url}, not of {request.url}", field="url"
        )


async def _read_start(tools: SiteTools, start: str) -> CrawlRead:
    """The start page, read before anything is written: its failure is the crawl's error."""
    first = await tools.read(
        start, PageRead(keep_body=tools.data is not None)
    )  # its redirects move the scope
    if not first.is_html:
        raise UnsupportedContentType(
            f"the start URL is not an HTML page ({first.page.content_type}); a crawl follows links",
            url=start,
            content_type=first.page.content_type,
        )
    return first


class RenderLearner:
    """Whether a crawl still renders a host's pages: a site served whole as HTML shows it soon (its
    thin pages are as thin rendered), and each render costs a browser's time."""

    def __init__(self) -> None:
        self._tried: dict[str, int] = {}
        self._useful: dict[str, int] = {}
        self._pending: dict[str, int] = {}

    def allows(self, url: str) -> bool:
        """Whether the host's pages may still be rendered (judged on the renders finished so far)."""
        host = urlsplit(url).netloc
        tried = self._tried.get(host, 0)
        return tried < RENDER_TRIALS or self._useful.get(host, 0) >= RENDER_USEFUL_SHARE * tried

    def reserve(self, url: str) -> bool:
        """A page of ``url``'s host calls for a render: whether it may have one now. While the host is
        being judged, at most :data:`RENDER_TRIALS` renders are under way or done, so a burst of thin
        pages does not start a browser's worth of renders before the first verdict."""
        host = urlsplit(url).netloc
        if not self.allows(url):
            return False
        tried, pending = self._tried.get(host, 0), self._pending.get(host, 0)
        if tried < RENDER_TRIALS and tried + pending >= RENDER_TRIALS:
            return False  # still judging the host: enough renders are under way
        self._pending[host] = pending + 1
        return True

    def release(self, url: str) -> None:
        """A read that may have reserved a render failed before it could say (an error)."""
        host = urlsplit(url).netloc
        if self._pending.get(host, 0):
            self._pending[host] -= 1

    def record(self, url: str, read: CrawlRead) -> None:
        host = urlsplit(url).netloc
        if read.render_gain is None:
            return
        if self._pending.get(host, 0):
            self._pending[host] -= 1
        self._tried[host] = self._tried.get(host, 0) + 1
        self._useful[host] = self._useful.get(host, 0) + int(read.render_gain)
        if not self.allows(url):
            log.info("crawl_render_off", host=host, tried=self._tried[host], useful=self._useful[host])


def _crawl_tools(tools: SiteTools, scope: Callable[[], Scope]) -> CrawlTools:
    keep_body = tools.data is not None
    learner = RenderLearner()

    async def read(url: str) -> CrawlRead:
        how = PageRead(
            keep_body=keep_body,
            render=learner.allows(url),
            render_gate=lambda: learner.reserve(url),
            scope_start=scope().start,
        )
        try:
            found = await tools.read(url, how)
        except BaseException:
            learner.release(url)
            raise
        learner.record(url, found)
        return found

    async def roots(start: str) -> tuple[list[str], bool]:
        return await sitemap_roots(tools, start)

    return CrawlTools(
        read=read,
        allowed=tools.allowed,
        check_url=tools.check_url,
        sitemap_roots=roots,
        fetch_sitemap=tools.fetch_sitemap,
        data=tools.data,
    )


def _sink(
    writer: LineWriter, outputs: CrawlOutputs, plan: CrawlPlan, on_line: LineCallback | None
) -> tuple[Callable[[CrawlLine], None], list[CrawlPageRef] | None]:
    markdown = (
        MarkdownDir(
            outputs.markdown_dir, with_host=plan.scope.kind == "domain" or plan.scope.allow_subdomains
        )
        if outputs.markdown_dir is not None
        else None
    )
    refs: list[CrawlPageRef] | None = [] if outputs.list_pages else None

    def sink(line: CrawlLine) -> None:
        writer.write(encode(line))
        if markdown is not None and line.page is not None:
            try:
                markdown.write(line.url, line.page)
            except OSError as exc:
                log.warning("crawl_markdown_failed", url=line.url, error=str(exc))
        if refs is not None:
            refs.append(_ref(line))
        if on_line is not None:
            on_line(line)

    return sink, refs


def _ref(line: CrawlLine) -> CrawlPageRef:
    if line.page is not None:
        return CrawlPageRef(url=line.url, title=line.page.title, words=line.page.word_count, status="page")
    if line.error is not None:
        return CrawlPageRef(url=line.url, status="error", detail=line.error.code)
    return CrawlPageRef(url=line.url, status="duplicate", detail=line.duplicate_of)


def _write_llms_txt(out: Path, target: Path, crawler: Crawler) -> None:
    pages = ((line.url, line.page) for line in written_lines(out) if line.page is not None)
    text = llms_txt(pages, start=crawler.scope.start, directory=crawler.scope.directory)
    temporary = target.with_name(target.name + ".part")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, target)


# --- map --------------------------------------------------------------------------------------------
async def run_map(request: MapRequest, tools: SiteTools) -> MapResult:
    """The site's pages: its sitemaps first; without them, the links of a few of its pages."""
    started = time.perf_counter()
    start = start_of(request.url, tools.check_url)
    scope = scope_of(request, start)
    warnings: list[str] = []
    found: dict[str, MapURL] = {}
    roots, guessed = await sitemap_roots(tools, start)
    budget = request.timeout_s or MAP_TIMEOUT_S
    collect = request.limit if request.search is None else max(request.limit * 10, 10_000)
    read_roots: list[str] = []

    async def keep(url: str, entry: MapURL) -> bool:
        if url in found or not scope.is_in_scope(url):
            return False
        if not request.ignore_robots and not await tools.allowed(url):
            return False
        found[url] = entry
        return len(found) >= collect

    async def from_sitemaps() -> None:
        async def fetch(where: str) -> bytes:
            read_roots.append(where)
            return await tools.fetch_sitemap(where)

        async for item in read_sitemaps(fetch, roots, warn=warnings.append, guessed=guessed):
            url = canonical_url(item.url)
            if url is not None and await keep(url, MapURL(url=url, lastmod=item.lastmod, source="sitemap")):
                return

    async def from_links() -> None:
        queue, seen = [start], {start}
        for _ in range(MAP_PAGES):
            if not queue or len(found) >= collect:
                return
            url = queue.pop(0)
            try:
                read = await tools.read(url, PageRead(render=False, scope_start=start))
            except WeblensError as exc:
                warnings.append(f"{url}: not read ({exc.code}: {exc.message})")
                continue
            if url not in found and scope.is_in_scope(url):
                found[url] = MapURL(url=url, title=read.page.title, source="links")
            for link, title in zip(
                read.links.links, read.links.titles or ("",) * len(read.links.links), strict=True
            ):
                target = canonical_url(link)
                if target is None or target in seen:
                    continue
                seen.add(target)
                if await keep(target, MapURL(url=target, title=title or None, source="links")):
                    return
                if scope.is_in_scope(target):
                    queue.append(target)

    try:
        async with asyncio.timeout(budget):
            await from_sitemaps()
            if not found:
                await from_links()
    except TimeoutError:
        warnings.append(f"the map took longer than {budget:g} s; listed what was found by then")
    urls = list(found.values())
    if request.search:
        urls = _by_relevance(request.search, urls)
    return MapResult(
        url=start,
        urls=urls[: request.limit],
        sitemaps=read_roots,
        warnings=warnings,
        map_time_ms=round((time.perf_counter() - started) * 1000, 2),
    )


def _by_relevance(search: str, urls: list[MapURL]) -> list[MapURL]:
    """``urls`` by BM25 relevance of their address words and title to ``search`` (ties: as listed)."""
    from weblens.research.rank import bm25_scores

    texts = [_words_of(item) for item in urls]
    scores = bm25_scores(search, texts)
    order = sorted(range(len(urls)), key=lambda i: -scores[i])
    return [urls[i] for i in order if scores[i] > 0] + [urls[i] for i in order if scores[i] <= 0]


def _words_of(item: MapURL) -> str:
    parts = urlsplit(item.url)
    return f"{item.title or ''} {_URL_WORDS.sub(' ', unquote(parts.path + ' ' + parts.query))}"
