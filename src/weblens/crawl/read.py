"""What a crawl takes from one page, in one pure call: the extract, the links, the fingerprint.

:func:`crawl_extract` is what the extraction pool runs for a crawl (inline for small pages, in a
worker process for large ones), so parsing for links and hashing the text cost the event loop
nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from weblens.crawl.fingerprint import Fingerprint, fingerprint
from weblens.crawl.links import PageLinks, page_links
from weblens.errors import ExtractionFailed
from weblens.extract import ExtractOptions, extract
from weblens.models import PageExtract

__all__ = ["CrawledPage", "crawl_extract", "is_html_type"]

_HTML_TYPES = frozenset(("text/html", "application/xhtml+xml"))


def is_html_type(content_type: str | None) -> bool:
    return (content_type or "").split(";")[0].strip().lower() in _HTML_TYPES


@dataclass(frozen=True, slots=True)
class CrawledPage:
    page: PageExtract
    links: PageLinks = field(default_factory=PageLinks)
    fingerprint: Fingerprint = field(default_factory=lambda: Fingerprint(key=b""))


def crawl_extract(
    source: str | bytes,
    url: str | None,
    options: ExtractOptions,
    *,
    content_type: str | None = None,
    html: bool = True,
) -> CrawledPage:
    """Extract ``source`` (``content_type`` as :func:`weblens.extract` takes it) and, when it is
    ``html``, read its links; fingerprint its text."""
    try:
        page = extract(source, url, content_type=content_type, options=options)
    except MemoryError as exc:
        raise ExtractionFailed("the page needs more memory than extraction may use", url=url) from exc
    links = page_links(source, url) if html else PageLinks()
    return CrawledPage(page=page, links=links, fingerprint=fingerprint(page.text))
