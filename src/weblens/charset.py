"""Turn a fetched body into text: pure, no I/O.

Order of evidence: a byte-order mark (authoritative, as in browsers), the
charset declared in the Content-Type header, a ``<meta charset>`` or
``<meta http-equiv=Content-Type>`` in the first 4 KB, then detection with
charset-normalizer, then UTF-8 with replacement characters. Decoding never
raises: undecodable bytes become U+FFFD.
"""

from __future__ import annotations

import codecs
import re

__all__ = ["decode_body", "normalise_charset"]

_BOMS = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
_META = re.compile(
    rb"""<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9_.:\-]+)""",
    re.IGNORECASE,
)
_SNIFF_BYTES = 4096
_DETECT_BYTES = 64 * 1024
# labels that browsers treat as their superset
_ALIASES = {
    "iso-8859-1": "cp1252",
    "latin1": "cp1252",
    "latin-1": "cp1252",
    "us-ascii": "cp1252",
    "ascii": "cp1252",
    "iso-8859-9": "cp1254",
    "gb2312": "gb18030",
    "gbk": "gb18030",
    "x-sjis": "shift_jis",
    "utf8": "utf-8",
    "unicode": "utf-8",
}


def normalise_charset(label: str | None) -> str | None:
    """A Python codec name for a charset label, or None when the label is unknown."""
    if not label:
        return None
    name = label.strip().strip("\"'").lower()
    name = _ALIASES.get(name, name)
    try:
        return codecs.lookup(name).name
    except LookupError:
        return None


def _from_bom(body: bytes) -> tuple[str, int] | None:
    for bom, name in _BOMS:
        if body.startswith(bom):
            return name, len(bom)
    return None


def _from_meta(body: bytes) -> str | None:
    match = _META.search(body[:_SNIFF_BYTES])
    if not match:
        return None
    found = normalise_charset(match.group(1).decode("ascii", "replace"))
    # a page that reached us as bytes cannot really be UTF-16 if its meta is readable as ASCII
    if found and found.startswith("utf-16"):
        return "utf-8"
    return found


def _detect(body: bytes) -> str | None:
    sample = body[:_DETECT_BYTES]
    try:
        sample.decode("utf-8")
        return "utf-8"
    except UnicodeDecodeError as exc:
        # a multi-byte sequence cut by the sample boundary is still UTF-8
        if exc.start >= len(sample) - 4 and len(body) > len(sample):
            return "utf-8"
    from charset_normalizer import from_bytes

    best = from_bytes(sample).best()
    return normalise_charset(best.encoding) if best is not None else None


def decode_body(body: bytes, declared: str | None = None) -> tuple[str, str]:
    """Decode ``body``; returns ``(text, codec name used)``."""
    bom = _from_bom(body)
    if bom is not None:
        name, skip = bom
        return body[skip:].decode(name, errors="replace"), name
    name = normalise_charset(declared) or _from_meta(body) or _detect(body) or "utf-8"
    return body.decode(name, errors="replace"), name
