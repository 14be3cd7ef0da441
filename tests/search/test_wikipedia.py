from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

from tests.support.fake_providers import PATHS, hits, json_response, recorded, recorded_response
from tests.support.servers import LoopbackServer, Response
from weblens.errors import NotConfigured, ProviderError, RateLimited
from weblens.search.base import SearchQuery
from weblens.search.providers.wikipedia import (
    WikipediaProvider,
    api_endpoint,
    article_url,
    contact_user_agent,
    parse_response,
)

UA = contact_user_agent("mailto:ops@weblens.invalid")


def _provider(server: LoopbackServer, client: httpx.AsyncClient, language: str = "en") -> WikipediaProvider:
    return WikipediaProvider(
        client, user_agent=UA, language=language, endpoint=server.url(PATHS["wikipedia"])
    )


async def test_recorded_list_search(
    server: LoopbackServer, client: httpx.AsyncClient, shared_dir: Path
) -> None:
    server.route(
        PATHS["wikipedia"], recorded_response(shared_dir, "wikipedia/query_list_search_suggestion_1.json")
    )
    results = await _provider(server, client).search(SearchQuery(query="chest set"))

    assert len(results) == 10
    assert [r.title for r in results[:3]] == ["The Seekers", "Hemithea (mythology)", "Osiris myth"]
    assert results[1].url == "https://en.wikipedia.org/wiki/Hemithea_(mythology)"
    assert results[4].url == "https://en.wikipedia.org/wiki/Treasure_Chest_(Helloween_album)"
    assert results[8].url == "https://en.wikipedia.org/wiki/Davy_Jones_(Pirates_of_the_Caribbean)"
    assert {r.domain for r in results} == {"en.wikipedia.org"}
    assert all(r.published is None for r in results)  # no publication date in the API


async def test_request_identifies_us_with_contact(
    server: LoopbackServer, client: httpx.AsyncClient, shared_dir: Path
) -> None:
    server.route(
        PATHS["wikipedia"], recorded_response(shared_dir, "wikipedia/query_list_search_suggestion_1.json")
    )
    await _provider(server, client).search(SearchQuery(query="chest set", max_results=5))

    (request,) = hits(server, "wikipedia")
    assert request.headers["user-agent"] == "weblens/0.1 (mailto:ops@weblens.invalid)"
    params = parse_qs(urlsplit(request.target).query)
    assert params["action"] == ["query"]
    assert params["list"] == ["search"]
    assert params["srsearch"] == ["chest set"]
    assert params["srlimit"] == ["9"]
    assert params["format"] == ["json"]


def test_snippets_are_de_htmled_and_language_sets_urls() -> None:
    body = {
        "batchcomplete": True,
        "query": {
            "search": [
                {
                    "ns": 0,
                    "title": "Vieux-Port de Marseille",
                    "snippet": 'Le <span class="searchmatch">Vieux</span>-'
                    '<span class="searchmatch">Port</span> de Marseille est le port historique &amp; naturel',
                    "timestamp": "2020-05-01T10:00:00Z",
                }
            ]
        },
    }
    (result,) = parse_response(200, {}, json.dumps(body).encode(), language="fr")
    assert result.url == "https://fr.wikipedia.org/wiki/Vieux-Port_de_Marseille"
    assert result.snippet == "Le Vieux-Port de Marseille est le port historique & naturel"
    assert result.published is None  # the timestamp is the last edit, not publication


async def test_robot_policy_429_is_rate_limited_with_retry_after(
    server: LoopbackServer, client: httpx.AsyncClient, shared_dir: Path
) -> None:
    recorded_headers = json.loads(recorded(shared_dir, "wikipedia/error_429_robot_policy_headers.json"))
    response = recorded_response(
        shared_dir,
        "wikipedia/error_429_robot_policy_body.txt",
        status=429,
        headers=recorded_headers["headers"],
    )
    server.route(PATHS["wikipedia"], response)
    with pytest.raises(RateLimited) as caught:
        await _provider(server, client).search(SearchQuery(query="x"))
    assert caught.value.retry_after == 55.0
    assert "Please respect our robot policy" in caught.value.message


