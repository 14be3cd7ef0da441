"""The structured data a page embeds for machines — JSON-LD, microdata, RDFa, OpenGraph — as entities.

    found = read_embedded(tree, html, url)
    found.document            # {"json-ld": [...], "microdata": [...], "opengraph": [...], "rdfa": [...]}
    found.entities            # every typed thing in it, each value with its JSON pointer into document

Reading is extruct's (the usual library for it; its extractors run on the tree weblens already
parsed, except RDFa, which needs its own DOM and runs only when the page has RDFa attributes
beyond OpenGraph's ``<meta property>``: pyRdfa is by far the slowest of the four). ``document`` is
extruct's own output shape, so a ``pointer`` (RFC 6901) such as ``/json-ld/0/offers/price`` can be
followed in what ``extruct.extract(html, syntaxes=[…], uniform=False)`` returns. A JSON-LD script
that is not JSON is skipped with a warning; the other scripts still count.

An :class:`Entity` is one object of the data with its types (``Product``, ``MusicEvent``) and its
properties; a property's values are scalars or entities. JSON-LD ``@graph`` members are entities of
their own, and a node that only names another by ``@id`` is replaced by the node it names.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from lxml.html import HtmlElement

__all__ = ["SYNTAXES", "Embedded", "Entity", "Scalar", "has_rdfa", "read_embedded"]

SYNTAXES = ("json-ld", "microdata", "rdfa", "opengraph")

Scalar = str | int | float | bool


@dataclass
class Entity:
    source: str
    pointer: str
    types: tuple[str, ...] = ()
    properties: dict[str, list[tuple[Scalar | Entity, str]]] = field(default_factory=dict)
    """Property name → its values, each with its pointer."""

    def add(self, name: str, value: Scalar | Entity, pointer: str) -> None:
        self.properties.setdefault(name, []).append((value, pointer))


@dataclass
class Embedded:
    document: dict[str, list[Any]] = field(default_factory=dict)
    entities: list[Entity] = field(default_factory=list)
    """Top-level entities in document order (syntaxes in the order of :data:`SYNTAXES`)."""
    warnings: list[str] = field(default_factory=list)


def _escape(key: object) -> str:
    return str(key).replace("~", "~0").replace("/", "~1")


def _local(name: str) -> str:
    """``Product`` from ``http://schema.org/Product``; ``name`` from ``http://schema.org/name``."""
    for sep in ("#", "/"):
        if sep in name and name.startswith(("http://", "https://")):
            name = name.rstrip(sep).rsplit(sep, 1)[-1]
    return name


def read_embedded(
    root: HtmlElement, html: str, url: str | None, syntaxes: tuple[str, ...] = SYNTAXES
) -> Embedded:
    """Every syntax of ``syntaxes`` the page uses, read into entities."""
    found = Embedded()
    if "json-ld" in syntaxes:
        _json_ld(root, found)
    if "microdata" in syntaxes:
        _microdata(root, url, found)
    if "rdfa" in syntaxes and has_rdfa(root):
        _rdfa(html, url, found)
    if "opengraph" in syntaxes:
        _opengraph(root, found)
    return found


# --- JSON-LD -------------------------------------------------------------------------------------------
def _json_ld(root: HtmlElement, found: Embedded) -> None:
    from extruct.jsonld import JsonLdExtractor

    extractor = JsonLdExtractor()
    items: list[Any] = []
    for n, script in enumerate(root.iter("script")):
        if (script.get("type") or "").strip().lower() != "application/ld+json":
            continue
        try:
            items.extend(extractor.extract_items(script))
        except Exception as exc:  # extruct raises what json and jstyleson raise
            found.warnings.append(
                f"json-ld: script {n + 1} is not valid JSON ({type(exc).__name__}); skipped"
            )
    if not items:
        return
    found.document["json-ld"] = items
    by_id: dict[str, Any] = {}
    for item, pointer in _graph_members(items, "/json-ld"):
        if isinstance(item, dict) and isinstance(item.get("@id"), str) and len(item) > 1:
            by_id.setdefault(item["@id"], (item, pointer))
    for item, pointer in _graph_members(items, "/json-ld"):
        if isinstance(item, dict):
            found.entities.append(_ld_entity(item, pointer, by_id, depth=0))


def _graph_members(items: list[Any], base: str) -> Iterator[tuple[Any, str]]:
    for i, item in enumerate(items):
        if isinstance(item, dict) and isinstance(item.get("@graph"), list):
            for j, member in enumerate(item["@graph"]):
                yield member, f"{base}/{i}/@graph/{j}"
        else:
            yield item, f"{base}/{i}"


def _types(value: Any) -> tuple[str, ...]:
    values = value if isinstance(value, list) else [value]
    return tuple(_local(str(v)) for v in values if isinstance(v, str) and v)


def _ld_entity(item: dict[str, Any], pointer: str, by_id: dict[str, Any], *, depth: int) -> Entity:
    entity = Entity("json-ld", pointer, _types(item.get("@type")))
    for key, value in item.items():
        if key in ("@context", "@type", "@graph"):
            continue
        values = value if isinstance(value, list) else [value]
        for i, one in enumerate(values):
            where = f"{pointer}/{_escape(key)}" + (f"/{i}" if isinstance(value, list) else "")
            converted = _ld_value(one, where, by_id, depth=depth)
            if converted is not None:
                entity.add(key, *converted)
    return entity


