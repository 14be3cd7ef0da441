"""Structure retention of Markdown output: how much of the main content's structure survives.

Usage::

    .venv/bin/python bench/structure.py [--corpus NAME ...] [--limit N] [--no-docs] [--no-write]

Method. For every page of the shared corpora, the structural elements of the ORIGINAL HTML that
belong to the main content are found: elements whose text (white space collapsed, lower-cased) is
found in the corpus's human-made ground-truth text. Kinds and their minimum size:

* headings (``h1``–``h6``, at least 3 words; a permalink sign the heading ends with, "#", "¶", "§",
  is no word of it: a link to the heading's own anchor, which an extractor may drop);
* list items (``li``, at least 4 words of their own text, nested lists left out);
* table rows (``tr`` of a data table: at least two non-empty cells, no table or block inside;
  every cell's text must be in the ground truth);
* code blocks (``pre`` with at least two non-empty lines; the first two lines must be found; a
  ``pre`` of nothing but numbers is the gutter of line numbers beside a code block, no code);
* links (``a href`` to another http(s) document — not an anchor within the page itself — text of at
  least 3 words).

"Found in" means as whole words of the normalised ground truth. A heading, list item or link whose
text occurs more often in the page's visible text than in the ground truth is left out: which of its
occurrences is the content cannot be told (typically an in-page table of contents or a "related" list
repeating the headings of the article, where only the headings are content).

CleanEval's ground truth counts reader comments as content, so weblens is called there with
``include_comments=True``, as in ``bench/extraction.py`` (trafilatura keeps comments by default).

Each extractor's Markdown is then checked for the same element *as the same kind of structure*:
a heading as an ATX heading line containing its text (also as the first block of a list item,
``- ### Title``, a heading in CommonMark); a list item as a ``-``/``*``/``+``/``1.`` item whose text
(the marker line, the indented lines continuing it, as a ``<br>`` splits an item, and its later
paragraphs indented to its content column) contains its first 60 characters; a table row as a
pipe-table line containing every cell (a ``<br>`` in a cell read as
a space); a code block as a fenced (or indented) block, also inside a quote, containing its first
two non-empty lines, in order and on their own lines; a link as ``[text](url)`` with the same text
(in ``[![alt](src) text](url)`` the text after the image)
and the same absolute URL (compared percent-decoded, without the fragment; a relative URL resolved
against the page's ``<base href>`` when it has one, as a browser does). The share kept per kind is
pooled over all pages (elements kept / elements found). Markdown syntax (escapes, emphasis) is
removed before text comparison, and ``*``, ``_`` and backticks from the element's text too (once
emphasis is removed, a literal asterisk cannot be told from it).

The same tallies are then made, apart from the pooled figure, on Debian's packaged manuals when
they are installed (Python's Sphinx manual, Git's AsciiDoc pages, PostgreSQL's DocBook manual; see
``bench/docs.py``): documentation with rich structure, whose ground truth is the region the
generator marks as the document. ``--no-docs`` skips them.

Extractors: weblens (``PageExtract.markdown``), trafilatura (``extract(output_format="markdown",
include_links=True, include_formatting=True, include_tables=True)``), and readability-lxml's
``summary()`` converted with markdownify (ATX headings). All get the raw bytes.
"""

from __future__ import annotations

import argparse
import copy
import gzip
import json
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

import lxml.html

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "src"))

from bench.report import write_section  # noqa: E402

