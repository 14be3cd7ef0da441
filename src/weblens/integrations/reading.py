"""What the document loaders of every framework share: read URLs into pages, their metadata.

Framework-free (the LangChain and LlamaIndex adapters wrap what this yields in their ``Document``).
"""

from __future__ import annotations

import asyncio
import warnings
from collections.abc import AsyncGenerator, Sequence
from typing import Any

from weblens.config import Settings
from weblens.errors import ExtractionFailed, InvalidArgument, WeblensError
from weblens.gathering import usable
from weblens.models import GatherFailure, PageExtract, RenderMode
from weblens.requests import BrowseRequest
from weblens.session import Lens

__all__ = ["PageReading", "SkippedURLWarning", "page_metadata", "render_mode", "url_list"]


class SkippedURLWarning(UserWarning):
    """A URL a loader could not read and left out (``raise_on_error=True`` raises instead)."""


def url_list(urls: str | Sequence[str]) -> list[str]:
    """One URL or many, as a list (a lone string is one URL, not its characters)."""
    return [urls] if isinstance(urls, str) else list(urls)


def render_mode(render: RenderMode | str) -> RenderMode:
    """``render`` checked as a frontend would (``invalid_argument`` naming the field)."""
    try:
        return RenderMode(render)
    except ValueError:
        known = ", ".join(mode.value for mode in RenderMode)
        raise InvalidArgument(f"render: must be one of {known} (got {render!r})", field="render") from None


def page_metadata(page: PageExtract, url: str) -> dict[str, Any]:
    """A Document's metadata: ``source`` (the final URL), ``title``, ``author``, ``published_date``
    when the page has them, ``confidence`` and ``outcome``. Keys with no value are left out (some
    vector stores refuse None)."""
    found = {
        "source": page.final_url or url,
        "title": page.title,
        "author": page.author,
        "published_date": page.published_date,
        "confidence": page.confidence,
        "outcome": page.outcome.value,
    }
    return {key: value for key, value in found.items() if value is not None}


class PageReading:
    """Reads ``urls`` on one Lens, a few at a time (``gather_concurrency``, each site's politeness on
    top), and hands the pages back in the order of ``urls`` (:meth:`pages`). A URL that fails is
    recorded in :attr:`failures` and skipped with a :class:`SkippedURLWarning`, or raised with
    ``raise_on_error``."""

    def __init__(
        self,
        urls: str | Sequence[str],
        *,
        render: RenderMode | str = "auto",
        settings: Settings | None = None,
        raise_on_error: bool = False,
    ) -> None:
        self.urls = url_list(urls)
        self.render = render_mode(render)
        self.settings = settings
        self.raise_on_error = raise_on_error
        self.failures: list[GatherFailure] = []

    async def pages(self) -> AsyncGenerator[tuple[str, PageExtract], None]:
        """``(url, page)`` for each URL read, in order; stopping early cancels the reads left."""
        self.failures.clear()
        async with Lens(self.settings) as lens:
            slots = asyncio.Semaphore(lens.settings.gather_concurrency)

            async def read(url: str) -> PageExtract:
                async with slots:
                    return await lens.browse(BrowseRequest.build(url, render=self.render))

            tasks = [asyncio.create_task(read(url)) for url in self.urls]
            try:
                for url, task in zip(self.urls, tasks, strict=True):
                    try:
                        got = usable(url, await task)  # a challenge page or no text: nothing to load
                    except WeblensError as exc:
                        if self.raise_on_error:
                            raise
                        got = GatherFailure(url=url, code=exc.code, message=exc.message)
                    if isinstance(got, GatherFailure):
                        self._failed(got)
                        continue
                    yield url, got
            finally:
                for task in tasks:
                    task.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)

    def _failed(self, failure: GatherFailure) -> None:
        if self.raise_on_error:
            raise error_for(failure)
        self.failures.append(failure)
        message = f"weblens skipped {failure.url}: {failure.code}: {failure.message}"
        warnings.warn(message, SkippedURLWarning, stacklevel=4)


def error_for(failure: GatherFailure) -> WeblensError:
    """The error a failure that is not an exception stands for (a page with nothing to load)."""
    return ExtractionFailed(failure.message, url=failure.url)
