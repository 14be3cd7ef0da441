"""The crawl benchmark's site: what it serves and what a crawler can reach (pure parts)."""

from __future__ import annotations

import gzip

import pytest
from bench.crawl_site import DOCS, footer, page_path, reachable, sitemap, synthetic_page, variants


def test_variants_and_footer_name_real_pages() -> None:
    assert variants("/library/index.html")[-1] == "/library/"
    assert all(v.startswith("/a.html") for v in variants("/a.html"))
    html = footer("/a.html", ["/a.html", "/b/index.html"], "http://localhost:1/x").decode()
    assert 'href="/b/"' in html and "utm_source" in html and "calendar" in html


def test_sitemap_lists_every_page() -> None:
    body = gzip.decompress(sitemap("http://127.0.0.1:1", ["/a.html", "/b.html"])).decode()
    assert body.count("<loc>") == 2 and "http://127.0.0.1:1/b.html" in body


def test_synthetic_pages_are_deterministic() -> None:
    assert synthetic_page(5, 100) == synthetic_page(5, 100)
    assert b'href="/p/6"' in synthetic_page(5, 100)


@pytest.mark.skipif(not (DOCS / "index.html").exists(), reason="needs Debian's python3.11-doc")
def test_the_reachable_pages_of_the_manual() -> None:
    pages = reachable()
    assert "/index.html" in pages and len(pages) > 400
    assert not any(page.startswith("/howto/") for page in pages)
    assert page_path("/library/") == "/library/index.html" and page_path("/nope.html") is None
