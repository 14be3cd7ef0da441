"""Tables, lists and headings built of boxes, read as the tables, lists and headings they are.

Documentation builders and interface libraries (GitBook, Notion, data grids) draw tables with
``<div role="table">``, ``role="row"`` and ``role="cell"`` boxes, laid out by CSS grid; a screen
reader reads them as tables, and so do we: each is renamed to ``<table>``, ``<tr>``, ``<td>``/``<th>``
before anything else reads the tree, so the selector weighs it as a table of data and the Markdown
writes it as one. Only a well-formed grid is renamed: its rows directly in it or in row groups that
are, and nothing in a row but its cells. Any other use of the roles is left as it is.

Lists are drawn of boxes the same way: ``<div role="list">`` of ``role="listitem"`` boxes (interface
libraries), or a run of sibling boxes each named a list's item by a page editor, the bullet drawn by
CSS (Notion's ``notion-bulleted_list-block``, ``numbered-list-item``). Each is renamed to ``<ul>`` (or
``<ol>`` when numbered) and ``<li>``, a run of named items wrapped in a list of its own.

A heading drawn as ``<div role="heading" aria-level="3">`` is renamed ``<h3>`` (level 2 when none is
given, as ARIA reads it), when it holds no block.
"""

from __future__ import annotations

import re

import lxml.etree
import lxml.html
from lxml.html import HtmlElement

from weblens.extract.blocks import BLOCK_TAGS, HEADING_TAGS

__all__ = ["read_aria"]

# the roles read here, as the markup states them in any quoting: the tree is searched only for those a
# page has. One pass over the bytes libxml2 reads, with a literal start and no case folding: a page's
# markup is 170 kB on average (ScrapingHub); a case-folded pattern cost 2 ms a page there, a pattern of
# alternatives without a literal start 5 ms, and a byte search per role about 0.13 ms each
_STATED_ROLE = re.compile(rb"""role\s*=\s*["']?(table|grid|treegrid|listitem|heading)\b""")
_TABLE_ROLES = frozenset((b"table", b"grid", b"treegrid"))
_TABLES = lxml.etree.XPath("//*[@role='table' or @role='grid' or @role='treegrid']")
_CELL_TAGS = {"cell": "td", "gridcell": "td", "columnheader": "th", "rowheader": "th"}
# a table already, or the document's frame (a page that sets role="grid" on its <body> keeps it)
_NEVER_RENAMED = frozenset(("table", "html", "head", "body"))


def read_aria(root: HtmlElement, markup: bytes) -> None:
    """Rename the tables, lists and headings built of boxes below ``root`` to the HTML elements they
    stand for (see the module's docstring); ``markup`` is the page's, looked at first (a pattern
    check costs less than a search of the tree)."""
    roles = {found.group(1) for found in _STATED_ROLE.finditer(markup)}
    if not _TABLE_ROLES.isdisjoint(roles):
        _read_tables(root)
    if b"listitem" in roles:
        _rename_role_lists(root)
    if any(word in markup for word in _ITEM_WORDS):
        for first in _NAMED_ITEMS(root):
            _wrap_run(first)
    if b"heading" in roles:
        _read_headings(root)


def _read_tables(root: HtmlElement) -> None:
    """Rename each well-formed ARIA table below ``root`` to the HTML table it stands for."""
    for table in _TABLES(root):
        if table.tag in _NEVER_RENAMED:
            continue
        rows = _rows(table)
        if not rows:  # not well formed (None), or no row at all
            continue
        table.tag = "table"
        for group in {row.getparent() for row in rows} - {table}:
            headers_only = all(
                cell.get("role") == "columnheader" for row in _elements(group) for cell in _elements(row)
            )
            group.tag = "thead" if headers_only else "tbody"
        for row in rows:
            row.tag = "tr"
            for cell in _elements(row):
                cell.tag = _CELL_TAGS[str(cell.get("role"))]


