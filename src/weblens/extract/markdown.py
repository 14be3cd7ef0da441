"""The selected content element → GitHub-flavoured Markdown (pure).

One iterative walk over the element (an explicit stack, so 100 000 nested ``<div>``s are
no problem) writes lines through a stack of line prefixes (``> `` for quotes, ``- `` /
``1. `` then indentation for list items), so the cost is linear in the size of the tree
and the text. What comes out:

- ``h1``–``h6`` → ``#``–``######``; paragraphs and other blocks separated by one blank line;
  ``<br>`` → a hard line break (two spaces, then a new line); ``<hr>`` → ``---`` between blocks
  (not first, last or twice).
- lists: ``-`` items, ordered ones numbered from ``start`` (``<li value>`` respected), nested
  lists indented under their item; ``<dl>``: the term in bold, the definition as ``: …`` (its later
  blocks not indented; a definition that opens with code, a list or a table has its ``:`` alone).
- blockquotes prefixed with ``> `` (nested ones ``> > ``); ``<pre>`` → a fenced block whose
  fence is longer than any backtick run inside, with the language from
  ``class="language-xx"``/``lang-xx`` (or ``data-lang``); ``code``/``kbd``/``samp`` → inline code.
- tables → GitHub pipe tables with outer pipes and a separator under the first row
  (``<thead>`` rows first). ``colspan`` repeats a header cell across its columns and leaves
  the other spanned body cells empty; ``rowspan`` repeats the value down (within a budget
  proportional to the table's own text, so output stays linear); ``|`` in cells is escaped
  and line breaks become ``<br>``. A table that contains another table, or has
  ``role=presentation`` and no ``<th>``, is layout: its cells are rendered as ordinary blocks. A table of
  one column, or of one row of short pieces padded with empty cells, is rendered as paragraphs.
- ``<em>``/``<i>`` → ``*x*``, ``<strong>``/``<b>`` → ``**x**``, ``<del>``/``<s>`` → ``~~x~~``;
  links → ``[text](absolute-url)`` (``links=False``, ``javascript:``, bare ``#anchors`` and
  URLs that cannot be made absolute keep only their text); images → ``![alt](absolute-url)``
  (dropped with ``images=False``); ``<figcaption>`` → an italic line.

Text is escaped only where it would otherwise change meaning: ``[``, ``]`` and backticks
always; ``*``, ``_`` and ``~`` when they could open or close emphasis; ``<`` before a tag
name; ``&`` before an entity; ``#``, ``-``, ``+``, ``*``, ``>``, ``1.``, ``===``/``---`` and
``~~~`` at the start of a line. No run of more than one blank line (also inside code
blocks), no trailing spaces.

A block inside an inline element (a ``<div>`` inside ``<a>`` or ``<b>``) ends that inline
element's markup — its text stays, the link or emphasis is dropped — so that headings and
paragraph breaks survive any nesting.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Iterator
from dataclasses import dataclass, field

from lxml.html import HtmlElement

from weblens.extract.blocks import HEADING_TAGS
from weblens.extract.mdinline import code, emphasis, link_start, plain, resolve
from weblens.extract.mdpre import is_prose_pre, pre_blocks
from weblens.extract.mdsyntax import (
    HARD_BREAK,
    code_fence,
    code_language,
    escape_line_start,
    escape_text,
    heading_text,
    inline_text,
    markdown_url,
    raw_text,
)
from weblens.extract.mdtable import MAX_COLUMNS, MAX_ROWSPAN, TableCell, TableRow, pipe_table, table_grid
from weblens.extract.media import is_pixel
from weblens.extract.tree import own_rows
from weblens.extract.urls import UrlResolver, image_source

__all__ = ["to_markdown"]

_MAX_PREFIX_DEPTH = 16  # nested quotes/list items beyond this are written without more indentation
_MAX_INLINE_DEPTH = 24  # nested emphasis/links beyond this are transparent

# element kinds
_TRANSPARENT, _SKIP, _BR, _IMG, _CODE, _LINK, _EMPH, _BLOCK, _HEADING, _LIST, _ITEM = range(11)
_QUOTE, _PRE, _HR, _TABLE, _ROW, _CELL, _CAPTION, _DL, _DT, _DD, _FIGCAPTION = range(11, 22)

_KINDS: dict[str, int] = {
    **dict.fromkeys(
        ("script", "style", "noscript", "template", "head", "title", "meta", "link", "svg", "math",
         "iframe", "object", "embed", "canvas", "audio", "video", "map", "button", "input", "select",
         "textarea", "option", "datalist", "base", "param", "source", "track", "frame", "frameset"),
        _SKIP,
    ),
    **dict.fromkeys(
        ("p", "div", "section", "article", "main", "header", "footer", "nav", "aside", "address",
         "center", "details", "summary", "dialog", "fieldset", "legend", "form", "hgroup", "body",
         "html", "figure", "search", "tbody", "thead", "tfoot", "colgroup", "col"),
        _BLOCK,
    ),
    **dict.fromkeys(("h1", "h2", "h3", "h4", "h5", "h6"), _HEADING),
    **dict.fromkeys(("ul", "ol", "menu", "dir"), _LIST),
    **dict.fromkeys(("pre", "listing", "xmp", "plaintext"), _PRE),
    **dict.fromkeys(("code", "kbd", "samp", "tt"), _CODE),
    **dict.fromkeys(("em", "i", "cite", "dfn", "var", "strong", "b", "del", "s", "strike"), _EMPH),
    **dict.fromkeys(("td", "th"), _CELL),
    "br": _BR, "img": _IMG, "a": _LINK, "li": _ITEM, "blockquote": _QUOTE, "hr": _HR,
    "table": _TABLE, "tr": _ROW, "caption": _CAPTION, "dl": _DL, "dt": _DT, "dd": _DD,
    "figcaption": _FIGCAPTION,
}  # fmt: skip
# the kinds of element a line of text holds (a link, emphasis, code, a break, an image)
_INLINE_KINDS = frozenset((_TRANSPARENT, _LINK, _EMPH, _CODE, _BR, _IMG))
_MARKERS = {"strong": "**", "b": "**", "del": "~~", "s": "~~", "strike": "~~"}  # others: "*"

_SPACES = re.compile(r" {2,}")
_BLANK_LINE = re.compile(r"\n\s*\n")
_INTEGER = re.compile(r"-?\d{1,9}")


def _is_seam(before: str, after: str) -> bool:
    """A word cut in two: a lower-case letter on both sides. Links side by side that make a card
    ("…1.7 litres" "$39.00" "Available from…") stay apart."""
    return before[-1:].isalpha() and before[-1:].islower() and after[:1].isalpha() and after[:1].islower()


def to_markdown(
    root: HtmlElement,
    base_url: str | None,
    *,
    links: bool = True,
    images: bool = True,
    media_only: Collection[HtmlElement] = (),
    resolver: UrlResolver | None = None,
) -> str:
    """``root`` (the cleaned main-content element) as GitHub-flavoured Markdown.

    Elements in ``media_only`` (figures and captions the caller keeps out of the running text)
    contribute their images, each as its own paragraph, and none of their text. ``resolver``, when
    given, is the page's own (for ``base_url``), shared with its lists of links and images.
    """
    renderer = _Renderer(
        urls=resolver or UrlResolver(base_url), links=links, images=images, media_only=frozenset(media_only)
    )
    renderer.render(root)
    return renderer.result()


def _int_attribute(el: HtmlElement, name: str, default: int, low: int, high: int) -> int:
    raw = el.get(name)
    if raw is None:
        return default
    digits = _INTEGER.match(raw.strip())
    value = int(digits.group(0)) if digits else default
    return min(max(value, low), high)


# ---------------------------------------------------------------- state


class _Prefix:
    __slots__ = ("first", "rest", "used")

    def __init__(self, first: str, rest: str) -> None:
        self.first, self.rest, self.used = first, rest, False


@dataclass(kw_only=True)
class _Inline:
    """An open inline element whose markup is written when it closes."""

    marker: str  # "*", "**", "~~" or "" for a link
    href: str | None = None
    parts: list[str] = field(default_factory=list)
    broken: bool = False


@dataclass(kw_only=True)
class _Context:
    """Where inline text goes: the main flow, or one table cell (``cell=True``)."""

    cell: bool = False
    parts: list[str] = field(default_factory=list)
    inline: list[_Inline] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)  # a cell's finished lines
    marked: bool = False  # the paragraph holds placeholders of mdinline (emphasis, code, a link's start)

    def sink(self) -> list[str]:
        return self.inline[-1].parts if self.inline else self.parts


@dataclass(kw_only=True)
class _Table:
    rows: list[TableRow] = field(default_factory=list)
    caption: list[str] = field(default_factory=list)
    headed: bool = False  # a heading is inside: its cells are asked whether they are heading rows
    headings: dict[int, int] = field(default_factory=dict)  # row number -> level of the heading it is


@dataclass(kw_only=True)
class _List:
    ordered: bool
    number: int


# a table holding one of these lays out a page: its cells are written as blocks, never as a pipe table
_LAYOUT_INSIDE = ("table", "pre", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "form")
_CELL_BLOCKS = frozenset(("p", "div", "ul", "ol", "dl", "center"))
_CELL_TAGS = frozenset(("td", "th"))
_CELL_LISTS = frozenset(("ul", "ol", "dl"))
_MEDIA_TAGS = ("img", "picture", "video", "svg")
_DATA_TABLE_ROWS = 3  # rows of a table of data that may hold small tables in its cells
_SPACED_WORDS = 12  # words of a piece in a row of boxes laid out side by side, at most
_GRID_CELL_CHARS = 400  # a data cell longer than this is a column of a page layout
_RECORD_ROWS = 3  # ... unless this many rows of several cells repeat (records): then up to
_RECORD_CELL_CHARS = 1_500  # this long (a description beside its title and price)


class _Token:
    """What to do when an element closes."""

    __slots__ = ("kind", "payload")

    def __init__(self, kind: int, payload: object = None) -> None:
        self.kind, self.payload = kind, payload


_ATOMIC = _Token(-1)  # handled entirely on entry: do not descend
_NOTHING = _Token(-2)  # nothing to do on exit
_SPACE = _Token(-3)  # write a space on exit (a block flattened into a line)
_BOUNDARY = _Token(-4)  # end the paragraph on exit


# ---------------------------------------------------------------- the renderer


class _Renderer:
    def __init__(
        self,
        *,
        urls: UrlResolver,
        links: bool,
        images: bool,
        media_only: frozenset[HtmlElement] = frozenset(),
    ) -> None:
        self.media_only = media_only
        self.consumed: set[HtmlElement] = set()
        self.urls = urls
        self.links = links
        self.images = images
        self.out: list[str] = []
        self.prefixes: list[_Prefix] = []
        self.sep = False  # a blank line is owed before the next block
        self.main = _Context()
        self.ctx = self.main
        self.heading = 0  # level of the heading being collected, 0 outside headings
        self.flatten = 0  # > 0 inside a heading, <dt> or <figcaption>: blocks there become spaces
        self.lists: list[_List] = []
        self.table: _Table | None = None
        self.row: TableRow | None = None

    # ------------------------------------------------------------ walk

    def render(self, root: HtmlElement) -> None:
        if not isinstance(root.tag, str):
            return
        token = self.enter(root, root.tag)
        if token is _ATOMIC:
            self.boundary()
            return
        self.text(root.text)
        media_only, consumed, enter, text = self.media_only, self.consumed, self.enter, self.text
        stack: list[tuple[HtmlElement, Iterator[HtmlElement], _Token]] = [(root, iter(root), token)]
        while stack:
            el, children, token = stack[-1]
            child = next(children, None)
            if child is None:
                stack.pop()
                if token is not _NOTHING:
                    self.leave(token)
                if stack and el.tail:
                    text(el.tail)
                continue
            tag = child.tag
            if tag.__class__ is not str:  # comment or processing instruction
                if child.tail:
                    text(child.tail)
                continue
            if child in media_only:
                self.images_of(child)
            elif child not in consumed:  # else written already, as a part of a block before it
                token = enter(child, tag)
                if token is not _ATOMIC:
                    if child.text:
                        text(child.text)
                    stack.append((child, iter(child), token))
                    continue
            if child.tail:
                text(child.tail)
        self.boundary()

    def result(self) -> str:
        out = self.out
        while out and out[-1] in ("", "---"):  # nor last
            out.pop()
        return "\n".join(out).strip("\n")

    def text(self, text: str | None) -> None:
        if not text:
            return
        ctx = self.ctx
        if ctx.inline:
            ctx.inline[-1].parts.append(inline_text(text))
        elif ctx.parts or text.strip(" \t\n\r\f"):  # white space opening a paragraph is no text
            ctx.parts.append(inline_text(text))

    # ------------------------------------------------------------ entering an element

    def enter(self, el: HtmlElement, tag: str) -> _Token:
        kind = _KINDS.get(tag)
        if kind is None:
            tag = tag.lower()
            kind = _KINDS.get(tag, _TRANSPARENT)
        if kind == _TRANSPARENT:
            return _NOTHING
        if kind == _SKIP:
            return _ATOMIC
        if kind == _BR:
            self.ctx.sink().append("\n")
            return _ATOMIC
        if kind == _IMG:
            self.image(el)
            return _ATOMIC
        if kind == _CODE or (kind == _PRE and (self.flatten or self.ctx.cell)):
            link = _only_link(el) if kind == _CODE else None
            token = self.open_link(link) if link is not None else _NOTHING
            self.ctx.sink().append(code(raw_text(el)))
            self.ctx.marked = True
            if token is not _NOTHING:  # a name linked to its page, set in code: the link around it
                self.close_inline(token)
            return _ATOMIC
        if kind == _LINK:
            if self.ctx.parts and _lone_line(el) is not None:
                self.boundary()  # a link around a line of its own: a paragraph of its own
            return self.open_link(el)
        if kind == _EMPH:
            return self.open_inline(_MARKERS.get(tag, "*"))
        if self.flatten:
            self.ctx.sink().append(" ")
            return _SPACE
        if self.ctx.cell:
            self.boundary()
            return _BOUNDARY
        return self.enter_block(el, tag, kind)

    def images_of(self, el: HtmlElement) -> None:
        """The images of ``el``, one paragraph each, then its figures' ``<figcaption>``s; no other
        text of ``el`` (credits, gallery controls)."""
        if self.images:
            for img in el.iter("img"):
                self.boundary()
                self.image(img)
        self.boundary()
        for caption in el.iter("figcaption"):  # a <figure>'s, also in a box around it
            self.render(caption)

    def enter_block(self, el: HtmlElement, tag: str, kind: int) -> _Token:
        if (
            self.ctx.inline
            and (link := el.getparent()) is not None
            and link.tag == "a"
            and _lone_line(link) is el
        ):
            return _NOTHING  # the line a link wraps: its text, inside the link
        if self.ctx.parts or self.ctx.inline:
            self.boundary()
        if kind == _CAPTION and self.table is None:  # the caption of a table written as blocks
            kind = _FIGCAPTION
        if kind == _HEADING:
            self.heading = int(tag[1])
            self.flatten += 1
            return _Token(_HEADING)
        if kind == _PRE:
            self.code_block(el)
            return _ATOMIC
        if kind == _HR:
            self.boundary()
            if self.out and self.out[-1] != "---":  # a rule divides: never first, never twice
                self.write_block(["---"])
            return _ATOMIC
        if kind == _LIST:
            nested = bool(self.prefixes) and self.prefixes[-1].rest.strip() == "" and self.prefixes[-1].used
            self.open_container(blank=not nested)
            ordered = tag == "ol"
            self.lists.append(_List(ordered=ordered, number=_int_attribute(el, "start", 1, 0, 999_999_999)))
            return _Token(_LIST)
        if kind == _ITEM or (kind == _DD and _in_a_list(el)):
            return self.open_item(el)  # a <dd> straight in a <ul> (sloppy markup) is one of its items
        if kind == _QUOTE:
            return self.open_prefix("> ", "> ", blank=True)
        if kind == _DD:
            # not indented: to a CommonMark reader a definition is no container (4 spaces: code)
            return self.open_prefix(": ", "", blank=False)
        if kind == _DT:
            self.open_container(blank=True)
        if kind in (_DT, _FIGCAPTION):
            self.flatten += 1
            frame = _Inline(marker="**" if kind == _DT else "*")
            self.ctx.inline.append(frame)
            return _Token(kind, frame)
        if kind == _TABLE:
            return self.open_table(el)
        if self.table is not None and kind == _ROW:
            parent = el.getparent()
            self.row = TableRow(header=parent is not None and parent.tag == "thead")
            self.table.rows.append(self.row)
            return _NOTHING
        if self.table is not None and kind in (_CELL, _CAPTION):
            return self.open_cell(el, tag, kind)
        return _BOUNDARY

    # ------------------------------------------------------------ leaving an element

    def leave(self, token: _Token) -> None:
        kind = token.kind
        if token is _NOTHING:
            return
        if token is _SPACE:
            self.ctx.sink().append(" ")
        elif token is _BOUNDARY:
            if self.ctx.parts or self.ctx.inline:
                self.boundary()
        elif kind == _HEADING:
            self.close_heading()
        elif kind in (_LINK, _EMPH, _DT, _FIGCAPTION):
            self.close_inline(token)
        elif kind == _LIST:
            self.boundary()
            self.lists.pop()
            self.sep = True
        elif kind in (_ITEM, _QUOTE, _DD):
            self.boundary()
            if token.payload is not None:
                self.prefixes.pop()
            self.sep = kind != _ITEM
        elif kind == _TABLE:
            self.close_table(token)
        elif kind in (_CELL, _CAPTION):
            self.close_cell(token)

    # ------------------------------------------------------------ inline elements

    def image(self, el: HtmlElement) -> None:
        if not self.images or is_pixel(el):  # a spacer or a tracking pixel is no image of the text
            return
        url = image_source(el, self.urls)
        if url:
            alt = " ".join(plain(el.get("alt") or "").split())
            self.ctx.sink().append(f"![{escape_text(alt)}]({markdown_url(url)})")

    def open_link(self, el: HtmlElement) -> _Token:
        if not self.links or any(frame.href for frame in self.ctx.inline):
            return _NOTHING
        href = self.urls.resolve(el.get("href"))
        if href is None:
            return _NOTHING
        return self.open_inline("", href=href, kind=_LINK)

    def open_inline(self, marker: str, *, href: str | None = None, kind: int = _EMPH) -> _Token:
        ctx = self.ctx
        if len(ctx.inline) >= _MAX_INLINE_DEPTH or (marker and any(f.marker == marker for f in ctx.inline)):
            return _NOTHING
        frame = _Inline(marker=marker, href=href)
        ctx.inline.append(frame)
        return _Token(kind, frame)

    def close_inline(self, token: _Token) -> None:
        frame = token.payload
        assert isinstance(frame, _Inline)
        if not frame.broken:
            self.ctx.inline.pop()
            content = "".join(frame.parts)
            body = content.strip(" \n")
            sink = self.ctx.sink()
            if body:
                lead = " " if content[:1] in (" ", "\n") else ""
                trail = " " if content[-1:] in (" ", "\n") else ""
                if frame.href is not None:
                    text = body.replace(chr(10), " ")
                    end = f"]({markdown_url(frame.href)})"
                    if not lead and sink and sink[-1].endswith(end) and _is_seam(sink[-1][: -len(end)], text):
                        # a word split between two links to the same address ("<a>n</a><a>ew alert</a>",
                        # an editor's seam) is one link: "[new alert](url)", not "[n](url)[ew alert](url)"
                        sink[-1] = f"{sink[-1][: -len(end)]}{text}{end}{trail}"
                        self._after_inline(token)
                        return
                    start = (
                        ""
                        if lead
                        else link_start([box.parts for box in reversed(self.ctx.inline)] + [self.ctx.parts])
                    )
                    sink.append(f"{lead}{start}[{text}]{end[1:]}{trail}")
                    self.ctx.marked = self.ctx.marked or bool(start)
                else:
                    sink.append(f"{lead}{emphasis(frame.marker, body)}{trail}")
                    self.ctx.marked = True
            elif content:
                sink.append(" ")
        self._after_inline(token)

    def _after_inline(self, token: _Token) -> None:
        if token.kind in (_DT, _FIGCAPTION):
            self.flatten -= 1
            self.boundary()
            self.sep = token.kind != _DT

    def break_inline(self) -> None:
        """A block starts inside inline elements: keep their text, drop their markup."""
        ctx = self.ctx
        while ctx.inline:
            frame = ctx.inline.pop()
            frame.broken = True
            ctx.sink().extend(frame.parts)

    # ------------------------------------------------------------ blocks

    def boundary(self) -> None:
        """End the paragraph being collected."""
        ctx = self.ctx
        if ctx.inline:
            self.break_inline()
        if not ctx.parts:
            return
        text = "".join(ctx.parts)
        ctx.parts.clear()
        marked, ctx.marked = ctx.marked, False
        if ctx.cell:
            ctx.lines.extend((resolve(line) if marked else line) for line in _lines(text) if line)
        else:
            if not marked:
                lines = _lines(text)
            elif "\n" not in text or _BLANK_LINE.search(text) is None:  # one paragraph: written at once
                lines = _lines(resolve(text))
            else:
                lines = _paragraph_lines(_lines(text))
            self.write_block([escape_line_start(line) if line else line for line in lines], breaks=True)

    def close_heading(self) -> None:
        self.break_inline()
        level, self.heading = self.heading, 0
        self.flatten -= 1
        text = resolve(heading_text("".join(self.ctx.parts)))
        self.ctx.parts.clear()
        if text:
            self.write_block(["#" * level + " " + text])

    def code_block(self, pre: HtmlElement) -> None:
        if is_prose_pre(pre, self.urls.resolve):  # a document's prose with links (an RFC's edition)
            self.prose_blocks(pre)
            return
        run = [pre, *_continued_lines(pre)]  # one <pre> per line (old Medium): one block
        self.consumed.update(run[1:])
        code = "\n".join(_code_text(part) for part in run).rstrip()
        if not code.strip():
            return
        fence = code_fence(code)
        lines = [fence + code_language(pre), *(line.rstrip() for line in code.split("\n")), fence]
        self.write_block(lines, verbatim=True)

    def prose_blocks(self, pre: HtmlElement) -> None:
        """A prose ``<pre>`` block by block: paragraphs and headings, its drawings and examples code."""
        for block in pre_blocks(pre, self.urls.resolve, links=self.links):
            if block.code:
                fence = code_fence(block.code)
                self.write_block([fence, *block.code.split("\n"), fence], verbatim=True)
            elif block.level:
                self.write_block(["#" * block.level + " " + block.markdown])
            elif block.lines:
                self.write_block(list(block.lines), breaks=True)
            else:
                self.write_block([block.markdown])

    def open_container(self, *, blank: bool) -> None:
        if blank and self.sep and self.out:
            self.blank()
        self.sep = False

    def open_prefix(self, first: str, rest: str, *, blank: bool) -> _Token:
        kind = _QUOTE if first == "> " else _DD
        self.open_container(blank=blank)
        if len(self.prefixes) >= _MAX_PREFIX_DEPTH:
            return _Token(kind)
        self.prefixes.append(_Prefix(first, rest))
        return _Token(kind, True)

    def open_item(self, el: HtmlElement) -> _Token:
        state = self.lists[-1] if self.lists else _List(ordered=False, number=1)
        if state.ordered:
            state.number = _int_attribute(el, "value", state.number, 0, 999_999_999)
            marker = f"{state.number}. "
            state.number += 1
        else:
            marker = "- "
        self.open_container(blank=False)
        if len(self.prefixes) >= _MAX_PREFIX_DEPTH:
            return _Token(_ITEM)
        self.prefixes.append(_Prefix(marker, " " * len(marker)))
        return _Token(_ITEM, True)

    # ------------------------------------------------------------ tables

    def open_table(self, el: HtmlElement) -> _Token:
        layout = (
            self.table is not None
            or _is_declared_layout(el)
            or (
                next(el.iterdescendants(*_LAYOUT_INSIDE), None) is not None
                and not _data_with_inner_tables(el)
                and not _sectioned(el)
            )
        )
        if layout:
            return _BOUNDARY
        widths = _row_widths(el)
        if _one_column(widths) or _spaced_row(el, widths) or _cells_hold_blocks(el, widths):
            return _BOUNDARY
        self.table = _Table(headed=next(el.iterdescendants(*HEADING_TAGS), None) is not None)
        self.row = None
        return _Token(_TABLE, self.table)

    def open_cell(self, el: HtmlElement, tag: str, kind: int) -> _Token:
        assert self.table is not None
        context = _Context(cell=True)
        self.ctx = context
        if kind == _CAPTION:
            return _Token(_CAPTION, context)
        if self.row is None:
            self.row = TableRow()
            self.table.rows.append(self.row)
        level = _heading_alone(el) if kind == _CELL and self.table.headed else 0
        if level:
            self.table.headings[len(self.table.rows) - 1] = level
        cell = TableCell(
            colspan=_int_attribute(el, "colspan", 1, 1, MAX_COLUMNS),
            rowspan=_int_attribute(el, "rowspan", 1, 0, MAX_ROWSPAN),
            lines=context.lines,
        )
        self.row.cells.append(cell)
        return _Token(_CELL, cell)

    def close_cell(self, token: _Token) -> None:
        self.boundary()
        self.ctx = self.main
        if token.kind == _CAPTION and self.table is not None:
            payload = token.payload
            assert isinstance(payload, _Context)
            self.table.caption.extend(payload.lines)

    def close_table(self, token: _Token) -> None:
        table = token.payload
        assert isinstance(table, _Table)
        self.table = None
        self.row = None
        self.boundary()
        if table.caption:
            caption = " ".join(table.caption)
            if not caption.startswith(("*", "~")) and not caption.endswith(("*", "~")):
                caption = resolve(emphasis("*", caption))  # italic, unless its own emphasis is at an edge
            self.write_block([caption])
        part: list[TableRow] = []
        for number, row in enumerate(table.rows):  # a heading alone in its row parts the table
            level = table.headings.get(number, 0)
            text = " ".join(" ".join(row.cells[0].lines).split()) if level and row.cells else ""
            if text:
                self.write_rows(part)
                self.write_block(["#" * level + " " + text])
                part = []
            else:
                part.append(row)
        self.write_rows(part)

    def write_rows(self, rows: list[TableRow]) -> None:
        grid = _without_empty_lines(table_grid(rows))
        if max((len(row) for row in grid), default=0) > 1:
            self.write_block(pipe_table(grid))
            return
        for row in rows:  # one column: a layout device, written as paragraphs
            for cell in row.cells:
                self.write_block([escape_line_start(line) for line in cell.lines], breaks=True)

    # ------------------------------------------------------------ writing lines

    def write_block(self, lines: list[str], *, verbatim: bool = False, breaks: bool = False) -> None:
        """Write ``lines`` as a block; ``verbatim`` (code) keeps every blank line, where text keeps one.
        With ``breaks`` (a paragraph's lines, split at ``<br>``) a line followed by another line of
        text ends in a hard line break (two spaces), so a reader of the Markdown does not join them."""
        if not lines:
            return
        if self.sep and self.out:
            self.blank()
        if self.prefixes:
            self.open_definition(paragraph=breaks)
        last = len(lines) - 1
        for at, line in enumerate(lines):
            if line:
                self.line(line)
                if breaks and at < last and lines[at + 1]:
                    self.out[-1] += HARD_BREAK
            elif verbatim:
                self.out.append("".join(prefix.rest for prefix in self.prefixes).rstrip())
            else:
                self.blank()
        self.sep = True

    def open_definition(self, *, paragraph: bool) -> None:
        """A definition (``<dd>``) whose first block is not a paragraph — code, a table, a list or
        a quote — gets its ``:`` on a line of its own, its blocks below it: on the same line a code
        fence or list marker would be text to a CommonMark reader, and the fence that closes the
        code would open one that runs to the end of the document."""
        for at, prefix in enumerate(self.prefixes):
            if prefix.first == ": " and not prefix.used:
                later = any(not other.used for other in self.prefixes[at + 1 :])
                if paragraph and not later:
                    return
                pieces = [other.rest if other.used else other.first for other in self.prefixes[: at + 1]]
                for other in self.prefixes[: at + 1]:
                    other.used = True
                self.out.append("".join(pieces).rstrip())
                return

    def line(self, text: str) -> None:
        pieces = []
        for prefix in self.prefixes:
            pieces.append(prefix.rest if prefix.used else prefix.first)
            prefix.used = True
        self.out.append(("".join(pieces) + text).rstrip())

    def blank(self) -> None:
        line = "".join(prefix.rest for prefix in self.prefixes).rstrip()
        if self.out and self.out[-1] != line:
            self.out.append(line)


def _in_a_list(el: HtmlElement) -> bool:
    parent = el.getparent()
    return parent is not None and parent.tag in ("ul", "ol")


def _without_empty_lines(grid: list[list[str]]) -> list[list[str]]:
    """The grid without rows, and then columns, that hold nothing (a layout's spacer cells)."""
    rows = [row for row in grid if any(cell.strip() for cell in row)]
    width = max((len(row) for row in rows), default=0)
    used = [c for c in range(width) if any(c < len(row) and row[c].strip() for row in rows)]
    return [[row[c] if c < len(row) else "" for c in used] for row in rows]


def _row_widths(table: HtmlElement) -> Counter[HtmlElement]:
    """Per row (the parent of its cells; loose cells count too): how many cells it has."""
    return Counter(cell.getparent() for cell in table.iter("td", "th"))


def _cells_hold_blocks(table: HtmlElement, widths: Counter[HtmlElement]) -> bool:
    """The table lays out a page: no header cell, and a cell holding a paragraph, a list or a
    division (a data table with such a cell has its header row) — unless the table is a regular
    grid of short cells (see :func:`_grid_of_short_cells`)."""
    if next(table.iter("th"), None) is not None:
        return False
    cells = [(cell, _cell_blocks(cell)) for cell in table.iter("td")]
    if not any(blocks for _, blocks in cells):
        return False
    return not _grid_of_short_cells(cells, widths)


def _lone_line(link: HtmlElement) -> HtmlElement | None:
    """The one box of inline text a link wraps and nothing else (Blogger and Google Sites link a
    whole line: ``<a href=…><div>Das vollständige Programm … zum Herunterladen.</div></a>``), or
    None: its text is written inside the link, as a paragraph of its own."""
    children = [child for child in link if isinstance(child.tag, str)]
    if len(children) != 1 or (link.text or "").strip() or (children[0].tail or "").strip():
        return None
    line = children[0]
    if line.tag not in ("div", "p") or any(
        _KINDS.get(str(inner.tag), _TRANSPARENT) not in _INLINE_KINDS for inner in line.iterdescendants()
    ):
        return None
    return line


def _only_link(el: HtmlElement) -> HtmlElement | None:
    """The link that is all of an inline code element's content (``<code><a href>sources</a></code>``,
    a name linked to its documentation), or None: Markdown has no link inside a code span, so the
    link is written around it (``[`sources`](…)``), as a ``<a><code>…</code></a>`` is."""
    children = [child for child in el if isinstance(child.tag, str)]
    if len(children) != 1 or children[0].tag != "a" or (el.text or "").strip():
        return None
    link = children[0]
    return link if not (link.tail or "").strip() and link.get("href") else None


def _code_text(pre: HtmlElement) -> str:
    code = raw_text(pre).replace("\r\n", "\n").replace("\r", "\n")
    return code[1:] if code.startswith("\n") else code


def _continued_lines(pre: HtmlElement) -> list[HtmlElement]:
    """The ``<pre>`` siblings right after ``pre`` (nothing but white space between) that share a
    class name with it: the further lines of one block that a site writes one ``<pre>`` per line."""
    names = set((pre.get("class") or "").split())
    found: list[HtmlElement] = []
    current = pre
    while names and not (current.tail or "").strip():
        after = current.getnext()
        if after is None or after.tag != "pre" or names.isdisjoint((after.get("class") or "").split()):
            break
        found.append(after)
        current = after
    return found


def _heading_alone(cell: HtmlElement) -> int:
    """The level of the heading ``cell`` holds when it is the only cell of its row, else 0."""
    heading = next(cell.iterdescendants(*HEADING_TAGS), None)
    row = cell.getparent()
    if heading is None or row is None or any(other is not cell and other.tag in _CELL_TAGS for other in row):
        return 0
    return int(str(heading.tag)[1])


def _sectioned(table: HtmlElement) -> bool:
    """A table of data parted by headings, each alone in a row of its own (an API reference's
    ``<tr><td colspan="2"><h2>Public Member Functions</h2></td></tr>`` above its members' rows):
    the only blocks of a page's layout inside are those headings."""
    found = False
    for el in table.iterdescendants(*_LAYOUT_INSIDE):
        if el.tag not in HEADING_TAGS:
            return False
        cell = next(el.iterancestors("td", "th"), None)
        if cell is None or not _heading_alone(cell):
            return False
        found = True
    return found


def _is_declared_layout(table: HtmlElement) -> bool:
    """A table its page declares layout (``role=presentation`` or ``none``) and that heads no cell:
    a table with header cells (``<th>``) is data whatever its role says (a shop's "Material" /
    "Stainless Steel" details, marked presentational by its template)."""
    if (table.get("role") or "").strip().lower() not in ("presentation", "none"):
        return False
    return next(table.iterdescendants("th"), None) is None


def _data_with_inner_tables(table: HtmlElement) -> bool:
    """A table of data with a small table inside a few of its cells (a list of dates, a score): a
    header row, three rows or more of several cells, the inner tables in fewer than half of its
    rows and nothing else of a page's layout inside (no ``<pre>``, heading, quote or form). The
    inner tables are written into their cells. The cheap tests on its own rows come first."""
    rows = list(own_rows(table))
    if len(rows) < _DATA_TABLE_ROWS or not any(cell.tag == "th" for cell in rows[0]):
        return False
    several = sum(1 for row in rows if sum(1 for cell in row if cell.tag in ("td", "th")) >= 2)
    if several * 2 <= len(rows):
        return False
    nested = sum(1 for row in rows if next(row.iterdescendants("table"), None) is not None)
    return nested * 2 < len(rows) and next(table.iterdescendants(*_LAYOUT_INSIDE[1:]), None) is None


def _one_column(widths: Counter[HtmlElement]) -> bool:
    """No row has two cells: a box around content, whose lists and paragraphs are written as they
    are (a pipe table of one column would hold them as flat lines)."""
    return all(cells < 2 for cells in widths.values())


def _spaced_row(table: HtmlElement, widths: Counter[HtmlElement]) -> bool:
    """One row only, of short pieces padded by empty cells: boxes laid out side by side (a formula
    beside its number), not a header over nothing. Columns of text side by side stay a row."""
    if len(widths) != 1:
        return False
    texts = [cell.text_content().split() for cell in table.iter("td", "th")]
    if any(len(words) > _SPACED_WORDS for words in texts):
        return False
    return any(
        not words and next(cell.iter(*_MEDIA_TAGS), None) is None
        for cell, words in zip(table.iter("td", "th"), texts, strict=True)
    )


def _cell_blocks(cell: HtmlElement) -> list[HtmlElement]:
    """The outermost blocks of a cell, also those wrapped in inline elements (``<font><ul>``,
    ``<span><p>``): the wrapper does not make the list a part of a line."""
    found: list[HtmlElement] = []
    stack = [child for child in reversed(cell) if isinstance(child.tag, str)]
    while stack:
        el = stack.pop()
        if el.tag in _CELL_BLOCKS:
            found.append(el)
        else:
            stack.extend(child for child in reversed(el) if isinstance(child.tag, str))
    return found


def _grid_of_short_cells(
    cells: list[tuple[HtmlElement, list[HtmlElement]]], widths: Counter[HtmlElement]
) -> bool:
    """At least two rows of two or more cells, and every cell at most one paragraph of text, no
    list, short where it shares its row: data, even when the writer (a word processor, an old
    editor) wrapped each cell in a ``<p>``, ``<div>`` or ``<center>``. A cell alone in its row (a
    note spanning the table between groups of rows) may be long. A page layout has a cell of many
    blocks, or long text beside another cell — unless rows of several cells repeat (three or more:
    records such as a catalogue's title, description and price), where a description may be longer.
    ``cells`` are the cells with their blocks (:func:`_cell_blocks`)."""
    rows = sum(1 for row, width in widths.items() if width >= 2 and row.tag == "tr")
    if rows < 2:
        return False
    longest = _RECORD_CELL_CHARS if rows >= _RECORD_ROWS else _GRID_CELL_CHARS
    for cell, blocks in cells:
        if len(blocks) > 1 or any(block.tag in _CELL_LISTS for block in blocks):
            return False
        alone = widths[cell.getparent()] == 1
        if not alone and len(cell.text_content()) > longest:
            return False
    return True


def _paragraph_lines(lines: list[str]) -> list[str]:
    """``lines`` (paragraphs parted by empty lines) with each paragraph's emphasis written."""
    out: list[str] = []
    start = 0
    for end in [*(at for at, line in enumerate(lines) if not line), len(lines)]:
        if end > start:
            out.extend(resolve("\n".join(lines[start:end])).split("\n"))
        if end < len(lines):
            out.append("")
        start = end + 1
    return out


def _lines(text: str) -> list[str]:
    """A paragraph's text split at ``<br>``s, spaces collapsed, at most one empty line in a row."""
    out: list[str] = []
    for raw in text.split("\n"):
        line = (_SPACES.sub(" ", raw) if "  " in raw else raw).strip()
        if line or (out and out[-1]):
            out.append(line)
    while out and not out[-1]:
        out.pop()
    return out
