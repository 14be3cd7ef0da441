from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

from tests.search.conftest import NOW
from tests.support.fake_providers import PATHS, hits, json_response, recorded, recorded_response
from tests.support.servers import LoopbackServer, Response
from weblens.errors import NotConfigured, ProviderError, RateLimited
from weblens.search.base import SearchQuery
from weblens.search.providers.brave import BraveProvider, build_request, freshness, parse_response


def _provider(
    server: LoopbackServer, client: httpx.AsyncClient, key: str | None = "test-key"
) -> BraveProvider:
    return BraveProvider(client, api_key=key, endpoint=server.url(PATHS["brave"]))


async def test_recorded_sample_parses_into_results(
    server: LoopbackServer, client: httpx.AsyncClient, shared_dir: Path
) -> None:
    server.route(PATHS["brave"], recorded_response(shared_dir, "brave/web_search_1.json"))
    results = await _provider(server, client).search(SearchQuery(query="hello world"))

    assert len(results) == 20
    first = results[0]
    assert first.rank == 1
    assert first.title == '"Hello, World!" program - Wikipedia'
    assert first.url == "https://en.wikipedia.org/wiki/%22Hello,_World!%22_program"
    assert first.domain == "en.wikipedia.org"
    assert first.snippet.startswith('A "Hello, World!" program is usually a simple computer program')
    assert "<strong>" not in first.snippet
    assert "&quot;" not in first.snippet
    assert "language's basic syntax." in first.snippet  # &#x27; decoded
    assert first.published == "2024-12-27T15:49:55"  # page_age, no time zone invented
    assert first.provider == "brave"
    second = results[1]
    assert (second.url, second.domain, second.published) == (
        "https://www.helloworldcs.org/",
        "helloworldcs.org",
        "2019-09-06",  # midnight without a zone = a date
    )
    learnpython = results[4]
    assert learnpython.title == "Hello, World! - Learn Python - Free Interactive Python Tutorial"
    assert learnpython.published is None  # neither page_age nor age in the sample
    assert [r.rank for r in results] == list(range(1, 21))
    assert results[-1].url == "https://gobyexample.com/hello-world"


async def test_request_carries_key_query_and_options(
    server: LoopbackServer, client: httpx.AsyncClient, shared_dir: Path
) -> None:
    server.route(PATHS["brave"], recorded_response(shared_dir, "brave/web_search_1.json"))
    query = SearchQuery(query="state farm", site_include=("statefarm.com",), recency_days=7, language="en")
    await _provider(server, client).search(query)

    (request,) = hits(server, "brave")
    assert request.method == "GET"
    assert request.headers["x-subscription-token"] == "test-key"
    params = parse_qs(urlsplit(request.target).query)
    assert params["q"] == ["state farm site:statefarm.com"]
    assert params["freshness"] == ["pw"]
    assert params["search_lang"] == ["en"]
    assert params["count"] == ["12"]


@pytest.mark.parametrize(
    ("days", "expected"),
    [(1, "pd"), (7, "pw"), (31, "pm"), (365, "py"), (3, "2024-12-28to2024-12-31"), (None, None)],
)
def test_freshness_maps_days(days: int | None, expected: str | None) -> None:
    assert freshness(days, date(2024, 12, 31)) == expected


def test_build_request_excludes_sites_and_sets_country() -> None:
    query = SearchQuery(query="python", site_exclude=("pinterest.com",), region="de")
    spec = build_request(query, api_key="k", today=date(2024, 1, 1))
    assert spec.param("q") == "python -site:pinterest.com"
    assert spec.param("country") == "DE"
    assert spec.param("freshness") is None


async def test_invalid_token_422_is_not_configured(
    server: LoopbackServer, client: httpx.AsyncClient, shared_dir: Path
) -> None:
    server.route(
        PATHS["brave"], recorded_response(shared_dir, "brave/error_422_invalid_token.json", status=422)
    )
    with pytest.raises(NotConfigured) as caught:
        await _provider(server, client).search(SearchQuery(query="x"))
    assert caught.value.code == "not_configured"
    assert "SUBSCRIPTION_TOKEN_INVALID" in caught.value.message
    assert "WEBLENS_BRAVE_API_KEY" in caught.value.message