def _ld_value(
    value: Any, pointer: str, by_id: dict[str, Any], *, depth: int
) -> tuple[Scalar | Entity, str] | None:
    if isinstance(value, dict):
        if depth >= 12:  # a cycle of @id references, or absurd nesting
            return None
        if set(value) <= {"@id", "@type"} and isinstance(value.get("@id"), str) and value["@id"] in by_id:
            target, where = by_id[value["@id"]]
            return _ld_entity(target, where, by_id, depth=depth + 1), where
        if "@value" in value and isinstance(value["@value"], str | int | float | bool):
            return value["@value"], f"{pointer}/@value"
        return _ld_entity(value, pointer, by_id, depth=depth + 1), pointer
    if isinstance(value, str | int | float | bool):
        return value, pointer
    return None


# --- microdata -----------------------------------------------------------------------------------------
def _microdata(root: HtmlElement, url: str | None, found: Embedded) -> None:
    if root.find(".//*[@itemscope]") is None:
        return
    from extruct.w3cmicrodata import LxmlMicrodataExtractor

    try:
        items = LxmlMicrodataExtractor().extract_items(root, url)
    except Exception as exc:
        found.warnings.append(f"microdata: could not be read ({type(exc).__name__}); skipped")
        return
    if not items:
        return
    found.document["microdata"] = items
    for i, item in enumerate(items):
        found.entities.append(_md_entity(item, f"/microdata/{i}"))


def _md_entity(item: dict[str, Any], pointer: str) -> Entity:
    entity = Entity("microdata", pointer, _types(item.get("type")))
    for key, value in (item.get("properties") or {}).items():
        values = value if isinstance(value, list) else [value]
        for i, one in enumerate(values):
            where = f"{pointer}/properties/{_escape(key)}" + (f"/{i}" if isinstance(value, list) else "")
            if isinstance(one, dict) and "properties" in one:
                entity.add(key, _md_entity(one, where), where)
            elif isinstance(one, str | int | float | bool):
                entity.add(key, one, where)
    return entity


# --- RDFa ----------------------------------------------------------------------------------------------
def has_rdfa(root: HtmlElement) -> bool:
    return root.find(".//*[@typeof]") is not None or root.find(".//*[@vocab]") is not None


def _rdfa(html: str, url: str | None, found: Embedded) -> None:
    from extruct.rdfa import RDFaExtractor

    try:
        nodes = RDFaExtractor().extract(html, base_url=url)
    except Exception as exc:
        found.warnings.append(f"rdfa: could not be read ({type(exc).__name__}); skipped")
        return
    if not nodes:
        return
    found.document["rdfa"] = nodes
    by_id = {n["@id"]: (n, f"/rdfa/{i}") for i, n in enumerate(nodes) if isinstance(n, dict) and "@id" in n}
    referenced = {
        v["@id"]
        for n in nodes
        if isinstance(n, dict)
        for key, values in n.items()
        if not key.startswith("@") and isinstance(values, list)
        for v in values
        if isinstance(v, dict) and "@id" in v
    }
    for i, node in enumerate(nodes):
        if isinstance(node, dict) and node.get("@type") and node.get("@id") not in referenced:
            found.entities.append(_rdfa_entity(node, f"/rdfa/{i}", by_id, depth=0))


def _rdfa_entity(node: dict[str, Any], pointer: str, by_id: dict[str, Any], *, depth: int) -> Entity:
    entity = Entity("rdfa", pointer, _types(node.get("@type")))
    for key, values in node.items():
        if key.startswith("@") or not isinstance(values, list):
            continue
        name = _local(key)
        for i, value in enumerate(values):
            where = f"{pointer}/{_escape(key)}/{i}"
            if not isinstance(value, dict):
                continue
            if "@value" in value:
                entity.add(name, value["@value"], f"{where}/@value")
            elif "@id" in value:
                target = by_id.get(value["@id"])
                if target is not None and depth < 8 and len(target[0]) > 1:
                    entity.add(name, _rdfa_entity(target[0], target[1], by_id, depth=depth + 1), target[1])
                else:
                    entity.add(name, str(value["@id"]), f"{where}/@id")
    return entity


# --- OpenGraph -----------------------------------------------------------------------------------------
def _opengraph(root: HtmlElement, found: Embedded) -> None:
    from extruct.opengraph import OpenGraphExtractor

    try:
        items = [dict(item) for item in OpenGraphExtractor().extract_items(root)]
    except Exception as exc:
        found.warnings.append(f"opengraph: could not be read ({type(exc).__name__}); skipped")
        return
    items = [item for item in items if item.get("properties")]
    if not items:
        return
    found.document["opengraph"] = items
    for i, item in enumerate(items):
        properties = item["properties"]
        kind = next((v for k, v in properties if k == "og:type"), "")
        entity = Entity("opengraph", f"/opengraph/{i}", (f"og:{kind}",) if kind else ("og",))
        for j, (key, value) in enumerate(properties):
            if key == "og:type" or not isinstance(value, str):
                continue
            name = key.split(":", 1)[1] if ":" in key else key
            entity.add(name, value, f"/opengraph/{i}/properties/{j}/1")
        found.entities.append(entity)
