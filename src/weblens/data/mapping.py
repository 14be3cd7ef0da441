"""Embedded entities mapped onto the user's field names (pure).

    founds = map_entities(tree, embedded.entities)     # [Found(path="price", value="119.99", pointer=…)]

A field takes its value from a property of the same name — compared as words, so ``date_published``,
``datePublished`` and ``published date`` are one name — else from the first of its schema.org
synonyms the entity has (:data:`SYNONYMS`: ``price`` ← ``offers.price``, ``author`` ←
``author.name``, ``ingredients`` ← ``recipeIngredient``…). A scalar field given an object takes
the object's text, name, value or URL (an address: its parts joined); a nested object field maps
into the nested entity; an array field takes every value.

Which entity: for an object schema, the one that fills the most fields (an entity whose type is the
schema's ``title`` — a pydantic class name such as ``Product`` or ``Event`` — counts double, and a
``MusicEvent`` is an ``Event``); the fields it leaves empty are then taken from other entities of
the same type, then from the page's OpenGraph. For a schema whose top level is an array of objects,
every entity of the best-filling type, nested ones (an ``ItemList``'s items) included, in page order.
"""

from __future__ import annotations

import functools
import html
import re
from collections.abc import Iterator

from weblens.data.embedded import Entity, Scalar
from weblens.data.found import Found, child, item
from weblens.data.normalize import schema_org_term
from weblens.data.schema import ArrayNode, Node, ObjectNode, ScalarNode, leaves

__all__ = ["SYNONYMS", "map_entities", "name_key"]


@functools.lru_cache(maxsize=2048)
def name_key(name: str) -> str:
    """A property name as its words, lower case, in order of the alphabet (``datePublished`` →
    ``date published``; ``published_date`` too)."""
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", name)
    words = re.split(r"[\s_:\-.]+", spaced.lower())
    return " ".join(sorted(w for w in words if w))


_SYNONYM_LIST: dict[tuple[str, ...], tuple[str, ...]] = {
    ("title", "name", "headline"): ("name", "headline", "title"),
    ("price", "amount", "cost"): (
        "offers.price",
        "offers.lowPrice",
        "offers.priceSpecification.price",
        "offers.offers.price",
        "price:amount",
        "offers.highPrice",
    ),
    ("currency", "price_currency"): (
        "offers.priceCurrency",
        "priceCurrency",
        "offers.priceSpecification.priceCurrency",
        "price:currency",
    ),
    ("availability", "stock", "in_stock"): ("offers.availability", "availability"),
    ("condition",): ("offers.itemCondition", "itemCondition"),
    ("sku",): ("offers.sku", "productID"),
    ("gtin", "ean", "barcode"): ("gtin13", "gtin12", "gtin14", "gtin8", "offers.gtin13", "offers.gtin"),
    ("brand", "manufacturer", "make"): ("brand", "manufacturer"),
    ("seller", "merchant", "vendor"): ("offers.seller",),
    ("author", "authors", "byline", "writer", "creator"): ("author", "creator"),
    ("image", "images", "photo", "picture", "thumbnail"): ("image", "thumbnailUrl", "image:url"),
    ("url", "link", "href"): ("url", "@id", "mainEntityOfPage"),
    ("date", "published", "date_published", "publish_date", "published_at", "pub_date"): (
        "datePublished",
        "published_time",
        "dateCreated",
        "uploadDate",
        "startDate",
    ),
    ("modified", "updated", "date_modified", "updated_at", "last_modified"): (
        "dateModified",
        "modified_time",
        "updated_time",
    ),
    ("start", "start_date", "starts", "start_time", "when", "begins", "event_date"): ("startDate",),
    ("end", "end_date", "ends", "end_time"): ("endDate",),
    ("venue", "location", "place", "where"): ("location",),
    ("address", "venue_address"): ("location.address", "address"),
    ("city", "locality", "town"): ("location.address.addressLocality", "address.addressLocality"),
    ("country",): ("location.address.addressCountry", "address.addressCountry"),
    ("rating", "ratings", "stars", "score", "rating_value", "average_rating"): (
        "aggregateRating.ratingValue",
        "reviewRating.ratingValue",
    ),
    ("review_count", "reviews_count", "ratings_count", "rating_count", "number_of_reviews", "reviews"): (
        "aggregateRating.reviewCount",
        "aggregateRating.ratingCount",
    ),
    ("ingredients",): ("recipeIngredient", "ingredients"),
    ("instructions", "steps", "method", "directions"): ("recipeInstructions",),
    ("yield", "yields", "servings", "serves"): ("recipeYield",),
    ("total_time",): ("totalTime",),
    ("cook_time",): ("cookTime",),
    ("prep_time",): ("prepTime",),
    ("category", "categories", "section"): ("recipeCategory", "articleSection", "category"),
    ("cuisine",): ("recipeCuisine",),
    ("calories",): ("nutrition.calories",),
    ("description", "summary", "abstract"): ("description", "abstract"),
    ("keywords", "tags"): ("keywords",),
    ("publisher", "site", "site_name", "source"): ("publisher", "site_name", "isPartOf"),
    ("performer", "performers", "artist", "artists", "band"): ("performer",),
    ("organizer", "organiser", "host"): ("organizer",),
    ("phone", "telephone"): ("telephone",),
    ("language", "lang"): ("inLanguage", "locale"),
    ("latitude", "lat"): ("geo.latitude", "location.geo.latitude"),
    ("longitude", "lng", "lon"): ("geo.longitude", "location.geo.longitude"),
}
SYNONYMS: dict[str, tuple[str, ...]] = {
    name_key(name): paths for names, paths in _SYNONYM_LIST.items() for name in names
}
"""A field name (as :func:`name_key`) → the schema.org property paths tried after the name itself."""