async def test_robot_policy_403_means_the_user_agent_needs_a_contact(
    server: LoopbackServer, client: httpx.AsyncClient, shared_dir: Path
) -> None:
    server.route(
        PATHS["wikipedia"],
        recorded_response(shared_dir, "wikipedia/error_429_robot_policy_body.txt", status=403),
    )
    with pytest.raises(NotConfigured, match="WEBLENS_CONTACT"):
        await _provider(server, client).search(SearchQuery(query="x"))


async def test_legacy_api_error_on_200_is_provider_error(
    server: LoopbackServer, client: httpx.AsyncClient, shared_dir: Path
) -> None:
    server.route(
        PATHS["wikipedia"], recorded_response(shared_dir, "wikipedia/error_invalid_param_legacy_format.json")
    )
    with pytest.raises(ProviderError) as caught:
        await _provider(server, client).search(SearchQuery(query="x"))
    assert caught.value.code == "provider_error"
    assert "gs_invalid-coord" in caught.value.message
    assert "Invalid coordinate provided" in caught.value.message


async def test_modern_maxlag_error_is_rate_limited(server: LoopbackServer, client: httpx.AsyncClient) -> None:
    body = {"errors": [{"code": "maxlag", "text": "Waiting for a database server: 6 seconds lagged."}]}
    server.route(PATHS["wikipedia"], json_response(body, headers={"Retry-After": "5"}))
    with pytest.raises(RateLimited) as caught:
        await _provider(server, client).search(SearchQuery(query="x"))
    assert caught.value.retry_after == 5.0


def test_opensearch_shape_is_not_mistaken_for_results(shared_dir: Path) -> None:
    with pytest.raises(ProviderError, match="unexpected"):
        parse_response(200, {}, recorded(shared_dir, "wikipedia/opensearch_1.json"), language="en")


async def test_site_filters_that_exclude_wikipedia_send_nothing(
    server: LoopbackServer, client: httpx.AsyncClient
) -> None:
    provider = _provider(server, client)
    assert await provider.search(SearchQuery(query="x", site_include=("python.org",))) == []
    assert await provider.search(SearchQuery(query="x", site_exclude=("wikipedia.org",))) == []
    assert server.requests == []


async def test_site_include_of_wikipedia_searches(server: LoopbackServer, client: httpx.AsyncClient) -> None:
    server.route(PATHS["wikipedia"], json_response({"query": {"search": [{"title": "Python"}]}}))
    results = await _provider(server, client).search(SearchQuery(query="x", site_include=("wikipedia.org",)))
    assert [r.url for r in results] == ["https://en.wikipedia.org/wiki/Python"]


def test_article_urls_escape_what_must_be_escaped() -> None:
    assert article_url("AC/DC", "en") == "https://en.wikipedia.org/wiki/AC/DC"
    assert article_url("What? (song)", "en") == "https://en.wikipedia.org/wiki/What%3F_(song)"
    assert article_url("Zürich", "de") == "https://de.wikipedia.org/wiki/Z%C3%BCrich"
    assert api_endpoint("fr") == "https://fr.wikipedia.org/w/api.php"


async def test_invalid_language_is_not_configured(client: httpx.AsyncClient) -> None:
    provider = WikipediaProvider(client, user_agent=UA, language="evil.example/")
    assert not provider.is_configured()
    with pytest.raises(NotConfigured, match="WEBLENS_WIKIPEDIA_LANGUAGE"):
        await provider.search(SearchQuery(query="x"))


async def test_non_json_answer_is_provider_error(server: LoopbackServer, client: httpx.AsyncClient) -> None:
    server.route(PATHS["wikipedia"], Response(body=b"<html>maintenance</html>"))
    with pytest.raises(ProviderError, match="not JSON"):
        await _provider(server, client).search(SearchQuery(query="x"))


async def test_query_language_picks_the_wiki_when_no_endpoint_is_configured() -> None:
    seen: list[httpx.Request] = []

    def answer(request: httpx.Request) -> httpx.Response:  # in-process transport: nothing leaves the machine
        seen.append(request)
        return httpx.Response(200, json={"query": {"search": [{"title": "Zürich"}]}})

    async with httpx.AsyncClient(transport=httpx.MockTransport(answer)) as mock_client:
        provider = WikipediaProvider(mock_client, user_agent=UA, language="en")
        results = await provider.search(SearchQuery(query="Zürich", language="de"))
    assert seen[0].url.host == "de.wikipedia.org"
    assert results[0].url == "https://de.wikipedia.org/wiki/Z%C3%BCrich"
