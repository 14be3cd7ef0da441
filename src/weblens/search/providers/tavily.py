"""Tavily search API.

Request: POST ``endpoint`` with a JSON body and ``Authorization: Bearer <key>``.
``recency_days`` → ``time_range`` (day/week/month/year for exactly 1/7/31/365 days)
or else ``start_date`` (today minus N days); sites → ``include_domains`` /
``exclude_domains``. Tavily's ``country`` wants country *names*, so ``language``
and ``region`` are not sent.

Answer: ``results[]`` (``url``, ``title``, ``content``; ``published_date`` in RFC 1123
for news). Errors are ``{"detail": {"error": "…"}}``: 401 → not_configured; 429 and
the plan/pay-as-you-go limits 432/433 → rate_limited; 400 and others →
provider_error with Tavily's text.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, date, datetime, timedelta
from typing import Any

from weblens.errors import NotConfigured, ProviderError, RateLimited, WeblensError
from weblens.models import SearchResult
from weblens.search.base import CONFIG_HINTS, SearchQuery, requested_count
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
from weblens.search.results import rank_items

__all__ = ["DEFAULT_ENDPOINT", "TavilyProvider", "build_request", "parse_response"]

NAME = "tavily"
DEFAULT_ENDPOINT = "https://api.tavily.com/search"
ENGINE_MAX = 20
_TIME_RANGES = {1: "day", 7: "week", 31: "month", 365: "year"}
_LIMIT_STATUSES = frozenset({429, 432, 433})


def build_request(
    query: SearchQuery, *, api_key: str, endpoint: str = DEFAULT_ENDPOINT, today: date
) -> RequestSpec:
    body: dict[str, Any] = {
        "query": query.query,
        "max_results": requested_count(query, ENGINE_MAX),
        "search_depth": "basic",
        "topic": "general",
    }
    if query.site_include:
        body["include_domains"] = list(query.site_include)
    if query.site_exclude:
        body["exclude_domains"] = list(query.site_exclude)
    if query.recency_days in _TIME_RANGES:
        body["time_range"] = _TIME_RANGES[query.recency_days]
    elif query.recency_days is not None:
        body["start_date"] = (today - timedelta(days=query.recency_days)).isoformat()
    headers = (("Authorization", f"Bearer {api_key}"), ("Accept", "application/json"))
    return RequestSpec("POST", endpoint, headers=headers, json=body)


def _message(data: Any, body: bytes) -> str:
    detail = data.get("detail") if isinstance(data, dict) else None
    if isinstance(detail, dict) and isinstance(detail.get("error"), str):
        return str(detail["error"])
    if isinstance(detail, str):
        return detail
    if isinstance(data, dict) and isinstance(data.get("error"), str):
        return str(data["error"])
    return body_excerpt(body)


def _error(status: int, headers: Mapping[str, str], body: bytes, now: datetime | None) -> WeblensError:
    try:
        message = _message(read_json(body, provider=NAME), body)
    except ProviderError:
        message = body_excerpt(body)
    if status == 401:
        hint = CONFIG_HINTS[NAME]
        return NotConfigured(f"tavily rejected the API key ({message}); check {hint}", provider=NAME)
    if status in _LIMIT_STATUSES:
        retry_after = parse_retry_after(get_header(headers, "retry-after"), now=now)
        return RateLimited(f"tavily is rate limiting: {message}", provider=NAME, retry_after=retry_after)
    return error_for_status(status, message, provider=NAME, headers=headers, now=now)


def parse_response(
    status: int, headers: Mapping[str, str], body: bytes, *, now: datetime | None = None
) -> list[SearchResult]:
    if status != 200:
        raise _error(status, headers, body, now)
    data = read_json(body, provider=NAME)
    items = data.get("results") if isinstance(data, dict) else None
    if not isinstance(items, list):
        raise ProviderError(f"tavily returned an unexpected answer: {body_excerpt(body)!r}", provider=NAME)
    return rank_items(items, provider=NAME, snippet="content", dates=("published_date",), now=now)


class TavilyProvider(KeyedProvider):
    name = NAME
    default_endpoint = DEFAULT_ENDPOINT

    def build(self, query: SearchQuery, api_key: str, endpoint: str) -> RequestSpec:
        return build_request(query, api_key=api_key, endpoint=endpoint, today=datetime.now(UTC).date())

    def parse(self, raw: RawResponse) -> list[SearchResult]:
        return parse_response(raw.status, raw.headers, raw.body, now=raw.received_at)
