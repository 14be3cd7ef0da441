"""The user's JSON Schema, checked and read into a small tree of what weblens can fill (pure).

    tree = read_schema({"type": "object", "properties": {"price": {"type": "number"}}})
    tree.properties["price"].kind      # "number"

A schema may use objects, arrays, strings, numbers, integers, booleans, enums, ``format: date`` and
``format: date-time``, local ``$ref`` (``#/$defs/…``, ``#/definitions/…``), ``X or null`` (as
pydantic writes ``Optional``) and the annotation keywords (``title``, ``description``, bounds…),
which are kept in the schema the model sees but change nothing here. Anything else (``if``,
``not``, ``patternProperties``, a union of two types, a remote ``$ref``, a ``$ref`` loop) cannot be
honoured and is ``invalid_argument`` naming where it sits (a JSON pointer into the schema); so is a
schema over :data:`MAX_SCHEMA_BYTES`, :data:`MAX_NODES` or :data:`MAX_DEPTH`.

A pydantic model class is read through its ``model_json_schema()``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from weblens.errors import InvalidArgument

__all__ = [
    "MAX_DEPTH",
    "MAX_NODES",
    "MAX_SCHEMA_BYTES",
    "ArrayNode",
    "Node",
    "ObjectNode",
    "ScalarKind",
    "ScalarNode",
    "as_json_schema",
    "leaves",
    "read_schema",
]

MAX_SCHEMA_BYTES = 64_000
"""A schema's size as compact JSON: far above any real record type (a 60-field product is ~6 KB),
low enough that the model's prompt stays mostly page."""
MAX_NODES = 400
"""Properties, items and scalars in all, after ``$ref`` is expanded."""
MAX_DEPTH = 8
"""Nesting of objects and arrays (``offers[].seller.address.street`` is 4)."""

ScalarKind = Literal["string", "number", "integer", "boolean"]

_ANNOTATIONS = frozenset(
    (
        "$schema",
        "$id",
        "$comment",
        "title",
        "description",
        "default",
        "examples",
        "deprecated",
        "readOnly",
        "writeOnly",
        "minimum",
        "maximum",
        "exclusiveMinimum",
        "exclusiveMaximum",
        "multipleOf",
        "minLength",
        "maxLength",
        "pattern",
        "minItems",
        "maxItems",
        "uniqueItems",
        "additionalProperties",
        "nullable",
        "contentMediaType",
        "contentEncoding",
    )
)
"""Keywords that describe or bound a value but change nothing in how it is found."""
_STRUCTURE = frozenset(("type", "properties", "required", "items", "enum", "const", "format"))
_COMBINERS = frozenset(("$ref", "$defs", "definitions", "anyOf", "oneOf", "allOf"))
_SCALARS: tuple[ScalarKind, ...] = ("string", "number", "integer", "boolean")


@dataclass(frozen=True)
class ScalarNode:
    kind: ScalarKind
    format: str | None = None
    """``date``, ``date-time``, ``uri``, ``email``… (only date and date-time change how a value is read)."""
    enum: tuple[Any, ...] | None = None
    description: str = ""

    @property
    def is_date(self) -> bool:
        return self.kind == "string" and self.format in ("date", "date-time")


@dataclass(frozen=True)
class ObjectNode:
    properties: dict[str, Node] = field(default_factory=dict)
    title: str = ""
    description: str = ""


@dataclass(frozen=True)
class ArrayNode:
    items: Node
    description: str = ""


Node = ScalarNode | ObjectNode | ArrayNode


def as_json_schema(schema: Any) -> dict[str, Any]:
    """A JSON Schema from a dict, a JSON string or a pydantic model class."""
    if isinstance(schema, type) and hasattr(schema, "model_json_schema"):
        result: dict[str, Any] = schema.model_json_schema()
        return result
    if isinstance(schema, str):
        try:
            schema = json.loads(schema)
        except ValueError as exc:
            raise InvalidArgument(f"schema: not valid JSON ({exc})", field="schema") from None
    if not isinstance(schema, Mapping):
        raise InvalidArgument("schema: must be a JSON Schema object", field="schema")
    return dict(schema)


def read_schema(schema: Mapping[str, Any]) -> Node:
    """The schema as a tree, or ``invalid_argument`` naming the part that cannot be honoured."""
    size = len(json.dumps(schema, separators=(",", ":"), default=str))
    if size > MAX_SCHEMA_BYTES:
        raise _bad("", f"is {size} bytes as JSON; at most {MAX_SCHEMA_BYTES}")
    reader = _Reader(schema)
    node = reader.node(schema, "", depth=0, refs=())
    if isinstance(node, ScalarNode):
        raise _bad("", "the top level must be an object or an array")
    return node


def leaves(node: Node, path: str = "") -> list[tuple[str, Node]]:
    """Every field a value can go in: scalars, and arrays as one field each (``ingredients``)."""
    if isinstance(node, ObjectNode):
        out: list[tuple[str, Node]] = []
        for name, child in node.properties.items():
            out.extend(leaves(child, f"{path}.{name}" if path else name))
        return out
    return [(path, node)]


def _bad(pointer: str, message: str) -> InvalidArgument:
    where = f"schema{pointer.replace('/', '.') if pointer else ''}"
    return InvalidArgument(f"{where}: {message}", field="schema")


