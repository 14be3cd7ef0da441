"""Tables built of boxes with ARIA roles, read as the tables they are.

Documentation builders and interface libraries (GitBook, Notion, data grids) draw tables with
``<div role="table">``, ``role="row"`` and ``role="cell"`` boxes, laid out by CSS grid; a screen
reader reads them as tables, and so do we: each is renamed to ``<table>``, ``<tr>``, ``<td>``/``<th>``
before anything else reads the tree, so the selector weighs it as a table of data and the Markdown
writes it as one. Only a well-formed grid is renamed: its rows directly in it or in row groups that
are, and nothing in a row but its cells. Any other use of the roles is left as it is.
"""

from __future__ import annotations

import re

import lxml.etree
from lxml.html import HtmlElement

__all__ = ["read_aria_tables"]

# a table role in the markup, in any quoting: the tree is searched only on pages that have one. Searched
# in the bytes libxml2 reads, with a literal start and no case folding: a page's markup is 170 kB on
# average (ScrapingHub), and this costs 0.09 ms a page there where a case-folded pattern cost 2 ms
_HAS_TABLE_ROLE = re.compile(rb"""role=["']?(?:table|grid|treegrid)\b""")
_TABLES = lxml.etree.XPath("//*[@role='table' or @role='grid' or @role='treegrid']")
_CELL_TAGS = {"cell": "td", "gridcell": "td", "columnheader": "th", "rowheader": "th"}
# a table already, or the document's frame (a page that sets role="grid" on its <body> keeps it)
_NEVER_RENAMED = frozenset(("table", "html", "head", "body"))


def read_aria_tables(root: HtmlElement, markup: bytes) -> None:
    """Rename each well-formed ARIA table below ``root`` to the HTML table it stands for;
    ``markup`` is the page's, looked at first (a pattern check costs less than a search of the tree)."""
    if _HAS_TABLE_ROLE.search(markup) is None:
        return
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
