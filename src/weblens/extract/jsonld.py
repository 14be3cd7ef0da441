"""JSON-LD blocks of a page → the few facts metadata needs (pure).

``load_jsonld`` reads one ``<script type="application/ld+json">`` body leniently: HTML
comment and CDATA wrappers are dropped, control characters tolerated, and when the text
is not valid JSON a repaired copy is tried (trailing commas removed, invalid escapes
dropped, several concatenated values read one after another). What still does not parse
gives an empty list: malformed JSON-LD never fails the page.

``JsonLdFacts.from_values`` walks every parsed value with an explicit stack (arrays,
``@graph``, ``mainEntity``, ``mainEntityOfPage``, any nesting), indexes nodes by ``@id``
so that references such as ``"author": {"@id": "#jane"}`` resolve, and ranks the nodes
that describe the page: article-like types (``Article``, ``NewsArticle``,
``BlogPosting``, ``Report``, ``*Posting``, ``VideoObject``, ...) first, then page-like
types (``WebPage`` and its kin, ``CreativeWork``, untyped nodes). A node whose ``url``
matches the page comes before one that does not, a shallower node before a deeper one,
and otherwise document order decides. Each fact comes from the first ranked node that
has it; the declared text (``articleBody``, a posting's ``text``) only from an article-like one.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

__all__ = ["JsonLdFacts", "is_article_type", "load_jsonld"]

_MAX_SCRIPT = 4_000_000
_MAX_DEPTH = 64
_MAX_NODES = 20_000
_OPENING = re.compile(r"^\s*(?:(?://|/\*)\s*)?(?:<!--|<!\[CDATA\[)(?:\s*\*/)?")
_CLOSING = re.compile(r"(?:(?://|/\*)\s*)?(?:-->|\]\]>)(?:\s*\*/)?\s*$")
_CLOSERS = ("-->", "]]>", "*/")  # what a body that _CLOSING matches ends with
_REPAIR = re.compile(r'"(?:[^"\\]|\\.)*"|,(\s*[}\]])|[\x00-\x08\x0b\x0c\x0e-\x1f]', re.S)
_BAD_ESCAPE = re.compile(r'\\([^"\\/bfnrtu])')
_SEPARATORS = re.compile(r"[\s,;]*")

_ARTICLE_TYPES = frozenset(
    (
        "article", "newsarticle", "blogposting", "report", "scholarlyarticle", "techarticle",
        "liveblogposting", "socialmediaposting", "discussionforumposting", "review", "recipe",
        "howto", "videoobject", "episode", "podcastepisode", "question", "creativeworkseries",
        "news",  # og:type of a news story on portals that do not say "article"
    )
)  # fmt: skip
_PAGE_TYPES = frozenset(("webpage", "creativework", "mediaobject", "dataset", "course", "event", "product"))
_SITE_TYPES = frozenset(("website",))
_MEDIA_TYPES = frozenset(("videoobject", "audioobject", "mediaobject", "imageobject"))


def load_jsonld(text: str) -> list[Any]:
    """Every JSON value in one JSON-LD script body; [] when nothing can be read."""
    if not text or len(text) > _MAX_SCRIPT:
        return []
    body = text
    for _ in range(2):  # <!-- and CDATA may both wrap the body
        body = _OPENING.sub("", body)
        if body.rstrip().endswith(_CLOSERS):  # _CLOSING searches the whole body: only when it can match
            body = _CLOSING.sub("", body)
        body = body.strip()
    if not body:
        return []
    try:
        return [json.loads(body, strict=False)]
    except (ValueError, RecursionError):
        pass
    return _decode_all(_repair(body))


def _repair(body: str) -> str:
    def fix(match: re.Match[str]) -> str:
        token = match.group(0)
        if token.startswith('"'):
            return _BAD_ESCAPE.sub(r"\1", token) if "\\" in token else token
        if match.group(1) is not None:
            return match.group(1)
        return " "

    return _REPAIR.sub(fix, body)


def _decode_all(body: str) -> list[Any]:
    decoder = json.JSONDecoder(strict=False)
    values: list[Any] = []
    pos = _SEPARATORS.match(body, 0).end()  # type: ignore[union-attr]
    while pos < len(body):
        try:
            value, pos = decoder.raw_decode(body, pos)
        except (ValueError, RecursionError):
            break
        values.append(value)
        pos = _SEPARATORS.match(body, pos).end()  # type: ignore[union-attr]
    return values


@dataclass(frozen=True, kw_only=True)
class _Node:
    data: dict[str, Any]
    types: frozenset[str]
    depth: int
    order: int


def _types(data: dict[str, Any]) -> frozenset[str]:
    raw = data.get("@type")
    names = raw if isinstance(raw, list) else [raw]
    out = set()
    for name in names:
        if isinstance(name, str) and name:
            out.add(re.split(r"[/#:]", name.strip())[-1].lower())
    return frozenset(out)


def _walk(values: Iterable[Any]) -> Iterator[_Node]:
    stack: list[tuple[Any, int]] = [(value, 0) for value in reversed(list(values))]
    order = 0
    while stack and order < _MAX_NODES:
        value, depth = stack.pop()
        if depth > _MAX_DEPTH:
            continue
        if isinstance(value, list):
            stack.extend((item, depth) for item in reversed(value))
        elif isinstance(value, dict):
            yield _Node(data=value, types=_types(value), depth=depth, order=order)
            order += 1
            children = [item for item in value.values() if isinstance(item, list | dict)]
            stack.extend((item, depth + 1) for item in reversed(children))


def is_article_type(name: str) -> bool:
    """A type (lower case, without its vocabulary) of one piece of writing or media: ``Article`` and
    its kin (``NewsArticle``, ``BlogPosting``…), a question, a recipe, a video; not a page or a list."""
    return name in _ARTICLE_TYPES or name.endswith(("article", "posting"))


def _tier(node: _Node) -> int | None:
    """0 for article-like nodes, 1 for page-like ones, None for nodes that do not describe the page."""
    types = node.types
    if not types:
        return 1 if node.depth == 0 else None
    if any(is_article_type(t) for t in types):
        return 0
    if types & _PAGE_TYPES or any(t.endswith("page") for t in types):
        return 1
    return None


def _same_page(a: str, b: str) -> bool:
    def key(url: str) -> str:
        return url.partition("#")[0].partition("?")[0].rstrip("/").split("://", 1)[-1].lower()

    return key(a) == key(b)


def _text(value: Any) -> str | None:
    if isinstance(value, dict) and "@value" in value:
        value = value["@value"]
    if isinstance(value, str):
        return value.strip() or None
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    return None


@dataclass(frozen=True, kw_only=True)
class JsonLdFacts:
    """What the JSON-LD of a page says about it; every fact raw (uncleaned) text or None."""

    title: str | None = None
    description: str | None = None
    authors: tuple[str, ...] = ()  # people
    # the organisations the first node to declare any author names as its authors ("@type":
    # "NewsMediaOrganization"): the page's credit when it names no person
    organisation_authors: tuple[str, ...] = ()
    published: tuple[str, ...] = ()
    media_published: tuple[str, ...] = ()  # of a video or audio: often not the page's own date
    url: str | None = None
    site_name: str | None = None
    language: str | None = None
    image: str | None = None
    types: frozenset[str] = frozenset()  # every node's type, lower case, without its vocabulary
    # the text an article-like node declares it holds: ``articleBody``, or a posting's ``text``
    body: str | None = None

    @classmethod
    def from_values(cls, values: Iterable[Any], page_url: str | None = None) -> JsonLdFacts:
        nodes = list(_walk(values))
        if not nodes:
            return cls()
        index = _index(nodes)
        ranked = _rank(nodes, page_url)
        return cls(
            title=_first(ranked, lambda n: _text(n.data.get("headline")) or _text(n.data.get("name"))),
            description=_first(ranked, lambda n: _text(n.data.get("description"))),
            authors=_authors(ranked, index, organisations=False),
            organisation_authors=_authors(ranked, index, organisations=True),
            published=_dates(node for node in ranked if not node.types & _MEDIA_TYPES),
            media_published=_dates(node for node in ranked if node.types & _MEDIA_TYPES),
            url=_first(ranked, lambda n: _page_url(n.data)),
            site_name=_site_name(ranked, nodes, index),
            language=_first(ranked, lambda n: _language(n.data.get("inLanguage"))),
            image=_first(
                ranked,
                lambda n: _image(n.data.get("image"), index) or _image(n.data.get("thumbnailUrl"), index),
            ),
            types=frozenset(t for node in nodes for t in node.types),
            body=_first(
                [node for node in ranked if node.types & _ARTICLE_TYPES],
                lambda n: _text(n.data.get("articleBody")) or _text(n.data.get("text")),
            ),
        )


# the keys of a publication date: schema.org's, and ``pubDate`` of Baidu's vocabulary ("cambrian",
# which Chinese blogs and portals declare beside or instead of schema.org's: CSDN, Baijiahao)
_DATE_KEYS = ("datePublished", "dateCreated", "uploadDate", "pubDate")


def _dates(nodes: Iterable[_Node]) -> tuple[str, ...]:
    return tuple(date for node in nodes for key in _DATE_KEYS if (date := _text(node.data.get(key))))


def _index(nodes: list[_Node]) -> dict[str, dict[str, Any]]:
    index: dict[str, dict[str, Any]] = {}
    for node in nodes:
        node_id = node.data.get("@id")
        if isinstance(node_id, str) and len(node.data) > 1:
            index.setdefault(node_id, node.data)
    return index


def _rank(nodes: list[_Node], page_url: str | None) -> list[_Node]:
    described = [(tier, node) for node in nodes if (tier := _tier(node)) is not None]

    def key(item: tuple[int, _Node]) -> tuple[int, int, int, int]:
        tier, node = item
        url = _page_url(node.data)
        matches = bool(page_url and url and _same_page(url, page_url))
        return (tier, 0 if matches else 1, node.depth, node.order)

    return [node for _, node in sorted(described, key=key)]


def _first(nodes: list[_Node], pick: Callable[[_Node], str | None]) -> str | None:
    for node in nodes:
        value = pick(node)
        if value:
            return value
    return None


def _resolve(value: Any, index: dict[str, dict[str, Any]]) -> Any:
    if isinstance(value, dict) and set(value) <= {"@id", "@type"} and isinstance(value.get("@id"), str):
        return index.get(value["@id"], value)
    return value


def _name(value: Any, index: dict[str, dict[str, Any]]) -> str | None:
    value = _resolve(value, index)
    if isinstance(value, str):
        return value.strip() or None
    if isinstance(value, dict):
        name = _text(value.get("name"))
        if name:
            return name
        given, family = _text(value.get("givenName")), _text(value.get("familyName"))
        joined = " ".join(part for part in (given, family) if part)
        return joined or None
    return None


def _organisation(value: Any) -> bool:
    """An author node typed as an organisation (a news agency, the publisher): not a person."""
    if not isinstance(value, dict):
        return False
    raw = value.get("@type")
    types = raw if isinstance(raw, list) else [raw]
    return any(
        isinstance(t, str) and t.endswith(("Organization", "Organisation", "Corporation")) for t in types
    )


def _authors(
    ranked: list[_Node], index: dict[str, dict[str, Any]], *, organisations: bool
) -> tuple[str, ...]:
    """The names of the first node's authors (or creators) that are people, or with
    ``organisations`` those that are organisations."""
    for node in ranked:
        for key in ("author", "creator"):
            raw = node.data.get(key)
            items = raw if isinstance(raw, list) else [raw]
            kept = [item for item in items[:50] if _organisation(_resolve(item, index)) is organisations]
            names = tuple(name for item in kept if (name := _name(item, index)))
            if names:
                return names
    return ()


def _page_url(data: dict[str, Any]) -> str | None:
    url = _text(data.get("url"))
    if url:
        return url
    main = data.get("mainEntityOfPage")
    if isinstance(main, str):
        return main.strip() or None
    if isinstance(main, dict):
        return _text(main.get("@id")) or _text(main.get("url"))
    return None


def _site_name(ranked: list[_Node], nodes: list[_Node], index: dict[str, dict[str, Any]]) -> str | None:
    for node in ranked:
        publisher = node.data.get("publisher")
        if isinstance(publisher, list):
            publisher = publisher[0] if publisher else None
        name = _name(publisher, index)
        if name:
            return name
    for node in nodes:
        if node.types & _SITE_TYPES and (name := _text(node.data.get("name"))):
            return name
    return None


def _language(value: Any) -> str | None:
    if isinstance(value, list):
        value = value[0] if value else None
    if isinstance(value, dict):
        return _text(value.get("alternateName")) or _text(value.get("name"))
    return _text(value)


def _image(value: Any, index: dict[str, dict[str, Any]]) -> str | None:
    value = _resolve(value, index)
    if isinstance(value, list):
        value = _resolve(value[0], index) if value else None
    if isinstance(value, dict):
        return _text(value.get("url")) or _text(value.get("contentUrl")) or _text(value.get("@id"))
    return _text(value)
