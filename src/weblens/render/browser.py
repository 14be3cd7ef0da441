"""One Chromium, started on first need, restarted after a crash, closed when idle or done.

A :class:`BrowserSession` is everything one launch owns: the guarded proxy the
browser must use, the Playwright driver, the browser, the ids needed to
make sure none of its processes outlive it, and its own temporary directory
(Chromium's ``TMPDIR``): Chromium leaves ``org.chromium.Chromium.*`` directories
behind when it is killed, so they are made there and removed with the session.
:class:`BrowserHost` keeps at most one live session and replaces it when the browser has gone away.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import shutil
import tempfile
from dataclasses import dataclass
from typing import TYPE_CHECKING

from weblens.errors import RenderFailed
from weblens.net.guard import Guard
from weblens.render import procs
from weblens.render.flags import MARKER_SWITCH, chromium_args
from weblens.render.locate import find_chromium
from weblens.render.options import RenderOptions
from weblens.render.proxy import GuardedProxy

if TYPE_CHECKING:
    from playwright.async_api import Browser, Playwright

__all__ = ["BrowserHost", "BrowserSession"]

_CLOSE_TIMEOUT_S = 10.0
_MAX_SCRATCH_PARENT = 48
_PLAYWRIGHT_HINT = "Playwright is not installed: pip install 'weblens[render]'"


@dataclass
class BrowserSession:
    proxy: GuardedProxy
    playwright: Playwright
    browser: Browser
    marker: str
    pid: int | None
    profile_dir: str | None
    scratch_dir: str | None = None  # the browser's TMPDIR, removed on close

    @property
    def connected(self) -> bool:
        return self.browser.is_connected()

    def processes(self) -> list[int]:
        """Every living process of this browser, including children reparented after a crash."""
        return procs.matching([f"{MARKER_SWITCH}={self.marker}", self.profile_dir or ""])

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            async with asyncio.timeout(_CLOSE_TIMEOUT_S):
                await self.browser.close()
        with contextlib.suppress(Exception):
            async with asyncio.timeout(_CLOSE_TIMEOUT_S):
                await self.playwright.stop()
        await self.proxy.aclose()
        procs.kill(self.processes())  # whatever survived a crash or a hung close
        _remove(self.scratch_dir)


async def launch_session(guard: Guard, options: RenderOptions) -> BrowserSession:
    """Start the proxy, the Playwright driver and Chromium wired to the proxy."""
    executable = find_chromium(options.chromium_path)
    try:
        from playwright.async_api import Error, async_playwright
    except ImportError as exc:
        raise RenderFailed(_PLAYWRIGHT_HINT) from exc
    proxy = GuardedProxy(guard, limits=options.proxy_limits)
    await proxy.start()
    marker = secrets.token_hex(8)
    try:
        playwright = await async_playwright().start()
    except Exception as exc:
        await proxy.aclose()
        raise RenderFailed(f"could not start the Playwright driver: {exc}") from exc
    scratch = tempfile.mkdtemp(prefix="wl-chromium-", dir=_scratch_parent())
    try:
        browser = await playwright.chromium.launch(
            executable_path=executable,
            headless=True,
            args=chromium_args(marker, options.extra_args),
            proxy={"server": proxy.url, "username": proxy.username, "password": proxy.password},
            timeout=options.launch_timeout_s * 1000,
            env={**os.environ, "TMPDIR": scratch},
        )
    except Error as exc:
        await _stop_quietly(playwright)
        await proxy.aclose()
        procs.kill(procs.matching([f"{MARKER_SWITCH}={marker}"]))
        _remove(scratch)
        raise RenderFailed(f"could not start Chromium ({executable}): {exc.message}") from exc
    pid, profile = _find_main_process(marker)
    return BrowserSession(proxy, playwright, browser, marker, pid, profile, scratch)


def _scratch_parent() -> str | None:
    """Where the browser's TMPDIR goes: the temp folder, unless its path is too long for the Unix
    socket Chromium creates below it (108 bytes with ``/org.chromium.Chromium.XXXXXX/SingletonSocket``)."""
    default = tempfile.gettempdir()
    if len(default) <= _MAX_SCRATCH_PARENT or not os.path.isdir("/tmp"):
        return None
    return "/tmp"


def _remove(directory: str | None) -> None:
    if directory:
        shutil.rmtree(directory, ignore_errors=True)


async def _stop_quietly(playwright: Playwright) -> None:
    with contextlib.suppress(Exception):
        async with asyncio.timeout(_CLOSE_TIMEOUT_S):
            await playwright.stop()


def _find_main_process(marker: str) -> tuple[int | None, str | None]:
    switch = f"{MARKER_SWITCH}={marker}"
    for pid in procs.descendants(os.getpid()):
        args = procs.cmdline(pid)
        if switch in args:
            profile = next((a.split("=", 1)[1] for a in args if a.startswith("--user-data-dir=")), None)
            return pid, profile
    return None, None


class BrowserHost:
    """Hands out the live session, launching or relaunching it when needed."""

    def __init__(self, guard: Guard, options: RenderOptions) -> None:
        self._guard = guard
        self._options = options
        self._session: BrowserSession | None = None
        self._transition: asyncio.Task[None] | None = None
        self._closed = False
        self.launches = 0

    @property
    def session(self) -> BrowserSession | None:
        return self._session

    async def acquire(self) -> BrowserSession:
        """The live session; a lost browser (crash, kill) is replaced by a new one."""
        while True:
            if self._closed:
                raise RenderFailed("the renderer is closed")
            session = self._session
            if session is not None and session.connected:
                return session
            if self._transition is None:
                self._transition = asyncio.create_task(self._replace())
                self._transition.add_done_callback(_consume)
            await asyncio.shield(self._transition)

    async def _replace(self) -> None:
        try:
            old, self._session = self._session, None
            if old is not None:
                await old.close()
            self._session = await launch_session(self._guard, self._options)
            self.launches += 1
        finally:
            self._transition = None

    async def close(self, *, final: bool = False) -> None:
        """Close the browser now; a later :meth:`acquire` starts a new one unless ``final``."""
        self._closed = self._closed or final
        if self._transition is not None:
            with contextlib.suppress(Exception):
                await asyncio.shield(self._transition)
        session, self._session = self._session, None
        if session is not None:
            await session.close()


def _consume(task: asyncio.Task[None]) -> None:
    """Retrieve a launch failure nobody waited for (every waiter timed out)."""
    if not task.cancelled():
        task.exception()
