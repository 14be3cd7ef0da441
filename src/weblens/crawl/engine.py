"""A crawl, breadth-first, over callables the Lens hands it (reading, robots.txt, sitemaps, the guard).

    crawler = Crawler(plan, tools, state, sink)
    summary = await crawler.run(first=start_page)

The steps of :meth:`Crawler.run`:

1. Take the start page (read by the caller before any output exists, so a start URL that is blocked,
   malformed or not a page is a plain error) — or, resuming, the state reconciled with the output.
2. When the start URL redirected to another origin, the crawl's scope follows it.
3. Queue what the site's sitemaps list (once; ``--resume`` does not read them again).
4. ``concurrency`` readers take URLs breadth-first until the frontier is empty or ``max_pages`` URLs
   were read; each page is settled (duplicate or new, its links queued) before its line is written,
   so a killed crawl loses nothing it wrote and reads again only what was in flight.
5. The summary: counts, what was cut and why, warnings.

Every URL found goes through :meth:`Crawler.consider`: canonical form (with what the site taught,
:mod:`.learn`), scope, seen-set, then the cut rules (depth, SSRF guard, traps, robots.txt) — a URL is
cut once and counted once. A page that fails is an error line and the crawl goes on; a site that
answers 429 or 503 puts the URL back for later (``Retry-After`` honoured, else doubling from 2 s) and
pauses the crawl meanwhile: a wait is queueing, never an error.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

from weblens.crawl.canonical import canonical_url
from weblens.crawl.fingerprint import NEAR_DUPLICATE, Fingerprint
from weblens.crawl.learn import (
    PARAM_EVIDENCE,
    PROBE_WAIT_S,
    Probes,
    Rewrites,
    differing_params,
    elder_twin,
    index_pair,
    origin_alias,
)
from weblens.crawl.links import PageLinks
from weblens.crawl.scope import Scope
from weblens.crawl.sitemaps import SitemapEntry, read_sitemaps
from weblens.crawl.state import CrawlState, Found, Task
from weblens.crawl.traps import MAX_DATE_PAGES, MAX_QUERY_VARIANTS, date_shape, path_key, trap_of
from weblens.errors import HTTPError, InternalError, InvalidURL, SSRFBlocked, WeblensError
from weblens.logs import get_logger
from weblens.models import CrawlCounts, CrawlError, CrawlLine, CrawlSummary, DataResult, PageExtract

__all__ = ["MAX_TRIES", "CrawlPlan", "CrawlRead", "CrawlTools", "Crawler", "backoff_s"]

log = get_logger("weblens.crawl")

SITEMAP_BATCH = 1000
"""Sitemap entries considered together (one look-up in the seen-set)."""
CANONICAL_MEMO = 50_000
"""Links whose canonical form is kept in memory (about 10 MB): a site's menus repeat on every page, and
canonicalising a URL costs about a tenth of a millisecond."""
_MISSING: Any = object()
MAX_TRIES = 5
"""Times a URL is put back after the site answered 429 or 503 before it becomes an error line."""
MAX_PAUSE_S = 300.0
"""The longest pause a ``Retry-After`` imposes (a site asking for hours is read as five minutes)."""
SLOW_DOWN = frozenset({429, 503})


def backoff_s(tries: int, retry_after: float | None) -> float:
    """How long to wait before asking again: the site's ``Retry-After``, else 2, 4, 8, … s (at most
    :data:`MAX_PAUSE_S`)."""
    wait = retry_after if retry_after is not None and retry_after >= 0 else 2.0 * 2**tries
    return min(max(wait, 0.5), MAX_PAUSE_S)


@dataclass(frozen=True, kw_only=True)
class CrawlPlan:
    start: str
    """The canonical start URL."""
    scope: Scope
    max_pages: int = 1000
    max_depth: int | None = None
    concurrency: int = 4
    use_sitemaps: bool = True
    respect_robots: bool = True
    near_duplicate: float = NEAR_DUPLICATE


@dataclass(frozen=True)
class CrawlRead:
    """One page read for the crawl: its extract, its links, its fingerprint (and body, for data)."""

    page: PageExtract
    links: PageLinks = field(default_factory=PageLinks)
    fingerprint: Fingerprint = field(default_factory=lambda: Fingerprint(key=b""))
    body: str | bytes | None = None
    is_html: bool = True
    render_gain: bool | None = None
    """Whether rendering the page in a browser added to it (None: it was not rendered)."""


@dataclass(frozen=True, kw_only=True)
class CrawlTools:
    read: Callable[[str], Awaitable[CrawlRead]]
    """Read one URL through the guarded pipeline (robots.txt and the site's pace included)."""
    allowed: Callable[[str], Awaitable[bool]]
    """Whether robots.txt lets the crawl read a URL."""
    check_url: Callable[[str], None]
    """The guard's checks that need no lookup (``invalid_url``, ``ssrf_blocked`` for a literal address)."""
    sitemap_roots: Callable[[str], Awaitable[tuple[list[str], bool]]]
    """The sitemaps a site names for a URL (robots.txt ``Sitemap:`` lines), else ``/sitemap.xml``
    and True (a guess)."""
    fetch_sitemap: Callable[[str], Awaitable[bytes]]
    data: Callable[[CrawlRead], Awaitable[DataResult]] | None = None
    """With a data schema: the page's typed data, from the body already read."""


Sink = Callable[[CrawlLine], None]


class Crawler:
    def __init__(
        self,
        plan: CrawlPlan,
        tools: CrawlTools,
        state: CrawlState,
        sink: Sink,
        *,
        on_progress: Callable[[CrawlCounts], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.plan = plan
        self.scope = plan.scope
        self.tools = tools
        self.state = state
        self.sink = sink
        self.on_progress = on_progress
        self.clock = clock
        self.rewrites = Rewrites()
        self.counts = CrawlCounts()
        self.warnings: list[str] = []
        self._blocked: set[str] = set()
        self._dispatched = 0
        self._in_flight = 0
        self._paused_until = 0.0
        self._budget_reached = False
        self._cancelled = False
        self._changed = asyncio.Condition()
        self._started = clock()
        self._base_lines = 0
        self._canonical: OrderedDict[str, str | None] = OrderedDict()
        """The canonical form of links met recently (menus link the same pages from every page)."""
        self._probes = Probes(self.rewrites)
        self._counted_off: OrderedDict[str, None] = OrderedDict()
        """Off-scope links counted recently (the state keeps the count; this spares it the writes)."""
        self._found = 0
        """URLs queued so far in this run, counting those already taken (for the progress display)."""

    # --- the run ------------------------------------------------------------------------------
    async def run(
        self, *, first: CrawlRead | None = None, resumed_lines: list[str] | None = None
    ) -> CrawlSummary:
        """Crawl until nothing is left or the budget is spent (see the module doc for the steps)."""
        self.rewrites = Rewrites.loads(await self.state.get_meta("rewrites"))
        self._probes = Probes(self.rewrites)
        # 1. the start page, or the state of an earlier run
        if resumed_lines is not None:
            again = await self.state.reconcile(resumed_lines)
            log.info("crawl_resumed", lines=len(resumed_lines), queued_again=again)
            await self._restore_scope()
        elif first is not None:
            start = Task(url=self.plan.start, depth=0)
            await self.state.queue(Found(self.plan.start, 0, None))
            await self.state.take(1, self.clock())
            self._dispatched = 1
            # 2. the scope follows the start page's own origin
            await self._follow_start_redirect(first)
            # 3. the sitemaps
            if self.plan.use_sitemaps:
                await self._queue_sitemaps()
            await self._settle(start, first)
        # 4. the readers
        self._found = (await self.state.counts()).queued + self._dispatched
        try:
            async with asyncio.TaskGroup() as group:
                for _ in range(max(self.plan.concurrency, 1)):
                    group.create_task(self._reader())
        except asyncio.CancelledError:
            self._cancelled = True
            raise
        # 5. the summary
        return await self.summary()

    def cancel(self) -> None:
        """Stop taking URLs; the readers finish what they hold (it is read again on resume if cut)."""
        self._cancelled = True

    async def summary(self) -> CrawlSummary:
        counts = await self._counts()
        stopped = "cancelled" if self._cancelled else "max_pages" if self._budget_reached else "done"
        if stopped == "max_pages" and counts.queued:
            counts = counts.model_copy(update={"cut": {**counts.cut, "max_pages": counts.queued}})
        return CrawlSummary(
            url=self.plan.start,
            scope=self.scope.describe(),
            counts=counts,
            stopped=stopped,
            warnings=list(self.warnings),
        )

    def resume_from(self, *, lines: int, pages: int, errors: int, duplicates: int) -> None:
        """Start the counts (and the budget) from what an earlier run wrote."""
        self._dispatched = self._base_lines = lines
        self.counts = self.counts.model_copy(
            update={"pages": pages, "errors": errors, "duplicates": duplicates}
        )

    # --- taking URLs ----------------------------------------------------------------------------
    async def _reader(self) -> None:
        while (task := await self._next()) is not None:
            try:
                await self._handle(task)
            finally:
                self._probes.end(task.url)
                self._in_flight -= 1
                await self._notify()

    async def _notify(self) -> None:
        async with self._changed:
            self._changed.notify_all()

    async def _wait(self, seconds: float | None) -> None:
        """Until another reader changes something (a page settled, a URL put back), or ``seconds``."""
        async with self._changed:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(seconds):
                    await self._changed.wait()

    async def _next(self) -> Task | None:
        while True:
            if self._cancelled:
                return None
            if self._dispatched >= self.plan.max_pages:
                self._budget_reached = True
                return None
            now = self.clock()
            if now < self._paused_until:
                await self._wait(self._paused_until - now)
                continue
            tasks = await self.state.take(1, now)
            if tasks:
                task = tasks[0]
                if await self._renamed(task):
                    continue
                if await self._waits_for_twin(task) or not self._probes.start(task.url):
                    await self.state.defer(task, now + PROBE_WAIT_S)  # its twin or a test comes first
                    continue
                if task.tries == 0:
                    self._dispatched += 1
                self._in_flight += 1
                return task
            ready = await self.state.next_ready_at()
            if self._in_flight == 0 and ready is None:
                return None
            await self._wait(max(ready - now, 0.05) if ready is not None else None)

    async def _renamed(self, task: Task) -> bool:
        """Whether what the site taught since ``task`` was queued names it otherwise (a parameter it
        ignores, an index file): then it is recorded as that name's alias, and that name is queued
        unless it is known already; nothing is read for ``task`` itself."""
        current = self.canonical(task.url)
        if current is None or current == task.url:
            return False
        if not await self.state.is_seen(current):
            await self.state.queue(Found(current, task.depth, task.found_on))
            self._found += 1
        await self.state.alias_taken(task, current)
        return True

    async def _waits_for_twin(self, task: Task) -> bool:
        """Whether ``task`` should wait for its elder twin (:func:`~weblens.crawl.learn.elder_twin`) to be
        read first: then, if they are one page, ``task`` is known as a duplicate — or, once the site's
        rule is learned, never read."""
        if task.url.partition("?")[2] and not self._probes.has_unknown(task.url):
            return False  # every parameter of it is known to matter
        twin = elder_twin(task.url, self.rewrites)
        return twin is not None and await self.state.is_pending(twin)

    # --- one page -------------------------------------------------------------------------------
    async def _handle(self, task: Task) -> None:
        if self._host(task.url) in self._blocked:  # found before its host was refused
            await self.state.cut_taken(task, "ssrf_blocked")
            return
        try:
            read = await self.tools.read(task.url)
        except HTTPError as exc:
            if exc.status in SLOW_DOWN and task.tries < MAX_TRIES:
                await self._slow_down(task, exc)
                return
            await self._error(task, exc)
        except SSRFBlocked as exc:  # its host resolves to a private address: reported once, never a line
            self._block(task.url, exc)
            await self.state.cut_taken(task, "ssrf_blocked")
        except WeblensError as exc:
            await self._error(task, exc)
        except Exception as exc:
            log.error("crawl_internal_error", url=task.url, error=repr(exc))
            await self._error(task, InternalError(f"unexpected {type(exc).__name__}: {exc}", url=task.url))
        else:
            await self._settle(task, read)

    async def _slow_down(self, task: Task, exc: HTTPError) -> None:
        wait = backoff_s(task.tries, exc.retry_after)
        until = self.clock() + wait
        self._paused_until = max(self._paused_until, until)
        await self.state.retry_later(task, until)
        log.info(
            "crawl_backoff", url=task.url, status=exc.status, wait_s=round(wait, 1), tries=task.tries + 1
        )

    async def _error(self, task: Task, exc: WeblensError) -> None:
        await self.state.fail(task)
        error = CrawlError(code=exc.code, message=exc.message, url=exc.url or task.url)
        self._write(CrawlLine(url=task.url, depth=task.depth, found_on=task.found_on, error=error))

    async def _settle(self, task: Task, read: CrawlRead) -> None:
        aliases = self._aliases(task, read)
        links = await self._links(task, read)
        settled = await self.state.settle(
            task,
            aliases=aliases,
            fingerprint=read.fingerprint,
            links=links,
            near_duplicate=self.plan.near_duplicate,
        )
        self._found += settled.queued
        line = CrawlLine(url=task.url, depth=task.depth, found_on=task.found_on)
        if settled.duplicate_of is not None:
            await self._learn(task.url, settled.duplicate_of)
            self._write(line.model_copy(update={"duplicate_of": settled.duplicate_of}))
            return
        data = await self._data(read) if self.tools.data is not None and read.is_html else None
        self._write(line.model_copy(update={"page": read.page, "data": data}))
        self._probes.new_page(task.url)

    def _aliases(self, task: Task, read: CrawlRead) -> list[str]:
        """Other names of the page just read: where it redirected, the canonical URL it declares."""
        aliases: list[str] = []
        final = canonical_url(read.page.final_url or task.url)
        if final is not None and final != task.url:
            alias = origin_alias(task.url, final)
            if alias is not None and alias[0] not in self.rewrites.origins:
                self.rewrites.origins[alias[0]] = alias[1]
            if self.scope.is_in_scope(final):
                aliases.append(final)
        declared = canonical_url(read.links.canonical) if read.links.canonical else None
        if declared is not None and declared not in (task.url, final) and self.scope.is_in_scope(declared):
            aliases.append(declared)
        return aliases

    async def _data(self, read: CrawlRead) -> DataResult:
        assert self.tools.data is not None
        try:
            return await self.tools.data(read)
        except WeblensError as exc:
            return DataResult(url=read.page.final_url, warnings=[f"{exc.code}: {exc.message}"])

    def _write(self, line: CrawlLine) -> None:
        self.sink(line)
        kind = line.kind
        field_name = {"page": "pages", "error": "errors", "duplicate": "duplicates"}[kind]
        self.counts = self.counts.model_copy(update={field_name: getattr(self.counts, field_name) + 1})
        if self.on_progress is not None:
            self.on_progress(self._snapshot())

    # --- links ----------------------------------------------------------------------------------
    async def _links(self, task: Task, read: CrawlRead) -> list[Found]:
        if read.links.nofollow:
            return []
        return await self.consider(read.links.links, task.depth + 1, task.url, exclude={task.url})

    def canonical(self, raw: str) -> str | None:
        """A found URL's canonical form, with what the site taught applied."""
        url = self._canonical.get(raw, _MISSING)
        if url is _MISSING:
            url = canonical_url(raw)
            self._canonical[raw] = url
            if len(self._canonical) > CANONICAL_MEMO:
                self._canonical.popitem(last=False)
        else:
            self._canonical.move_to_end(raw)
        if url is None:
            return None
        rewritten = self.rewrites.apply(url)
        return url if rewritten == url else canonical_url(rewritten)

    async def consider(
        self, raws: Sequence[str], depth: int, found_on: str | None, *, exclude: Collection[str] = ()
    ) -> list[Found]:
        """URLs found at ``depth`` on ``found_on``: those to queue (each once, in order); the rest are
        not page URLs, out of scope (counted), seen, or cut (counted, once each)."""
        fresh: dict[str, None] = {}
        for raw in raws:
            url = self.canonical(raw)
            if url is None or url in fresh or url in exclude:
                continue
            if self.scope.is_in_scope(url):
                fresh[url] = None
            else:
                await self._count_off_scope(url)
        seen = await self.state.seen_of(list(fresh))
        found: list[Found] = []
        for url in fresh:
            if url in seen:
                continue
            candidate = Found(url, depth, found_on)
            reason = await self._cut_reason(url, depth)
            if reason is None:
                found.append(candidate)
            else:
                await self.state.cut(candidate, reason)
        return found

    async def _count_off_scope(self, url: str) -> None:
        if url in self._counted_off:
            self._counted_off.move_to_end(url)
            return
        self._counted_off[url] = None
        if len(self._counted_off) > CANONICAL_MEMO:
            self._counted_off.popitem(last=False)
        if await self.state.bump("off_scope", url) == 1:
            self.counts = self.counts.model_copy(update={"off_scope": self.counts.off_scope + 1})

    async def _cut_reason(self, url: str, depth: int) -> str | None:
        if self.plan.max_depth is not None and depth > self.plan.max_depth:
            return "max_depth"
        if self._host(url) in self._blocked:
            return "ssrf_blocked"
        try:
            self.tools.check_url(url)
        except SSRFBlocked as exc:
            self._block(url, exc)
            return "ssrf_blocked"
        except InvalidURL:
            return "invalid_url"
        if (trap := trap_of(url)) is not None:
            return trap
        if (key := path_key(url)) is not None and await self.state.bump(
            "query_variants", key
        ) > MAX_QUERY_VARIANTS:
            return "query_variants"
        if (shape := date_shape(url)) is not None and await self.state.bump(
            "date_pages", shape
        ) > MAX_DATE_PAGES:
            return "date_pages"
        if self.plan.respect_robots and not await self.tools.allowed(url):
            return "robots_disallowed"
        return None

    @staticmethod
    def _host(url: str) -> str:
        from urllib.parse import urlsplit

        return urlsplit(url).netloc

    def _block(self, url: str, exc: WeblensError) -> None:
        """Remember a host the SSRF guard refuses (reported once, its other URLs cut unread)."""
        host = self._host(url)
        if host not in self._blocked:
            self._blocked.add(host)
            self.warnings.append(
                f"ssrf_blocked: {host} is not a public address ({exc.message}); its URLs are not read"
            )

    # --- what the site teaches ----------------------------------------------------------------
    async def _learn(self, url: str, duplicate_of: str) -> None:
        changed = False
        pair = index_pair(duplicate_of, url)
        if pair is not None and pair[0] not in self.rewrites.index:
            host, name, form = pair
            self.rewrites.index[host] = (name, form)
            changed = True
        extra = differing_params(url, duplicate_of)
        if extra:
            host = self._host(url)
            for name in extra:
                if await self.state.bump("param", f"{host} {name}") >= PARAM_EVIDENCE:
                    self.rewrites.params.setdefault(host, set()).add(name)
                    changed = True
                    self._probes.settle(host, name, ignored=True)
        if changed:
            await self.state.set_meta("rewrites", self.rewrites.dumps())

    async def _follow_start_redirect(self, first: CrawlRead) -> None:
        final = canonical_url(first.page.final_url or self.plan.start)
        if final is None or final == self.plan.start:
            return
        moved = Scope(
            start=final,
            kind=self.scope.kind,
            include=self.scope.include,
            exclude=self.scope.exclude,
            include_query=self.scope.include_query,
            allow_subdomains=self.scope.allow_subdomains,
            extra_hosts=self.scope.extra_hosts | {self.scope.host},
        )
        self.scope = moved
        await self.state.set_meta("scope_start", final)
        alias = origin_alias(self.plan.start, final)
        if alias is not None:
            self.rewrites.origins[alias[0]] = alias[1]
            await self.state.set_meta("rewrites", self.rewrites.dumps())

    async def _restore_scope(self) -> None:
        moved = await self.state.get_meta("scope_start")
        if moved:
            self.scope = Scope(
                start=moved,
                kind=self.scope.kind,
                include=self.scope.include,
                exclude=self.scope.exclude,
                include_query=self.scope.include_query,
                allow_subdomains=self.scope.allow_subdomains,
                extra_hosts=self.scope.extra_hosts | {self.scope.host},
            )

    # --- sitemaps -------------------------------------------------------------------------------
    async def _queue_sitemaps(self) -> None:
        roots, guessed = await self.tools.sitemap_roots(self.scope.start)
        queued = 0
        batch: list[SitemapEntry] = []
        sitemaps = read_sitemaps(self.tools.fetch_sitemap, roots, warn=self.warnings.append, guessed=guessed)
        async for entry in sitemaps:
            batch.append(entry)
            if len(batch) >= SITEMAP_BATCH:
                queued += await self._queue_entries(batch)
                batch = []
        queued += await self._queue_entries(batch)
        log.info("crawl_sitemaps", roots=len(roots), queued=queued)

    async def _queue_entries(self, entries: list[SitemapEntry]) -> int:
        queued = 0
        for sitemap in dict.fromkeys(entry.sitemap for entry in entries):
            listed = [entry.url for entry in entries if entry.sitemap == sitemap]
            for found in await self.consider(listed, 1, sitemap):
                queued += await self.state.queue(found)
        return queued

    # --- progress -------------------------------------------------------------------------------
    def _snapshot(self) -> CrawlCounts:
        elapsed = self.clock() - self._started
        rate = (self.counts.lines - self._base_lines) / elapsed if elapsed > 0 else 0.0
        queued = max(self._found - self._dispatched, 0)
        left = min(self.plan.max_pages - self._dispatched, queued) + self._in_flight
        return self.counts.model_copy(
            update={
                "in_flight": self._in_flight,
                "queued": queued,
                "elapsed_s": round(elapsed, 2),
                "pages_per_s": round(rate, 2),
                "eta_s": round(left / rate, 1) if rate > 0 else None,
            }
        )

    async def _counts(self) -> CrawlCounts:
        state = await self.state.counts()
        snapshot = self._snapshot()
        return snapshot.model_copy(update={"queued": state.queued, "cut": dict(state.cut), "in_flight": 0})
