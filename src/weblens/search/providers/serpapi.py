"""SerpApi, Google engine.

Request: GET ``endpoint?engine=google&q=…&api_key=…``. ``recency_days`` → ``tbs=qdr:d``
(one day) or ``qdr:dN``; sites → ``site:`` operators; ``language`` → ``hl``,
``region`` → ``gl``. (``num`` is no longer a SerpApi parameter: a page is ~10 results.)

Answer: ``organic_results[]`` (``link``, ``title``, ``snippet``, optional ``date`` as
"Nov 20, 2022" or "2 days ago"). Errors are ``{"error": "…"}``: 401 / "Invalid API
key" → not_configured; 429 ("run out of searches", hourly throughput) →
rate_limited; HTTP 200 with "Google hasn't returned any results" → an empty list
(an answer, not a failure); anything else → provider_error with SerpApi's text.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from weblens.errors import NotConfigured, ProviderError, RateLimited, WeblensError
from weblens.models import SearchResult
from weblens.search.base import CONFIG_HINTS, SearchQuery
from weblens.search.dates import parse_retry_after
from weblens.search.http import (
    RawResponse,
    RequestSpec,
    body_excerpt,
    error_for_status,
    get_header,
    read_json,
)
from weblens.search.keyed import KeyedProvider
from weblens.search.operators import with_site_operators
from weblens.search.results import rank_items

__all__ = ["DEFAULT_ENDPOINT", "SerpApiProvider", "build_request", "parse_response"]

NAME = "serpapi"
DEFAULT_ENDPOINT = "https://serpapi.com/search.json"
_NO_RESULTS = "hasn't returned any results"
_QUOTA_MARKERS = ("run out of searches", "throughput limit")


def build_request(query: SearchQuery, *, api_key: str, endpoint: str = DEFAULT_ENDPOINT) -> RequestSpec:
    params = [
        ("engine", "google"),
        ("q", with_site_operators(query.query, query.site_include, query.site_exclude)),
        ("api_key", api_key),
    ]
    if query.recency_days is not None:
        params.append(("tbs", "qdr:d" if query.recency_days == 1 else f"qdr:d{query.recency_days}"))
    if query.language:
        params.append(("hl", query.language))
    if query.region:
        params.append(("gl", query.region))
    return RequestSpec("GET", endpoint, params=tuple(params), headers=(("Accept", "application/json"),))


def _error(status: int, message: str, headers: Mapping[str, str], now: datetime | None) -> WeblensError:
    if status in (401, 403) or "invalid api key" in message.lower():
        hint = CONFIG_HINTS[NAME]
        return NotConfigured(f"serpapi rejected the API key ({message}); check {hint}", provider=NAME)
    if status == 429 or any(marker in message.lower() for marker in _QUOTA_MARKERS):
        retry_after = parse_retry_after(get_header(headers, "retry-after"), now=now)
        return RateLimited(f"serpapi is rate limiting: {message}", provider=NAME, retry_after=retry_after)
    if status == 200:
        return ProviderError(f"serpapi failed: {message}", provider=NAME)
    return error_for_status(status, message, provider=NAME, headers=headers, now=now)


def _decode(status: int, body: bytes) -> Any:
    try:
        return read_json(body, provider=NAME)
    except ProviderError:
        if status == 200:
            raise
        return {"error": body_excerpt(body)}


def parse_response(
    status: int, headers: Mapping[str, str], body: bytes, *, now: datetime | None = None
) -> list[SearchResult]:
    data = _decode(status, body)
    if not isinstance(data, dict):
        raise ProviderError(f"serpapi returned an unexpected answer: {body_excerpt(body)!r}", provider=NAME)
    message = data.get("error")
    if status == 200 and isinstance(message, str) and _NO_RESULTS in message:
        return []
    if status != 200 or message:
        raise _error(status, str(message or ""), headers, now)
    items = data.get("organic_results", [] if "search_metadata" in data else None)
    if not isinstance(items, list):
        raise ProviderError(f"serpapi returned an unexpected answer: {body_excerpt(body)!r}", provider=NAME)
    return rank_items(items, provider=NAME, snippet="snippet", dates=("date",), url="link", now=now)


class SerpApiProvider(KeyedProvider):
    name = NAME
    default_endpoint = DEFAULT_ENDPOINT

    def build(self, query: SearchQuery, api_key: str, endpoint: str) -> RequestSpec:
        return build_request(query, api_key=api_key, endpoint=endpoint)

    def parse(self, raw: RawResponse) -> list[SearchResult]:
        return parse_response(raw.status, raw.headers, raw.body, now=raw.received_at)
