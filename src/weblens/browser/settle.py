"""Waiting until a page has settled after an action: bounded, never a fixed sleep.

A page has settled when, for ``quiet_ms``, no request of it started or ended and its DOM did not
change. A navigation the action started counts as activity (its document request is in flight),
and the DOM is watched again in the new document. Requests in flight for longer than
``patience_s`` (long polling, a hanging beacon) stop counting, so a page's background chatter
does not hold every action up; a page that never goes quiet (a ticker) is given ``timeout_s`` and
then snapshotted as it is.
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.async_api import Page, Request

__all__ = ["Traffic", "settle"]

_LONG_LIVED = frozenset({"eventsource", "websocket"})

# Resolves once the document has gone ``quiet`` ms without a mutation (or after ``most`` ms).
_DOM_QUIET_JS = """([quiet, most]) => new Promise((resolve) => {
    const root = document.documentElement || document;
    let timer = 0;
    const done = () => { observer.disconnect(); clearTimeout(timer); clearTimeout(limit); resolve(true); };
    const observer = new MutationObserver(() => { clearTimeout(timer); timer = setTimeout(done, quiet); });
    observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
    timer = setTimeout(done, quiet);
    const limit = setTimeout(done, most);
})"""


class Traffic:
    """The requests of one page in flight, and when that last changed (attach before navigating)."""

    def __init__(self, page: Page, *, patience_s: float) -> None:
        self._patience_s = patience_s
        self._started: dict[Request, float] = {}
        self._changed = asyncio.Event()
        self.last_change = time.monotonic()
        page.on("request", self._start)
        page.on("requestfinished", self._end)
        page.on("requestfailed", self._end)

    def _start(self, request: Request) -> None:
        if request.resource_type not in _LONG_LIVED:
            self._started[request] = time.monotonic()
            self._touch()

    def _end(self, request: Request) -> None:
        if self._started.pop(request, None) is not None:
            self._touch()

    def _touch(self) -> None:
        self.last_change = time.monotonic()
        self._changed.set()

    def busy(self) -> float | None:
        """Seconds until the oldest request that still counts stops counting; None when none counts."""
        now = time.monotonic()
        left = [start + self._patience_s - now for start in self._started.values()]
        counting = [seconds for seconds in left if seconds > 0]
        return min(counting) if counting else None

    async def quiet(self, quiet_ms: int) -> None:
        """Wait until no counting request is in flight and nothing changed for ``quiet_ms``."""
        while True:
            self._changed.clear()
            busy = self.busy()
            wait = busy if busy is not None else quiet_ms / 1000 - (time.monotonic() - self.last_change)
            if wait <= 0:
                return
            try:
                async with asyncio.timeout(wait):
                    await self._changed.wait()
            except TimeoutError:
                if busy is None:
                    return


async def settle(page: Page, traffic: Traffic, *, quiet_ms: int, timeout_s: float) -> bool:
    """Wait until ``page`` is quiet; False when ``timeout_s`` ran out first (the page is used as is)."""
    try:
        async with asyncio.timeout(timeout_s):
            while True:
                await traffic.quiet(quiet_ms)
                mark = traffic.last_change
                if not await _dom_quiet(page, quiet_ms, timeout_s):
                    continue
                if traffic.busy() is None and traffic.last_change == mark:
                    return True
    except TimeoutError:
        return False


async def _dom_quiet(page: Page, quiet_ms: int, timeout_s: float) -> bool:
    """True after a quiet spell of the current document; False when a navigation replaced it meanwhile."""
    from playwright.async_api import Error

    try:
        await page.evaluate(_DOM_QUIET_JS, [quiet_ms, int(timeout_s * 1000) + quiet_ms])
    except Error:
        if page.is_closed():
            raise
        await page.wait_for_load_state("domcontentloaded")
        return False
    return True
