from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import httpx
import pytest

from tests.support.fake_providers import PATHS, hits, recorded_response
from tests.support.servers import LoopbackServer
from weblens.errors import NotConfigured, ProviderError, RateLimited, WeblensError
from weblens.search.base import SearchQuery
from weblens.search.providers.tavily import TavilyProvider, build_request, parse_response


def _provider(server: LoopbackServer, client: httpx.AsyncClient) -> TavilyProvider:
    return TavilyProvider(client, api_key="tvly-test", endpoint=server.url(PATHS["tavily"]))


async def test_recorded_samples(server: LoopbackServer, client: httpx.AsyncClient, shared_dir: Path) -> None:
    server.route(PATHS["tavily"], recorded_response(shared_dir, "tavily/search_1.json"))
    results = await _provider(server, client).search(SearchQuery(query="辉瑞疫苗 出生缺陷"))

    assert len(results) == 4
    assert results[0].title == "專家呼籲立即停止孕婦,哺乳婦女接種mRNA新冠疫苗"
    assert results[0].url == "https://vocus.cc/article/61834331fd89780001d63523"
    assert results[1].domain == "mohw.gov.tw"
    assert results[3].url == "https://patents.google.com/patent/HK40061483A/zh"
    assert results[3].snippet.startswith("本公开涉及用于预防或治疗冠状病毒感染的RNA的领域")


def test_second_sample_snippets_are_whitespace_clean(shared_dir: Path) -> None:
    body = (shared_dir / "providers/tavily/search_3_general_mayor_nyc.json").read_bytes()
    results = parse_response(200, {}, body)
    assert [r.url for r in results] == [
        "https://en.wikipedia.org/wiki/List_of_mayors_of_New_York_City",
        "https://www.nyc.gov/office-of-the-mayor/bio.page",
    ]
    assert results[1].title == "Office of the Mayor | Mayor's Bio | City of New York - NYC.gov"
    assert "110th Mayor of the City of New York" in results[1].snippet


async def test_request_body_and_auth(
    server: LoopbackServer, client: httpx.AsyncClient, shared_dir: Path
) -> None:
    server.route(PATHS["tavily"], recorded_response(shared_dir, "tavily/search_1.json"))
    query = SearchQuery(
        query="q", max_results=3, site_include=("a.com",), site_exclude=("b.com",), recency_days=7
    )
    await _provider(server, client).search(query)

    (request,) = hits(server, "tavily")
    assert request.method == "POST"
    assert request.headers["authorization"] == "Bearer tvly-test"
    body = json.loads(request.body)
    assert body["query"] == "q"
    assert body["max_results"] == 7
    assert body["include_domains"] == ["a.com"]
    assert body["exclude_domains"] == ["b.com"]
    assert body["time_range"] == "week"


def test_uncommon_recency_becomes_a_start_date() -> None:
    spec = build_request(SearchQuery(query="q", recency_days=10), api_key="k", today=date(2026, 6, 11))
    assert spec.json is not None
    assert spec.json["start_date"] == "2026-06-01"
    assert "time_range" not in spec.json


def test_news_date_in_rfc1123_becomes_iso() -> None:
    item = {
        "url": "https://news.example/a",
        "title": "t",
        "content": "c",
        "published_date": "Mon, 01 Jun 2026 10:50:50 GMT",
    }
    body = json.dumps({"query": "q", "results": [item]}).encode()
    assert parse_response(200, {}, body)[0].published == "2026-06-01T10:50:50+00:00"


@pytest.mark.parametrize(
    ("file", "status", "error", "text"),
    [
        ("error_400_query_too_long.json", 400, ProviderError, "Query is too long"),
        ("error_401_invalid_key.json", 401, NotConfigured, "missing or invalid API key"),
        ("error_429_rate_limited.json", 429, RateLimited, "excessive requests"),
        ("error_432_plan_limit.json", 432, RateLimited, "plan's set usage limit"),
    ],
)
async def test_recorded_errors_map_to_codes(
    server: LoopbackServer,
    client: httpx.AsyncClient,
    shared_dir: Path,
    file: str,
    status: int,
    error: type[WeblensError],
    text: str,
) -> None:
    server.route(PATHS["tavily"], recorded_response(shared_dir, f"tavily/{file}", status=status))
    with pytest.raises(error) as caught:
        await _provider(server, client).search(SearchQuery(query="x"))
    assert type(caught.value) is error
    assert text in caught.value.message


def test_wrong_shape_is_provider_error() -> None:
    with pytest.raises(ProviderError, match="unexpected"):
        parse_response(200, {}, b'{"answer": "42"}')
