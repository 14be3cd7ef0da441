"""Documentation pages as a development set with rich structure: Debian's packaged manuals.

Fifteen generators of real documentation, and two more themes of Sphinx, installed with
``apt-get install python3.11-doc git-doc postgresql-doc-15 apache2-doc debian-handbook rust-doc
sbcl-doc doxygen-doc libclipper-doc libcommons-fileupload-java-doc libglib2.0-doc nodejs-doc
sqlite3-doc imagemagick-6-doc libreoffice-help-en-us python-django-doc python-sqlalchemy-doc``:

* ``python-docs``: Sphinx (the Python 3.11 manual, ``/usr/share/doc/python3.11/html``);
* ``git-docs``: AsciiDoc (Git's manual pages, ``/usr/share/doc/git-doc``);
* ``postgres-docs``: DocBook (the PostgreSQL 15 manual, ``/usr/share/doc/postgresql-doc-15/html``);
* ``apache-docs``: the Apache HTTP Server's own XSLT (its English manual);
* ``handbook-*``: Publican's DocBook (the Debian Administrator's Handbook in English, German,
  Russian, Japanese and Chinese: paragraphs are ``div`` boxes, and four of the five are not English);
* ``rust-books``: mdBook (The Rust Programming Language, the Reference and the Rustonomicon);
* ``rust-api``: rustdoc (the module pages of Rust's standard library: item tables, folded boxes);
* ``rust-items``: rustdoc again, its pages of one item (a trait, a struct, an enum, a macro): a
  description, then sections of signatures under anchored headings, and long lists of implementations;
* ``texinfo-docs``: makeinfo (SBCL's internals manual);
* ``doxygen-docs`` and ``doxygen-api``: Doxygen (its own manual, and the Clipper library's API
  reference: member tables parted by heading rows, code in one box per line);
* ``javadoc``: the JDK 17 javadoc (Apache Commons FileUpload's API: summaries laid out as grids of
  ``div`` cells, names linked in ``<code>``);
* ``gtk-doc``: gtk-doc's DocBook (GLib's reference: code listings in a table beside a gutter of
  line numbers);
* ``node-api``: Node.js's API reference (its own generator; ``apicontent``);
* ``sqlite-docs``: SQLite's web site as shipped (hand-written pages in the site's menus, no box
  around the text, and its generated C API reference);
* ``imagemagick-docs``: ImageMagick's web site as shipped (a Bootstrap site: navbar, ``main``,
  footer);
* ``libreoffice-help``: LibreOffice's help (one page per topic; each application's variant of a
  page is hidden until a script shows the one for the application asking);
* ``django-docs`` and ``sqlalchemy-docs``: Sphinx again, in Django's theme (YUI grid, sidebar after
  the text) and SQLAlchemy's (a fixed sidebar before it); their guides and references, not their
  release notes or highlighted source.

The ground truth of a page is the text of the region its generator marks as the document: Sphinx's
``role="main"`` box; AsciiDoc's body without its table of contents and footer; DocBook's body
without the navigation header and footer; Apache's ``page-content`` without its quick-view sidebar
and language bar; Publican's body without its banner and navigation bars; mdBook's ``main``;
rustdoc's ``main-content`` without its version and source links and the labels of its folding
toggles; makeinfo's body without its navigation headers; Doxygen's ``contents`` without its in-page
table of contents; javadoc's ``main``; gtk-doc's body without its navigation bar and footer;
Node.js's ``apicontent``; SQLite's body without its menus and contents box (``div.nosearch``);
ImageMagick's ``main``; Django's ``yui-main``; SQLAlchemy's ``docs-body``; LibreOffice's
``DisplayArea``, hidden variants included (weblens leaves
hidden text out, so a page that hides most of its text scores low and comes back ``js_required``). A
heading's permalink sign (``¶``) is no part of its text.
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
    patterns: tuple[str, ...]
    content: tuple[str, ...]  # XPath of the document's regions
    chrome: tuple[str, ...] = ()  # XPath of what inside them is not the document


@dataclass(frozen=True)
class DocsPage:
    key: str
    raw: bytes  # the page as the extractors get it
    url: str
    truth: str  # the text of the document's regions
    marked: bytes  # the page without the permalink signs the truth leaves out, for finding elements


_HANDBOOK = Path("/usr/share/doc/debian-handbook/html")
_HANDBOOK_CHROME = ("//div[@id='banner']", "//p[@id='title']", "//ul[contains(@class, 'docnav')]")
_RUST = Path("/usr/share/doc/rust-doc/html")

CORPORA = (
    DocsCorpus(
        "python-docs", Path("/usr/share/doc/python3.11/html"), ("**/*.html",), ("//div[@role='main']",)
    ),
    DocsCorpus(
        "git-docs",
        Path("/usr/share/doc/git-doc"),
        ("*.html",),
        ("//body",),
        ("//div[@id='footer']", "//div[@id='toc']"),
    ),
    DocsCorpus(
        "postgres-docs",
        Path("/usr/share/doc/postgresql-doc-15/html"),
        ("*.html",),
        ("//body",),
        ("//div[@class='navheader']", "//div[@class='navfooter']"),
    ),
    DocsCorpus(
        "apache-docs",
        Path("/usr/share/doc/apache2-doc/manual/en"),
        ("**/*.html",),
        ("//div[@id='page-content']",),
        ("//div[@id='quickview']", "//div[@class='toplang']", "//button"),
    ),
    *(
        DocsCorpus(f"handbook-{lang}", _HANDBOOK / lang, ("*.html",), ("//body",), _HANDBOOK_CHROME)
        for lang in ("en-US", "de-DE", "ru-RU", "ja-JP", "zh-CN")
    ),
    DocsCorpus("rust-books", _RUST, ("book/*.html", "reference/*.html", "nomicon/*.html"), ("//main",)),
    DocsCorpus(
        "rust-api",
        _RUST / "std",
        ("*/index.html",),
        ("//section[@id='main-content']",),
        ("//span[contains(@class, 'out-of-band')]", "//*[@class='rightside']", "//summary[@class='hideme']"),
    ),
    DocsCorpus(
        "rust-items",
        _RUST / "std",
        ("*/trait.*.html", "*/struct.*.html", "*/enum.*.html", "*/macro.*.html"),
        ("//section[@id='main-content']",),
        ("//span[contains(@class, 'out-of-band')]", "//*[@class='rightside']", "//summary[@class='hideme']"),
    ),
    DocsCorpus(
        "texinfo-docs",
        Path("/usr/share/doc/sbcl/sbcl-internals"),
        ("*.html",),
        ("//body",),
        ("//div[@class='header']",),
    ),
    DocsCorpus(
        "doxygen-docs",
        Path("/usr/share/doc/doxygen/html"),
        ("*.html",),
        ("//div[@class='contents']",),
        ("//div[@class='toc']",),
    ),
    DocsCorpus(
        "doxygen-api", Path("/usr/share/doc/libclipper-dev/html"), ("*.html",), ("//div[@class='contents']",)
    ),
    DocsCorpus(
        "javadoc",
        Path("/usr/share/doc/libcommons-fileupload-java/api"),
        ("**/*.html",),
        ("//main",),
    ),
    DocsCorpus("node-api", Path("/usr/share/doc/nodejs/api"), ("*.html",), ("//div[@id='apicontent']",)),
    DocsCorpus(
        "sqlite-docs",
        Path("/usr/share/doc/sqlite3"),
        ("*.html", "c3ref/*.html"),
        ("//body",),
        ("//div[@class='nosearch']",),
    ),
    DocsCorpus(
        "imagemagick-docs", Path("/usr/share/doc/imagemagick-6-common/html/www"), ("*.html",), ("//main",)
    ),
    DocsCorpus(
        "libreoffice-help",
        Path("/usr/share/libreoffice/help/en-US/text"),
        ("**/*.html",),
        ("//div[@id='DisplayArea']",),
    ),
    DocsCorpus(
        "django-docs",
        Path("/usr/share/doc/python-django-doc/html"),
        tuple(
            f"{part}/**/*.html" for part in ("faq", "howto", "internals", "intro", "misc", "ref", "topics")
        ),
        ("//div[@id='yui-main']",),
    ),
    DocsCorpus(
        "sqlalchemy-docs",
        Path("/usr/share/doc/python-sqlalchemy-doc/html"),
        tuple(f"{part}/**/*.html" for part in ("core", "dialects", "faq", "orm", "tutorial")),
        ("//div[@id='docs-body']",),
    ),
    DocsCorpus(
        "gtk-doc",
        Path("/usr/share/gtk-doc/html/glib"),
        ("*.html",),
        ("//body",),
        ("//table[@class='navigation']", "//div[@class='footer']"),
    ),
)


def installed() -> list[DocsCorpus]:
    return [corpus for corpus in CORPORA if corpus.root.is_dir()]


def _paths(corpus: DocsCorpus) -> list[Path]:
    found = {path for pattern in corpus.patterns for path in corpus.root.glob(pattern)}
    return sorted(path for path in found if path.stat().st_size <= MAX_BYTES)


def pages(corpus: DocsCorpus, limit: int = 0) -> Iterator[DocsPage]:
    """The corpus's pages in path order (at most ``limit``, 0: all), with their ground truth."""
    return _read(corpus, _paths(corpus)[: limit or None])


def sample(corpus: DocsCorpus, count: int) -> Iterator[DocsPage]:
    """About ``count`` of the corpus's pages, evenly spaced in path order (the pool's sample)."""
    paths = _paths(corpus)
    step = max(1, len(paths) // max(1, count))
    return _read(corpus, paths[::step][:count])


def _read(corpus: DocsCorpus, paths: list[Path]) -> Iterator[DocsPage]:
    for path in paths:
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
        if not truth:
            continue  # no document marked: a page that only points to where the text moved
        key = str(path.relative_to(corpus.root))
        yield DocsPage(key, raw, f"https://docs.example/{corpus.name}/{key}", truth, marked)
