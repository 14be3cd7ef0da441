"""Links, images, the primary image, and the URL resolution under them."""

from __future__ import annotations

from urllib.parse import urlsplit

import lxml.html
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml.html import HtmlElement

from weblens.extract.media import collect_images, collect_links, primary_image
from weblens.extract.urls import (
    UrlResolver,
    absolute_url,
    best_srcset_candidate,
    document_base,
    elsewhere,
    image_source,
    site_of,
    strip_fragment,
)

BASE = "https://site.example/dir/page.html"


def tree(html: str) -> HtmlElement:
    return lxml.html.fragment_fromstring(html, create_parent="div")


# ---------------------------------------------------------------- absolute_url


@pytest.mark.parametrize(
    ("value", "base", "expected"),
    [
        ("/a", BASE, "https://site.example/a"),
        ("b", BASE, "https://site.example/dir/b"),
        ("../c?x=1#f", BASE, "https://site.example/c?x=1#f"),
        ("/d/../e", BASE, "https://site.example/e"),
        ("//cdn.example/f", BASE, "https://cdn.example/f"),
        ("//cdn.example/f", "http://site.example/", "http://cdn.example/f"),
        ("HTTPS://Up.example/G", None, "https://Up.example/G"),
        ("  /spaced\t\n  ", BASE, "https://site.example/spaced"),
        ("/in\tside\nx", BASE, "https://site.example/insidex"),
        ("http://h.example:8080/p", None, "http://h.example:8080/p"),
        ("http://[::1]/p", None, "http://[::1]/p"),
        ("?q=1", BASE, "https://site.example/dir/page.html?q=1"),
        ("#frag", BASE, None),
        ("javascript:alert(1)", BASE, None),
        ("mailto:a@b.example", BASE, None),
        ("data:image/png;base64,AA", BASE, None),
        ("ftp://f.example/", BASE, None),
        ("http:///nohost", None, None),
        ("http://[::1", None, None),
        ("/relative", None, None),
        ("/relative", "file:///etc/", None),
        ("", BASE, None),
        (None, BASE, None),
        ("/" + "x" * 9000, BASE, None),
    ],
)
def test_absolute_url(value: str | None, base: str | None, expected: str | None) -> None:
    assert absolute_url(value, base) == expected


def test_strip_fragment() -> None:
    assert strip_fragment("https://a.example/x?y#z") == "https://a.example/x?y"
    assert strip_fragment("https://a.example/") == "https://a.example/"


_PIECES = st.sampled_from(
    ["/", "//", "a", "b.example", ".", "..", "?", "#", ":", "@", "%20", " ", "\t", "\\", "http:", "https://",
     "HTTP://", "x.example", ":80", "[", "]", "javascript:", "~", "ä"]
)  # fmt: skip
_BASES = st.sampled_from(
    [
        BASE,
        "http://b.example",
        "https://c.example/x/y/",
        "https://d.example:8443/p?q#f",
        None,
        "junk",
        "file:///e/",
    ]
)


def _normalised(url: str | None) -> str | None:
    if url is None:
        return None
    parts = urlsplit(url)
    return parts._replace(scheme=parts.scheme.lower()).geturl()


@settings(max_examples=500, deadline=None)
@given(st.lists(_PIECES, max_size=8).map("".join), _BASES)
def test_fast_paths_agree_with_the_general_resolution(href: str, base: str | None) -> None:
    from urllib.parse import urljoin

    fast = UrlResolver(base).resolve(href)
    cleaned = "".join(ch for ch in href.strip(" \t\n\r\f") if ch not in "\t\n\r")
    try:
        joined = urljoin(base, cleaned) if base else cleaned
        parts = urlsplit(joined)
        valid = bool(cleaned) and cleaned[0] != "#" and parts.scheme.lower() in ("http", "https")
        general = joined if valid and parts.hostname else None
    except ValueError:
        general = None
    assert _normalised(fast) == _normalised(general)
    if fast is not None:
        assert urlsplit(fast).scheme in ("http", "https")


def test_resolver_remembers_answers() -> None:
    resolver = UrlResolver(BASE)
    assert resolver.resolve("/a") == resolver.resolve("/a") == "https://site.example/a"


# ---------------------------------------------------------------- srcset and image sources


