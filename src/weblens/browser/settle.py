"""Waiting until a page has settled after an action: bounded, never a fixed sleep.

A page has settled when, for ``quiet_ms``, no request of it was in flight and its DOM did not
change. A navigation the action started counts as activity (its document request is in flight),
and the DOM is watched again in the new document. A page that never goes quiet (a ticker, long
polling) is given ``timeout_s`` and then snapshotted as it is.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from weblens.render.waits import NetworkIdle

if TYPE_CHECKING:
    from playwright.async_api import Page

__all__ = ["settle"]

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


async def settle(page: Page, network: NetworkIdle, *, quiet_ms: int, timeout_s: float) -> bool:
    """Wait until ``page`` is quiet; False when ``timeout_s`` ran out first (the page is used as is)."""
    try:
        async with asyncio.timeout(timeout_s):
            while True:
                await network.wait(quiet_ms)
                mark = network.last_change
                if not await _dom_quiet(page, quiet_ms, timeout_s):
                    continue
                if network.in_flight == 0 and network.last_change == mark:
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
