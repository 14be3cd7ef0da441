"""The guarded fetcher: one URL in, one :class:`FetchedPage` out, or a weblens error.

Every rule of the fetch is enforced here or below:

* the URL is checked (``invalid_url``/``ssrf_blocked``) before anything else;
* connections go only to addresses the guard checked (:mod:`weblens.net.backend`);
* redirects are followed by this code, one hop at a time, each target checked by
  the same guard; a loop, or more than ``max_redirects`` hops, is ``too_many_redirects``;
* one deadline covers the whole exchange (DNS, connect, TLS, every hop, retries, body);
* the content type is checked from the headers before the body is read (a body
  without Content-Type is sniffed from its first bytes; one labelled
  ``application/octet-stream`` is read only if its first bytes are a PDF's);
* the body is streamed raw and decoded by bounded decoders, and the *decoded*
  size is capped (``size_limit_exceeded``), so compression bombs stop at the cap;
* connect errors and 502/503/504 are retried (``retries`` times, exponential
  backoff, never past the deadline); other statuses ≥ 400 are ``http_error``;
* with a ``pacer`` (the per-site rate limiter), every request after the first (a retry, a
  redirect hop) waits for its site's turn too, within the deadline; the first one is the
  caller's to pace (it may queue before the deadline starts).
"""

from __future__ import annotations

import asyncio
import ssl
from collections.abc import Callable
from dataclasses import dataclass
from types import TracebackType
from typing import Self

import httpx

from weblens.charset import decode_body
from weblens.errors import (
    ConnectError,
    DNSError,
    FetchTimeout,
    HTTPError,
    InvalidURL,
    SizeLimitExceeded,
    SSRFBlocked,
    TooManyRedirects,
    UnsupportedContentType,
    WeblensError,
)
from weblens.logs import get_logger
from weblens.net.content import (
    ACCEPTED_TYPES,
    OCTET_STREAM,
    PDF,
    SNIFF_BYTES,
    MediaType,
    is_accepted,
    parse_content_type,
    sniff_binary_label,
    sniff_media_type,
)
from weblens.net.decode import (
    ACCEPT_ENCODING,
    ContentDecoder,
    CorruptEncoding,
    UnsupportedEncoding,
    decoder_for,
)
from weblens.net.guard import Guard
from weblens.net.page import FetchedPage
from weblens.net.policy import join_url
from weblens.net.ratelimit import SiteLimiter
from weblens.net.transport import PinnedTransport, TLSError

__all__ = ["DEFAULT_USER_AGENT", "FetchLimits", "GuardedFetcher", "retry_after_s"]

MB = 1024 * 1024
DEFAULT_USER_AGENT = "weblens/0.1 (+https://github.com/weblens/weblens)"
ACCEPT = (
    "text/html,application/xhtml+xml;q=0.9,application/pdf;q=0.85,text/plain;q=0.8,text/markdown;q=0.8,"
    "application/json;q=0.8,*/*;q=0.1"
)
RETRY_STATUSES = frozenset({502, 503, 504})
REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})


@dataclass(frozen=True, kw_only=True)
class FetchLimits:
    """The limits of one fetch (build from Settings in the session; defaults follow the spec)."""

    max_bytes: int = 10 * MB  # decoded body; the raw (compressed) body may use twice this
    timeout_s: float = 15.0  # one deadline for the whole exchange
    max_redirects: int = 10
    retries: int = 1  # extra attempts after a connect error or 502/503/504
    retry_backoff_s: float = 0.5  # first backoff; doubles per retry
    user_agent: str = DEFAULT_USER_AGENT
    accepted_types: tuple[str, ...] = ACCEPTED_TYPES

    def __post_init__(self) -> None:
        if self.max_bytes <= 0 or self.timeout_s <= 0:
            raise ValueError("max_bytes and timeout_s must be positive")
        if self.max_redirects < 0 or self.retries < 0 or self.retry_backoff_s < 0:
            raise ValueError("max_redirects, retries and retry_backoff_s must not be negative")