@pytest.mark.parametrize(
    ("srcset", "expected"),
    [
        ("/s.jpg 300w, /l.jpg 1200w, /m.jpg 800w", "/l.jpg"),
        ("/a.jpg 1x, /b.jpg 2x", "/b.jpg"),
        ("/only.jpg", "/only.jpg"),
        ("https://img.example/w_100,h_100/x.jpg 100w, https://img.example/w_900,h_900/x.jpg 900w",
         "https://img.example/w_900,h_900/x.jpg"),
        ("/a.jpg,/b.jpg 2x", "/a.jpg,/b.jpg"),  # as the standard reads it: a URL runs to whitespace
        ("", None),
        (" , ,", None),
    ],
)  # fmt: skip
def test_best_srcset_candidate(srcset: str, expected: str | None) -> None:
    assert best_srcset_candidate(srcset) == expected


@pytest.mark.parametrize(
    ("img", "expected"),
    [
        ('<img src="/a.jpg">', "https://site.example/a.jpg"),
        ('<img src="/a.jpg" data-src="/lazy.jpg">', "https://site.example/a.jpg"),
        ('<img src="/placeholder.gif" data-src="/lazy.jpg">', "https://site.example/lazy.jpg"),
        ('<img src="data:image/gif;base64,R0l" data-lazy-src="/lazy.jpg">', "https://site.example/lazy.jpg"),
        ('<img data-srcset="/s.jpg 1x, /l.jpg 2x">', "https://site.example/l.jpg"),
        ('<img src="data:image/gif;base64,R0l">', None),
        ("<img>", None),
    ],
)
def test_image_source(img: str, expected: str | None) -> None:
    assert image_source(lxml.html.fragment_fromstring(img), UrlResolver(BASE)) == expected


# ---------------------------------------------------------------- collect_links


def test_collect_links() -> None:
    root = tree(
        "<a href='/a'>a</a><a href='/a#section'>again</a><a href='https://o.example/b'>b</a>"
        "<a href='javascript:x()'>js</a><a href='#top'>top</a><a href='mailto:m@x.example'>m</a>"
        "<a>none</a><p><a href=' ../c '>c</a></p><area href='/map'><a href='/a'>dup</a>"
    )
    assert collect_links(root, BASE) == [
        "https://site.example/a",
        "https://o.example/b",
        "https://site.example/c",
        "https://site.example/map",
    ]


def test_collect_links_without_base_keeps_only_absolute() -> None:
    assert collect_links(tree("<a href='/rel'>r</a><a href='http://abs.example/'>a</a>"), None) == [
        "http://abs.example/"
    ]


@pytest.mark.parametrize(
    ("head", "url", "expected"),
    [
        ("<base href='https://cdn.example/docs/'>", "https://site.example/p/q", "https://cdn.example/docs/"),
        ("<base href='/'>", "https://site.example/p/q", "https://site.example/"),
        ("<base href='sub/'>", "https://site.example/p/q", "https://site.example/p/sub/"),
        ("<base target='_blank'><base href='/two/'>", "https://site.example/p", "https://site.example/two/"),
        ("<base href='javascript:alert(1)'>", "https://site.example/p", "https://site.example/p"),
        ("<base href='https://cdn.example/'>", None, "https://cdn.example/"),
        ("", "https://site.example/p", "https://site.example/p"),
    ],
)
def test_document_base(head: str, url: str | None, expected: str | None) -> None:
    root = lxml.html.document_fromstring(f"<html><head>{head}</head><body><p>x</p></body></html>")
    assert document_base(root, url) == expected


def test_links_and_images_of_a_page_resolve_against_its_base_element() -> None:
    import weblens

    prose = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor. " * 3
    html = (
        "<html><head><base href='https://cdn.example/docs/'></head><body><article><h1>A guide</h1>"
        f"<p>{prose}See <a href='guide.html'>the guide page</a>.</p><p>{prose}"
        "<img src='pic.png' alt='a picture'></p></article></body></html>"
    )
    page = weblens.extract(html, "https://site.example/p/q")
    assert "[the guide page](https://cdn.example/docs/guide.html)" in page.markdown
    assert "![a picture](https://cdn.example/docs/pic.png)" in page.markdown
    assert page.links == ["https://cdn.example/docs/guide.html"]
    assert page.images == ["https://cdn.example/docs/pic.png"]
    assert page.final_url == "https://site.example/p/q"  # the page's own address is unchanged


# ---------------------------------------------------------------- collect_images