SHARED = REPO.parent / "shared" / "bench"
CORPORA = ("scrapinghub", "cleaneval")
WITH_COMMENTS = frozenset({"cleaneval"})  # its ground truth counts reader comments as content
KINDS = ("headings", "list items", "table rows", "code blocks", "links")
_SPACE = re.compile(r"\s+")
# [text](url "title"): escaped brackets in the text (an escaped "[" opens nothing, an unescaped one
# inside would open a link of its own), one level of parentheses in the URL, <url> form
_LINK_TEXT = r"((?:\\.|[^\[\]\\])*)"
_LINK_TARGET = r"\(<?((?:[^()\s>]|\([^()\s]*\))*)>?(?:\s[^)]*)?\)"
_MD_LINK = re.compile(rf"(?<!\\)!?\[{_LINK_TEXT}\]{_LINK_TARGET}")
# a linked image with a caption in the link's text, "[![alt](src) Caption](url)": the link's text
# is the caption (an HTML anchor's text leaves the image's alt out)
_MD_IMAGE = r"!\[(?:\\.|[^\[\]\\])*\]\((?:[^()\s]|\([^()\s]*\))*(?:\s[^)]*)?\)"
_MD_IMAGE_LINK = re.compile(rf"(?<![\\!])\[\s*{_MD_IMAGE}{_LINK_TEXT}\]{_LINK_TARGET}")
_MD_NOISE = re.compile(r"\\(?=[^\w\s]|_)|[*_`]")  # an escape before punctuation ("_" is a word character)
_EMPHASIS_CHARS = re.compile(r"[*_`]")
_PERMALINK_SIGN = re.compile(r"\s*[#¶§🔗⚓]+$")  # a heading's link to itself, at its end
# a heading line, also as the first block of a list item ("- ### Title" is a heading in CommonMark)
_HEADING = re.compile(r"^\s{0,3}(?:(?:[-*+]|\d{1,9}[.)])\s+)*#{1,6}\s+(.*)$")
_ITEM = re.compile(r"^\s*(?:[-*+]|\d{1,9}[.)])\s+(.*)$")
_BLOCKS = frozenset(
    ("p", "div", "table", "ul", "ol", "pre", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6")
)

Markdowner = Callable[[bytes, str, bool], str]  # raw bytes, URL, whether comments are content


def norm(text: str) -> str:
    return _SPACE.sub(" ", text).strip().lower()


def bare(text: str) -> str:
    """An element's text as :func:`plain` leaves a Markdown line: without ``*``, ``_`` and backticks,
    which emphasis syntax and literal characters share once the syntax is removed."""
    return norm(_EMPHASIS_CHARS.sub("", text))


def plain(markdown_line: str) -> str:
    """A Markdown line's text: links as their text, escapes and emphasis removed."""
    return norm(_MD_NOISE.sub("", _MD_LINK.sub(r"\1", markdown_line)))


@dataclass
class Element:
    kind: str
    texts: list[str]  # what must be found (normalised)
    url: str = ""


@dataclass
class Tally:
    found: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    kept: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))


def _own_text(el: lxml.html.HtmlElement) -> str:
    parts = [el.text or ""]
    for child in el:
        if isinstance(child.tag, str) and child.tag not in ("ul", "ol"):
            parts.append(child.text_content())
        parts.append(child.tail or "")
    return norm("".join(parts))


def _in(text: str, truth: str) -> bool:
    """``text`` occurs in ``truth`` as whole words."""
    return _count(text, truth, limit=1) > 0


def _count(text: str, hay: str, limit: int = 1_000) -> int:
    """How often ``text`` occurs in ``hay`` as whole words (up to ``limit``)."""
    found = 0
    start = hay.find(text)
    while start >= 0 and found < limit:
        end = start + len(text)
        if (start == 0 or not hay[start - 1].isalnum()) and (end == len(hay) or not hay[end].isalnum()):
            found += 1
        start = hay.find(text, start + 1)
    return found


def _visible_text(root: lxml.html.HtmlElement) -> str:
    """The page's text without scripts, styles and the head (normalised)."""
    body = copy.deepcopy(root)
    lxml.etree.strip_elements(body, "script", "style", "noscript", "template", "head", with_tail=False)
    return norm(body.text_content())


def _words(text: str) -> int:
    return len(text.split())


