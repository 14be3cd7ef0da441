"""Per-page policy inside Chromium: what a page may request and do.

The network boundary is the guarded proxy (render/proxy.py); this module adds
the in-browser layer on top of it: only http(s) requests, images/media/fonts
skipped when rendering for text, no downloads, no service workers, dialogs
dismissed and popups closed. The decision itself is pure
(:func:`request_verdict`); :func:`harden` wires it into a Playwright context.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

from weblens.render.options import BLOCKABLE_RESOURCE_TYPES, RenderOptions

if TYPE_CHECKING:
    from playwright.async_api import BrowserContext, Dialog, Page, Route

__all__ = ["context_options", "harden", "request_verdict"]

_SCHEMES = ("http", "https")


def request_verdict(url: str, resource_type: str, *, block_resources: bool) -> str | None:
    """``None`` to let a request go on, else the Playwright abort code to refuse it with."""
    scheme = url.partition(":")[0].lower()
    if scheme not in _SCHEMES:
        return "accessdenied"
    if block_resources and resource_type in BLOCKABLE_RESOURCE_TYPES:
        return "blockedbyclient"
    return None


def context_options(options: RenderOptions) -> dict[str, Any]:
    """Keyword arguments for ``browser.new_context``: a fresh, locked-down profile per job."""
    settings: dict[str, Any] = {
        "accept_downloads": False,
        "service_workers": "block",
        "java_script_enabled": True,
        "ignore_https_errors": False,
        "bypass_csp": False,
        "permissions": [],
        "viewport": {"width": options.viewport_width, "height": options.viewport_height},
    }
    if options.user_agent:
        settings["user_agent"] = options.user_agent
    return settings


async def harden(context: BrowserContext, options: RenderOptions) -> Page:
    """Install the request filter, open the job's page, and close any page it opens."""
    from playwright.async_api import Error

    async def filter_request(route: Route) -> None:
        request = route.request
        verdict = request_verdict(request.url, request.resource_type, block_resources=options.block_resources)
        with contextlib.suppress(Error):  # the page may already be gone
            if verdict is None:
                await route.continue_()
            else:
                await route.abort(verdict)

    async def close_popup(popup: Page) -> None:
        with contextlib.suppress(Error):
            await popup.close()

    async def dismiss(dialog: Dialog) -> None:
        with contextlib.suppress(Error):
            await dialog.dismiss()

    await context.route("**/*", filter_request)
    page = await context.new_page()
    page.on("dialog", dismiss)
    context.on("page", close_popup)  # registered after our own page: every later page is a popup
    return page
