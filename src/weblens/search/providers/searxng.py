"""SearXNG, a self-hosted metasearch instance, through its JSON format.

Request: GET ``<base>/search?q=…&format=json``. ``recency_days`` → ``time_range``
(day/week/month/year, rounded up; none above a year); sites → ``site:`` operators
(SearXNG passes them to its engines); ``language`` (+ ``region``) → ``language``
(``en`` or ``en-US``).

Answer: ``results[]`` (``url``, ``title``, ``content``, ``publishedDate``).
``number_of_results`` is not trusted (often 0). An HTTP 200 with no results and a
non-empty ``unresponsive_engines`` means every engine behind the instance failed
(CAPTCHA, suspended, timeout…): that is a provider_error naming each engine and its
reason, never "no results". 403 means the instance does not allow ``format=json``
(an operator setting) → not_configured; 429 (its limiter) → rate_limited.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

import httpx

from weblens.errors import NotConfigured, ProviderError, WeblensError
from weblens.models import SearchResult
from weblens.search.base import CONFIG_HINTS, SearchQuery
from weblens.search.http import (
    MAX_RESPONSE_BYTES,
    RequestSpec,
    body_excerpt,
    error_for_status,
    read_json,
    send,
)
from weblens.search.operators import recency_bucket, with_site_operators
from weblens.search.results import rank_items

__all__ = ["SearxngProvider", "build_request", "parse_response", "search_url"]

NAME = "searxng"


def search_url(base_url: str) -> str:
    """The instance's search endpoint: ``<base>/search`` unless the base already names it."""
    base = base_url.rstrip("/")
    return base if base.endswith("/search") else base + "/search"


def _language(query: SearchQuery) -> str | None:
    if query.language and query.region:
        return f"{query.language}-{query.region.upper()}"
    return query.language


def build_request(query: SearchQuery, *, base_url: str) -> RequestSpec:
    params = [
        ("q", with_site_operators(query.query, query.site_include, query.site_exclude)),
        ("format", "json"),
        ("pageno", "1"),
    ]
    if (language := _language(query)) is not None:
        params.append(("language", language))
    if (bucket := recency_bucket(query.recency_days)) is not None:
        params.append(("time_range", bucket))
    headers = (("Accept", "application/json"),)
    return RequestSpec("GET", search_url(base_url), params=tuple(params), headers=headers)


def _error(status: int, headers: Mapping[str, str], body: bytes, now: datetime | None) -> WeblensError:
    if status == 403:
        return NotConfigured(
            "searxng refused format=json (HTTP 403): enable json in the instance's settings.yml "
            f"search.formats, or check {CONFIG_HINTS[NAME]}",
            provider=NAME,
        )
    return error_for_status(status, body_excerpt(body), provider=NAME, headers=headers, now=now)


def _unresponsive(data: Mapping[str, Any]) -> list[str]:
    engines = data.get("unresponsive_engines")
    if not isinstance(engines, list):
        return []
    return [
        f"{entry[0]} ({entry[1]})" if len(entry) > 1 else str(entry[0])
        for entry in engines
        if isinstance(entry, list | tuple) and entry
    ]


def parse_response(
    status: int, headers: Mapping[str, str], body: bytes, *, now: datetime | None = None
) -> list[SearchResult]:
    if status != 200:
        raise _error(status, headers, body, now)
    data = read_json(body, provider=NAME)
    items = data.get("results") if isinstance(data, dict) else None
    if not isinstance(data, dict) or not isinstance(items, list):
        raise ProviderError(f"searxng returned an unexpected answer: {body_excerpt(body)!r}", provider=NAME)
    failed = _unresponsive(data)
    if not items and failed:
        raise ProviderError(f"searxng: every engine failed: {', '.join(failed)}", provider=NAME)
    return rank_items(items, provider=NAME, snippet="content", dates=("publishedDate",), now=now)


class SearxngProvider:
    name = NAME

    def __init__(
        self, client: httpx.AsyncClient, *, base_url: str | None, max_response_bytes: int = MAX_RESPONSE_BYTES
    ) -> None:
        self._client = client
        self._base_url = base_url
        self._max_bytes = max_response_bytes

    def is_configured(self) -> bool:
        return bool(self._base_url)

    async def search(self, query: SearchQuery) -> list[SearchResult]:
        if not self._base_url:
            raise NotConfigured(f"searxng needs an instance: set {CONFIG_HINTS[NAME]}", provider=NAME)
        spec = build_request(query, base_url=self._base_url)
        raw = await send(self._client, spec, provider=NAME, max_bytes=self._max_bytes)
        return parse_response(raw.status, raw.headers, raw.body, now=raw.received_at)
