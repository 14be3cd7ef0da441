"""One spelling per page: canonical URLs (pure)."""

from __future__ import annotations

from urllib.parse import parse_qsl, urlsplit

import pytest
from hypothesis import given
from hypothesis import strategies as st

from weblens.crawl.canonical import canonical_url, is_tracking_param, strip_query_params


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("HTTP://Example.COM:80/a/../b/./c?b=2&a=1#frag", "http://example.com/b/c?a=1&b=2"),
        ("https://example.com:443/", "https://example.com/"),
        ("https://example.com:8443/x", "https://example.com:8443/x"),
        ("http://example.com", "http://example.com/"),
        ("https://example.com/p?utm_source=x&id=3&fbclid=abc&gclid=1", "https://example.com/p?id=3"),
        ("https://example.com/p?UTM_Medium=mail", "https://example.com/p"),
        ("https://user:pw@example.com/p", "https://example.com/p"),
        ("https://b\u00fccher.de/\u00e4", "https://xn--bcher-kva.de/%C3%A4"),
        ("https://example.com/%7Euser/", "https://example.com/~user/"),
    ],
)
def test_canonical_forms(raw: str, expected: str) -> None:
    assert canonical_url(raw) == expected


@pytest.mark.parametrize(
    "raw",
    ["mailto:a@b.c", "javascript:void(0)", "ftp://x.org/", "/relative", "", "http://", "http://x:99999/"],
)
def test_not_a_page_url(raw: str) -> None:
    assert canonical_url(raw) is None


def test_tracking_params() -> None:
    assert is_tracking_param("utm_campaign") and is_tracking_param("fbclid") and is_tracking_param("MC_CID")
    assert not is_tracking_param("id") and not is_tracking_param("page") and not is_tracking_param("ref")


def test_strip_query_params() -> None:
    assert strip_query_params("https://x.org/p?a=1&h=2", frozenset({"h"})) == "https://x.org/p?a=1"


_segment = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Zs", "Zl", "Zp")), max_size=8
)
_param = st.tuples(
    st.sampled_from(["a", "b", "id", "utm_source", "fbclid", "page", "Z"]), st.text(max_size=5)
)


@st.composite
def urls(draw: st.DrawFn) -> str:
    scheme = draw(st.sampled_from(["http", "https", "HTTP"]))
    host = draw(st.sampled_from(["example.com", "Docs.Example.ORG", "127.0.0.1", "b\u00fccher.de"]))
    port = draw(st.sampled_from(["", ":80", ":443", ":8080"]))
    path = "/".join(draw(st.lists(_segment, max_size=4)))
    query = "&".join(f"{k}={v}" for k, v in draw(st.lists(_param, max_size=4)))
    fragment = draw(st.sampled_from(["", "#top", "#x?y"]))
    return f"{scheme}://{host}{port}/{path}" + (f"?{query}" if query else "") + fragment


@given(urls())
def test_canonical_is_idempotent_and_clean(raw: str) -> None:
    once = canonical_url(raw)
    if once is None:
        return
    assert canonical_url(once) == once
    parts = urlsplit(once)
    assert not parts.fragment and "#" not in once
    assert parts.scheme in ("http", "https") and parts.netloc == parts.netloc.lower()
    assert not (parts.scheme == "http" and parts.port == 80) and not (
        parts.scheme == "https" and parts.port == 443
    )
    names = [name for name, _ in parse_qsl(parts.query, keep_blank_values=True)]
    assert not any(is_tracking_param(name) for name in names)
    assert names == sorted(names)


@given(urls())
def test_fragment_and_tracking_do_not_change_the_page(raw: str) -> None:
    base = raw.split("#", 1)[0].strip()
    joiner = "&" if "?" in base else "?"
    assert canonical_url(base + joiner + "utm_source=news#section") == canonical_url(base)