MAX_NAME_CHARS = 80
"""Values at most this long are names that one text field may list together (several authors)."""
_URL_WORDS = frozenset(
    (
        "url",
        "link",
        "href",
        "image",
        "images",
        "photo",
        "picture",
        "thumbnail",
        "logo",
        "website",
        "homepage",
        "src",
        "uri",
    )
)
_TEXT_KEYS = ("name", "@value", "value", "url", "contentUrl", "ratingValue", "price")
_ADDRESS_PARTS = ("streetAddress", "addressLocality", "addressRegion", "postalCode", "addressCountry")
_OPENGRAPH = "opengraph"

Value = tuple[Scalar | Entity, str]


def map_entities(tree: Node, entities: list[Entity]) -> list[Found]:
    """The values ``entities`` give the fields of ``tree`` (see the module's rules)."""
    if not entities:
        return []
    if isinstance(tree, ObjectNode):
        return _fill_root_object(tree, entities)
    if isinstance(tree, ArrayNode) and isinstance(tree.items, ObjectNode):
        return _fill_root_array(tree.items, entities)
    return []


# --- which entity ------------------------------------------------------------------------------------
def _is_type(entity: Entity, title: str) -> bool:
    wanted = title.lower()
    return bool(wanted) and any(t.lower() == wanted or t.lower().endswith(wanted) for t in entity.types)


def _score(entity: Entity, node: ObjectNode) -> int:
    filled = sum(1 for path, leaf in leaves(node) if _resolve_path(entity, path, leaf))
    return filled * (2 if _is_type(entity, node.title) else 1)


def _walk(entities: list[Entity]) -> Iterator[Entity]:
    """Every entity, nested ones after their parent, each once."""
    seen: set[int] = set()
    stack = list(reversed(entities))
    while stack:
        entity = stack.pop()
        if id(entity) in seen:
            continue
        seen.add(id(entity))
        yield entity
        nested = [v for values in entity.properties.values() for v, _ in values if isinstance(v, Entity)]
        stack.extend(reversed(nested))


