from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

from tests.search.conftest import NOW
from tests.support.fake_providers import PATHS, hits, json_response, recorded_response
from tests.support.servers import LoopbackServer
from weblens.errors import NotConfigured, ProviderError, RateLimited
from weblens.search.base import SearchQuery
from weblens.search.providers.serpapi import SerpApiProvider, build_request, parse_response


def _provider(server: LoopbackServer, client: httpx.AsyncClient) -> SerpApiProvider:
    return SerpApiProvider(client, api_key="serp-key", endpoint=server.url(PATHS["serpapi"]))


async def test_recorded_google_sample(
    server: LoopbackServer, client: httpx.AsyncClient, shared_dir: Path
) -> None:
    server.route(PATHS["serpapi"], recorded_response(shared_dir, "serpapi/google_1.json"))
    results = await _provider(server, client).search(SearchQuery(query="Coffee"))

    assert len(results) == 8
    assert [r.title for r in results[:3]] == [
        "Coffee - Wikipedia",
        "Home | The Coffee Bean & Tea Leaf",
        "Peet's Coffee: The Original Craft Coffee",
    ]
    assert results[0].url == "https://en.wikipedia.org/wiki/Coffee"
    assert results[0].snippet.startswith("Coffee is a brewed drink prepared from roasted coffee beans")
    assert results[1].domain == "coffeebean.com"
    assert results[6].url == "https://www.amazon.com/coffee/s?k=coffee"
    assert results[7].title == "Stumptown Coffee Roasters: Coffee Roasted Daily"
    assert all(r.published is None for r in results)  # this capture has no dates
    assert {r.provider for r in results} == {"serpapi"}

    (request,) = hits(server, "serpapi")
    params = parse_qs(urlsplit(request.target).query)
    assert params["engine"] == ["google"]
    assert params["q"] == ["Coffee"]
    assert params["api_key"] == ["serp-key"]


def test_build_request_maps_recency_sites_and_locale() -> None:
    query = SearchQuery(
        query="coffee", recency_days=7, site_include=("a.com", "b.org"), language="en", region="us"
    )
    spec = build_request(query, api_key="k")
    assert spec.param("tbs") == "qdr:d7"
    assert spec.param("q") == "coffee (site:a.com OR site:b.org)"
    assert (spec.param("hl"), spec.param("gl")) == ("en", "us")
    assert build_request(SearchQuery(query="x", recency_days=1), api_key="k").param("tbs") == "qdr:d"


async def test_invalid_key_401_is_not_configured(
    server: LoopbackServer, client: httpx.AsyncClient, shared_dir: Path
) -> None:
    server.route(
        PATHS["serpapi"], recorded_response(shared_dir, "serpapi/error_401_invalid_key.json", status=401)
    )
    with pytest.raises(NotConfigured) as caught:
        await _provider(server, client).search(SearchQuery(query="x"))
    assert "Invalid API key" in caught.value.message
    assert "WEBLENS_SERPAPI_API_KEY" in caught.value.message


async def test_out_of_searches_429_is_rate_limited(
    server: LoopbackServer, client: httpx.AsyncClient, shared_dir: Path
) -> None:
    response = recorded_response(
        shared_dir, "serpapi/error_429_out_of_searches.json", status=429, headers={"Retry-After": "120"}
    )
    server.route(PATHS["serpapi"], response)
    with pytest.raises(RateLimited) as caught:
        await _provider(server, client).search(SearchQuery(query="x"))
    assert caught.value.retry_after == 120.0
    assert "run out of searches" in caught.value.message


async def test_200_no_results_is_an_empty_answer(
    server: LoopbackServer, client: httpx.AsyncClient, shared_dir: Path
) -> None:
    server.route(PATHS["serpapi"], recorded_response(shared_dir, "serpapi/error_200_no_results.json"))
    assert await _provider(server, client).search(SearchQuery(query="zxqv")) == []


async def test_bad_parameter_400_is_provider_error_with_serpapi_text(
    server: LoopbackServer, client: httpx.AsyncClient
) -> None:
    server.route(PATHS["serpapi"], json_response({"error": "Unsupported `bing` engine."}, status=400))
    with pytest.raises(ProviderError, match="Unsupported `bing` engine"):
        await _provider(server, client).search(SearchQuery(query="x"))


def test_other_error_with_status_200_is_provider_error() -> None:
    with pytest.raises(ProviderError, match="Something odd"):
        parse_response(200, {}, b'{"error": "Something odd happened."}')


def test_dates_absolute_and_relative() -> None:
    items = [
        {"position": 1, "title": "a", "link": "https://a.example/", "date": "Nov 20, 2022"},
        {"position": 2, "title": "b", "link": "https://b.example/", "date": "2 days ago"},
    ]
    body = json.dumps({"search_metadata": {"status": "Success"}, "organic_results": items}).encode()
    assert [r.published for r in parse_response(200, {}, body, now=NOW)] == ["2022-11-20", "2024-12-29"]


def test_garbage_and_wrong_shape() -> None:
    with pytest.raises(ProviderError, match="not JSON"):
        parse_response(200, {}, b"\x00\xff garbage")
    with pytest.raises(ProviderError, match="unexpected"):
        parse_response(200, {}, b'{"hello": "world"}')
    with pytest.raises(ProviderError, match="unexpected"):
        parse_response(200, {}, b'{"search_metadata": {}, "organic_results": {"a": 1}}')


def test_server_error_without_json_is_transient() -> None:
    from weblens.search.base import TransientProviderError

    with pytest.raises(TransientProviderError, match="HTTP 502"):
        parse_response(502, {}, b"<html>Bad gateway</html>")