def _base(root: lxml.html.HtmlElement, url: str) -> str:
    """Where the page's relative links go: its first ``<base href>`` (resolved against ``url``, as a
    browser does) when that is an http(s) URL, else ``url``."""
    for el in root.iter("base"):
        href = el.get("href")
        if href is not None:
            target = urljoin(url, href.strip())
            return target if urlsplit(target).scheme in ("http", "https") else url
    return url


def elements(raw: bytes, url: str, truth: str) -> list[Element]:
    """The structural elements of the original page whose text is in the ground truth."""
    try:
        root = lxml.html.document_fromstring(raw)
    except (ValueError, lxml.etree.ParserError):
        return []
    found: list[Element] = []
    page = _visible_text(root)
    base = _base(root, url)

    def unambiguous(text: str) -> bool:
        return _count(text, page) <= _count(text, truth)

    for el in root.iter("h1", "h2", "h3", "h4", "h5", "h6", "li", "tr", "pre", "a"):
        tag = el.tag
        if tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
            text = _PERMALINK_SIGN.sub("", norm(el.text_content()))
            if _words(text) >= 3 and _in(text, truth) and unambiguous(text):
                found.append(Element("headings", [text]))
        elif tag == "li":
            text = _own_text(el)
            if _words(text) >= 4 and _in(text, truth) and unambiguous(text):
                found.append(Element("list items", [text]))
        elif tag == "tr":
            cells = [
                norm(cell.text_content())
                for cell in el
                if isinstance(cell.tag, str) and cell.tag in ("td", "th")
            ]
            cells = [cell for cell in cells if cell]
            inner = any(True for _ in el.iterdescendants(*_BLOCKS))
            if len(cells) >= 2 and not inner and all(_in(cell, truth) for cell in cells):
                found.append(Element("table rows", cells))
        elif tag == "pre":
            lines = [norm(line) for line in el.text_content().splitlines() if line.strip()]
            gutter = all(line.isdecimal() for line in lines)  # line numbers beside the code: no code
            if len(lines) >= 2 and not gutter and _in(lines[0], truth) and _in(lines[1], truth):
                found.append(Element("code blocks", lines[:2]))
        else:
            # a browser strips the white space around an address (the URL standard); a label's href
            # written with a trailing space is the same link
            href = (el.get("href") or "").strip(" \t\n\r\f")
            text = norm(el.text_content())
            target = urljoin(base, href).split("#")[0] if href else ""
            itself = target == url.split("#")[0]  # an anchor within the page: navigation, not a link out
            web = urlsplit(target).scheme in ("http", "https") and not itself
            if _words(text) >= 3 and web and _in(text, truth) and unambiguous(text):
                found.append(Element("links", [text], url=unquote(target)))
    return found


def _fenced(lines: list[str]) -> Iterator[list[str]]:
    """The non-empty lines of each fenced or indented code block (``lines`` without quote markers;
    blank lines are skipped, as they are in the original's ``pre``)."""
    block: list[str] | None = None
    indented: list[str] = []
    for line in lines:
        stripped = line.strip()
        if stripped.startswith(("```", "~~~")):
            if block is None:
                block = []
            else:
                yield block
                block = None
        elif block is not None:
            if stripped:
                block.append(norm(line))
        elif line.startswith("    ") and stripped:
            indented.append(norm(line))
        elif indented:
            yield indented
            indented = []
    if indented:
        yield indented


def _items(lines: list[str]) -> Iterator[str]:
    """The text of each list item: its marker line, the lines that continue it (a ``<br>`` in the
    item is a line break, not the end of the item) and, after a blank line, the blocks indented
    to its content column (its later paragraphs, as CommonMark reads them). A nested item starts an
    item of its own."""
    item: list[str] | None = None
    column, blank = 0, False
    for line in lines:
        match = _ITEM.match(line)
        if match:
            if item is not None:
                yield " ".join(item)
            item, column, blank = [match.group(1)], match.start(1), False
            continue
        if item is None:
            continue
        if not line.strip():
            blank = True
            continue
        indent = len(line) - len(line.lstrip(" "))
        if (indent >= column if blank else indent > 0) and not _HEADING.match(line):
            item.append(line.strip())
            blank = False
        else:
            yield " ".join(item)
            item = None
    if item is not None:
        yield " ".join(item)


