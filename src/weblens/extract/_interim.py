"""Stand-ins for metadata.py, markdown.py and media.py until those modules land (to be removed)."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urljoin

from lxml.html import HtmlElement

from weblens.extract.text import render_text


@dataclass(frozen=True, kw_only=True)
class Metadata:
    title: str | None = None
    description: str | None = None
    authors: tuple[str, ...] = ()
    published_date: str | None = None
    canonical_url: str | None = None
    site_name: str | None = None
    language: str | None = None
    image: str | None = None


def extract_metadata(tree: HtmlElement, url: str | None) -> Metadata:
    title = tree.findtext(".//title")
    description = None
    for meta in tree.iter("meta"):
        if meta.get("property") == "og:description" or meta.get("name") == "description":
            description = meta.get("content")
            break
    return Metadata(
        title=" ".join(title.split()) if title else None, description=description, language=tree.get("lang")
    )


def to_markdown(root: HtmlElement, base_url: str | None, *, links: bool = True, images: bool = True) -> str:
    return render_text(root)


def _collect(root: HtmlElement, base_url: str | None, tag: str, attr: str) -> list[str]:
    seen: dict[str, None] = {}
    for el in root.iter(tag):
        value = el.get(attr)
        if value:
            absolute = urljoin(base_url or "", value.strip())
            if absolute.startswith(("http://", "https://")):
                seen.setdefault(absolute, None)
    return list(seen)


def collect_links(root: HtmlElement, base_url: str | None) -> list[str]:
    return _collect(root, base_url, "a", "href")


def collect_images(root: HtmlElement, base_url: str | None) -> list[str]:
    return _collect(root, base_url, "img", "src")


def primary_image(root: HtmlElement, base_url: str | None, og_image: str | None) -> str | None:
    if og_image:
        return og_image
    found = collect_images(root, base_url)
    return found[0] if found else None
