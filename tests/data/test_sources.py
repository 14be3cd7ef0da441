"""Embedded data, selectors and tables, each read into grounded fields (no model)."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest
from pydantic import BaseModel

from tests.data.pages import LISTING, MICRODATA_RDFA, PRODUCT, TABLES
from weblens import extract_data
from weblens.data.embedded import read_embedded
from weblens.data.ground import resolve_pointer
from weblens.errors import InvalidArgument, NotConfigured
from weblens.extract.parse import parse_html
from weblens.models import DataResult

PRODUCT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "title": "Product",
    "properties": {
        "name": {"type": "string"},
        "brand": {"type": "string"},
        "price": {"type": "number"},
        "currency": {"type": "string"},
        "availability": {"enum": ["InStock", "OutOfStock", "PreOrder"]},
        "rating": {"type": "number"},
        "reviews": {"type": "integer"},
        "seller": {"type": "string"},
        "description": {"type": "string"},
        "weight_kg": {"type": "number"},
    },
}


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    """The user's schema with every scalar also allowed to be null (what "not stated" is)."""
    out = dict(schema)
    if out.get("type") == "object":
        out["properties"] = {k: _nullable(v) for k, v in out["properties"].items()}
    elif out.get("type") == "array":
        out["items"] = _nullable(out["items"])
    elif "enum" in out:
        out["enum"] = [*out["enum"], None]
    else:
        out["type"] = [out["type"], "null"]
    return out


def _by_path(result: DataResult) -> dict[str, Any]:
    return {f.path: f for f in result.fields}


def test_json_ld_graph_with_id_references_maps_onto_the_fields_and_validates() -> None:
    result = extract_data(PRODUCT, PRODUCT_SCHEMA, url="https://shop.example/kettle")
    assert result.data == {
        "name": "Trail Kettle 1.2 L",
        "brand": "Fjellstål",
        "price": 34.9,
        "currency": "EUR",
        "availability": "InStock",
        "rating": 4.6,
        "reviews": 128,
        "seller": "Camp Shop",  # offers.seller is {"@id": "#shop"}: the node it names
        "description": "A light steel kettle for the trail.",  # from OpenGraph: the JSON-LD has none
        "weight_kg": None,
    }
    jsonschema.validate(result.data, _nullable(PRODUCT_SCHEMA))
    fields = _by_path(result)
    assert (
        fields["price"].pointer == "/json-ld/0/@graph/1/offers/price" and fields["price"].source == "json-ld"
    )
    assert fields["description"].source == "opengraph"
    assert any("script 2 is not valid JSON" in w for w in result.warnings)
    assert any("weight_kg" in w and "model endpoint" in w for w in result.warnings)


def test_every_embedded_pointer_leads_to_its_value_in_the_embedded_document() -> None:
    parsed = parse_html(PRODUCT)
    document = read_embedded(parsed.root, parsed.source, "https://shop.example/kettle").document
    result = extract_data(PRODUCT, PRODUCT_SCHEMA, url="https://shop.example/kettle")
    raw = {"price": "34.90", "reviews": "128", "availability": "https://schema.org/InStock"}
    for path, value in raw.items():
        assert resolve_pointer(document, _by_path(result)[path].pointer) == value


def test_microdata_with_nested_place_and_rdfa() -> None:
    event = extract_data(
        MICRODATA_RDFA,
        {
            "type": "object",
            "title": "Event",
            "properties": {
                "name": {"type": "string"},
                "start": {"type": "string", "format": "date"},
                "venue": {"type": "string"},
                "address": {"type": "string"},
            },
        },
    )
    assert event.data == {
        "name": "An evening on tide pools",
        "start": "2025-06-12",
        "venue": "Harbour Hall",
        "address": "1 Quay Road, Portwick",
    }
    assert {f.source for f in event.fields} == {"microdata"}
    person = extract_data(
        MICRODATA_RDFA, {"type": "object", "title": "Person", "properties": {"job_title": {"type": "string"}}}
    )
    assert person.data == {"job_title": "marine biologist"} and person.fields[0].source == "rdfa"


class Concert(BaseModel):
    name: str
    when: str
    url: str
    price: float | None = None
    tags: list[str] = []


SELECTORS = {
    "base": "li.card",
    "fields": {
        "name": "h3",
        "when": ".when",
        "url": {"selector": "a", "attribute": "href"},
        "price": "xpath:.//span[@class='price']",
        "tags": {"selector": ".tag", "list": True},
    },
}


def test_selectors_name_records_urls_absolute_and_a_miss_is_a_warning_naming_it() -> None:
    result = extract_data(
        LISTING,
        {"type": "array", "items": Concert.model_json_schema()},
        selectors=SELECTORS,
        url="https://tickets.example/week",
        include_text=True,
    )
    assert [r["url"] for r in result.data] == [
        "https://tickets.example/e/1",  # <base href> resolves relative links
        "https://tickets.example/e/2",
        "https://other.example/e/3",
    ]
    assert [r["price"] for r in result.data] == [12.0, 15.5, None]
    assert result.data[0]["tags"] == ["jazz", "strings"]
    assert (
        "selectors: price (\"xpath:.//span[@class='price']\") matched nothing in 1 of 3 records"
        in result.warnings
    )
    for f in result.fields:
        assert f.source == "selector" and f.pointer and f.pointer.startswith("/html/body")
        if f.start is not None:
            assert result.page is not None and result.page.text[f.start : f.end] == f.quote


