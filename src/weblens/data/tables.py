"""A page's data tables as records: header rows found, row and column spans expanded (pure).

    for table in data_tables(tree):
        table.columns        # ["Name", "Price"]
        table.records()      # [{"Name": "Apple pie", "Price": "$3.50"}, …]

A table is data, not layout, unless it says it is presentation (``role="presentation"``/``none``),
holds another table, is smaller than two rows by two columns, has no row below the first with two
values (a boxed note: an icon and a paragraph), or is only links (a previous/next bar); a table
with no ``th``, ``thead`` or caption must also look like data: at least three rows and short cells (a median
under :data:`MAX_DATA_CELL_CHARS` characters) with no block content (paragraphs, lists, divisions).

The header is the ``thead`` rows, else the leading rows made only of ``th``, else the first row when
its cells are all filled, distinct and not numbers; several header rows give a column the distinct
texts above it joined by a space. Without a header the columns are ``column_1``, ``column_2``….
A cell spanning rows or columns fills every place it covers. Values stay text (the schema types
them later); a row that repeats the header or has no text is skipped.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field

from lxml.html import HtmlElement

from weblens.data.dom import element_text
from weblens.data.normalize import parse_number

__all__ = ["MAX_DATA_CELL_CHARS", "Cell", "Table", "data_tables"]

MAX_DATA_CELL_CHARS = 80
"""A layout table's cells hold whole paragraphs; a data table's hold a value or a few words
(looked at on the Debian documentation tables and pandas' test pages of the bench set)."""
NAVIGATION_ROWS = 3
NAVIGATION_SHARE = 0.6
"""A table of at most NAVIGATION_ROWS rows whose filled cells are at least this share bare links is a
navigation bar (the previous/up/home/next bars of the PostgreSQL documentation pages hold one or two
titles among three or four links; the Debian Reference's package tables, links in three of four
columns, are data: they are longer)."""
_MAX_SPAN = 1000
_BLOCKS = frozenset(
    ("p", "div", "ul", "ol", "dl", "table", "form", "section", "article", "blockquote", "pre")
)


class _Texts(dict[HtmlElement, str]):
    """Each element's text, read once (a cell is looked at by several rules)."""

    def __call__(self, element: HtmlElement) -> str:
        found = self.get(element)
        if found is None:
            found = self[element] = element_text(element)
        return found


@dataclass(frozen=True)
class Cell:
    text: str
    element: HtmlElement | None
    """The ``td``/``th`` it comes from (None for a place no cell covers)."""


@dataclass
class Table:
    element: HtmlElement
    caption: str
    columns: list[str]
    rows: list[list[Cell]] = field(default_factory=list)

    def records(self) -> list[dict[str, str]]:
        return [{name: cell.text for name, cell in zip(self.columns, row, strict=False)} for row in self.rows]


def _own_rows(table: HtmlElement) -> list[HtmlElement]:
    """The table's rows, not those of tables nested in it."""
    rows: list[HtmlElement] = []
    for part in table:
        tag = part.tag if isinstance(part.tag, str) else ""
        if tag == "tr":
            rows.append(part)
        elif tag in ("thead", "tbody", "tfoot"):
            rows.extend(r for r in part if isinstance(r.tag, str) and r.tag == "tr")
    return rows


def _cells(row: HtmlElement) -> list[HtmlElement]:
    return [c for c in row if isinstance(c.tag, str) and c.tag in ("td", "th")]


def _span(cell: HtmlElement, name: str) -> int:
    try:
        return max(1, min(int((cell.get(name) or "1").strip() or 1), _MAX_SPAN))
    except ValueError:
        return 1


def _grid(rows: list[HtmlElement], text: _Texts) -> list[list[Cell]]:
    """Rows of cells with every span expanded into the places it covers."""
    grid: list[list[Cell | None]] = []
    for r, row in enumerate(rows):
        while len(grid) <= r:
            grid.append([])
        col = 0
        for cell in _cells(row):
            while col < len(grid[r]) and grid[r][col] is not None:
                col += 1
            value = Cell(text(cell), cell)
            rowspan = min(_span(cell, "rowspan"), len(rows) - r)
            for dr in range(rowspan):
                while len(grid) <= r + dr:
                    grid.append([])
                line = grid[r + dr]
                for dc in range(_span(cell, "colspan")):
                    while len(line) <= col + dc:
                        line.append(None)
                    if line[col + dc] is None:
                        line[col + dc] = value
            col += _span(cell, "colspan")
    width = max((len(line) for line in grid), default=0)
    return [
        [c if c is not None else Cell("", None) for c in line] + [Cell("", None)] * (width - len(line))
        for line in grid
    ]


def _is_layout(table: HtmlElement, rows: list[HtmlElement]) -> bool:
    if (table.get("role") or "").lower() in ("presentation", "none"):
        return True
    if table.find(".//table") is not None:
        return True
    return len(rows) < 2 or max((len(_cells(r)) for r in rows), default=0) < 2


def _is_navigation(rows: list[HtmlElement], text: _Texts) -> bool:
    """A short table of bare links (a site's previous/up/home/next bar)."""
    if len(rows) > NAVIGATION_ROWS:
        return False
    filled = [c for r in rows for c in _cells(r) if text(c)]
    links = [c for c in filled if text(c) == " ".join(text(a) for a in c.iter("a") if text(a))]
    return bool(filled) and len(links) >= NAVIGATION_SHARE * len(filled)


def _has_data_row(grid: list[list[Cell]]) -> bool:
    """Some row holds two or more values (a boxed note is one icon cell and one paragraph)."""
    return any(sum(1 for c in line if c.text) >= 2 for line in grid[1:])


def _looks_like_data(table: HtmlElement, rows: list[HtmlElement], text: _Texts) -> bool:
    if _is_navigation(rows, text):
        return False
    if (
        table.find(".//th") is not None
        or table.find("thead") is not None
        or table.find("caption") is not None
    ):
        return True
    if len(rows) < 3:
        return False
    cells = [c for r in rows for c in _cells(r)]
    if any(
        child.tag in _BLOCKS
        for c in cells
        for child in c.iter()
        if isinstance(child.tag, str) and child is not c
    ):
        return False
    return statistics.median(len(text(c)) for c in cells) < MAX_DATA_CELL_CHARS


def _header_rows(table: HtmlElement, rows: list[HtmlElement], grid: list[list[Cell]]) -> int:
    thead = table.find("thead")
    if thead is not None:
        return sum(1 for r in thead if isinstance(r.tag, str) and r.tag == "tr")
    count = 0
    for row in rows:
        cells = _cells(row)
        if cells and all(c.tag == "th" for c in cells):
            count += 1
        else:
            break
    if count:
        return count
    first = [c.text for c in grid[0]] if grid else []
    if first and all(first) and len(set(first)) == len(first) and all(parse_number(t) is None for t in first):
        return 1
    return 0


def _column_names(header: list[list[Cell]], width: int) -> list[str]:
    names: list[str] = []
    for col in range(width):
        pieces: list[str] = []
        for line in header:
            text = line[col].text if col < len(line) else ""
            if text and text not in pieces:
                pieces.append(text)
        names.append(" ".join(pieces) or f"column_{col + 1}")
    seen: dict[str, int] = {}
    unique = []
    for name in names:  # two columns of one name: "Price", "Price_2"
        seen[name] = seen.get(name, 0) + 1
        unique.append(name if seen[name] == 1 else f"{name}_{seen[name]}")
    return unique


def data_tables(root: HtmlElement) -> list[Table]:
    """Every data table of the page, in page order."""
    text = _Texts()
    tables: list[Table] = []
    for element in root.iter("table"):
        rows = _own_rows(element)
        if _is_layout(element, rows) or not _looks_like_data(element, rows, text):
            continue
        grid = _grid(rows, text)
        if not grid or not _has_data_row(grid):
            continue
        head = _header_rows(element, rows, grid)
        width = len(grid[0])
        columns = _column_names(grid[:head], width)
        header_texts = [[c.text for c in line] for line in grid[:head]]
        body = [
            line
            for line in grid[head:]
            if any(c.text for c in line) and [c.text for c in line] not in header_texts
        ]
        caption_el = element.find("caption")
        caption = element_text(caption_el) if caption_el is not None else ""
        tables.append(Table(element, caption, columns, body))
    return tables