def _rows(table: HtmlElement) -> list[HtmlElement] | None:
    """The rows of ``table`` (its children, and its row groups' children, with ``role="row"``), when
    the grid is well formed: every child of the table and of its row groups is a row or a row group,
    and every child of a row is a cell. None otherwise."""
    rows: list[HtmlElement] = []
    for child in _elements(table):
        if child.tag in _NEVER_RENAMED:
            return None
        role = child.get("role")
        if role == "rowgroup":
            for row in _elements(child):
                if row.get("role") != "row":
                    return None
                rows.append(row)
        elif role == "row":
            rows.append(child)
        else:
            return None
    if any(cell.get("role") not in _CELL_TAGS for row in rows for cell in _elements(row)):
        return None
    return rows


def _elements(el: HtmlElement) -> list[HtmlElement]:
    return [child for child in el if isinstance(child.tag, str)]


# the words of a list's item named in a class, in the markup: the tree is searched only on pages that
# have them (plain byte searches)
_ITEM_WORDS = (b"bulleted", b"numbered")
_LISTS = lxml.etree.XPath("//*[@role='list']")
_NAMED_ITEMS = lxml.etree.XPath(
    "//*[contains(@class, 'bulleted_list') or contains(@class, 'bulleted-list')"
    " or contains(@class, 'numbered_list') or contains(@class, 'numbered-list')]"
)
# a class naming a list's item, bulleted or numbered: "notion-bulleted_list-block",
# "numbered-list-item" (not the list itself: "bulleted-list" alone is the <ul> of an export)
_ITEM_CLASS = re.compile(r"(bulleted|numbered)[-_]list[-_](?:block|item)\b")
# lists, tables and the document's frame: never renamed to a list's or a heading's tags
_STRUCTURE_TAGS = frozenset(("ul", "ol", "menu", "li", "table", "tr", "td", "th", *_NEVER_RENAMED))


def _rename_role_lists(root: HtmlElement) -> None:
    """Rename each well-formed ``role="list"`` box of ``role="listitem"`` boxes to ``<ul>``/``<li>``."""
    for box in _LISTS(root):
        items = _elements(box)
        if box.tag in _STRUCTURE_TAGS or not items or any(item.get("role") != "listitem" for item in items):
            continue  # a list already, or not well formed: every child an item
        box.tag = "ul"
        for item in items:
            item.tag = "li"


def _wrap_run(first: HtmlElement) -> None:
    """Wrap the run of named items that opens at ``first`` in a list of its own: ``<ul>`` or, for
    numbered items, ``<ol>``; an item inside another run's, or no run's first, is left alone."""
    kind = _item_kind(first)
    parent = first.getparent()
    if kind is None or first.tag in _STRUCTURE_TAGS or parent is None or parent.tag in ("ul", "ol"):
        return
    previous = first.getprevious()
    if previous is not None and _item_kind(previous) == kind:
        return  # inside a run: its first wraps it
    run = [first]
    following = first.getnext()
    while following is not None and _item_kind(following) == kind and following.tag not in _STRUCTURE_TAGS:
        run.append(following)
        following = following.getnext()
    wrapper = lxml.html.Element("ol" if kind == "numbered" else "ul")
    first.addprevious(wrapper)
    for item in run:
        tail, item.tail = item.tail, None
        item.tag = "li"
        wrapper.append(item)
        wrapper.tail = tail  # the text after the run's last item
    wrapper.text = None


def _item_kind(el: HtmlElement) -> str | None:
    """ "bulleted" or "numbered" when ``el``'s class names it a list's item."""
    if not isinstance(el.tag, str):
        return None
    found = _ITEM_CLASS.search(el.get("class") or "")
    return found.group(1) if found is not None else None


_HEADINGS = lxml.etree.XPath("//*[@role='heading']")
_DEFAULT_LEVEL = "2"  # ARIA's level of a heading that states none
_LEVELS = frozenset("123456")


def _read_headings(root: HtmlElement) -> None:
    """Rename each box with the heading role below ``root`` (``<div role="heading"
    aria-level="3">``) to the heading element of its level, when it holds no block."""
    for box in _HEADINGS(root):
        if box.tag in _STRUCTURE_TAGS or box.tag in HEADING_TAGS:
            continue
        if next(box.iterdescendants(*BLOCK_TAGS), None) is not None:
            continue  # a box of blocks is a section, not its heading
        level = (box.get("aria-level") or "").strip()
        box.tag = f"h{level if level in _LEVELS else _DEFAULT_LEVEL}"
