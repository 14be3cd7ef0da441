"""ChromiumRenderer: render a RenderJob in headless Chromium behind the SSRF guard.

    async with ChromiumRenderer(guard, RenderOptions()) as renderer:
        result = await renderer.render(RenderJob(url=url, wait=WaitCondition(kind="networkidle")))

Each job gets a fresh browser context (cookies, storage and cache never carry
over), at most ``max_concurrency`` jobs render at once, and a job's timeout
runs from the call, so time spent queueing counts. Every request the page
makes leaves through the guarded proxy (see docs/render-security.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable
from dataclasses import dataclass, replace
from types import TracebackType
from typing import TYPE_CHECKING, Self, TypeVar

from weblens.errors import RenderFailed, RenderTimeout, WeblensError
from weblens.models import RenderJob, RenderResult
from weblens.net.guard import Guard
from weblens.render.browser import BrowserHost, BrowserSession
from weblens.render.document import (
    MainDocumentWatch,
    NavigationFailure,
    Snapshot,
    navigation_error,
    take_snapshot,
)
from weblens.render.options import RenderOptions
from weblens.render.pages import PageSupply, close_page
from weblens.render.waits import NetworkIdle, goto_wait, wait_ready

if TYPE_CHECKING:
    from playwright.async_api import Page

__all__ = ["ChromiumRenderer", "RenderStats"]

T = TypeVar("T")


@dataclass(frozen=True, kw_only=True)
class RenderStats:
    launches: int
    rendered: int
    failed: int
    requests_refused: int
    browser_pid: int | None


class ChromiumRenderer:
    """The real :class:`~weblens.render.base.Renderer`: Playwright over the system Chromium."""

    def __init__(self, guard: Guard, options: RenderOptions | None = None) -> None:
        self._guard = guard
        self._options = options or RenderOptions()
        self._host = BrowserHost(guard, self._options)
        self._pages = PageSupply(self._options)
        self._slots = asyncio.Semaphore(self._options.max_concurrency)
        self._active = 0
        self._idle_timer: asyncio.TimerHandle | None = None
        self._idle_close: asyncio.Task[None] | None = None
        self._closed = False
        self._rendered = 0
        self._failed = 0
        self._refused_before = 0

    # --- lifecycle -----------------------------------------------------
    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Close the browser and the proxy; no Chromium process outlives this call."""
        self._closed = True
        self._cancel_idle()
        if self._idle_close is not None:
            with contextlib.suppress(Exception):
                await self._idle_close
        await self._close_browser(final=True)

    def stats(self) -> RenderStats:
        session = self._host.session
        return RenderStats(
            launches=self._host.launches,
            rendered=self._rendered,
            failed=self._failed,
            requests_refused=self._refused_before + (session.proxy.refused if session else 0),
            browser_pid=session.pid if session else None,
        )

    def browser_processes(self) -> list[int]:
        """Pids of the current browser's processes (empty when none is running)."""
        session = self._host.session
        return session.processes() if session else []

    # --- rendering -----------------------------------------------------
    async def render(self, job: RenderJob) -> RenderResult:
        """Render ``job.url``; raises RenderTimeout, RenderFailed, SSRFBlocked or InvalidURL."""
        self._guard.check_url(job.url)
        if self._closed:
            raise RenderFailed("the renderer is closed", url=job.url)
        deadline = asyncio.get_running_loop().time() + job.timeout_s
        self._active += 1
        self._cancel_idle()
        try:
            result = await self._render_by(job, deadline)
        except WeblensError:
            self._failed += 1
            raise
        finally:
            self._active -= 1
            self._schedule_idle()
        self._rendered += 1
        return result

    async def _render_by(self, job: RenderJob, deadline: float) -> RenderResult:
        started = time.perf_counter()
        await _within(deadline, job, self._slots.acquire())
        try:
            snapshot = await self._render_with_retry(job, deadline)
        finally:
            self._slots.release()
        return RenderResult(
            job_id=job.job_id,
            url=job.url,
            final_url=snapshot.href,
            title=snapshot.title,
            html=snapshot.html,
            elapsed_ms=(time.perf_counter() - started) * 1000,
            status=snapshot.response.status if snapshot.response else None,
            content_type=snapshot.response.content_type if snapshot.response else None,
        )

    async def _render_with_retry(self, job: RenderJob, deadline: float) -> Snapshot:
        """Render in the live browser; if it turned out to be gone (crash, kill), once more in a new one."""
        session = await _within(deadline, job, self._host.acquire())
        try:
            return await self._render_in(session, job, deadline)
        except _BrowserLost:
            session = await _within(deadline, job, self._host.acquire())
        try:
            return await self._render_in(session, job, deadline)
        except _BrowserLost as exc:
            raise RenderFailed(exc.message, url=job.url) from exc

    async def _render_in(self, session: BrowserSession, job: RenderJob, deadline: float) -> Snapshot:
        """One attempt in a fresh page, closed afterwards (outside the deadline, so a result is kept)."""
        from playwright.async_api import Error
        from playwright.async_api import TimeoutError as PlaywrightTimeout

        page: Page | None = None
        try:
            async with asyncio.timeout_at(deadline):
                page = await self._pages.take(session)
                return await self._load(session, page, job, deadline)
        except (TimeoutError, PlaywrightTimeout) as exc:
            raise _timeout(job) from exc
        except Error as exc:
            if not session.connected:
                raise _BrowserLost("the browser went away during rendering", url=job.url) from exc
            raise RenderFailed(f"rendering failed: {exc.message}", url=job.url) from exc
        finally:
            if page is not None:
                await close_page(page)
            if self._options.spare_page and not self._closed:
                self._pages.prepare(session)

    async def _load(self, session: BrowserSession, page: Page, job: RenderJob, deadline: float) -> Snapshot:
        from playwright.async_api import Error
        from playwright.async_api import TimeoutError as PlaywrightTimeout

        watch = MainDocumentWatch(page)
        idle = NetworkIdle(page) if job.wait.kind == "networkidle" else None
        try:
            await page.goto(job.url, wait_until=goto_wait(job.wait), timeout=_left_ms(deadline))
        except PlaywrightTimeout:
            raise
        except Error as exc:
            failed = watch.last_failure() or NavigationFailure(job.url, exc.message.splitlines()[0])
            raise _navigation_error(session, failed, job.url) from exc
        await wait_ready(page, job.wait, idle, _left_ms(deadline))
        snapshot = await take_snapshot(page)
        failure = watch.failure_for(snapshot.href)
        if failure is not None:
            raise _navigation_error(session, failure, job.url)
        return replace(snapshot, response=watch.response_for(snapshot.href))

    # --- idle close ----------------------------------------------------
    def _schedule_idle(self) -> None:
        self._cancel_idle()
        if self._active or self._closed or self._host.session is None:
            return
        loop = asyncio.get_running_loop()
        self._idle_timer = loop.call_later(self._options.idle_close_s, self._start_idle_close)

    def _cancel_idle(self) -> None:
        if self._idle_timer is not None:
            self._idle_timer.cancel()
            self._idle_timer = None

    def _start_idle_close(self) -> None:
        self._idle_timer = None
        if not self._active and self._idle_close is None:
            self._idle_close = asyncio.create_task(self._close_when_idle())

    async def _close_when_idle(self) -> None:
        try:
            if not self._active:
                await self._close_browser()
        finally:
            self._idle_close = None

    async def _close_browser(self, *, final: bool = False) -> None:
        await self._pages.aclose()
        session = self._host.session
        if session is not None:
            self._refused_before += session.proxy.refused
        await self._host.close(final=final)


class _BrowserLost(RenderFailed):
    """The browser disconnected under a job (crash or kill); the job may be retried once."""


def _timeout(job: RenderJob) -> RenderTimeout:
    return RenderTimeout(f"rendering did not finish within {job.timeout_s:g} s", url=job.url)


async def _within(deadline: float, job: RenderJob, step: Awaitable[T]) -> T:
    """Await ``step`` before the job's deadline; RenderTimeout otherwise."""
    try:
        async with asyncio.timeout_at(deadline):
            return await step
    except TimeoutError as exc:
        raise _timeout(job) from exc


def _left_ms(deadline: float) -> float:
    return max((deadline - asyncio.get_running_loop().time()) * 1000, 1.0)


def _navigation_error(session: BrowserSession, failure: NavigationFailure, job_url: str) -> WeblensError:
    return navigation_error(session.proxy, failure, job_url)
