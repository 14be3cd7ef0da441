from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from tests.support.fake_providers import PATHS, hits, json_response, recorded_response
from tests.support.servers import LoopbackServer
from weblens.config import Settings
from weblens.errors import NotConfigured
from weblens.search.base import SearchProvider, SearchQuery
from weblens.search.factory import (
    new_search_client,
    orchestrator_from_settings,
    provider_names,
    providers_from_settings,
)


def _names(providers: list[SearchProvider]) -> list[str]:
    return [p.name for p in providers]


async def test_default_order_and_what_is_configured(client: httpx.AsyncClient) -> None:
    providers = providers_from_settings(Settings(tavily_api_key="t"), client)
    assert _names(providers) == ["brave", "serpapi", "tavily", "searxng", "duckduckgo", "wikipedia"]
    assert [p.name for p in providers if p.is_configured()] == ["tavily", "duckduckgo", "wikipedia"]


async def test_explicit_order_is_honoured_and_deduplicated(client: httpx.AsyncClient) -> None:
    settings = Settings(providers=["Wikipedia", "duckduckgo", "wikipedia"])
    assert _names(providers_from_settings(settings, client)) == ["wikipedia", "duckduckgo"]


def test_order_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WEBLENS_PROVIDERS", "searxng, brave")
    assert provider_names(Settings()) == ["searxng", "brave"]


async def test_unknown_provider_is_not_configured_with_the_known_names(client: httpx.AsyncClient) -> None:
    with pytest.raises(NotConfigured) as caught:
        providers_from_settings(Settings(providers=["brave", "bing"]), client)
    assert "'bing'" in caught.value.message
    assert "brave, serpapi, tavily, searxng, duckduckgo, wikipedia" in caught.value.message


async def test_wikipedia_gets_the_contact_user_agent_and_language(
    server: LoopbackServer, client: httpx.AsyncClient
) -> None:
    server.route(PATHS["wikipedia"], json_response({"query": {"search": [{"title": "Paris"}]}}))
    settings = Settings(
        providers=["wikipedia"],
        contact="https://example.org/ops",
        wikipedia_language="fr",
        wikipedia_endpoint=server.url(PATHS["wikipedia"]),
    )
    response = await orchestrator_from_settings(settings, client).search(SearchQuery(query="Paris"))
    assert response.results[0].url == "https://fr.wikipedia.org/wiki/Paris"
    (request,) = hits(server, "wikipedia")
    assert request.headers["user-agent"] == "weblens/0.1 (https://example.org/ops)"


async def test_search_client_ignores_proxy_environment_and_uses_the_search_timeout() -> None:
    settings = Settings(search_timeout_s=1.5)
    async with new_search_client(settings) as client:
        assert client.trust_env is False
        assert client.timeout.read == 1.5


async def test_duckduckgo_gets_a_browser_like_user_agent(
    server: LoopbackServer, client: httpx.AsyncClient, shared_dir: Path
) -> None:
    server.route(PATHS["duckduckgo"], recorded_response(shared_dir, "duckduckgo/html_results_1.html"))
    settings = Settings(providers=["duckduckgo"], duckduckgo_endpoint=server.url(PATHS["duckduckgo"]))
    await orchestrator_from_settings(settings, client).search(SearchQuery(query="q"))
    (request,) = hits(server, "duckduckgo")
    assert request.headers["user-agent"] == settings.duckduckgo_user_agent
    assert request.headers["user-agent"].startswith("Mozilla/5.0")
