"""The one exception tree of weblens.

Every failure a caller can see is a :class:`WeblensError` with a stable ``code``
(the strings below are part of the public contract: JSON output, CLI exit codes,
gather ``failures`` all use them). Foreign exceptions (httpx, sockets, Playwright,
sqlite, redis) are translated where they enter, with ``raise ... from exc``.

::

    WeblensError                       code
    ├── InvalidURL                     invalid_url
    ├── SSRFBlocked                    ssrf_blocked
    ├── FetchError
    │   ├── DNSError                   dns_error
    │   ├── ConnectError               connect_error
    │   ├── FetchTimeout               fetch_timeout
    │   ├── SizeLimitExceeded          size_limit_exceeded
    │   ├── TooManyRedirects           too_many_redirects
    │   ├── HTTPError                  http_error        (.status)
    │   └── UnsupportedContentType     unsupported_content_type (.content_type)
    ├── ExtractionFailed               extraction_failed
    │   ├── EncryptedDocument          extraction_failed (a PDF that needs a password)
    │   └── CorruptDocument            extraction_failed (a PDF that cannot be read)
    ├── RenderError
    │   ├── RenderTimeout              render_timeout
    │   └── RenderFailed               render_failed
    ├── SearchError
    │   ├── ProviderError              provider_error    (.provider)
    │   └── RateLimited                rate_limited      (.provider, .retry_after)
    ├── NotConfigured                  not_configured
    ├── BudgetExceeded                 budget_exceeded
    ├── InvalidArgument                invalid_argument  (.field)
    ├── LLMError                       llm_error
    ├── SessionError
    │   ├── SessionNotFound            session_not_found
    │   ├── SessionLimit               session_limit
    │   ├── ElementNotFound            element_not_found (.index)
    │   └── ActionFailed               action_failed
    ├── Unauthorized                   unauthorized
    ├── RobotsDisallowed               robots_disallowed
    └── InternalError                  internal_error
"""

from __future__ import annotations

from typing import Any, ClassVar

__all__ = [
    "ActionFailed",
    "BudgetExceeded",
    "ConnectError",
    "CorruptDocument",
    "DNSError",
    "ElementNotFound",
    "EncryptedDocument",
    "ExtractionFailed",
    "FetchError",
    "FetchTimeout",
    "HTTPError",
    "InternalError",
    "InvalidArgument",
    "InvalidURL",
    "LLMError",
    "NotConfigured",
    "ProviderError",
    "RateLimited",
    "RenderError",
    "RenderFailed",
    "RenderTimeout",
    "RobotsDisallowed",
    "SSRFBlocked",
    "SearchError",
    "SessionError",
    "SessionLimit",
    "SessionNotFound",
    "SizeLimitExceeded",
    "TooManyRedirects",
    "Unauthorized",
    "UnsupportedContentType",
    "WeblensError",
    "error_for_code",
]


