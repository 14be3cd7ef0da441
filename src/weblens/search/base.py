"""The search input and the one-method seam every engine sits behind.

``SearchQuery`` is the validated, engine-neutral question; ``SearchProvider`` is
what the orchestrator calls. Two provider failures are added to the error tree
here (both keep the public code ``provider_error``) so the orchestrator can tell
what deserves a second try:

- :class:`TransientProviderError`: 5xx, connection refused/reset — retried once;
- :class:`ProviderTimeout`: no answer in time — not retried (the caller is waiting),
  the next provider is asked instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from weblens.errors import ProviderError
from weblens.models import SearchResult
from weblens.requests import MAX_READ

__all__ = [
    "CONFIG_HINTS",
    "MAX_RESULTS_CAP",
    "ProviderTimeout",
    "SearchProvider",
    "SearchQuery",
    "TransientProviderError",
    "requested_count",
]

MAX_RESULTS_CAP = MAX_READ
"""The most results one search returns: as many as one call may read (engines that return fewer
give fewer)."""
#: extra results asked of an engine, so that dropping duplicates still leaves max_results
HEADROOM = 4

#: What an operator sets to make each provider usable (named in ``not_configured`` errors).
CONFIG_HINTS: dict[str, str] = {
    "brave": "WEBLENS_BRAVE_API_KEY",
    "serpapi": "WEBLENS_SERPAPI_API_KEY",
    "tavily": "WEBLENS_TAVILY_API_KEY",
    "searxng": "WEBLENS_SEARXNG_URL",
    "duckduckgo": "WEBLENS_DUCKDUCKGO_ENDPOINT",
    "wikipedia": "WEBLENS_WIKIPEDIA_LANGUAGE",
}


class TransientProviderError(ProviderError):
    """A failure that may go away on a second try (5xx, connection refused or reset)."""


class ProviderTimeout(ProviderError):
    """The provider did not answer in time."""


def _clean_sites(sites: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    cleaned: list[str] = []
    for site in sites:
        host = site.strip().lower().removeprefix("http://").removeprefix("https://").strip("/")
        if host and host not in cleaned:
            cleaned.append(host)
    return tuple(cleaned)


@dataclass(frozen=True, kw_only=True)
class SearchQuery:
    """One search, engine-neutral.

    ``max_results`` above :data:`MAX_RESULTS_CAP` (20) is capped there; below 1 is an error. ``recency_days``
    asks for pages from the last N days (each engine maps it to its freshness
    parameter, rounding up where the engine only knows day/week/month/year).
    ``site_include``/``site_exclude`` are host names (``example.com`` also matches
    its subdomains). ``language`` is an ISO 639-1 code (``en``), ``region`` an
    ISO 3166 country code (``us``); engines that cannot use them ignore them.
    """

    query: str
    max_results: int = 8
    recency_days: int | None = None
    site_include: tuple[str, ...] = ()
    site_exclude: tuple[str, ...] = ()
    language: str | None = None
    region: str | None = None

    def __post_init__(self) -> None:
        query = " ".join(self.query.split())
        if not query:
            raise ValueError("the search query is empty")
        if self.max_results < 1:
            raise ValueError(f"max_results must be at least 1, not {self.max_results}")
        if self.recency_days is not None and self.recency_days < 1:
            raise ValueError(f"recency_days must be at least 1, not {self.recency_days}")
        object.__setattr__(self, "query", query)
        object.__setattr__(self, "max_results", min(self.max_results, MAX_RESULTS_CAP))
        object.__setattr__(self, "site_include", _clean_sites(self.site_include))
        object.__setattr__(self, "site_exclude", _clean_sites(self.site_exclude))
        object.__setattr__(self, "language", (self.language or "").strip().lower() or None)
        object.__setattr__(self, "region", (self.region or "").strip().lower() or None)


def requested_count(query: SearchQuery, engine_max: int) -> int:
    """How many results to ask an engine for: a little more than wanted, within its limit."""
    return max(1, min(engine_max, query.max_results + HEADROOM))


@runtime_checkable
class SearchProvider(Protocol):
    """A search engine behind one method.

    ``search`` raises only weblens errors: ``NotConfigured`` (missing or rejected
    key), ``RateLimited`` (429, quota, bot challenge), ``TransientProviderError``
    (5xx, connection failure), ``ProviderTimeout`` or ``ProviderError``.
    An empty list means the engine answered and found nothing.
    """

    name: str

    def is_configured(self) -> bool: ...

    async def search(self, query: SearchQuery) -> list[SearchResult]: ...