_CELL_BREAK = re.compile(r"<br\s*/?>", re.IGNORECASE)  # a line break inside a pipe-table cell
_QUOTE = re.compile(r"^(?:\s*>\s?)+")


def unquoted(lines: list[str]) -> list[str]:
    """Lines without block-quote markers (a list inside a quote is still a list). Inside a fenced
    code block only the markers its opening fence had are removed: a ``>>>`` prompt is code."""
    out: list[str] = []
    fence = ""  # the quote markers before the open fence; "" outside a fence
    inside = False
    for line in lines:
        if inside:
            code = line[len(fence) :] if line.startswith(fence) else line
            out.append(code)
            inside = not code.strip().startswith(("```", "~~~"))
            continue
        markers = _QUOTE.match(line)
        fence = markers.group(0) if markers else ""
        bare_line = line[len(fence) :]
        out.append(bare_line)
        inside = bare_line.strip().startswith(("```", "~~~"))
    return out


def kept(element: Element, markdown: str, lines: list[str]) -> bool:
    if element.kind == "headings":
        text = bare(element.texts[0])
        return any(text in plain(m.group(1)) for line in lines if (m := _HEADING.match(line)))
    if element.kind == "list items":
        prefix = bare(element.texts[0])[:60]
        return any(prefix in plain(item) for item in _items(lines))
    if element.kind == "table rows":
        return any(
            line.lstrip().startswith("|") and all(bare(cell) in row for cell in element.texts)
            for line in lines
            if (row := plain(_CELL_BREAK.sub(" ", line)))
        )
    if element.kind == "code blocks":
        first, second = element.texts
        for block in _fenced(lines):
            for i, line in enumerate(block[:-1]):
                if first in line and second in block[i + 1]:
                    return True
        return False
    text = bare(element.texts[0])
    for match in (*_MD_LINK.finditer(markdown), *_MD_IMAGE_LINK.finditer(markdown)):
        if match.group(0).startswith("!"):
            continue
        if plain(match.group(1)) == text and unquote(match.group(2).split("#")[0]) == element.url:
            return True
    return False


def _weblens() -> Markdowner:
    import weblens

    return lambda raw, url, comments: weblens.extract(raw, url, include_comments=comments).markdown


def _trafilatura() -> Markdowner:
    import trafilatura

    return lambda raw, url, comments: (  # keeps comments by default
        trafilatura.extract(
            raw,
            url=url,
            output_format="markdown",
            include_links=True,
            include_formatting=True,
            include_tables=True,
        )
        or ""
    )


def _readability_markdownify() -> Markdowner:
    from markdownify import markdownify
    from readability import Document

    def run(raw: bytes, url: str, comments: bool) -> str:
        summary = Document(raw, url=url).summary(html_partial=True)
        return str(markdownify(summary, heading_style="ATX"))

    return run


EXTRACTORS: dict[str, Callable[[], Markdowner]] = {
    "weblens": _weblens,
    "trafilatura": _trafilatura,
    "readability+markdownify": _readability_markdownify,
}


def _table(tallies: dict[str, Tally]) -> list[str]:
    first = next(iter(tallies.values()))
    lines = [
        "| extractor | " + " | ".join(f"{kind} ({first.found[kind]})" for kind in KINDS) + " |",
        "|---|" + "---|" * len(KINDS),
    ]
    for name, tally in tallies.items():
        cells = " | ".join(
            f"{100 * tally.kept[kind] / tally.found[kind]:.1f}%" if tally.found[kind] else "–"
            for kind in KINDS
        )
        lines.append(f"| {name} | {cells} |")
    return lines


