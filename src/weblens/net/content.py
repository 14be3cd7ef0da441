"""Content-Type rules of the fetcher: pure, no I/O.

The media type is taken from the header when there is one; a response without
a Content-Type is sniffed from the first bytes of its decoded body (markup
openers → ``text/html``, text without binary bytes → ``text/plain``, anything
else → ``application/octet-stream``, which is refused).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["ACCEPTED_TYPES", "SNIFF_BYTES", "MediaType", "parse_content_type", "sniff_media_type"]

ACCEPTED_TYPES: tuple[str, ...] = ("text/html", "application/xhtml+xml", "text/plain")
SNIFF_BYTES = 512

_HTML_OPENERS = re.compile(
    rb"^\s*(<!--|<!doctype\s+html|<(html|head|body|title|meta|script|style|div|p|h1|table|a|br|iframe|font|b)[\s>/])",
    re.IGNORECASE,
)
_UTF8_BOM = b"\xef\xbb\xbf"
_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
_BINARY = re.compile(rb"[\x00-\x08\x0b\x0e-\x1a\x1c-\x1f]")


@dataclass(frozen=True, slots=True)
class MediaType:
    """A parsed Content-Type: lower-case ``type/subtype`` and the declared charset, if any."""

    essence: str
    charset: str | None = None


def parse_content_type(value: str | None) -> MediaType | None:
    """Parse a Content-Type header; None when it is missing or has no ``type/subtype``."""
    if not value:
        return None
    essence, _, params = value.partition(";")
    essence = essence.strip().lower()
    if "/" not in essence:
        return None
    charset = None
    for param in params.split(";"):
        name, _, raw = param.partition("=")
        if name.strip().lower() == "charset":
            charset = raw.strip().strip("\"'") or None
    return MediaType(essence, charset)


def sniff_media_type(head: bytes) -> str:
    """A media type for a body that came without Content-Type (``head``: its first bytes)."""
    if head.startswith(_UTF16_BOMS):
        head = head.decode("utf-16", "replace").encode("utf-8", "replace")
    elif head.startswith(_UTF8_BOM):
        head = head[len(_UTF8_BOM) :]
    if _HTML_OPENERS.match(head[:SNIFF_BYTES]):
        return "text/html"
    if _BINARY.search(head[:SNIFF_BYTES]):
        return "application/octet-stream"
    return "text/plain"
