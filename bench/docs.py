"""Documentation pages as a development set with rich structure: Debian's packaged manuals.

Three generators of real documentation, installed with
``apt-get install python3.11-doc git-doc postgresql-doc-15``:

* ``python-docs``: Sphinx (the Python 3.11 manual, ``/usr/share/doc/python3.11/html``);
* ``git-docs``: AsciiDoc (Git's manual pages, ``/usr/share/doc/git-doc``);
* ``postgres-docs``: DocBook (the PostgreSQL 15 manual, ``/usr/share/doc/postgresql-doc-15/html``).

The ground truth of a page is the text of the region its generator marks as the document: Sphinx's
``role="main"`` box; AsciiDoc's body without its table of contents and footer; DocBook's body
without the navigation header and footer. A heading's permalink sign (``¶``) is no part of its text.
These region selectors annotate the data, as the corpora's hand-cleaned texts do; the extractors
see the page as it is. Pages over :data:`MAX_BYTES` are left out (the element search is quadratic
in the page's text). A corpus whose package is not installed is skipped.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import lxml.html

MAX_BYTES = 300_000
_SIGN = re.compile(r"[^\w\s]{0,3}")
_BLOCKS = (
    "p", "div", "section", "h1", "h2", "h3", "h4", "h5", "h6", "li", "dt", "dd", "tr", "td", "th", "pre",
    "table", "ul", "ol", "dl", "blockquote", "br", "hr",
)  # fmt: skip


@dataclass(frozen=True)
class DocsCorpus:
    name: str
    root: Path
    pattern: str
    content: tuple[str, ...]  # XPath of the document's regions
    chrome: tuple[str, ...] = ()  # XPath of what inside them is not the document


@dataclass(frozen=True)
class DocsPage:
    key: str
    raw: bytes  # the page as the extractors get it
    url: str
    truth: str  # the text of the document's regions
    marked: bytes  # the page without the permalink signs the truth leaves out, for finding elements


CORPORA = (
    DocsCorpus("python-docs", Path("/usr/share/doc/python3.11/html"), "**/*.html", ("//div[@role='main']",)),
    DocsCorpus(
        "git-docs",
        Path("/usr/share/doc/git-doc"),
        "*.html",
        ("//body",),
        ("//div[@id='footer']", "//div[@id='toc']"),
    ),
    DocsCorpus(
        "postgres-docs",
        Path("/usr/share/doc/postgresql-doc-15/html"),
        "*.html",
        ("//body",),
        ("//div[@class='navheader']", "//div[@class='navfooter']"),
    ),
)


def installed() -> list[DocsCorpus]:
    return [corpus for corpus in CORPORA if corpus.root.is_dir()]


def pages(corpus: DocsCorpus, limit: int = 0) -> Iterator[DocsPage]:
    """The corpus's pages in path order (at most ``limit``, 0: all), with their ground truth."""
    paths = sorted(p for p in corpus.root.glob(corpus.pattern) if p.stat().st_size <= MAX_BYTES)
    for path in paths[: limit or None]:
        raw = path.read_bytes()
        try:
            tree = lxml.html.document_fromstring(raw)
        except (ValueError, lxml.etree.ParserError):
            continue
        for el in tree.xpath("//script|//style"):
            el.drop_tree()
        for link in tree.xpath("//a[starts-with(@href, '#')]"):
            if _SIGN.fullmatch(link.text_content().strip()):
                link.drop_tree()  # a permalink sign: no text of the heading it marks
        marked = lxml.html.tostring(tree)
        for xpath in corpus.chrome:
            for el in tree.xpath(xpath):
                el.drop_tree()
        for block in tree.iter(*_BLOCKS):  # blocks end words: "Objects" then "This section…"
            block.text, block.tail = " " + (block.text or ""), " " + (block.tail or "")
        regions = [region for xpath in corpus.content for region in tree.xpath(xpath)]
        truth = " ".join(" ".join(region.text_content().split()) for region in regions)
        key = str(path.relative_to(corpus.root))
        yield DocsPage(key, raw, f"https://docs.example/{corpus.name}/{key}", truth, marked)
