"""Tables drawn with ARIA roles are read as tables (weblens.extract.aria)."""

from __future__ import annotations

import lxml.html
import pytest

import weblens
from weblens.extract.aria import read_aria_tables

HEAD = (
    "<div role='rowgroup'><div role='row'><div role='columnheader'>Plan</div>"
    "<div role='columnheader'>Requests per minute</div></div></div>"
)
BODY = (
    "<div role='rowgroup'><div role='row'><div role='cell'><p>Sandbox</p></div>"
    "<div role='cell'>60</div></div>"
    "<div role='row'><div role='cell'><p>Growth</p></div><div role='cell'>600</div></div></div>"
)
GRID = f"<div role='table' class='grid'>{HEAD}{BODY}</div>"


def _read(markup: str) -> lxml.html.HtmlElement:
    root = lxml.html.document_fromstring(f"<html><body>{markup}</body></html>")
    read_aria_tables(root, markup.encode())
    return root


def test_a_grid_of_table_roles_becomes_a_table() -> None:
    root = _read(GRID)
    table = root.find(".//table")
    assert table is not None and table.get("class") == "grid"
    assert [el.tag for el in table] == ["thead", "tbody"]
    assert [[cell.tag for cell in row] for row in table.iter("tr")] == [
        ["th", "th"],
        ["td", "td"],
        ["td", "td"],
    ]
    assert "<p>Sandbox</p>" in lxml.html.tostring(table, encoding="unicode")  # the cells' content stays


@pytest.mark.parametrize(
    "markup",
    [
        # a row holds something that is no cell
        GRID.replace("<div role='cell'>60</div>", "<span>60</span>"),
        # the table holds something that is neither a row nor a row group
        GRID.replace(HEAD, f"<div class='caption'>Limits</div>{HEAD}"),
        # a row group holds something that is no row
        GRID.replace(
            "<div role='rowgroup'><div role='row'><div role='cell'>",
            "<div role='rowgroup'><p>x</p><div role='row'><div role='cell'>",
        ),
        # roles without a table around them
        BODY,
    ],
)
def test_anything_but_a_well_formed_grid_is_left_as_it_is(markup: str) -> None:
    root = _read(markup)
    assert root.find(".//table") is None and root.find(".//tr") is None


def test_a_page_without_a_table_role_in_its_markup_is_not_searched() -> None:
    root = lxml.html.document_fromstring(f"<html><body>{GRID}</body></html>")
    read_aria_tables(root, b"<html>no such role here</html>")
    assert root.find(".//table") is None


def test_an_aria_table_in_a_docs_page_comes_out_as_a_markdown_table() -> None:
    prose = "<p>Each API key may send a number of requests per minute, counted in a sliding window.</p>"
    main = f"<main><h1>Rate limits</h1>{prose}{GRID}{prose}</main>"
    html = f"<html><body><nav><a href='/'>Home</a></nav>{main}</body></html>"
    page = weblens.extract(html, "https://docs.example.com/rate-limits")
    assert "| Plan | Requests per minute |" in page.markdown
    assert "| Growth | 600 |" in page.markdown


def test_the_documents_frame_is_never_renamed() -> None:
    markup = f"<html><body role='grid'>{BODY}</body></html>"
    root = lxml.html.document_fromstring(markup)
    read_aria_tables(root, markup.encode())
    assert root.find("body") is not None and root.find(".//table") is None
