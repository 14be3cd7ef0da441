"""Code that a highlighter laid out in a table or in one box per line, made one ``<pre>`` again.

Beside a plain ``<pre>``, highlighters write code in three layouts:

* a table row of two cells, a gutter of line numbers beside the code (Pygments' and Chroma's
  line numbers "in a table", gtk-doc's listings, SyntaxHighlighter);
* one box per line (Doxygen's ``<div class="line">``, SyntaxHighlighter's lines);
* one table row per line (a code host's file view: an empty cell the line's number is drawn in,
  then a cell of code).

The gutter goes (:func:`drop_gutters`); lines set in boxes or rows become the lines of one
``<pre>`` in the place of the box that held them (:func:`join_code_lines`), so that the code is one
block of code with its line breaks and indentation, as the reader sees it. Line boxes count as
code only when they say so: a code-like name on them or on the box holding them, or ``<code>``
inside most of them (a poem set one ``<div class="line">`` per verse stays as it is).
"""

from __future__ import annotations

from itertools import pairwise

import lxml.html
from lxml.html import HtmlElement

from weblens.extract.blocks import BLOCK_TAGS
from weblens.extract.tree import WORD_SPLIT, settable

__all__ = ["drop_gutters", "join_code_lines", "restore_code"]

_CELLS = frozenset(("td", "th"))
_CODE_WORDS = ("code", "highlight", "syntax", "fragment", "blob", "hljs", "prism", "gist")
_CODE_NAMES = frozenset(_CODE_WORDS)
_MIN_LINES = 2


def restore_code(root: HtmlElement, names: str, *, has_code: bool) -> None:
    """Drop the gutters and join the code lines below ``root`` (in place); a page without code
    (``has_code``: no ``<pre>``, no ``<code>``; and no code-like name among ``names``, its class
    and id values joined) is left as it is."""
    if not has_code:
        lowered = names.lower()
        if not any(word in lowered for word in _CODE_WORDS):
            return  # substring tests: a regular expression over the names costs three times as much
    drop_gutters(root)
    join_code_lines(root)


def drop_gutters(root: HtmlElement) -> None:
    """Remove every gutter of line numbers beside a cell of code (in place): a row's first cell of
    nothing but two or more numbers counting up by one, when another cell of the row holds text."""
    for row in root.iter("tr"):
        if not len(row):
            continue
        first = row[0]
        opening = first.text
        if opening and not opening.isspace() and not opening.strip().isdecimal():
            continue  # most rows: a first cell that opens with a word (the cheap test first)
        if first.tag not in _CELLS or not _gutter(first):
            continue
        cells = [cell for cell in row if isinstance(cell.tag, str) and cell.tag in _CELLS]
        if any(other.text_content().strip() for other in cells[1:]):
            row.remove(first)


def _gutter(cell: HtmlElement) -> bool:
    """Two or more numbers counting up by one, each on a line of its own ("1 2" on one line is data)."""
    numbers: list[int] = []
    for piece in cell.itertext():
        for line in piece.split("\n"):
            line = line.strip()
            if not line:
                continue
            if not line.isdecimal():
                return False  # a word: the first one ends the test (a layout cell holding a page)
            numbers.append(int(line))
    return len(numbers) >= _MIN_LINES and all(b == a + 1 for a, b in pairwise(numbers))


def join_code_lines(root: HtmlElement) -> None:
    """Replace each box (or table) of code lines below ``root`` by one ``<pre>`` (in place)."""
    found: list[tuple[HtmlElement, list[HtmlElement]]] = []
    boxes: set[HtmlElement] = set()
    for box in root.iter("div", "td", "table", "tbody"):
        if len(box) < _MIN_LINES:
            continue  # the cheap test first: this runs over every box of every page
        lines = _code_lines(box)
        if lines and not any(ancestor in boxes for ancestor in box.iterancestors()):
            found.append((box, lines))  # the outermost of nested ones (document order)
            boxes.add(box)
    for box, lines in found:
        _replace(box, lines)


def _code_lines(box: HtmlElement) -> list[HtmlElement] | None:
    """The line elements of ``box`` if it is a box of code lines, else None."""
    first = box[0]
    if box.tag in ("div", "td") and (first.tag != "div" or not first.get("class")):
        return None  # the cheap test first: line boxes are named (a comment first fails it too)
    children = [child for child in box if isinstance(child.tag, str)]
    if len(children) < _MIN_LINES or (box.text or "").strip():
        return None
    if box.tag in ("table", "tbody"):
        if any(child.tag != "tr" for child in children):
            return None
        lines = []
        for row in children:  # a row's one cell of text is its line; an empty one, a blank line
            cells = [cell for cell in row if isinstance(cell.tag, str)]
            written = [cell for cell in cells if cell.text_content().strip()]
            if not cells or len(written) > 1 or any(cell.tag not in _CELLS for cell in cells):
                return None
            lines.append(written[0] if written else cells[-1])
    else:
        if any(child.tag != "div" for child in children):
            return None
        shared = set((children[0].get("class") or "").split())
        for child in children[1:]:
            shared &= set((child.get("class") or "").split())
        if not shared:
            return None
        lines = children
    if any(_holds_blocks(line) for line in lines) or any((line.tail or "").strip() for line in lines):
        return None
    return lines if _says_code(box, lines) else None


def _all_link(line: HtmlElement) -> bool:
    text = line.text_content().strip()
    linked = sum(len(a.text_content().strip()) for a in line.iter("a") if a.get("href") is not None)
    return bool(text) and linked >= len(text)


def _holds_blocks(line: HtmlElement) -> bool:
    return any(isinstance(el.tag, str) and el.tag in BLOCK_TAGS for el in line.iterdescendants())


def _says_code(box: HtmlElement, lines: list[HtmlElement]) -> bool:
    if all(_all_link(line) for line in lines):
        return False  # a list of headlines, whatever its box is called
    for el in (box, lines[0]):
        words = WORD_SPLIT.split(f"{el.get('class') or ''} {el.get('id') or ''}".lower())
        if not _CODE_NAMES.isdisjoint(words):  # whole words: a box of "highlights" is no code
            return True
    return sum(line.find(".//code") is not None for line in lines) * 2 > len(lines)


def _replace(box: HtmlElement, lines: list[HtmlElement]) -> None:
    pre = lxml.html.Element("pre")
    if box.get("class"):
        pre.set("class", box.get("class") or "")
    code = "\n".join(line.text_content().replace("\xa0", " ").strip("\n").rstrip() for line in lines)
    pre.text = settable(code)
    pre.tail = box.tail
    parent = box.getparent()
    if parent is None:
        return
    if box.tag == "tbody" and parent.tag == "table":
        box, parent = parent, parent.getparent()  # the table goes with its body
        if parent is None:
            return
        pre.tail = box.tail
    parent.replace(box, pre)
