"""Pick the charset of a fetched body when the server's declaration may be wrong: pure.

:func:`weblens.charset.decode_body` trusts the header's charset first, as
browsers do. Servers often declare a default they never checked, so the header
is overruled in three cases before handing over:

* the body is not valid in the declared charset (more than one undecodable
  byte per thousand characters; a ``charset=utf-8`` header on a
  windows-1251 or Shift_JIS page): the header is ignored and the page's own
  ``<meta>`` or detection decides;
* the body is valid UTF-8 with non-ASCII characters while the header declares
  another charset: UTF-8 wins (legacy text is practically never valid UTF-8
  by accident, while UTF-8 pages served with a stale legacy header are common);
* the header names one of the "server default" labels (ISO-8859-1, US-ASCII,
  windows-1252) and the page's ``<meta>`` declares another charset in which the
  body is valid: the ``<meta>`` wins.
"""

from __future__ import annotations

import codecs
import re

from weblens.charset import decode_body, normalise_charset

__all__ = ["decode_text"]

_WEAK_DEFAULTS = frozenset({"cp1252"})  # what iso-8859-1, latin-1, us-ascii normalise to
_META = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9_.:\-]+)""", re.IGNORECASE)
_BOMS = (codecs.BOM_UTF8, codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)


def _valid_in(body: bytes, codec: str) -> bool:
    """Valid in ``codec``, allowing one stray undecodable byte per thousand characters."""
    try:
        body.decode(codec)
    except UnicodeDecodeError:
        text = body.decode(codec, errors="replace")
        return text.count("\ufffd") * 1000 <= len(text)
    return True


def _strict_utf8(body: bytes) -> bool:
    try:
        body.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _meta_charset(body: bytes) -> str | None:
    match = _META.search(body[:4096])
    return normalise_charset(match.group(1).decode("ascii", "replace")) if match else None


def decode_text(body: bytes, declared: str | None) -> tuple[str, str]:
    """Decode ``body`` given the header's charset label; returns ``(text, codec)``."""
    codec = normalise_charset(declared)
    if codec is None or body.startswith(_BOMS):
        return decode_body(body, declared)
    if not _valid_in(body, codec):
        return decode_body(body, None)
    if not codec.startswith("utf") and not body.isascii() and _strict_utf8(body):
        return decode_body(body, "utf-8")
    if codec in _WEAK_DEFAULTS:
        meta = _meta_charset(body)
        if meta and meta != codec and _valid_in(body, meta):
            return decode_body(body, meta)
    return decode_body(body, codec)
