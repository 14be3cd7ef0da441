"""Reading the top results of a search: HTTP first, then rendering where needed, under one deadline.

Each URL is fetched over HTTP, ``concurrency`` at a time (cached pages answer at once), and as soon
as its extraction calls for it, rendered (the renderer bounds its own concurrency) — a slow page
never holds back the rendering of the others. A URL that fails becomes a
:class:`~weblens.models.GatherFailure` and never sinks the batch; a page with nothing to cite (an
anti-bot wall, an empty shell) is reported as a failure too; a URL still unread when the gather's
deadline passes is a ``fetch_timeout`` failure. ``on_result`` hears of each URL as soon as it is
done (read, failed or overdue), so a caller can stream pages while the slower ones are still coming.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence

from weblens.errors import ExtractionFailed, FetchTimeout, WeblensError
from weblens.logs import get_logger
from weblens.models import GatherFailure, Outcome, PageExtract, RenderMode
from weblens.reader import PageReader, ReadCall

__all__ = ["ResultHook", "read_many"]

log = get_logger("weblens.gather")

Phase1 = PageExtract | GatherFailure | None  # None: render-only (mode "always")
ResultHook = Callable[[int, PageExtract | GatherFailure], None]
"""Told ``(index in urls, outcome)`` once per URL, as it finishes."""


async def read_many(
    reader: PageReader,
    urls: Sequence[str],
    call: ReadCall,
    *,
    concurrency: int = 3,
    deadline_s: float | None = None,
    on_result: ResultHook | None = None,
) -> list[PageExtract | GatherFailure]:
    """Results in the order of ``urls``: each a page or the failure that stopped it.

    At most ``concurrency`` URLs are fetched at once (each site's own politeness applies on top, in
    the reader), so memory and time grow with the number of URLs, not faster. ``deadline_s`` bounds
    the whole reading: a URL still unfinished when it passes becomes a ``fetch_timeout`` failure
    (hung servers cannot hold the slots of the others for longer). ``on_result`` is told of every
    URL exactly once, in completion order (the overdue ones last).
    """
    slots = asyncio.Semaphore(concurrency)
    hook = _safe(on_result)

    async def one(index: int, url: str) -> PageExtract | GatherFailure:
        outcome = await _read_one(reader, url, call, slots)
        hook(index, outcome)
        return outcome

    tasks = [asyncio.create_task(one(i, url)) for i, url in enumerate(urls)]
    if not tasks:
        return []
    done, pending = await asyncio.wait(tasks, timeout=deadline_s)
    for task in pending:
        task.cancel()
    await asyncio.gather(*pending, return_exceptions=True)
    outcomes: list[PageExtract | GatherFailure] = []
    for i, (url, task) in enumerate(zip(urls, tasks, strict=True)):
        if task in done:
            outcomes.append(task.result())
        else:
            outcomes.append(failure(url, _overdue(url, deadline_s)))
            hook(i, outcomes[-1])
    return outcomes


def _safe(on_result: ResultHook | None) -> ResultHook:
    """``on_result`` made harmless: a broken listener (a closed stream, a bad display) never sinks
    the reading."""

    def hook(index: int, outcome: PageExtract | GatherFailure) -> None:
        if on_result is None:
            return
        try:
            on_result(index, outcome)
        except Exception:
            log.warning("gather_listener_failed", index=index)

    return hook


def _overdue(url: str, deadline_s: float | None) -> WeblensError:
    return FetchTimeout(f"not read within the gather deadline of {deadline_s:g} s", url=url)


async def _read_one(
    reader: PageReader, url: str, call: ReadCall, slots: asyncio.Semaphore
) -> PageExtract | GatherFailure:
    return await _render_phase(reader, url, call, await _http_phase(reader, url, call, slots))


async def _http_phase(reader: PageReader, url: str, call: ReadCall, slots: asyncio.Semaphore) -> Phase1:
    async with slots:
        try:
            target = reader.guard.check_url(url).url
            if not call.refresh and (cached := await reader.cached(target, call)):
                return cached
            if call.mode is RenderMode.ALWAYS:
                return None
            return await reader.http(target, call)
        except WeblensError as exc:
            return failure(url, exc)


async def _render_phase(
    reader: PageReader, url: str, call: ReadCall, got: Phase1
) -> PageExtract | GatherFailure:
    if isinstance(got, GatherFailure):
        return got
    if got is not None and got.from_cache:
        return usable(url, got)
    try:
        target = reader.guard.check_url(url).url
        if got is None:
            page, rendered = await reader.render(target, call), True
        else:
            page, rendered = await reader.escalate(target, got, call)
        if rendered:
            log.info("search_render_fallback", url=url, outcome=page.outcome.value)
    except WeblensError as exc:
        return failure(url, exc)
    await reader.store(target, page, call, rendered=rendered)
    return usable(url, page)


def _stage(exc: WeblensError) -> str:
    if isinstance(exc, ExtractionFailed):
        return "extract"
    if exc.code.startswith("render"):
        return "render"
    return "fetch"


def failure(url: str, exc: WeblensError) -> GatherFailure:
    log.warning("search_error", provider=None, stage=_stage(exc), attempts=1, error=exc.code, url=url)
    return GatherFailure(url=url, code=exc.code, message=exc.message)


def usable(url: str, page: PageExtract) -> PageExtract | GatherFailure:
    """A page with nothing to cite is reported as a failure (``extraction_failed``)."""
    if page.outcome is Outcome.CHALLENGE:
        return failure(url, ExtractionFailed("anti-bot challenge page, no content", url=url))
    if not page.text.strip():
        return failure(url, ExtractionFailed("no readable text on the page", url=url))
    return page