class WeblensError(Exception):
    """Base of every weblens error. ``code`` is stable; ``message`` is for humans."""

    code: ClassVar[str] = "weblens_error"
    default_message: ClassVar[str] = "weblens failed"

    def __init__(self, message: str | None = None, *, url: str | None = None) -> None:
        self.message = message or self.default_message
        self.url = url
        super().__init__(self.message)

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape used by the CLI and by gather failures."""
        return {"code": self.code, "message": self.message, "url": self.url}

    def __repr__(self) -> str:
        return f"{type(self).__name__}(code={self.code!r}, message={self.message!r}, url={self.url!r})"


class InvalidURL(WeblensError):
    """Unparseable, ambiguous or non-http(s) URL."""

    code = "invalid_url"
    default_message = "invalid URL"


class SSRFBlocked(WeblensError):
    """The URL names or resolves to a non-public address; raised before any connection."""

    code = "ssrf_blocked"
    default_message = "destination is not a public address"


class FetchError(WeblensError):
    """Something went wrong while fetching over HTTP."""

    code = "fetch_error"
    default_message = "fetch failed"


class DNSError(FetchError):
    code = "dns_error"
    default_message = "the host name could not be resolved"


class ConnectError(FetchError):
    code = "connect_error"
    default_message = "could not connect"


class FetchTimeout(FetchError):
    code = "fetch_timeout"
    default_message = "the fetch did not finish in time"


class SizeLimitExceeded(FetchError):
    code = "size_limit_exceeded"
    default_message = "the response is larger than the size limit"


class TooManyRedirects(FetchError):
    code = "too_many_redirects"
    default_message = "too many redirects"


class HTTPError(FetchError):
    """The server answered with an error status (carried in ``status``; with 429 and 503, the seconds
    its ``Retry-After`` asked for in ``retry_after``, when it sent one)."""

    code = "http_error"
    default_message = "the server answered with an error status"

    def __init__(
        self,
        message: str | None = None,
        *,
        url: str | None = None,
        status: int = 0,
        retry_after: float | None = None,
    ) -> None:
        super().__init__(message or f"HTTP {status}", url=url)
        self.status = status
        self.retry_after = retry_after

    def to_dict(self) -> dict[str, Any]:
        found = {**super().to_dict(), "status": self.status}
        if self.retry_after is not None:
            found["retry_after"] = self.retry_after
        return found


class UnsupportedContentType(FetchError):
    code = "unsupported_content_type"
    default_message = "the content type is not supported"

    def __init__(
        self, message: str | None = None, *, url: str | None = None, content_type: str | None = None
    ) -> None:
        super().__init__(message or f"unsupported content type {content_type!r}", url=url)
        self.content_type = content_type


class ExtractionFailed(WeblensError):
    code = "extraction_failed"
    default_message = "the page could not be extracted"


class EncryptedDocument(ExtractionFailed):
    """A document (PDF) that cannot be read without a password."""

    default_message = "the document is encrypted and needs a password"


class CorruptDocument(ExtractionFailed):
    """A document (PDF) whose bytes are not a readable document of its kind."""

    default_message = "the document is damaged or not a valid document of its kind"


class RenderError(WeblensError):
    code = "render_error"
    default_message = "rendering failed"


class RenderTimeout(RenderError):
    code = "render_timeout"
    default_message = "rendering did not finish in time"


class RenderFailed(RenderError):
    code = "render_failed"
    default_message = "rendering failed"


class SearchError(WeblensError):
    """A search provider failed."""

    code = "search_error"
    default_message = "search failed"

    def __init__(
        self, message: str | None = None, *, url: str | None = None, provider: str | None = None
    ) -> None:
        super().__init__(message, url=url)
        self.provider = provider

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "provider": self.provider}


class ProviderError(SearchError):
    code = "provider_error"
    default_message = "the search provider failed"


class RateLimited(SearchError):
    code = "rate_limited"
    default_message = "rate limited"

    def __init__(
        self,
        message: str | None = None,
        *,
        url: str | None = None,
        provider: str | None = None,
        retry_after: float | None = None,
    ) -> None:
        super().__init__(message, url=url, provider=provider)
        self.retry_after = retry_after

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "retry_after": self.retry_after}


class NotConfigured(WeblensError):
    """A component or provider needs configuration (an API key, an endpoint, an extra)."""

    code = "not_configured"
    default_message = "not configured"

    def __init__(
        self, message: str | None = None, *, url: str | None = None, provider: str | None = None
    ) -> None:
        super().__init__(message, url=url)
        self.provider = provider


class BudgetExceeded(WeblensError):
    code = "budget_exceeded"
    default_message = "the search budget is used up"

    def __init__(
        self, message: str | None = None, *, url: str | None = None, retry_after: float | None = None
    ) -> None:
        super().__init__(message, url=url)
        self.retry_after = retry_after

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "retry_after": self.retry_after}


class InvalidArgument(WeblensError):
    """A bad option or request field; ``field`` names it (dotted for nested fields) when known."""

    code = "invalid_argument"
    default_message = "invalid argument"

    def __init__(
        self, message: str | None = None, *, url: str | None = None, field: str | None = None
    ) -> None:
        super().__init__(message, url=url)
        self.field = field

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "field": self.field}


class LLMError(WeblensError):
    """The LLM endpoint failed, or answered nonsense twice."""

    code = "llm_error"
    default_message = "the language model failed"


class SessionError(WeblensError):
    """A browsing session could not do what was asked."""

    code = "session_error"
    default_message = "the browsing session failed"


class SessionNotFound(SessionError):
    code = "session_not_found"
    default_message = "no such browsing session (closed, expired or never opened)"


class SessionLimit(SessionError):
    code = "session_limit"
    default_message = "too many browsing sessions are open"


class ElementNotFound(SessionError):
    """No element with this index in the current snapshot."""

    code = "element_not_found"
    default_message = "no such element in the current snapshot"

    def __init__(
        self, message: str | None = None, *, url: str | None = None, index: int | None = None
    ) -> None:
        super().__init__(message, url=url)
        self.index = index


class ActionFailed(SessionError):
    code = "action_failed"
    default_message = "the page did not accept the action"


class Unauthorized(WeblensError):
    code = "unauthorized"
    default_message = "a valid API key is required (Authorization: Bearer KEY)"


class RobotsDisallowed(WeblensError):
    """robots.txt of the site disallows the URL (batch reading, or browse with respect_robots)."""

    code = "robots_disallowed"
    default_message = "robots.txt disallows this URL"


class InternalError(WeblensError):
    """An unexpected failure (logged); never a traceback on the caller's side."""

    code = "internal_error"
    default_message = "internal error"


def _all_subclasses(cls: type[WeblensError]) -> list[type[WeblensError]]:
    found: list[type[WeblensError]] = []
    for sub in cls.__subclasses__():
        found.append(sub)
        found.extend(_all_subclasses(sub))
    return found


def error_for_code(code: str) -> type[WeblensError]:
    """The exception class for a stable code (``WeblensError`` if unknown)."""
    for cls in _all_subclasses(WeblensError):
        if cls.code == code:
            return cls
    return WeblensError
