"""What a rendered page ended up showing: the DOM snapshot and how its main document was reached."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from weblens.errors import InvalidURL, RenderFailed, SSRFBlocked, WeblensError
from weblens.render.proxy import GuardedProxy

if TYPE_CHECKING:
    from playwright.async_api import Page, Request, Response

__all__ = [
    "REFUSED_HEADER",
    "DocumentResponse",
    "MainDocumentWatch",
    "NavigationFailure",
    "Snapshot",
    "navigation_error",
    "take_snapshot",
]

REFUSED_HEADER = "x-weblens-refused"
_SNAPSHOT_JS = """() => ({
    html: document.documentElement ? document.documentElement.outerHTML : "",
    title: document.title || "",
    href: location.href,
})"""
_RETRYABLE = ("Execution context was destroyed", "navigation", "Navigation")


@dataclass(frozen=True, slots=True)
class Snapshot:
    html: str
    title: str
    href: str
    response: DocumentResponse | None = None  # how the main document was delivered, when known


@dataclass(frozen=True, slots=True)
class DocumentResponse:
    """The HTTP answer that delivered a main-frame document."""

    status: int
    content_type: str | None  # the media type, without parameters


@dataclass(frozen=True, slots=True)
class NavigationFailure:
    url: str
    reason: str


class MainDocumentWatch:
    """Records how the page's main-frame navigations ended, to judge the document finally shown.

    Events arrive in no useful order (a superseded navigation reports its abort
    after the next one has answered), so outcomes are kept per URL and looked up
    for the document the page actually ended on.
    """

    def __init__(self, page: Page) -> None:
        self._page = page
        self._failures: list[NavigationFailure] = []
        self._refused: dict[str, NavigationFailure] = {}
        self._answers: dict[str, DocumentResponse] = {}
        page.on("requestfailed", self._failed)
        page.on("response", self._responded)

    def _is_main_navigation(self, request: Request) -> bool:
        try:
            return request.is_navigation_request() and request.frame == self._page.main_frame
        except Exception:  # service-worker requests have no frame
            return False

    def _failed(self, request: Request) -> None:
        reason = request.failure or "failed"
        if self._is_main_navigation(request) and "ERR_ABORTED" not in reason:  # aborted = superseded
            self._failures.append(NavigationFailure(request.url, reason))

    def _responded(self, response: Response) -> None:
        if self._is_main_navigation(response.request):
            refused = response.headers.get(REFUSED_HEADER)
            if refused:
                self._refused[response.url] = NavigationFailure(response.url, refused)
            media = (response.headers.get("content-type") or "").partition(";")[0].strip().lower()
            self._answers[response.url] = DocumentResponse(response.status, media or None)

    def response_for(self, href: str) -> DocumentResponse | None:
        """The status and media type of the response that delivered the document at ``href``."""
        return self._answers.get(href.partition("#")[0])

    def failure_for(self, href: str) -> NavigationFailure | None:
        """Why the document at ``href`` is not the page (an error page or the proxy's refusal), if so."""
        if href.startswith("chrome-error:"):
            return self._failures[-1] if self._failures else NavigationFailure(href, "navigation failed")
        return self._refused.get(href.partition("#")[0])

    def last_failure(self) -> NavigationFailure | None:
        return self._failures[-1] if self._failures else None


async def take_snapshot(page: Page, attempts: int = 3) -> Snapshot:
    """outerHTML, title and location of the current document (retried if it navigates meanwhile)."""
    from playwright.async_api import Error

    for attempt in range(attempts):
        try:
            data = await page.evaluate(_SNAPSHOT_JS)
            return Snapshot(html=str(data["html"]), title=str(data["title"]), href=str(data["href"]))
        except Error as exc:
            if attempt == attempts - 1 or not any(word in str(exc) for word in _RETRYABLE):
                raise
            await page.wait_for_load_state("domcontentloaded")
    raise AssertionError("unreachable")


def navigation_error(proxy: GuardedProxy, failure: NavigationFailure, url: str) -> WeblensError:
    """SSRFBlocked when the proxy refused the page's main document, RenderFailed otherwise."""
    refusal = _refusal_for(proxy, failure.url)
    if isinstance(refusal, SSRFBlocked | InvalidURL):
        return SSRFBlocked(f"the page's document {failure.url} was blocked: {refusal.message}", url=url)
    detail = f" ({refusal.code}: {refusal.message})" if refusal is not None else ""
    return RenderFailed(f"navigation to {failure.url} failed: {failure.reason}{detail}", url=url)


def _refusal_for(proxy: GuardedProxy, url: str) -> WeblensError | None:
    try:
        parts = urlsplit(url)
        port = parts.port or (443 if parts.scheme in ("https", "wss") else 80)
    except ValueError:
        return None
    return proxy.refusal(parts.hostname or "", port)
