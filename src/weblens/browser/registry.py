"""The open browsing sessions of one process, by id: limits, idle close, one browser for all.

Session ids start with the replica's tag (``WEBLENS_REPLICA_ID``, else host name and process id)
so a load balancer can route a session's calls to the replica that holds it; an id from another
replica is ``session_not_found`` with a message naming that replica. Each session is its own
browser context (cookies, storage and cache are never shared) in one Chromium behind the guarded
proxy, started with the first session and closed a while after the last one.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import secrets
import socket
import time
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING

from weblens.browser.options import SessionOptions
from weblens.browser.session import BrowsingSession, Extractor
from weblens.errors import RenderFailed, SessionLimit, SessionNotFound
from weblens.logs import get_logger
from weblens.net.guard import Guard
from weblens.net.ratelimit import SiteLimiter
from weblens.render.browser import BrowserHost
from weblens.render.guard import context_options, request_verdict

if TYPE_CHECKING:
    from playwright.async_api import BrowserContext, Route

__all__ = ["SessionRegistry", "SessionStats", "default_replica", "replica_of"]

log = get_logger("weblens.browser")

_SEPARATOR = "."


def default_replica() -> str:
    """``host-pid``: tells apart every process of every machine."""
    return replica_tag(f"{socket.gethostname()[:24]}-{os.getpid()}")


def replica_tag(name: str) -> str:
    """``name`` made safe for an id and a URL path: lower-case letters, digits and dashes."""
    return re.sub(r"[^a-z0-9-]+", "-", name.lower()).strip("-") or "replica"


def replica_of(session_id: str) -> str:
    """The replica tag a session id starts with (empty when it has none)."""
    return session_id.rpartition(_SEPARATOR)[0]


@dataclass(frozen=True, kw_only=True)
class SessionStats:
    open: int
    opened: int
    """Sessions opened since the start."""
    launches: int
    """Browsers started (one serves every session; a new one after an idle close or a crash)."""
    requests_refused: int
    """Requests of the sessions' pages the guarded proxy refused."""
    browser_pid: int | None


