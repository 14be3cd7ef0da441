"""One interactive browsing session: a browser context, its tabs, and the latest snapshot's numbers.

    snapshot = await session.goto("https://shop.example/")
    snapshot = await session.click(1)                       # accept the cookie banner
    snapshot = await session.type(2, "tide pool guide", submit=True)
    page = await session.read()                             # PageExtract of the current DOM

Every action runs alone (a lock per session), waits until the page settles (:mod:`.settle`), and
returns the new :class:`~weblens.models.Snapshot`; the numbers in it name the controls the next
action may use. A link that opens a new tab moves the session there (``back`` returns). Pages
opened by a page on its own, outside an action of the agent, are closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from weblens.browser import actions
from weblens.browser.actions import Direction
from weblens.browser.options import SessionOptions
from weblens.browser.settle import Traffic, settle
from weblens.browser.snapshot import Candidate, PageData, Seen, View, build_snapshot, page_key
from weblens.errors import (
    ActionFailed,
    ElementNotFound,
    RenderFailed,
    RenderTimeout,
    SessionNotFound,
    SSRFBlocked,
    WeblensError,
)
from weblens.logs import get_logger
from weblens.models import PageExtract, RenderResult, Snapshot
from weblens.net.guard import Guard
from weblens.net.ratelimit import SiteLimiter
from weblens.render.document import MainDocumentWatch, NavigationFailure, navigation_error, take_snapshot
from weblens.render.proxy import GuardedProxy

if TYPE_CHECKING:
    from playwright.async_api import BrowserContext, Dialog, JSHandle, Page

__all__ = ["BrowsingSession", "Extractor"]

log = get_logger("weblens.browser")

Extractor = Callable[[RenderResult], Awaitable[PageExtract]]
"""Turns the session's current DOM into a PageExtract (the Lens's extraction pipeline)."""

_CLOSE_TIMEOUT_S = 5.0
_COLLECT_ATTEMPTS = 3


@dataclass
class Tab:
    page: Page
    number: int
    traffic: Traffic
    watch: MainDocumentWatch
    shown: bool = False
    """An http(s) document has been shown in it (a refused navigation can go back to it)."""


class BrowsingSession:
    """A live page an agent operates by number. Made by :class:`~weblens.browser.SessionRegistry`."""

    def __init__(
        self,
        session_id: str,
        context: BrowserContext,
        *,
        proxy: GuardedProxy,
        guard: Guard,
        limiter: SiteLimiter,
        options: SessionOptions,
        script: str,
        extract: Extractor,
    ) -> None:
        self.id = session_id
        self._context = context
        self._proxy = proxy
        self._guard = guard
        self._limiter = limiter
        self._options = options
        self._script = script
        self._extract = extract
        self._tabs: list[Tab] = []
        self._opened: list[Tab] = []
        self._following = False
        self._own_page = False
        self._numbers = itertools.count(1)
        self._lock = asyncio.Lock()
        self._refs: JSHandle | None = None
        self._targets: tuple[Candidate, ...] = ()
        self._seen: Seen | None = None
        self._chores: set[asyncio.Task[Any]] = set()
        self.last_used = time.monotonic()
        self.busy = False
        self.closed = False

    async def start(self) -> Snapshot:
        """Open the first tab (an empty page) and take its snapshot."""
        self._context.on("page", self._on_page)
        async with self._use():
            return await self._look(View())

    # --- the agent's actions ----------------------------------------------------------------------
    async def goto(self, url: str, *, changes_only: bool = False, text_offset: int = 0) -> Snapshot:
        """Load ``url`` (guarded like every fetch; counts against the site's politeness limit)."""
        target = self._guard.check_url(url)
        await self._guard.resolve(target.host, target.port, url=url)  # refused before any connection
        async with self._use():
            await self._limiter.acquire(target.authority, max_wait_s=self._options.navigation_timeout_s)
            tab = self._tab
            timeout = self._options.navigation_timeout_s * 1000
            await self._navigate(
                tab, url, lambda: tab.page.goto(target.url, wait_until="commit", timeout=timeout)
            )
            return await self._look(View(changes_only, text_offset))

    async def click(self, index: int, *, changes_only: bool = False, text_offset: int = 0) -> Snapshot:
        async def step(tab: Tab) -> None:
            element = await self._element(tab, index)
            await actions.click(element, index, timeout_ms=self._action_ms, tabs=self._context)

        return await self._act(step, View(changes_only, text_offset))

    async def type(
        self, index: int, text: str, submit: bool = False, *, changes_only: bool = False, text_offset: int = 0
    ) -> Snapshot:
        """Put ``text`` in field ``index`` (replacing its text); ``submit``: then Enter / submit its form."""

        async def step(tab: Tab) -> None:
            element = await self._element(tab, index)
            await actions.fill(element, index, text, submit=submit, timeout_ms=self._action_ms)

        return await self._act(step, View(changes_only, text_offset))

    async def select(
        self, index: int, option: str, *, changes_only: bool = False, text_offset: int = 0
    ) -> Snapshot:
        """Choose ``option`` (its value or visible text) in the select ``index``."""

        async def step(tab: Tab) -> None:
            element = await self._element(tab, index)
            await actions.select(element, index, option, timeout_ms=self._action_ms)

        return await self._act(step, View(changes_only, text_offset))

    async def scroll(
        self, direction: Direction = "down", *, changes_only: bool = False, text_offset: int = 0
    ) -> Snapshot:
        async def step(tab: Tab) -> None:
            await actions.scroll(tab.page, direction)

        return await self._act(step, View(changes_only, text_offset), follow=False)

    async def back(self, *, changes_only: bool = False, text_offset: int = 0) -> Snapshot:
        """The previous page of this tab; from a tab a link opened, the tab it was opened from."""
        async with self._use():
            tab = self._tab
            before = tab.page.url
            timeout = self._options.navigation_timeout_s * 1000
            went = await self._navigate(
                tab, before, lambda: tab.page.go_back(wait_until="commit", timeout=timeout)
            )
            if went is None and tab.page.url == before:
                if len(self._tabs) < 2:
                    raise ActionFailed("there is no previous page in this session")
                self._tabs.pop()
                await _quietly(tab.page.close())
            return await self._look(View(changes_only, text_offset))

    async def snapshot(self, *, changes_only: bool = False, text_offset: int = 0) -> Snapshot:
        """Look again without acting (page on through the text, or see what changed meanwhile)."""
        async with self._use():
            await self._settle(self._tab)
            return await self._look(View(changes_only, text_offset))

    async def read(self) -> PageExtract:
        """The current DOM through the extraction pipeline (``extraction_method="render"``)."""
        started = time.perf_counter()
        async with self._use():
            dom = await take_snapshot(self._tab.page)
        result = RenderResult(
            job_id=self.id,
            url=dom.href,
            final_url=dom.href,
            title=dom.title,
            html=dom.html,
            elapsed_ms=(time.perf_counter() - started) * 1000,
        )
        return await self._extract(result)

    async def aclose(self) -> None:
        """Close the context (its pages, cookies and storage); safe to call twice."""
        if self.closed and not self._tabs:
            return
        self.closed = True
        self._tabs.clear()
        self._opened.clear()
        if self._chores:  # each is bounded; cancelling one could leave its coroutine never awaited
            await asyncio.gather(*self._chores, return_exceptions=True)
        await _quietly(self._context.close())

    # --- the machinery ----------------------------------------------------------------------------
    @property
    def _tab(self) -> Tab:
        return self._tabs[-1]

    @property
    def _action_ms(self) -> float:
        return self._options.action_timeout_s * 1000

    def touch(self) -> None:
        self.last_used = time.monotonic()

    def idle_for(self) -> float:
        return 0.0 if self.busy else time.monotonic() - self.last_used

    @contextlib.asynccontextmanager
    async def _use(self) -> AsyncIterator[None]:
        """One action at a time; Playwright's failures become typed errors."""
        from playwright.async_api import Error

        async with self._lock:
            if self.closed:
                raise SessionNotFound(f"the browsing session {self.id} is closed")
            self.busy = True
            self.touch()
            try:
                if not self._tabs:  # the first action, or the page closed its last tab itself
                    await self._new_tab()
                yield
            except Error as exc:
                raise self._failure(exc) from exc
            finally:
                self.busy = False
                self.touch()

    def _failure(self, exc: Any) -> WeblensError:
        browser = self._context.browser
        if browser is None or not browser.is_connected():
            self.closed = True
            return RenderFailed(f"the browser of session {self.id} went away; open a new session")
        return ActionFailed(f"the page did not take the action: {actions.why(exc)}")

    async def _act(
        self, step: Callable[[Tab], Awaitable[None]], view: View, *, follow: bool = True
    ) -> Snapshot:
        from playwright.async_api import Error

        async with self._use():
            tab = self._tab
            self._following = follow
            try:
                await step(tab)
                await self._settle(tab)
            except (Error, ActionFailed):
                if not tab.page.is_closed():
                    raise  # else the page closed its own tab: the session goes on in the one before
            finally:
                self._following = False
            if self._opened:
                await self._follow_new_tab()
            elif not tab.page.is_closed():
                await self._check_document(tab, tab.page.url)
            return await self._look(view)

    async def _element(self, tab: Tab, index: int) -> Any:
        if not 1 <= index <= len(self._targets):
            count = len(self._targets)
            raise ElementNotFound(
                f"there is no element [{index}] in the current snapshot (it numbers {count}); "
                "use a number from the latest snapshot",
                index=index,
            )
        return await actions.element_for(tab.page, self._refs, self._targets[index - 1], index)

    async def _settle(self, tab: Tab) -> None:
        quiet = await settle(
            tab.page, tab.traffic, quiet_ms=self._options.quiet_ms, timeout_s=self._options.settle_timeout_s
        )
        if not quiet:
            log.info("session_unsettled", session=self.id, url=tab.page.url)

    async def _navigate(self, tab: Tab, url: str, go: Callable[[], Awaitable[Any]]) -> Any:
        """Run a navigation (goto, back), settle, and make sure the document shown is not a refusal."""
        from playwright.async_api import Error
        from playwright.async_api import TimeoutError as PlaywrightTimeout

        try:
            answer = await go()
        except PlaywrightTimeout as exc:
            seconds = self._options.navigation_timeout_s
            raise RenderTimeout(f"the page did not answer within {seconds:g} s", url=url) from exc
        except Error as exc:
            failure = tab.watch.last_failure() or NavigationFailure(url, exc.message.splitlines()[0])
            raise await self._restore(tab, navigation_error(self._proxy, failure, url)) from exc
        await self._settle(tab)
        await self._check_document(tab, url)
        return answer

    async def _check_document(self, tab: Tab, url: str) -> None:
        refused = self._refused_document(tab, url)
        if refused is not None:
            raise await self._restore(tab, refused)
        if tab.page.url.startswith(("http://", "https://")):
            tab.shown = True

    def _refused_document(self, tab: Tab, url: str) -> WeblensError | None:
        """Why the tab's document is an error page or the proxy's refusal, if it is one.

        The proxy's own record settles it when the page's events came too late to be seen (a tab
        the page opened starts navigating before the session hears of the tab).
        """
        shown = tab.page.url
        failure = tab.watch.failure_for(shown)
        if failure is not None:
            return navigation_error(self._proxy, failure, url)
        if shown.startswith(("http://", "https://")):
            error = navigation_error(self._proxy, NavigationFailure(shown, "refused"), url)
            if isinstance(error, SSRFBlocked):
                return error
        return None

    async def _restore(self, tab: Tab, error: WeblensError) -> WeblensError:
        """Leave the refused or failed document: back to the page before it, else an empty page."""
        timeout = self._options.navigation_timeout_s * 1000
        with contextlib.suppress(Exception):
            if not tab.shown or await tab.page.go_back(wait_until="commit", timeout=timeout) is None:
                await tab.page.goto("about:blank", timeout=timeout)
        log.info("session_navigation_refused", session=self.id, code=error.code, url=error.url)
        return error

    # --- tabs -------------------------------------------------------------------------------------
    async def _new_tab(self) -> None:
        self._own_page = True
        try:
            page = await self._context.new_page()
        finally:
            self._own_page = False
        self._tabs.append(self._attach(page))

    def _attach(self, page: Page) -> Tab:
        page.on("dialog", self._answer_dialog)
        page.on("close", self._forget)
        traffic = Traffic(page, patience_s=self._options.request_patience_s)
        return Tab(page, next(self._numbers), traffic, MainDocumentWatch(page))

    def _forget(self, page: Page) -> None:
        """A tab closed (by us, or by the page itself): the session goes on in the one before it."""
        self._tabs = [tab for tab in self._tabs if tab.page is not page]
        self._opened = [tab for tab in self._opened if tab.page is not page]

    def _on_page(self, page: Page) -> None:
        if self._own_page:
            return  # the tab _new_tab is opening
        tab = self._attach(page)
        if self._following and not self.closed:
            self._opened.append(tab)
        else:
            self._chore(page.close())  # opened by the page on its own (pop-up, pop-under)

    async def _follow_new_tab(self) -> None:
        """Move to the tab the action opened (the latest one); close any others it opened."""
        *others, tab = self._opened
        self._opened.clear()
        for other in others:
            await _quietly(other.page.close())
        try:
            async with asyncio.timeout(self._options.navigation_timeout_s):
                await tab.page.wait_for_load_state("domcontentloaded")
        except TimeoutError:
            pass
        await self._settle(tab)
        refused = self._refused_document(tab, tab.page.url)
        if refused is not None:
            await _quietly(tab.page.close())
            raise refused
        self._tabs.append(tab)
        while len(self._tabs) > self._options.max_tabs:
            await _quietly(self._tabs.pop(0).page.close())

    async def _answer_dialog(self, dialog: Dialog) -> None:
        """alert/confirm/prompt/beforeunload are accepted (the agent's action asked for them)."""
        from playwright.async_api import Error

        log.info("session_dialog", session=self.id, kind=dialog.type, message=dialog.message[:200])
        with contextlib.suppress(Error):
            await dialog.accept()

    def _chore(self, work: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(_quietly(work))
        self._chores.add(task)
        task.add_done_callback(self._chores.discard)

    # --- looking ----------------------------------------------------------------------------------
    async def _look(self, view: View) -> Snapshot:
        if not self._tabs:  # the action closed the last tab (a page calling window.close())
            await self._new_tab()
        tab = self._tab
        data, refs = await self._collect(tab.page)
        old, self._refs = self._refs, refs
        if old is not None:
            self._chore(old.dispose())
        page = PageData.from_script(data)
        built = build_snapshot(
            self.id,
            page,
            key=page_key(tab.number, page.url),
            view=view,
            previous=self._seen,
            limits=self._options.limits,
        )
        self._targets, self._seen = built.targets, built.seen
        return built.snapshot

    async def _collect(self, page: Page) -> tuple[Any, JSHandle]:
        from playwright.async_api import Error

        limits = self._options.limits
        args = {
            "maxCandidates": limits.max_candidates,
            "maxLabel": limits.max_label,
            "maxTextChars": 2_000_000,
            "maxOverlayElements": limits.max_overlay_elements,
            "maxFrameDepth": 3,
        }
        for attempt in range(_COLLECT_ATTEMPTS):
            try:
                found = await page.evaluate_handle(self._script, args)
                data = await found.evaluate("(found) => found.info")
                refs = await found.evaluate_handle("(found) => found.elements")
                self._chore(found.dispose())
                return data, refs
            except Error:
                if page.is_closed() or attempt == _COLLECT_ATTEMPTS - 1:
                    raise
                await page.wait_for_load_state("domcontentloaded")
        raise AssertionError("unreachable")


async def _quietly(work: Awaitable[Any]) -> None:
    with contextlib.suppress(Exception):
        async with asyncio.timeout(_CLOSE_TIMEOUT_S):
            await work
