"""The links a crawl follows from one page (pure): ``<a href>``, ``<area href>``, ``<link rel=next>``.

Every link of the page counts, not only those of its main content (menus and tables of contents
are how a site links its pages). URLs are resolved against the page's ``<base href>`` the way the
extractor resolves them (:class:`~weblens.extract.urls.UrlResolver`: whitespace trimmed, http(s)
with a host only). Also read: ``<link rel=canonical>`` (the site's own name for the page) and the
robots meta tag (``nofollow``/``none``: the page's links are not followed).
"""

from __future__ import annotations

from dataclasses import dataclass

import lxml.etree
import lxml.html

from weblens.extract.urls import UrlResolver, document_base

__all__ = ["PageLinks", "merged", "page_links", "parse_links"]

_LINKS = lxml.etree.XPath(
    "//a[@href] | //area[@href]"
    " | //link[@href][contains(concat(' ', translate(@rel, 'NEXTPRV', 'nextprv'), ' '), ' next ')"
    " or contains(concat(' ', translate(@rel, 'NEXTPRV', 'nextprv'), ' '), ' prev ')]"
)
_TITLE_CHARS = 200
_CANONICAL = lxml.etree.XPath(
    "//link[@href][translate(@rel, 'CANONICAL', 'canonical') = 'canonical']/@href", smart_strings=False
)
_ROBOTS = lxml.etree.XPath(
    "//meta[translate(@name, 'ROBTS', 'robts') = 'robots']/@content", smart_strings=False
)
MAX_LINKS = 10_000
"""Links kept from one page (in document order). A real page's menus, contents and body hold a few
hundred; a generated page of more is cut here rather than flooding the frontier."""


@dataclass(frozen=True, slots=True)
class PageLinks:
    links: tuple[str, ...] = ()
    """Absolute http(s) URLs, in document order, each once (fragments kept: the crawl drops them)."""
    titles: tuple[str, ...] = ()
    """The text of the first link to each URL (``<a>`` text, ``<area alt>``; empty when none)."""
    canonical: str | None = None
    """The page's ``<link rel=canonical>``, absolute."""
    nofollow: bool = False
    """The page's robots meta tag says ``nofollow`` (or ``none``)."""


def parse_links(root: lxml.html.HtmlElement, url: str | None) -> PageLinks:
    """The links of a parsed page (before any cleaning: menus count)."""
    resolver = UrlResolver(document_base(root, url))
    seen: dict[str, str] = {}
    for element in _LINKS(root):
        found = resolver.resolve(element.get("href"))
        if found is None or found in seen:
            continue
        seen[found] = _title_of(element)
        if len(seen) >= MAX_LINKS:
            break
    canonical = next((c for c in (resolver.resolve(h) for h in _CANONICAL(root)) if c), None)
    directives = {d.strip().lower() for content in _ROBOTS(root) for d in str(content).split(",")}
    return PageLinks(
        links=tuple(seen),
        titles=tuple(seen.values()),
        canonical=canonical,
        nofollow=bool(directives & {"nofollow", "none"}),
    )


def _title_of(element: lxml.html.HtmlElement) -> str:
    tag = element.tag if isinstance(element.tag, str) else ""
    if tag == "a":
        text = element.text_content()
    elif tag == "area":
        text = element.get("alt") or ""
    else:
        text = ""
    return " ".join(text.split())[:_TITLE_CHARS]


def page_links(html: str | bytes, url: str | None) -> PageLinks:
    """The links of an HTML page given as text or bytes (see :func:`parse_links`)."""
    from weblens.extract.parse import parse_html

    return parse_links(parse_html(html).root, url)


def merged(first: PageLinks, second: PageLinks) -> PageLinks:
    """The links of two readings of one page (rendered, then as served): each URL once, first's first."""
    seen = dict(zip(first.links, first.titles or ("",) * len(first.links), strict=True))
    for link, title in zip(second.links, second.titles or ("",) * len(second.links), strict=True):
        seen.setdefault(link, title)
    return PageLinks(
        links=tuple(seen),
        titles=tuple(seen.values()),
        canonical=first.canonical or second.canonical,
        nofollow=first.nofollow or second.nofollow,
    )
