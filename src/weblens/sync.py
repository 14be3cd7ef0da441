"""Synchronous one-shots: the Lens methods for scripts and notebooks without an event loop.

Each call opens a Lens from the settings, does one thing, and closes it. With the
default SQLite cache, repeated calls still share cached pages.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from typing import TypeVar

from weblens.config import Settings
from weblens.models import GatherResponse, PageExtract, RenderMode, SearchResponse, WaitCondition
from weblens.session import Lens

__all__ = ["browse", "gather", "search"]

T = TypeVar("T")


def _once(settings: Settings | None, work: Callable[[Lens], Awaitable[T]]) -> T:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        pass
    else:
        raise RuntimeError(
            "weblens.browse/search/gather are synchronous; inside async code use `async with Lens()`"
        )

    async def run() -> T:
        async with Lens(settings) as lens:
            return await work(lens)

    return asyncio.run(run())


def browse(
    url: str,
    render: RenderMode | str | None = None,
    *,
    wait: WaitCondition | str | None = None,
    render_timeout_s: float | None = None,
    refresh: bool = False,
    include_comments: bool | None = None,
    settings: Settings | None = None,
) -> PageExtract:
    return _once(
        settings,
        lambda lens: lens.browse(
            url,
            render,
            wait=wait,
            render_timeout_s=render_timeout_s,
            refresh=refresh,
            include_comments=include_comments,
        ),
    )


def search(
    query: str,
    *,
    max_results: int | None = None,
    recency_days: int | None = None,
    site_include: Sequence[str] = (),
    site_exclude: Sequence[str] = (),
    language: str | None = None,
    region: str | None = None,
    refresh: bool = False,
    settings: Settings | None = None,
) -> SearchResponse:
    return _once(
        settings,
        lambda lens: lens.search(
            query,
            max_results=max_results,
            recency_days=recency_days,
            site_include=site_include,
            site_exclude=site_exclude,
            language=language,
            region=region,
            refresh=refresh,
        ),
    )


def gather(
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
    settings: Settings | None = None,
) -> GatherResponse:
    return _once(
        settings,
        lambda lens: lens.gather(
            query,
            read,
            render=render,
            max_results=max_results,
            recency_days=recency_days,
            site_include=site_include,
            site_exclude=site_exclude,
            language=language,
            region=region,
            refresh=refresh,
        ),
    )
