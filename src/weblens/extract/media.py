"""Links and images of the content element, made absolute (pure).

- ``collect_links``: every ``<a href>`` that resolves to an http(s) URL, in document order,
  without its ``#fragment`` (a link to another part of the same document is not a new
  resource), each URL once. ``javascript:``, ``mailto:``, bare ``#anchors`` and URLs that
  cannot be made absolute are left out.
- ``collect_images``: the address each ``<img>`` really shows (``src``, or for lazy-loaded
  images ``data-src`` and friends, or the largest ``srcset`` candidate; never a ``data:``
  URI), each once, in document order; 1×1 tracking pixels are left out.
- ``primary_image``: the page's declared image (``og:image``, passed in) if there is one,
  else the first image of the content that looks like an illustration: neither its width
  (< 200) nor its height (< 150) attribute says it is small, and neither its path nor
  its ``class``/``id`` says icon, logo, avatar, sprite, badge, emoji, spinner or pixel.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from lxml.html import HtmlElement

from weblens.extract.urls import UrlResolver, image_source, strip_fragment

__all__ = ["collect_images", "collect_links", "is_pixel", "primary_image"]

_MIN_WIDTH = 200
_MIN_HEIGHT = 150
_NOT_ILLUSTRATION = re.compile(
    r"icon|logo|avatar|sprite|badge|emoji|spinner|loader|pixel|tracking|spacer|blank\.|favicon|gravatar"
    r"|1x1|button|placeholder",
    re.I,
)
_NUMBER = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(?:px)?\s*$")


def collect_links(
    root: HtmlElement, base_url: str | None, *, resolver: UrlResolver | None = None
) -> list[str]:
    """Absolute http(s) link targets under ``root``, deduplicated, in document order (``resolver``:
    one for ``base_url`` already used on the page, whose answers it remembers)."""
    seen: dict[str, None] = {}
    resolver = resolver or UrlResolver(base_url)
    for anchor in root.iter("a", "area"):
        url = resolver.resolve(anchor.get("href"))
        if url:
            seen.setdefault(strip_fragment(url), None)
    return list(seen)


def collect_images(
    root: HtmlElement, base_url: str | None, *, resolver: UrlResolver | None = None
) -> list[str]:
    """Absolute image addresses under ``root``, deduplicated, in document order."""
    seen: dict[str, None] = {}
    resolver = resolver or UrlResolver(base_url)
    for img in root.iter("img"):
        if is_pixel(img):
            continue
        url = image_source(img, resolver)
        if url:
            seen.setdefault(url, None)
    return list(seen)


def primary_image(
    root: HtmlElement, base_url: str | None, og_image: str | None, *, resolver: UrlResolver | None = None
) -> str | None:
    """``og_image`` when given (made absolute), else the first large-looking image under ``root``."""
    resolver = resolver or UrlResolver(base_url)
    declared = resolver.resolve(og_image)
    if declared:
        return declared
    for img in root.iter("img"):
        if not _looks_small(img):
            url = image_source(img, resolver)
            if url and not _NOT_ILLUSTRATION.search(urlsplit(url).path):
                return url
    return None


def _dimension(img: HtmlElement, name: str) -> float | None:
    match = _NUMBER.match(img.get(name) or "")
    return float(match.group(1)) if match else None


def is_pixel(img: HtmlElement) -> bool:
    """A spacer or a tracking pixel: an image one pixel (or none) wide or high."""
    if img.get("width") is None and img.get("height") is None:
        return False
    width, height = _dimension(img, "width"), _dimension(img, "height")
    return (width is not None and width <= 1) or (height is not None and height <= 1)


def _looks_small(img: HtmlElement) -> bool:
    width, height = _dimension(img, "width"), _dimension(img, "height")
    if (width is not None and width < _MIN_WIDTH) or (height is not None and height < _MIN_HEIGHT):
        return True
    marks = f"{img.get('class') or ''} {img.get('id') or ''}"
    return bool(_NOT_ILLUSTRATION.search(marks))
