"""Brave Search API (web results).

Request: GET ``endpoint?q=…&count=…`` with ``X-Subscription-Token``. ``recency_days``
→ ``freshness`` (``pd``/``pw``/``pm``/``py`` for exactly 1/7/31/365 days, otherwise an
exact ``YYYY-MM-DDtoYYYY-MM-DD`` range ending today), sites → ``site:`` operators,
``language`` → ``search_lang``, ``region`` → ``country``.

Answer: ``web.results[]``; ``published`` is ``page_age`` (ISO, no time zone, kept
without one) or else ``age`` ("June 30, 2025", "4 days ago" relative to the answer).
Errors arrive as ``{"type":"ErrorResponse","error":{code,detail,…}}`` (the documented
``"errors":[…]`` form is accepted too): ``SUBSCRIPTION_TOKEN_INVALID`` (HTTP 422, not
401) and ``SUBSCRIPTION_NOT_FOUND`` → not_configured; ``RATE_LIMITED``/``QUOTA_LIMITED``
(429) → rate_limited, waiting Retry-After or else the reset of the exhausted window
from ``X-RateLimit-Reset``; anything else → provider_error with Brave's detail.
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
from weblens.search.operators import with_site_operators
from weblens.search.results import rank_items

__all__ = ["DEFAULT_ENDPOINT", "BraveProvider", "build_request", "freshness", "parse_response"]

NAME = "brave"
DEFAULT_ENDPOINT = "https://api.search.brave.com/res/v1/web/search"
ENGINE_MAX = 20
_NAMED_FRESHNESS = {1: "pd", 7: "pw", 31: "pm", 365: "py"}
_KEY_CODES = frozenset({"SUBSCRIPTION_TOKEN_INVALID", "SUBSCRIPTION_NOT_FOUND"})
_LIMIT_CODES = frozenset({"RATE_LIMITED", "QUOTA_LIMITED"})


def freshness(days: int | None, today: date) -> str | None:
    if days is None:
        return None
    if days in _NAMED_FRESHNESS:
        return _NAMED_FRESHNESS[days]
    return f"{(today - timedelta(days=days)).isoformat()}to{today.isoformat()}"


def build_request(
    query: SearchQuery, *, api_key: str, endpoint: str = DEFAULT_ENDPOINT, today: date
) -> RequestSpec:
    params = [
        ("q", with_site_operators(query.query, query.site_include, query.site_exclude)),
        ("count", str(requested_count(query, ENGINE_MAX))),
    ]
    if (fresh := freshness(query.recency_days, today)) is not None:
        params.append(("freshness", fresh))
    if query.language:
        params.append(("search_lang", query.language))
    if query.region:
        params.append(("country", query.region.upper()))
    headers = (("Accept", "application/json"), ("X-Subscription-Token", api_key))
    return RequestSpec("GET", endpoint, params=tuple(params), headers=headers)


def _error_object(data: Any) -> Mapping[str, Any]:
    """The live ``"error": {…}`` object, or the first of the documented ``"errors": […]``."""
    if not isinstance(data, dict):
        return {}
    found = data.get("error")
    if not isinstance(found, dict):
        errors = data.get("errors")
        found = errors[0] if isinstance(errors, list) and errors else None
    return found if isinstance(found, dict) else {}


def _numbers(header: str | None) -> list[float]:
    return [float(part) for part in (header or "").split(",") if part.strip()]


def _exhausted_window_reset(headers: Mapping[str, str]) -> float | None:
    """Seconds until the exhausted rate-limit window resets (``X-RateLimit-*`` are per-window lists)."""
    try:
        resets = _numbers(get_header(headers, "x-ratelimit-reset"))
        left = _numbers(get_header(headers, "x-ratelimit-remaining"))
    except ValueError:
        return None
    exhausted = [reset for reset, remaining in zip(resets, left, strict=False) if remaining <= 0]
    return max(exhausted) if exhausted else None


def _error(status: int, headers: Mapping[str, str], body: bytes, now: datetime | None) -> WeblensError:
    try:
        error = _error_object(read_json(body, provider=NAME))
    except ProviderError:
        error = {}
    code = str(error.get("code") or "")
    detail = str(error.get("detail") or "") or body_excerpt(body)
    message = f"{code}: {detail}" if code else detail
    if code in _KEY_CODES or status in (401, 403):
        hint = CONFIG_HINTS[NAME]
        return NotConfigured(f"brave rejected the API key ({message}); check {hint}", provider=NAME)
    if code in _LIMIT_CODES or status == 429:
        retry_after = parse_retry_after(get_header(headers, "retry-after"), now=now)
        if retry_after is None:
            retry_after = _exhausted_window_reset(headers)
        return RateLimited(f"brave is rate limiting: {message}", provider=NAME, retry_after=retry_after)
    return error_for_status(status, message, provider=NAME, headers=headers, now=now)


def parse_response(
    status: int, headers: Mapping[str, str], body: bytes, *, now: datetime | None = None
) -> list[SearchResult]:
    if status != 200:
        raise _error(status, headers, body, now)
    data = read_json(body, provider=NAME)
    if not isinstance(data, dict):
        raise ProviderError(f"brave returned an unexpected answer: {body_excerpt(body)!r}", provider=NAME)
    if _error_object(data):
        raise _error(status, headers, body, now)
    if "web" not in data:  # Brave leaves out "web" when nothing was found
        if data.get("type") == "search" or "query" in data:
            return []
        raise ProviderError(f"brave returned an unexpected answer: {body_excerpt(body)!r}", provider=NAME)
    web = data["web"]
    items = web.get("results") if isinstance(web, dict) else None
    if not isinstance(items, list):
        raise ProviderError("brave returned web results in an unexpected shape", provider=NAME)
    return rank_items(items, provider=NAME, snippet="description", dates=("page_age", "age"), now=now)


class BraveProvider(KeyedProvider):
    name = NAME
    default_endpoint = DEFAULT_ENDPOINT

    def build(self, query: SearchQuery, api_key: str, endpoint: str) -> RequestSpec:
        return build_request(query, api_key=api_key, endpoint=endpoint, today=datetime.now(UTC).date())

    def parse(self, raw: RawResponse) -> list[SearchResult]:
        return parse_response(raw.status, raw.headers, raw.body, now=raw.received_at)
