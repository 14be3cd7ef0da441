"""How bench/docs.py reads a manual's page: its ground truth is the region the generator marks."""

from __future__ import annotations

from pathlib import Path

from bench.docs import DocsCorpus, pages


def test_the_truth_is_the_marked_region_without_its_chrome_or_permalinks(tmp_path: Path) -> None:
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "json.html").write_text(
        "<html><head><meta charset='utf-8'></head><body><div class='sidebar'>Navigation</div>"
        "<div role='main'><h1>json<a href='#json'>¶</a></h1>"
        "<div class='toc'>Contents</div><p>Encoder and decoder.</p><script>var x;</script></div>"
        "</body></html>"
    )
    corpus = DocsCorpus(
        "test-docs", tmp_path, ("**/*.html",), ("//div[@role='main']",), ("//div[@class='toc']",)
    )
    [page] = list(pages(corpus))
    assert page.key == "lib/json.html" and page.url == "https://docs.example/test-docs/lib/json.html"
    assert page.truth == "json Encoder and decoder."
    assert b"Navigation" in page.raw and b"\xc2\xb6" in page.raw  # the extractors get the page as it is
    assert b"\xc2\xb6" not in page.marked and b"Contents" in page.marked


def test_a_page_that_marks_no_document_is_left_out(tmp_path: Path) -> None:
    (tmp_path / "moved.html").write_text(
        "<html><body><p>This page has moved to the new book.</p></body></html>"
    )
    (tmp_path / "kept.html").write_text("<html><body><main><p>Ownership rules.</p></main></body></html>")
    corpus = DocsCorpus("test-docs", tmp_path, ("*.html",), ("//main",))
    assert [page.key for page in pages(corpus)] == ["kept.html"]