async def test_rate_limited_429_honours_retry_after(
    server: LoopbackServer, client: httpx.AsyncClient, shared_dir: Path
) -> None:
    server.route(
        PATHS["brave"],
        recorded_response(
            shared_dir, "brave/error_429_rate_limited.json", status=429, headers={"Retry-After": "3"}
        ),
    )
    with pytest.raises(RateLimited) as caught:
        await _provider(server, client).search(SearchQuery(query="x"))
    assert caught.value.code == "rate_limited"
    assert caught.value.retry_after == 3.0
    assert "Request rate limit exceeded for plan" in caught.value.message


def test_rate_limit_without_retry_after_uses_the_exhausted_window(shared_dir: Path) -> None:
    body = recorded(shared_dir, "brave/error_429_rate_limited.json")
    headers = {"X-RateLimit-Remaining": "0, 1985", "X-RateLimit-Reset": "1, 1419704"}
    with pytest.raises(RateLimited) as caught:
        parse_response(429, headers, body)
    assert caught.value.retry_after == 1.0


@pytest.mark.parametrize(
    ("key", "status", "error"),
    [
        ("404", 404, NotConfigured),
        ("422", 422, NotConfigured),
        ("429_rate", 429, RateLimited),
        ("429_quota", 429, RateLimited),
    ],
)
def test_documented_errors_array_form(
    shared_dir: Path, key: str, status: int, error: type[Exception]
) -> None:
    examples = json.loads(recorded(shared_dir, "brave/error_docs_examples.json"))
    with pytest.raises(error):
        parse_response(status, {}, json.dumps(examples[key]).encode())


async def test_validation_error_is_provider_error_with_brave_detail(
    server: LoopbackServer, client: httpx.AsyncClient
) -> None:
    body = {
        "type": "ErrorResponse",
        "error": {"code": "VALIDATION", "detail": "Unable to validate request parameter(s)", "status": 422},
    }
    server.route(PATHS["brave"], json_response(body, status=422))
    with pytest.raises(ProviderError) as caught:
        await _provider(server, client).search(SearchQuery(query="x"))
    assert caught.value.code == "provider_error"
    assert "Unable to validate request parameter(s)" in caught.value.message


async def test_garbage_body_is_provider_error(server: LoopbackServer, client: httpx.AsyncClient) -> None:
    server.route(PATHS["brave"], Response(body=b"<html>oops</html>"))
    with pytest.raises(ProviderError, match="not JSON"):
        await _provider(server, client).search(SearchQuery(query="x"))


def test_wrong_shape_is_provider_error() -> None:
    with pytest.raises(ProviderError, match="unexpected"):
        parse_response(200, {}, b"[1, 2, 3]")
    with pytest.raises(ProviderError, match="unexpected shape"):
        parse_response(200, {}, b'{"type": "search", "web": {"results": "nope"}}')


def test_answer_without_web_section_is_empty() -> None:
    assert parse_response(200, {}, b'{"type": "search", "query": {"original": "zzzz"}}') == []


def test_relative_age_is_dated_from_the_answer_time_only() -> None:
    item = {"title": "t", "url": "https://a.example/x", "description": "d", "age": "4 days ago"}
    body = json.dumps({"type": "search", "web": {"results": [item]}}).encode()
    assert parse_response(200, {}, body, now=NOW)[0].published == "2024-12-27"
    assert parse_response(200, {}, body)[0].published is None


async def test_without_key_is_not_configured_and_sends_nothing(
    server: LoopbackServer, client: httpx.AsyncClient
) -> None:
    provider = _provider(server, client, key=None)
    assert not provider.is_configured()
    with pytest.raises(NotConfigured, match="WEBLENS_BRAVE_API_KEY"):
        await provider.search(SearchQuery(query="x"))
    assert server.requests == []
