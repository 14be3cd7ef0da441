"""What kind of document an input is: HTML, PDF, plain text, Markdown or JSON (pure).

A declared media type decides when it names a kind we read (``text/html``,
``application/xhtml+xml``, ``application/pdf``, ``text/plain``, ``text/markdown``,
``application/json`` and any ``+json``); otherwise the first bytes do:

* ``%PDF-`` at the start (after white space) → PDF;
* a doctype, ``<html>``, ``<head>``, ``<body>``, a comment or the tag of another common element
  (``<pre>``, ``<article>``, ``<dl>``…) at the start → HTML;
* an object or array that parses as JSON → JSON;
* text with at least two kinds of Markdown syntax (ATX headings, fenced code, list
  items, links, emphasis, block quotes), or one kind used three times → Markdown;
* common HTML tags in the first megabyte → HTML;
* any other text → plain text. Binary data is left to the HTML path, which reports it
  as ``not_html``.
"""

from __future__ import annotations

import json
import re
from enum import StrEnum

__all__ = ["DocumentKind", "binary_media_type", "kind_of_media_type", "sniff_kind"]


class DocumentKind(StrEnum):
    HTML = "html"
    PDF = "pdf"
    TEXT = "text"
    MARKDOWN = "markdown"
    JSON = "json"


_MEDIA_KINDS = {
    "text/html": DocumentKind.HTML,
    "application/xhtml+xml": DocumentKind.HTML,
    "application/pdf": DocumentKind.PDF,
    "application/x-pdf": DocumentKind.PDF,
    "text/plain": DocumentKind.TEXT,
    "text/markdown": DocumentKind.MARKDOWN,
    "text/x-markdown": DocumentKind.MARKDOWN,
    "application/json": DocumentKind.JSON,
    "text/json": DocumentKind.JSON,
}
_PDF_WINDOW = 1024
_SNIFF_CHARS = 4096
_MARKUP_WINDOW = 1 << 20
# elements that say "HTML" (a fragment such as "<pre>…</pre>" or "<article>…" is HTML too)
_ELEMENTS = (
    r"title|meta|link|div|p|a|table|thead|tbody|tr|td|th|caption|span|br|hr|h[1-6]|script|style|ul|ol|li|"
    r"dl|dt|dd|pre|code|blockquote|article|section|main|header|footer|nav|aside|figure|figcaption|img|"
    r"picture|em|strong|b|i|u|s|sub|sup|small|font|center|form|input|button|label|select|textarea|iframe|"
    r"noscript|svg|video|audio|details|summary|address|abbr|cite|q|mark|time|kbd|samp|var|del|ins"
)
_MARKUP = re.compile(rf"<(?:!doctype\s+html|!--|html|head|body|{_ELEMENTS})(?=[\s>/])", re.I)
_LEADING_MARKUP = re.compile(rf"^\s*<(?:\?xml|!doctype|html|!--|head|body|{_ELEMENTS})(?=[\s>/])", re.I)
_MARKDOWN_SIGNS = (
    re.compile(r"^#{1,6}\s+\S", re.M),  # ATX heading
    re.compile(r"^(?:```|~~~)", re.M),  # fenced code
    re.compile(r"^\s{0,3}(?:[-*+]|\d{1,9}[.)])\s+\S", re.M),  # list item
    re.compile(r"\[[^\]\n]+\]\([^)\s]+\)"),  # inline link or image
    re.compile(r"(?:\*\*|__)\S[^\n]*?\S(?:\*\*|__)"),  # strong emphasis
    re.compile(r"^>\s", re.M),  # block quote
    re.compile(r"^\S[^\n]*\n(?:={3,}|-{3,})\s*$", re.M),  # setext heading
)
_MARKDOWN_REPEATS = 3


def kind_of_media_type(content_type: str | None) -> DocumentKind | None:
    """The kind a Content-Type value names, or None when it names none we read."""
    if not content_type:
        return None
    essence = content_type.partition(";")[0].strip().lower()
    found = _MEDIA_KINDS.get(essence)
    if found is None and essence.endswith("+json"):
        return DocumentKind.JSON
    return found


def sniff_kind(data: str | bytes) -> DocumentKind:
    """The kind of ``data`` judged from its content (see the module docstring)."""
    if isinstance(data, bytes | bytearray):
        if bytes(data[:_PDF_WINDOW]).lstrip().startswith(b"%PDF-"):
            return DocumentKind.PDF
        head = bytes(data[:_SNIFF_CHARS]).decode("utf-8", errors="replace").lstrip("\ufeff")
    else:
        if data[:_PDF_WINDOW].lstrip().startswith("%PDF-"):
            return DocumentKind.PDF
        head = data[:_SNIFF_CHARS].lstrip("\ufeff")
    stripped = head.lstrip()
    if not stripped or _LEADING_MARKUP.match(stripped):
        return DocumentKind.HTML
    if stripped[0] in "{[" and _is_json(data):
        return DocumentKind.JSON
    if _looks_like_markdown(head):
        return DocumentKind.MARKDOWN
    if _MARKUP.search(head) or _MARKUP.search(_text(data[:_MARKUP_WINDOW])):
        return DocumentKind.HTML
    return DocumentKind.TEXT


def _text(data: str | bytes) -> str:
    return data if isinstance(data, str) else bytes(data).decode("utf-8", errors="replace")


def _is_json(data: str | bytes) -> bool:
    try:
        json.loads(data)
    except (ValueError, RecursionError):
        return False
    return True


def _looks_like_markdown(head: str) -> bool:
    counts = [len(sign.findall(head)) for sign in _MARKDOWN_SIGNS]
    kinds = sum(1 for count in counts if count)
    if _MARKUP.search(head) and kinds < 3:
        return False  # an HTML fragment with a list-like line is still HTML
    return kinds >= 2 or any(count >= _MARKDOWN_REPEATS for count in counts)


_MAGIC: tuple[tuple[bytes, str], ...] = (
    (b"\x89PNG\r\n\x1a\n", "image/png"),
    (b"\xff\xd8\xff", "image/jpeg"),
    (b"GIF87a", "image/gif"),
    (b"GIF89a", "image/gif"),
    (b"RIFF", "image/webp"),  # RIFF....WEBP (also WAV/AVI: all unreadable here)
    (b"PK\x03\x04", "application/zip"),
    (b"\x1f\x8b", "application/gzip"),
    (b"BZh", "application/x-bzip2"),
    (b"\xfd7zXZ\x00", "application/x-xz"),
    (b"7z\xbc\xaf\x27\x1c", "application/x-7z-compressed"),
    (b"\x7fELF", "application/x-executable"),
    (b"MZ", "application/x-msdownload"),
    (b"OggS", "audio/ogg"),
    (b"ID3", "audio/mpeg"),
    (b"\x00\x00\x00", "video/mp4"),  # ISO media boxes (ftyp) start with a size
)


def binary_media_type(data: str | bytes) -> str | None:
    """The media type of binary data that is no document we read (an image, an archive…), by its
    first bytes; ``application/octet-stream`` for other binary data; None for text and PDF."""
    if isinstance(data, str) or bytes(data[:_PDF_WINDOW]).lstrip().startswith(b"%PDF-"):
        return None
    head = bytes(data[:16])
    for magic, media_type in _MAGIC:
        if head.startswith(magic):
            return media_type
    from weblens.extract.parse import looks_binary

    return "application/octet-stream" if looks_binary(bytes(data)) else None
