"""Render the selected content as plain text that keeps the shape of the article.

Paragraphs and headings are separated by blank lines; list items, table rows, definition terms
and ``<br>`` breaks start a new line (two ``<br>`` in a row end a paragraph); table cells are
joined with `` | ``; whitespace inside a paragraph is collapsed, inside ``<pre>`` it is kept.
The walk is iterative (C-level ``iterwalk``), so a tree thousands of levels deep renders like
any other.
"""

from __future__ import annotations

import re
from collections.abc import Collection

import lxml.etree
from lxml.html import HtmlElement

__all__ = ["CJK_CHARS", "br_lines", "line_text", "render_text", "strip_controls", "word_count"]

# blank line before and after
_PARAGRAPH = frozenset(
    (
        "p", "div", "section", "article", "main", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote",
        "pre", "figure", "figcaption", "header", "footer", "address", "center", "details", "table",
        "ul", "ol", "dl", "hr", "body", "html", "form", "fieldset", "nav", "aside", "caption", "hgroup",
        "listing", "xmp", "plaintext", "summary", "legend", "menu",
    )
)  # fmt: skip
# a line of its own
_LINE = frozenset(("li", "dt", "dd", "tr", "br", "option"))
_CELL = frozenset(("td", "th"))
_PRE = frozenset(("pre", "listing", "xmp", "plaintext", "textarea"))
# every tag the walk does something for besides writing text (any other element's tag asks nothing)
_MARKED = _PARAGRAPH | _LINE | _CELL | _PRE
_CELL_BLOCKS = ("p", "div", "table", "ul", "ol", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6", "pre")


class _Writer:
    """Accumulates inline text and the strongest break requested between paragraphs."""

    def __init__(self) -> None:
        self.out: list[str] = []
        self.pieces: list[str] = []
        self.pending = 0  # 0 none, 1 newline, 2 blank line
        self.pre = 0
        self.row: list[str] | None = None
        self.cell_depth = 0
        self.after_br = False  # nothing but whitespace since the last <br>: a second one ends the paragraph

    def add(self, text: str) -> None:
        self.pieces.append(text)
        if self.after_br and not text.isspace():
            self.after_br = False

    def line_break(self) -> None:
        self.brk(2 if self.after_br and not self.cell_depth else 1)
        self.after_br = True

    def flush(self) -> None:
        if not self.pieces:
            return
        raw = "".join(self.pieces)
        self.pieces.clear()
        text = raw.strip("\n").rstrip() if self.pre else " ".join(raw.split())
        if not text:
            return
        if self.row is not None and self.cell_depth:
            self.row.append(text)
            return
        if self.out:
            self.out.append("\n" * max(1, self.pending))
        self.out.append(text)
        self.pending = 0

    def brk(self, strength: int) -> None:
        if self.pieces:
            self.flush()
        if strength > self.pending:
            self.pending = strength

    def end_row(self) -> None:
        self.flush()
        cells, self.row = self.row or [], None
        if cells:
            self.brk(1)
            if self.out:
                self.out.append("\n" * max(1, self.pending))
            self.out.append(" | ".join(cells))
            self.pending = 1

    def text(self) -> str:
        self.flush()
        return "".join(self.out)


def _is_layout_table(table: HtmlElement) -> bool:
    return any(True for _ in table.iterdescendants(*_CELL_BLOCKS))


def render_text(root: HtmlElement, skip: Collection[HtmlElement] = ()) -> str:
    """Plain text of ``root``, leaving out the subtrees in ``skip``."""
    writer = _Writer()
    add = writer.add
    layout_tables: list[bool] = []
    walker = lxml.etree.iterwalk(root, events=("start", "end"))
    # an element whose tag is not in _MARKED only writes its text: it skips the tests below
    # (ScrapingHub: render_text 0.22 -> 0.20 ms a page)
    for event, el in walker:
        tag = el.tag
        if tag.__class__ is not str:  # a comment or a processing instruction
            if event == "end" and el.tail and el is not root:
                add(el.tail)
            continue
        if event == "start":
            if skip and el in skip:
                walker.skip_subtree()
                continue
            if tag not in _MARKED:
                if el.text:
                    add(el.text)
                continue
            if tag == "table":
                layout_tables.append(_is_layout_table(el))
            in_data_table = bool(layout_tables) and not layout_tables[-1]
            if in_data_table and tag == "tr":
                writer.brk(1)
                writer.row = []
            elif in_data_table and tag in _CELL:
                writer.flush()
                writer.cell_depth += 1
            elif tag in _CELL:  # a cell of a layout: its text is not run into the next cell's
                writer.brk(1)
            elif tag in _PARAGRAPH:
                writer.brk(1 if writer.cell_depth else 2)
            elif tag == "br":
                writer.line_break()
            elif tag in _LINE:
                writer.brk(1)
            if tag in _PRE:
                writer.pre += 1
            if el.text:
                add(el.text)
        elif tag not in _MARKED:
            if el.tail and el is not root:
                add(el.tail)
        else:
            in_data_table = bool(layout_tables) and not layout_tables[-1]
            if tag in _PRE:
                writer.flush()
                writer.pre -= 1
            if in_data_table and tag in _CELL:
                writer.flush()
                writer.cell_depth = max(0, writer.cell_depth - 1)
            elif in_data_table and tag == "tr":
                writer.end_row()
            elif tag in _CELL:
                writer.brk(1)
            elif tag in _PARAGRAPH:
                writer.brk(1 if writer.cell_depth else 2)
            elif tag in _LINE and tag != "br":
                writer.brk(1)
            if tag == "table" and el not in skip and layout_tables:
                layout_tables.pop()
            if el.tail and el is not root:
                add(el.tail)
    return strip_controls(writer.text())


_CONTROL = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f]+")
# every byte but the controls of _CONTROL: deleted from the text's UTF-8 bytes (where a control is its
# own byte, and every other character's bytes are printable ASCII or above 0x7f), they leave those
# controls. An encoding and bytes.translate are C loops that cost less than a search of the text for
# a class of characters (ScrapingHub: 0.036 -> 0.015 ms a page for each of the text and the Markdown)
_NOT_CONTROL_BYTES = bytes(byte for byte in range(256) if _CONTROL.fullmatch(chr(byte)) is None)


