"""Wikipedia through the MediaWiki Action API (``list=search``; no key needed).

Request: GET ``https://<lang>.wikipedia.org/w/api.php?action=query&list=search&srsearch=…``
with the User-Agent Wikimedia's policy asks for: ``weblens/<version> (<contact>)``.
The wiki's language is the provider's (``WEBLENS_WIKIPEDIA_LANGUAGE``), or the query's
``language`` when no explicit endpoint is configured. Not supported: ``recency_days``
(the API has no date filter) and ``region``; a query whose ``site_include`` does not
allow ``<lang>.wikipedia.org``, or whose ``site_exclude`` names it, gets an empty
answer without a request.

Answer: ``query.search[]`` → URL ``https://<lang>.wikipedia.org/wiki/<Title_with_underscores>``,
snippet de-HTMLed (``<span class="searchmatch">``). ``published`` stays ``None``: the
only timestamp the API gives is the *last edit*, which is not a publication date.

Errors: HTTP 429 "Please respect our robot policy" (+ Retry-After) → rate_limited;
a 403 with that text means the User-Agent was refused → not_configured (set
``WEBLENS_CONTACT``); API errors come as HTTP 200 with ``{"error":{code,info}}`` (or
``{"errors":[{code,text}]}``): ``ratelimited``/``maxlag`` → rate_limited, others →
provider_error with the API's code and text.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import datetime
from typing import Any
from urllib.parse import quote

import httpx

from weblens.errors import NotConfigured, ProviderError, RateLimited, WeblensError
from weblens.models import SearchResult
from weblens.search.base import SearchQuery, requested_count
from weblens.search.dates import parse_retry_after
from weblens.search.http import (
    MAX_RESPONSE_BYTES,
    RequestSpec,
    body_excerpt,
    error_for_status,
    get_header,
    read_json,
    send,
)
from weblens.search.operators import host_allowed
from weblens.search.results import Row, rank_rows

__all__ = [
    "WikipediaProvider",
    "api_endpoint",
    "article_url",
    "build_request",
    "contact_user_agent",
    "parse_response",
    "valid_language",
]

NAME = "wikipedia"
ENGINE_MAX = 50
_LANGUAGE = re.compile(r"^[a-z][a-z0-9-]{1,19}$")
_LIMIT_CODES = frozenset({"ratelimited", "maxlag"})
_TITLE_SAFE = ";@$!*(),/~:"


def contact_user_agent(contact: str, version: str = "0.1") -> str:
    """The User-Agent Wikimedia asks for: a tool name, a version and how to reach its operator."""
    return f"weblens/{version} ({contact})"


def valid_language(language: str | None) -> bool:
    return bool(language) and _LANGUAGE.match(language or "") is not None


def api_endpoint(language: str) -> str:
    return f"https://{language}.wikipedia.org/w/api.php"


def article_url(title: str, language: str) -> str:
    return f"https://{language}.wikipedia.org/wiki/{quote(title.strip().replace(' ', '_'), safe=_TITLE_SAFE)}"


def build_request(query: SearchQuery, *, endpoint: str, user_agent: str) -> RequestSpec:
    params = (
        ("action", "query"),
        ("list", "search"),
        ("srsearch", query.query),
        ("srlimit", str(requested_count(query, ENGINE_MAX))),
        ("srprop", "snippet"),
        ("srnamespace", "0"),
        ("format", "json"),
        ("formatversion", "2"),
    )
    headers = (("User-Agent", user_agent), ("Accept", "application/json"))
    return RequestSpec("GET", endpoint, params=params, headers=headers)


def _api_error(data: Any) -> tuple[str, str] | None:
    if not isinstance(data, dict):
        return None
    error = data.get("error")
    if isinstance(error, dict):
        return str(error.get("code") or "unknown"), str(error.get("info") or error.get("*") or "")
    errors = data.get("errors")
    if isinstance(errors, list) and errors and isinstance(errors[0], dict):
        first = errors[0]
        return str(first.get("code") or "unknown"), str(first.get("text") or first.get("html") or "")
    return None


def _http_error(status: int, headers: Mapping[str, str], body: bytes, now: datetime | None) -> WeblensError:
    text = body_excerpt(body)
    if status == 403 and "robot policy" in text:
        return NotConfigured(
            f"wikipedia refused our User-Agent ({text}); set WEBLENS_CONTACT to a URL or e-mail address",
            provider=NAME,
        )
    return error_for_status(status, text, provider=NAME, headers=headers, now=now)


def parse_response(
    status: int, headers: Mapping[str, str], body: bytes, *, language: str, now: datetime | None = None
) -> list[SearchResult]:
    if status != 200:
        raise _http_error(status, headers, body, now)
    data = read_json(body, provider=NAME)
    if (api_error := _api_error(data)) is not None:
        code, info = api_error
        if code in _LIMIT_CODES:
            retry_after = parse_retry_after(get_header(headers, "retry-after"), now=now)
            message = f"wikipedia is rate limiting: {code}: {info}"
            raise RateLimited(message, provider=NAME, retry_after=retry_after)
        raise ProviderError(f"wikipedia API error {code}: {info}", provider=NAME)
    section = data.get("query") if isinstance(data, dict) else None
    found = section.get("search") if isinstance(section, dict) else None
    if not isinstance(found, list):
        raise ProviderError(f"wikipedia returned an unexpected answer: {body_excerpt(body)!r}", provider=NAME)
    rows = (
        Row(url=article_url(item["title"], language), title=item["title"], snippet=item.get("snippet"))
        for item in found
        if isinstance(item, dict) and isinstance(item.get("title"), str) and item["title"].strip()
    )
    return rank_rows(rows, provider=NAME)


class WikipediaProvider:
    name = NAME

    def __init__(
        self,
        client: httpx.AsyncClient,
        *,
        user_agent: str,
        language: str = "en",
        endpoint: str | None = None,
        max_response_bytes: int = MAX_RESPONSE_BYTES,
    ) -> None:
        self._client = client
        self._user_agent = user_agent
        self._language = language.strip().lower()
        self._endpoint = endpoint
        self._max_bytes = max_response_bytes

    def is_configured(self) -> bool:
        return valid_language(self._language)

    def _wiki_language(self, query: SearchQuery) -> str:
        if self._endpoint is None and valid_language(query.language):
            return str(query.language)
        return self._language

    async def search(self, query: SearchQuery) -> list[SearchResult]:
        if not self.is_configured():
            raise NotConfigured(
                f"wikipedia language {self._language!r} is not a wiki code: set WEBLENS_WIKIPEDIA_LANGUAGE",
                provider=NAME,
            )
        language = self._wiki_language(query)
        if not host_allowed(f"{language}.wikipedia.org", query.site_include, query.site_exclude):
            return []
        endpoint = self._endpoint or api_endpoint(language)
        spec = build_request(query, endpoint=endpoint, user_agent=self._user_agent)
        raw = await send(self._client, spec, provider=NAME, max_bytes=self._max_bytes)
        return parse_response(raw.status, raw.headers, raw.body, language=language, now=raw.received_at)
