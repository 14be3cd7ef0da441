"""FetchedPage construction and the StaticFetcher fake that other tests use."""

from __future__ import annotations

import pytest

from weblens.errors import DNSError, HTTPError
from weblens.net.fetch import FetchLimits
from weblens.net.page import FetchedPage, Fetcher, StaticFetcher


def test_page_of_builds_a_consistent_record() -> None:
    page = FetchedPage.of("https://example.com/a", "<p>héllo</p>", headers={"X-Thing": "1"})
    assert page.final_url == page.url == "https://example.com/a"
    assert page.body == "<p>héllo</p>".encode()
    assert (page.text, page.encoding, page.charset) == ("<p>héllo</p>", "utf-8", "utf-8")
    assert page.headers["content-type"] == "text/html; charset=utf-8"
    assert page.headers["x-thing"] == "1"
    assert page.status == 200


def test_page_of_bytes_are_decoded_with_the_declared_charset() -> None:
    page = FetchedPage.of("https://example.com/", "привет мир".encode("koi8-r"), charset="koi8-r")
    assert page.text == "привет мир"


def test_pages_are_immutable() -> None:
    page = FetchedPage.of("https://example.com/", "<p>x</p>")
    with pytest.raises(AttributeError):
        page.status = 500  # type: ignore[misc]
    with pytest.raises(TypeError):
        page.headers["x"] = "y"  # type: ignore[index]


async def test_static_fetcher_serves_pages_raises_errors_and_records_calls() -> None:
    page = FetchedPage.of("https://example.com/", "<p>x</p>")
    fetcher: Fetcher = StaticFetcher(
        {"https://example.com/": page, "https://down.example/": DNSError("no such host")}
    )
    assert await fetcher.fetch("https://example.com/") is page
    with pytest.raises(DNSError):
        await fetcher.fetch("https://down.example/")
    with pytest.raises(HTTPError) as info:
        await fetcher.fetch("https://unknown.example/")
    assert info.value.status == 404
    assert isinstance(fetcher, StaticFetcher)
    assert fetcher.calls == ["https://example.com/", "https://down.example/", "https://unknown.example/"]


def test_fetch_limits_defaults_follow_the_specification() -> None:
    limits = FetchLimits()
    assert (limits.max_bytes, limits.timeout_s, limits.max_redirects, limits.retries) == (
        10 * 1024 * 1024,
        15.0,
        10,
        1,
    )
    assert limits.accepted_types == (
        "text/html",
        "application/xhtml+xml",
        "text/plain",
        "text/markdown",
        "text/x-markdown",
        "application/json",
        "application/pdf",
    )


@pytest.mark.parametrize(
    "bad",
    [{"max_bytes": 0}, {"timeout_s": 0}, {"max_redirects": -1}, {"retries": -1}, {"retry_backoff_s": -1}],
)
def test_fetch_limits_refuse_nonsense(bad: dict[str, float]) -> None:
    with pytest.raises(ValueError, match="must"):
        FetchLimits(**bad)  # type: ignore[arg-type]
