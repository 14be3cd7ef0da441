"""Synchronous one-shots: the Lens methods for scripts and notebooks without an event loop.

Each call opens a Lens from the settings, does one thing, and closes it. With the default SQLite
cache, repeated calls still share cached pages. They take what the Lens methods take: a request
model, or its first field positionally and the others as keywords::

    weblens.browse("https://example.org/", render="never")
    weblens.gather(GatherRequest(query="tide pools", read=2))
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from weblens.config import Settings
from weblens.models import GatherResponse, PageExtract, SearchResponse
from weblens.requests import BrowseRequest, GatherRequest, SearchRequest
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
    request: BrowseRequest | str | None = None, /, *, settings: Settings | None = None, **fields: Any
) -> PageExtract:
    """Read one page (see :meth:`weblens.Lens.browse`)."""
    req = BrowseRequest.build(request, **fields)
    return _once(settings, lambda lens: lens.browse(req))


def search(
    request: SearchRequest | str | None = None, /, *, settings: Settings | None = None, **fields: Any
) -> SearchResponse:
    """Search (see :meth:`weblens.Lens.search`)."""
    req = SearchRequest.build(request, **fields)
    return _once(settings, lambda lens: lens.search(req))


def gather(
    request: GatherRequest | str | None = None, /, *, settings: Settings | None = None, **fields: Any
) -> GatherResponse:
    """Search and read the top results (see :meth:`weblens.Lens.gather`)."""
    req = GatherRequest.build(request, **fields)
    return _once(settings, lambda lens: lens.gather(req))