class SessionRegistry:
    """Opens, finds and closes sessions; closes idle ones; owns their browser."""

    def __init__(
        self, guard: Guard, limiter: SiteLimiter, options: SessionOptions, *, extract: Extractor
    ) -> None:
        self._guard = guard
        self._limiter = limiter
        self._options = options
        self._extract = extract
        self._replica = replica_tag(options.replica)
        self._host = BrowserHost(guard, options.render)
        self._sessions: dict[str, BrowsingSession] = {}
        self._opening = 0
        self._script: str | None = None
        self._reaper: asyncio.Task[None] | None = None
        self._changed = asyncio.Event()
        self._closing: set[asyncio.Future[None]] = set()
        self._empty_since = time.monotonic()
        self._closed = False
        self._refused_before = 0
        self.opened = 0

    @property
    def replica(self) -> str:
        return self._replica

    def __len__(self) -> int:
        return len(self._sessions)

    def stats(self) -> SessionStats:
        browser = self._host.session
        return SessionStats(
            open=len(self._sessions),
            opened=self.opened,
            launches=self._host.launches,
            requests_refused=self._refused_before + (browser.proxy.refused if browser else 0),
            browser_pid=browser.pid if browser else None,
        )

    def browser_processes(self) -> list[int]:
        """Pids of the sessions' browser (empty when none is running)."""
        browser = self._host.session
        return browser.processes() if browser else []

    async def _close_browser(self, *, final: bool = False) -> None:
        browser = self._host.session
        if browser is not None:
            self._refused_before += browser.proxy.refused
        await self._host.close(final=final)

    # --- open, find, close ------------------------------------------------------------------------
    async def open(self) -> BrowsingSession:
        """A new session on an empty page; ``session_limit`` when ``max_sessions`` are open."""
        if self._closed:
            raise RenderFailed("the browsing sessions are closed (the Lens was closed)")
        if len(self._sessions) + self._opening >= self._options.max_sessions:
            raise SessionLimit(
                f"{self._options.max_sessions} browsing sessions are open (WEBLENS_MAX_SESSIONS); close one "
                f"(session_close) or wait: idle sessions close after {self._options.idle_s:g} s"
            )
        self._opening += 1
        try:
            session = await self._new_session()
        finally:
            self._opening -= 1
        self._sessions[session.id] = session
        self.opened += 1
        self._wake_reaper()
        log.info("session_opened", session=session.id, open=len(self._sessions))
        return session

    def get(self, session_id: str) -> BrowsingSession:
        session = self._sessions.get(session_id)
        if session is not None and not session.closed:
            return session
        if session is not None:  # its browser went away: forget it
            self._sessions.pop(session_id, None)
            closing = asyncio.ensure_future(self._drop(session))
            self._closing.add(closing)
            closing.add_done_callback(self._closing.discard)
        owner = replica_of(session_id)
        if owner and owner != self._replica:
            raise SessionNotFound(
                f"session {session_id} was opened by replica {owner}, and this is replica "
                f"{self._replica}: send a session's calls to the replica that opened it"
            )
        raise SessionNotFound(f"no open browsing session {session_id} (closed, expired or never opened)")

    async def close(self, session_id: str) -> None:
        session = self.get(session_id)
        await self._drop(session)

    async def aclose(self) -> None:
        """Close every session and the browser (no Chromium process outlives this)."""
        self._closed = True
        self._changed.set()
        if self._reaper is not None:
            await self._reaper
        for session in list(self._sessions.values()):
            await self._drop(session)
        if self._closing:
            await asyncio.gather(*self._closing, return_exceptions=True)
        await self._close_browser(final=True)

    async def _drop(self, session: BrowsingSession) -> None:
        self._sessions.pop(session.id, None)
        try:
            await session.aclose()
        finally:
            log.info("session_closed", session=session.id, open=len(self._sessions))
            self._wake_reaper()

    async def _new_session(self) -> BrowsingSession:
        browser = await self._host.acquire()
        context = await browser.browser.new_context(**context_options(self._options.render))
        try:
            await _guard_requests(context, block_resources=self._options.render.block_resources)
            session = BrowsingSession(
                f"{self._replica}{_SEPARATOR}{secrets.token_urlsafe(12)}",
                context,
                proxy=browser.proxy,
                guard=self._guard,
                limiter=self._limiter,
                options=self._options,
                script=self._page_script(),
                extract=self._extract,
            )
            await session.start()
        except BaseException:
            with contextlib.suppress(Exception):
                await context.close()
            raise
        return session

    def _page_script(self) -> str:
        if self._script is None:
            self._script = resources.files("weblens.browser").joinpath("collect.js").read_text("utf-8")
        return self._script

    # --- idle sessions, idle browser ------------------------------------------------------------
    def _wake_reaper(self) -> None:
        """Make the reaper look again (a session opened or closed)."""
        if not self._sessions:
            self._empty_since = time.monotonic()
        if self._reaper is None and not self._closed:
            self._reaper = asyncio.create_task(self._reap())
        self._changed.set()

    async def _reap(self) -> None:
        """Close sessions idle for ``idle_s``, and the browser ``browser_idle_s`` after the last one.

        Never cancelled: :meth:`aclose` asks it to stop and waits, so a close it began is finished.
        """
        while not self._closed:
            self._changed.clear()
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self._next_check()):
                    await self._changed.wait()
            if self._closed:
                return
            for session in list(self._sessions.values()):
                if session.idle_for() >= self._options.idle_s:
                    log.info("session_expired", session=session.id, idle_s=round(session.idle_for()))
                    await self._drop(session)
            if self._browser_idle() >= self._options.browser_idle_s:
                await self._close_browser()

    def _next_check(self) -> float | None:
        """Seconds until the next session or the browser may have been idle long enough."""
        waits = [self._options.idle_s - session.idle_for() for session in self._sessions.values()]
        if self._host.session is not None and not self._sessions:
            waits.append(self._options.browser_idle_s - self._browser_idle())
        return max(min(waits), 0.0) if waits else None

    def _browser_idle(self) -> float:
        if self._sessions or self._opening or self._host.session is None:
            return 0.0
        return time.monotonic() - self._empty_since


async def _guard_requests(context: BrowserContext, *, block_resources: bool) -> None:
    """Only http(s) requests leave the page (and then only through the guarded proxy)."""
    from playwright.async_api import Error

    async def filter_request(route: Route) -> None:
        request = route.request
        verdict = request_verdict(request.url, request.resource_type, block_resources=block_resources)
        with contextlib.suppress(Error):
            if verdict is None:
                await route.continue_()
            else:
                await route.abort(verdict)

    await context.route("**/*", filter_request)
