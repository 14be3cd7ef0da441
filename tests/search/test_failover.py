"""Failover end to end: real providers over HTTP against fake provider servers replaying recorded answers."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.fake_providers import PATHS, hits, provider_settings, recorded_response
from tests.support.servers import LoopbackServer, Response
from weblens.errors import NotConfigured, ProviderError
from weblens.search.base import SearchQuery
from weblens.search.factory import providers_from_settings
from weblens.search.orchestrator import SearchOrchestrator

Q = SearchQuery(query="hello", max_results=5)


def _orchestrator(
    server: LoopbackServer, client: httpx.AsyncClient, *, timeout_s: float = 5.0, **settings: Any
) -> SearchOrchestrator:
    providers = providers_from_settings(provider_settings(server, **settings), client)
    return SearchOrchestrator(providers, timeout_s=timeout_s, retry_backoff_s=0.01)


def _serve_duckduckgo(server: LoopbackServer, shared_dir: Path) -> None:
    server.route(PATHS["duckduckgo"], recorded_response(shared_dir, "duckduckgo/html_results_1.html"))


async def test_primary_500_is_retried_once_then_the_next_answers(
    server: LoopbackServer, client: httpx.AsyncClient, shared_dir: Path
) -> None:
    server.route(PATHS["brave"], Response(status=500, body=b"internal error"))
    _serve_duckduckgo(server, shared_dir)
    response = await _orchestrator(
        server, client, brave_api_key="k", providers=["brave", "duckduckgo"]
    ).search(Q)

    assert (response.provider_used, response.fallback_used) == ("duckduckgo", True)
    assert len(response.results) == 5
    assert response.results[0].url == "https://www.merriam-webster.com/dictionary/hello"
    assert len(hits(server, "brave")) == 2


async def test_primary_timing_out_falls_back(
    server: LoopbackServer, client: httpx.AsyncClient, shared_dir: Path
) -> None:
    server.route(PATHS["brave"], recorded_response(shared_dir, "brave/web_search_1.json", delay_s=2.0))
    server.route(
        PATHS["wikipedia"], recorded_response(shared_dir, "wikipedia/query_list_search_suggestion_1.json")
    )
    orchestrator = _orchestrator(
        server, client, timeout_s=0.3, brave_api_key="k", providers=["brave", "wikipedia"]
    )
    response = await orchestrator.search(Q)

    assert (response.provider_used, response.fallback_used) == ("wikipedia", True)
    assert response.results[0].url == "https://en.wikipedia.org/wiki/The_Seekers"
    assert len(hits(server, "brave")) == 1  # a timeout is not retried


async def test_primary_429_falls_back(
    server: LoopbackServer, client: httpx.AsyncClient, shared_dir: Path
) -> None:
    server.route(
        PATHS["brave"], recorded_response(shared_dir, "brave/error_429_rate_limited.json", status=429)
    )
    server.route(PATHS["serpapi"], recorded_response(shared_dir, "serpapi/google_1.json"))
    orchestrator = _orchestrator(server, client, brave_api_key="k", serpapi_api_key="s")
    response = await orchestrator.search(Q)

    assert (response.provider_used, response.fallback_used) == ("serpapi", True)
    assert response.results[0].title == "Coffee - Wikipedia"
    assert len(hits(server, "brave")) == 1  # no Retry-After: no retry


async def test_duckduckgo_challenge_falls_back_to_wikipedia(
    server: LoopbackServer, client: httpx.AsyncClient, shared_dir: Path
) -> None:
    server.route(
        PATHS["duckduckgo"],
        recorded_response(shared_dir, "duckduckgo/anomaly_challenge_202.html", status=202),
    )
    server.route(
        PATHS["wikipedia"], recorded_response(shared_dir, "wikipedia/query_list_search_suggestion_1.json")
    )
    response = await _orchestrator(server, client).search(
        Q
    )  # no keys: default order ends duckduckgo, wikipedia

    assert (response.provider_used, response.fallback_used) == ("wikipedia", True)
    assert [r.title for r in response.results][:2] == ["The Seekers", "Hemithea (mythology)"]
    assert len(hits(server, "duckduckgo")) == 1


async def test_503_is_retried_once_and_401_is_not(
    server: LoopbackServer, client: httpx.AsyncClient, shared_dir: Path
) -> None:
    server.route(PATHS["brave"], Response(status=503, body=b"unavailable"))
    server.route(
        PATHS["serpapi"], recorded_response(shared_dir, "serpapi/error_401_invalid_key.json", status=401)
    )
    _serve_duckduckgo(server, shared_dir)
    orchestrator = _orchestrator(
        server, client, brave_api_key="k", serpapi_api_key="bad", providers=["brave", "serpapi", "duckduckgo"]
    )
    response = await orchestrator.search(Q)

    assert response.provider_used == "duckduckgo"
    assert len(hits(server, "brave")) == 2
    assert len(hits(server, "serpapi")) == 1


async def test_all_failing_gives_an_error_naming_each_failure(
    server: LoopbackServer, client: httpx.AsyncClient, shared_dir: Path
) -> None:
    server.route(
        PATHS["brave"], recorded_response(shared_dir, "brave/error_422_invalid_token.json", status=422)
    )
    server.route(
        PATHS["tavily"], recorded_response(shared_dir, "tavily/error_432_plan_limit.json", status=432)
    )
    server.route(PATHS["searxng"], recorded_response(shared_dir, "searxng/search_3_all_engines_failed.json"))
    server.route(
        PATHS["duckduckgo"],
        recorded_response(shared_dir, "duckduckgo/anomaly_challenge_202.html", status=202),
    )
    server.route(PATHS["wikipedia"], Response(status=502, body=b"Bad Gateway"))
    orchestrator = _orchestrator(
        server, client, brave_api_key="k", tavily_api_key="t", searxng_url=server.url("/searxng")
    )
    with pytest.raises(ProviderError) as caught:
        await orchestrator.search(Q)

    message = caught.value.message
    assert caught.value.code == "provider_error"
    assert "brave: not_configured (brave rejected the API key (SUBSCRIPTION_TOKEN_INVALID" in message
    assert "tavily: rate_limited (tavily is rate limiting: This request exceeds your plan" in message
    assert "searxng: provider_error (searxng: every engine failed: brave (Suspended" in message
    assert "duckduckgo: rate_limited (duckduckgo answered HTTP 202 with its bot challenge" in message
    assert "wikipedia: provider_error (wikipedia failed with HTTP 502: Bad Gateway)" in message
    assert "not configured: serpapi" in message
    assert len(hits(server, "wikipedia")) == 2  # 502 retried once


async def test_no_provider_configured_names_the_settings(
    server: LoopbackServer, client: httpx.AsyncClient
) -> None:
    orchestrator = _orchestrator(server, client, providers=["brave", "serpapi", "tavily", "searxng"])
    with pytest.raises(NotConfigured) as caught:
        await orchestrator.search(Q)
    assert caught.value.code == "not_configured"
    for setting in (
        "WEBLENS_BRAVE_API_KEY",
        "WEBLENS_SERPAPI_API_KEY",
        "WEBLENS_TAVILY_API_KEY",
        "WEBLENS_SEARXNG_URL",
    ):
        assert setting in caught.value.message
    assert server.requests == []


async def test_first_configured_answering_is_not_a_fallback(
    server: LoopbackServer, client: httpx.AsyncClient, shared_dir: Path
) -> None:
    server.route(PATHS["tavily"], recorded_response(shared_dir, "tavily/search_3_general_mayor_nyc.json"))
    response = await _orchestrator(server, client, tavily_api_key="t").search(
        Q
    )  # brave, serpapi unconfigured
    assert (response.provider_used, response.fallback_used) == ("tavily", False)
    assert [r.domain for r in response.results] == ["en.wikipedia.org", "nyc.gov"]
