"""Turn a fetched body into text: pure, no I/O.

Order of evidence: a byte-order mark (authoritative, as in browsers), the
charset declared in the Content-Type header, a ``<meta charset>`` or
``<meta http-equiv=Content-Type>`` in the first 4 KB, then detection (valid UTF-8; ASCII whose
only other bytes are punctuation common to every Windows code page, read as windows-1252; text that
reads as a Western European language in windows-1252, read so; else charset-normalizer), then
UTF-8 with replacement characters. Decoding never
raises: undecodable bytes become U+FFFD.

A ``<meta>`` charset naming a legacy charset gives way to UTF-8 when the body is valid UTF-8 with
non-ASCII characters (pages re-saved or converted to UTF-8 keep their old declaration).

Servers often declare a default they never checked, so the header's charset is
overruled in three cases:

* the body is not valid in it (more than one undecodable byte per thousand
  characters; a ``charset=utf-8`` header on a windows-1251 page): ``<meta>`` or
  detection decides;
* the body is valid UTF-8 with non-ASCII characters and the header names a
  legacy charset: UTF-8 wins (legacy text is practically never valid UTF-8 by
  accident, while UTF-8 pages behind a stale header are common);
* the header names a "server default" (ISO-8859-1, US-ASCII, windows-1252) and
  the page's ``<meta>`` declares another charset the body is valid in: ``<meta>`` wins.
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
_WEAK_DEFAULTS = frozenset({"cp1252"})  # what iso-8859-1, latin-1, us-ascii normalise to
_DETECT_BYTES = 64 * 1024
# ASCII plus only the bytes that are the same punctuation in every Windows code page (… ‘ ’ “ ” • – —
# and no-break space); C1 controls in ISO-8859, and no CJK text gets by without other lead bytes
_NOT_WINDOWS_PUNCTUATION = re.compile(rb"[^\x00-\x7f\x85\x91-\x97\xa0]")
# bytes windows-1252 leaves undefined
_UNDEFINED_1252 = re.compile(rb"[\x81\x8d\x8f\x90\x9d]")
# scripts, styles, tags and entities: what is not the page's text
_MARKUP = re.compile(rb"<(script|style)\b.*?</\1\s*>|<[^>]*>|&#?\w+;", re.I | re.S)
_ASCII_LETTERS = re.compile(r"[A-Za-z]+")
_NON_ASCII = re.compile(r"[^\x00-\x7f]")
# between two letters these are punctuation (an acute accent or a quote for an apostrophe, a dash, an
# ellipsis, a quote closing a sentence with no space after it, a middle dot); any other symbol there is
# a letter of another code page read wrongly ("³" for Polish "ł", "¹" for "ą")
_PUNCTUATION_IN_WORDS = frozenset("´‘’“”–—…•·\xa0")
# at most this share of a Western European text's letters is accented (Portuguese, French: about 4%,
# German, Spanish: 2%); Czech, Hungarian, Slovak, Turkish (10-12%), Cyrillic, Greek or Hebrew read in
# windows-1252 come out denser (Polish and Romanian also have symbols inside words)
_WESTERN_ACCENTED = 0.06
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
    if not _NOT_WINDOWS_PUNCTUATION.search(sample) or _western(sample):
        return "cp1252"
    from charset_normalizer import from_bytes

    best = from_bytes(sample).best()
    return normalise_charset(best.encoding) if best is not None else None


def _western(sample: bytes) -> bool:
    """True when ``sample`` (not UTF-8) reads as Western European text in windows-1252.

    Its text (markup left out) must use only bytes that windows-1252 defines, have no symbol
    inside a word, and few accented letters. Statistical detection cannot tell the Windows code
    pages apart on a page with a handful of accents (it reads "£" as "Ł" and "è" as "č" as
    often as not), while windows-1252 is what browsers assume for such an undeclared page.
    """
    if _UNDEFINED_1252.search(sample):
        return False
    text = _MARKUP.sub(b" ", sample).decode("cp1252")
    accented = 0
    for found in _NON_ASCII.finditer(text):
        char, at = found.group(), found.start()
        if char.isalpha():
            accented += 1
        elif (
            char not in _PUNCTUATION_IN_WORDS
            and 0 < at < len(text) - 1
            and text[at - 1].isalpha()
            and text[at + 1].isalpha()
        ):
            return False
    letters = accented + len(text) - len(_ASCII_LETTERS.sub("", text))
    return accented <= _WESTERN_ACCENTED * letters


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


def _is_utf8_behind_legacy(body: bytes, codec: str) -> bool:
    """A legacy charset is declared but the body is valid UTF-8 with non-ASCII characters: legacy text
    is practically never valid UTF-8 by accident, while pages converted to UTF-8 (or saved so) under a
    stale declaration are common."""
    return not codec.startswith("utf") and not body.isascii() and _strict_utf8(body)


def _checked_meta(body: bytes) -> str | None:
    """The ``<meta>`` charset, unless the body is valid UTF-8 behind a legacy one."""
    meta = _from_meta(body)
    if meta is not None and _is_utf8_behind_legacy(body, meta):
        return "utf-8"
    return meta


def _checked_declaration(body: bytes, codec: str | None) -> str | None:
    """The header's codec unless the body contradicts it (see the module docstring)."""
    if codec is None or not _valid_in(body, codec):
        return None
    if _is_utf8_behind_legacy(body, codec):
        return "utf-8"
    if codec in _WEAK_DEFAULTS:
        meta = _from_meta(body)
        if meta and meta != codec and _valid_in(body, meta):
            return meta
    return codec


def decode_body(body: bytes, declared: str | None = None) -> tuple[str, str]:
    """Decode ``body`` (``declared``: the Content-Type charset, if any); returns ``(text, codec used)``."""
    bom = _from_bom(body)
    if bom is not None:
        name, skip = bom
        return body[skip:].decode(name, errors="replace"), name
    checked = _checked_declaration(body, normalise_charset(declared))
    name = checked or _checked_meta(body) or _detect(body) or "utf-8"
    return body.decode(name, errors="replace"), name
