"""HTML table rows → the lines of a GitHub pipe table (pure).

Rows come in with their cells' finished Markdown lines. ``<thead>`` rows go first and the
first row becomes the header, with a ``| --- |`` separator under it. ``colspan`` repeats a
header cell across the columns it spans and leaves the other spanned body cells empty;
``rowspan`` repeats the value down (``rowspan=0``: to the last row). Repetition draws on a
budget proportional to the table's own text, so a hostile span cannot blow the output up.
``|`` inside cells is escaped, a cell's lines are joined with ``<br>``, short rows are
padded, and at most 64 columns are kept.
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["MAX_COLUMNS", "MAX_ROWSPAN", "TableCell", "TableRow", "pipe_table", "table_grid"]

MAX_COLUMNS = 64
MAX_ROWSPAN = 1000
_MIN_BUDGET = 10_000
_MIN_COLUMNS = 2  # a pipe table of one column is no table: spacer columns stay then


@dataclass(kw_only=True)
class TableCell:
    colspan: int = 1
    rowspan: int = 1
    lines: list[str] = field(default_factory=list)  # filled while the cell is rendered


@dataclass(kw_only=True)
class TableRow:
    header: bool = False  # inside <thead>
    cells: list[TableCell] = field(default_factory=list)


def _cell_text(cell: TableCell) -> str:
    return "<br>".join(cell.lines).replace("|", "\\|")


def table_grid(rows: list[TableRow]) -> list[list[str]]:
    """The rows (``<thead>`` first) as a list of cell texts per row, spans resolved."""
    rows = sorted((row for row in rows if row.cells), key=lambda row: not row.header)
    budget = max(_MIN_BUDGET, 2 * sum(len(line) for row in rows for c in row.cells for line in c.lines))
    carried: dict[int, tuple[int, str]] = {}  # column -> (rows still covered, text)
    grid: list[list[str]] = []
    for index, row in enumerate(rows):
        line = {column: text for column, (_, text) in carried.items()}
        column = 0
        started: dict[int, tuple[int, str]] = {}
        for cell in row.cells:
            while column in carried:
                column += 1
            if column >= MAX_COLUMNS:
                break
            text = _cell_text(cell)
            rowspan = cell.rowspan or len(rows) - index
            for offset in range(min(cell.colspan, MAX_COLUMNS - column)):
                value = text if offset == 0 or row.header or index == 0 else ""
                if offset and value:
                    budget -= len(value)
                    value = value if budget >= 0 else ""
                line[column + offset] = value
                if rowspan > 1:
                    started[column + offset] = (rowspan - 1, value)
            column += cell.colspan
        carried = {c: (n - 1, t) for c, (n, t) in carried.items() if n > 1}
        for c, (n, t) in started.items():
            budget -= len(t) * min(n, len(rows) - index - 1)
            carried[c] = (n, t if budget >= 0 else "")
        grid.append([line.get(c, "") for c in range(max(line, default=-1) + 1)])
    return grid


def pipe_table(grid: list[list[str]]) -> list[str]:
    """The lines of the pipe table for ``grid`` (at least two columns wide), without the columns
    empty in every row (a layout's spacer cells, ``<td width="35">&nbsp;</td>``)."""
    width = max((len(row) for row in grid), default=0)
    rows = [row + [""] * (width - len(row)) for row in grid]
    kept = [column for column in range(width) if any(row[column] for row in rows)]
    if len(kept) >= _MIN_COLUMNS:
        rows = [[row[column] for column in kept] for row in rows]
        width = len(kept)
    lines = ["| " + " | ".join(row) + " |" for row in rows]
    lines.insert(1, "|" + " --- |" * width)
    return lines