def test_selectors_without_a_schema_give_the_records_they_name() -> None:
    result = extract_data(
        LISTING, selectors={"fields": {"title": "h1", "first": "li.card h3", "none": ".nothing"}}
    )
    assert result.data == {"title": "Concerts this week", "first": "The Owl Parlour Quartet", "none": None}
    assert "selectors: none ('.nothing') matched nothing" in result.warnings
    html = extract_data(LISTING, selectors={"fields": {"card": {"selector": "li.card h3", "html": True}}})
    assert html.data == {"card": "<h3>The Owl Parlour Quartet</h3>"}


def test_a_base_that_matches_nothing_is_a_warning_not_a_silent_empty_result() -> None:
    result = extract_data(LISTING, selectors={"base": "div.product", "fields": {"name": "h3"}})
    assert result.data == []
    assert result.warnings[0] == "selectors: base 'div.product' matched nothing on the page"
    assert "not found without a model: (the records)" in result.warnings[1]


@pytest.mark.parametrize(
    ("selectors", "message"),
    [
        ({"fields": {"name": "h3[["}}, "selectors.fields.name: not a valid selector"),
        ({"fields": {"name": "xpath://h3[["}}, "selectors.fields.name: not a valid selector"),
        ({"fields": {}}, "selectors.fields: must be an object naming at least one field"),
        ({"fields": {"a": {"selector": "a", "colour": "red"}}}, "unknown key 'colour'"),
        ({"base": 3, "fields": {"a": "a"}}, "selectors.base"),
    ],
)
def test_bad_selectors_are_invalid_argument(selectors: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidArgument, match=message.replace("[", r"\[").replace(".", r"\.")):
        extract_data(LISTING, selectors=selectors)


def test_tables_headers_spans_and_layout_tables() -> None:
    result = extract_data(TABLES, sources=["tables"], include_text=True)
    tables = result.data["tables"]
    assert len(tables) == 2  # the layout table (a paragraph, a nested table) is not data
    rain, staff = tables
    assert rain["caption"] == "Rainfall by station"
    assert rain["columns"] == ["Station", "Rainfall (mm) June", "Rainfall (mm) July"]
    assert rain["rows"][2] == {
        "Station": "Lower Ford",
        "Rainfall (mm) June": "40",
        "Rainfall (mm) July": "10",
    }
    assert staff["columns"] == ["Name", "Role", "Since"]  # the first row as header
    assert staff["rows"] == [
        {"Name": "Ada Byrne", "Role": "Observer", "Since": "2019"},
        {"Name": "Ole Hansen", "Role": "Technician", "Since": "2021"},
    ]
    assert result.page is not None
    located = [f for f in result.fields if f.start is not None]
    assert len(located) >= len(result.fields) - 2
    for f in located:
        assert result.page.text[f.start : f.end] == f.quote


def test_an_array_schema_is_filled_from_the_best_matching_table_and_typed() -> None:
    schema = {
        "type": "array",
        "items": {
            "type": "object",
            "properties": {
                "name": {"type": "string"},
                "role": {"type": "string"},
                "since": {"type": "integer"},
            },
        },
    }
    result = extract_data(TABLES, schema)
    assert result.data == [
        {"name": "Ada Byrne", "role": "Observer", "since": 2019},
        {"name": "Ole Hansen", "role": "Technician", "since": 2021},
    ]
    assert {f.source for f in result.fields} == {"table"}


def test_a_value_that_cannot_be_coerced_is_null_with_a_warning() -> None:
    schema = {
        "type": "object",
        "properties": {
            "rows": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {"name": {"type": "string"}, "role": {"type": "integer"}},
                },
            }
        },
    }
    result = extract_data(TABLES, schema)
    assert result.data["rows"][0] == {"name": "Ada Byrne", "role": None}
    assert "rows[0].role: 'Observer' is not a number; left null" in result.warnings


def test_sources_restrict_where_values_come_from() -> None:
    only_tables = extract_data(PRODUCT, PRODUCT_SCHEMA, sources=["tables"])
    assert all(v is None for v in only_tables.data.values())
    with pytest.raises(NotConfigured):
        extract_data(PRODUCT, PRODUCT_SCHEMA, sources=["llm"])
    with pytest.raises(InvalidArgument, match="selectors was asked for"):
        extract_data(PRODUCT, PRODUCT_SCHEMA, sources=["selectors"])
    with pytest.raises(InvalidArgument, match="give a schema"):
        extract_data(PRODUCT)


def test_the_page_comes_without_text_unless_asked() -> None:
    result = extract_data(PRODUCT, PRODUCT_SCHEMA)
    assert result.page is not None and result.page.text == "" and result.page.title
    assert extract_data(PRODUCT, PRODUCT_SCHEMA, include_text=True).page.text  # type: ignore[union-attr]