def test_collect_images() -> None:
    root = tree(
        "<img src='/a.jpg'><img src='/a.jpg'><img src='data:image/png;base64,AA'>"
        "<img src='/pixel.gif' width='1' height='1'><picture><source srcset='/p.webp'>"
        "<img src='/p.jpg'></picture><img data-src='/lazy.jpg' src='/blank.gif'>"
    )
    assert collect_images(root, BASE) == [
        "https://site.example/a.jpg",
        "https://site.example/p.jpg",
        "https://site.example/lazy.jpg",
    ]


# ---------------------------------------------------------------- primary_image


def test_primary_image_prefers_og_image() -> None:
    root = tree("<img src='/article.jpg' width='800' height='600'>")
    assert primary_image(root, BASE, "https://cdn.example/og.jpg") == "https://cdn.example/og.jpg"
    assert primary_image(root, BASE, "/og.jpg") == "https://site.example/og.jpg"


def test_primary_image_first_large_article_image() -> None:
    root = tree(
        "<img src='/icons/share.png'><img src='/logo.svg' width='600'><img src='/small.jpg' width='50'>"
        "<img class='avatar' src='/me.jpg'><img src='data:image/png;base64,AA'>"
        "<img src='/wide.jpg' width='1200' height='80px'><img src='/photo.jpg' width='640' height='480'>"
        "<img src='/second.jpg'>"
    )
    assert primary_image(root, BASE, None) == "https://site.example/photo.jpg"
    assert primary_image(tree("<img src='/unsized.jpg'>"), BASE, None) == "https://site.example/unsized.jpg"
    assert primary_image(tree("<img src='/tiny.gif' width='1'>"), BASE, None) is None
    assert primary_image(tree("<p>no images</p>"), BASE, None) is None
    assert primary_image(tree("<img src='/x.jpg'>"), None, "/relative-og.jpg") is None


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(
                ["/a.jpg", "b.png", "//c.example/d", "data:x", "", "#", "javascript:x", "https://e/f"]
            ),
            st.sampled_from([None, "1", "50", "300", "abc", "200px"]),
            st.booleans(),
        ),
        max_size=8,
    ),
    st.sampled_from([BASE, None]),
)
def test_collected_urls_are_absolute_and_unique(
    items: list[tuple[str, str | None, bool]], base: str | None
) -> None:
    root = lxml.html.Element("div")
    for url, width, is_link in items:
        if is_link:
            lxml.html.etree.SubElement(root, "a", href=url)
        else:
            attributes = {"src": url} | ({"width": width} if width else {})
            lxml.html.etree.SubElement(root, "img", attributes)
    for found in (collect_links(root, base), collect_images(root, base)):
        assert len(found) == len(set(found))
        assert all(urlsplit(url).scheme in ("http", "https") and urlsplit(url).hostname for url in found)
    first = primary_image(root, base, None)
    assert first is None or first in collect_images(root, base)


# ---------------------------------------------------------------- site_of, elsewhere


@pytest.mark.parametrize(
    ("url", "site"),
    [
        ("https://www.example.com/a", "example.com"),
        ("http://blogs.news.example.com:8080/x", "example.com"),
        ("https://www.bbc.co.uk/news", "bbc.co.uk"),
        ("https://shop.example.com.au/", "example.com.au"),
        ("http://127.0.0.1:8000/page", "127.0.0.1"),
        ("http://localhost/", "localhost"),
        ("ftp://example.com/", None),
        ("/relative", None),
        ("http://[bad/", None),
        ("http://[::1]:8000/", "::1"),
        ("http://a_b.example.com/", None),
        (None, None),
    ],
)
def test_site_of(url: str | None, site: str | None) -> None:
    assert site_of(url) == site


@given(st.sampled_from(["a", "news", "www", "cdn.static"]), st.text(alphabet="abc/?=&", max_size=20))
def test_links_within_the_site_are_never_elsewhere(sub: str, rest: str) -> None:
    site = "example.com"
    for href in (f"https://{sub}.example.com/{rest}", f"//{sub}.example.com/{rest}", f"/p{rest}", f"p{rest}"):
        assert not elsewhere(href, site)
    assert elsewhere(f"https://{sub}.example.org/{rest.replace('example.com', '')}", site)


def test_a_share_link_carrying_the_page_address_is_not_elsewhere() -> None:
    site = "example.com"
    assert not elsewhere("https://social.example.net/share?u=https%3A%2F%2Fwww.example.com%2Fstory", site)
    assert elsewhere("https://social.example.net/profile/example", site)