def _fill_root_object(node: ObjectNode, entities: list[Entity]) -> list[Found]:
    structured = [e for e in _walk(entities) if e.source != _OPENGRAPH]
    graph = [e for e in entities if e.source == _OPENGRAPH]
    ranked = sorted(structured, key=lambda e: -_score(e, node))  # stable: page order breaks ties
    if not ranked or _score(ranked[0], node) == 0:
        ranked = graph + ranked
    if not ranked:
        return []
    best = ranked[0]
    founds = _fill_object(node, best, "")
    fallbacks = [e for e in ranked[1:] if e.types and e.types == best.types] + [
        e for e in graph if e is not best
    ]
    for fallback in fallbacks:
        have = {f.path.split("[", 1)[0].split(".", 1)[0] for f in founds}
        missing = ObjectNode({k: v for k, v in node.properties.items() if k not in have}, title=node.title)
        if not missing.properties:
            break
        founds += _fill_object(missing, fallback, "")
    return founds


def _fill_root_array(node: ObjectNode, entities: list[Entity]) -> list[Found]:
    every = [e for e in _walk(entities) if e.source != _OPENGRAPH and e.types]
    by_type: dict[tuple[str, ...], list[Entity]] = {}
    for entity in every:
        by_type.setdefault(entity.types, []).append(entity)
    if not by_type:
        return []
    best = max(by_type.values(), key=lambda group: (sum(_score(e, node) for e in group), len(group)))
    if sum(_score(e, node) for e in best) == 0:
        return []
    founds: list[Found] = []
    for i, entity in enumerate(best):
        founds += _fill_object(node, entity, item("", i))
    return founds


# --- filling -------------------------------------------------------------------------------------------
def _fill_object(node: ObjectNode, entity: Entity, path: str) -> list[Found]:
    founds: list[Found] = []
    for name, leaf in node.properties.items():
        for values in _resolutions(entity, name):
            found = _fill(leaf, values, child(path, name))
            if found:
                founds += found
                break
    return founds


def _fill(node: Node, values: list[Value], path: str) -> list[Found]:
    if not values:
        return []
    if isinstance(node, ScalarNode):
        return _fill_scalar(node, values, path)
    if isinstance(node, ObjectNode):
        entity = next((v for v, _ in values if isinstance(v, Entity)), None)
        return _fill_object(node, entity, path) if entity is not None else []
    founds: list[Found] = []
    expanded = _expand_lists(values) if isinstance(node.items, ScalarNode) else values
    for i, one in enumerate(expanded):
        founds += _fill(node.items, [one], item(path, i))
    return founds


def _fill_scalar(node: ScalarNode, values: list[Value], path: str) -> list[Found]:
    """The value of a scalar field; a field that is not a link skips bare URLs (a byline given as a
    profile link); several names for one text field (an article's authors) are joined with ", "."""
    wants_url = node.format in ("uri", "url", "iri") or bool(_URL_WORDS & set(name_key(_last(path)).split()))
    texts: list[tuple[Scalar, str, str]] = []
    for value, pointer in values:
        found = _scalar(value)
        if found is None or (not wants_url and _is_url(found[0])):
            continue
        source = value.source if isinstance(value, Entity) else _source_of(pointer)
        texts.append((found[0], found[1] or pointer, source))
    if not texts:
        return []
    first, pointer, source = texts[0]
    names = list(dict.fromkeys(str(t[0]) for t in texts))
    joinable = node.kind == "string" and node.enum is None and not node.is_date and not wants_url
    if (
        joinable
        and len(names) > 1
        and all(isinstance(t[0], str) and len(t[0]) <= MAX_NAME_CHARS for t in texts)
    ):
        return [Found(path, ", ".join(names), source, pointer=_common_pointer([t[1] for t in texts]))]
    return [Found(path, first, source, pointer=pointer)]


def _last(path: str) -> str:
    return path.rsplit(".", 1)[-1].split("[", 1)[0]