def strip_controls(text: str) -> str:
    """``text`` without C0 control characters (other than tab, newline, form feed, carriage return)."""
    if not text.encode("utf-8", "surrogatepass").translate(None, _NOT_CONTROL_BYTES):
        return text
    return _CONTROL.sub("", text)


# the characters of the scripts written without spaces between words (Han, kana, hangul, and the
# CJK punctuation and symbols in U+2E80–U+9FFF), for a regular expression's character class
CJK_CHARS = "\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff"
_CJK = re.compile(f"[{CJK_CHARS}]+")
_ONE_CJK = re.compile(_CJK.pattern[:-1])  # without "+": a test for any, in a third of the time
# the UTF-8 bytes that no character of CJK_CHARS is written without: the first byte of its three
# (E2 BA–BF for U+2E80–U+2FFF, E3–E9, EA–ED, EF); every other byte, deleted to see whether one is left
_NOT_WIDE_LEAD = bytes(byte for byte in range(256) if not (0xE3 <= byte <= 0xED or byte == 0xEF))
_RADICAL_LEAD = re.compile(rb"\xe2[\xba-\xbf]")


def _has_cjk(text: str) -> bool:
    """Whether ``text`` (not all ASCII) holds a character of :data:`CJK_CHARS`. Its UTF-8 bytes are
    looked at first: a text without a byte a CJK character starts with (Latin letters, curly quotes
    and dashes: U+2000–U+206F start with E2 80/81) holds none, told by two C-level passes over the
    bytes where the character class's search took 1.6 times as long (ScrapingHub: 0.129 -> 0.081 ms
    a page)."""
    utf8 = text.encode("utf-8", "surrogatepass")
    if not utf8.translate(None, _NOT_WIDE_LEAD) and _RADICAL_LEAD.search(utf8) is None:
        return False
    return _ONE_CJK.search(text) is not None


_WIDE_WEIGHT = 3  # a CJK character carries about as much text as three Latin ones (a word is two)


def measure(text: str) -> int:
    """The size of a text in Latin characters: a CJK character counts as three, so the sizes a
    paragraph or a box is judged by mean the same in Chinese or Japanese as in English."""
    if text.isascii() or not _has_cjk(text):
        return len(text)
    return len(text) + (_WIDE_WEIGHT - 1) * sum(len(run) for run in _CJK.findall(text))


def word_count(text: str) -> int:
    """Whitespace-separated words; a run of CJK characters counts one word per two characters."""
    if text.isascii() or not _has_cjk(text):
        return len(text.split())
    runs = _CJK.findall(text)
    return len(_CJK.sub(" ", text).split()) + sum((len(run) + 1) // 2 for run in runs)


def line_text(el: HtmlElement) -> str:
    """The text of a short element (a heading) on one line, white space collapsed; a ``<br>`` in
    it parts words as a space does ("Uses of Class<br>org.example.Item")."""
    if el.find(".//br") is None:
        return " ".join(el.text_content().split())
    return " ".join(
        "".join(part if isinstance(part, str) else " " for part in el.xpath(".//text()|.//br")).split()
    )


def br_lines(el: HtmlElement) -> list[str]:
    """The lines of ``el``'s text as its ``<br>`` elements part them, white space collapsed in each
    (an empty string for an empty line)."""
    lines: list[list[str]] = [[]]
    for part in el.xpath(".//text()|.//br"):
        if isinstance(part, str):
            lines[-1].append(part)
        else:
            lines.append([])
    return [" ".join("".join(line).split()) for line in lines]
