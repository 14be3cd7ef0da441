from __future__ import annotations

import string
from urllib.parse import urlsplit

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from weblens.models import SearchResult
from weblens.search.fakes import make_result
from weblens.search.urls import dedupe, is_tracking_param, normalise_url, titles_similar

# --- examples ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("HTTPS://Example.COM:443/a/b/?utm_source=x&id=3#top", "https://example.com/a/b?id=3"),
        ("http://example.com:80", "http://example.com/"),
        ("http://example.com", "http://example.com/"),
        ("https://example.com//", "https://example.com/"),
        ("https://example.com:8443/x/", "https://example.com:8443/x"),
        ("https://example.com./x", "https://example.com/x"),
        ("https://example.com/?fbclid=1&gclid=2&msclkid=3&_ga=4&UTM_Campaign=5", "https://example.com/"),
        ("https://example.com/p?b=2&a=1&mc_eid=9", "https://example.com/p?b=2&a=1"),  # order kept, not sorted
        (
            "https://example.com/p?q=a%20b&&x=",
            "https://example.com/p?q=a%20b&x=",
        ),  # bytes kept, empty piece gone
        ("https://www.example.com/P/Case", "https://www.example.com/P/Case"),  # www and path case kept
        ("http://[2001:DB8::1]:80/x", "http://[2001:db8::1]/x"),
        ("https://user@Example.com:443/", "https://user@example.com/"),
        ("  https://example.com/a  ", "https://example.com/a"),
        ("ftp://example.com/a/", "ftp://example.com/a/"),  # not http(s): untouched
        ("not a url", "not a url"),
        ("https://example.com:notaport/x", "https://example.com:notaport/x"),
    ],
)
def test_normalise_url_examples(url: str, expected: str) -> None:
    assert normalise_url(url) == expected


def test_tracking_param_names() -> None:
    assert is_tracking_param("utm_source")
    assert is_tracking_param("UTM_TERM")
    assert is_tracking_param("fbclid")
    assert not is_tracking_param("utmost")
    assert not is_tracking_param("id")


# --- properties -------------------------------------------------------------

TRACKING = [
    "utm_source",
    "UTM_Medium",
    "utm_campaign",
    "utm_",
    "fbclid",
    "gclid",
    "msclkid",
    "yclid",
    "_ga",
    "mc_eid",
]
_SAFE = string.ascii_letters + string.digits + "-._~%+"
hosts = st.from_regex(r"[a-zA-Z0-9]([a-zA-Z0-9-]{0,8}[a-zA-Z0-9])?(\.[a-zA-Z]{2,6}){1,2}", fullmatch=True)
ports = st.one_of(st.none(), st.sampled_from([80, 443]), st.integers(1, 65535))
paths = st.lists(st.text(alphabet=_SAFE, max_size=6), max_size=4).map(lambda parts: "/" + "/".join(parts))
names = st.one_of(st.sampled_from(TRACKING), st.from_regex(r"[a-zA-Z][a-zA-Z0-9_]{0,6}", fullmatch=True))
params = st.lists(st.tuples(names, st.text(alphabet=_SAFE, max_size=5)), max_size=6)
fragments = st.one_of(st.none(), st.text(alphabet=_SAFE + "#?/", max_size=8))


@st.composite
def urls(draw: st.DrawFn) -> str:
    scheme = draw(st.sampled_from(["http", "https", "HTTP", "Https"]))
    host = draw(hosts)
    port = draw(ports)
    path = draw(paths) + draw(st.sampled_from(["", "/", "//"]))
    query = "&".join(f"{k}={v}" for k, v in draw(params))
    fragment = draw(fragments)
    return (
        f"{scheme}://{host}{f':{port}' if port is not None else ''}{path}"
        f"{'?' + query if query else ''}{'#' + fragment if fragment is not None else ''}"
    )


@settings(max_examples=300)
@given(urls())
def test_normalise_is_idempotent_on_urls(url: str) -> None:
    once = normalise_url(url)
    assert normalise_url(once) == once


@settings(max_examples=300)
@given(
    st.one_of(
        st.text(), st.builds(lambda s, rest: f"{s}://{rest}", st.sampled_from(["http", "https"]), st.text())
    )
)
def test_normalise_is_idempotent_and_total_on_any_text(text: str) -> None:
    once = normalise_url(text)
    assert normalise_url(once) == once