class _Reader:
    def __init__(self, root: Mapping[str, Any]) -> None:
        self.root = root
        self.count = 0

    def node(self, spec: Any, pointer: str, *, depth: int, refs: tuple[str, ...]) -> Node:
        if not isinstance(spec, Mapping):
            raise _bad(pointer, "must be an object")
        self.count += 1
        if self.count > MAX_NODES:
            raise _bad(pointer, f"more than {MAX_NODES} parts")
        if depth > MAX_DEPTH:
            raise _bad(pointer, f"nested deeper than {MAX_DEPTH} levels")
        unknown = sorted(set(spec) - _ANNOTATIONS - _STRUCTURE - _COMBINERS)
        if unknown:
            raise _bad(pointer, f"unsupported keyword {unknown[0]!r}")
        if "$ref" in spec:
            return self._ref(spec, pointer, depth=depth, refs=refs)
        for combiner in ("anyOf", "oneOf", "allOf"):
            if combiner in spec:
                return self._combined(spec, combiner, pointer, depth=depth, refs=refs)
        return self._typed(spec, pointer, depth=depth, refs=refs)

    def _ref(self, spec: Mapping[str, Any], pointer: str, *, depth: int, refs: tuple[str, ...]) -> Node:
        ref = spec["$ref"]
        if not isinstance(ref, str) or not ref.startswith("#/"):
            raise _bad(pointer, f"only local $ref (#/$defs/…) is supported, not {ref!r}")
        if ref in refs:
            raise _bad(pointer, f"$ref loop through {ref}")
        target: Any = self.root
        for part in ref[2:].split("/"):
            part = part.replace("~1", "/").replace("~0", "~")
            if not isinstance(target, Mapping) or part not in target:
                raise _bad(pointer, f"$ref {ref} names nothing in the schema")
            target = target[part]
        merged = {**target, **{k: v for k, v in spec.items() if k != "$ref"}}
        return self.node(merged, pointer, depth=depth, refs=(*refs, ref))

    def _combined(
        self, spec: Mapping[str, Any], combiner: str, pointer: str, *, depth: int, refs: tuple[str, ...]
    ) -> Node:
        options = spec[combiner]
        if not isinstance(options, list) or not options:
            raise _bad(f"{pointer}/{combiner}", "must be a non-empty list")
        real = [o for o in options if not (isinstance(o, Mapping) and o.get("type") == "null")]
        if len(real) != 1:
            raise _bad(f"{pointer}/{combiner}", "only one type (or one type or null) is supported")
        rest = {k: v for k, v in spec.items() if k != combiner}
        return self.node({**real[0], **rest}, pointer, depth=depth, refs=refs)

    def _typed(self, spec: Mapping[str, Any], pointer: str, *, depth: int, refs: tuple[str, ...]) -> Node:
        kind = _kind(spec, pointer)
        description = str(spec.get("description") or "")
        if kind == "object":
            properties = spec.get("properties", {})
            if not isinstance(properties, Mapping) or not properties:
                raise _bad(pointer, "an object needs properties")
            children = {
                str(name): self.node(child, f"{pointer}/properties/{name}", depth=depth + 1, refs=refs)
                for name, child in properties.items()
            }
            return ObjectNode(children, title=str(spec.get("title") or ""), description=description)
        if kind == "array":
            if "items" not in spec:
                raise _bad(pointer, "an array needs items")
            items = self.node(spec["items"], f"{pointer}/items", depth=depth + 1, refs=refs)
            if isinstance(items, ArrayNode):
                raise _bad(f"{pointer}/items", "arrays of arrays are not supported")
            return ArrayNode(items, description=description)
        enum = _enum(spec, pointer)
        fmt = spec.get("format")
        scalar: ScalarKind = kind  # type: ignore[assignment]  # _kind returned one of _SCALARS here
        return ScalarNode(scalar, str(fmt) if fmt else None, enum, description)


def _kind(spec: Mapping[str, Any], pointer: str) -> str:
    kind = spec.get("type")
    if isinstance(kind, list):
        real = [k for k in kind if k != "null"]
        if len(real) != 1:
            raise _bad(f"{pointer}/type", "only one type (or one type and null) is supported")
        kind = real[0]
    if kind is None:
        if "properties" in spec:
            return "object"
        if "items" in spec:
            return "array"
        values = spec.get("enum", [spec["const"]] if "const" in spec else None)
        if values:
            return _enum_kind(values)
        raise _bad(pointer, "needs a type")
    if kind not in (*_SCALARS, "object", "array"):
        raise _bad(f"{pointer}/type", f"unsupported type {kind!r}")
    return str(kind)


def _enum(spec: Mapping[str, Any], pointer: str) -> tuple[Any, ...] | None:
    values = spec.get("enum", [spec["const"]] if "const" in spec else None)
    if values is None:
        return None
    if not isinstance(values, list) or not values:
        raise _bad(f"{pointer}/enum", "must be a non-empty list")
    if any(isinstance(v, dict | list) for v in values):
        raise _bad(f"{pointer}/enum", "only scalar values are supported")
    return tuple(v for v in values if v is not None)


def _enum_kind(values: list[Any]) -> ScalarKind:
    real = [v for v in values if v is not None]
    if real and all(isinstance(v, bool) for v in real):
        return "boolean"
    if real and all(isinstance(v, int) and not isinstance(v, bool) for v in real):
        return "integer"
    if real and all(isinstance(v, int | float) and not isinstance(v, bool) for v in real):
        return "number"
    return "string"