def _is_url(value: Scalar) -> bool:
    """A bare link (not an enumeration term written as a URL, like https://schema.org/InStock)."""
    if not isinstance(value, str) or " " in value or schema_org_term(value) is not None:
        return False
    return value.startswith(("http://", "https://", "//"))


def _common_pointer(pointers: list[str]) -> str:
    parts = [p.split("/") for p in pointers]
    common: list[str] = []
    for pieces in zip(*parts, strict=False):
        if len(set(pieces)) != 1:
            break
        common.append(pieces[0])
    return "/".join(common)


def _source_of(pointer: str) -> str:
    return pointer.split("/", 2)[1]


def _expand_lists(values: list[Value]) -> list[Value]:
    """An ItemList's or a HowToSection's elements in place of it (for arrays of scalars)."""
    out: list[Value] = []
    for value, pointer in values:
        if (
            isinstance(value, Entity)
            and "itemListElement" in value.properties
            and "text" not in value.properties
        ):
            out.extend(_expand_lists(value.properties["itemListElement"]))
        else:
            out.append((value, pointer))
    return out


def _scalar(value: Scalar | Entity) -> tuple[Scalar, str | None] | None:
    """A scalar for a scalar field: the value itself, or an entity's text, name, value or URL."""
    if not isinstance(value, Entity):
        if isinstance(value, str) and not value.strip():
            return None
        return (_unescaped(value) if isinstance(value, str) else value), None
    props = value.properties
    text, name = props.get("text"), props.get("name")
    if text and (not name or len(str(text[0][0])) > len(str(name[0][0]))):
        return _scalar_first(text)
    for key in _TEXT_KEYS:
        if key in props and (found := _scalar_first(props[key])):
            return found
    parts = [(props[p][0][0], props[p][0][1]) for p in _ADDRESS_PARTS if p in props]
    texts = [str(v) for v, _ in parts if isinstance(v, str | int) and str(v).strip()]
    if texts:
        return ", ".join(texts), value.pointer
    return None


def _unescaped(text: str) -> str:
    """A text value without the HTML escapes pages often leave in their embedded data (``&amp;``)."""
    text = text.strip()
    return html.unescape(text).strip() if "&" in text else text


def _scalar_first(values: list[Value]) -> tuple[Scalar, str | None] | None:
    for value, pointer in values:
        found = _scalar(value)
        if found is not None:
            return found[0], found[1] or pointer
    return None


# --- names ---------------------------------------------------------------------------------------------
@functools.lru_cache(maxsize=512)
def _candidates(name: str) -> tuple[str, ...]:
    return (name, *(p for p in SYNONYMS.get(name_key(name), ()) if name_key(p) != name_key(name)))


def _resolutions(entity: Entity, name: str) -> Iterator[list[Value]]:
    """The values of each of a field's candidate names that ``entity`` has, in order."""
    for candidate in _candidates(name):
        values = _follow(entity, candidate.split("."))
        if values:
            yield values


def _resolve(entity: Entity, name: str, node: Node) -> list[Value]:
    return next(_resolutions(entity, name), [])


def _resolve_path(entity: Entity, path: str, node: Node) -> bool:
    """Whether a leaf path (``offers.price``, a nested field) has any value in ``entity``."""
    parts = path.split(".")
    current: list[Value] = [(entity, entity.pointer)]
    for part in parts:
        nested = [v for v, _ in current if isinstance(v, Entity)]
        current = [value for e in nested for value in _resolve(e, part, node)]
        if not current:
            return False
    return True


def _follow(entity: Entity, parts: list[str]) -> list[Value]:
    current: list[Value] = [(entity, entity.pointer)]
    for part in parts:
        key = name_key(part)
        nxt: list[Value] = []
        for value, _ in current:
            if not isinstance(value, Entity):
                continue
            for prop, values in value.properties.items():
                if prop == part or name_key(prop) == key:
                    nxt.extend(values)
        current = nxt
        if not current:
            return []
    return current
