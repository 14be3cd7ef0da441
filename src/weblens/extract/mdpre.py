"""A ``<pre>`` that holds a document's prose, as Markdown paragraphs that keep its links (pure).

Some documents are published as preformatted text with links set in it: an RFC's HTML edition
(the whole text in one ``<pre>``, its references and URLs links), a mailing-list archive's
message, a plain-text manual. As a fenced code block their links are lost, and the Markdown of a
page of prose reads as code. Such a ``<pre>`` is written block by block instead:

1. its text is read with the link (and heading) around each piece, and cut into blocks at blank lines;
2. a block of wrapped prose (:func:`is_prose`) becomes a paragraph, its lines joined, its links
   ``[text](url)``; a block that is one heading's text becomes a heading;
3. short lines of words (a signature, an address, a table of contents) stay lines, each on its own;
4. any other block (a figure, a table laid out in columns, an example, ASCII art) stays a code
   block, as written.

Only a ``<pre>`` with links to other documents and mostly prose is read so (:func:`is_prose_pre`):
code whose identifiers link to their documentation (a signature in an API reference) is no prose,
and plain text without links loses nothing as a code block.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from lxml.html import HtmlElement

from weblens.extract.blocks import HEADING_TAGS
from weblens.extract.mdsyntax import escape_line_start, escape_text, heading_text, markdown_url, raw_text

__all__ = ["PreBlock", "is_prose", "is_prose_pre", "pre_blocks"]

# Thresholds, calibrated on RFC editions (72-column text, three-space indent, two spaces after a
# sentence), mailing-list messages and the code blocks of the packaged manuals (bench/docs.py):
_COLUMN_GAP = re.compile(r"\S {3,}\S")  # spaces inside a line that align columns (a table, a header block)
_SYMBOLS = frozenset("{}[]<>|=;_\\/+*#$%^~`@")  # characters of code and drawings
_SYMBOL_SHARE = 0.06  # of a block's visible characters: more is code or a drawing
_FILLED = 0.6  # wrapped prose fills its lines: each but the last this share of the longest at least
_FULL = 0.9  # ... or so long with the next line's first word that the word was wrapped
_MIN_WRAP = 40  # characters: a line of wrapped prose is at least this long (a short line is a list's)
_PROSE_SHARE = 0.6  # of a <pre>'s visible characters in prose blocks: the <pre> is a document
_MIN_PROSE_BLOCKS = 2
_BLANK = re.compile(r"\n[ \t]*\n")
_SPACES = re.compile(r" {2,}")
_URL = re.compile(r"\(?https?://\S+")


@dataclass(frozen=True)
class PreBlock:
    """One block of a prose ``<pre>``: a paragraph or heading (``markdown``), lines of text
    (``lines``), or code (``code``)."""

    markdown: str = ""
    code: str = ""
    lines: tuple[str, ...] = ()  # short lines of text, each kept on its own line
    level: int = 0  # a heading's level, 0 for a paragraph or code


@dataclass(frozen=True)
class _Piece:
    text: str
    href: str | None  # the link it is the text of, resolved
    level: int  # the heading it is the text of (1-6), else 0


def is_prose(lines: list[str]) -> bool:
    """Whether a block's ``lines`` are wrapped prose: no columns, few symbols, and every line but
    the last filled (a paragraph of one line is prose when it reads as words)."""
    if not _is_words(lines):
        return False
    if len(lines) == 1:
        return True
    widths = [len(line.strip()) for line in lines]
    longest = max(widths)
    if longest < _MIN_WRAP:
        return False
    # a line of wrapped text is full, or the next word would not have fit on it (a long address)
    nexts = [len(line.split()[0]) if line.split() else 0 for line in lines[1:]]
    return all(
        width >= _FILLED * longest or width + 1 + after > _FULL * longest
        for width, after in zip(widths[:-1], nexts, strict=True)
    )


def is_prose_pre(pre: HtmlElement, resolve: Callable[[str | None], str | None]) -> bool:
    """Whether ``pre`` is a document's prose with links (see the module's docstring)."""
    if not any(resolve(a.get("href")) for a in pre.iter("a")):
        return False
    blocks = [block.split("\n") for block in _BLANK.split(raw_text(pre)) if block.strip()]
    prose = [block for block in blocks if is_prose(block)]
    total = sum(_visible(block) for block in blocks)
    return len(prose) >= _MIN_PROSE_BLOCKS and sum(_visible(b) for b in prose) >= _PROSE_SHARE * total


def pre_blocks(
    pre: HtmlElement, resolve: Callable[[str | None], str | None], *, links: bool
) -> list[PreBlock]:
    """The blocks of a prose ``pre``, in order (see the module's docstring)."""
    found: list[PreBlock] = []
    blocks = []
    for block in _blocks(list(_pieces(pre, resolve, None, 0))):
        lines = "".join(piece.text for piece in block).split("\n")
        blocks.append((block, lines, is_prose(lines)))
    # the indentation of the wrapped prose: a block set deeper is an example or a figure
    wrapped = [_indent(lines) for _, lines, prose in blocks if prose and len(lines) > 1]
    text_indent = max(wrapped, default=0)
    for block, lines, prose in blocks:
        levels = {piece.level for piece in block if piece.text.strip()}
        if len(levels) == 1 and (level := levels.pop()):
            found.append(PreBlock(markdown=heading_text(escape_text(" ".join(lines))), level=level))
        elif prose:
            found.append(PreBlock(markdown=escape_line_start(_paragraph(block, links=links))))
        elif _is_words(lines) and _indent(lines) <= text_indent:  # a signature, an address: lines of text
            shown = (_paragraph(line, links=links) for line in _split_lines(block))
            found.append(PreBlock(lines=tuple(escape_line_start(line) for line in shown if line)))
        else:
            found.append(PreBlock(code=_dedented(lines)))
    return found


def _is_words(lines: list[str]) -> bool:
    """Lines of words, not laid out in columns and not code or a drawing."""
    text = _URL.sub("", " ".join(lines))
    visible = sum(1 for ch in text if not ch.isspace())
    if any(_COLUMN_GAP.search(line.strip()) for line in lines):
        return False
    return sum(1 for ch in text if ch in _SYMBOLS) <= _SYMBOL_SHARE * visible


def _split_lines(block: list[_Piece]) -> Iterator[list[_Piece]]:
    line: list[_Piece] = []
    for piece in block:
        first, *rest = piece.text.split("\n")
        line.append(_Piece(first, piece.href, piece.level))
        for part in rest:
            yield line
            line = [_Piece(part, piece.href, piece.level)]
    yield line


def _paragraph(block: list[_Piece], *, links: bool) -> str:
    """A block's pieces on one line, white space collapsed, links written as Markdown links."""
    out: list[str] = []
    for piece in block:
        text = " ".join(piece.text.split())
        lead = " " if piece.text[:1].isspace() else ""
        trail = " " if piece.text[-1:].isspace() else ""
        if not text:
            out.append(" " if piece.text else "")
        elif links and piece.href:
            out.append(f"{lead}[{escape_text(text)}]({markdown_url(piece.href)}){trail}")
        else:
            out.append(f"{lead}{escape_text(text)}{trail}")
    return _SPACES.sub(" ", "".join(out)).strip()


def _indent(lines: list[str]) -> int:
    """The spaces before the least indented line of ``lines`` that holds text."""
    return min((len(line) - len(line.lstrip(" ")) for line in lines if line.strip()), default=0)


def _dedented(lines: list[str]) -> str:
    shown = [line.rstrip() for line in lines]
    indent = _indent(shown)
    return "\n".join(line[indent:] for line in shown).strip("\n")


def _blocks(pieces: list[_Piece]) -> Iterator[list[_Piece]]:
    """``pieces`` cut at blank lines (a piece holding one is cut in two there)."""
    block: list[_Piece] = []
    for piece in pieces:
        parts = _BLANK.split(piece.text)
        for at, part in enumerate(parts):
            if at:
                if any(p.text.strip() for p in block):
                    yield block
                block = []
            if part:
                block.append(_Piece(part, piece.href, piece.level))
    if any(p.text.strip() for p in block):
        yield block


def _pieces(
    el: HtmlElement, resolve: Callable[[str | None], str | None], href: str | None, level: int
) -> Iterator[_Piece]:
    """The text under ``el`` in order, each piece with its link and heading (recursion is bounded
    by the parser's depth limit; a ``<pre>`` holds a shallow tree)."""
    tag = el.tag
    if isinstance(tag, str):
        if tag == "a" and href is None:
            href = resolve(el.get("href"))
        elif tag in HEADING_TAGS:
            level = int(tag[1])
        elif tag == "br":
            yield _Piece("\n", None, 0)
        if el.text:
            yield _Piece(el.text, href, level)
        for child in el:
            yield from _pieces(child, resolve, href, level)
            if child.tail:
                yield _Piece(child.tail, href, level)


def _visible(lines: list[str]) -> int:
    return sum(1 for line in lines for ch in line if not ch.isspace())
