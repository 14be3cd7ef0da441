"""Content-Type rules of the fetcher: pure, no I/O.

The media type is taken from the header when there is one; a response without
a Content-Type is sniffed from the first bytes of its decoded body (markup
openers → ``text/html``, ``%PDF-`` → ``application/pdf``, text without binary
bytes → ``text/plain``, anything else → ``application/octet-stream``, which is
refused). A body declared ``application/octet-stream`` is looked at for one thing
only: a PDF (servers often label them so); anything else under that label, HTML
included, stays refused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = [
    "ACCEPTED_TYPES",
    "OCTET_STREAM",
    "PDF",
    "SNIFF_BYTES",
    "MediaType",
    "is_accepted",
    "parse_content_type",
    "sniff_binary_label",
    "sniff_media_type",
]

ACCEPTED_TYPES: tuple[str, ...] = (
    "text/html",
    "application/xhtml+xml",
    "text/plain",
    "text/markdown",
    "text/x-markdown",
    "application/json",
    "application/pdf",
)
OCTET_STREAM = "application/octet-stream"
PDF = "application/pdf"
SNIFF_BYTES = 512
_PDF_MAGIC = b"%PDF-"
_PDF_WINDOW = 1024

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


def is_accepted(essence: str, accepted: tuple[str, ...] = ACCEPTED_TYPES) -> bool:
    """Whether a media type is one we read (``+json`` types count as JSON when JSON is accepted)."""
    return essence in accepted or (essence.endswith("+json") and "application/json" in accepted)


def sniff_binary_label(head: bytes) -> str:
    """What a body declared ``application/octet-stream`` really is: a PDF, or nothing we read."""
    return PDF if _PDF_MAGIC in head[:_PDF_WINDOW] else OCTET_STREAM


def sniff_media_type(head: bytes) -> str:
    """A media type for a body that came without Content-Type (``head``: its first bytes)."""
    if head.lstrip()[: len(_PDF_MAGIC)] == _PDF_MAGIC:
        return PDF
    if head.startswith(_UTF16_BOMS):
        head = head.decode("utf-16", "replace").encode("utf-8", "replace")
    elif head.startswith(_UTF8_BOM):
        head = head[len(_UTF8_BOM) :]
    if _HTML_OPENERS.match(head[:SNIFF_BYTES]):
        return "text/html"
    if _BINARY.search(head[:SNIFF_BYTES]):
        return "application/octet-stream"
    return "text/plain"