def _tally(
    runners: dict[str, Markdowner],
    tallies: dict[str, Tally],
    found: list[Element],
    raw: bytes,
    url: str,
    comments: bool,
) -> None:
    for name, run in runners.items():
        try:
            markdown = run(raw, url, comments)
        except Exception:  # a crash keeps nothing
            markdown = ""
        lines = unquoted(markdown.splitlines())
        for element in found:
            tallies[name].found[element.kind] += 1
            tallies[name].kept[element.kind] += kept(element, markdown, lines)


def _pool(into: dict[str, Tally], tallies: dict[str, Tally]) -> None:
    """Add each extractor's tallies to its pooled ones."""
    for name, tally in tallies.items():
        for kind in KINDS:
            into[name].found[kind] += tally.found[kind]
            into[name].kept[kind] += tally.kept[kind]


def _docs_tables(runners: dict[str, Markdowner], limit: int) -> list[str]:
    """Tables for the documentation corpora installed (see ``bench/docs.py``), apart from the pooled
    figure: their ground truth is the region the generator marks, not a hand-cleaned text."""
    from bench import docs

    corpora = docs.installed()
    if not corpora:
        return ["", "Documentation corpora not installed (see `bench/docs.py`); skipped."]
    lines = ["", "Documentation (Debian's packaged manuals; ground truth: the region the generator marks):"]
    pooled = {name: Tally() for name in runners}
    total = 0
    for corpus in corpora:
        tallies = {name: Tally() for name in runners}
        count = 0
        for page in docs.pages(corpus, limit):
            found = elements(page.marked, page.url, norm(page.truth))
            if found:
                count += 1
                _tally(runners, tallies, found, page.raw, page.url, False)
        lines += ["", f"{corpus.name} ({count} pages):", "", *_table(tallies)]
        total += count
        _pool(pooled, tallies)
    if len(corpora) > 1:
        lines += ["", f"All the manuals pooled ({total} pages):", "", *_table(pooled)]
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--corpus", action="append", choices=CORPORA)
    parser.add_argument("--limit", type=int, default=0, help="pages per corpus (0: all)")
    parser.add_argument("--no-docs", action="store_true", help="skip the installed documentation corpora")
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    runners = {name: factory() for name, factory in EXTRACTORS.items()}
    corpora = args.corpus or list(CORPORA)
    tallies = {corpus: {name: Tally() for name in runners} for corpus in corpora}
    pages = dict.fromkeys(corpora, 0)
    for corpus in corpora:
        data = SHARED / corpus
        truth = json.loads((data / "ground-truth.json").read_text(encoding="utf-8"))
        keys = sorted(truth)[: args.limit or None]
        for key in keys:
            raw = gzip.decompress((data / "html" / f"{key}.html.gz").read_bytes())
            url = truth[key].get("url", "")
            found = elements(raw, url, norm(truth[key].get("articleBody", "")))
            if not found:
                continue
            pages[corpus] += 1
            _tally(runners, tallies[corpus], found, raw, url, corpus in WITH_COMMENTS)
    pooled = {name: Tally() for name in runners}
    for per_corpus in tallies.values():
        _pool(pooled, per_corpus)
    lines = [
        f"{sum(pages.values())} pages of {', '.join(corpora)} with structure in their main content; "
        "share of the original's main-content elements kept as the same kind of Markdown structure "
        "(method in `bench/structure.py`).",
        "",
        *_table(pooled),
    ]
    if len(corpora) > 1:
        for corpus in corpora:
            lines += ["", f"{corpus} alone ({pages[corpus]} pages):", "", *_table(tallies[corpus])]
    if not args.no_docs:
        lines += _docs_tables(runners, args.limit)
    markdown_table = "\n".join(lines)
    print(markdown_table)
    if not args.no_write:
        write_section(
            "structure",
            "## Markdown structure\n\n`.venv/bin/python bench/structure.py`\n\n" + markdown_table,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
