"""The links a crawl follows from a page (pure)."""

from __future__ import annotations

from weblens.crawl.links import PageLinks, merged, page_links

PAGE = b"""<html><head>
<base href="https://docs.example.org/guide/">
<link rel="canonical" href="/guide/intro.html">
<link rel="Next" href="part2.html"><link rel="stylesheet" href="style.css">
</head><body>
<nav><a href="/">Home</a> <a href="  setup.html#install ">Set <b>up</b></a></nav>
<p>See <a href="https://other.example.net/x">elsewhere</a>, <a href="mailto:a@b.c">mail</a>,
<a href="javascript:go()">go</a>, <a href="setup.html">again</a>.</p>
<map><area href="map.html" alt="A map"></map>
</body></html>"""


def test_every_link_of_the_page_in_order() -> None:
    found = page_links(PAGE, "https://docs.example.org/guide/intro.html")
    assert found.links == (
        "https://docs.example.org/guide/part2.html",
        "https://docs.example.org/",
        "https://docs.example.org/guide/setup.html#install",
        "https://other.example.net/x",
        "https://docs.example.org/guide/setup.html",
        "https://docs.example.org/guide/map.html",
    )
    assert found.titles[2] == "Set up" and found.titles[-1] == "A map"
    assert found.canonical == "https://docs.example.org/guide/intro.html"
    assert not found.nofollow


def test_robots_meta_nofollow() -> None:
    html = (
        b'<html><head><meta name="ROBOTS" content="noindex, NoFollow"></head>'
        b'<body><a href="/a">a</a></body></html>'
    )
    assert page_links(html, "https://x.org/").nofollow
    assert page_links(b'<meta name="robots" content="none"><a href="/a">a</a>', "https://x.org/").nofollow


def test_no_links_in_plain_or_broken_input() -> None:
    assert page_links(b"", "https://x.org/") == PageLinks()
    assert page_links("just text, no markup", "https://x.org/").links == ()
    assert page_links(b"\x00\x01\x02 <a href='/x'>", "https://x.org/").links in ((), ("https://x.org/x",))


def test_merged_keeps_each_url_once() -> None:
    a = PageLinks(links=("https://x.org/1", "https://x.org/2"), titles=("one", "two"))
    b = PageLinks(links=("https://x.org/2", "https://x.org/3"), titles=("", "three"), nofollow=True)
    both = merged(a, b)
    assert both.links == ("https://x.org/1", "https://x.org/2", "https://x.org/3")
    assert both.titles == ("one", "two", "three") and both.nofollow
