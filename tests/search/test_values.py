"""The small pure pieces: SearchQuery, dates, text cleaning, operators."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from weblens.search.base import MAX_RESULTS_CAP, SearchQuery, requested_count
from weblens.search.dates import to_iso
from weblens.search.operators import host_allowed, recency_bucket, site_matches, with_site_operators
from weblens.search.text import clean_text, domain_of, is_web_url

NOW = datetime(2024, 12, 31, 15, 0, tzinfo=UTC)


def test_query_defaults_and_cleaning() -> None:
    query = SearchQuery(
        query="  tides \n in  Brest ",
        site_include=("https://WWW.Example.com/", "example.com", " "),
        language=" EN ",
        region="",
    )
    assert query.query == "tides in Brest"
    assert query.max_results == 8
    assert query.recency_days is None
    assert query.site_include == ("www.example.com", "example.com")
    assert (query.language, query.region) == ("en", None)


def test_query_caps_and_rejects() -> None:
    assert SearchQuery(query="q", max_results=50).max_results == MAX_RESULTS_CAP == 20
    with pytest.raises(ValueError, match="empty"):
        SearchQuery(query="   ")
    with pytest.raises(ValueError, match="max_results"):
        SearchQuery(query="q", max_results=0)
    with pytest.raises(ValueError, match="recency_days"):
        SearchQuery(query="q", recency_days=0)


def test_query_is_frozen() -> None:
    query = SearchQuery(query="q")
    with pytest.raises(AttributeError):
        query.query = "other"  # type: ignore[misc]


def test_requested_count_leaves_headroom_within_the_engine_limit() -> None:
    assert requested_count(SearchQuery(query="q", max_results=8), 20) == 12
    assert requested_count(SearchQuery(query="q", max_results=10), 10) == 10


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("2024-12-27T15:49:55", "2024-12-27T15:49:55"),
        ("2019-09-06T00:00:00", "2019-09-06"),
        ("2025-06-23T00:00:00.0000000", "2025-06-23"),
        ("2024-03-01T08:00:00Z", "2024-03-01T08:00:00+00:00"),
        ("Mon, 01 Jun 2026 10:50:50 GMT", "2026-06-01T10:50:50+00:00"),
        ("June 30, 2025", "2025-06-30"),
        ("Nov 20, 2022", "2022-11-20"),
        ("20 Nov 2022", "2022-11-20"),
        ("4 days ago", "2024-12-27"),
        ("6 hours ago", "2024-12-31"),
        ("1 week ago", "2024-12-24"),
        ("an hour ago", "2024-12-31"),
        ("yesterday", "2024-12-30"),
        ("3 months ago", None),  # too vague for a date
        ("someday", None),
        ("", None),
        (None, None),
        (12345, None),
    ],
)
def test_to_iso(value: object, expected: str | None) -> None:
    assert to_iso(value, now=NOW) == expected


def test_relative_dates_need_a_clock() -> None:
    assert to_iso("4 days ago") is None


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("<strong>Hello</strong>-<strong>world</strong>.com", "Hello-world.com"),
        ("A &quot;quoted&quot; &amp; it&#x27;s", 'A "quoted" & it\'s'),
        ("line<br>break<p>para</p>", "line break para"),
        ("  lots \n of\t space\xa0here ", "lots of space here"),
        ("&lt;b&gt; stays visible", "<b> stays visible"),
        ("a < b and c > d", "a < b and c > d"),
        (None, ""),
    ],
)
def test_clean_text(raw: object, clean: str) -> None:
    assert clean_text(raw) == clean


def test_domains_and_web_urls() -> None:
    assert domain_of("https://WWW.Example.COM:8080/x") == "example.com"
    assert domain_of("https://www2.example.com/") == "www2.example.com"
    assert domain_of("not a url") == ""
    assert is_web_url("http://a.example/")
    assert not is_web_url("javascript:alert(1)")
    assert not is_web_url("/relative/path")
    assert not is_web_url("https://")
    assert not is_web_url(None)


def test_operators() -> None:
    assert with_site_operators("q", (), ()) == "q"
    assert (
        with_site_operators("q", ("a.com", "b.com"), ("c.com",)) == "q (site:a.com OR site:b.com) -site:c.com"
    )
    assert [recency_bucket(d) for d in (None, 1, 2, 7, 8, 31, 32, 366, 367)] == [
        None,
        "day",
        "week",
        "week",
        "month",
        "month",
        "year",
        "year",
        None,
    ]
    assert site_matches("docs.python.org", "python.org")
    assert site_matches("python.org", "www.python.org")
    assert not site_matches("notpython.org", "python.org")
    assert host_allowed("a.com", (), ())
    assert not host_allowed("a.com", ("b.com",), ())
    assert not host_allowed("x.a.com", (), ("a.com",))
