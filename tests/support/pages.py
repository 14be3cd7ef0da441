"""Our own small HTML pages for tests (tests/fixtures/pages)."""

from __future__ import annotations

from pathlib import Path

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "pages"


def page(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


def article_fragment() -> bytes:
    """The <article> of article.html alone (what the SPA fixture inserts with JavaScript)."""
    html = page("article.html").decode("utf-8")
    start, end = html.index("<article>"), html.index("</article>") + len("</article>")
    return html[start:end].encode("utf-8")