@dataclass
class _Exchange:
    """The mutable state of one fetch: where it is, for the deadline and the error log."""

    url: str
    started: float
    deadline: float
    stage: str = "validate"
    follow: Callable[[str], bool] | None = None
    """Which redirect targets this fetch may follow (a crawl's scope); None: any the guard allows."""


class GuardedFetcher:
    """The real :class:`~weblens.net.page.Fetcher`. Use as ``async with`` or call :meth:`aclose`."""

    def __init__(
        self,
        guard: Guard | None = None,
        limits: FetchLimits | None = None,
        *,
        ssl_context: ssl.SSLContext | None = None,
        max_connections: int = 20,
        pacer: SiteLimiter | None = None,
    ) -> None:
        self._pacer = pacer
        self._guard = guard if guard is not None else Guard()
        self._limits = limits if limits is not None else FetchLimits()
        self._headers = {
            "User-Agent": self._limits.user_agent,
            "Accept": ACCEPT,
            "Accept-Encoding": ACCEPT_ENCODING,
        }
        self._transport = PinnedTransport(
            self._guard, ssl_context=ssl_context, max_connections=max_connections
        )
        self._log = get_logger("weblens.net")

    @property
    def limits(self) -> FetchLimits:
        return self._limits

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        await self._transport.aclose()

    async def fetch(
        self, url: str, *, timeout_s: float | None = None, follow: Callable[[str], bool] | None = None
    ) -> FetchedPage:
        """Fetch ``url`` within one deadline: ``timeout_s``, else the limits' ``timeout_s``. A redirect to
        a URL ``follow`` refuses is not requested: it is ``http_error`` with the redirect's status."""
        budget = timeout_s if timeout_s is not None else self._limits.timeout_s
        now = asyncio.get_running_loop().time()
        exchange = _Exchange(url=url, started=now, deadline=now + budget, follow=follow)
        try:
            async with asyncio.timeout_at(exchange.deadline):
                page = await self._exchange(exchange)
        except TimeoutError as exc:
            error = FetchTimeout(f"no complete response within {budget:g} s", url=url)
            self._log_error(error, exchange.stage)
            raise error from exc
        except WeblensError as exc:
            if exc.url is None:
                exc.url = url
            self._log_error(exc, _stage_of(exc, exchange.stage))
            raise
        ms = round(page.elapsed_ms, 1)
        self._log.info("fetch", url=url, status=page.status, bytes=len(page.body), ms=ms)
        return page

    # --- the exchange ----------------------------------------------------------------------------
    async def _exchange(self, ex: _Exchange) -> FetchedPage:
        current = self._guard.check_url(ex.url).url
        cookies = httpx.Cookies()  # lives for this fetch's redirect chain only
        seen = {(current, _cookie_state(cookies))}
        redirects: list[str] = []
        while True:
            if redirects:
                await self._pace(ex, current)
            ex.stage = "connect"
            response = await self._send_with_retries(ex, current, cookies)
            try:
                cookies.extract_cookies(response)
                location = _redirect_location(response)
                if location is None:
                    return await self._read_page(ex, response, current, tuple(redirects))
            finally:
                await response.aclose()
            ex.stage = "redirect"
            current = self._next_hop(current, location, redirects, seen, cookies)
            if ex.follow is not None and not ex.follow(current):
                raise HTTPError(
                    f"HTTP {response.status_code}: redirects out of scope to {current}",
                    status=response.status_code,
                )

    def _next_hop(
        self,
        current: str,
        location: str,
        redirects: list[str],
        seen: set[tuple[str, tuple[tuple[str, ...], ...]]],
        cookies: httpx.Cookies,
    ) -> str:
        if len(redirects) >= self._limits.max_redirects:
            raise TooManyRedirects(f"more than {self._limits.max_redirects} redirects")
        target = self._guard.check_url(join_url(current, location)).url
        key = (target, _cookie_state(cookies))
        if key in seen:
            raise TooManyRedirects(f"redirect loop: {target} was already visited")
        seen.add(key)
        redirects.append(target)
        return target

    async def _send_with_retries(self, ex: _Exchange, url: str, cookies: httpx.Cookies) -> httpx.Response:
        attempt = 0
        while True:
            try:
                response = await self._send(url, cookies)
            except TLSError:
                raise
            except ConnectError:
                if not self._may_retry(ex, attempt):
                    raise
            else:
                if response.status_code not in RETRY_STATUSES or not self._may_retry(ex, attempt):
                    return response
                await response.aclose()
            ex.stage = "retry"
            await asyncio.sleep(self._backoff(attempt))
            await self._pace(ex, url)
            ex.stage = "connect"
            attempt += 1

    async def _pace(self, ex: _Exchange, url: str) -> None:
        """Wait for the site's turn before a follow-up request (never past the deadline)."""
        if self._pacer is None:
            return
        stage, ex.stage = ex.stage, "pace"
        remaining = max(ex.deadline - asyncio.get_running_loop().time(), 0.0)
        await self._pacer.acquire(self._guard.check_url(url).authority, max_wait_s=remaining)
        ex.stage = stage

    def _backoff(self, attempt: int) -> float:
        return float(self._limits.retry_backoff_s * 2**attempt)

    def _may_retry(self, ex: _Exchange, attempt: int) -> bool:
        """Retries left, and the backoff ends before the deadline (else fail with the real error now)."""
        now = asyncio.get_running_loop().time()
        return attempt < self._limits.retries and now + self._backoff(attempt) < ex.deadline

    async def _send(self, url: str, cookies: httpx.Cookies) -> httpx.Response:
        try:
            request = httpx.Request("GET", url, headers=self._headers)
        except httpx.InvalidURL as exc:
            raise InvalidURL(f"invalid URL: {exc}", url=url) from exc
        cookies.set_cookie_header(request)
        response = await self._transport.handle_async_request(request)
        response.request = request
        return response

    # --- the response ----------------------------------------------------------------------------
    async def _read_page(
        self, ex: _Exchange, response: httpx.Response, final_url: str, redirects: tuple[str, ...]
    ) -> FetchedPage:
        ex.stage = "response"
        if not 200 <= response.status_code < 300:
            where = f" at {final_url}" if redirects else ""
            wait = (
                retry_after_s(response.headers.get("retry-after"))
                if response.status_code in (429, 503)
                else None
            )
            raise HTTPError(
                f"HTTP {response.status_code}{where}", status=response.status_code, retry_after=wait
            )
        media = parse_content_type(response.headers.get("content-type"))
        self._check_media(media.essence if media else None)
        decoder = _decoder(response, media)
        self._check_declared_length(response)
        ex.stage = "body"
        body, essence = await self._read_body(response, decoder, media)
        # a PDF is read from its bytes; decoding it as text would only cost time
        text, encoding = (
            ("", "binary") if essence == PDF else decode_body(body, media.charset if media else None)
        )
        return FetchedPage(
            url=ex.url,
            final_url=final_url,
            status=response.status_code,
            headers=dict(response.headers.items()),
            content_type=essence,
            charset=media.charset if media else None,
            body=body,
            text=text,
            encoding=encoding,
            redirects=redirects,
            elapsed_ms=(asyncio.get_running_loop().time() - ex.started) * 1000,
        )

    def _check_media(self, essence: str | None) -> None:
        if essence is None or (essence == OCTET_STREAM and self._pdf_accepted):
            return  # decided from the first bytes of the body
        if not is_accepted(essence, self._limits.accepted_types):
            raise UnsupportedContentType(content_type=essence)

    @property
    def _pdf_accepted(self) -> bool:
        return "application/pdf" in self._limits.accepted_types

    def _check_declared_length(self, response: httpx.Response) -> None:
        declared = response.headers.get("content-length", "")
        if not (declared.isascii() and declared.isdigit()):
            return
        identity = response.headers.get("content-encoding", "identity").strip().lower() == "identity"
        if int(declared) > (self._limits.max_bytes if identity else self._raw_cap):
            raise SizeLimitExceeded(
                f"Content-Length {declared} is over the limit of {self._limits.max_bytes} bytes"
            )

    @property
    def _raw_cap(self) -> int:
        return 2 * self._limits.max_bytes

    async def _read_body(
        self, response: httpx.Response, decoder: ContentDecoder, media: MediaType | None
    ) -> tuple[bytes, str]:
        """The decoded body, capped, and its media type (sniffed from the first bytes if undeclared)."""
        limit = self._limits.max_bytes
        parts: list[bytes] = []
        size = raw = 0
        essence = media.essence if media else None
        sniffed = False
        try:
            async for chunk in response.aiter_raw():
                raw += len(chunk)
                if raw > self._raw_cap:
                    raise SizeLimitExceeded(f"the raw body is larger than {self._raw_cap} bytes")
                for piece in decoder.feed(chunk):
                    size += len(piece)
                    if size > limit:
                        raise SizeLimitExceeded(f"the decoded body is larger than {limit} bytes")
                    parts.append(piece)
                if not sniffed and (essence is None or essence == OCTET_STREAM) and size >= SNIFF_BYTES:
                    essence, sniffed = self._sniff(b"".join(parts)[:SNIFF_BYTES], essence), True
        except CorruptEncoding as exc:
            raise UnsupportedContentType(
                f"the body could not be decoded: {exc}", content_type=essence
            ) from exc
        body = b"".join(parts)
        if essence is None or (not sniffed and essence == OCTET_STREAM):
            essence = self._sniff(body[:SNIFF_BYTES], essence)
        return body, essence

    def _sniff(self, head: bytes, declared: str | None) -> str:
        """The media type of a body without a usable label; refused unless it is one we read."""
        essence = sniff_media_type(head) if declared is None else sniff_binary_label(head)
        if essence == OCTET_STREAM and not is_accepted(OCTET_STREAM, self._limits.accepted_types):
            raise UnsupportedContentType(content_type=OCTET_STREAM)
        self._check_media(essence)
        return essence

    def _log_error(self, exc: WeblensError, stage: str) -> None:
        self._log.warning("fetch_error", url=exc.url, code=exc.code, stage=stage, message=exc.message)


