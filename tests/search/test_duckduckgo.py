from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qs

import httpx
import pytest

from tests.support.fake_providers import PATHS, hits, recorded_response
from tests.support.servers import LoopbackServer, Response
from weblens.errors import ProviderError, RateLimited
from weblens.search.base import SearchQuery, TransientProviderError
from weblens.search.providers.duckduckgo import DuckDuckGoProvider, build_request, decode_href, parse_response

UA = "weblens-tests/1.0 (+mailto:tests@weblens.invalid)"

# The recorded page has direct links only; this page follows the shapes SPEC.md describes
# (an ad, a uddg redirect link, the per-result timestamp span) to test those branches.
SHAPES_PAGE = """<!DOCTYPE html><html><body><div id="links" class="results">
<div class="result results_links results_links_deep result--ad">
  <h2 class="result__title">
    <a class="result__a" href="//duckduckgo.com/y.js?ad_domain=shop.example&amp;u3=x">Buy now</a>
  </h2>
  <a class="result__snippet" href="//duckduckgo.com/y.js?ad_domain=shop.example">An ad</a>
</div>
<div class="result results_links results_links_deep web-result ">
  <h2 class="result__title"><a rel="nofollow" class="result__a"
     href="//duckduckgo.com/l/?uddg=https%3A%2F%2Fwww.cloudwego.io%2Fdocs%2Feino%2F%3Fa%3D1%26b%3D2&amp;rut=abc"
     >Eino: <b>Overview</b> | CloudWeGo</a></h2>
  <div class="result__extras"><div class="result__extras__url">
    <span class="result__icon">
      <img class="result__icon__img" src="//external-content.duckduckgo.com/ip3/www.cloudwego.io.ico"/>
    </span>
    <a class="result__url"
       href="//duckduckgo.com/l/?uddg=https%3A%2F%2Fwww.cloudwego.io%2Fdocs%2Feino%2F">www.cloudwego.io/docs/eino/</a>
    <span>&nbsp; &nbsp; 2025-06-23T00:00:00.0000000</span>
  </div></div>
  <a class="result__snippet" href="#"><b>Eino</b> is an LLM application
     development framework&#x27;s &amp; more</a>
</div>
<div class="result results_links results_links_deep web-result ">
  <h2 class="result__title">
    <a class="result__a" href="https://github.com/cloudwego/eino">GitHub - cloudwego/eino</a>
  </h2>
  <a class="result__snippet" href="https://github.com/cloudwego/eino">The ultimate LLM framework.</a>
</div>
</div></body></html>"""


def _provider(server: LoopbackServer, client: httpx.AsyncClient) -> DuckDuckGoProvider:
    return DuckDuckGoProvider(client, user_agent=UA, endpoint=server.url(PATHS["duckduckgo"]))


async def test_recorded_results_page(
    server: LoopbackServer, client: httpx.AsyncClient, shared_dir: Path
) -> None:
    server.route(PATHS["duckduckgo"], recorded_response(shared_dir, "duckduckgo/html_results_1.html"))
    results = await _provider(server, client).search(SearchQuery(query="Hello"))

    assert len(results) == 28
    first = results[0]
    assert first.title == "Hello | Definition of Hello by Merriam-Webster"
    assert first.url == "https://www.merriam-webster.com/dictionary/hello"
    assert first.domain == "merriam-webster.com"
    assert first.snippet.startswith("Hello definition is - an expression or gesture of greeting")
    assert results[2].snippet.startswith("'Hello' is taken from the new album, 25")  # &#x27; and <b> handled
    assert results[3].url == "https://en.wikipedia.org/wiki/Hello"
    assert results[10].url == "http://www.hello.com/en/index.html"
    assert results[16].title == 'Here\'s The Surprising Origin of The Word "Hello" | Best Life'
    assert results[-1].title == "Hello Kitty : Target"
    assert all(r.published is None for r in results)
    assert [r.rank for r in results] == list(range(1, 29))


async def test_request_is_a_form_post(
    server: LoopbackServer, client: httpx.AsyncClient, shared_dir: Path
) -> None:
    server.route(PATHS["duckduckgo"], recorded_response(shared_dir, "duckduckgo/html_results_1.html"))
    query = SearchQuery(
        query="hello", site_include=("example.com",), recency_days=30, region="us", language="en"
    )
    await _provider(server, client).search(query)

    (request,) = hits(server, "duckduckgo")
    assert request.method == "POST"
    assert request.headers["content-type"] == "application/x-www-form-urlencoded"
    assert request.headers["user-agent"] == UA
    assert request.headers["referer"] == server.url("/")
    form = parse_qs(request.body.decode(), keep_blank_values=True)
    assert form == {"q": ["hello site:example.com"], "b": [""], "df": ["m"], "kl": ["us-en"]}


