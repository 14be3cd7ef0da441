"""Tables and lists drawn of boxes are read as tables and lists (weblens.extract.aria)."""

from __future__ import annotations

import lxml.html
import pytest

import weblens
from weblens.extract.aria import read_aria

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
    read_aria(root, markup.encode())
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
    read_aria(root, b"<html>no such role here</html>")
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
    read_aria(root, markup.encode())
    assert root.find("body") is not None and root.find(".//table") is None


def _read_lists(markup: str) -> lxml.html.HtmlElement:
    root = lxml.html.document_fromstring(f"<html><body>{markup}</body></html>")
    read_aria(root, markup.encode())
    return root


ITEMS = "<div role='listitem'>Sandbox</div><div role='listitem'>Growth</div>"


def test_a_box_of_list_item_roles_becomes_a_list() -> None:
    root = _read_lists(f"<div role='list' class='plans'>{ITEMS}</div>")
    found = root.find(".//ul")
    assert found is not None and found.get("class") == "plans"
    assert [(item.tag, item.text) for item in found] == [("li", "Sandbox"), ("li", "Growth")]


@pytest.mark.parametrize(
    "markup",
    [
        f"<div role='list'>{ITEMS}<p>and more</p></div>",  # a child that is no item
        ITEMS,  # items without a list
        "<div role='list'></div>",
    ],
)
def test_anything_but_a_well_formed_list_of_roles_is_left_as_it_is(markup: str) -> None:
    root = _read_lists(markup)
    assert root.find(".//ul") is None and root.find(".//li") is None


def _block(kind: str, text: str) -> str:
    """A page editor's list item: its bullet drawn by CSS in a box of its own, its text in another."""
    return (
        f"<div class='notion-selectable notion-{kind}_list-block'><div style='display: flex'>"
        "<div class='pseudoSelection'><div class='pseudoBefore'></div></div>"
        f"<div><div class='notranslate'>{text}</div></div></div></div>"
    )


def test_a_run_of_boxes_named_list_items_is_a_list_of_its_own() -> None:
    bullets = _block("bulleted", "honey and raw sugar") + _block("bulleted", "peach in syrup")
    numbers = _block("numbered", "weigh the beans") + _block("numbered", "grind them coarse")
    para = (
        "<div class='notion-text-block'>The tasting notes most often written down in 2023 were these:</div>"
    )
    root = _read_lists(f"<div class='page'>{para}{bullets}{numbers}{para}</div>")
    lists = root.findall(".//ul") + root.findall(".//ol")
    assert [(found.tag, [" ".join(item.text_content().split()) for item in found]) for found in lists] == [
        ("ul", ["honey and raw sugar", "peach in syrup"]),
        ("ol", ["weigh the beans", "grind them coarse"]),
    ]
    steps = "<div class='notion-text-block'>To brew a cup the way the panel does:</div>"
    html = (
        f"<html><head><title>Coffee</title></head><body><main><h1>Coffee</h1>{para}{bullets}{steps}{numbers}"
    )
    markdown = weblens.extract(f"{html}{para}</main></body></html>", "https://atlas.example/coffee").markdown
    assert "- honey and raw sugar\n- peach in syrup" in markdown
    assert "1. weigh the beans\n2. grind them coarse" in markdown


def test_an_exports_list_named_bulleted_is_no_item() -> None:
    root = _read_lists("<ul class='bulleted-list'><li>one</li><li>two</li></ul>")
    assert [el.tag for el in root.iter("ul", "ol", "li")] == ["ul", "li", "li"]


@pytest.mark.parametrize(
    ("markup", "tag"),
    [
        ("<div role='heading' aria-level='3' class='css-4h7c2x'>Getting cache keys right</div>", "h3"),
        ("<div role='heading'>Getting cache keys right</div>", "h2"),  # ARIA's level when none is given
        ("<span role='heading' aria-level='9'>Getting cache keys right</span>", "h2"),
        ("<h4 role='heading' aria-level='2'>Getting cache keys right</h4>", "h4"),  # a heading already
        (
            "<div role='heading' aria-level='2'><p>Getting cache keys right</p></div>",
            "div",
        ),  # a box of blocks
    ],
)
def test_a_box_with_the_heading_role_becomes_the_heading_of_its_level(markup: str, tag: str) -> None:
    root = lxml.html.document_fromstring(f"<html><body>{markup}</body></html>")
    read_aria(root, markup.encode())
    assert root.find("body")[0].tag == tag
    prose = "<p>The test suite took forty minutes on every push, most of it spent rebuilding fixtures.</p>"
    page = weblens.extract(f"<html><body><main><h1>CI</h1>{prose}{markup}{prose}</main></body></html>", None)
    assert ("## Getting cache keys right" in page.markdown or "### Getting" in page.markdown) is (
        tag != "div"
    )
