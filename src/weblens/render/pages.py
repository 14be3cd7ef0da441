"""Fresh, locked-down pages for jobs, with one opened ahead of need.

Opening a browser context and its first page costs Chromium a new renderer
process (about 100 ms). :class:`PageSupply` keeps one such page ready, opened
while the previous job was finishing, so a job only waits when jobs overlap.
A spare page is a brand-new context that has loaded nothing, so handing it
out keeps every job isolated; each page serves one job and is then closed.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from weblens.render.browser import BrowserSession
from weblens.render.guard import context_options, harden
from weblens.render.options import RenderOptions

if TYPE_CHECKING:
    from playwright.async_api import Page

__all__ = ["PageSupply", "close_page"]

_CLOSE_TIMEOUT_S = 5.0


async def open_page(session: BrowserSession, options: RenderOptions) -> Page:
    context = await session.browser.new_context(**context_options(options))
    try:
        return await harden(context, options)
    except BaseException:
        await _close_quietly(context.close())
        raise


async def close_page(page: Page) -> None:
    """Close the page's whole context (cookies and storage go with it)."""
    await _close_quietly(page.context.close())


async def _close_quietly(closing: Awaitable[None]) -> None:
    with contextlib.suppress(Exception):
        async with asyncio.timeout(_CLOSE_TIMEOUT_S):
            await closing


@dataclass
class _Spare:
    session: BrowserSession
    task: asyncio.Task[Page]


class PageSupply:
    def __init__(self, options: RenderOptions) -> None:
        self._options = options
        self._spare: _Spare | None = None
        self._background: set[asyncio.Task[None]] = set()

    async def take(self, session: BrowserSession) -> Page:
        """A fresh page in ``session``'s browser: the spare if it is ready and sound, else a new one."""
        spare, self._spare = self._spare, None
        if spare is not None and spare.session is session and not spare.task.done():
            await self._wait_for(spare)  # already on its way: cheaper than opening another
        if spare is not None:
            page = _ready(spare, session)
            if page is not None:
                return page
            self._discard(spare)
        return await open_page(session, self._options)

    async def _wait_for(self, spare: _Spare) -> None:
        try:
            await asyncio.wait([spare.task])
        except asyncio.CancelledError:  # the job's deadline: keep the page for the next job
            if self._spare is None:
                self._spare = spare
            else:
                self._discard(spare)
            raise

    def prepare(self, session: BrowserSession) -> None:
        """Start opening the next job's page now, if none is waiting."""
        if self._spare is None and session.connected:
            task = asyncio.create_task(open_page(session, self._options))
            task.add_done_callback(_retrieve)
            self._spare = _Spare(session, task)

    async def aclose(self) -> None:
        """Drop the spare page and wait for pages being closed in the background."""
        spare, self._spare = self._spare, None
        if spare is not None:
            self._discard(spare)
        if self._background:
            await asyncio.gather(*self._background, return_exceptions=True)

    def _discard(self, spare: _Spare) -> None:
        if not spare.task.done():
            spare.task.cancel()
            return
        page = _result(spare.task)
        if page is not None:
            closing = asyncio.create_task(close_page(page))
            self._background.add(closing)
            closing.add_done_callback(self._background.discard)


def _ready(spare: _Spare, session: BrowserSession) -> Page | None:
    if spare.session is not session or not session.connected:
        return None
    page = _result(spare.task)
    return page if page is not None and not page.is_closed() else None


def _result(task: asyncio.Task[Page]) -> Page | None:
    if not task.done() or task.cancelled() or task.exception() is not None:
        return None
    return task.result()


def _retrieve(task: asyncio.Task[Page]) -> None:
    if not task.cancelled():
        task.exception()
