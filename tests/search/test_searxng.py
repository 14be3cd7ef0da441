from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

from tests.support.fake_providers import PATHS, hits, recorded_response
from tests.support.servers import LoopbackServer, Response
from weblens.errors import NotConfigured, ProviderError, RateLimited
from weblens.search.base import SearchQuery
from weblens.search.providers.searxng import SearxngProvider, build_request, parse_response, search_url


def _provider(server: LoopbackServer, client: httpx.AsyncClient) -> SearxngProvider:
    return SearxngProvider(client, base_url=server.url("/searxng/"))


async def test_recorded_capture(server: LoopbackServer, client: httpx.AsyncClient, shared_dir: Path) -> None:
    server.route(
        PATHS["searxng"], recorded_response(shared_dir, "searxng/search_1_partial_capture_startpage.json")
    )
    results = await _provider(server, client).search(SearchQuery(query="climate tech", recency_days=3))

    assert len(results) == 1
    (result,) = results
    assert result.title == "What is Climate Tech? | Nasdaq"
    assert result.url == "https://www.nasdaq.com/solutions/listings/resources/blogs/what-is-climate-tech"
    assert result.domain == "nasdaq.com"
    assert result.snippet == (
        "Climate tech refers to technologies and services that enable decarbonization of the global economy."
    )
    assert result.published is None  # publishedDate null

    (request,) = hits(server, "searxng")
    params = parse_qs(urlsplit(request.target).query)
    assert params["format"] == ["json"]
    assert params["q"] == ["climate tech"]
    assert params["time_range"] == ["week"]  # 3 days rounds up


async def test_all_engines_failed_is_a_provider_error_naming_them(
    server: LoopbackServer, client: httpx.AsyncClient, shared_dir: Path
) -> None:
    server.route(PATHS["searxng"], recorded_response(shared_dir, "searxng/search_3_all_engines_failed.json"))
    with pytest.raises(ProviderError) as caught:
        await _provider(server, client).search(SearchQuery(query="faculty query"))
    assert caught.value.code == "provider_error"
    assert "duckduckgo (CAPTCHA)" in caught.value.message
    assert "google (timeout)" in caught.value.message
    assert "brave (Suspended: too many requests)" in caught.value.message


def test_no_results_with_healthy_engines_is_empty() -> None:
    body = json.dumps({"query": "q", "results": [], "unresponsive_engines": []}).encode()
    assert parse_response(200, {}, body) == []


def test_partial_failure_with_results_still_answers() -> None:
    item = {
        "url": "https://a.example/x",
        "title": "A",
        "content": "c",
        "publishedDate": "2024-03-01T08:00:00",
    }
    body = json.dumps({"results": [item], "unresponsive_engines": [["google", "timeout"]]}).encode()
    (result,) = parse_response(200, {}, body)
    assert result.published == "2024-03-01T08:00:00"


async def test_json_format_disabled_403_is_not_configured(
    server: LoopbackServer, client: httpx.AsyncClient
) -> None:
    server.route(PATHS["searxng"], Response(status=403, body=b"Forbidden"))
    with pytest.raises(NotConfigured, match=r"search\.formats"):
        await _provider(server, client).search(SearchQuery(query="x"))


async def test_limiter_429_is_rate_limited(server: LoopbackServer, client: httpx.AsyncClient) -> None:
    server.route(
        PATHS["searxng"], Response(status=429, body=b"Too Many Requests", headers={"Retry-After": "7"})
    )
    with pytest.raises(RateLimited) as caught:
        await _provider(server, client).search(SearchQuery(query="x"))
    assert caught.value.retry_after == 7.0


async def test_html_instead_of_json_is_provider_error(
    server: LoopbackServer, client: httpx.AsyncClient
) -> None:
    server.route(PATHS["searxng"], Response(body=b"<!doctype html><title>SearXNG</title>"))
    with pytest.raises(ProviderError, match="not JSON"):
        await _provider(server, client).search(SearchQuery(query="x"))


def test_wrong_shape() -> None:
    with pytest.raises(ProviderError, match="unexpected"):
        parse_response(200, {}, json.dumps({"results": {"a": 1}}).encode())


def test_build_request_language_region_and_sites() -> None:
    spec = build_request(
        SearchQuery(query="q", language="en", region="us", site_exclude=("x.com",), recency_days=400),
        base_url="http://127.0.0.1:8888",
    )
    assert spec.url == "http://127.0.0.1:8888/search"
    assert spec.param("language") == "en-US"
    assert spec.param("q") == "q -site:x.com"
    assert spec.param("time_range") is None  # beyond a year: no filter rather than a wrong one


def test_search_url_keeps_an_explicit_search_path() -> None:
    assert search_url("https://searx.example/search") == "https://searx.example/search"
    assert search_url("https://searx.example/sub/") == "https://searx.example/sub/search"


async def test_unconfigured_without_base_url(client: httpx.AsyncClient) -> None:
    provider = SearxngProvider(client, base_url=None)
    assert not provider.is_configured()
    with pytest.raises(NotConfigured, match="WEBLENS_SEARXNG_URL"):
        await provider.search(SearchQuery(query="x"))
