"""Sitemaps: where a site lists its pages (parsing is pure; :func:`read_sitemaps` fetches through a
callable the caller guards).

A site names its sitemaps in robots.txt (``Sitemap:`` lines); without one, ``/sitemap.xml`` is
tried. A sitemap is an XML ``<urlset>`` of ``<url><loc>…</loc><lastmod>…</lastmod></url>``, an XML
``<sitemapindex>`` of further sitemaps, either of them gzipped, or a plain-text list of URLs
(sitemaps.org protocol). RSS and Atom feeds are read too (their item links), as search engines do.

Everything a sitemap could do wrong is bounded, then skipped with a warning: its size (decoded
and after gunzip, :data:`MAX_SITEMAP_BYTES`, so a gzip bomb stops there), the number of documents
read (:data:`MAX_SITEMAPS`), the nesting of indexes (:data:`MAX_DEPTH`) and loops (each document is
read once), malformed XML (what parsed before the fault is kept), entities (never resolved: no
billion laughs, no external files).
"""

from __future__ import annotations

import io
import zlib
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from urllib.parse import urljoin

import lxml.etree

from weblens.errors import HTTPError, SizeLimitExceeded, WeblensError

__all__ = [
    "MAX_DEPTH",
    "MAX_SITEMAPS",
    "MAX_SITEMAP_BYTES",
    "Sitemap",
    "SitemapEntry",
    "gunzip_capped",
    "parse_sitemap",
    "read_sitemaps",
]

MAX_SITEMAP_BYTES = 50 * 1024 * 1024
"""A sitemap document after decoding and gunzip: the protocol's own limit (50 MB uncompressed)."""
MAX_SITEMAPS = 200
"""Sitemap documents read for one crawl or map (an index of 200 sitemaps of 50,000 URLs each lists
ten million pages, far beyond any crawl's budget)."""
MAX_DEPTH = 3
"""Indexes within indexes: the protocol allows one level; a few sites nest two."""
_GZIP_MAGIC = b"\x1f\x8b"


@dataclass(frozen=True, slots=True)
class SitemapEntry:
    url: str
    lastmod: str | None = None
    sitemap: str = ""
    """The sitemap that listed it."""


@dataclass(frozen=True)
class Sitemap:
    entries: list[SitemapEntry] = field(default_factory=list)
    children: list[str] = field(default_factory=list)
    """Further sitemaps an index names."""
    kind: str = "empty"
    """``urlset``, ``index``, ``text``, ``feed``, or ``empty`` (nothing readable)."""
    warning: str | None = None


def gunzip_capped(data: bytes, limit: int = MAX_SITEMAP_BYTES) -> bytes:
    """``data`` gunzipped when it is gzip (else as it is), at most ``limit`` bytes (else
    ``size_limit_exceeded``: a gzip bomb stops at the cap)."""
    if not data.startswith(_GZIP_MAGIC):
        return data
    decoder = zlib.decompressobj(wbits=47)  # gzip or zlib header
    try:
        out = decoder.decompress(data, limit + 1)
    except zlib.error as exc:
        raise SizeLimitExceeded(f"not a readable gzip file ({exc})") from exc
    if len(out) > limit:
        raise SizeLimitExceeded(f"the sitemap is larger than {limit} bytes once gunzipped")
    return out


def _local(tag: object) -> str:
    return tag.rsplit("}", 1)[-1].lower() if isinstance(tag, str) else ""


def parse_sitemap(body: bytes, url: str) -> Sitemap:
    """The URLs (or child sitemaps) of one sitemap document (already gunzipped)."""
    head = body.lstrip()[:200].lower()
    if not head:
        return Sitemap(warning=f"{url}: empty sitemap")
    if not head.startswith(b"<"):
        return _text_sitemap(body, url)
    return _xml_sitemap(body, url)


def _text_sitemap(body: bytes, url: str) -> Sitemap:
    entries = []
    for line in body.decode("utf-8", errors="replace").splitlines():
        line = line.strip()
        if line.startswith(("http://", "https://")):
            entries.append(SitemapEntry(url=line, sitemap=url))
    return Sitemap(entries=entries, kind="text" if entries else "empty")


_RECORDS = frozenset(("url", "sitemap", "item", "entry"))
_DATES = frozenset(("lastmod", "updated", "pubdate", "published"))


def _xml_sitemap(body: bytes, url: str) -> Sitemap:
    entries: list[SitemapEntry] = []
    children: list[str] = []
    kind = "empty"
    loc: str | None = None
    lastmod: str | None = None
    warning = None
    parser = lxml.etree.iterparse(
        io.BytesIO(body),
        events=("start", "end"),
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        huge_tree=False,
        recover=True,
    )
    try:
        for event, element in parser:
            name = _local(element.tag)
            if event == "start":
                if kind == "empty" and name in ("urlset", "sitemapindex", "rss", "feed", "rdf"):
                    kind = {"urlset": "urlset", "sitemapindex": "index"}.get(name, "feed")
                if name in _RECORDS:
                    loc = lastmod = None
                continue
            text = (element.text or "").strip() or None
            if name == "loc":
                loc = text
            elif name == "link" and kind == "feed" and loc is None:
                if element.get("rel", "alternate") == "alternate":
                    loc = element.get("href") or text
            elif name in _DATES:
                lastmod = lastmod or text
            elif name in _RECORDS:
                if loc and name == "sitemap":
                    children.append(urljoin(url, loc))
                elif loc:
                    entries.append(SitemapEntry(url=urljoin(url, loc), lastmod=lastmod, sitemap=url))
                loc = lastmod = None
                element.clear(keep_tail=False)
    except lxml.etree.LxmlError as exc:
        found = len(entries) + len(children)
        warning = f"{url}: malformed sitemap ({exc}); kept the {found} entries before the fault"
    return Sitemap(entries=entries, children=children, kind=kind, warning=warning)


Fetch = Callable[[str], Awaitable[bytes]]
"""Fetch a sitemap's raw bytes (guarded, paced, capped); raises weblens errors."""


async def read_sitemaps(
    fetch: Fetch,
    roots: list[str],
    *,
    warn: Callable[[str], None],
    max_sitemaps: int = MAX_SITEMAPS,
    guessed: bool = False,
) -> AsyncIterator[SitemapEntry]:
    """Every URL the sitemaps ``roots`` list (through indexes), each document read once, in order.
    ``guessed``: the roots were not named by the site (``/sitemap.xml`` tried), so their absence
    (404, 410) is no warning."""
    seen: set[str] = set()
    queue: list[tuple[str, int]] = [(root, 0) for root in roots]
    while queue:
        where, depth = queue.pop(0)
        if where in seen:
            continue
        if len(seen) >= max_sitemaps:
            warn(f"sitemaps: read {max_sitemaps} documents, the most one crawl reads; the rest skipped")
            return
        seen.add(where)
        try:
            sitemap = parse_sitemap(gunzip_capped(await fetch(where)), where)
        except WeblensError as exc:
            absent = isinstance(exc, HTTPError) and exc.status in (404, 410)
            if not (guessed and depth == 0 and absent):
                warn(f"{where}: sitemap skipped ({exc.code}: {exc.message})")
            continue
        if sitemap.warning:
            warn(sitemap.warning)
        for entry in sitemap.entries:
            yield entry
        for child in sitemap.children:
            if depth + 1 > MAX_DEPTH:
                warn(f"{child}: sitemap skipped (indexes nested deeper than {MAX_DEPTH})")
            elif child not in seen:
                queue.append((child, depth + 1))
