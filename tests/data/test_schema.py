"""Reading the user's schema: what can be honoured, and a named invalid_argument for what cannot."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel

from weblens.data.schema import ArrayNode, ObjectNode, ScalarNode, as_json_schema, leaves, read_schema
from weblens.errors import InvalidArgument


class Offer(BaseModel):
    price: float | None = None
    currency: str | None = None


class Product(BaseModel):
    name: str
    offers: list[Offer] = []
    tags: list[str] = []


def test_a_pydantic_model_is_read_through_its_json_schema_with_refs_and_optionals() -> None:
    tree = read_schema(as_json_schema(Product))
    assert isinstance(tree, ObjectNode) and tree.title == "Product"
    offers = tree.properties["offers"]
    assert isinstance(offers, ArrayNode) and isinstance(offers.items, ObjectNode)
    assert offers.items.properties["price"] == ScalarNode("number")
    assert [p for p, _ in leaves(tree)] == ["name", "offers", "tags"]


def test_scalars_enums_dates_and_nested_objects() -> None:
    tree = read_schema(
        {
            "type": "object",
            "properties": {
                "when": {"type": "string", "format": "date"},
                "stock": {"enum": ["InStock", "OutOfStock"]},
                "count": {"type": ["integer", "null"], "minimum": 0},
                "seller": {"type": "object", "properties": {"name": {"type": "string"}}},
            },
        }
    )
    assert isinstance(tree, ObjectNode)
    assert tree.properties["when"] == ScalarNode("string", "date")
    assert tree.properties["stock"] == ScalarNode("string", None, ("InStock", "OutOfStock"))
    assert tree.properties["count"] == ScalarNode("integer")
    assert [p for p, _ in leaves(tree)] == ["when", "stock", "count", "seller.name"]


@pytest.mark.parametrize(
    ("schema", "where"),
    [
        ({"type": "object", "properties": {"a": {"type": "string", "if": {}}}}, "schema.properties.a"),
        ({"type": "object", "properties": {"a": {"type": ["string", "number"]}}}, "schema.properties.a.type"),
        (
            {"type": "object", "properties": {"a": {"$ref": "https://x.example/s.json"}}},
            "schema.properties.a",
        ),
        ({"type": "string"}, "schema"),
        (
            {"type": "object", "properties": {"a": {"anyOf": [{"type": "string"}, {"type": "number"}]}}},
            "anyOf",
        ),
        ({"type": "object", "properties": {}}, "schema"),
        ({"type": "object", "properties": {"a": {"type": "array"}}}, "schema.properties.a"),
    ],
)
def test_what_cannot_be_honoured_is_invalid_argument_naming_the_part(
    schema: dict[str, Any], where: str
) -> None:
    with pytest.raises(InvalidArgument) as caught:
        read_schema(schema)
    assert caught.value.code == "invalid_argument" and caught.value.field == "schema"
    assert where in caught.value.message


def test_a_ref_loop_is_refused_naming_the_ref() -> None:
    schema = {
        "type": "object",
        "properties": {"node": {"$ref": "#/$defs/Node"}},
        "$defs": {"Node": {"type": "object", "properties": {"child": {"$ref": "#/$defs/Node"}}}},
    }
    with pytest.raises(InvalidArgument, match=r"\$ref loop through #/\$defs/Node"):
        read_schema(schema)


def test_size_and_depth_limits() -> None:
    big = {
        "type": "object",
        "properties": {f"f{i}": {"type": "string", "description": "x" * 100} for i in range(700)},
    }
    with pytest.raises(InvalidArgument, match="bytes as JSON"):
        read_schema(big)
    deep: dict[str, Any] = {"type": "string"}
    for _ in range(12):
        deep = {"type": "object", "properties": {"a": deep}}
    with pytest.raises(InvalidArgument, match="nested deeper"):
        read_schema(deep)


def test_schema_text_and_non_objects() -> None:
    assert as_json_schema('{"type": "object"}') == {"type": "object"}
    with pytest.raises(InvalidArgument, match="not valid JSON"):
        as_json_schema("{nope")
    with pytest.raises(InvalidArgument, match="JSON Schema object"):
        as_json_schema(42)
