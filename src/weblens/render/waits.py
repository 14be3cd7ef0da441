"""When a rendered page counts as ready: the four wait conditions of a RenderJob."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Literal

from weblens.models import WaitCondition, WaitKind

if TYPE_CHECKING:
    from playwright.async_api import Page, Request

__all__ = ["NetworkIdle", "goto_wait", "wait_ready"]

GotoWait = Literal["domcontentloaded", "load"]

_GOTO_WAIT: Mapping[WaitKind, GotoWait] = MappingProxyType(
    {
        "domcontentloaded": "domcontentloaded",
        "load": "load",
        "networkidle": "load",
        "selector": "domcontentloaded",
    }
)


_LONG_LIVED = frozenset({"eventsource", "websocket"})


def goto_wait(wait: WaitCondition) -> GotoWait:
    """The lifecycle event ``page.goto`` waits for before the condition's own wait (if any)."""
    return _GOTO_WAIT[wait.kind]


class NetworkIdle:
    """Counts the page's requests in flight; ready when none has been in flight for ``idle_ms``.

    Attach it before navigating so the document request itself is counted.
    Streams meant to stay open (EventSource; WebSockets are not requests at all)
    do not keep a page busy; a long-polling XHR does, and ends in RenderTimeout.
    """

    def __init__(self, page: Page) -> None:
        self._in_flight: set[Request] = set()
        self._changed = asyncio.Event()
        self._last_change = time.monotonic()
        page.on("request", self._started)
        page.on("requestfinished", self._ended)
        page.on("requestfailed", self._ended)

    def _started(self, request: Request) -> None:
        if request.resource_type not in _LONG_LIVED:
            self._in_flight.add(request)
            self._touch()

    def _ended(self, request: Request) -> None:
        self._in_flight.discard(request)
        self._touch()

    def _touch(self) -> None:
        self._last_change = time.monotonic()
        self._changed.set()

    @property
    def in_flight(self) -> int:
        return len(self._in_flight)

    async def wait(self, idle_ms: int) -> None:
        quiet_s = idle_ms / 1000
        while True:
            self._changed.clear()
            if not self._in_flight:
                left = quiet_s - (time.monotonic() - self._last_change)
                if left <= 0:
                    return
                try:
                    async with asyncio.timeout(left):
                        await self._changed.wait()
                except TimeoutError:
                    continue
            else:
                await self._changed.wait()


async def wait_ready(page: Page, wait: WaitCondition, idle: NetworkIdle | None, timeout_ms: float) -> None:
    """The part of the condition that comes after ``page.goto`` returned.

    ``selector`` waits until a matching element is in the DOM (attached, not
    necessarily visible: the text is what we read); ``networkidle`` until no
    request has been in flight for ``idle_ms`` after the load event.
    """
    if wait.kind == "selector" and wait.selector:
        await page.wait_for_selector(wait.selector, state="attached", timeout=max(timeout_ms, 1))
    elif wait.kind == "networkidle" and idle is not None:
        await idle.wait(wait.idle_ms)
