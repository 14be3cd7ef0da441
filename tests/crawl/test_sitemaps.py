"""Sitemaps: parsing is pure and bounded; reading follows indexes once each."""

from __future__ import annotations

import gzip

import pytest

from weblens.crawl.sitemaps import gunzip_capped, parse_sitemap, read_sitemaps
from weblens.errors import HTTPError, SizeLimitExceeded

URLSET = b"""<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://x.org/a</loc><lastmod>2026-01-02</lastmod></url>
  <url><loc> https://x.org/b </loc></url>
  <url><lastmod>2026-01-03</lastmod></url>
</urlset>"""
INDEX = b"""<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<sitemap><loc>https://x.org/s1.xml.gz</loc></sitemap><sitemap><loc>/s2.xml</loc></sitemap></sitemapindex>"""


def test_urlset() -> None:
    found = parse_sitemap(URLSET, "https://x.org/sitemap.xml")
    assert found.kind == "urlset"
    assert [(e.url, e.lastmod) for e in found.entries] == [
        ("https://x.org/a", "2026-01-02"),
        ("https://x.org/b", None),
    ]


def test_index_and_relative_children() -> None:
    found = parse_sitemap(INDEX, "https://x.org/sitemap.xml")
    assert found.kind == "index" and found.children == ["https://x.org/s1.xml.gz", "https://x.org/s2.xml"]


def test_text_and_feeds() -> None:
    text = parse_sitemap(b"https://x.org/1\n\n  https://x.org/2\nnot a url\n", "https://x.org/s.txt")
    assert [e.url for e in text.entries] == ["https://x.org/1", "https://x.org/2"]
    rss = b"<rss><channel><link>https://x.org/</link><item><link>https://x.org/post</link><pubDate>Mon</pubDate></item></channel></rss>"
    assert [(e.url, e.lastmod) for e in parse_sitemap(rss, "https://x.org/feed").entries] == [
        ("https://x.org/post", "Mon")
    ]
    atom = (
        b'<feed xmlns="http://www.w3.org/2005/Atom">'
        b'<entry><link href="https://x.org/e1"/><updated>2026</updated></entry></feed>'
    )
    assert [e.url for e in parse_sitemap(atom, "https://x.org/atom").entries] == ["https://x.org/e1"]


def test_malformed_keeps_what_came_before() -> None:
    broken = URLSET.replace(b"</urlset>", b"<url><loc>https://x.org/c</loc></url><url><loc>")
    found = parse_sitemap(broken, "https://x.org/s.xml")
    assert [e.url for e in found.entries][:3] == ["https://x.org/a", "https://x.org/b", "https://x.org/c"]


def test_entities_are_never_expanded() -> None:
    laughs = (
        b'<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa">'
        b'<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">'
        b'<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY f SYSTEM "file:///etc/passwd">]>'
        b"<urlset><url><loc>https://x.org/&c;</loc></url><url><loc>https://x.org/&f;</loc></url></urlset>"
    )
    found = parse_sitemap(laughs, "https://x.org/s.xml")
    assert all("aaaa" not in e.url and "root" not in e.url for e in found.entries)


def test_gzip_is_capped() -> None:
    assert gunzip_capped(gzip.compress(URLSET)) == URLSET
    assert gunzip_capped(URLSET) == URLSET
    bomb = gzip.compress(b"\0" * 5_000_000)
    with pytest.raises(SizeLimitExceeded):
        gunzip_capped(bomb, limit=1_000_000)


async def test_reading_follows_indexes_once_and_survives_failures() -> None:
    docs = {
        "https://x.org/sitemap.xml": INDEX,
        "https://x.org/s1.xml.gz": gzip.compress(URLSET),
        "https://x.org/s2.xml": b"<sitemapindex><sitemap><loc>https://x.org/sitemap.xml</loc></sitemap>"
        b"<sitemap><loc>https://x.org/missing.xml</loc></sitemap></sitemapindex>",
    }
    asked: list[str] = []

    async def fetch(url: str) -> bytes:
        asked.append(url)
        if url not in docs:
            raise HTTPError(url=url, status=404)
        return docs[url]

    warnings: list[str] = []
    found = [e.url async for e in read_sitemaps(fetch, ["https://x.org/sitemap.xml"], warn=warnings.append)]
    assert found == ["https://x.org/a", "https://x.org/b"]
    assert asked.count("https://x.org/sitemap.xml") == 1  # the loop back to the index is not followed
    assert any("missing.xml" in w and "http_error" in w for w in warnings)


async def test_reading_stops_at_the_document_budget() -> None:
    async def fetch(url: str) -> bytes:
        n = int(url.rsplit("/", 1)[1])
        return f"<sitemapindex><sitemap><loc>https://x.org/{n + 1}</loc></sitemap></sitemapindex>".encode()

    warnings: list[str] = []
    assert [
        e async for e in read_sitemaps(fetch, ["https://x.org/0"], warn=warnings.append, max_sitemaps=3)
    ] == []
    assert warnings  # nested too deep or over budget, said once