@settings(max_examples=300)
@given(urls())
def test_tracking_params_and_fragments_never_survive(url: str) -> None:
    parts = urlsplit(normalise_url(url))
    keys = [piece.split("=", 1)[0] for piece in parts.query.split("&") if piece]
    assert not any(is_tracking_param(key) for key in keys)
    assert parts.fragment == ""
    assert "#" not in normalise_url(url)
    assert parts.scheme == parts.scheme.lower()
    assert parts.netloc == parts.netloc.lower()
    assert parts.path == "/" or not parts.path.endswith("/")


@settings(max_examples=200)
@given(urls())
def test_other_params_are_kept_in_order(url: str) -> None:
    query = urlsplit(url).query
    expected = [p for p in query.split("&") if p and not is_tracking_param(p.split("=", 1)[0])]
    kept = urlsplit(normalise_url(url)).query
    assert [p for p in kept.split("&") if p] == expected


def _result(url: str, title: str) -> SearchResult:
    return make_result(url, title)


# small pools so that duplicates are frequent
pool_urls = st.sampled_from(
    [
        "https://a.example/x",
        "https://A.example/x/",
        "https://a.example/x?utm_source=feed",
        "https://a.example/y",
        "http://b.example/",
        "http://b.example",
        "https://c.example/z#frag",
        "https://c.example/z",
    ]
)
pool_titles = st.sampled_from(
    ["Home", "About us", "The quick brown fox jumps", "The quick brown fox jumps!", "News"]
)
results_lists = st.lists(st.builds(_result, pool_urls, pool_titles), max_size=12)


@settings(max_examples=300)
@given(results_lists)
def test_dedupe_output_has_unique_urls_ranked_in_order(results: list[SearchResult]) -> None:
    out = dedupe(results)
    assert len({r.url for r in out}) == len(out)
    assert [r.rank for r in out] == list(range(1, len(out) + 1))
    assert all(r.url == normalise_url(r.url) for r in out)


@settings(max_examples=300)
@given(results_lists)
def test_dedupe_keeps_the_first_and_preserves_order(results: list[SearchResult]) -> None:
    out = dedupe(results)
    # map each survivor back to the input position it came from: the first with its normalised URL
    positions = [
        next(
            i
            for i, r in enumerate(results)
            if normalise_url(r.url) == kept.url and r.title == kept.title and r.snippet == kept.snippet
        )
        for kept in out
    ]
    assert positions == sorted(positions)  # relative order preserved
    for kept, position in zip(out, positions, strict=True):
        assert all(
            normalise_url(r.url) != kept.url for r in results[:position]
        )  # nothing earlier was its twin
    if results:
        assert out[0].url == normalise_url(results[0].url)  # the best-ranked result always survives
    # a result is dropped only for a reason: its page was met before, or a kept result before it
    # on the same site has a near-identical title
    kept_positions = set(positions)
    for index, dropped in enumerate(results):
        if index in kept_positions:
            continue
        url = normalise_url(dropped.url)
        page_seen = any(normalise_url(r.url) == url for r in results[:index])
        title_twin = any(
            k.domain == dropped.domain and titles_similar(k.title, dropped.title)
            for k, p in zip(out, positions, strict=True)
            if p < index
        )
        assert page_seen or title_twin


def test_near_duplicate_titles_on_one_site_collapse() -> None:
    results = [
        make_result("https://news.example/story?id=1", "Mayor Announces New Transit Plan - News Example"),
        make_result("https://news.example/story/1", "Mayor announces new transit plan | News Example"),
        make_result("https://other.example/story", "Mayor Announces New Transit Plan - News Example"),
        make_result("https://news.example/home", "Home"),
        make_result("https://news.example/home2", "Home"),
    ]
    out = dedupe(results)
    assert [r.url for r in out] == [
        "https://news.example/story?id=1",
        "https://other.example/story",  # same title, other site: kept
        "https://news.example/home",
        "https://news.example/home2",  # short generic titles never collapse
    ]
    assert [r.rank for r in out] == [1, 2, 3, 4]


def test_titles_similar_thresholds() -> None:
    ten = "one two three four five six seven eight nine ten"
    assert titles_similar(ten, ten.upper() + "!")
    assert titles_similar(ten + " eleven", ten)  # 10/11 ≥ 0.9
    assert not titles_similar(ten, "one two three four five six seven eight nine zebra")
    assert not titles_similar("", "")