def retry_after_s(value: str | None, *, now: float | None = None) -> float | None:
    """A ``Retry-After`` header in seconds from now: delay-seconds or an HTTP date (RFC 9110 §10.2.3);
    None when absent or unreadable."""
    if value is None:
        return None
    text = value.strip()
    if text.isascii() and text.isdigit():
        return float(text)
    from email.utils import parsedate_to_datetime

    try:
        when = parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:
        return None
    import time

    return max(when.timestamp() - (time.time() if now is None else now), 0.0)


def _decoder(response: httpx.Response, media: MediaType | None) -> ContentDecoder:
    try:
        return decoder_for(response.headers.get("content-encoding"))
    except UnsupportedEncoding as exc:
        raise UnsupportedContentType(str(exc), content_type=media.essence if media else None) from exc


def _redirect_location(response: httpx.Response) -> str | None:
    if response.status_code not in REDIRECT_STATUSES:
        return None
    location = response.headers.get("location", "").strip()
    return location or None  # a redirect without Location ends as http_error


def _cookie_state(cookies: httpx.Cookies) -> tuple[tuple[str, ...], ...]:
    return tuple(sorted((c.domain, c.path, c.name, c.value or "") for c in cookies.jar))


def _stage_of(exc: WeblensError, stage: str) -> str:
    """Name the step that failed more precisely while connecting."""
    if stage != "connect":
        return stage
    if isinstance(exc, DNSError):
        return "dns"
    if isinstance(exc, SSRFBlocked):
        return "resolve"
    if isinstance(exc, TLSError):
        return "tls"
    return stage
