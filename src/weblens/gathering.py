"""Reading the top results of a search: HTTP for all first, then rendering where needed.

Phase one fetches every page over HTTP, ``concurrency`` at a time (cached pages answer at
once); phase two renders the pages whose extraction calls for it (the renderer bounds its
own concurrency). A URL that fails becomes a :class:`~weblens.models.GatherFailure` and
never sinks the batch; a page with nothing to cite (an anti-bot wall, an empty shell) is
reported as a failure too.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from weblens.errors import ExtractionFailed, WeblensError
from weblens.logs import get_logger
from weblens.models import GatherFailure, Outcome, PageExtract, RenderMode
from weblens.reader import PageReader

__all__ = ["read_many"]

log = get_logger("weblens.gather")

Phase1 = PageExtract | GatherFailure | None  # None: render-only (mode "always")


async def read_many(
    reader: PageReader, urls: Sequence[str], mode: RenderMode, *, concurrency: int = 3, refresh: bool = False
) -> list[PageExtract | GatherFailure]:
    """Results in the order of ``urls``: each a page or the failure that stopped it."""
    slots = asyncio.Semaphore(concurrency)
    first = await asyncio.gather(*(_http_phase(reader, url, mode, slots, refresh) for url in urls))
    return list(
        await asyncio.gather(
            *(_render_phase(reader, u, mode, got) for u, got in zip(urls, first, strict=True))
        )
    )


async def _http_phase(
    reader: PageReader, url: str, mode: RenderMode, slots: asyncio.Semaphore, refresh: bool
) -> Phase1:
    async with slots:
        try:
            target = reader.guard.check_url(url).url
            if not refresh and (cached := await reader.cached(target, mode)):
                return cached
            if mode is RenderMode.ALWAYS:
                return None
            return await reader.http(target)
        except WeblensError as exc:
            return failure(url, exc)


async def _render_phase(
    reader: PageReader, url: str, mode: RenderMode, got: Phase1
) -> PageExtract | GatherFailure:
    if isinstance(got, GatherFailure):
        return got
    if got is not None and got.from_cache:
        return usable(url, got)
    try:
        target = reader.guard.check_url(url).url
        if got is None:
            page, rendered = await reader.render(target, None, None), True
        else:
            page, rendered = await reader.escalate(target, got, mode, None, None)
        if rendered:
            log.info("search_render_fallback", url=url, outcome=page.outcome.value)
    except WeblensError as exc:
        return failure(url, exc)
    await reader.store(target, page, rendered=rendered)
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