async def test_no_results_page_is_empty(
    server: LoopbackServer, client: httpx.AsyncClient, shared_dir: Path
) -> None:
    server.route(PATHS["duckduckgo"], recorded_response(shared_dir, "duckduckgo/html_no_results.html"))
    assert await _provider(server, client).search(SearchQuery(query="eino")) == []


@pytest.mark.parametrize("status", [202, 200, 403])
async def test_anomaly_challenge_is_rate_limited_never_empty(
    server: LoopbackServer, client: httpx.AsyncClient, shared_dir: Path, status: int
) -> None:
    server.route(
        PATHS["duckduckgo"],
        recorded_response(shared_dir, "duckduckgo/anomaly_challenge_202.html", status=status),
    )
    with pytest.raises(RateLimited) as caught:
        await _provider(server, client).search(SearchQuery(query="x"))
    assert caught.value.code == "rate_limited"
    assert "challenge" in caught.value.message
    assert caught.value.retry_after is None


def test_bare_202_is_rate_limited() -> None:
    with pytest.raises(RateLimited):
        parse_response(202, {}, b"")


def test_403_block_page_is_rate_limited() -> None:
    body = b"<html>If this persists, please email us at error-lite@duckduckgo.com</html>"
    with pytest.raises(RateLimited, match="error-lite"):
        parse_response(403, {}, body)


def test_ads_are_skipped_redirects_decoded_and_dates_read() -> None:
    results = parse_response(200, {"Content-Type": "text/html; charset=utf-8"}, SHAPES_PAGE.encode())
    assert [r.url for r in results] == [
        "https://www.cloudwego.io/docs/eino/?a=1&b=2",
        "https://github.com/cloudwego/eino",
    ]
    assert results[0].title == "Eino: Overview | CloudWeGo"
    assert results[0].snippet == "Eino is an LLM application development framework's & more"
    assert results[0].published == "2025-06-23"
    assert results[1].published is None
    assert results[0].rank == 1


def test_page_without_result_list_is_provider_error() -> None:
    with pytest.raises(ProviderError, match="without a result list"):
        parse_response(200, {}, b"<html><body><p>Something else entirely</p></body></html>")
    with pytest.raises(ProviderError):
        parse_response(200, {}, b"")


def test_server_error_is_transient() -> None:
    with pytest.raises(TransientProviderError):
        parse_response(503, {}, b"busy")


@pytest.mark.parametrize(
    ("href", "expected"),
    [
        ("https://example.com/a?b=1", "https://example.com/a?b=1"),
        (
            "//duckduckgo.com/l/?uddg=https%3A%2F%2Fexample.com%2Fx%3Fy%3D1&rut=f00",
            "https://example.com/x?y=1",
        ),
        ("/l/?uddg=https%3A%2F%2Fexample.org%2F&rut=1", "https://example.org/"),
        ("https://duckduckgo.com/y.js?ad_domain=x", None),
        ("//duckduckgo.com/l/?rut=only", None),
        ("https://duckduckgo.com/about", None),
        ("https://notduckduckgo.com/page", "https://notduckduckgo.com/page"),
    ],
)
def test_decode_href(href: str, expected: str | None) -> None:
    assert decode_href(href) == expected


def test_build_request_without_locale_or_recency() -> None:
    spec = build_request(SearchQuery(query="q", region="us"), user_agent=UA)
    assert spec.method == "POST"
    assert spec.url == "https://html.duckduckgo.com/html/"
    assert dict(spec.form) == {"q": "q", "b": ""}


async def test_latin1_page_decodes_by_declared_charset(
    server: LoopbackServer, client: httpx.AsyncClient
) -> None:
    page = SHAPES_PAGE.replace("GitHub - cloudwego/eino", "Café cloudwego").encode(
        "latin-1", errors="replace"
    )
    server.route(
        PATHS["duckduckgo"], Response(body=page, headers={"Content-Type": "text/html; charset=ISO-8859-1"})
    )
    results = await _provider(server, client).search(SearchQuery(query="eino"))
    assert results[1].title == "Café cloudwego"
