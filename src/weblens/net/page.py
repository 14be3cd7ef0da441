"""What a fetch returns, the one-method ``Fetcher`` protocol, and its test fake."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Protocol

from weblens.charset import decode_body
from weblens.errors import HTTPError

__all__ = ["FetchedPage", "Fetcher", "StaticFetcher"]


@dataclass(frozen=True, kw_only=True)
class FetchedPage:
    """A successful fetch: the decoded body and how it got here."""

    url: str  # as requested
    final_url: str  # after redirects
    status: int
    headers: Mapping[str, str]  # lower-case names; repeated headers joined with ", "
    content_type: str  # media type ("text/html"), sniffed when the server sent none
    charset: str | None  # as declared in Content-Type, if any
    body: bytes  # Content-Encoding already removed
    text: str  # body decoded (BOM, header, <meta>, detection; see weblens.charset)
    encoding: str  # the codec that produced ``text``
    redirects: tuple[str, ...] = ()  # each hop's target URL, in order
    elapsed_ms: float = 0.0

    def __post_init__(self) -> None:
        object.__setattr__(self, "headers", MappingProxyType(dict(self.headers)))

    @classmethod
    def of(
        cls,
        url: str,
        body: str | bytes,
        *,
        content_type: str = "text/html",
        charset: str | None = None,
        status: int = 200,
        final_url: str | None = None,
        headers: Mapping[str, str] | None = None,
        redirects: tuple[str, ...] = (),
        elapsed_ms: float = 0.0,
    ) -> FetchedPage:
        """A page built from its parts (for fakes and tests); ``str`` bodies are stored as UTF-8."""
        if isinstance(body, str):
            body, charset = body.encode("utf-8"), charset or "utf-8"
        text, encoding = decode_body(body, charset)
        declared = f"{content_type}; charset={charset}" if charset else content_type
        return cls(
            url=url,
            final_url=final_url or url,
            status=status,
            headers={"content-type": declared, **{k.lower(): v for k, v in (headers or {}).items()}},
            content_type=content_type,
            charset=charset,
            body=body,
            text=text,
            encoding=encoding,
            redirects=redirects,
            elapsed_ms=elapsed_ms,
        )


class Fetcher(Protocol):
    async def fetch(
        self, url: str, *, timeout_s: float | None = None, follow: Callable[[str], bool] | None = None
    ) -> FetchedPage:
        """Fetch ``url`` (within ``timeout_s`` when given, else the fetcher's own limit), following only
        the redirects ``follow`` accepts when given; raises weblens errors (InvalidURL, SSRFBlocked,
        FetchError subclasses)."""
        ...


class StaticFetcher:
    """A fake :class:`Fetcher`: a fixed table of URL → page or error; unknown URLs are HTTP 404.

    ``calls`` records every URL asked for, in order.
    """

    def __init__(self, pages: Mapping[str, FetchedPage | Exception]) -> None:
        self._pages = dict(pages)
        self.calls: list[str] = []

    async def fetch(
        self, url: str, *, timeout_s: float | None = None, follow: Callable[[str], bool] | None = None
    ) -> FetchedPage:
        self.calls.append(url)
        found = self._pages.get(url)
        if found is None:
            raise HTTPError(url=url, status=404)
        if isinstance(found, Exception):
            raise found
        return found
