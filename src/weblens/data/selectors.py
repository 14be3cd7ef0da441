"""Records named by the user's selectors, for pages whose layout the user knows (pure).

    spec = read_selectors({"base": "li.card", "fields": {"name": "h3",
                           "url": {"selector": "a", "attribute": "href"}}})
    found = select(spec, tree, base_url)       # one record per li.card, URLs made absolute

A selector is CSS (cssselect), or XPath when it starts with ``/``, ``./``, ``(`` or ``xpath:``. A
field is a selector string (the first match's text) or an object: ``selector``, then ``attribute``
(that attribute's value), ``html: true`` (the element's markup), ``list: true`` (every match, not
the first), ``fields`` (a nested record read inside each match). With ``base`` the result is one
record per match of ``base`` (an array); without, one record for the page. ``href``, ``src`` and
the other URL attributes are made absolute against the page's URL (or its ``<base href>``).
A selector that matches nothing is reported by name (never a silent empty result); a bad selector
is ``invalid_argument`` naming the field.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urljoin

from lxml import etree
from lxml.html import HtmlElement, tostring

from weblens.data.dom import element_text, pointer_of
from weblens.data.found import Found, child, item
from weblens.data.schema import ArrayNode, Node, ObjectNode, ScalarNode
from weblens.errors import InvalidArgument

__all__ = ["FieldSpec", "SelectorSpec", "read_selectors", "select", "selector_tree"]

MAX_FIELDS = 200
_URL_ATTRIBUTES = frozenset(("href", "src", "action", "poster", "data-src", "data-href", "srcset", "cite"))
_XPATH_START = ("/", "./", "(", "xpath:")

Matcher = Callable[[HtmlElement], list[Any]]


@dataclass(frozen=True)
class FieldSpec:
    name: str
    selector: str
    match: Matcher
    attribute: str | None = None
    html: bool = False
    many: bool = False
    fields: tuple[FieldSpec, ...] = ()


@dataclass(frozen=True)
class SelectorSpec:
    fields: tuple[FieldSpec, ...]
    base: str | None = None
    base_match: Matcher | None = None


@dataclass
class Selected:
    founds: list[Found] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    records: int = 0


def _compile(selector: str, where: str) -> Matcher:
    text = selector.strip()
    if not text:
        raise InvalidArgument(f"{where}: the selector is empty", field="selectors")
    try:
        if text.startswith(_XPATH_START):
            xpath = etree.XPath(text.removeprefix("xpath:").strip())
            return lambda el: list(xpath(el))
        from lxml.cssselect import CSSSelector

        css = CSSSelector(text)
        return lambda el: list(css(el))
    except (etree.XPathSyntaxError, etree.XPathError, ValueError, SyntaxError) as exc:
        raise InvalidArgument(
            f"{where}: not a valid selector {selector!r} ({exc})", field="selectors"
        ) from None
    except ImportError as exc:  # pragma: no cover - cssselect is a dependency
        raise InvalidArgument(f"{where}: CSS selectors need cssselect ({exc})", field="selectors") from None


def read_selectors(spec: Any) -> SelectorSpec:
    """The selector schema checked and compiled; ``invalid_argument`` naming what is wrong."""
    if not isinstance(spec, Mapping):
        raise InvalidArgument(
            "selectors: must be an object with fields (and optionally base)", field="selectors"
        )
    unknown = sorted(set(spec) - {"base", "fields"})
    if unknown:
        raise InvalidArgument(f"selectors: unknown key {unknown[0]!r}", field="selectors")
    count = [0]
    fields = _fields(spec.get("fields"), "selectors.fields", count)
    base = spec.get("base")
    if base is not None and not isinstance(base, str):
        raise InvalidArgument("selectors.base: must be a selector string", field="selectors")
    return SelectorSpec(fields, base, _compile(base, "selectors.base") if base else None)


def _fields(raw: Any, where: str, count: list[int]) -> tuple[FieldSpec, ...]:
    if not isinstance(raw, Mapping) or not raw:
        raise InvalidArgument(f"{where}: must be an object naming at least one field", field="selectors")
    out = []
    for name, value in raw.items():
        count[0] += 1
        if count[0] > MAX_FIELDS:
            raise InvalidArgument(f"selectors: more than {MAX_FIELDS} fields", field="selectors")
        out.append(_field(str(name), value, f"{where}.{name}", count))
    return tuple(out)


def _field(name: str, value: Any, where: str, count: list[int]) -> FieldSpec:
    if isinstance(value, str):
        return FieldSpec(name, value, _compile(value, where))
    if not isinstance(value, Mapping):
        raise InvalidArgument(f"{where}: must be a selector string or an object", field="selectors")
    unknown = sorted(set(value) - {"selector", "attribute", "html", "list", "fields"})
    if unknown:
        raise InvalidArgument(f"{where}: unknown key {unknown[0]!r}", field="selectors")
    selector = value.get("selector")
    if not isinstance(selector, str):
        raise InvalidArgument(f"{where}.selector: must be a selector string", field="selectors")
    attribute = value.get("attribute")
    if attribute is not None and not isinstance(attribute, str):
        raise InvalidArgument(f"{where}.attribute: must be an attribute name", field="selectors")
    nested = _fields(value["fields"], f"{where}.fields", count) if "fields" in value else ()
    if nested and (attribute or value.get("html")):
        raise InvalidArgument(f"{where}: fields cannot be read as an attribute or HTML", field="selectors")
    return FieldSpec(
        name,
        selector,
        _compile(selector, where),
        attribute=attribute,
        html=bool(value.get("html")),
        many=bool(value.get("list")),
        fields=nested,
    )


def selector_tree(spec: SelectorSpec) -> Node:
    """The shape of the records the selectors name (every value text), for when no schema is given."""
    record = _record_node(spec.fields)
    return ArrayNode(record) if spec.base else record


def _record_node(fields: tuple[FieldSpec, ...]) -> ObjectNode:
    properties: dict[str, Node] = {}
    for spec in fields:
        node: Node = _record_node(spec.fields) if spec.fields else ScalarNode("string")
        properties[spec.name] = ArrayNode(node) if spec.many else node
    return ObjectNode(properties)


# --- running ---------------------------------------------------------------------------------------
def select(spec: SelectorSpec, root: HtmlElement, base_url: str | None) -> Selected:
    """Run the selectors on the page: one record per ``base`` match (or one for the page)."""
    out = Selected()
    misses: dict[str, int] = {}
    if spec.base_match is not None:
        scopes = [el for el in spec.base_match(root) if isinstance(el, HtmlElement)]
        if not scopes:
            out.warnings.append(f"selectors: base {spec.base!r} matched nothing on the page")
            return out
        for i, scope in enumerate(scopes):
            _record(spec.fields, scope, item("", i), base_url, out.founds, misses, "")
        out.records = len(scopes)
    else:
        _record(spec.fields, root, "", base_url, out.founds, misses, "")
        out.records = 1
    for name, count in misses.items():
        if spec.base_match is None or count == out.records:
            out.warnings.append(f"selectors: {name} matched nothing")
        else:
            out.warnings.append(f"selectors: {name} matched nothing in {count} of {out.records} records")
    return out


def _record(
    fields: tuple[FieldSpec, ...],
    scope: HtmlElement,
    path: str,
    base_url: str | None,
    founds: list[Found],
    misses: dict[str, int],
    prefix: str,
) -> None:
    for spec in fields:
        label = f"{prefix}{spec.name} ({spec.selector!r})"
        matches = spec.match(scope)
        if not matches:
            misses[label] = misses.get(label, 0) + 1
            continue
        where = child(path, spec.name)
        chosen = matches if spec.many else matches[:1]
        for i, match in enumerate(chosen):
            at = item(where, i) if spec.many else where
            if spec.fields:
                if isinstance(match, HtmlElement):
                    _record(spec.fields, match, at, base_url, founds, misses, f"{prefix}{spec.name}.")
                continue
            found = _value(spec, match, at, base_url)
            if found is not None:
                founds.append(found)


def _value(spec: FieldSpec, match: Any, path: str, base_url: str | None) -> Found | None:
    if not isinstance(match, HtmlElement):  # an XPath that selects text or an attribute
        text = str(match).strip()
        return Found(path, text, "selector", pointer=None, verified=bool(text)) if text else None
    pointer = pointer_of(match)
    if spec.attribute:
        raw = match.get(spec.attribute)
        if raw is None:
            return None
        value = raw.strip()
        if spec.attribute.lower() in _URL_ATTRIBUTES and base_url:
            value = urljoin(base_url, value)
        return Found(path, value, "selector", pointer=f"{pointer}/@{spec.attribute}", verified=True)
    if spec.html:
        return Found(
            path,
            tostring(match, encoding="unicode", with_tail=False),
            "selector",
            pointer=pointer,
            verified=True,
        )
    text = element_text(match)
    if not text:
        return None
    return Found(path, text, "selector", pointer=pointer, quote=text, verified=True)


def document_base(root: HtmlElement, url: str | None) -> str | None:
    """The URL relative links resolve against: ``<base href>`` (itself resolved), else the page's."""
    base = root.find(".//base[@href]")
    if base is not None and (href := (base.get("href") or "").strip()):
        return urljoin(url or "", href) if url else href
    return url
